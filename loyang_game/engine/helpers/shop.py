"""Helpers of the Shop: Book-keeper, Haggler, Merchant, Shopper (Helper Reference).

The Haggler, Merchant and Shopper combine ("can be combined with"): a combined purchase is one
move of the Merchant (with the Haggler and/or Shopper) or of the Haggler (with the Shopper),
and every Helper taking part goes to the discard pile.

Readings settled here (no ruling covers them) are in the docstrings of the Book-keeper and the
Haggler.
"""

from __future__ import annotations

from itertools import combinations

from ..cards import BUY_PRICE, CARDS, NONE, SHOP_SPACES
from ..events import Spot, Vegetables, Why
from ..moves import SHOP, Move
from ..state import SHOP as SHOP_DECISION
from ..state import PlayerState, ShopChoice, State, held
from .base import Helper, register, use, use_up

WITH_HAGGLER, WITH_SHOPPER = 1, 2
SHOPPER_DISCOUNT = 2


def _buy_extra(s: State, p: PlayerState, veg: int, combo: int, price: int, helper: int) -> None:
    """Buy `veg` once for `price` (twice with the Haggler; from the supply with the Shopper),
    with the Helper `helper`."""
    quantity = 2 if combo & WITH_HAGGLER else 1
    if not combo & WITH_SHOPPER:
        p.shop[veg] -= quantity
    p.cart[veg] += quantity
    source = Spot.SUPPLY if combo & WITH_SHOPPER else Spot.SHOP
    if s.telling:
        s.events.append(Vegetables(p.seat, veg, quantity, source, Spot.CART, NONE))
    s.change_cash(p, -_combo_price(price, combo), Why.HELPER, helper)


def _use_partners(s: State, p: PlayerState, combo: int) -> None:
    """The Haggler and Shopper taking part in a combined purchase go to the discard pile."""
    for flag, name in ((WITH_HAGGLER, "Haggler"), (WITH_SHOPPER, "Shopper")):
        if combo & flag:
            use_up(s, p, held(p, name)[0])


def _combo_price(price: int, combo: int) -> int:
    return max(0, price - SHOPPER_DISCOUNT) if combo & WITH_SHOPPER else price


@register
class BookKeeper(Helper):
    name = "Book-keeper"
    phases = (2, 3)  # in the Card phase only to finance a field (offered when paying)

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        """Settled here (no ruling): the Home field counts as a "Field card". It is one (the
        components list "4 Home field cards"), and this card excludes nothing, while the
        Harvest helper, the Plough-man and the Subsistence farmer name the Home field to
        exclude it. A field counts while the vegetable is on it: a field ploughed under by the
        Plough-man no longer has it planted."""
        return [use(card, veg) for veg in range(6)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        s.change_cash(p, sum(1 for field in p.fields if field.veg == move.b and field.tokens),
                      Why.HELPER, move.a)
        s.pending.append(ShopChoice(SHOP_DECISION, p.seat, 0))
        use_up(s, p, move.a)


def legal_shop(p: PlayerState, veg: int) -> list[Move]:
    """The Book-keeper's Shop, one kind of vegetable at a time: how many spaces are filled."""
    return [Move(SHOP, veg, n) for n in range(SHOP_SPACES[veg] + 1)]


def apply_shop(s: State, move: Move) -> None:
    choice = s.pending.pop()
    assert isinstance(choice, ShopChoice)
    seat, veg = choice.seat, choice.veg
    more = move.b - s.players[seat].shop[veg]
    s.players[seat].shop[veg] = move.b
    if more and s.telling:
        s.events.append(Vegetables(seat, veg, abs(more), Spot.SUPPLY if more > 0 else Spot.SHOP,
                                   Spot.SHOP if more > 0 else Spot.SUPPLY, NONE))
    if veg + 1 < 6:
        s.pending.append(ShopChoice(SHOP_DECISION, seat, veg + 1))


@register
class Haggler(Helper):
    name = "Haggler"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        """Settled here (no ruling): the Haggler needs two of the vegetable in the Shop even
        combined with the Shopper, when both come from the Supply: the reference's "The
        Haggler can only be used when there are two of the required vegetable in the player's
        Shop" names no exception. The Shopper alone needs none in the Shop: his vegetable
        never comes from it."""
        combos = (0, WITH_SHOPPER) if held(p, "Shopper") else (0,)
        return [use(card, combo, veg) for combo in combos for veg in range(6)
                if p.shop[veg] >= 2 and p.cash >= _combo_price(BUY_PRICE[veg], combo)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        use_up(s, p, move.a)
        _use_partners(s, p, move.b)
        _buy_extra(s, p, move.c, move.b | WITH_HAGGLER, BUY_PRICE[move.c], move.a)


def merchant_vegetables(s: State, p: PlayerState) -> list[int]:
    """Vegetables the player must still deliver at least twice to Regular customers this
    round (the Merchant; Casual customers do not count)."""
    needed = [0] * 6
    for slot in p.regulars:
        if slot.first_due <= s.round and slot.served != s.round:
            for veg in CARDS[slot.card].wants:
                needed[veg] += 1
    return [veg for veg in range(6) if needed[veg] >= 2 and p.shop[veg]]


@register
class Merchant(Helper):
    name = "Merchant"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        eligible = merchant_vegetables(s, p)
        combos = [0]
        if held(p, "Haggler"):
            combos.append(WITH_HAGGLER)
        if held(p, "Shopper"):
            combos.append(WITH_SHOPPER)
            if held(p, "Haggler"):
                combos.append(WITH_HAGGLER | WITH_SHOPPER)
        moves = []
        for size in range(1, len(eligible) + 1):
            for chosen in combinations(eligible, size):
                mask = sum(1 << veg for veg in chosen)
                for combo in combos:
                    for veg in (chosen if combo else (NONE,)):
                        if combo & WITH_HAGGLER and p.shop[veg] < 2:
                            continue
                        cost = size - (1 if combo & WITH_SHOPPER else 0)
                        if cost <= p.cash:
                            moves.append(use(card, combo, mask, veg))
        return moves

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        use_up(s, p, move.a)
        _use_partners(s, p, move.b)
        for veg in range(6):
            if move.c & (1 << veg):
                if veg == move.d:
                    _buy_extra(s, p, veg, move.b, 1, move.a)
                else:
                    _buy_extra(s, p, veg, 0, 1, move.a)


@register
class Shopper(Helper):
    name = "Shopper"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        return [use(card, 0, veg) for veg in range(6)
                if p.cash >= _combo_price(BUY_PRICE[veg], WITH_SHOPPER)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        use_up(s, p, move.a)
        p.cart[move.c] += 1
        if s.telling:
            s.events.append(Vegetables(p.seat, move.c, 1, Spot.SUPPLY, Spot.CART, NONE))
        s.change_cash(p, -_combo_price(BUY_PRICE[move.c], WITH_SHOPPER), Why.HELPER, move.a)
