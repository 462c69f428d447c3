"""The AI's only look at a game: the engine's `observe`, the one gate of hidden information.

`canonical_view` is the canonical sample of what `seat` sees (every hidden card in a fixed
order): two states that look the same from the seat give the same view, so in deterministic
mode the AI makes the same choice whatever lies hidden. `determinise` then samples the hidden
cards from that view with the search's own RNG. Nothing but `observe` is ever called on the
real state.
"""

from __future__ import annotations

import random

from loyang_game.engine import GameState


def canonical_view(state: GameState, seat: int) -> GameState:
    """What `seat` sees of `state`, with every hidden card in a fixed order."""
    return state.observe(seat)  # a clone: of the same class


def determinise(view: GameState, seat: int, rng: random.Random) -> GameState:
    """One sample of the hidden cards, consistent with `view` (a canonical view)."""
    return view.observe(seat, rng)
