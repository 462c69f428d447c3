"""A verification's play-ons in worker processes, one per core (hard's, on the clock).

A verification (`verify.verified`) plays the search's best few plans on, one after another,
on one shared sample of the hidden cards. Each play-on depends only on the view, the plan,
the follower's level and the seed, so other processes can play them at the same time and
get the same values: the pool keeps one play-on per worker running, in the order the plans
are listed, and hands the values back in that order to the same rule (`verify.decide`), which
stops asking once it has decided. So a verification on the clock takes about 1/cores of its
time in the thread, and its choice is the one the thread would make.

The workers are spawned once (a new interpreter each: safe beside the window's threads) and
kept; they run at a lower priority than the window, and end when the window's process does,
even killed. A verification that is decided, cancelled or out of time halts the play-ons
still running through a number in shared memory that each reads at every follower move.
A worker that fails or dies gives way: the search's own choice is played, as when a
verification runs out of time, and the pool is started afresh for the next one.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

NICENESS = 10  # added to the workers' nice value: the window comes first
POLL = 0.02  # seconds between the waiting thread's looks at its stop signal and the clock
PARENT_CHECK = 1.0  # seconds between a worker's looks at the window's process
MOST_WORKERS = 6  # a verification plays at most this many plans on (hard's `verify_pool`)
log = logging.getLogger(__name__)

Halted = Callable[[], bool]
Task = Callable[[Halted], float | None]  # one play-on: its value, None if halted

_generation: Any = None  # the worker's view of the pool's shared number (`_start_worker`)


def _start_worker(generation: Any) -> None:
    """A worker's set-up: its priority, Ctrl-C left to the window, and an end of its own when
    the window's process is gone (killed, it could not say so)."""
    global _generation
    _generation = generation
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(AttributeError, OSError):  # no nice (Windows), or not allowed
        os.nice(NICENESS)
    window = multiprocessing.parent_process()
    if window is not None:
        threading.Thread(target=_end_with, args=(window,), daemon=True).start()


def _end_with(window: Any) -> None:
    while window.is_alive():
        time.sleep(PARENT_CHECK)
    os._exit(0)


def _run(task: Task, generation: int) -> float | None:
    """A play-on in the worker, halted once the pool's number has moved past `generation`."""
    return task(lambda: _generation.value != generation)


def _ready() -> None:
    """Nothing: a worker's first task, so that it is spawned before it is needed."""


class PlayOnPool:
    """Worker processes for play-ons. One verification at a time (a thinker asks one thing
    at a time)."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.workers = workers
        self.broken = False
        self._generation = context.RawValue(ctypes.c_longlong, 0)
        self._executor = ProcessPoolExecutor(workers, context, initializer=_start_worker,
                                             initargs=(self._generation,))

    def warm(self) -> None:
        """Start the workers now (about half a second each), not at the first verification."""
        for _ in range(self.workers):
            self._executor.submit(_ready)

    def values(self, tasks: Sequence[Task],
               halted: Halted) -> Generator[float | None, None, None]:
        """The tasks' values in their order, each played as soon as a worker is free; a
        None (and no more) once `halted()` says stop while a value is awaited, or if a
        worker fails. Closing the iterator halts the play-ons still running."""
        self._generation.value += 1
        generation = self._generation.value
        waiting = collections.deque(tasks)
        running: collections.deque[Future[float | None]] = collections.deque()
        try:
            while waiting or running:
                while waiting and len(running) < self.workers:
                    running.append(self._executor.submit(_run, waiting.popleft(), generation))
                value = self._awaited(running.popleft(), halted)
                yield value
                if value is None:
                    return
        finally:
            self._generation.value += 1  # what still runs is not wanted any more
            for future in running:
                future.cancel()

    def _awaited(self, future: Future[float | None], halted: Halted) -> float | None:
        while not halted():
            try:
                return future.result(timeout=POLL)
            except FutureTimeout:
                continue
            except Exception:  # a play-on failed, or a worker died: give way, start afresh
                log.exception("a play-on in a worker process failed")
                self.broken = True
                return None
        return None

    def close(self) -> None:
        self._generation.value += 1
        self._executor.shutdown(wait=False, cancel_futures=True)


_shared: PlayOnPool | None = None


def cores() -> int:
    """The cores this process may run on (a container or `taskset` may allow fewer than the
    machine has)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def shared_pool() -> PlayOnPool | None:
    """This process's pool, one worker per core (up to `MOST_WORKERS`), started at the first
    call (and again after a failure); None where a process may not start others (inside a
    daemonic process, such as the thinker's own: its verifications are then played in its
    thread)."""
    global _shared
    if multiprocessing.current_process().daemon:
        return None
    if _shared is not None and _shared.broken:
        _shared.close()
        _shared = None
    if _shared is None:
        _shared = PlayOnPool(min(MOST_WORKERS, cores()))
        _shared.warm()
    return _shared
