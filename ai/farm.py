"""The projection's farm simulation: the hot path of the search (`projection.py` says what it
models; this module is how).

It is the reference, in plain Python. Where the package is installed on a machine with a C
compiler (`setup.py`), its C version `farm.pyx` (the board read once into C arrays, every step
of this source in the same order) is built in its place, and `projection.py` takes it unless
`LOYANG_PURE=1` asks for this source. Both give the same value to the last bit
(`tests/ai/test_farm.py` compares them call for call, and on random knobs): floats are totalled
in order in loops (not with `sum`, which rounds otherwise from Python 3.12:
tests/ai/test_in_order.py), and the compiler is told not to fuse floating-point operations. A
change here is a change to `farm.pyx` too: a build from another farm.py is not used
(`ai/__init__.py`), and the tests fail until the two agree again.
Everything here is plain arithmetic on small lists: it runs at every leaf of the search.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from loyang_game.engine.cards import (
    BIG_STOREHOUSE,
    BUY_PRICE,
    CARDS,
    LOAN_CASH,
    PATH_END,
    REGULAR_PENALTY,
    ROUNDS,
    SELL_PRICE,
    SHOP_SPACES,
    SMALL_STOREHOUSE,
    modifier_by_count,
)
from loyang_game.engine.moves import NONE

if TYPE_CHECKING:
    from loyang_game.engine.state import PlayerState

class Knobs(Protocol):
    """The knobs the simulation reads: `projection.Params`, which says what each one is."""

    @property
    def future(self) -> tuple[float, ...]: ...
    @property
    def absorb(self) -> float: ...
    @property
    def absorb_max(self) -> float: ...
    @property
    def convert(self) -> float: ...
    @property
    def convert_max(self) -> float: ...
    @property
    def convert_cost(self) -> float: ...
    @property
    def helper(self) -> float: ...
    @property
    def casual_margin(self) -> float: ...
    @property
    def stall_offer(self) -> float: ...
    @property
    def card_cost(self) -> float: ...
    @property
    def reserve(self) -> float: ...


ALL = tuple(range(6))
DEAREST_FIRST = (4, 5, 2, 3, 1, 0)  # by Shop price, beans and leeks first
# a customer's wants -> its vegetables, dearest first (sorted once)
_BY_PRICE: dict[tuple[int, ...], list[int]] = {}


def _dearer_first(veg: int) -> int:
    return -BUY_PRICE[veg]


def _due_first(customer: list[Any]) -> float:
    return -customer[1][0]  # type: ignore[no-any-return]


class Farm:
    """The abstract farm: vegetables at hand, fields, customers, stall offers, Cash."""

    __slots__ = ("capacity", "cash", "casuals", "converts", "fields", "have", "offers",
                 "params", "pile", "regulars", "shop", "unsown")

    def __init__(self, p: PlayerState, cash: float, params: Knobs) -> None:
        self.params = params
        self.cash = float(cash)
        self.converts = 0.0  # this round's trades at the stalls still to come
        # vegetables on the Shop's spaces and at hand: counts, which turn fractional once the
        # future customers take a fractional share (`absorb`)
        self.shop: list[float] = list(p.shop)
        self.capacity = BIG_STOREHOUSE if p.upgraded else SMALL_STOREHOUSE
        self.have: list[float] = [p.cart[v] + p.store[v] for v in ALL]
        self.fields: list[list[int]] = []  # [vegetable, tokens]
        self.unsown: list[tuple[int, tuple[int, ...]]] = []  # (spaces, what may be sown)
        for f in p.fields:
            if f.veg == NONE:
                c = CARDS[f.card]
                self.unsown.append((c.spaces, c.sowable))
            elif f.tokens > 0:
                self.fields.append([f.veg, f.tokens])
        # the pile, face down: its sizes in a fixed order (the order itself is hidden)
        self.pile = sorted(((CARDS[c].spaces, CARDS[c].sowable) for c in p.pile), reverse=True)
        # [wants, payments still to come, red marker]
        self.regulars: list[list[Any]] = [
            [CARDS[s.card].wants, list(CARDS[s.card].pays[s.rows:]), s.red]
            for s in p.regulars if s.rows < 4]
        self.casuals: list[list[Any]] = [[  # [wants, pay]
            CARDS[s.card].wants, CARDS[s.card].pays[0]] for s in p.casuals]
        self.offers: list[list[int]] = []  # [vegetable, bowls]
        for s in p.stalls:
            for i, (veg, bowls) in enumerate(CARDS[s.card].offers):
                if s.mask >> i & 1:
                    self.offers.append([veg, bowls])

    # -- one round ----------------------------------------------------------------------------
    def play_round(self, t: int, absorb: float, converts: float) -> None:
        after = ROUNDS - t  # harvests still to come after this round
        self.converts = converts
        self._harvest(t)
        self._serve_regulars()
        want = self._wanted()  # the customers left stay till the round's end
        self._serve_casuals(want)
        self._sow(after, want)
        self._end_of_turn(after, absorb, want)

    def _harvest(self, t: int) -> None:
        kept = []
        for f in self.fields:
            self.have[f[0]] += 1
            f[1] -= 1
            if f[1] > 0:
                kept.append(f)
        self.fields = kept
        if t < ROUNDS and self.pile:
            self.unsown.append(self.pile.pop())

    def _wanted(self) -> list[int]:
        """What the Regular customers ask for in one round."""
        want = [0] * 6
        for wants, _, _ in self.regulars:
            for v in wants:
                want[v] += 1
        return want

    def _spare(self, reserved: list[int], veg: int) -> list[float]:
        return [max(0, self.have[u] - reserved[u]) if u != veg else 0 for u in ALL]

    def _trade_for(self, veg: int, reserved: list[int]) -> bool:
        """Take `veg` from a stall for the cheapest spare vegetables (1-bowl offers first)."""
        best = None
        for i, (offered, bowls) in enumerate(self.offers):
            if offered == veg and (best is None or bowls < self.offers[best][1]):
                best = i
        if best is None:
            return False
        bowls = self.offers[best][1]
        spare = self._spare(reserved, veg)
        spares = 0.0
        for u in ALL:
            spares += spare[u]
        if spares < bowls:
            return False
        paid = 0
        for u in ALL:  # the cheapest first
            while spare[u] and paid < bowls:
                spare[u] -= 1
                self.have[u] -= 1
                paid += 1
        self.offers.pop(best)
        self.have[veg] += 1
        return True

    def _convert(self, veg: int, reserved: list[int]) -> bool:
        """Trade the cheapest spare vegetable 1:1 at a stall still to come."""
        if self.converts < 1:
            return False
        spare = self._spare(reserved, veg)
        for u in ALL:
            if spare[u]:
                self.have[u] -= 1
                self.have[veg] += 1
                self.converts -= 1
                self.cash -= self.params.convert_cost
                return True
        return False

    def _obtain(self, wants: tuple[int, ...], reserved: list[int], worth: float) -> bool:
        """Bring `wants` to hand (trading spare vegetables at the stalls there are, then at
        those to come, then buying while the purchases stay within `worth`); False, with
        nothing spent, if that cannot be done."""
        need = [0] * 6
        for v in wants:
            need[v] += 1
        at_hand = True  # nothing to trade or buy (a loop, not all(): no closure to compile)
        for v in wants:
            if self.have[v] < need[v]:
                at_hand = False
                break
        if at_hand:
            for v in wants:
                self.have[v] -= 1
            return True
        have, shop, offers = self.have[:], self.shop[:], [o[:] for o in self.offers]
        cash, spent, converts = self.cash, 0, self.converts
        reserved = [reserved[u] + need[u] for u in ALL]
        ok = True
        order = _BY_PRICE.get(wants)
        if order is None:
            order = _BY_PRICE[wants] = sorted(set(wants), key=_dearer_first)
        for v in order:
            while self.have[v] < need[v]:
                if self._trade_for(v, reserved) or self._convert(v, reserved):
                    continue
                price = BUY_PRICE[v]
                if self.shop[v] > 0 and self.cash >= price and spent + price <= worth:
                    self.shop[v] -= 1
                    self.cash -= price
                    spent += price
                    self.have[v] += 1
                    continue
                ok = False
                break
            if not ok:
                break
        if not ok:
            self.have, self.shop, self.offers, self.cash = have, shop, offers, cash
            self.converts = converts
            return False
        for v in wants:
            self.have[v] -= 1
        return True

    def _serve_regulars(self) -> None:
        due = sorted(self.regulars, key=_due_first)
        reserved = self._wanted()
        kept = []
        for customer in due:
            wants, pays, red = customer
            for v in wants:
                reserved[v] -= 1
            loss = REGULAR_PENALTY if red else 1.0  # a red marker brings the penalty nearer
            if self._obtain(wants, reserved, pays[0] + loss):
                self.cash += pays.pop(0)
            elif red:
                self.cash -= REGULAR_PENALTY
            else:
                customer[2] = True
            if pays:
                kept.append(customer)
        self.regulars = kept

    def _serve_casuals(self, want: list[int]) -> None:
        if not self.casuals:
            return
        margin = self.params.casual_margin
        future = self.params.future
        kept = []
        for customer in sorted(self.casuals, key=lambda c: -c[1]):
            wants, pay = customer
            modifier = modifier_by_count(len(self.regulars), len(self.casuals))
            own = 0.0
            for v in wants:
                if self.have[v]:
                    own += future[v]
            worth = pay + modifier - own - margin
            if worth > 0 and self._obtain(wants, want, worth):
                self.cash += pay + modifier
                self.casuals.remove(customer)
            else:
                kept.append(customer)

    def _sow(self, after: int, want: list[int]) -> None:
        """Sow every empty field that will still give a harvest, with the vegetable worth most
        over its harvests: one the customers lack at nearly its Shop price, else what future
        customers pay for spare produce."""
        if after <= 0 or not self.unsown:
            return
        future = self.params.future
        rate = [0.0] * 6  # what the sown fields give per round
        for veg, _ in self.fields:
            rate[veg] += 1.0
        left = []
        for spaces, sowable in sorted(self.unsown, reverse=True):
            harvests = after if after < spaces else spaces
            best, best_gain = None, 0.0
            for v in sowable:
                lack = want[v] - rate[v]
                per = 0.8 * BUY_PRICE[v] if lack > 0 else future[v]
                if self.have[v]:
                    seed = future[v]
                elif self.shop[v] and self.cash >= BUY_PRICE[v]:
                    seed = BUY_PRICE[v]
                else:
                    continue
                gain = harvests * per - seed
                if gain > best_gain:
                    best, best_gain = v, gain
            if best is None:
                left.append((spaces, sowable))
                continue
            if self.have[best]:
                self.have[best] -= 1
            else:
                self.shop[best] -= 1
                self.cash -= BUY_PRICE[best]
            self.fields.append([best, spaces])
            rate[best] += 1.0
        self.unsown = left

    def _end_of_turn(self, after: int, absorb: float, want: list[int]) -> None:
        """Keep what next round's customers want (up to the Storehouse), trade spare produce
        up at the stalls, let future customers take what they will, sell to the Shop, and
        return the rest. (Plain comparisons stand in for min(): this runs at every leaf.)"""
        have = self.have
        future = self.params.future
        keep: list[float] = [0] * 6
        room: float = self.capacity if after else 0
        if after:
            for v in DEAREST_FIRST:
                k = have[v]
                if want[v] < k:
                    k = want[v]
                if room < k:
                    k = room
                keep[v] = k
                room -= k
        spare: list[float] = [have[v] - keep[v] for v in ALL]  # less what customers take
        # a 1-bowl offer turns a spare vegetable into a dearer one
        for offer in list(self.offers):
            veg, bowls = offer
            if bowls != 1:
                continue
            cheapest = -1  # the first of the cheapest spare vegetables, as min() finds it
            for u in ALL:
                if spare[u] and future[u] < future[veg] and (cheapest < 0 or
                                                             future[u] < future[cheapest]):
                    cheapest = u
            if cheapest >= 0:
                spare[cheapest] -= 1
                spare[veg] += 1
                self.offers.remove(offer)
        for v in DEAREST_FIRST:  # future customers, the dearest produce first
            taken = spare[v] if spare[v] <= absorb else absorb
            if taken <= 0:
                continue
            absorb -= taken
            spare[v] -= taken
            self.cash += taken * future[v]
        shop = self.shop
        for v in DEAREST_FIRST:  # the Shop's free spaces, then the Storehouse, then away
            left = spare[v]
            if not left:
                continue
            sold = SHOP_SPACES[v] - shop[v]
            if left < sold:
                sold = left
            if sold > 0:
                left -= sold
                shop[v] += sold
                self.cash += sold * SELL_PRICE[v]
            k = left if left <= room else room
            keep[v] += k
            room -= k
        self.have = keep


def walk(position: int, balances: list[float], lows: list[float] | None = None,
         reserve: float = 0.0) -> tuple[int, float]:
    """Where the Cash takes the farmer, and what is left, when `balances[k]` is what he
    would hold after the k-th round to come if he never walked (and `lows[k]` the least he
    holds during it). Each round's cheap first step (1 Cash) is always taken; further steps
    are taken as early as the money allows without leaving a later round in debt, or unable
    to pay its own first step, keeping `reserve` in hand but in the last round."""
    n = len(balances)
    if n == 0:
        return position, 0.0
    # the most that may be spent by the end of round k without a later debt
    cap = [b - (reserve if k < n - 1 else 0.0) for k, b in enumerate(balances)]
    if lows is not None:
        for k in range(n - 1):
            cap[k] = min(cap[k], lows[k + 1])
    for k in range(n - 2, -1, -1):
        cap[k] = min(cap[k], cap[k + 1])
    spent = 0.0
    for k in range(n):
        reserve = max(0, min(n - 1 - k, PATH_END - position))  # first steps still to come
        if position < PATH_END and cap[k] - spent >= 1:
            position += 1
            spent += 1
        while position < PATH_END and cap[k] - spent - reserve >= position + 1:
            position += 1
            spent += position
    return position, balances[-1] - spent


def board_key(p: PlayerState, round_: int, position: int, money: float) -> tuple[float, ...]:
    """Everything `simulate` reads of `p` (and its arguments): two calls with equal keys give
    equal values. The pile is a multiset (its order is hidden, and never read). A flat tuple
    of numbers (each list of cards preceded by its length): the garbage collector stops
    tracking such a tuple, so a full table costs no time in its full collections (a table
    of nested tuples of cards held up the table's frames for up to 0.25 s at a time)."""
    key = [round_, position, money, p.loans, p.upgraded, len(p.helpers), *p.cart, *p.store,
           *p.shop]
    for slots in (p.fields, p.regulars, p.casuals, p.stalls):
        key.append(len(slots))
        for slot in slots:
            key.extend(slot)
    key.append(len(p.pile))
    key.extend(sorted(p.pile))
    return tuple(key)


def simulate(p: PlayerState, round_: int, path: int | None, cash: float | None,
             params: Knobs) -> float:
    """The final position (after Loans) that `p`'s board reaches, from the end of his turn in
    `round_` (with the Path step `path`/`cash` applied when not None), under the knobs
    `params` (`projection.Params`). `projection.project` calls it for boards it has not
    projected before."""
    position = p.path if path is None else path
    money = p.cash if cash is None else cash
    if round_ >= ROUNDS:
        return position - p.loans + min(0.99, money / (position + 2))
    farm = Farm(p, money, params)
    farm.cash += params.helper * len(p.helpers)
    balances, lows = [], []
    cards = 0  # rounds of card buying by then (a round without the Cash for it buys none)
    for t in range(round_ + 1, ROUNDS + 1):
        if t < ROUNDS and farm.cash >= params.card_cost:
            farm.cash -= params.card_cost
            cards += 1
        lows.append(farm.cash)
        farm.play_round(t, min(params.absorb * cards, params.absorb_max),
                        min(params.convert * cards, params.convert_max))
        balances.append(farm.cash)
    balances[-1] += params.stall_offer * len(farm.offers)
    debt = -min(min(balances), min(lows))
    loans = p.loans
    if debt > 0:
        extra = LOAN_CASH * -(-debt // LOAN_CASH)
        loans += int(extra // LOAN_CASH)
        balances = [b + extra for b in balances]
        lows = [b + extra for b in lows]
    reached, spare = walk(position, balances, lows, params.reserve)
    return reached - loans + min(0.99, max(0.0, spare) / (reached + 2))
