"""Serving customers, shared by Actions F and G and the Helpers who serve (Deliveryman, Tout).

The Casual customer's price changes with the +2/-2 modifier (RULINGS R8), counted at the
moment of delivery, or with the Saleswoman's bonus.
"""

from __future__ import annotations

from .cards import CARDS, CASUAL_MODIFIER, NEEDS, modifier_by_count
from .events import Spot, Vegetables, Why
from .play_area import leave
from .state import CASUAL_BONUS, PlayerState, State, find


def take_vegetables(s: State, p: PlayerState, customer: int) -> None:
    """One delivery's vegetables leave the Cart."""
    for veg, count in NEEDS[customer]:
        p.cart[veg] -= count
        if s.telling:
            s.events.append(Vegetables(p.seat, veg, count, Spot.CART, Spot.CUSTOMER, customer))


def casual_modifier(p: PlayerState) -> int:
    """+2, -2 or 0 by uncovered Regular vs Casual customers, the one served included (R8);
    +2 whatever the count with the Saleswoman's option 2."""
    if CASUAL_BONUS in p.effects:
        return CASUAL_MODIFIER
    return modifier_by_count(len(p.regulars), len(p.casuals))


def deliver_casual(s: State, p: PlayerState, card: int) -> None:
    """Action G: three vegetables for the price, with the +2/-2 modifier (R8)."""
    index = find(p.casuals, card)
    take_vegetables(s, p, card)
    s.change_cash(p, CARDS[card].pays[0] + casual_modifier(p), Why.CUSTOMER, card)
    leave(s, p, p.casuals, index)
