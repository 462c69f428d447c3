"""Helpers of the fields: Harvest helper, Plough-man, Subsistence farmer, Tenant-farmer
(Helper Reference)."""

from __future__ import annotations

from ..cards import CARDS, HOME_VEGETABLES, NONE, PRIVATE_FIELD
from ..events import (
    FieldRemoved,
    Harvested,
    PileSeen,
    Placed,
    Source,
    Spot,
    TokenTaken,
    UnderPile,
    Vegetables,
    Why,
)
from ..moves import PASS, Move
from ..play_area import leave, lift
from ..state import EXTRA_TOKEN, FieldSlot, PlayerState, State, find, held, new_slot
from .base import Helper, activate, owner_of, reachable, register, use, use_up

HARVEST_HELPER_MINIMUM = 4
PLOUGH_MINIMUM = 2
SUBSISTENCE_MINIMUM = 4
SUBSISTENCE_PRICE = 1
TENANT_PRICE = 3
SOLO = 1000 - 1  # the Subsistence farmer's solo option (no card id is this large)


def _not_home(p: PlayerState) -> list[tuple[int, FieldSlot]]:
    """(index, field) for every field but the Home field (no Helper reaches it)."""
    return [(i, f) for i, f in enumerate(p.fields) if CARDS[f.card].code != "Home"]


def harvest_token(s: State, p: PlayerState, index: int) -> None:
    """One token from a field into the Cart; an emptied field leaves (private fields the
    game, common fields to the discard pile)."""
    field = p.fields[index]
    p.cart[field.veg] += 1
    if s.telling:
        s.events.append(Harvested(p.seat, field.card, field.veg))
    if field.tokens > 1:
        p.fields[index] = new_slot(FieldSlot, (field.card, field.under, field.veg,
                                               field.tokens - 1))
    elif CARDS[field.card].kind == PRIVATE_FIELD:
        p.fields.pop(index)
        if s.telling:
            s.events.append(FieldRemoved(p.seat, field.card))
    else:
        leave(s, p, p.fields, index)


@register
class HarvestHelper(Helper):
    name = "Harvest helper"
    phases = (1, 3)

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        return [use(card, 2)]

    def harvest_moves(self, p: PlayerState, card: int) -> list[Move]:
        """Option 1, before the harvest: for each eligible field, use it or not. The extra
        token comes off first, so a second use (with the Foreman) counts the field again:
        3 tokens from a field of 5 or more, as the reference says."""
        eligible = [i for i, f in _not_home(p) if f.tokens >= HARVEST_HELPER_MINIMUM]
        return [use(card, 1, mask) for mask in range(1, 1 << len(eligible))]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        if move.b == 2:
            activate(p, EXTRA_TOKEN)
        else:
            eligible = [i for i, f in _not_home(p) if f.tokens >= HARVEST_HELPER_MINIMUM]
            for bit, index in enumerate(eligible):
                if move.c & (1 << bit):
                    harvest_token(s, p, index)
        use_up(s, p, move.a)


def harvest_fields(p: PlayerState, mask: int) -> list[int]:
    """The fields (card ids) a Harvest helper's option 1 with `mask` harvests from."""
    eligible = [f.card for _i, f in _not_home(p) if f.tokens >= HARVEST_HELPER_MINIMUM]
    return [card for bit, card in enumerate(eligible) if mask & (1 << bit)]


def harvest_window_moves(p: PlayerState) -> list[Move]:
    """The Harvest phase decision of a player with a Harvest helper: use it, or pass."""
    moves = [Move(PASS)]
    for card in held(p, "Harvest helper"):
        moves += HarvestHelper().harvest_moves(p, card)
    return moves


@register
class PloughMan(Helper):
    name = "Plough-man"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        fields = _not_home(p)
        moves = [use(card, 1, f.card) for _, f in fields if f.tokens >= PLOUGH_MINIMUM]
        if any(f.tokens == 1 for _, f in fields):
            moves.append(use(card, 2))
        return moves

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        if move.b == 1:
            # The field is as if just turned over: empty, to be sown again (a common field
            # is not paid for again).
            at = find(p.fields, move.c)
            field = p.fields[at]
            if s.telling:
                s.events.append(Vegetables(p.seat, field.veg, field.tokens, Spot.FIELD, Spot.SUPPLY,
                                           move.c))
            p.fields[at] = FieldSlot(move.c, field.under)
        else:
            for card in [f.card for _, f in _not_home(p) if f.tokens == 1]:
                harvest_token(s, p, find(p.fields, card))
        use_up(s, p, move.a)


@register
class SubsistenceFarmer(Helper):
    name = "Subsistence farmer"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        if p.cash < SUBSISTENCE_PRICE:
            return []
        if s.config.solo:
            return [use(card, SOLO, veg) for veg in HOME_VEGETABLES]
        return [use(card, f.card) for other in reachable(s, p) for _, f in _not_home(other)
                if f.tokens >= SUBSISTENCE_MINIMUM]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        if move.b == SOLO:
            p.cart[move.c] += 1
            if s.telling:
                s.events.append(Vegetables(p.seat, move.c, 1, Spot.SUPPLY, Spot.CART, NONE))
            s.change_cash(p, -SUBSISTENCE_PRICE, Why.HELPER, move.a)
            use_up(s, p, move.a)
            return
        owner = owner_of(s, "fields", move.b)
        at = find(owner.fields, move.b)
        field = owner.fields[at]
        owner.fields[at] = field._replace(tokens=field.tokens - 1)
        p.cart[field.veg] += 1
        if s.telling:
            s.events.append(TokenTaken(owner.seat, move.b, field.veg, p.seat))
        s.pay(p, owner, SUBSISTENCE_PRICE, Why.HELPER, move.a)
        use_up(s, p, move.a)


@register
class TenantFarmer(Helper):
    name = "Tenant-farmer"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        pile = sorted(p.pile)  # by id, not pile order: the order of moves must not leak it
        moves = [use(card, 1, c) for c in pile] if p.cash >= TENANT_PRICE else []
        for _, field in _not_home(p):
            if field.veg == NONE:
                moves += [use(card, 2, field.card, c) for c in pile]
        return moves

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        """The owner has now looked through the pile: its order is known to them."""
        if move.b == 1:
            s.change_cash(p, -TENANT_PRICE, Why.HELPER, move.a)
            chosen = move.c
        else:
            slot = lift(s, p, p.fields, find(p.fields, move.c))
            p.pile.insert(0, slot.card)
            if s.telling:
                s.events.append(UnderPile(p.seat, slot.card))
            p.pile_known += 1
            chosen = move.d
        at = p.pile.index(chosen)
        p.pile.pop(at)
        if at < p.pile_known:
            p.pile_known -= 1
        p.fields.append(FieldSlot(chosen))
        if s.telling:
            if not p.pile_seen:
                s.events.append(PileSeen(p.seat))
            s.events.append(Placed(p.seat, chosen, Source.PILE))
        p.pile_seen = True
        use_up(s, p, move.a)
