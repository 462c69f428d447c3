"""AI seats: `ai.worker.AIWorker` when it exists, else a thread around `ai.agents`.

Both have the same face: `start(state, seat, level, seed)`, `poll()` -> Move | None,
`busy`, `progress`, `error`, `cancel()`.
"""

from __future__ import annotations

import sys
import threading
import time

from ..engine import GameState, Move


class ThreadWorker:
    """Runs `make_agent(level, seed).choose(state)` on a daemon thread."""

    def __init__(self) -> None:
        self.busy = False
        self.progress: dict = {"iterations": 0, "best": ""}
        self.error: BaseException | None = None
        self._move: Move | None = None
        self._token = 0

    def start(self, state: GameState, seat: int, level: str, seed: int | None = None) -> None:
        from ai.agents import AGENTS, make_agent

        self.cancel()
        self._token += 1
        token = self._token
        self.busy = True
        self.error = None
        self._move = None
        name = level if level in AGENTS else "random"
        agent = make_agent(name, seed or 0)
        snapshot = state.clone()

        def run() -> None:
            try:
                move = agent.choose(snapshot)
                if token == self._token:
                    self._move = move
            except BaseException as error:  # reported to the table, never lost
                if token == self._token:
                    self.error = error
            finally:
                if token == self._token:
                    self.busy = False

        threading.Thread(target=run, daemon=True, name=f"ai-seat-{seat}").start()

    def poll(self) -> Move | None:
        move, self._move = self._move, None
        return move

    def cancel(self) -> None:
        self._token += 1
        self.busy = False
        self._move = None


def make_worker():
    sys.setswitchinterval(0.001)  # keep the frame rate while a thread thinks (DESIGN.md)
    try:
        from ai.worker import AIWorker  # type: ignore[import-not-found]

        return AIWorker()
    except ImportError:
        return ThreadWorker()


def levels() -> list[str]:
    from ai.agents import AGENTS

    return list(AGENTS)


_ = time
