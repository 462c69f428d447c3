"""The searching seat's options in its own Action phase: short plans of moves, each doing one
thing a farmer means.

A farmer thinks "serve the bean-and-leek customer", not "trade a wheat for a bean at S8, then
deliver". Searching over such options instead of single clicks narrows the very wide Action
step to a few dozen choices of a few moves each, and drops most of the orders in which the
same things could be done. Every option is a tuple of moves that are legal one after the
other from the state it was made for (the search checks this as it applies them; an option
that stops being legal is simply not taken).

- `act_options`: serve a customer (getting what is missing by a trade at a stall or a buy in
  the Shop), sow a field (likewise), trade for a vegetable worth more, sell one, use a Helper,
  buy a Two-pack, upgrade the Storehouse, take a Loan when broke, end the Action step.
  Dominated choices are pruned: a Helper is discarded unused only to uncover a card or to
  cheapen the Two-pack, and a Loan is offered only to a farmer short of Cash.
- `store_options`: what to keep when the Cart does not fit the Storehouse (the rest is sold
  where the Shop has room, else returned).
- what a rule of thumb needs of them (`rule_of_thumb.py`, which finishes a turn inside the
  search): the stall offers open (`open_offers`) and each kind's options (`serving_regulars`,
  `serving_casuals`, `sowing`), made kind by kind.
"""

from __future__ import annotations

from loyang_game.engine import GameState
from loyang_game.engine.cards import (
    BIG_STOREHOUSE,
    BUY_PRICE,
    CARDS,
    ROUNDS,
    SELL_PRICE,
    SHOP_SPACES,
    SMALL_STOREHOUSE,
)
from loyang_game.engine.helpers.market import good_vegetable
from loyang_game.engine.moves import (
    BUY,
    CASUAL,
    DISCARD,
    END,
    LOAN,
    NONE,
    REGULAR,
    RETURN,
    SELL,
    SOW,
    TRADE,
    TWO_PACK,
    UPGRADE,
    USE,
    Move,
)
from loyang_game.engine.serving import casual_modifier
from loyang_game.engine.state import Effect, PlayerState

from .policy import customer_needs

Option = tuple[Move, ...]

END_OPTION: Option = (Move(END),)
LOAN_OPTION: Option = (Move(LOAN),)
TWO_PACK_OPTION: Option = (Move(TWO_PACK),)
UPGRADE_OPTION: Option = (Move(UPGRADE),)
_SELL = [Move(SELL, v) for v in range(6)]
_RETURN = [Move(RETURN, v) for v in range(6)]
_BUY = [Move(BUY, v) for v in range(6)]
LOAN_BELOW = 6  # a Loan is offered in the Action step only to a farmer with less Cash
DEAREST = tuple(sorted(range(6), key=lambda v: -BUY_PRICE[v]))  # by Shop price, dearest first


class Kind:
    """What an option does, for ordering and for the rollout rule."""

    REGULAR, CASUAL, SOW, TRADE, USE, TWO_PACK, UPGRADE, SELL, DISCARD, LOAN, END = range(11)


# The prior order of the kinds: deliveries first, then sowing; ending is always worth a look.
PRIOR_RANK = {kind: rank for rank, kind in enumerate(
    (Kind.REGULAR, Kind.CASUAL, Kind.SOW, Kind.END, Kind.USE, Kind.TWO_PACK, Kind.TRADE,
     Kind.UPGRADE, Kind.SELL, Kind.DISCARD, Kind.LOAN))}


def keep_value(p: PlayerState, veg: int) -> float:
    """What a vegetable is worth to keep rather than give away in a trade: its selling price
    if the Shop has room for it, else a little (it might be stored for later)."""
    sell = SELL_PRICE[veg] if p.shop[veg] < SHOP_SPACES[veg] else 0.0
    return sell + 0.1 * BUY_PRICE[veg]


def due_wants(s: GameState, p: PlayerState, skip: int = NONE) -> list[int]:
    """The vegetables the Regular customers still due this round ask for (but `skip`)."""
    want = [0] * 6
    for slot in p.regulars:
        card = slot.card
        if card == skip or slot.served == s.round or slot.first_due > s.round:
            continue
        for v in CARDS[card].wants:
            want[v] += 1
    return want


def open_offers(p: PlayerState) -> list[tuple[int, int, int, int]]:
    """(stall card, offer index, vegetable, bowls) for every vegetable still on a stall."""
    maid = Effect.MAID in p.effects
    out = []
    for slot in p.stalls:
        card, mask = slot.card, slot.mask
        for index, (veg, bowls) in enumerate(CARDS[card].offers):
            if mask >> index & 1:
                out.append((card, index, veg, 1 if maid else bowls))
    return out


class _Purse:
    """A scratch copy of what an option may spend: Cart, Cash, Shop, stall offers."""

    __slots__ = ("cart", "cash", "offers", "order", "p", "shop", "spent", "traded")

    def __init__(self, p: PlayerState, offers: list[tuple[int, int, int, int]]) -> None:
        self.p = p
        self.cart = p.cart[:]
        self.cash = p.cash
        self.shop = p.shop[:]
        self.offers = offers[:]  # `open_offers(p)`, made once for all of a step's options
        self.spent = 0  # Cash paid in the Shop
        self.traded = 0.0  # keep value of the vegetables given away in trades
        self.order: list[int] | None = None  # vegetables by keep value, once asked for

    def _payment(self, bowls: int, veg: int, needs: list[int],
                 protect: list[int]) -> list[int] | None:
        """The `bowls` spare vegetables worth least (never `veg` itself), or None."""
        spare = [max(0, self.cart[u] - needs[u] - protect[u]) if u != veg else 0
                 for u in range(6)]
        chosen: list[int] = []
        if self.order is None:  # the cheapest to give first (the Shop does not change here)
            self.order = sorted(range(6), key=lambda x: keep_value(self.p, x))
        for u in self.order:
            while spare[u] and len(chosen) < bowls:
                spare[u] -= 1
                chosen.append(u)
        return chosen if len(chosen) == bowls else None

    def trade_for(self, veg: int, needs: list[int], protect: list[int]) -> Move | None:
        best = None
        for offer in self.offers:
            if offer[2] == veg and (best is None or offer[3] < best[3]):
                pay = self._payment(offer[3], veg, needs, protect)
                if pay is not None:
                    best = (*offer, pay)
        if best is None:
            return None
        card, index, _, _, pay = best
        self.offers.remove(best[:4])
        for u in pay:
            self.cart[u] -= 1
            self.traded += keep_value(self.p, u)
        self.cart[veg] += 1
        pay.sort()
        return Move(TRADE, card, index, pay[0], pay[1] if len(pay) == 2 else NONE)

    def buy(self, veg: int) -> Move | None:
        if self.shop[veg] <= 0 or self.cash < BUY_PRICE[veg]:
            return None
        self.shop[veg] -= 1
        self.cash -= BUY_PRICE[veg]
        self.spent += BUY_PRICE[veg]
        self.cart[veg] += 1
        return _BUY[veg]

    def obtain(self, needs: list[int], protect: list[int], prefer_buy: bool) -> list[Move] | None:
        """Moves that bring `needs` into the Cart, or None. The dearest vegetables first: they
        are the ones worth a trade."""
        moves = []
        for veg in DEAREST:
            while self.cart[veg] < needs[veg]:
                if prefer_buy:
                    move = self.buy(veg) or self.trade_for(veg, needs, protect)
                else:
                    move = self.trade_for(veg, needs, protect) or self.buy(veg)
                if move is None:
                    return None
                moves.append(move)
        return moves


def _wants_vector(wants: tuple[int, ...], times: int = 1) -> list[int]:
    need = [0] * 6
    for v in wants:
        need[v] += times
    return need


def _with_sources(p: PlayerState, offers: list[tuple[int, int, int, int]], needs: list[int],
                  protect: list[int], final: Move) -> list[tuple[Option, int, float]]:
    """The option(s) getting `needs` (with the stall `offers` open) then making `final`:
    (option, Cash spent, traded value). Trading first and buying first are both offered when
    they differ."""
    out: list[tuple[Option, int, float]] = []
    seen: set[Option] = set()
    for prefer_buy in (False, True):
        purse = _Purse(p, offers)
        moves = purse.obtain(needs, protect, prefer_buy)
        if moves is None:
            continue
        option = (*moves, final)
        if option not in seen:
            seen.add(option)
            out.append((option, purse.spent, purse.traded))
    return out


def casual_wants(p: PlayerState) -> list[int]:
    """The vegetables the Casual customers ask for."""
    casual_want = [0] * 6
    for casual in p.casuals:
        for v in CARDS[casual.card].wants:
            casual_want[v] += 1
    return casual_want


def serving_regulars(s: GameState, p: PlayerState,
                     offers: list[tuple[int, int, int, int]]) -> list[tuple[Option, int, float]]:
    """F. Regular customers (with the Messenger-boy, a second delivery or a double top row)."""
    out: list[tuple[Option, int, float]] = []
    messenger = Effect.MESSENGER in p.effects
    for slot in p.regulars:
        card = slot.card
        c = CARDS[card]
        protect = due_wants(s, p, skip=card)
        pay = c.pays[min(slot.rows, 3)]
        if slot.served != s.round:
            final = Move(REGULAR, card)
            missed = 2.0 if slot.first_due <= s.round else 0.0  # the marker or the penalty
            for option, spent, traded in _with_sources(p, offers, _wants_vector(c.wants),
                                                       protect, final):
                out.append((option, Kind.REGULAR, pay + missed - spent - traded))
            if messenger and slot.rows == 3:
                for option, spent, traded in _with_sources(p, offers, _wants_vector(c.wants, 2),
                                                           protect, Move(REGULAR, card, 2)):
                    out.append((option, Kind.REGULAR, 2 * pay - spent - traded))
        elif messenger and slot.rows > 0:
            pay = c.pays[slot.rows - 1]
            for option, spent, traded in _with_sources(p, offers, _wants_vector(c.wants),
                                                       protect, Move(REGULAR, card)):
                out.append((option, Kind.REGULAR, pay - spent - traded - 2.0))
    return out


def serving_casuals(p: PlayerState, offers: list[tuple[int, int, int, int]],
                    due: list[int]) -> list[tuple[Option, int, float]]:
    """G. Casual customers, with the +2/-2 modifier as it would be now."""
    out: list[tuple[Option, int, float]] = []
    if p.casuals:
        modifier = casual_modifier(p)
        for casual in p.casuals:
            card = casual.card
            c = CARDS[card]
            used = 0.0
            for v in c.wants:
                used += keep_value(p, v)
            for option, spent, traded in _with_sources(p, offers, _wants_vector(c.wants), due,
                                                       Move(CASUAL, card)):
                out.append((option, Kind.CASUAL,
                            c.pays[0] + modifier - spent - traded - used - 1.0))
    return out


def sowing(s: GameState, p: PlayerState, offers: list[tuple[int, int, int, int]], due: list[int],
           casual_want: list[int]) -> list[tuple[Option, int, float]]:
    """A. Sowing: every empty field with every vegetable it takes that can be had."""
    out: list[tuple[Option, int, float]] = []
    rounds_after = ROUNDS - s.round
    for field in p.fields:
        if field.veg != NONE:
            continue
        card = field.card
        spaces = CARDS[card].spaces
        harvests = min(spaces, rounds_after)
        for veg in CARDS[card].sowable:
            needs = _wants_vector((veg,))
            for option, spent, traded in _with_sources(p, offers, needs, due,
                                                       Move(SOW, card, veg)):
                worth = harvests * (1.0 + 0.25 * BUY_PRICE[veg])
                if casual_want[veg] or due[veg]:
                    worth -= 1.0  # it was wanted by a customer
                own = keep_value(p, veg) if not spent and not traded else 0.0
                out.append((option, Kind.SOW, worth - spent - traded - own))
    return out


def act_options(s: GameState, seat: int) -> list[tuple[Option, int, float]]:
    """Every option of the Action step, best guesses first: (option, kind, prior score).
    The prior is a rough Cash gain used for ordering and by the rollout rule."""
    p = s.players[seat]
    moves = s.legal_moves()
    legal = set(moves)
    rounds_after = ROUNDS - s.round
    due = due_wants(s, p)
    casual_want = casual_wants(p)
    offers = open_offers(p)
    out = serving_regulars(s, p, offers) + serving_casuals(p, offers, due)
    out += sowing(s, p, offers, due, casual_want)

    # D. Trades for a vegetable worth more (to sell, to store or for a later customer)
    purse = _Purse(p, offers)
    for card, index, veg, bowls in purse.offers:
        payment = purse._payment(bowls, veg, [0] * 6, due)
        if payment is None:
            continue
        paid = 0.0
        for u in payment:
            paid += keep_value(p, u)
        gain = keep_value(p, veg) - paid
        if casual_want[veg] > p.cart[veg]:
            gain += 1.0
        if gain <= 0 and len(_stall_left(p, card)) > 1:
            continue  # a worse vegetable, and the stall does not even leave
        payment.sort()
        move = Move(TRADE, card, index, payment[0], payment[1] if len(payment) == 2 else NONE)
        if move in legal:
            out.append(((move,), Kind.TRADE, gain - 0.5))

    # E. Helpers: every use; the Trader and the Market crier thinned like the trades above
    if p.helpers:
        out.extend(_helper_options(p, moves, due))

    # C. Selling one vegetable (for Cash to buy with, or rather than storing it)
    for v in range(6):
        if _SELL[v] in legal:
            out.append(((_SELL[v],), Kind.SELL, SELL_PRICE[v] - keep_value(p, v) - 0.5))

    if Move(TWO_PACK) in legal:
        out.append((TWO_PACK_OPTION, Kind.TWO_PACK, 0.5))
    if Move(UPGRADE) in legal and rounds_after >= 1:
        out.append((UPGRADE_OPTION, Kind.UPGRADE, 0.0))
    if p.cash < LOAN_BELOW:
        out.append((LOAN_OPTION, Kind.LOAN, -3.0))
    out.append((END_OPTION, Kind.END, 0.0))
    out.sort(key=lambda o: (PRIOR_RANK[o[1]], -o[2]))
    return out


def _stall_left(p: PlayerState, card: int) -> list[int]:
    for slot in p.stalls:
        if slot.card == card:
            return [i for i in range(3) if slot.mask >> i & 1]
    return []


def _helper_options(p: PlayerState, moves: list[Move],
                    due: list[int]) -> list[tuple[Option, int, float]]:
    """Helper options in the engine's order of legal moves (never a set's order, which
    depends on PYTHONHASHSEED and would make deterministic games differ between processes)."""
    out: list[tuple[Option, int, float]] = []
    covering = {slot.card for slot in p.helpers if slot.under != NONE}
    price_setting = not p.two_pack_used and len(p.helpers) > len(p.stalls)
    traders = []
    for move in moves:
        if move.kind == DISCARD:
            if move.a in covering or price_setting:
                out.append(((move,), Kind.DISCARD, -0.5))
        elif move.kind == USE:
            name = CARDS[move.a].name
            if name == "Trader" or (name == "Market crier" and move.b == 2):
                traders.append(move)
            else:
                out.append(((move,), Kind.USE, 0.25))
    # A Trader or a Market crier sale: one choice per vegetable got, the cheapest payment.
    best: dict[tuple[str | int, ...], tuple[float, Move]] = {}
    for move in traders:
        name = CARDS[move.a].name
        if name == "Trader":
            paid = keep_value(p, move.d) + (keep_value(p, move.e) if move.e != NONE else 0.0)
            if due[move.d] and p.cart[move.d] <= due[move.d]:
                paid += 3.0
            key: tuple[str | int, ...] = ("trader", move.b, move.c)
            score = -paid
        else:
            key = ("crier",)
            score = sum(SELL_PRICE[good_vegetable(code)]
                        for code in (move.c, move.d, move.e) if code != NONE)
        if key not in best or score > best[key][0]:
            best[key] = (score, move)
    for score, move in best.values():
        out.append(((move,), Kind.USE, 0.25 + 0.1 * score))
    return out


def store_options(s: GameState, seat: int) -> list[Option]:
    """Ways to bring the Cart down to what the Storehouse holds: keep the vegetables the
    customers want next round first (dearest first), or each kind in turn; the rest is sold
    where the Shop has room, else returned. An upgrade first is an option too."""
    p = s.players[seat]
    legal = set(s.legal_moves())
    options: list[Option] = []
    for upgrade in (False, True):
        if upgrade and Move(UPGRADE) not in legal:
            continue
        capacity = BIG_STOREHOUSE if (upgrade or p.upgraded) else SMALL_STOREHOUSE
        for keep in _keep_sets(p, capacity):
            moves = [Move(UPGRADE)] if upgrade else []
            shop = p.shop[:]
            extra = [p.cart[v] - keep[v] for v in range(6)]
            for v in sorted(range(6), key=lambda x: -SELL_PRICE[x]):
                for _ in range(extra[v]):
                    if shop[v] < SHOP_SPACES[v]:
                        shop[v] += 1
                        moves.append(_SELL[v])
                    else:
                        moves.append(_RETURN[v])
            option = tuple(moves)
            if option not in options:
                options.append(option)
    return options


def _keep_sets(p: PlayerState, capacity: int) -> list[list[int]]:
    """Candidate Storehouse contents: what the customers want (dearest first) topped up with
    the dearest of the rest; simply the dearest; and each kind alone."""
    wanted = customer_needs(p)
    cart = p.cart
    dearest = sorted(range(6), key=lambda v: -BUY_PRICE[v])
    sets = []
    for first_wanted in (True, False):
        keep = [0] * 6
        room = capacity
        if first_wanted:
            for v in dearest:
                keep[v] = min(cart[v], wanted[v], room)
                room -= keep[v]
        for v in dearest:
            extra = min(cart[v] - keep[v], room)
            keep[v] += extra
            room -= extra
        sets.append(keep)
    for v in range(6):
        if cart[v]:
            keep = [0] * 6
            keep[v] = min(cart[v], capacity)
            sets.append(keep)
    out = []
    for keep in sets:
        if keep not in out:
            out.append(keep)
    return out
