"""Agents: anything with `choose(state) -> Move` for the seat whose decision it is.

Agents never touch the UI; they see the state they are given and answer with one of its
legal moves.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Protocol

from loyang_game.engine import GameState, Move
from loyang_game.engine.moves import CLAIM, NONE, USE


class Agent(Protocol):
    """What plays a seat: its move for the decision at hand."""

    def choose(self, state: GameState) -> Move:
        """One of `state.legal_moves()`, for the seat whose decision it is."""
        ...


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


def _greedy(seed: int = 0) -> Agent:
    from .search import GreedyAgent

    return GreedyAgent(seed)  # no clock: always deterministic


def _mcts(level: str) -> Callable[..., Agent]:
    def factory(seed: int = 0, deterministic: bool = False,
                overrides: Mapping[str, float | str] | None = None) -> Agent:
        from .search import MCTSAgent

        return MCTSAgent(level, seed, deterministic=deterministic, overrides=overrides)

    factory.__name__ = f"mcts_{level}"
    return factory


AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "helper-happy": HelperHappyAgent,
    "greedy": _greedy,
    "easy": _mcts("easy"),
    "normal": _mcts("normal"),
    "hard": _mcts("hard"),
    "hard-v1": _mcts("hard-v1"),
    "hard-v2": _mcts("hard-v2"),
    "hard-v3": _mcts("hard-v3"),
}


# What a player may seat at the table; the rest of AGENTS are for measuring (the engine's
# shaker, the frozen yardstick).
PLAYER_LEVELS = ("random", "greedy", "easy", "normal", "hard")


def searching(name: str) -> bool:
    """Is the agent `name` (knobs allowed) one of the searching levels (MCTS)?"""
    from .levels import LEVELS

    return name.partition(":")[0] in LEVELS


def make_agent(name: str, seed: int = 0, deterministic: bool = False) -> Agent:
    """An agent by its name in `AGENTS`; ValueError listing the names for anything else.

    `deterministic`: search levels count iterations only, never the clock, so the same name,
    seed and game give the same moves in any process and on a machine however busy.
    An MCTS level may carry knob overrides for experiments, `hard:exploration=0.6,widen=2`
    (any field of `levels.Level`)."""
    from .levels import LEVELS

    base, _, knobs = name.partition(":")
    factory = AGENTS.get(base) or (_mcts(base) if base in LEVELS else None)
    if factory is None:
        raise ValueError(f"unknown agent {base!r}; choose from {', '.join(AGENTS)}")
    searches = getattr(factory, "__name__", "") == f"mcts_{base}"
    if not knobs:
        return factory(seed, deterministic=deterministic) if searches else factory(seed)
    if not searches:
        raise ValueError(f"agent {base!r} has no knobs")
    return factory(seed, deterministic=deterministic, overrides=parse_knobs(knobs))


def parse_knobs(text: str) -> dict[str, float | str]:
    """`"exploration=0.6,widen=2"` -> {"exploration": 0.6, "widen": 2.0}; the evaluation by
    its name, `evaluator=corrected`; ValueError if malformed."""
    out: dict[str, float | str] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"knob {item!r} is not name=value")
        if key.strip() == "evaluator":
            out["evaluator"] = value.strip()
            continue
        try:
            out[key.strip()] = float(value)
        except ValueError:
            raise ValueError(f"knob {key.strip()!r} needs a number, not {value!r}") from None
    return out
