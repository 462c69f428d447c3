"""The background thread a thinker runs on (`thinker.ThreadThinker`), kept smooth for the window.

Frame rate: a CPU-bound Python thread competes with the drawing thread for the GIL. While
any such thread runs, the interpreter's switch interval is lowered (`SWITCH_INTERVAL`,
chosen from `python -m lab.framebench`, see that module) and it is restored when the last
one ends; a search on such a thread also lets go of the GIL now and then (`HandOver`).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# Seconds; see lab/framebench.py for the measurement behind it.
SWITCH_INTERVAL = 0.0002
# Seconds of search between two hand-overs of the GIL (`HandOver`): frames as with one at
# every iteration, on one core and on two (`python -m lab.framebench`, notebook entry 138).
HANDOVER_EVERY = 0.0002
CANCEL_WAIT = 0.09  # how long a cancel waits for the thread to notice (the contract: 100 ms)

_switch_lock = threading.Lock()
_switch_users = 0
_switch_saved: float | None = None
_beside_table: set[int] = set()  # the threads `start_thread` runs (their `get_ident`)


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
        _beside_table.add(threading.get_ident())
        try:
            target(*args)
        finally:
            _beside_table.discard(threading.get_ident())
            _switch_leave()

    _switch_enter()
    thread = threading.Thread(target=run, name=name, daemon=True)
    try:
        thread.start()
    except BaseException:
        _switch_leave()
        raise
    return thread


def run_beside_table(work: Callable[[], T], name: str = "beside-table") -> T:
    """`work()` on a thread of `start_thread`'s, waited for, its result returned and its
    failure raised here: a search in it hands the GIL over as the table's thinker's does
    (`HandOver`). The lab's clock games and the tests measure the table's search this way."""
    results: list[T] = []
    failures: list[BaseException] = []

    def run() -> None:
        try:
            results.append(work())
        except BaseException as failure:  # raised again in the caller
            failures.append(failure)

    start_thread(run, (), name).join()
    if failures:
        raise failures[0]
    return results[0]


class HandOver:
    """On a thread of `start_thread`'s, beside the table: lets go of the GIL (`time.sleep(0)`)
    when called once `HANDOVER_EVERY` has passed since it last did (or was made). Compiled,
    the search holds the GIL between the few places where plain Python runs, so it hands it
    over itself, and the table's frames run at once. Elsewhere (a game of the lab's, a
    thinker's or a play-on's process) there is no window to hand over to, and it does
    nothing. Before notebook entry 138 the search slept at every iteration wherever it ran:
    a `sleep(0)` is a system call that may give the core away, and the search's iterations
    are short (on the lab's machine one cost 23 us of CPU and 81 us of wall, and hard spent
    about a third of its CPU on them).
    """

    def __init__(self) -> None:
        self.beside_table = threading.get_ident() in _beside_table
        self.last = time.perf_counter()

    def __call__(self) -> None:
        if not self.beside_table:
            return
        now = time.perf_counter()
        if now - self.last >= HANDOVER_EVERY:
            time.sleep(0)
            self.last = now
