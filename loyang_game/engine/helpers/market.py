"""Helpers of the Market stalls: Maid, Market crier, Market woman, Trader (Helper Reference).

Settled here: with the Maid active a 2-bowl offer is traded 1:1 only (2:1 is never better).
The Trader's fee is settled in his docstring.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache
from itertools import combinations

from ..cards import CARDS, NONE, SELL_PRICE, SHOP_SPACES, trade_gives
from ..events import GoodTaken, Handed, Spot, Vegetables, Why
from ..moves import TRADE, Move
from ..play_area import leave, lift
from ..state import FULL_STALL, MAID, PlayerState, StallSlot, State, find
from .base import Helper, activate, owner_of, reachable, register, use, use_up

MARKET_CRIER_LIMIT = 3
TRADER_FEES = {8: 1, 9: 2}  # Cash owed to the stall's owner in rounds 8 and 9


@lru_cache(maxsize=1 << 14)
def stall_trades(stall: int, mask: int, maid: bool, cart: tuple[int, ...],
                 trader: int = NONE) -> tuple[Move, ...]:
    """Every trade at one Market stall (`mask`: the offers left on it) with this Cart: the
    owner's TRADE moves, or with `trader` that Trader's USE moves; with the Maid every 2-bowl
    offer takes 1 vegetable. Building these moves was the largest part of `legal_moves`, and
    a search meets the same few stalls and Carts again and again: they are built once and
    shared (moves are immutable)."""
    singles, pairs = trade_gives(cart)
    moves = []
    for index, (_, bowls) in enumerate(CARDS[stall].offers):
        if mask & (1 << index):
            for give_a, give_b in (singles if bowls == 1 or maid else pairs):
                moves.append(_trade(stall, index, give_a, give_b, trader))
    return tuple(moves)


@cache  # a few thousand at most: stalls x offers x what is given x Traders
def _trade(stall: int, index: int, give_a: int, give_b: int, trader: int) -> Move:
    """One trade's move, made once: the tables of `stall_trades` then hold only references."""
    if trader == NONE:
        return Move(TRADE, stall, index, give_a, give_b)
    return use(trader, stall, index, give_a, give_b)


def take_from_stall(s: State, owner: PlayerState, stall: int, index: int, taker: int,
                    into: Spot = Spot.CART) -> int:
    """`taker` takes one offered vegetable off a stall (`into` its Cart or Shop); an emptied
    stall goes to the discard pile."""
    at = find(owner.stalls, stall)
    slot = owner.stalls[at]
    veg = CARDS[stall].offers[index][0]
    if s.telling:
        s.events.append(GoodTaken(owner.seat, stall, index, veg, taker, into))
    mask = slot.mask & ~(1 << index)
    if mask:
        owner.stalls[at] = StallSlot(stall, slot.under, mask)
    else:
        leave(s, owner, owner.stalls, at)
    return veg


@register
class Maid(Helper):
    name = "Maid"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        return [use(card)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        activate(p, MAID)
        use_up(s, p, move.a)


def stall_good(stall: int, index: int) -> int:
    """A Market crier's move argument for the good in place `index` (0-2) of Market stall
    card `stall`: one number, so that a sale of up to three fits a move."""
    return stall * 4 + index


def good_of(code: int) -> tuple[int, int]:
    """The (stall card, place) a Market crier's move argument names (`stall_good`)."""
    return code // 4, code % 4


def good_vegetable(code: int) -> int:
    """The vegetable a Market crier's move argument sells."""
    stall, index = good_of(code)
    return CARDS[stall].offers[index][0]


@register
class MarketCrier(Helper):
    name = "Market crier"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        if not p.stalls:
            return []
        moves = [use(card, 1)]
        offers = [(slot.card, index) for slot in p.stalls for index in range(3)
                  if slot.mask & (1 << index)]
        for size in (1, 2, 3):
            for chosen in combinations(offers, size):
                if _fits_shop(p, chosen):
                    codes = [stall_good(stall, index) for stall, index in chosen]
                    moves.append(use(card, 2, *codes))
        return moves

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        if move.b == 1:
            if s.telling:
                s.events += [Vegetables(p.seat, CARDS[slot.card].offers[i][0], 1, Spot.SUPPLY,
                                        Spot.STALL, slot.card)
                             for slot in p.stalls for i in range(3) if not slot.mask & (1 << i)]
            p.stalls[:] = [slot._replace(mask=FULL_STALL) for slot in p.stalls]
        else:
            earned = 0
            for code in (move.c, move.d, move.e):
                if code != NONE:
                    veg = take_from_stall(s, p, *good_of(code), p.seat, Spot.SHOP)
                    p.shop[veg] += 1
                    earned += SELL_PRICE[veg]
            s.change_cash(p, min(MARKET_CRIER_LIMIT, earned), Why.HELPER, move.a)
        use_up(s, p, move.a)


def _fits_shop(p: PlayerState, chosen: Iterable[tuple[int, int]]) -> bool:
    need = [0] * 6
    for stall, index in chosen:
        need[CARDS[stall].offers[index][0]] += 1
    return all(p.shop[v] + need[v] <= SHOP_SPACES[v] for v in range(6))


@register
class MarketWoman(Helper):
    name = "Market woman"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        return [use(card, mine.card, theirs.card) for other in reachable(s, p)
                for theirs in other.stalls for mine in p.stalls]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        other = owner_of(s, "stalls", move.c)
        for owner, stall in ((p, move.b), (other, move.c)):
            _return_goods(s, owner, stall)
        lift(s, p, p.stalls, find(p.stalls, move.b))
        lift(s, other, other.stalls, find(other.stalls, move.c))
        p.stalls.append(StallSlot(move.c))
        other.stalls.append(StallSlot(move.b))
        if s.telling:
            s.events += (Handed(move.b, p.seat, other.seat), Handed(move.c, other.seat, p.seat))
            s.events += [Vegetables(owner.seat, veg, 1, Spot.SUPPLY, Spot.STALL, stall)
                         for owner, stall in ((p, move.c), (other, move.b))
                         for veg, _bowls in CARDS[stall].offers]
        use_up(s, p, move.a)


def _return_goods(s: State, owner: PlayerState, stall: int) -> None:
    """A swapped stall is refilled: what was left on it goes back to the supply first."""
    mask = owner.stalls[find(owner.stalls, stall)].mask
    if s.telling:
        s.events += [GoodTaken(owner.seat, stall, i, CARDS[stall].offers[i][0], owner.seat,
                               Spot.SUPPLY) for i in range(3) if mask & (1 << i)]


@register
class Trader(Helper):
    name = "Trader"

    def moves(self, s: State, p: PlayerState, card: int) -> list[Move]:
        """Settled here (no ruling): the fee of rounds 8 and 9 must be in hand when the Trader
        is used. The trade and the fee are one action the player chooses, not a debt he is
        made to owe (the payments RULINGS R6 lists), so the money is raised first: selling
        and Loans are open to him all through his Action phase."""
        if not _first_of_its_kind(p, card) or not any(p.cart):
            return []
        if p.cash < TRADER_FEES.get(s.round, 0):
            return []
        maid, cart = MAID in p.effects, tuple(p.cart)
        return [move for other in reachable(s, p) for slot in other.stalls
                for move in stall_trades(slot.card, slot.mask, maid, cart, card)]

    def apply(self, s: State, p: PlayerState, move: Move) -> None:
        owner = owner_of(s, "stalls", move.b)
        p.cart[move.d] -= 1
        if move.e != NONE:
            p.cart[move.e] -= 1
        if s.telling:
            s.events += [Vegetables(p.seat, veg, 1, Spot.CART, Spot.SUPPLY, NONE)
                         for veg in (move.d, move.e) if veg != NONE]
        p.cart[take_from_stall(s, owner, move.b, move.c, p.seat)] += 1
        fee = TRADER_FEES.get(s.round, 0)
        s.pay(p, owner, fee, Why.HELPER, move.a)
        use_up(s, p, move.a)


def _first_of_its_kind(p: PlayerState, card: int) -> bool:
    """Traders are alike: offer moves for the first uncovered one alone, unless this one has a
    card under it (using it then reveals that card, a different outcome)."""
    at = find(p.helpers, card)
    if p.helpers[at].under != NONE:
        return True
    return all(not (slot.card in _TRADERS and slot.under == NONE) for slot in p.helpers[:at])


_TRADERS = frozenset(c.id for c in CARDS if c.name == Trader.name)
