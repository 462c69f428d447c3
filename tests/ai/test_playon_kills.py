"""Play-on workers killed (issue 45, item 4: the memory killer takes one): the pool finds the
death wherever it meets it (a task handed over, a value awaited, the warming, the look at each
decision), says so once in the log, is replaced, and the verification at hand is played on in
the searching thread, so hard chooses as it would undisturbed. And the thinking process,
killed, costs one answer and is started again."""

from __future__ import annotations

import dataclasses
import functools
import logging
import multiprocessing.connection
import os
import queue
import random
import signal
import threading
import time
from pathlib import Path

import pytest

from ai import playons, verify
from ai.agents import make_agent
from ai.playons import PlayOnPool
from ai.search import MCTSAgent
from ai.thinker import Job, ProcessThinker, Request
from loyang_game.engine import GameConfig, GameState, flow, new_game
from loyang_game.engine.state import Decision

from .test_verify import card_phase_state

DIED = "play-on worker process died"


def _processes(pool: PlayOnPool | None) -> list[multiprocessing.process.BaseProcess]:
    """The pool's worker processes still running (none once its executor has shut down)."""
    if pool is None:
        return []
    processes = pool._executor._processes or {}
    return [p for p in list(processes.values()) if p.exitcode is None]


def _kill(process: multiprocessing.process.BaseProcess) -> bool:
    """SIGKILL, as the memory killer sends it; False if the process had ended already."""
    if process.exitcode is not None or process.pid is None:  # reaped: its pid is not ours
        return False
    try:
        os.kill(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        return False
    return True


def _dead(process: multiprocessing.process.BaseProcess) -> None:
    """Wait for `process` to end, without reaping it (its executor does)."""
    multiprocessing.connection.wait([process.sentinel], timeout=120.0)


def _until(done, what: str, bound: float = 120.0) -> None:
    """Wait for `done()` (a bound, not a timing: a slow machine only takes longer)."""
    deadline = time.monotonic() + bound
    while not done():
        assert time.monotonic() < deadline, f"{what}: not within {bound} s"
        time.sleep(0.005)


def _constant(value: float, halted) -> float:
    return value


def _held(folder: str, name: str, value: float, halted) -> float | None:
    """A play-on that says it has begun (a file `name` in `folder`), then runs until the file
    `go` is there (its value) or it is halted (None)."""
    (Path(folder) / name).touch()
    while not (Path(folder) / "go").exists():
        if halted():
            return None
        time.sleep(0.005)
    return value


def _died(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records
            if r.name == "ai.playons" and DIED in r.getMessage()]


@pytest.fixture
def fresh_shared(monkeypatch):
    """`shared_pool` from nothing, with two workers (whatever the cores: each kill costs a
    new pool's start-up); whatever pools the test leaves are closed after it."""
    monkeypatch.setattr(playons, "_shared", None)
    monkeypatch.setattr(playons, "cores", lambda: 2)
    made: list[PlayOnPool] = []
    real = PlayOnPool.__init__

    def init(self, workers: int) -> None:
        real(self, workers)
        made.append(self)

    monkeypatch.setattr(PlayOnPool, "__init__", init)
    yield made
    for pool in made:
        pool.close()


@pytest.mark.parametrize("when", ["starting", "idle", "idle, refused by submit",
                                  "idle, found at the look"])
def test_a_worker_killed_outside_a_verification_costs_nothing_but_its_pool(
        when, fresh_shared, caplog):
    """Killed as it starts or while it waits: the next verification's values are all there
    (played in this thread where the pool cannot), the death is said once, and the next look
    at the pool gives a new one that plays. The executor finds a dead worker soon after the
    kill, not at once: the death may be met first by `submit` (which then refuses work), by
    a value awaited, or at the look at the pool each decision makes (`shared_pool`)."""
    caplog.set_level(logging.WARNING, logger="ai.playons")
    pool = playons.shared_pool()
    assert pool is not None
    if when != "starting":
        assert list(pool.values([functools.partial(_constant, 1.0)] * 2,
                                lambda: False)) == [1.0, 1.0]
    victim = _processes(pool)[0]
    assert _kill(victim)
    if when in ("idle, refused by submit", "idle, found at the look"):
        _dead(victim)
        _until(lambda: pool._executor._broken, "the executor finds its worker dead")
    if when == "idle, found at the look":
        assert playons.shared_pool() is not pool and pool.broken
    tasks = [functools.partial(_constant, float(v)) for v in range(5)]
    assert list(pool.values(tasks, lambda: False)) == [0.0, 1.0, 2.0, 3.0, 4.0]
    # found by now, or (the live worker may have played them all first) at a later look
    _until(lambda: not pool.alive(), "the pool finds its worker dead")
    assert len(_died(caplog)) == 1
    fresh = playons.shared_pool()
    assert fresh is not None and fresh is not pool and not fresh.broken
    assert list(fresh.values(tasks[:3], lambda: False)) == [0.0, 1.0, 2.0]
    assert len(_died(caplog)) == 1


def test_a_worker_killed_during_a_verification_leaves_the_rest_to_this_thread(
        fresh_shared, caplog, tmp_path):
    """Both workers hold a play-on when one is killed: every value still comes, in order
    (those no worker finished are played here), the death is said once, the pool is
    replaced at the next look."""
    caplog.set_level(logging.WARNING, logger="ai.playons")
    pool = playons.shared_pool()
    assert pool is not None and pool.workers == 2
    tasks = [functools.partial(_held, str(tmp_path), f"begun-{v}", float(v)) for v in range(4)]

    def kill_when_both_play() -> None:
        _until(lambda: (tmp_path / "begun-0").exists() and (tmp_path / "begun-1").exists(),
               "both workers play on")
        assert _kill(_processes(pool)[0])
        (tmp_path / "go").touch()

    killer = threading.Thread(target=kill_when_both_play)
    killer.start()
    values = list(pool.values(tasks, lambda: False))
    killer.join()
    assert values == [0.0, 1.0, 2.0, 3.0]
    assert pool.broken and len(_died(caplog)) == 1
    assert playons.shared_pool() is not pool


def test_a_pool_that_cannot_be_made_leaves_the_play_ons_to_the_thread(monkeypatch):
    monkeypatch.setattr(playons, "_shared", None)

    def no_pool(workers: int) -> None:
        raise OSError(28, "No space left on device")  # /dev/shm full: no shared memory

    monkeypatch.setattr(PlayOnPool, "__init__", no_pool)
    assert playons.shared_pool() is None


def _small(agent: MCTSAgent, parallel: bool):
    """hard, small enough for a test: its verification still plays up to six plans on."""
    return dataclasses.replace(agent.level, act_iterations=30, other_iterations=12, verify=2,
                               verify_iterations=12, parallel=parallel)


def _played(agent: MCTSAgent, state: GameState, decisions: int, between=None) -> list:
    state = state.clone()
    moves = []
    for decision in range(decisions):
        assert not state.is_over
        if decision and between is not None:
            between()
        move = agent.choose(state)
        moves.append(move)
        state.apply(move)
    return moves


_HERE: list[int] = []  # play-ons that the searching process played itself (`_counted`)


def _counted(searcher: int, task, halted) -> float | None:
    """`task`, counted in `_HERE` if it runs in the process `searcher` (not in a worker)."""
    if os.getpid() == searcher:
        _HERE.append(1)
    return task(halted)


class Killer(threading.Thread):
    """Kills a worker of the shared pool for each request `(why, done)`, after a random pause
    of up to 10 ms. A request with an event (`done`) kills a worker running then, if there is
    one, and sets the event; one without waits until the pool has a worker running (the pool
    broken by an earlier kill is replaced at the next decision). Stops at None."""

    def __init__(self, seed: int) -> None:
        super().__init__(daemon=True)
        self.requests: queue.Queue[tuple[str, threading.Event | None] | None] = queue.Queue()
        self.rng = random.Random(seed)
        self.kills: list[str] = []
        self.ending = threading.Event()

    def run(self) -> None:
        while (request := self.requests.get()) is not None:
            why, done = request
            time.sleep(self.rng.uniform(0.0, 0.01))
            while not self.ending.is_set():
                workers = _processes(playons._shared)
                if workers and _kill(self.rng.choice(workers)):
                    self.kills.append(why)
                    break
                if done is not None:
                    break
                time.sleep(0.002)
            if done is not None:
                done.set()


def test_hard_plays_the_same_moves_while_its_workers_are_killed_at_random_moments(
        monkeypatch, fresh_shared, caplog):
    """Eight decisions of a solo game by hard on a clock that never moves (the search on the
    clock is then the deterministic one, and its play-ons are played in the workers), while a
    thread kills workers: during verifications (at a random look of the thread waiting for a
    value, which waits for the kill), and idle ones between decisions (at a random moment of
    the next decision's search). No exception, no verification given up (the search's own
    choice), and the moves of hard in deterministic mode, all in this thread."""
    caplog.set_level(logging.WARNING, logger="ai.playons")
    state = card_phase_state(seed=4, round_=2)
    decisions = 8
    alone = MCTSAgent("hard", seed=5, deterministic=True)
    alone.level = _small(alone, parallel=False)
    undisturbed = _played(alone, state, decisions)

    schedule = random.Random(45)
    killer = Killer(seed=45)
    outcomes: list[object] = []
    real_decide, real_values = verify.decide, PlayOnPool.values
    monkeypatch.setattr(verify, "decide",
                        lambda *a: outcomes.append(real_decide(*a)) or outcomes[-1])
    _HERE.clear()

    def values(self, tasks, halted):
        # the first verification is hit at its first look, later ones one in three, at a look
        # of the first dozen (a look: every 20 ms while a value is awaited, and at each
        # follower move of a play-on played in this thread)
        look = 1 if not outcomes else schedule.choice([0, 0, schedule.randrange(1, 13)])

        def watched() -> bool:
            nonlocal look
            look -= 1
            if look == 0:
                killed = threading.Event()
                killer.requests.put(("verifying", killed))
                assert killed.wait(120.0), "the killer answers"
            return halted()

        tasks = [functools.partial(_counted, os.getpid(), task) for task in tasks]
        return real_values(self, tasks, watched)

    monkeypatch.setattr(PlayOnPool, "values", values)

    idle = iter(range(decisions))

    def between() -> None:  # the first time, then about one in four
        if next(idle) == 0 or schedule.random() < 0.25:
            killer.requests.put(("idle", None))

    disturbed = MCTSAgent("hard", seed=5, clock=lambda: 0.0)
    disturbed.level = _small(disturbed, parallel=True)
    killer.start()
    try:
        moves = _played(disturbed, state, decisions, between)
    finally:
        killer.ending.set()
        killer.requests.put(None)
        killer.join()
    print(f"kills: {killer.kills}; pools: {len(fresh_shared)}; "
          f"verifications: {len(outcomes)}; play-ons played in this process: {len(_HERE)}; "
          f"deaths logged: {len(_died(caplog))}")
    assert moves == undisturbed
    assert outcomes and None not in outcomes  # every verification decided, none given up
    assert "verifying" in killer.kills and "idle" in killer.kills
    assert _HERE  # a verification hit carried on in this thread
    assert 1 <= len(_died(caplog)) <= len(killer.kills)
    assert len(fresh_shared) >= 2  # a dead worker's pool was replaced


def _action_phase(seed: int) -> GameState:
    state = new_game(GameConfig(seats=1, seed=seed))
    rng = random.Random(seed)
    while flow.decision(state) != Decision.ACT:
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_the_thinking_process_killed_costs_one_answer_and_is_started_again():
    """The process backend (which plays its play-ons in its own thread: a daemonic process
    starts no pool): a kill fails the request in hand with a Result that says so, and the
    next request is answered by a new process, as a thread would answer it."""
    state = _action_phase(seed=3)
    level = "hard:act_iterations=20,other_iterations=8,verify_iterations=8"
    request = Request.about(Job.MOVE, state, 0, level, seed=1, deterministic=True)
    thinker = ProcessThinker()
    try:
        endless = Request.about(Job.MOVE, state, 0, "normal:act_iterations=1000000000,"
                                "act_seconds=1e9", seed=1, deterministic=True)
        thinker.submit(endless)
        _until(lambda: thinker.progress.done > 0, "the thinking process searches")
        first = thinker._child
        assert first is not None and _kill(first)
        _until(lambda: not thinker.busy, "the killed process's request ends")
        failed = thinker.poll()
        assert failed is not None and failed.move is None and "ended" in failed.error
        thinker.submit(request)
        _until(lambda: not thinker.busy, "the next answer")
        answer = thinker.poll()
        assert answer is not None and not answer.error and thinker._child is not first
    finally:
        thinker.close()
    assert answer.move == make_agent(level, 1, True).choose(state.clone())
