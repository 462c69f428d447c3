"""Solo: what the customers still to come will want, from the cards not yet seen.

The projection values a spare vegetable at a fixed `future[v]` Cash for the customers still
to come, fitted over all games. In a given solo game the customers still to come are no
mystery as a group: they are the customer cards of the draw pile (and of the discard pile,
until its one reshuffle) and of the Offer, whose make-up the farmer can count from what he has
seen, and it drifts far from the average (by round 3 one vegetable's share of the wants is
often half or one and a half times its share in the whole deck). `tilted` scales each
vegetable's future value by how much more or less it is wanted there than in the whole deck.
Only the make-up is used, never the order, so it is the same in every determinisation.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from functools import cache

from loyang_game.engine.cards import CARDS
from loyang_game.engine.moves import NONE

from .evaluate import Evaluator

FLOOR, CEILING = 0.25, 2.0  # the ratio's bounds: a share of one card's wants is a small sample


def wants(cards) -> list[float]:
    """Deliveries asked for per vegetable: a Regular customer's wants once per delivery
    still printed on it, a Casual customer's once."""
    total = [0.0] * 6
    for card in cards:
        if card == NONE:
            continue
        c = CARDS[card]
        for v in c.wants:
            total[v] += len(c.pays)
    return total


@cache
def deck_shares() -> tuple[float, ...]:
    total = wants(c.id for c in CARDS)
    return tuple(w / sum(total) for w in total)


def ratios(state) -> list[float]:
    """Each vegetable's share of the wants still to come against its share in the deck."""
    pool = list(state.draw) + list(state.offer)
    if not state.reshuffled:
        pool += state.discard
    total = wants(pool)
    if not sum(total):
        return [1.0] * 6
    return [min(CEILING, max(FLOOR, w / sum(total) / share))
            for w, share in zip(total, deck_shares(), strict=True)]


def tilted(ev: Evaluator, state, weight: float) -> Evaluator:
    """`ev` with each future value scaled by (1 - weight + weight * ratio)."""
    future = tuple(f * (1.0 - weight + weight * r)
                   for f, r in zip(ev.params.future, ratios(state), strict=True))
    tilted_ev = copy.copy(ev)  # a corrected evaluation keeps its correction
    tilted_ev.params = replace(ev.params, future=future)
    return tilted_ev
