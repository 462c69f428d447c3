"""Games for tests to look back on."""

from __future__ import annotations

import random

from loyang_game.engine import GameConfig, new_game


def random_game(seats: int, seed: int, limit: int | None = None):
    """A game of random moves (at most `limit`): its final state and, as `to_data()`, its
    state after every move (the deal first)."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    states = [state.to_data()]
    while not state.is_over and (limit is None or len(states) <= limit):
        state.apply(rng.choice(state.legal_moves()))
        states.append(state.to_data())
    return state, states
