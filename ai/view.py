"""The AI's only look at a game: `state.observe(seat, rng)`, made canonical.

`observe` re-samples everything `seat` cannot see, but how it shuffles depends on the order
the hidden cards happen to be in. The AI wants more: two states that look the same from its
seat must give it the same determinisations, so that in deterministic mode it makes the same
choice whatever lies hidden. `canonical_view` asks `observe` once with a fixed RNG, sorts
what is hidden in that view (the draw pile pooled with the other players' hands, and each
set of every private field pile) and returns it; `determinise` then samples from that view
with the search's own RNG. Nothing but `observe` is ever called on the real state.
"""

from __future__ import annotations

import random

from loyang_game.engine.cards import CARDS, field_sets
from loyang_game.engine.moves import NONE


def canonical_view(state, seat: int):
    """What `seat` sees of `state`, with every hidden card in a fixed order."""
    view = state.observe(seat, random.Random(0))
    others = [p for p in view.players if p.seat != seat]
    pool = list(view.draw)
    for p in others:
        pool.extend(p.hand)
        if p.intro != NONE:
            pool.append(p.intro)
    pool.sort()
    for p in others:
        if p.intro != NONE:
            start = next(c for c in pool if CARDS[c].start)
            pool.remove(start)
            p.intro = start
    for p in others:
        n = len(p.hand)
        p.hand = pool[:n]
        del pool[:n]
    view.draw = pool
    for p in view.players:
        if p.seat == seat and p.pile_seen:
            continue
        pile = p.pile
        for block in field_sets(p.seat):
            positions = [i for i, c in enumerate(pile) if c in block and i >= p.pile_known]
            cards = sorted(pile[i] for i in positions)
            for i, c in zip(positions, cards):
                pile[i] = c
    return view


def determinise(view, seat: int, rng: random.Random):
    """One sample of the hidden cards, consistent with `view` (a canonical view)."""
    return view.observe(seat, rng)
