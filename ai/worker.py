"""The table's AI worker: think on a background thread, hand back one move.

    worker = AIWorker()
    worker.start(state, seat, "hard")      # clones the state itself
    ...each frame...
    move = worker.poll()                   # None until the move is ready
    worker.progress                        # {"iterations": int, "best": Move | None}
    worker.cancel()                        # quit, undo, new game, load: returns within 100 ms

The search runs on a daemon thread and only ever sees the worker's own clone of the state
(and, inside the agents, `observe()` of it). An exception raised by the search is caught on
the thread and reported in `error`; it never reaches the table's loop.

Frame rate: a CPU-bound Python thread competes with the drawing thread for the GIL. The
worker lowers the interpreter's switch interval while it thinks (`SWITCH_INTERVAL`, chosen
from `python -m ai.framebench`, see that module) and restores it when it is idle.
"""

from __future__ import annotations

import logging
import sys
import threading

from loyang_game.engine import Move

from .agents import make_agent

# Seconds; see ai/framebench.py for the measurement behind it.
SWITCH_INTERVAL = 0.0002
CANCEL_WAIT = 0.09  # how long cancel() waits for the thread to notice (the contract: 100 ms)

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


def start_thread(target, args: tuple, name: str) -> threading.Thread:
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


class AIWorker:
    """One move at a time, on a daemon thread; see the module docstring."""

    def __init__(self, deterministic: bool = False) -> None:
        """`deterministic`: MCTS levels search a fixed number of iterations (no clock), so a
        given state, seat, level and seed always give the same move (tests, replays)."""
        self.deterministic = deterministic
        self._thread: threading.Thread | None = None
        self._stop: threading.Event | None = None
        self._result: Move | None = None
        self._error: BaseException | None = None
        self._progress: dict = {"iterations": 0, "best": None}  # numbers and moves: the
        # words for the player are made on the window's side
        self._lock = threading.Lock()
        self._generation = 0
        self.agents: dict[tuple[int, str, int | None], object] = {}

    # -- the contract -------------------------------------------------------------------
    def start(self, state, seat: int, level: str, seed: int | None = None) -> None:
        """Begin thinking about `seat`'s decision in `state` (cloned here) at `level`.

        A search already running is cancelled first. The agent for (seat, level, seed) is
        kept between calls so that it can reuse its tree across one turn's decisions."""
        self.cancel()
        if state.current_player != seat:
            raise ValueError(f"it is not seat {seat}'s decision")
        snapshot = state.clone()
        key = (seat, level, seed)
        agent = self.agents.get(key)
        if agent is None:
            agent = make_agent(level, seed if seed is not None else 0, self.deterministic)
            self.agents[key] = agent
        stop = threading.Event()
        with self._lock:
            self._generation += 1
            generation = self._generation
            self._stop = stop
            self._result = None
            self._error = None
            self._progress = {"iterations": 0, "best": None}
        self._thread = start_thread(self._run, (agent, snapshot, seat, stop, generation),
                                    f"ai-{level}-seat{seat}")

    def poll(self) -> Move | None:
        """The move once it is ready (the worker is then idle), else None."""
        with self._lock:
            move, self._result = self._result, None
        return move

    @property
    def busy(self) -> bool:
        thread = self._thread
        return thread is not None and thread.is_alive()

    @property
    def progress(self) -> dict:
        with self._lock:
            return dict(self._progress)

    @property
    def error(self) -> BaseException | None:
        return self._error

    def cancel(self) -> None:
        """Stop thinking; returns within 100 ms and poll() then returns None.

        The thread is told to stop and, if it has not finished within `CANCEL_WAIT`, it is
        abandoned (it is a daemon, checks its stop event often and its result is ignored)."""
        with self._lock:
            self._generation += 1
            stop, self._stop = self._stop, None
            self._result = None
        if stop is not None:
            stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            thread.join(CANCEL_WAIT)

    def reset(self) -> None:
        """Cancel and forget the agents (and their trees): new game or load."""
        self.cancel()
        self.agents.clear()

    # -- the thread ---------------------------------------------------------------------
    def _run(self, agent, state, seat: int, stop: threading.Event, generation: int) -> None:
        try:
            def report(iterations: int, best: Move | None) -> None:
                with self._lock:
                    if generation == self._generation:
                        self._progress = {"iterations": iterations,
                                          "best": best}

            choose = getattr(agent, "choose_interruptible", None)
            if choose is not None:
                move = choose(state, stop=stop, progress=report, seat=seat)
            else:
                move = agent.choose(state)
            if move is not None and not stop.is_set():
                report(self._progress.get("iterations", 0), move)
            with self._lock:
                if generation == self._generation and not stop.is_set():
                    self._result = move
        except BaseException as exc:  # reported to the caller, never raised on the thread
            logging.getLogger(__name__).error("the search failed", exc_info=exc)
            with self._lock:
                if generation == self._generation:
                    self._error = exc
