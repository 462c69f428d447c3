"""Agents: anything with `choose(state) -> Move` for the seat whose decision it is.

Agents never touch the UI; they see the state they are given and answer with one of its
legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from loyang_game.engine import GameState, Move


class RandomAgent:
    """Uniform over `legal_moves()`: the baseline and the engine's shaker."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


AGENTS: dict[str, Callable[[int], object]] = {
    "random": RandomAgent,
}


def make_agent(name: str, seed: int = 0):
    """An agent by its name in `AGENTS`; ValueError listing the names for anything else."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return factory(seed)
