"""Helpers of the cards: Con man, Foreman, Official, Squire (Helper Reference)."""

from __future__ import annotations

from itertools import combinations

from ..cards import CARDS, COMMON_FIELD, COMMON_FIELD_COST, HELPER, NONE
from ..events import Claimed, Handed, IntoOffer, Placed, Source
from ..moves import CLAIM, Move
from ..play_area import lift, place_card
from ..state import (
    HARVEST_PHASE,
    OFFICIAL,
    ClaimChoice,
    PlayerState,
    Slot,
    State,
    find,
    held,
)
from .base import Helper, activate, owner_of, reachable, register, use, use_up

SQUIRE_MOST = 3  # Courtyard cards taken with the Squire


@register
class ConMan(Helper):
    name = "Con man"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        """Never by the starting player; covered Helpers cannot be taken."""
        if s.config.solo:
            return [use(card, c) for c in s.offer if c != NONE and CARDS[c].kind == HELPER]
        if p.seat == s.start_seat:
            return []
        return [use(card, slot.card) for other in reachable(s, p) if other.done
                for slot in other.helpers]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        if s.config.solo:
            lift(s, p, p.helpers, find(p.helpers, move.a))
            s.offer[s.offer.index(move.b)] = move.a
            p.helpers.append(Slot(move.b))
            if s.telling:
                s.events += (IntoOffer(p.seat, move.a), Placed(p.seat, move.b, Source.OFFER))
            return
        other = owner_of(s, "helpers", move.b)
        lift(s, other, other.helpers, find(other.helpers, move.b))
        lift(s, p, p.helpers, find(p.helpers, move.a))
        p.helpers.append(Slot(move.b))
        other.helpers.append(Slot(move.a))
        if s.telling:
            s.events += (Handed(move.a, p.seat, other.seat), Handed(move.b, other.seat, p.seat))


@register
class Foreman(Helper):
    name = "Foreman"
    phases = (1, 2, 3)  # used only by a claim, asked of the owner when a Helper is discarded


def drop_stale_claim(s: State) -> bool:
    """A claim whose Foreman has meanwhile left (it claimed another Helper discarded in the
    same action) lapses; True if the pending claim on top was dropped."""
    claim = s.pending[-1]
    if not isinstance(claim, ClaimChoice):
        return False
    if held(s.players[claim.seat], "Foreman") and claim.card in s.discard:
        return False
    s.pending.pop()
    return True


def legal_claim(card: int) -> list[Move]:
    return [Move(CLAIM, card), Move(CLAIM)]


def apply_claim(s: State, move: Move) -> None:
    claim = s.pending.pop()
    assert isinstance(claim, ClaimChoice)
    seat, card = claim.seat, claim.card
    if move.a == NONE:
        return
    p = s.players[seat]
    use_up(s, p, held(p, "Foreman")[0])
    s.discard.remove(card)
    p.helpers.append(Slot(card))
    if s.telling:
        s.events.append(Claimed(seat, card))
    if s.phase == HARVEST_PHASE and CARDS[card].name == "Harvest helper":
        s.harvest_passed = [t for t in s.harvest_passed if t != seat]  # asked again


@register
class Official(Helper):
    name = "Official"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        return [use(card)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        activate(p, OFFICIAL)
        use_up(s, p, move.a)


@register
class Squire(Helper):
    name = "Squire"
    phases = (2,)

    def card_phase_moves(self, s: State, p: PlayerState, playable: list[int]) -> list[Move]:
        """Squire takes: a hand card (or the Introductory customer) and 1 to 3 Courtyard
        cards. A Squire played this Card phase is never usable in it (its owner has already
        taken); one claimed by the Foreman is (the reference's exception)."""
        moves = []
        for card in held(p, self.name):
            for size in range(1, min(SQUIRE_MOST, len(s.courtyard)) + 1):
                for chosen in combinations(sorted(s.courtyard), size):
                    moves += [use(card, hand, *chosen) for hand in playable]
        return moves

    def take(self, s: State, p: PlayerState, move: Move) -> int:
        """Play the cards; return the Cash owed for common fields."""
        cost = 0
        for taken in (move.c, move.d, move.e):
            if taken != NONE:
                s.courtyard.remove(taken)
                place_card(s, p, taken, source=Source.COURTYARD)
                cost += COMMON_FIELD_COST if CARDS[taken].kind == COMMON_FIELD else 0
        return cost
