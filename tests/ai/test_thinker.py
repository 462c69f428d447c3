"""The thinker's contract, on both backends (a thread, a process): an answer comes back, cancel
stops the search, a failure is an answer that says so, the caller's state is never touched;
deterministic requests give the same answer on either backend; a turn's plan carries on from
one request to the next; a review through the thinker finds what the review finds; the
thinking process is kept between requests, runs at a lower priority and ends with close."""

from __future__ import annotations

import multiprocessing
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from ai import review
from ai.agents import AGENTS, make_agent
from ai.thinker import (
    ENV,
    NICENESS,
    Job,
    ProcessThinker,
    Request,
    Result,
    Thinker,
    ThreadThinker,
    open_thinker,
)
from loyang_game.engine import GameConfig, GameState, flow, new_game
from loyang_game.engine.state import ACTIONS, Decision

BACKENDS = ["thread", "process"]
SMALL = "hard:act_iterations=40,other_iterations=12"
ENDLESS = ("normal:act_iterations=1000000000,other_iterations=1000000000,act_seconds=1e9,"
           "other_seconds=1e9")


def action_phase(seats: int, seed: int, seat: int) -> GameState:
    """A deal played by random legal moves up to `seat`'s Action-phase decision."""
    state = new_game(GameConfig(seats=seats, seed=seed))
    rng = random.Random(seed)
    while state.current_player != seat or flow.decision(state) != Decision.ACT:
        assert not state.is_over, "the deal ended first"
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.fixture(params=BACKENDS)
def thinker(request):
    thinker = open_thinker(request.param)
    yield thinker
    thinker.close()


def until(done: Callable[[], bool], what: str, bound: float = 120.0) -> None:
    """Wait for `done()` (a bound, not a timing: a slow machine only takes longer)."""
    deadline = time.monotonic() + bound
    while not done():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.005)


def answer(thinker: Thinker) -> Result:
    found: list[Result] = []

    def answered() -> bool:
        result = thinker.poll()
        if result is not None:
            found.append(result)
        return bool(found)

    until(answered, "an answer")
    return found[0]


@pytest.mark.parametrize("level", ["random", "greedy", "easy"])
def test_a_move_comes_back_and_the_callers_state_is_untouched(thinker, level):
    assert level in AGENTS, f"{level} is not registered (renamed?)"
    state = new_game(GameConfig(seats=2, seed=3))
    before = state.to_data()
    thinker.submit(Request.about(Job.MOVE, state, state.current_player, level, 1))
    result = answer(thinker)
    assert result.move in state.legal_moves() and result.error == ""
    assert not thinker.busy and thinker.poll() is None  # idle, the answer handed over once
    assert state.to_data() == before


def test_cancel_stops_a_real_search_and_the_thinker_takes_the_next_request(thinker):
    state = new_game(GameConfig(seats=2, seed=10))
    seat = state.current_player
    thinker.submit(Request.about(Job.MOVE, state, seat, ENDLESS, 1))
    until(lambda: thinker.progress.done > 0, "the search reports its iterations")
    assert thinker.busy and thinker.progress.total == 1000000000  # the level's budget
    thinker.cancel()
    assert not thinker.busy and thinker.poll() is None
    # The next request is only taken up once the endless search has stopped (the thread's
    # mind is held by the search, the process reads its next request after it).
    thinker.submit(Request.about(Job.MOVE, state, seat, "random", 1))
    assert answer(thinker).move in state.legal_moves()


def test_a_failure_is_an_answer_that_says_so_and_the_thinker_goes_on(thinker):
    state = new_game(GameConfig(seats=2, seed=5))
    seat = state.current_player
    thinker.submit(Request.about(Job.MOVE, state, seat, "no-such-level"))
    failed = answer(thinker)
    assert failed.move is None and "unknown agent 'no-such-level'" in failed.error
    assert "Traceback" in failed.trace and "ValueError" in failed.trace
    thinker.submit(Request.about(Job.MOVE, state, seat, "random"))
    assert answer(thinker).move in state.legal_moves()


def test_progress_reports_iterations_and_the_best_move(thinker):
    state = new_game(GameConfig(seats=2, seed=9))
    thinker.submit(Request.about(Job.MOVE, state, state.current_player,
                                 "normal:act_iterations=200,other_iterations=200", 1, True))
    result = answer(thinker)
    progress = thinker.progress
    assert progress.done == result.iterations > 0 and progress.total == 200
    assert progress.best == result.move and progress.seconds == 0.0  # no clock: deterministic


def test_deterministic_requests_give_the_same_answer_on_either_backend():
    state = action_phase(2, 5, 0)
    request = Request.about(Job.HINT, state, 0, SMALL, 4, deterministic=True)
    results = []
    for backend in BACKENDS:
        for _ in range(2):  # a new thinker each time: the same answer again
            thinker = open_thinker(backend)
            thinker.submit(request)
            results.append(answer(thinker))
            thinker.close()
    first = results[0]
    assert first.move is not None and first.plan[0] == first.move and first.estimates
    assert first.iterations > 0 and first.racing  # 2 players: hard plays a race
    assert all(result == first for result in results[1:])


def test_a_turns_plan_carries_on_from_one_request_to_the_next():
    """Seat 0's Action phase, asked move by move: searched once, then its plan played on
    without a new search (0 iterations, however many moves were legal); the same moves on
    both backends as an agent asked directly."""
    start = action_phase(2, 5, 0)

    def this_turn(state) -> bool:
        return (not state.is_over and state.current_player == 0 and state.phase == ACTIONS
                and state.round == start.round)

    played: dict[str, list[tuple]] = {}
    for backend in BACKENDS:
        state, thinker, steps = start.clone(), open_thinker(backend), []
        while this_turn(state):
            thinker.submit(Request.about(Job.MOVE, state, 0, SMALL, 4, deterministic=True))
            result = answer(thinker)
            steps.append((result.move, result.iterations, len(state.legal_moves())))
            state.apply(result.move)
        thinker.close()
        played[backend] = steps
    agent, state, direct = make_agent(SMALL, 4, deterministic=True), start.clone(), []
    while this_turn(state):
        direct.append(agent.choose(state.clone()))
        state.apply(direct[-1])
    assert played["thread"] == played["process"]
    assert [move for move, _iterations, _legal in played["thread"]] == direct
    assert played["thread"][0][1] > 0  # the turn's search
    assert any(iterations == 0 and legal > 1 for _move, iterations, legal in played["thread"])


def test_a_review_through_the_thinker_finds_what_the_review_finds(thinker):
    """A game cut at round 1's Action phase: its decisions are single choices, quick to judge."""
    state = new_game(GameConfig(seats=2, seed=7))
    agents = [make_agent("easy", 7 + i, deterministic=True) for i in range(2)]
    while state.phase != ACTIONS:
        state.apply(agents[state.current_player].choose(state))
    moves = tuple(state.moves())
    thinker.submit(Request(Job.REVIEW, state.config, moves, 0, SMALL))
    result = answer(thinker)
    assert result.error == "" and result.findings
    assert list(result.findings) == review.review(state.config, moves, 0, level=SMALL)
    progress = thinker.progress
    assert progress.done == progress.total == len(result.findings)


def thinking_processes() -> list:
    return [p for p in multiprocessing.active_children() if p.name == "loyang-thinker"]


def test_the_thinking_process_is_kept_between_requests_lower_in_priority_and_ends_with_close():
    before = thinking_processes()
    thinker = ProcessThinker()
    assert thinking_processes() == before  # started at the first request, not before
    state = new_game(GameConfig(seats=2, seed=3))
    thinker.submit(Request.about(Job.MOVE, state, state.current_player, "random"))
    answer(thinker)
    (child,) = [p for p in thinking_processes() if p not in before]
    state.apply(state.legal_moves()[0])
    thinker.submit(Request.about(Job.MOVE, state, state.current_player, "random"))
    answer(thinker)
    assert [p for p in thinking_processes() if p not in before] == [child]  # the same one
    if hasattr(os, "getpriority"):  # NICENESS lower than the window, as far as nice goes (19)
        own = os.getpriority(os.PRIO_PROCESS, 0)
        assert os.getpriority(os.PRIO_PROCESS, child.pid) == min(own + NICENESS, 19)
    thinker.close()
    child.join(10)
    assert child.exitcode is not None and child not in thinking_processes()


def test_the_backend_is_chosen_by_name_or_by_the_environment(monkeypatch):
    monkeypatch.delenv(ENV, raising=False)
    assert type(open_thinker()) is ThreadThinker
    assert type(open_thinker("process")) is ProcessThinker
    monkeypatch.setenv(ENV, "process")
    assert type(open_thinker()) is ProcessThinker
    monkeypatch.setenv(ENV, "telepathy")  # no such backend: a thread, and the log says so
    assert type(open_thinker()) is ThreadThinker


WINDOW = """
import os, sys, time
from ai.thinker import Job, ProcessThinker, Request
from loyang_game.engine import GameConfig, new_game
if __name__ == "__main__":
    import multiprocessing
    thinker = ProcessThinker()
    state = new_game(GameConfig(seats=2, seed=3))
    thinker.submit(Request.about(Job.MOVE, state, state.current_player, "random"))
    while thinker.poll() is None:
        time.sleep(0.01)
    (child,) = multiprocessing.active_children()
    print(child.pid, flush=True)
    time.sleep(2)  # the thinking process waits for the next request
    os._exit(0)  # as if killed: no goodbye to the thinking process
"""


# A review that never ends: this top-level line runs in the thinking process too (spawned, it
# imports the window's script), so only the watch on the window can end it.
REVIEWING = """
import os, sys, time
import ai.review
ai.review.judge_all = lambda *args, **kwargs: time.sleep(3600)
from ai.thinker import Job, ProcessThinker, Request
from loyang_game.engine import GameConfig, new_game
if __name__ == "__main__":
    import multiprocessing
    thinker = ProcessThinker()
    state = new_game(GameConfig(seats=2, seed=3))
    for _ in range(30):
        state.apply(state.legal_moves()[0])
    thinker.submit(Request(Job.REVIEW, state.config, tuple(state.moves()), 0))
    while not multiprocessing.active_children():
        time.sleep(0.01)
    time.sleep(1)  # the review begins (idle or not, only the watch can end the process)
    (child,) = multiprocessing.active_children()
    print(child.pid, flush=True)
    os._exit(0)  # as if killed, in the middle of the review
"""


@pytest.mark.parametrize("script_text", [WINDOW, REVIEWING], ids=["idle", "reviewing"])
def test_the_thinking_process_ends_when_the_windows_process_is_gone(tmp_path, script_text):
    script = tmp_path / "window.py"
    script.write_text(script_text)
    root = str(Path(__file__).resolve().parents[2])  # this checkout's ai, as in the tests
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          timeout=120, cwd=root, env={**os.environ, "PYTHONPATH": root})
    assert done.returncode == 0, done.stderr
    pid = int(done.stdout.split()[0])

    def gone() -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        return False

    until(gone, "the orphaned thinking process ends", bound=60.0)
