"""Action phase: actions A-H in any order, then the end of the player's phase.

Rulebook "Phase 3" and RULINGS R7-R10. A player's phase has three steps: ACT (the actions, as
often as they like, the Two-pack once), STORE (what does not fit the Storehouse is sold or
returned) and PATH (walk the Path of Prosperity). Ending ACT first settles the Regular
customers: an undelivered due customer turns red, or costs 2 Cash if it already was.
"""

from __future__ import annotations

from . import helpers, money
from .cards import (
    BUY_PRICE,
    CARDS,
    COMMON_FIELD,
    COMMON_FIELD_COST,
    DOUBLE_NEEDS,
    NEEDS,
    NONE,
    PATH_END,
    REGULAR_PENALTY,
    STOREHOUSE_UPGRADE_COST,
    has,
    path_cost,
)
from .events import (
    Delivered,
    GoodTaken,
    MarkerRed,
    PathStep,
    Penalty,
    Source,
    Spot,
    ToDiscardPile,
    TwoPackDrawn,
    Vegetables,
    Why,
)
from .moves import (
    ADVANCE,
    BUY,
    CASUAL,
    DISCARD,
    END,
    KEEP,
    LOAN,
    REGULAR,
    RETURN,
    SELL,
    SOW,
    TRADE,
    TWO_PACK,
    UPGRADE,
    USE,
    Move,
    MoveKind,
)
from .play_area import leave, place_card
from .serving import deliver_casual
from .state import (
    ALL_BLUE_LATER,
    EXTRA_TOKEN,
    MAID,
    MESSENGER,
    OFFICIAL,
    PATH,
    PAY,
    STORE,
    FieldSlot,
    KeepChoice,
    PayDebt,
    PlayerState,
    Reason,
    RegularSlot,
    StallSlot,
    State,
    find,
    new_slot,
    reason,
)
from .state import KEEP as KEEP_DECISION
from .turns import next_turn

_BUY = [Move(BUY, v) for v in range(6)]
_RETURN = [Move(RETURN, v) for v in range(6)]
_TWO_PACK, _UPGRADE, _END = Move(TWO_PACK), Move(UPGRADE), Move(END)
_ADVANCE = [Move(ADVANCE, k) for k in range(PATH_END)]
# The moves of each card, by card id, built once: building a Move costs more than the rule
# that offers it, and `legal_act` is the search's most frequent question. Sowing a field
# (pairs of the vegetable and its move), serving a customer, the Messenger-boy's double.
_SOW = [tuple((v, Move(SOW, card.id, v)) for v in card.sowable) for card in CARDS]
_SERVE_REGULAR = [Move(REGULAR, card.id) for card in CARDS]
_SERVE_TWICE = [Move(REGULAR, card.id, 2) for card in CARDS]
_SERVE_CASUAL = [Move(CASUAL, card.id) for card in CARDS]


def two_pack_price(p: PlayerState) -> int:
    """The greater of uncovered Helpers and uncovered Market stalls (Action H, R9); free with
    the Official."""
    if OFFICIAL in p.effects:
        return 0
    return max(len(p.helpers), len(p.stalls))


# --- ACT -----------------------------------------------------------------------------------------

# The Action step's moves in sections, one kind of move each (actions A-H, the Loan, the
# Storehouse, the end), in the order `legal_act` lists them: a move is legal if its kind's
# section offers it, so `GameState.apply` checks a search's move against one section instead
# of listing every move (the search's most frequent question; docs/ai-lab.md, entry 118).

def _sowing(s: State, p: PlayerState) -> list[Move]:  # A. sow an empty field
    cart = p.cart
    moves: list[Move] = []
    for field in p.fields:
        if field.veg == NONE:
            moves.extend([move for v, move in _SOW[field.card] if cart[v]])
    return moves


def _buying(s: State, p: PlayerState) -> list[Move]:  # B.
    cash, shop = p.cash, p.shop
    return [_BUY[v] for v in range(6) if shop[v] and cash >= BUY_PRICE[v]]


def _selling(s: State, p: PlayerState) -> list[Move]:  # C.
    return money.sell_moves(p)


def _trading(s: State, p: PlayerState) -> list[Move]:  # D.
    moves: list[Move] = []
    cart = p.cart
    if p.stalls and any(cart):
        maid, in_cart = MAID in p.effects, tuple(cart)
        for stall in p.stalls:
            moves.extend(helpers.stall_trades(stall.card, stall.mask, maid, in_cart))
    return moves


def _discarding(s: State, p: PlayerState) -> list[Move]:  # E.
    return money.discard_moves(p)


def _using(s: State, p: PlayerState) -> list[Move]:  # the Helpers
    return helpers.action_moves(s, p) if p.helpers else []


def _serving_regulars(s: State, p: PlayerState) -> list[Move]:  # F.
    cart = p.cart
    moves: list[Move] = []
    messenger = MESSENGER in p.effects
    for slot in p.regulars:
        card = slot.card
        if slot.served != s.round:
            if has(cart, NEEDS[card]):
                moves.append(_SERVE_REGULAR[card])
            if messenger and slot.rows == 3 and has(cart, DOUBLE_NEEDS[card]):
                moves.append(_SERVE_TWICE[card])
        elif messenger and slot.doubled != s.round and has(cart, NEEDS[card]):
            moves.append(_SERVE_REGULAR[card])
    return moves


def _serving_casuals(s: State, p: PlayerState) -> list[Move]:  # G.
    cart = p.cart
    return [_SERVE_CASUAL[casual.card] for casual in p.casuals
            if has(cart, NEEDS[casual.card])]


def _two_pack(s: State, p: PlayerState) -> list[Move]:  # H.
    if not p.two_pack_used and p.cash >= two_pack_price(p) and s.cards_available():
        return [_TWO_PACK]
    return []


def _loan(s: State, p: PlayerState) -> list[Move]:
    return [money.LOAN_MOVE]


def _upgrade(s: State, p: PlayerState) -> list[Move]:
    return [_UPGRADE] if not p.upgraded and p.cash >= STOREHOUSE_UPGRADE_COST else []


def _end(s: State, p: PlayerState) -> list[Move]:
    return [_END]


_ACT_SECTIONS = ((SOW, _sowing), (BUY, _buying), (SELL, _selling), (TRADE, _trading),
                 (DISCARD, _discarding), (USE, _using), (REGULAR, _serving_regulars),
                 (CASUAL, _serving_casuals), (TWO_PACK, _two_pack), (LOAN, _loan),
                 (UPGRADE, _upgrade), (END, _end))
_ACT_SECTION_OF = dict(_ACT_SECTIONS)


def legal_act(s: State, p: PlayerState) -> list[Move]:
    """Every move of the Action step (always a Loan and the end among them)."""
    moves: list[Move] = []
    for _, section in _ACT_SECTIONS:
        moves.extend(section(s, p))
    return moves


def legal_act_of_kind(s: State, p: PlayerState, kind: MoveKind) -> list[Move]:
    """The Action step's legal moves of `kind`: those of `legal_act` (none for a kind the
    step never offers)."""
    section = _ACT_SECTION_OF.get(kind)
    return [] if section is None else section(s, p)


def apply(s: State, move: Move) -> None:
    p = s.players[s.order[s.turn]]
    if money.apply_money_move(s, p, move):
        return
    kind = move.kind
    if kind == USE:
        helpers.apply_use(s, p, move)
    elif kind == SOW:
        _sow(s, p, move.a, move.b)
    elif kind == BUY:
        p.shop[move.a] -= 1
        p.cart[move.a] += 1
        if s.telling:
            s.events.append(Vegetables(p.seat, move.a, 1, Spot.SHOP, Spot.CART, NONE))
        s.change_cash(p, -BUY_PRICE[move.a], Why.SHOP)
    elif kind == TRADE:
        _trade(s, p, move)
    elif kind == REGULAR:
        _deliver_regular(s, p, move.a, move.b == 2)
    elif kind == CASUAL:
        deliver_casual(s, p, move.a)
    elif kind == TWO_PACK:
        _buy_two_pack(s, p)
    elif kind == UPGRADE:
        s.change_cash(p, -STOREHOUSE_UPGRADE_COST, Why.STOREHOUSE)
        p.upgraded = True
    elif kind == END:
        _end_actions(s, p)
    elif kind == RETURN:
        p.cart[move.a] -= 1
        if s.telling:
            s.events.append(Vegetables(p.seat, move.a, 1, Spot.CART, Spot.SUPPLY, NONE))
    elif kind == ADVANCE:
        s.change_cash(p, -path_cost(p.path, move.a), Why.PATH)
        if move.a and s.telling:
            s.events.append(PathStep(p.seat, p.path, p.path + move.a))
        p.path += move.a
        next_turn(s)
    else:
        raise AssertionError(f"unhandled move {move!r}")


def _sow(s: State, p: PlayerState, field_card: int, veg: int) -> None:
    """Action A: one vegetable from the Cart; the rest of the field is filled from the supply
    (and one more token per Harvest helper activated with option 2)."""
    index = find(p.fields, field_card)
    p.cart[veg] -= 1
    tokens = CARDS[field_card].spaces + p.effects.count(EXTRA_TOKEN)
    p.fields[index] = new_slot(FieldSlot, (field_card, p.fields[index].under, veg, tokens))
    if s.telling:
        s.events += (Vegetables(p.seat, veg, 1, Spot.CART, Spot.FIELD, field_card),
                     Vegetables(p.seat, veg, tokens - 1, Spot.SUPPLY, Spot.FIELD, field_card))


def _trade(s: State, p: PlayerState, move: Move) -> None:
    """Action D: trade in 1 or 2 Cart vegetables for one on the stall; empty stalls leave."""
    index = find(p.stalls, move.a)
    slot = p.stalls[index]
    p.cart[move.c] -= 1
    if move.d != NONE:
        p.cart[move.d] -= 1
    if s.telling:
        s.events += [Vegetables(p.seat, given, 1, Spot.CART, Spot.SUPPLY, NONE)
                     for given in (move.c, move.d) if given != NONE]
    veg = CARDS[move.a].offers[move.b][0]
    p.cart[veg] += 1
    if s.telling:
        s.events.append(GoodTaken(p.seat, move.a, move.b, veg, p.seat, Spot.CART))
    mask = slot.mask & ~(1 << move.b)
    if mask:
        p.stalls[index] = new_slot(StallSlot, (slot.card, slot.under, mask))
    else:
        leave(s, p, p.stalls, index)


def _deliver_regular(s: State, p: PlayerState, card: int, double: bool) -> None:
    """Action F: fill the lowest empty row, be paid that row; after the 4th row it leaves.

    With the Messenger-boy (RULINGS R7) a second delivery this round goes onto the row just
    filled and is paid that row again; on the top row both come at once (`double`).
    """
    index = find(p.regulars, card)
    slot = p.regulars[index]
    for veg, count in (DOUBLE_NEEDS if double else NEEDS)[card]:
        p.cart[veg] -= count
        if s.telling:
            s.events.append(Vegetables(p.seat, veg, count, Spot.CART, Spot.CUSTOMER, card))
    rows = slot.rows
    pays = CARDS[card].pays
    if slot.served == s.round:  # the Messenger-boy's second delivery
        s.change_cash(p, pays[rows - 1], Why.CUSTOMER, card)
        if s.telling:
            s.events.append(Delivered(p.seat, card, p.seat, rows))
        p.regulars[index] = new_slot(RegularSlot, (card, slot.under, rows, slot.red,
                                                   slot.first_due, slot.served, s.round))
        return
    s.change_cash(p, pays[rows] * (2 if double else 1), Why.CUSTOMER, card)
    if s.telling:
        s.events.append(Delivered(p.seat, card, p.seat, rows + 1))
    if rows + 1 == 4:
        leave(s, p, p.regulars, index)
    else:
        p.regulars[index] = new_slot(RegularSlot, (card, slot.under, rows + 1, slot.red,
                                                   slot.first_due, s.round, slot.doubled))


def _buy_two_pack(s: State, p: PlayerState) -> None:
    """Action H: pay, draw two cards (R9), then decide what to keep."""
    s.change_cash(p, -two_pack_price(p), Why.TWO_PACK)
    p.two_pack_used = True
    drawn = []
    for _ in range(2):
        card = s.draw_card()
        if card != NONE:
            drawn.append(card)
    if s.telling:
        s.events.append(TwoPackDrawn(p.seat, tuple(drawn)))
    s.pending.append(KeepChoice(KEEP_DECISION, p.seat, tuple(drawn)))


def legal_keep(drawn: tuple[int, ...]) -> list[Move]:
    moves = [Move(KEEP)] + [Move(KEEP, card) for card in drawn]
    if len(drawn) == 2:
        a, b = drawn
        moves += [Move(KEEP, a, b), Move(KEEP, b, a)]
    return moves


def apply_keep(s: State, move: Move) -> None:
    """Keep 0, 1 or 2 cards; two are stacked, the owner's choice on top. Fields cost 2 each."""
    choice = s.pending.pop()
    assert isinstance(choice, KeepChoice)
    seat, drawn = choice.seat, choice.cards
    p = s.players[seat]
    kept = [card for card in (move.a, move.b) if card != NONE]
    unkept = tuple(card for card in drawn if card not in kept)
    s.discard.extend(unkept)
    if s.telling and unkept:
        s.events.append(ToDiscardPile(Source.TWO_PACK, unkept))
    if move.a != NONE:
        place_card(s, p, move.a, move.b, Source.TWO_PACK)
    cost = COMMON_FIELD_COST * sum(1 for card in kept if CARDS[card].kind == COMMON_FIELD)
    if cost:
        s.pending.append(PayDebt(PAY, seat, cost, Why.COMMON_FIELD.value))


def _end_actions(s: State, p: PlayerState) -> None:
    """Regular customer checks (R7), then on to storing.

    From the checks on, the player counts as having finished the Action phase: a Regular
    customer revealed later (a Helper discarded while paying a penalty) is first due next
    round, not due in a round whose checks are over."""
    penalty = 0
    for index, slot in enumerate(p.regulars):
        if slot.first_due <= s.round and slot.served != s.round:
            if slot.red:
                penalty += REGULAR_PENALTY
                if s.telling:
                    s.events.append(Penalty(p.seat, slot.card))
            else:
                p.regulars[index] = new_slot(RegularSlot, (
                    slot.card, slot.under, slot.rows, True, slot.first_due, slot.served,
                    slot.doubled))
                if s.telling:
                    s.events.append(MarkerRed(p.seat, slot.card))
    if ALL_BLUE_LATER in p.effects:
        helpers.turn_all_blue(p)
    p.done = True
    s.step = STORE
    if penalty:
        s.pending.append(PayDebt(PAY, p.seat, penalty, Why.PENALTY.value))


# --- STORE and PATH ------------------------------------------------------------------------------

def store_if_it_fits(s: State, p: PlayerState) -> bool:
    """Move the Cart into the Storehouse if it fits; True if the step is over."""
    if sum(p.cart) > p.capacity:
        return False
    if s.telling:
        s.events += [Vegetables(p.seat, veg, n, Spot.CART, Spot.STORE, NONE)
                     for veg, n in enumerate(p.cart) if n]
    p.store = p.cart
    p.cart = [0] * 6
    s.step = PATH
    return True


def legal_store(p: PlayerState) -> list[Move]:
    moves = money.sell_moves(p) + [_RETURN[v] for v in range(6) if p.cart[v]]
    if not p.upgraded and p.cash >= STOREHOUSE_UPGRADE_COST:
        moves.append(_UPGRADE)
    moves.append(money.LOAN_MOVE)
    return moves


def legal_path(p: PlayerState) -> list[Move]:
    moves = [_ADVANCE[0]]
    for steps in range(1, PATH_END - p.path + 1):
        if path_cost(p.path, steps) > p.cash:
            break
        moves.append(_ADVANCE[steps])
    moves.append(money.LOAN_MOVE)
    return moves


# --- reasons -------------------------------------------------------------------------------------

def why_illegal(s: State, move: Move) -> Reason | None:
    p = s.players[s.order[s.turn]]
    kind = move.kind
    if kind in (SELL, DISCARD):
        return money.why_not_money_move(p, move)
    if kind == BUY:
        veg = move.a
        if not 0 <= veg < 6:
            return reason("no_such_veg")
        if not p.shop[veg]:
            return reason("not_in_shop", veg=veg)
        return reason("veg_dear", veg=veg, price=BUY_PRICE[veg], cash=p.cash)
    if kind == SOW:
        return _why_not_sow(p, move)
    if kind == TRADE:
        return _why_not_trade(p, move)
    if kind in (REGULAR, CASUAL):
        return _why_not_deliver(s, p, move)
    if kind == TWO_PACK:
        if p.two_pack_used:
            return reason("two_pack_used")
        if not s.cards_available():
            return reason("no_cards_left")
        return reason("two_pack_dear", price=two_pack_price(p), cash=p.cash)
    if kind == UPGRADE:
        if p.upgraded:
            return reason("upgraded_already")
        return reason("upgrade_dear", price=STOREHOUSE_UPGRADE_COST, cash=p.cash)
    if kind == ADVANCE:
        steps = move.a
        if steps < 0 or p.path + steps > PATH_END:
            return reason("path_end", end=PATH_END)
        return reason("path_dear", steps=steps, price=path_cost(p.path, steps), cash=p.cash)
    if kind == RETURN:
        return reason("return_no_veg")
    return None


def _why_not_sow(p: PlayerState, move: Move) -> Reason:
    field = next((f for f in p.fields if f.card == move.a), None)
    if field is None:
        return reason("field_not_yours")
    if field.veg != NONE:
        return reason("field_sown", card=move.a)
    if not 0 <= move.b < 6:
        return reason("no_such_veg")
    if move.b not in CARDS[move.a].sowable:
        return reason("not_sowable", veg=move.b, card=move.a)
    return reason("not_in_cart", veg=move.b)


def _why_not_trade(p: PlayerState, move: Move) -> Reason:
    slot = next((st for st in p.stalls if st.card == move.a), None)
    if slot is None:
        return reason("stall_not_in_play")
    offers = CARDS[move.a].offers
    if not 0 <= move.b < len(offers) or not slot.mask & (1 << move.b):
        return reason("offer_gone")
    bowls = offers[move.b][1]
    given = 1 if move.d == NONE else 2
    if given != bowls:
        return reason("offer_bowls", bowls=bowls)
    return reason("trade_goods_missing")


def _why_not_deliver(s: State, p: PlayerState, move: Move) -> Reason:
    area = p.regulars if move.kind == REGULAR else p.casuals
    slot = next((sl for sl in area if sl.card == move.a), None)
    if slot is None:
        return reason("customer_not_in_play")
    if isinstance(slot, RegularSlot) and slot.served == s.round:  # move.kind == REGULAR
        return reason("regular_served")
    return reason("customer_wants", card=move.a)
