"""A verification's play-ons in worker processes, one per core (hard's, on the clock).

A verification (`verify.play_ons`) plays the search's best few plans on, one after another,
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
A worker that dies (the memory killer, a kill) is found out wherever the pool meets it: a
task handed over (`submit` refuses work once a worker is gone), a value awaited, the warming,
the look at the pool at each decision (`shared_pool`). The pool is then broken: one line
goes to the log, the play-ons of the verification at hand that no worker has played are
played in the searching thread instead (each task is the thread's own play-on,
`verify.play_on` on the same sample and seed, so the choice is the one the workers would have
made; only the lost work costs time: on the clock such a play-on stops at the workers'
margin, `verify.POOL_MARGIN`, so that one decision may end up to a follower move late), and
`shared_pool` starts a new pool for the next decision. A play-on that fails in a worker
(raises) gives way: the search's own choice is played, as when a verification runs out of
time, and the pool is started afresh too.
"""

from __future__ import annotations

import collections
import contextlib
import ctypes
import enum
import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import BrokenExecutor, CancelledError, Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

NICENESS = 10  # added to the workers' nice value: the window comes first
POLL = 0.02  # seconds between the waiting thread's looks at its stop signal and the clock
PARENT_CHECK = 1.0  # seconds between a worker's looks at the window's process
MOST_WORKERS = 6  # a verification plays at most this many plans on (hard's `verify_pool`)
log = logging.getLogger(__name__)

Halted = Callable[[], bool]
Task = Callable[[Halted], float | None]  # one play-on: its value, None if halted


class _Lost(enum.Enum):
    """A task the pool could not play (a worker died, or the pool would not take it)."""

    LOST = "lost"

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
    """Nothing: a task that starts the workers before they are needed, and tells whether
    the pool still has them all (`PlayOnPool.alive`)."""


class _Executor(ProcessPoolExecutor):
    """The workers' executor, which starts them all at its first task, before it watches
    them (as Python 3.10 did). From 3.11 an executor of spawned processes starts one per task
    handed over while its manager thread already watches the first ones; a worker that dies
    then (killed as it starts) can leave one started after the manager gave up on the
    others, and the manager waits for that one for ever, the window's process with it when
    it ends (`concurrent.futures` joins the manager at exit)."""

    def __init__(self, workers: int, context: multiprocessing.context.SpawnContext,
                 generation: Any) -> None:
        super().__init__(workers, context, initializer=_start_worker, initargs=(generation,))
        self._safe_to_dynamically_spawn_children = False  # read at the first `submit`


class PlayOnPool:
    """Worker processes for play-ons. One verification at a time (a thinker asks one thing
    at a time)."""

    def __init__(self, workers: int) -> None:
        context = multiprocessing.get_context("spawn")
        self.workers = workers
        self.broken = False
        self._generation = context.RawValue(ctypes.c_longlong, 0)
        self._executor = _Executor(workers, context, self._generation)

    def warm(self) -> None:
        """Start the workers now (about half a second each), not at the first verification:
        the executor starts them all at its first task."""
        self.alive()

    def alive(self) -> bool:
        """False once the pool is broken, or a worker is found dead: the pool is handed a
        task that does nothing, which the executor refuses once it knows a worker is gone
        (it knows at once: it watches its workers)."""
        if not self.broken:
            try:
                self._executor.submit(_ready)
            except Exception as exc:  # BrokenProcessPool; a worker that could not start
                self._lost(exc)
        return not self.broken

    def values(self, tasks: Sequence[Task],
               halted: Halted) -> Generator[float | None, None, None]:
        """The tasks' values in their order, each played as soon as a worker is free; a
        None (and no more) once `halted()` says stop while a value is awaited, or if a
        play-on fails in a worker. Once a worker dies (or the pool is broken already), the
        tasks no worker has played are played here, in this thread, one after another (a
        task is the same play-on wherever it runs). Closing the iterator halts the play-ons
        still running."""
        self._generation.value += 1
        generation = self._generation.value
        tasks = list(tasks)
        # the futures of tasks[index:index + len(running)], while the pool takes tasks
        running: collections.deque[Future[float | None]] = collections.deque()
        try:
            for index, task in enumerate(tasks):
                self._hand_over(tasks[index + len(running):index + self.workers], running,
                                generation)
                value = self._awaited(running.popleft(), halted) if running else _Lost.LOST
                if value is _Lost.LOST:
                    value = task(halted)  # no worker will play it: the thread does
                yield value
                if value is None:
                    return
        finally:
            self._generation.value += 1  # what still runs is not wanted any more
            for future in running:
                future.cancel()

    def _hand_over(self, tasks: Sequence[Task], running: collections.deque[Future[float | None]],
                   generation: int) -> None:
        """`tasks` submitted in order, their futures added to `running`, until the pool is
        found broken."""
        for task in tasks:
            if self.broken:
                return
            try:
                running.append(self._executor.submit(_run, task, generation))
            except Exception as exc:  # BrokenProcessPool; a worker that could not start
                self._lost(exc)

    def _awaited(self, future: Future[float | None],
                 halted: Halted) -> float | _Lost | None:
        while not halted():
            try:
                return future.result(timeout=POLL)
            except FutureTimeout:
                continue
            except (BrokenExecutor, CancelledError) as exc:  # a worker died: not played
                self._lost(exc)
                return _Lost.LOST
            except Exception:  # the play-on failed: give way, start afresh
                log.exception("a play-on in a worker process failed")
                self.broken = True
                return None
        return None

    def _lost(self, exc: BaseException) -> None:
        """The pool is broken: said once in the log, and replaced at the next `shared_pool`."""
        if not self.broken:
            log.warning("a play-on worker process died or would not start (%s: %s): its "
                        "play-ons are played in the searching thread, and a new pool is "
                        "started", type(exc).__name__, exc)
        self.broken = True

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
    call, and again once it is found broken (a worker dead: `PlayOnPool.alive`); None where
    a process may not start others (inside a daemonic process, such as the thinker's own:
    its verifications are then played in its thread), or cannot (no shared memory), and
    where it may run on one core only: there the workers cannot play beside each other, and
    at their lower priority a busy window starves them, so that on a slow laptop every
    verification ran out of time (docs/ai-lab.md, entry 112); the thread plays them at the
    window's own priority."""
    global _shared
    if multiprocessing.current_process().daemon or cores() < 2:
        return None
    if _shared is not None and not _shared.alive():
        _shared.close()
        _shared = None
    if _shared is None:
        try:
            _shared = PlayOnPool(min(MOST_WORKERS, cores()))
        except Exception as exc:  # no shared memory, no pipes: the thread plays them
            log.warning("no play-on worker processes (%s: %s)", type(exc).__name__, exc)
            return None
        _shared.warm()
    return _shared
