"""One thinker for the AI seats, the coach's hint and the review (issue 33).

    thinker = open_thinker()       # LOYANG_THINKER's backend ("thread", "process"), else thread
    thinker.submit(Request.about(Job.MOVE, state, seat, "hard", seed))
    ...each frame...
    result = thinker.poll()        # the Result once ready (the thinker is then idle), else None
    thinker.progress               # Progress: numbers and a move; the words are the window's
    thinker.cancel()               # quit, undo, new game: returns within 100 ms, poll() is None
    thinker.close()                # cancel and end the backend (its process)

A request is plain data, never the live state: for a move or a hint, what the seat sees
(`observe(seat)`: the hidden cards in a canonical order, so the thinker cannot learn them)
and the game's moves; for a review, the game's config and moves. With the seat, the level,
the seed and whether the budget is counted in iterations only (`deterministic`: the same
request then gives the same answer in any process and on either backend). The answer carries
everything the asker needs: the move, and for a hint the plan and the estimates behind it
(`plan.py`), for a review its findings (`review.py`); a failure comes back as a Result with
`error` (and its traceback for the log), never raised in the window's loop.

Both backends run the same `Mind`, which keeps the AI seats' agents between requests: an
agent knows from the moves that the game went on from its last move, so a turn's plan carries
on from one of its decisions to the next on either backend. A hint is asked of a fresh agent
each time (`plan.coach_agent`), so that it depends on its decision alone and the review can
ask it again (`plan.advise`).

- `ThreadThinker` thinks on a daemon thread (`worker.start_thread`: the short switch
  interval that keeps the window's frames while a thread searches);
- `ProcessThinker` thinks in a process of its own, started (spawned) at the first request and
  kept for the next ones, at a lower priority where the OS allows: the search has a core of
  its own and never holds the window's GIL. Cancel is a number in shared memory that the
  search reads at each of its looks at its stop signal.
"""

from __future__ import annotations

import contextlib
import ctypes
import logging
import multiprocessing
import os
import queue
import signal
import threading
import time
import traceback
import weakref
from multiprocessing.process import BaseProcess
from typing import Any

from loyang_game.engine import Move

from . import memo, review
from .agents import make_agent
from .asking import Job as Job
from .asking import Progress as Progress
from .asking import Report as Report
from .asking import Request as Request
from .asking import Result as Result
from .plan import coach_agent, explained
from .review import Finding
from .searcher import Searcher
from .weighing import Stopped
from .worker import CANCEL_WAIT, start_thread

ENV = "LOYANG_THINKER"  # the backend of `open_thinker`, "thread" or "process"
NICENESS = 10  # added to the thinking process's nice value: the window comes first
PARENT_CHECK = 0.5  # seconds between the thinking process's looks at the window's process
log = logging.getLogger(__name__)


class Mind:
    """What a thinker keeps between requests, on whichever side of its backend it runs."""

    def __init__(self) -> None:
        self.agents: dict[tuple[int, str, int, bool], Searcher] = {}

    def answer(self, request: Request, stop: threading.Event, report: Report) -> Result | None:
        """The answer to `request`; None once `stop` is set (raises what the thinking raised)."""
        if request.job == Job.REVIEW:
            return self._review(request, stop, report)
        if request.view is None:
            raise ValueError(f"a {request.job.value} needs the seat's view")
        state = request.view.clone()
        state.history = _history(request.moves)
        seat = request.seat
        if state.current_player != seat:
            raise ValueError(f"it is not seat {seat}'s decision")
        agent = self._agent(request)
        given = request.given
        adopted = None if given is None else agent.adopt(state, seat, given)
        if given is not None and adopted is not None:
            report(Progress(given.iterations, given.iterations, given.move))
            return Result(adopted.move, given.iterations)
        total, seconds = agent.budget(state)
        done = 0

        def progress(iterations: int, best: Move | None) -> None:
            nonlocal done
            done = iterations
            report(Progress(iterations, total, best, seconds))

        report(Progress(0, total, None, seconds))
        searched = agent.search(state.clone(), seat, stop, progress)
        if stop.is_set():
            return None
        move = searched.move
        report(Progress(done, total, move, seconds))
        if request.job == Job.MOVE:
            return Result(move, done)
        if request.job == Job.PONDER:
            return Result(move, done, searched.plan, seconds=searched.seconds)
        advice = explained(agent, searched, state, seat, done)  # the review's `advise` too
        return Result(move, done, advice.plan, advice.estimates, advice.serving,
                      advice.racing)

    def _agent(self, request: Request) -> Searcher:
        if request.job == Job.HINT:  # a fresh one: a hint depends on its decision alone
            return coach_agent(request.level, request.seed, request.deterministic)
        if request.job == Job.PONDER:  # a fresh one: the seat's own goes on with its game
            return make_agent(request.level, request.seed, request.deterministic)
        key = (request.seat, request.level, request.seed, request.deterministic)
        agent = self.agents.get(key)
        if agent is None:
            agent = self.agents[key] = make_agent(request.level, request.seed,
                                                  request.deterministic)
        return agent

    def _review(self, request: Request, stop: threading.Event, report: Report) -> Result:
        found: list[Finding] = []
        units, left_out = review.to_judge(request.config, request.moves, request.seat, stop)
        review.judge_all(request.config, request.moves, units, request.seat, found,
                         request.seed, lambda done, total: report(Progress(done, total)), stop,
                         request.level or None)
        return Result(findings=tuple(sorted(found, key=lambda f: (-f.cost, f.step))),
                      left_out=left_out)


def _history(moves: tuple[Move, ...]) -> tuple[Any, Move] | None:
    """`moves` as the engine keeps a game's history: (the history before, the last move)."""
    history: tuple[Any, Move] | None = None
    for move in moves:
        history = (history, move)
    return history


def attempt(mind: Mind, request: Request, stop: threading.Event,
            report: Report) -> Result | None:
    """`mind.answer`, with a failure turned into a Result that says so."""
    try:
        return mind.answer(request, stop, report)
    except Stopped:
        return None
    except Exception as exc:  # told to the asker, never raised where it thinks
        log.error("the thinker's %s failed", request.job.value, exc_info=exc)
        return Result(error=str(exc) or type(exc).__name__, trace=traceback.format_exc())


class Thinker:
    """One request at a time; see the module docstring. A backend says how the request is
    thought about; this keeps the request in hand, its progress and its result."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counter = 0  # requests submitted
        self._number = 0  # the request in hand (0: none)
        self._result: Result | None = None
        self._progress = Progress()

    def submit(self, request: Request) -> None:
        """Begin thinking about `request`; a request in hand is cancelled first."""
        raise NotImplementedError

    def cancel(self) -> None:
        """Stop thinking: returns within 100 ms, and poll() then returns None."""
        raise NotImplementedError

    def close(self) -> None:
        """Cancel, and end what the backend started."""
        self.cancel()

    def poll(self) -> Result | None:
        """The result once it is ready (the thinker is then idle), else None."""
        with self._lock:
            result, self._result = self._result, None
        return result

    @property
    def busy(self) -> bool:
        """A request is in hand, not yet answered."""
        with self._lock:
            return self._number != 0

    @property
    def progress(self) -> Progress:
        with self._lock:
            return self._progress

    # -- for the backends -----------------------------------------------------------------
    def _begin(self) -> int:
        with self._lock:
            self._counter += 1
            self._number = self._counter
            self._result, self._progress = None, Progress()
            return self._number

    def _drop(self) -> None:
        with self._lock:
            self._number, self._result = 0, None

    def _progressed(self, number: int, progress: Progress) -> None:
        with self._lock:
            if number == self._number:
                self._progress = progress

    def _finished(self, number: int, result: Result) -> None:
        with self._lock:
            if number == self._number:
                self._result, self._number = result, 0


# The thread thinkers of this process not yet closed (nor collected): when the last one goes,
# the search's tables of boards (`memo`) are let go, as a thinking process's are when it ends.
_open_here = 0
_open_lock = threading.Lock()


def _opened() -> None:
    global _open_here
    with _open_lock:
        _open_here += 1


def _closed() -> None:
    global _open_here
    with _open_lock:
        _open_here -= 1
        last = _open_here == 0
    if last:
        memo.forget()


class ThreadThinker(Thinker):
    """Thinks on a daemon thread of this process (today's behaviour). Closed (or collected)
    as the last thread thinker open here, it lets the search's tables of boards go
    (`memo.forget`): the window's table closes its seats' and its coach's with the game."""

    def __init__(self) -> None:
        super().__init__()
        self._mind = Mind()
        self._mind_lock = threading.Lock()  # an abandoned thread finishes before the next
        self._thread: threading.Thread | None = None
        self._stop: threading.Event | None = None
        _opened()
        self._release = weakref.finalize(self, _closed)
        self._release.atexit = False  # at the end of the process there is nothing to let go

    def close(self) -> None:
        self.cancel()
        self._release()  # once: a second close, or the collection, does nothing more

    def submit(self, request: Request) -> None:
        self.cancel()
        number = self._begin()
        self._stop = stop = threading.Event()
        self._thread = start_thread(self._run, (request, stop, number),
                                    f"thinker-{request.job.value}-seat{request.seat}")

    def cancel(self) -> None:
        """The thread is told to stop and, if it has not finished within `CANCEL_WAIT`, it is
        abandoned (it is a daemon, looks at its stop signal often, its result is ignored)."""
        self._drop()
        stop, self._stop = self._stop, None
        if stop is not None:
            stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            thread.join(CANCEL_WAIT)

    def _run(self, request: Request, stop: threading.Event, number: int) -> None:
        with self._mind_lock:
            if stop.is_set():
                return
            result = attempt(self._mind, request, stop,
                             lambda progress: self._progressed(number, progress))
        if result is not None:
            self._finished(number, result)


class _Superseded(threading.Event):
    """The stop signal in the thinking process: set once the window has moved on from request
    `number` (a cancel or another request), read from shared memory, no message needed."""

    def __init__(self, current: ctypes.c_longlong, number: int) -> None:
        super().__init__()
        self._current, self._number = current, number

    def is_set(self) -> bool:
        return bool(self._current.value != self._number)


def serve(inbox: Any, outbox: Any, current: ctypes.c_longlong) -> None:
    """The thinking process: answer requests `(number, request)` from `inbox` until None,
    putting `("progress", number, Progress)` and `("result", number, Result)` in `outbox`;
    it ends too once the window's process is gone (killed, it could not say so)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the window's to answer
    with contextlib.suppress(AttributeError, OSError):  # no nice (Windows), or not allowed
        os.nice(NICENESS)
    outbox.cancel_join_thread()  # ending never waits on answers nobody will read
    window = multiprocessing.parent_process()
    if window is not None:  # watched from a thread: a long review ends with the window too
        threading.Thread(target=_end_with, args=(window,), daemon=True).start()
    mind = Mind()
    while True:
        message = inbox.get()
        if message is None:
            return
        number, request = message
        stop = _Superseded(current, number)
        if stop.is_set():
            continue  # cancelled before it began

        def report(progress: Progress, number: int = number) -> None:
            outbox.put(("progress", number, progress))

        result = attempt(mind, request, stop, report)
        if result is not None and not stop.is_set():
            outbox.put(("result", number, result))


def _end_with(window: Any) -> None:
    """End this process within PARENT_CHECK seconds of the window's process, whatever it is
    thinking about (a review of a whole game takes many seconds)."""
    while window.is_alive():
        time.sleep(PARENT_CHECK)
    os._exit(0)


class ProcessThinker(Thinker):
    """Thinks in a process of its own (spawned, so it is safe beside the window's threads),
    kept from one request to the next with its agents."""

    def __init__(self) -> None:
        super().__init__()
        self._context = multiprocessing.get_context("spawn")
        self._child: BaseProcess | None = None
        self._inbox: Any = None
        self._outbox: Any = None
        self._current: ctypes.c_longlong | None = None
        self._end: weakref.finalize[Any, ProcessThinker] | None = None

    def submit(self, request: Request) -> None:
        self.cancel()
        current, inbox = self._started()
        number = self._begin()
        current.value = number
        inbox.put((number, request))

    def cancel(self) -> None:
        """Never waits: the number in hand changes, the process sees it at its next look."""
        self._drop()
        if self._current is not None:
            self._current.value = 0

    def close(self) -> None:
        self.cancel()
        if self._end is not None:
            self._end()

    def poll(self) -> Result | None:
        self._receive()
        return super().poll()

    @property
    def busy(self) -> bool:
        self._receive()
        return super().busy

    @property
    def progress(self) -> Progress:
        self._receive()
        return super().progress

    def _started(self) -> tuple[ctypes.c_longlong, Any]:
        """The process (started now if it is not running) and its shared request number."""
        if (self._child is not None and self._child.is_alive() and self._current is not None
                and self._inbox is not None):
            return self._current, self._inbox
        if self._end is not None:
            self._end()
        context = self._context
        self._inbox, self._outbox = context.Queue(), context.Queue()
        self._inbox.cancel_join_thread()  # leaving never waits on a request not yet sent
        current = self._current = context.RawValue(ctypes.c_longlong, 0)
        self._child = context.Process(target=serve, args=(self._inbox, self._outbox, current),
                                      name="loyang-thinker", daemon=True)
        self._child.start()
        self._end = weakref.finalize(self, _end_process, self._child, self._inbox)
        return current, self._inbox

    def _receive(self) -> None:
        """Take what the process has sent; a process that ended unasked fails the request."""
        outbox, child = self._outbox, self._child
        if outbox is None or child is None:
            return
        while True:
            try:
                kind, number, payload = outbox.get_nowait()
            except queue.Empty:
                break
            if kind == "progress":
                self._progressed(number, payload)
            else:
                self._finished(number, payload)
        if self._number and not child.is_alive():
            self._finished(self._number, Result(
                error=f"the thinking process ended (exit code {child.exitcode})"))


def _end_process(child: BaseProcess, inbox: Any) -> None:
    """Ask the thinking process to end, and make sure it does."""
    with contextlib.suppress(OSError, ValueError):  # the queue is closed already
        inbox.put(None)
    child.join(CANCEL_WAIT)
    if child.is_alive():
        child.terminate()


BACKENDS: dict[str, type[Thinker]] = {"thread": ThreadThinker, "process": ProcessThinker}


def open_thinker(backend: str | None = None, default: str = "thread") -> Thinker:
    """A thinker of `backend` ("thread" or "process"; None: the LOYANG_THINKER environment
    variable's, else `default`)."""
    name = backend or os.environ.get(ENV, "") or default
    kind = BACKENDS.get(name)
    if kind is None:
        log.warning("%s=%s is no backend (%s): thinking on a thread", ENV, name,
                    ", ".join(BACKENDS))
        kind = ThreadThinker
    return kind()
