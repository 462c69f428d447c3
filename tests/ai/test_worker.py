"""The thread a thinker runs on: the short switch interval that keeps the window's frames is in
force from the thread's first instruction and given back after it, even after a failure; the
search hands the GIL over now and then, not at every iteration. (The thinker's contract, on
both backends: tests/ai/test_thinker.py.)"""

from __future__ import annotations

import sys
import threading

import pytest

from ai import worker
from ai.agents import make_agent
from ai.worker import HANDOVER_EVERY, SWITCH_INTERVAL, HandOver, run_beside_table, start_thread

from .test_thinker import action_phase


class Ticking:
    """`time` for ai.worker: a clock that moves `step` seconds at each reading, and the
    sleeps asked for."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.sleeps = 0.0, step, 0

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now

    def sleep(self, seconds: float) -> None:
        assert seconds == 0
        self.sleeps += 1


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


def test_work_run_beside_the_table_hands_over_and_its_failure_reaches_the_caller():
    def where() -> bool:  # what a search made here would do
        return worker.HandOver().beside_table

    assert run_beside_table(where) is True
    assert where() is False  # the lab's own thread hands nothing over

    def fail() -> None:
        raise ValueError("the work failed")

    with pytest.raises(ValueError, match="the work failed"):
        run_beside_table(fail)


def test_beside_the_table_the_gil_is_handed_over_once_its_time_has_passed(monkeypatch):
    clock = Ticking(HANDOVER_EVERY * 0.26)
    monkeypatch.setattr(worker, "time", clock)

    def calls() -> list[int]:
        hand_over, sleeps = HandOver(), []
        for _ in range(12):
            hand_over()
            sleeps.append(clock.sleeps)
        return sleeps

    # 0.26 of the time between hand-overs a call: the fourth call hands over (1.04), then
    # every fourth
    assert run_beside_table(calls) == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3]


def test_away_from_the_table_nothing_is_handed_over(monkeypatch):
    """The lab's games, a thinker's or a play-on's process: no window waits for the GIL."""
    clock = Ticking(HANDOVER_EVERY * 2)
    monkeypatch.setattr(worker, "time", clock)
    hand_over = HandOver()
    for _ in range(10):
        hand_over()
    assert clock.sleeps == 0


def test_a_search_beside_the_table_hands_the_gil_over_and_plays_as_elsewhere(monkeypatch):
    """Compiled or not: the search's hand-overs are the worker's, and they change no move."""
    state = action_phase(2, 5, 0)
    level = "hard:act_iterations=60,other_iterations=20"
    clock = Ticking(HANDOVER_EVERY * 0.6)
    monkeypatch.setattr(worker, "time", clock)
    alone = make_agent(level, 7, deterministic=True).choose(state.clone())
    assert clock.sleeps == 0
    agent = make_agent(level, 7, deterministic=True)
    assert run_beside_table(lambda: agent.choose(state.clone())) == alone
    assert clock.sleeps >= 30  # every other iteration of 60 at least
