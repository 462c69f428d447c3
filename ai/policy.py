"""The fast default policy: rules of thumb for every decision, used in rollouts.

It never looks further than the move it makes and costs a few microseconds per decision on
top of `legal_moves`. It knows the economy in the small: deliver what customers want, sow the
most productive field, buy a missing vegetable when a delivery pays for it, keep the best
vegetables when storing, walk the Path as far as the money allows while keeping a reserve in
the early rounds (the first step of a round costs 1: money early is worth more).
"""

from __future__ import annotations

from loyang_game.engine import GameState, flow
from loyang_game.engine.cards import (
    BUY_PRICE,
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    REGULAR,
    ROUNDS,
    SELL_PRICE,
    STALL,
    path_cost,
)
from loyang_game.engine.moves import (
    ADVANCE,
    BUY,
    CLAIM,
    DISCARD,
    DONE,
    END,
    HOME,
    KEEP,
    LOAN,
    NONE,
    OFFER,
    PASS,
    PLACE,
    RETURN,
    SELL,
    SOW,
    TAKE,
    TRADE,
    TWO_PACK,
    UPGRADE,
    Move,
)
from loyang_game.engine.moves import (
    CASUAL as CASUAL_MOVE,
)
from loyang_game.engine.moves import (
    REGULAR as REGULAR_MOVE,
)
from loyang_game.engine.state import CARDS_PHASE, HARVEST_PHASE, Decision, PlayerState

# The decisions the policy tells apart, bound once: before Python 3.12 looking a member up on
# the enum class costs several times the comparison, and the policy answers at every step of
# every rollout.
HOME_DECISION, HARVEST_DECISION, CARDS_DECISION, ACT_DECISION, STORE_DECISION = (
    Decision.HOME, Decision.HARVEST, Decision.CARDS, Decision.ACT, Decision.STORE)
PATH_DECISION, PAY_DECISION, KEEP_DECISION, CLAIM_DECISION = (
    Decision.PATH, Decision.PAY, Decision.KEEP, Decision.CLAIM)

# Cash a vegetable is worth on average to a farmer who can use it (between the Shop's buying
# and selling prices).
VEG_WORTH = (1.5, 1.5, 2.0, 2.0, 2.5, 2.5)


def rounds_left(state: GameState) -> int:
    """Rounds after the current one."""
    return max(0, ROUNDS - state.round)


def produce(p: PlayerState) -> list[int]:
    """Vegetables the player will have over the next rounds: Cart, Storehouse and fields."""
    have = [p.cart[v] + p.store[v] for v in range(6)]
    for field in p.fields:
        if field.veg != NONE:
            have[field.veg] += field.tokens
    return have


def card_value(state: GameState, p: PlayerState, card: int) -> float:
    """A rough Cash value of playing `card` now (Card phase, Two-pack, the Offer)."""
    c = CARDS[card]
    left = rounds_left(state) + (1 if state.phase in (HARVEST_PHASE, CARDS_PHASE) else 0)
    kind = c.kind
    if kind == REGULAR:
        deliveries = min(4, left)
        if deliveries <= 0:
            return -2.0
        have = produce(p)
        cost = 0.0
        for v in c.wants:
            cost += VEG_WORTH[v] if have[v] >= deliveries else BUY_PRICE[v] * 0.7
        pay = sum(c.pays[:deliveries]) / deliveries
        missed = 4 - deliveries
        return deliveries * (pay - cost) + 1.0 - missed * 0.5
    if kind == CASUAL:
        if left <= 0:
            return -1.0
        have = produce(p)
        cost = 0.0
        for v in c.wants:
            cost += VEG_WORTH[v] if have[v] else BUY_PRICE[v] * 0.8
        return c.pays[0] - cost + (1.0 if len(p.regulars) > len(p.casuals) else -1.0)
    if kind == STALL:
        return 2.0 if left >= 1 else -1.0
    if kind == COMMON_FIELD:
        return min(c.spaces, max(0, left - 1)) * 2.5 - 2.0
    if kind == HELPER:
        return 1.0 if left >= 1 else 0.0
    return 0.0


def _best_sow(state: GameState, p: PlayerState, moves: list[Move]) -> Move | None:
    best, best_score = None, 0.0
    left = rounds_left(state) + 1
    need = customer_needs(p)
    for m in moves:
        if m.kind != SOW:
            continue
        spaces = CARDS[m.a].spaces
        veg = m.b
        score = min(spaces, left) * VEG_WORTH[veg] - VEG_WORTH[veg]
        if need[veg] and p.cart[veg] <= need[veg]:
            score -= 3.0
        if score > best_score:
            best, best_score = m, score
    return best


def customer_needs(p: PlayerState) -> list[int]:
    """What all the player's customers (Regular and Casual) ask for, per vegetable."""
    need = [0] * 6
    for slot in p.regulars:
        for v in CARDS[slot.card].wants:
            need[v] += 1
    for casual in p.casuals:
        for v in CARDS[casual.card].wants:
            need[v] += 1
    return need


def path_steps(state: GameState, p: PlayerState, moves: list[Move]) -> Move:
    """How far to walk: everything in the last round; earlier, keep a reserve."""
    steps = [m.a for m in moves if m.kind == ADVANCE]
    if not steps:
        return moves[0]
    most = max(steps)
    left = rounds_left(state)
    if left == 0:
        return Move(ADVANCE, most)
    reserve = 8 if left >= 5 else 5 if left >= 2 else 3
    k = 0
    for s in sorted(steps):
        if s == 0:
            continue
        if s == 1 or p.cash - path_cost(p.path, s) >= reserve:
            k = s
    return Move(ADVANCE, k)


def act_move(state: GameState, p: PlayerState, moves: list[Move]) -> Move:
    """One Action-phase move by the rules of thumb; END when nothing is worth doing."""
    kinds: dict[str, list[Move]] = {}
    for m in moves:
        kinds.setdefault(m.kind, []).append(m)
    if REGULAR_MOVE in kinds:
        return max(kinds[REGULAR_MOVE], key=lambda m: CARDS[m.a].pays[0])
    if CASUAL_MOVE in kinds:
        modifier = 2 if len(p.regulars) > len(p.casuals) - 1 else 0
        best = max(kinds[CASUAL_MOVE], key=lambda m: CARDS[m.a].pays[0])
        worth = 0.0
        for v in CARDS[best.a].wants:
            worth += VEG_WORTH[v]
        if CARDS[best.a].pays[0] + modifier - 2 >= worth:
            return best
    sow = _best_sow(state, p, kinds.get(SOW, []))
    if sow is not None:
        return sow
    # Buy what a due Regular customer is missing, when the delivery pays for it.
    if BUY in kinds:
        for slot in p.regulars:
            if slot.served == state.round:
                continue
            c = CARDS[slot.card]
            missing = [v for v in set(c.wants) if p.cart[v] < c.wants.count(v)]
            cost = sum(BUY_PRICE[v] * (c.wants.count(v) - p.cart[v]) for v in missing)
            if missing and cost <= p.cash and cost <= c.pays[slot.rows] + 2:
                buy = Move(BUY, missing[0])
                if buy in kinds[BUY]:
                    return buy
    if TRADE in kinds:
        need = customer_needs(p)
        for m in kinds[TRADE]:
            got = CARDS[m.a].offers[m.b][0]
            if need[got] > p.cart[got] and m.d == NONE and need[m.c] <= p.cart[m.c] - 1:
                return m
    if TWO_PACK in kinds and rounds_left(state) >= 2 and p.cash >= 6 and not p.stalls \
            and not p.helpers:
        return kinds[TWO_PACK][0]
    if UPGRADE in kinds and rounds_left(state) >= 2 and sum(p.cart) >= 3 and p.cash >= 6:
        return kinds[UPGRADE][0]
    return Move(END)


def store_move(state: GameState, p: PlayerState, moves: list[Move]) -> Move:
    """Too much in the Cart: sell the vegetable that sells best, else return the cheapest."""
    sells = [m for m in moves if m.kind == SELL]
    if sells:
        return max(sells, key=lambda m: SELL_PRICE[m.a] - 0.1 * BUY_PRICE[m.a])
    returns = [m for m in moves if m.kind == RETURN]
    if returns:
        return min(returns, key=lambda m: BUY_PRICE[m.a])
    return moves[0]


def pay_move(state: GameState, p: PlayerState, moves: list[Move]) -> Move:
    sells = [m for m in moves if m.kind == SELL]
    if sells:
        return max(sells, key=lambda m: SELL_PRICE[m.a])
    discards = [m for m in moves if m.kind == DISCARD]
    if discards and rounds_left(state) == 0:
        return discards[0]
    return Move(LOAN)


def cards_move(state: GameState, p: PlayerState, moves: list[Move]) -> Move:
    takes = [m for m in moves if m.kind == TAKE]
    places = [m for m in moves if m.kind == PLACE]
    offers = [m for m in moves if m.kind == OFFER]
    if offers or any(m.kind == DONE for m in moves):  # the solo Offer
        best = max(offers, key=lambda m: card_value(state, p, m.a), default=None)
        if best is not None and card_value(state, p, best.a) > 1.0:
            return best
        done = [m for m in moves if m.kind == DONE]
        return done[0] if done else moves[0]
    if takes:
        best = max(takes, key=lambda m: (card_value(state, p, m.a) if m.a != NONE else 0.0)
                   + card_value(state, p, m.b))
        if not places:
            return best
        value = (card_value(state, p, best.a) if best.a != NONE else 0.0) \
            + card_value(state, p, best.b)
        if value >= 6.0 or len(p.hand) <= 2:
            return best
    if places:
        return min(places, key=lambda m: card_value(state, p, m.a))
    return moves[0]


def keep_move(state: GameState, p: PlayerState, moves: list[Move]) -> Move:
    best, best_value = Move(KEEP), 0.0
    for m in moves:
        value = 0.0
        for card in (m.a, m.b):
            if card != NONE:
                value += card_value(state, p, card)
        if value > best_value:
            best, best_value = m, value
    return best


def default_move(state: GameState, moves: list[Move] | None = None) -> Move:
    """The default policy's move for the decision at hand."""
    if moves is None:
        moves = state.legal_moves()
    if len(moves) == 1:
        return moves[0]
    decision = flow.decision(state)
    seat = state.current_player
    assert seat is not None, "the game is over: no move to make"
    p = state.players[seat]
    if decision == ACT_DECISION:
        return act_move(state, p, moves)
    if decision == PATH_DECISION:
        return path_steps(state, p, moves)
    if decision == STORE_DECISION:
        return store_move(state, p, moves)
    if decision == PAY_DECISION:
        return pay_move(state, p, moves)
    if decision == CARDS_DECISION:
        return cards_move(state, p, moves)
    if decision == KEEP_DECISION:
        return keep_move(state, p, moves)
    if decision == HARVEST_DECISION:
        return next((m for m in moves if m.kind == PASS), moves[0])
    if decision == CLAIM_DECISION:
        return next((m for m in moves if m.kind == CLAIM and m.a == NONE), moves[0])
    if decision == HOME_DECISION:
        homes = [m for m in moves if m.kind == HOME]
        return max(homes, key=lambda m: (m.a == 1, -m.a)) if homes else moves[0]
    return moves[0]


