"""Agents: anything with `choose(state) -> Move` for the seat whose decision it is.

Agents never touch the UI; they see the state they are given and answer with one of its
legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from loyang_game.engine import GameState, Move
from loyang_game.engine.moves import CLAIM, NONE, USE


class RandomAgent:
    """Uniform over `legal_moves()`: the baseline and the engine's shaker."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        return moves[self.rng.randrange(len(moves))]


class HelperHappyAgent(RandomAgent):
    """Random, but plays a Helper (or lets the Foreman claim) whenever it can: it shakes
    the Helpers hard in the arena and the property tests."""

    name = "helper-happy"

    def choose(self, state: GameState) -> Move:
        moves = state.legal_moves()
        helper_moves = [m for m in moves if m.kind == USE or (m.kind == CLAIM and m.a != NONE)]
        pool = helper_moves or moves
        return pool[self.rng.randrange(len(pool))]


def _greedy(seed: int = 0):
    from .search import GreedyAgent

    return GreedyAgent(seed)


def _mcts(level: str) -> Callable[[int], object]:
    def factory(seed: int = 0):
        from .search import MCTSAgent

        return MCTSAgent(level, seed)

    factory.__name__ = f"mcts_{level}"
    return factory


AGENTS: dict[str, Callable[[int], object]] = {
    "random": RandomAgent,
    "helper-happy": HelperHappyAgent,
    "greedy": _greedy,
    "easy": _mcts("easy"),
    "normal": _mcts("normal"),
    "hard": _mcts("hard"),
}


def make_agent(name: str, seed: int = 0):
    """An agent by its name in `AGENTS`; ValueError listing the names for anything else."""
    try:
        factory = AGENTS[name]
    except KeyError:
        raise ValueError(f"unknown agent {name!r}; choose from {', '.join(AGENTS)}") from None
    return factory(seed)
