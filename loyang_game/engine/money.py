"""Raising money (RULINGS R6): selling from the Cart to one's own Shop, Loans, and Helpers.

A payment that cannot be made at once becomes a PAY decision on the pending stack; the player
sells, borrows or discards Helpers until the Cash is there, and it is then paid at once. Cash
never goes below 0, and a Loan is always possible, so every debt can be paid.
"""

from __future__ import annotations

from . import helpers
from .cards import CARDS, LOAN_CASH, NONE, SELL_PRICE, SHOP_SPACES
from .events import Spot, Vegetables, Why
from .moves import DISCARD, LOAN, SELL, USE, Move
from .play_area import leave
from .state import PayDebt, PlayerState, Reason, State, find, reason

SELL_MOVES = [Move(SELL, v) for v in range(6)]
LOAN_MOVE = Move(LOAN)
DISCARD_MOVES = [Move(DISCARD, card.id) for card in CARDS]  # by card id, built once


def sell_moves(p: PlayerState) -> list[Move]:
    cart, shop = p.cart, p.shop
    return [SELL_MOVES[v] for v in range(6) if cart[v] and shop[v] < SHOP_SPACES[v]]


def discard_moves(p: PlayerState) -> list[Move]:
    return [DISCARD_MOVES[slot.card] for slot in p.helpers]


def legal_pay(s: State, p: PlayerState) -> list[Move]:
    return [*sell_moves(p), LOAN_MOVE, *discard_moves(p), *helpers.pay_moves(s, p)]


def sell(s: State, p: PlayerState, veg: int) -> None:
    """Action C: one vegetable from the Cart to a free space of its kind in the Shop."""
    p.cart[veg] -= 1
    p.shop[veg] += 1
    if s.telling:
        s.events.append(Vegetables(p.seat, veg, 1, Spot.CART, Spot.SHOP, NONE))
    s.change_cash(p, SELL_PRICE[veg], Why.SALE)


def take_loan(s: State, p: PlayerState) -> None:
    p.loans += 1
    s.change_cash(p, LOAN_CASH, Why.LOAN)


def discard_helper(s: State, p: PlayerState, card: int) -> None:
    """Action E: a Helper may be discarded unused at any time."""
    leave(s, p, p.helpers, find(p.helpers, card))


def apply_money_move(s: State, p: PlayerState, move: Move) -> bool:
    """Apply a selling, Loan or discarding move; False if `move` is none of those."""
    if move.kind == SELL:
        sell(s, p, move.a)
    elif move.kind == LOAN:
        take_loan(s, p)
    elif move.kind == DISCARD:
        discard_helper(s, p, move.a)
    else:
        return False
    return True


def apply_pay(s: State, move: Move) -> None:
    p = s.players[s.pending[-1][1]]  # every record's seat
    if move.kind == USE:
        helpers.apply_use(s, p, move)
    else:
        apply_money_move(s, p, move)


def settle(s: State) -> bool:
    """Pay the debt on top of the stack if the Cash is there; True if it was paid."""
    debt = s.pending[-1]
    if not isinstance(debt, PayDebt):
        return False
    p = s.players[debt.seat]
    if p.cash < debt.amount:
        return False
    s.pending.pop()
    s.change_cash(p, -debt.amount, Why(debt.reason))
    return True


def why_illegal(s: State, move: Move) -> Reason | None:
    """Why `move` does not pay the debt at hand: its own reason, with what is owed (`owed`,
    `debt`: the Why code, `cash`)."""
    debt = s.pending[-1]
    assert isinstance(debt, PayDebt)
    p = s.players[debt.seat]
    why = why_not_money_move(p, move) or reason("no_money")
    return Reason(why.code, (*why.values, ("owed", debt.amount), ("debt", str(debt.reason)),
                             ("cash", p.cash)))


def why_not_money_move(p: PlayerState, move: Move) -> Reason | None:
    if move.kind == SELL:
        veg = move.a
        if not 0 <= veg < 6:
            return reason("no_such_veg")
        if not p.cart[veg]:
            return reason("not_in_cart", veg=veg)
        return reason("no_shop_space", veg=veg)
    if move.kind == DISCARD:
        return reason("helper_not_in_play")
    return None
