"""The table's AI worker: a move comes back, cancel is prompt, errors are reported."""

from __future__ import annotations

import sys
import threading
import time

import pytest

from ai import agents as agents_module
from ai.worker import SWITCH_INTERVAL, AIWorker, start_thread
from loyang_game.engine import GameConfig, new_game


def _wait(worker: AIWorker, timeout: float = 30.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        move = worker.poll()
        if move is not None:
            return move
        if worker.error is not None:
            return None
        time.sleep(0.002)
    raise AssertionError("no move in time")


@pytest.mark.parametrize("level", ["random", "greedy", "easy"])
def test_a_move_comes_back(level):
    assert level in agents_module.AGENTS, f"{level} is not registered (renamed?)"
    state = new_game(GameConfig(seats=2, seed=3))
    worker = AIWorker()
    worker.start(state, state.current_player, level, seed=1)
    move = _wait(worker)
    assert move in state.legal_moves()
    assert worker.error is None
    assert not worker.busy or worker.poll() is None


class _SlowAgent:
    """Thinks 'forever' but checks its stop event, as the MCTS agents do."""

    name = "slow"

    def __init__(self, seed: int = 0) -> None:
        self.started = threading.Event()

    def choose_interruptible(self, state, stop, progress, seat=None):
        self.started.set()
        i = 0
        while not stop.is_set():
            i += 1
            sum(range(2000))
            if i % 50 == 0:
                progress(i, state.legal_moves()[0])
        return state.legal_moves()[0]


class _BrokenAgent:
    name = "broken"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, state):
        raise RuntimeError("search exploded")


@pytest.fixture
def extra_agents(monkeypatch):
    monkeypatch.setitem(agents_module.AGENTS, "slow", _SlowAgent)
    monkeypatch.setitem(agents_module.AGENTS, "broken", _BrokenAgent)


def test_cancel_is_prompt(extra_agents):
    state = new_game(GameConfig(seats=2, seed=4))
    worker = AIWorker()
    worker.start(state, state.current_player, "slow")
    time.sleep(0.2)
    assert worker.busy
    assert worker.progress["iterations"] > 0
    start = time.perf_counter()
    worker.cancel()
    assert time.perf_counter() - start <= 0.1
    time.sleep(0.05)
    assert worker.poll() is None
    assert not worker.busy


def test_error_is_reported_not_raised(extra_agents):
    state = new_game(GameConfig(seats=2, seed=5))
    worker = AIWorker()
    worker.start(state, state.current_player, "broken")
    deadline = time.monotonic() + 5
    while worker.busy and time.monotonic() < deadline:
        time.sleep(0.005)
    assert isinstance(worker.error, RuntimeError)
    assert worker.poll() is None
    # the worker is still usable
    worker.start(state, state.current_player, "random")
    assert _wait(worker) in state.legal_moves()


def test_worker_does_not_touch_the_callers_state():
    state = new_game(GameConfig(seats=2, seed=6))
    before = state.to_data()
    worker = AIWorker()
    worker.start(state, state.current_player, "random")
    _wait(worker)
    assert state.to_data() == before


def test_deterministic_mode_repeats_itself(monkeypatch):
    from ai import search

    monkeypatch.setitem(search.LEVELS, "tiny", search.Level(50, 20, 0.0, 0.0))
    state = new_game(GameConfig(seats=2, seed=8))
    moves = []
    for _ in range(2):
        worker = AIWorker(deterministic=True)
        worker.start(state, state.current_player, "tiny", seed=4)
        moves.append(_wait(worker))
    assert moves[0] == moves[1]


def test_progress_reports_iterations(monkeypatch):
    from ai import search

    monkeypatch.setitem(search.LEVELS, "tiny", search.Level(200, 200, 0.0, 0.0))
    state = new_game(GameConfig(seats=2, seed=9))
    worker = AIWorker(deterministic=True)
    worker.start(state, state.current_player, "tiny", seed=1)
    _wait(worker)
    assert worker.progress["iterations"] > 0
    assert worker.progress["best"] in state.legal_moves()


def test_cancel_stops_a_real_search(monkeypatch):
    from ai import search

    monkeypatch.setitem(search.LEVELS, "long", search.Level(10**9, 10**9, 1e9, 1e9))
    state = new_game(GameConfig(seats=2, seed=10))
    worker = AIWorker()
    worker.start(state, state.current_player, "long", seed=1)
    time.sleep(0.3)
    start = time.perf_counter()
    worker.cancel()
    assert time.perf_counter() - start <= 0.1
    time.sleep(0.1)
    assert not worker.busy
    assert worker.poll() is None


def test_the_short_switch_interval_is_in_force_from_a_threads_first_instruction():
    before = sys.getswitchinterval()
    seen = []
    thread = start_thread(lambda: seen.append(sys.getswitchinterval()), (), "probe")
    thread.join(5)
    assert seen == [pytest.approx(SWITCH_INTERVAL)]  # set before the thread could run
    assert sys.getswitchinterval() == before  # and given back when it is done


def test_a_failing_thread_still_gives_the_switch_interval_back(monkeypatch):
    monkeypatch.setattr(threading, "excepthook", lambda _args: None)  # the failure is meant
    before = sys.getswitchinterval()

    def fail() -> None:
        raise RuntimeError("boom")

    thread = start_thread(fail, (), "probe")
    thread.join(5)
    assert sys.getswitchinterval() == before
