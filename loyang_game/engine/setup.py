"""Setup's one decision (RULINGS R2): from the starting player on, each player buys Wheat,
Pumpkin or Turnip from their own Shop and sows the Home field with it; no more than 2 players
may choose the same vegetable."""

from __future__ import annotations

from .cards import BUY_PRICE, CARDS, HOME_VEGETABLES, MAX_SAME_HOME_VEGETABLE
from .events import Spot, Vegetables, Why
from .moves import HOME, Move
from .state import SETUP, Reason, State, reason
from .turns import begin_round

_HOME_MOVES = [Move(HOME, v) for v in range(6)]


def begin(s: State) -> None:
    n = s.config.seats
    s.phase = SETUP
    s.order = [(s.start_seat + i) % n for i in range(n)]
    s.turn = 0


def legal(s: State) -> list[Move]:
    p = s.players[s.order[s.turn]]
    chosen = [other.fields[0].veg for other in s.players]
    return [_HOME_MOVES[v] for v in HOME_VEGETABLES
            if chosen.count(v) < MAX_SAME_HOME_VEGETABLE and p.shop[v] and p.cash >= BUY_PRICE[v]]


def apply(s: State, move: Move) -> None:
    """Buy the starting vegetable from one's own Shop and sow the Home field with it."""
    p = s.players[s.order[s.turn]]
    veg = move.a
    s.change_cash(p, -BUY_PRICE[veg], Why.HOME_FIELD)
    p.shop[veg] -= 1
    home = p.fields[0]
    p.fields[0] = home._replace(veg=veg, tokens=CARDS[home.card].spaces)
    if s.telling:
        s.events += (Vegetables(p.seat, veg, 1, Spot.SHOP, Spot.FIELD, home.card),
                     Vegetables(p.seat, veg, CARDS[home.card].spaces - 1, Spot.SUPPLY, Spot.FIELD,
                                home.card))
    s.turn += 1
    if s.turn == len(s.order):
        begin_round(s)


def why_illegal(veg: int) -> Reason:
    if veg not in HOME_VEGETABLES:
        return reason("home_veg_only")
    return reason("home_veg_taken", veg=veg)
