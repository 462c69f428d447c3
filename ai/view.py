"""The AI's only look at a game: the engine's `observe`, the one gate of hidden information.

`canonical_view` is the canonical sample of what `seat` sees (every hidden card in a fixed
order): two states that look the same from the seat give the same view, so in deterministic
mode the AI makes the same choice whatever lies hidden. `determinise` then samples the hidden
cards from that view with the search's own RNG. Nothing but `observe` is ever called on the
real state.
"""

from __future__ import annotations

import random


def canonical_view(state, seat: int):
    """What `seat` sees of `state`, with every hidden card in a fixed order."""
    return state.observe(seat)


def determinise(view, seat: int, rng: random.Random):
    """One sample of the hidden cards, consistent with `view` (a canonical view)."""
    return view.observe(seat, rng)
