"""The solo game (rulebook "Solo game", RULINGS R14).

An imaginary opponent holds 2 Market stalls, 2 Regular and 2 Casual customers, turned over at
setup and never refilled: they are only there for the Market woman, Trader, Deliveryman and
Tout. Cards are bought from the Offer, a 4x3 grid (row 1 free, row 2 one Cash, rows 3-4 two
Cash, a common field 2 more); after buying, row 2 is discarded, the columns slide up and the
grid is refilled from the draw pile. The discard pile goes back into the draw pile once only,
when the first emptied field leaves in a Harvest phase.
"""

from __future__ import annotations

from typing import Any

from . import helpers, money
from .cards import CARDS, CASUAL, COMMON_FIELD, COMMON_FIELD_COST, NONE, REGULAR, STALL
from .events import IntoOffer, PhaseBegan, Reshuffled, Source, ToDiscardPile, Why
from .moves import DONE, OFFER, SELL, USE, Move
from .play_area import place_card
from .state import CARDS_PHASE, PlayerState, Reason, State, reason
from .turns import begin_actions

OPPONENT_SEAT = 1
OPPONENT_CARDS = {STALL: 2, REGULAR: 2, CASUAL: 2}
ROWS, COLUMNS = 4, 3
ROW_PRICES = (0, 1, 2, 2)
BUY_LIMIT, SQUIRE_BUY_LIMIT = 2, 4
BANDS = ((19, "master"), (18, "very good"), (17, "good"))
_DONE = Move(DONE)
_BUY_FROM_OFFER = [Move(OFFER, card) for card in range(len(CARDS))]  # by card id, built once


def set_up(s: State) -> None:
    """The imaginary opponent's cards, then the Offer (before the Home field is sown)."""
    opponent = PlayerState(OPPONENT_SEAT)
    opponent.cash = 0
    opponent.fields = []
    opponent.done = True
    s.opponent = opponent
    wanted = dict(OPPONENT_CARDS)
    while any(wanted.values()) and s.draw:
        card = s.draw.pop()
        kind = CARDS[card].kind
        if wanted.get(kind):
            wanted[kind] -= 1
            place_card(s, opponent, card, source=Source.DRAW)
        else:
            s.discard.append(card)
    s.offer = [NONE] * (ROWS * COLUMNS)
    _refill(s)


def price(s: State, index: int) -> int:
    card = s.offer[index]
    extra = COMMON_FIELD_COST if CARDS[card].kind == COMMON_FIELD else 0
    return ROW_PRICES[index // COLUMNS] + extra


def begin_card_phase(s: State) -> None:
    s.phase = CARDS_PHASE
    if s.telling:
        s.events.append(PhaseBegan(s.phase, s.round))
    s.turn = 0
    s.bought = []
    s.buy_limit = BUY_LIMIT


def legal(s: State, p: PlayerState) -> list[Move]:
    """Buy from the Offer (raising money as needed, RULINGS R6) or stop buying."""
    moves = []
    if len(s.bought) < s.buy_limit:
        moves = [_BUY_FROM_OFFER[card] for index, card in enumerate(s.offer)
                 if card != NONE and price(s, index) <= p.cash]
    moves.append(_DONE)
    moves.extend(money.sell_moves(p))
    moves.append(money.LOAN_MOVE)
    moves.extend(money.discard_moves(p))
    if any(c != NONE and CARDS[c].kind == COMMON_FIELD for c in s.offer):
        moves.extend(helpers.pay_moves(s, p))  # the Book-keeper, to finance a field
    if s.buy_limit == BUY_LIMIT:
        moves.extend(helpers.use(card) for card in helpers.held(p, "Squire")
                     if card not in s.bought)
    return moves


def apply(s: State, move: Move) -> None:
    p = s.players[0]
    if move.kind == OFFER:
        index = s.offer.index(move.a)
        s.change_cash(p, -price(s, index), Why.OFFER)
        s.offer[index] = NONE
        s.bought.append(move.a)
        place_card(s, p, move.a, source=Source.OFFER)
    elif move.kind == DONE:
        end_card_phase(s)
    elif move.kind == USE and CARDS[move.a].name == "Squire":
        s.buy_limit = SQUIRE_BUY_LIMIT  # Solo game: up to 4 cards from the Offer
        helpers.use_up(s, p, move.a)
    elif move.kind == USE:
        helpers.apply_use(s, p, move)  # the Book-keeper
    else:
        money.apply_money_move(s, p, move)


def end_card_phase(s: State) -> None:
    """Row 2 to the discard pile, the columns slide up, the gaps are refilled."""
    row_2 = tuple(card for card in s.offer[COLUMNS:2 * COLUMNS] if card != NONE)
    s.discard.extend(row_2)
    if s.telling and row_2:
        s.events.append(ToDiscardPile(Source.OFFER, row_2))
    for column in range(COLUMNS):
        s.offer[COLUMNS + column] = NONE
        cards = [s.offer[row * COLUMNS + column] for row in range(ROWS)]
        cards = [c for c in cards if c != NONE]
        cards += [NONE] * (ROWS - len(cards))
        for row in range(ROWS):
            s.offer[row * COLUMNS + column] = cards[row]
    _refill(s)
    begin_actions(s)


def _refill(s: State) -> None:
    """Empty places are filled from the draw pile, top row first; an empty pile leaves the
    Offer short (RULINGS R14)."""
    for index in range(ROWS * COLUMNS):
        if s.offer[index] == NONE and s.draw:
            s.offer[index] = s.draw.pop()
            if s.telling:
                s.events.append(IntoOffer(NONE, s.offer[index]))


def reshuffle_once(s: State) -> None:
    """The first emptied field to leave a field area in a Harvest phase brings the discard
    pile back into the draw pile; never again."""
    if s.config.seats == 1 and not s.reshuffled:
        s.reshuffled = True
        s.draw.extend(s.discard)
        s.discard = []
        s.shuffle(s.draw)
        if s.telling:
            s.events.append(Reshuffled())


def band(position: int) -> str:
    """The rulebook's rating: 17 good, 18 very good, 19 master."""
    for threshold, name in BANDS:
        if position >= threshold:
            return name
    return "below good"


def result(s: State) -> dict[str, Any]:
    """Final position after Loans, its band, and Cash and vegetables as tie-breaks."""
    row = s.standings()[0]
    return {"score": row["position"], "band": band(row["position"]), "cash": row["cash"],
            "vegetables": row["vegetables"], "loans": row["loans"]}


def why_illegal(s: State, move: Move) -> Reason | None:
    p = s.players[0]
    if move.kind == OFFER:
        if move.a not in s.offer:
            return reason("not_in_offer")
        if len(s.bought) >= s.buy_limit:
            return reason("offer_limit", limit=s.buy_limit)
        index = s.offer.index(move.a)
        return reason("offer_dear", price=price(s, index), cash=p.cash)
    if move.kind in (SELL,):
        return money.why_not_money_move(p, move)
    return None


