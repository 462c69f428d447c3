"""Harvest phase (RULINGS R3): Harvest helpers first (option 1 is used before the harvest),
then every player harvests at once and turns over a new field."""

from __future__ import annotations

from . import helpers, solo
from .cards import CARDS, NONE, PRIVATE_FIELD, ROUNDS
from .events import FieldRemoved, Harvested, NewField, Spot, Vegetables
from .moves import PASS, USE, Move
from .play_area import leave
from .state import FieldSlot, State, held, new_slot


def next_helper(s: State) -> bool:
    """Find the next player, from the starting player on, who holds a Harvest helper and has
    not passed, and give them the turn; False if there is none."""
    n = s.config.seats
    for i in range(n):
        seat = (s.start_seat + i) % n
        if seat not in s.harvest_passed and held(s.players[seat], "Harvest helper"):
            s.turn = seat
            return True
    return False


def legal(s: State) -> list[Move]:
    return helpers.harvest_window_moves(s.players[s.turn])


def apply(s: State, move: Move) -> None:
    p = s.players[s.turn]
    if move.kind == PASS:
        s.harvest_passed.append(p.seat)
    elif move.kind == USE:
        helpers.apply_use(s, p, move)


def harvest(s: State) -> None:
    """Every player at once: the Storehouse into the Cart, a token from each sown field (an
    emptied private field leaves the game, a common one goes to the discard pile), then a new
    field from the pile in rounds 1-8."""
    for p in s.players:
        if s.telling:
            s.events += [Vegetables(p.seat, veg, n, Spot.STORE, Spot.CART, NONE)
                         for veg, n in enumerate(p.store) if n]
        for veg in range(6):
            p.cart[veg] += p.store[veg]
            p.store[veg] = 0
        index = 0
        while index < len(p.fields):
            card, under, veg, tokens = p.fields[index]
            if veg == NONE:
                index += 1
                continue
            p.cart[veg] += 1
            if s.telling:
                s.events.append(Harvested(p.seat, card, veg))
            if tokens > 1:
                p.fields[index] = new_slot(FieldSlot, (card, under, veg, tokens - 1))
                index += 1
            elif CARDS[card].kind == PRIVATE_FIELD:
                p.fields.pop(index)  # an emptied private field leaves the game
                if s.telling:
                    s.events.append(FieldRemoved(p.seat, card))
                solo.reshuffle_once(s)
            else:
                leave(s, p, p.fields, index)  # a common field goes to the discard pile
                solo.reshuffle_once(s)
        if s.round < ROUNDS and p.pile:
            card = p.pile.pop()
            p.pile_known = min(p.pile_known, len(p.pile))
            p.fields.append(new_slot(FieldSlot, (card, NONE, NONE, 0)))
            if s.telling:
                s.events.append(NewField(p.seat, card))
