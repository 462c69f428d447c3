"""Agents: anything with `choose(state) -> Move` for the seat whose decision it is; those
`make_agent` seats by name are searchers too (`searcher.Searcher`: what the thinker, the coach
and the review ask).

Agents never touch the UI; they see the state they are given and answer with one of its
legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from loyang_game.engine import GameState, Move
from loyang_game.engine.moves import CLAIM, NONE, USE

from .levels import LEVELS
from .searcher import Plain, Searcher


class Agent(Protocol):
    """What plays a seat: its move for the decision at hand."""

    def choose(self, state: GameState) -> Move:
        """One of `state.legal_moves()`, for the seat whose decision it is."""
        ...


class RandomAgent(Plain):
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


def _greedy(seed: int = 0) -> Searcher:
    from .greedy import GreedyAgent

    return GreedyAgent(seed)  # no clock: always deterministic


def _mcts(level: str) -> Callable[..., Searcher]:
    def factory(seed: int = 0, deterministic: bool = False) -> Searcher:
        return make_agent(level, seed, deterministic)

    return factory


# The agents that search nothing, by name: each made from its seed alone.
PLAIN: dict[str, Callable[[int], Searcher]] = {
    "random": RandomAgent,
    "helper-happy": HelperHappyAgent,
    "greedy": _greedy,
}

# Every agent by name, a searching level's factory taking (seed, deterministic).
AGENTS: dict[str, Callable[..., Searcher]] = {**PLAIN, **{name: _mcts(name) for name in LEVELS}}


# What a player may seat at the table; the rest of AGENTS are for measuring (the engine's
# shaker). The lab's frozen yardsticks are seated by `lab.yardsticks.make_agent`.
PLAYER_LEVELS = ("random", "greedy", "easy", "normal", "hard")


def searching(name: str) -> bool:
    """Is the agent `name` (knobs allowed) one of the searching levels (MCTS)?"""
    return name.partition(":")[0] in LEVELS


def make_agent(name: str, seed: int = 0, deterministic: bool = False) -> Searcher:
    """An agent by its name in `AGENTS`; ValueError listing the names for anything else.

    `deterministic`: search levels count iterations only, never the clock, so the same name,
    seed and game give the same moves in any process and on a machine however busy.
    A searching level may carry knob overrides for experiments, `hard:exploration=0.6,widen=2`
    (`knobs.py`)."""
    from .knobs import parse_knobs

    base, _, knobs = name.partition(":")
    if base in LEVELS:
        from .search import MCTSAgent

        overrides = parse_knobs(knobs) if knobs else None
        return MCTSAgent(base, seed, deterministic=deterministic, overrides=overrides)
    plain = PLAIN.get(base)
    if plain is None:
        raise ValueError(f"unknown agent {base!r}; choose from {', '.join(AGENTS)}")
    if knobs:
        raise ValueError(f"agent {base!r} has no knobs")
    return plain(seed)
