"""Cards coming into and leaving a play area: the operations every phase and Helper shares.

A played card is placed where its kind goes; when it leaves, the card under it (a Two-pack's
lower card) is placed at once, and a Helper reaching the discard pile may be claimed by the
Foreman (RULINGS R9, R13).
"""

from __future__ import annotations

from .cards import CARDS, COMMON_FIELD, NONE, REGULAR, STALL
from .events import Discarded, Placed, Revealed, Source, Spot, Vegetables
from .state import (
    ACTIONS,
    CLAIM,
    FULL_STALL,
    AnySlot,
    ClaimChoice,
    FieldSlot,
    PlayerState,
    RegularSlot,
    Slot,
    StallSlot,
    State,
    held,
    new_slot,
)


def place_card(s: State, p: PlayerState, card: int, under: int = NONE,
               source: Source = Source.HAND) -> None:
    """Put a played or revealed card, come from `source`, into its place in `p`'s play area.

    Stalls are filled at once; a Regular customer gets a blue marker and is due this round
    unless `p` has already finished this round's Action phase (RULINGS R7).
    """
    kind = CARDS[card].kind
    if kind == STALL:
        p.stalls.append(new_slot(StallSlot, (card, under, FULL_STALL)))
    elif kind == REGULAR:
        first_due = s.round + 1 if p.done else s.round
        p.regulars.append(new_slot(RegularSlot, (card, under, 0, False, first_due, 0, 0)))
    elif kind == COMMON_FIELD:
        p.fields.append(new_slot(FieldSlot, (card, under, NONE, 0)))
    else:  # Helpers and Casual customers have no state of their own.
        p.area(kind).append(new_slot(Slot, (card, under)))
    if s.telling:
        s.events.append(Placed(p.seat, card, source, under))
        if kind == STALL:
            s.events += [Vegetables(p.seat, veg, 1, Spot.SUPPLY, Spot.STALL, card)
                         for veg, _bowls in CARDS[card].offers]


def lift(s: State, p: PlayerState, area: list[AnySlot], index: int) -> AnySlot:
    """Take a played card out of `p`'s area (to move it elsewhere); the card under it is
    placed at once (rulebook, E: "the lower card is immediately moved")."""
    slot = area.pop(index)
    if slot.under != NONE:
        if s.telling:
            s.events.append(Revealed(p.seat, slot.under))
        place_card(s, p, slot.under, source=Source.UNDER)
    return slot


def leave(s: State, p: PlayerState, area: list[AnySlot], index: int) -> None:
    """A played card goes to the discard pile; the card under it is placed at once.

    A Helper reaching the discard pile may be claimed by the Foreman (after the card under
    it is placed, so a Foreman freed this way may claim it: the Maid example).
    """
    slot = lift(s, p, area, index)
    s.discard.append(slot.card)
    if s.telling:
        s.events.append(Discarded(p.seat, slot.card))
    if area is p.helpers:
        offer_foreman_claim(s, p.seat, slot.card)


def offer_foreman_claim(s: State, from_seat: int, card: int) -> None:
    """A Helper has left a play area for the discard pile: the owner of an uncovered Foreman
    may take it (RULINGS R13: asked at once). In a 4-player Action phase only a Helper of the
    owner or of the owner's partner (the lantern rule); in phases 1 and 2 from anyone.

    Settled here (no ruling): only a Helper leaving a play area can be claimed. A Helper of
    a Two-pack that is not kept, or one left in the Courtyard at the end of the Distribution
    round, reaches the discard pile without ever having been in play: the reference speaks of
    a Helper "used or discarded" by a player ("It is irrelevant whether the Helper was used
    or discarded"), and the Foreman is no way to take cards nobody played."""
    if CARDS[card].name == "Foreman":
        return
    for p in s.players:
        if held(p, "Foreman"):
            if (s.config.seats == 4 and s.phase == ACTIONS and s.partner
                    and p.seat not in (from_seat, s.partner[from_seat])):
                return
            s.pending.append(ClaimChoice(CLAIM, p.seat, card, from_seat))
            return
