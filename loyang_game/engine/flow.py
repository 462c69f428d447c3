"""The order of play: setup, then nine rounds of Harvest, Card and Action phase.

`legal_moves` and `apply` dispatch on the decision at hand: an interrupt on the `pending`
stack first (RULINGS R13), otherwise the phase's own decision. `run` then carries the game on
through everything that needs no decision (harvest, payments that can be made, storing what
fits) until someone must choose again.
"""

from __future__ import annotations

from . import actionphase, cardphase, helpers, money, solo
from .cards import (
    BUY_PRICE,
    CARDS,
    HOME_VEGETABLES,
    MAX_SAME_HOME_VEGETABLE,
    PRIVATE_FIELD,
    ROUNDS,
    VEG_NAMES,
)
from .moves import (
    ADVANCE,
    BUY,
    CASUAL,
    DISCARD,
    DONE,
    END,
    FLIP,
    HOME,
    LOAN,
    NONE,
    OFFER,
    PARTNER,
    PASS,
    PLACE,
    REGULAR,
    RETURN,
    SELL,
    SOW,
    TAKE,
    TRADE,
    TWO_PACK,
    UPGRADE,
    USE,
    Move,
)
from .state import (
    ACT,
    ACTIONS,
    CARDS_PHASE,
    CLAIM,
    COUNT,
    HARVEST_PHASE,
    KEEP,
    OVER,
    PAY,
    SETUP,
    SHOP,
    STORE,
    UNDER,
    VEG,
    GameState,
)
from .state import PARTNER as PARTNER_DECISION

_HOME_MOVES = [Move(HOME, v) for v in range(6)]


# --- dispatch ------------------------------------------------------------------------------------

def legal_moves(s: GameState) -> list[Move]:
    if s.pending:
        decision = s.pending[-1]
        kind = decision[0]
        if kind == PAY:
            return money.legal_pay(s, s.players[decision[1]])
        if kind == KEEP:
            return actionphase.legal_keep(decision[2])
        if kind == PARTNER_DECISION:
            return [Move(PARTNER, seat) for seat in _unmarked_seats(s)]
        if kind == CLAIM:
            return helpers.legal_claim(decision[2])
        if kind == SHOP:
            return helpers.legal_shop(s.players[decision[1]], decision[2])
        raise AssertionError(f"unknown decision {decision!r}")
    if s.phase == ACTIONS:
        p = s.players[s.order[s.turn]]
        if s.step == ACT:
            return actionphase.legal_act(s, p)
        if s.step == STORE:
            return actionphase.legal_store(p)
        return actionphase.legal_path(p)
    if s.phase == CARDS_PHASE:
        if s.config.solo:
            return solo.legal(s, s.players[0])
        return cardphase.legal(s, s.players[s.turn])
    if s.phase == HARVEST_PHASE:
        return helpers.harvest_window_moves(s.players[s.turn])
    if s.phase == SETUP:
        return _legal_home(s)
    return []


def apply(s: GameState, move: Move) -> None:
    if s.pending:
        kind = s.pending[-1][0]
        if kind == PAY:
            money.apply_pay(s, move)
        elif kind == KEEP:
            actionphase.apply_keep(s, move)
        elif kind == CLAIM:
            helpers.apply_claim(s, move)
        elif kind == SHOP:
            helpers.apply_shop(s, move)
        else:
            _apply_partner(s, move)
    elif s.phase == ACTIONS:
        actionphase.apply(s, move)
    elif s.phase == CARDS_PHASE:
        (solo if s.config.solo else cardphase).apply(s, move)
    elif s.phase == HARVEST_PHASE:
        _apply_harvest_window(s, move)
    else:
        _apply_home(s, move)
    run(s)


def run(s: GameState) -> None:
    """Carry the game on until a decision is needed."""
    while True:
        if s.pending:
            if money.settle(s) or helpers.drop_stale_claim(s):
                continue
            return
        if cardphase.taker_has_paid(s):
            cardphase.next_turn(s)
            continue
        if s.phase == ACTIONS and s.step == STORE:
            if not actionphase.store_if_it_fits(s, s.players[s.order[s.turn]]):
                return
            continue
        if s.phase == HARVEST_PHASE:
            if _next_harvest_helper(s):
                return
            harvest(s)
            (solo.begin_card_phase if s.config.solo else cardphase.begin)(s)
            continue
        return


def decision(s: GameState) -> str:
    """A short name of the decision at hand: 'pay', 'keep', 'partner', 'home', 'cards',
    'act', 'store', 'path' or 'over' (for the UI and the game log)."""
    if s.pending:
        return s.pending[-1][0]
    if s.phase == ACTIONS:
        return s.step
    return {SETUP: "home", HARVEST_PHASE: "harvest", CARDS_PHASE: "cards", OVER: "over"}[s.phase]


# The kinds of move each decision can ever offer: a move of another kind gets the general
# answer, one of these kinds the decision's own reason.
_KINDS = {
    "home": {HOME}, "harvest": {USE, PASS}, "cards": {PLACE, TAKE, FLIP, USE, OFFER, DONE,
                                                      SELL, LOAN, DISCARD},
    "act": {SOW, BUY, SELL, TRADE, DISCARD, REGULAR, CASUAL, TWO_PACK, LOAN, UPGRADE, END,
            USE},
    "store": {SELL, RETURN, UPGRADE, LOAN}, "path": {ADVANCE, LOAN},
    "pay": {SELL, LOAN, DISCARD, USE},
}


def why_illegal(s: GameState, move: Move) -> str:
    """The reason `move` is not legal now, in words a player can read."""
    if s.is_over:
        return "the game is over"
    if not isinstance(move, Move):
        return f"{move!r:.60} is not a move"
    if not move.is_well_formed:
        return f"{move!r:.80} is not a move: a known kind with whole-number choices"
    at_hand = decision(s)
    reason = None
    if move.kind in _KINDS.get(at_hand, ()):
        try:
            reason = _specific_reason(s, move, at_hand)
        except (IndexError, KeyError, ValueError):
            reason = None  # a malformed move: the general answer below
    if reason:
        return reason
    kinds = ", ".join(sorted({m.kind for m in s.legal_moves()}))
    return (f"{move.kind!r} with these choices is not possible now: it is seat "
            f"{s.current_player + 1}'s {at_hand!r} decision (possible: {kinds})")


def _specific_reason(s: GameState, move: Move, at_hand: str) -> str | None:
    if at_hand == "pay":
        return money.why_illegal(s, move)
    if at_hand in ("act", "store", "path"):
        return actionphase.why_illegal(s, move)
    if at_hand == "cards":
        return (solo if s.config.solo else cardphase).why_illegal(s, move)
    if at_hand == "home":
        return _home_reason(s, move.a)
    return None


# --- setup (RULINGS R2) --------------------------------------------------------------------------

def begin_setup(s: GameState) -> None:
    n = s.config.seats
    s.phase = SETUP
    s.order = [(s.start_seat + i) % n for i in range(n)]
    s.turn = 0


def _home_choices(s: GameState) -> list[int]:
    return [p.fields[0][VEG] for p in s.players]


def _legal_home(s: GameState) -> list[Move]:
    p = s.players[s.order[s.turn]]
    chosen = _home_choices(s)
    return [_HOME_MOVES[v] for v in HOME_VEGETABLES
            if chosen.count(v) < MAX_SAME_HOME_VEGETABLE and p.shop[v] and p.cash >= BUY_PRICE[v]]


def _apply_home(s: GameState, move: Move) -> None:
    """Buy the starting vegetable from one's own Shop and sow the Home field with it."""
    p = s.players[s.order[s.turn]]
    veg = move.a
    p.cash -= BUY_PRICE[veg]
    p.shop[veg] -= 1
    home = p.fields[0]
    p.fields[0] = (home[0], home[UNDER], veg, CARDS[home[0]].spaces)
    s.turn += 1
    if s.turn == len(s.order):
        begin_round(s)


def _home_reason(s: GameState, veg: int) -> str:
    if veg not in HOME_VEGETABLES:
        return "the Home field takes only Wheat, Pumpkin or Turnip"
    return f"two players have already chosen {VEG_NAMES[veg]} (at most 2 may start alike)"


# --- rounds --------------------------------------------------------------------------------------

def begin_round(s: GameState) -> None:
    """The Harvest phase opens; `run` asks Harvest helpers first, then harvests."""
    s.round += 1
    s.phase = HARVEST_PHASE
    s.harvest_passed = []
    for p in s.players:
        p.done = False  # a Regular customer placed from now on is due this round (R7)


def _next_harvest_helper(s: GameState) -> bool:
    """Find the next player, from the starting player on, who holds a Harvest helper and has
    not passed: the Harvest helper (option 1) is used before the harvest (RULINGS R3)."""
    n = s.config.seats
    for i in range(n):
        seat = (s.start_seat + i) % n
        if seat not in s.harvest_passed and helpers.held(s.players[seat], "Harvest helper"):
            s.turn = seat
            return True
    return False


def _apply_harvest_window(s: GameState, move: Move) -> None:
    p = s.players[s.turn]
    if move.kind == PASS:
        s.harvest_passed.append(p.seat)
    elif move.kind == USE:
        helpers.apply_use(s, p, move)


def harvest(s: GameState) -> None:
    """Harvest phase (RULINGS R3), for every player at once."""
    for p in s.players:
        for veg in range(6):
            p.cart[veg] += p.store[veg]
            p.store[veg] = 0
        index = 0
        while index < len(p.fields):
            field = p.fields[index]
            if field[VEG] == NONE:
                index += 1
                continue
            p.cart[field[VEG]] += 1
            s.events.append(("harvest", p.seat, field[VEG]))
            if field[COUNT] > 1:
                p.fields[index] = (*field[:COUNT], field[COUNT] - 1)
                index += 1
            elif CARDS[field[0]].kind == PRIVATE_FIELD:
                p.fields.pop(index)  # an emptied private field leaves the game
                s.events.append(("removed", p.seat, field[0]))
                solo.reshuffle_once(s)
            else:
                s.leave(p, p.fields, index)  # a common field goes to the discard pile
                solo.reshuffle_once(s)
        if s.round < ROUNDS and p.pile:
            card = p.pile.pop()
            p.pile_known = min(p.pile_known, len(p.pile))
            p.fields.append((card, NONE, NONE, 0))
            s.events.append(("new field", p.seat, card))


def begin_actions(s: GameState) -> None:
    """Action phase order (RULINGS R5)."""
    s.phase = ACTIONS
    s.step = ACT
    s.turn = 0
    for p in s.players:
        p.two_pack_used = False
        p.effects = ()
    n = s.config.seats
    if n == 4:
        s.order = [s.start_seat, s.second_seat]
        s.partner = []
        s.pending.append((PARTNER_DECISION, s.start_seat))
        return
    if n == 1:
        s.order = [0]
        return
    first_two = [s.start_seat, s.second_seat]
    s.order = first_two + [seat for seat in range(n) if seat not in first_two]


def _unmarked_seats(s: GameState) -> list[int]:
    return [seat for seat in range(s.config.seats) if seat not in (s.start_seat, s.second_seat)]


def _apply_partner(s: GameState, move: Move) -> None:
    s.pending.pop()
    other = next(seat for seat in _unmarked_seats(s) if seat != move.a)
    s.order = [s.start_seat, s.second_seat, move.a, other]
    s.partner = [NONE] * 4
    for a, b in ((s.start_seat, move.a), (s.second_seat, other)):
        s.partner[a], s.partner[b] = b, a


def next_turn(s: GameState) -> None:
    """The player at turn has finished the Action phase."""
    p = s.players[s.order[s.turn]]
    p.done = True
    p.effects = ()
    s.turn += 1
    s.step = ACT
    if s.turn == len(s.order):
        end_round(s)


def end_round(s: GameState) -> None:
    if s.round >= ROUNDS:
        s.phase = OVER
        s.events.append(("game over",))
    else:
        begin_round(s)


