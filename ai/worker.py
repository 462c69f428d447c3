"""The background thread a thinker runs on (`thinker.ThreadThinker`), kept smooth for the window.

Frame rate: a CPU-bound Python thread competes with the drawing thread for the GIL. While
any such thread runs, the interpreter's switch interval is lowered (`SWITCH_INTERVAL`,
chosen from `python -m lab.framebench`, see that module) and it is restored when the last
one ends; the search itself also lets go of the GIL now and then (`HandOver`).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

# Seconds; see lab/framebench.py for the measurement behind it.
SWITCH_INTERVAL = 0.0002
# Seconds of search between two hand-overs of the GIL (`HandOver`): frames as with one at
# every iteration (`python -m lab.framebench`, notebook entry 138).
HANDOVER_EVERY = 0.0005
CANCEL_WAIT = 0.09  # how long a cancel waits for the thread to notice (the contract: 100 ms)

_switch_lock = threading.Lock()
_switch_users = 0
_switch_saved: float | None = None


def _switch_enter() -> None:
    global _switch_users, _switch_saved
    with _switch_lock:
        if _switch_users == 0:
            _switch_saved = sys.getswitchinterval()
            sys.setswitchinterval(SWITCH_INTERVAL)
        _switch_users += 1


def _switch_leave() -> None:
    global _switch_users
    with _switch_lock:
        _switch_users -= 1
        if _switch_users == 0 and _switch_saved is not None:
            sys.setswitchinterval(_switch_saved)


def start_thread(target: Callable[..., Any], args: tuple[Any, ...],
                 name: str) -> threading.Thread:
    """Run `target(*args)` on a daemon thread with the short switch interval in force from
    before its first instruction. Set on the thread itself it came too late: a new thread
    runs at once, and under the default 5 ms interval it held the interpreter for 5 ms
    before the table could draw again (one late frame each time an AI or the coach began)."""
    def run() -> None:
        try:
            target(*args)
        finally:
            _switch_leave()

    _switch_enter()
    thread = threading.Thread(target=run, name=name, daemon=True)
    try:
        thread.start()
    except BaseException:
        _switch_leave()
        raise
    return thread


class HandOver:
    """Lets go of the GIL (`time.sleep(0)`) when called once `HANDOVER_EVERY` has passed since
    it last did (or was made). Compiled, the search holds the GIL between the few places
    where plain Python runs, so it hands it over itself: a waiting thread (the table's
    frames) runs at once. Not at every iteration, as it did before notebook entry 138: a
    `sleep(0)` is a system call that may give the core away, and the search's iterations
    are short (on the lab's machine one cost 23 us of CPU and 81 us of wall, and hard spent
    about a third of its CPU on them).
    """

    def __init__(self) -> None:
        self.last = time.perf_counter()

    def __call__(self) -> None:
        now = time.perf_counter()
        if now - self.last >= HANDOVER_EVERY:
            time.sleep(0)
            self.last = now
