"""The thread a thinker runs on: the short switch interval that keeps the window's frames is in
force from the thread's first instruction and given back after it, even after a failure.
(The thinker's contract, on both backends: tests/ai/test_thinker.py.)"""

from __future__ import annotations

import sys
import threading

import pytest

from ai.worker import SWITCH_INTERVAL, start_thread


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
