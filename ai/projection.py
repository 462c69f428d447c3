"""Where a farmer's board will take him: his economy played forward to the end of the game.

`project` runs the remaining rounds in the abstract, with no new cards: the fields are
harvested and new private fields turned over, the empty fields are sown with the vegetable
that will be worth most, the Regular customers are served (from the Cart, by a trade at a
Market stall, or with vegetables bought in the Shop when the delivery pays for them, else the
red marker and the 2 Cash penalty), Casual customers are served when they pay for
themselves, what nobody will want is sold, and the money walks the Path as far as it reaches
in the best order the money allows: every round's cheap first step (a space for 1 Cash), and
the dearer steps as early as possible without starving the business of a later round, since
a step costs the space entered and the spaces are lowest early.

The answer is in the game's own unit, the final position after Loans, and every coin left
over counts a fraction of the next step, so the search feels each one. What the abstract game
leaves out (the cards still to come, what Helpers do, the Two-pack's cards below) is what
`evaluate.py` fits on top.
"""

from __future__ import annotations

import math

from loyang_game.engine.cards import (
    BIG_STOREHOUSE,
    BUY_PRICE,
    CARDS,
    LOAN_CASH,
    PATH_END,
    ROUNDS,
    SELL_PRICE,
    SHOP_SPACES,
    SMALL_STOREHOUSE,
)
from loyang_game.engine.moves import NONE
from loyang_game.engine.state import CARD, COUNT, MASK, RED, ROWS, VEG

PENALTY = 2  # a second missed delivery to a Regular customer (rulebook, Action F)
CASUAL_BONUS = 2  # the Casual customer modifier
UNWANTED = 0.25  # a harvest nobody asks for and the Shop has no room for (a customer may come)


def _offers(p) -> list[list[int]]:
    """The vegetables still on the farmer's Market stalls: [vegetable, bowls] each."""
    out = []
    for slot in p.stalls:
        offers = CARDS[slot[CARD]].offers
        mask = slot[MASK]
        for i, (veg, bowls) in enumerate(offers):
            if mask >> i & 1:
                out.append([veg, bowls])
    return out


class _Farm:
    """The abstract farm: vegetables, fields, customers, stall offers, cash."""

    __slots__ = ("capacity", "cash", "casuals", "fields", "have", "offers", "pile", "regulars",
                 "shop", "shopping", "unsown")

    def __init__(self, p, cash: float, shopping: bool) -> None:
        self.cash = cash
        self.shopping = shopping  # may buy in the Shop
        self.shop = list(p.shop)
        self.capacity = BIG_STOREHOUSE if p.upgraded else SMALL_STOREHOUSE
        self.have = [p.cart[v] + p.store[v] for v in range(6)]
        self.fields = [[f[VEG], f[COUNT]] for f in p.fields if f[VEG] != NONE and f[COUNT] > 0]
        self.unsown = [CARDS[f[CARD]].spaces for f in p.fields if f[VEG] == NONE]
        self.pile = [CARDS[c].spaces for c in p.pile]
        # [wants, pays still to come, red marker]
        self.regulars = [[CARDS[s[CARD]].wants, list(CARDS[s[CARD]].pays[s[ROWS]:]), s[RED]]
                         for s in p.regulars if s[ROWS] < 4]
        self.casuals = [[CARDS[s[CARD]].wants, CARDS[s[CARD]].pays[0]] for s in p.casuals]
        self.offers = _offers(p)

    def demand(self, rounds: int) -> list[int]:
        """Vegetables the customers will ask for over the next `rounds` rounds."""
        need = [0] * 6
        for wants, pays, _ in self.regulars:
            n = min(len(pays), rounds)
            for v in wants:
                need[v] += n
        for wants, _ in self.casuals:
            for v in wants:
                need[v] += 1
        return need

    def supply(self) -> list[int]:
        have = list(self.have)
        for veg, count in self.fields:
            have[veg] += count
        return have

    def harvest(self, round_: int) -> None:
        kept = []
        for field in self.fields:
            self.have[field[0]] += 1
            field[1] -= 1
            if field[1] > 0:
                kept.append(field)
        self.fields = kept
        if round_ < ROUNDS and self.pile:
            self.unsown.append(self.pile.pop())

    def _obtain(self, wants, spare: list[int]) -> tuple[list[int], list[int], list[int]] | None:
        """How to get `wants` now: (taken from the Cart, stall offers used, bought in the Shop),
        trading only `spare` vegetables (those nobody else asks for this round); None when the
        Shop has not got what is missing."""
        taken = [0] * 6
        bought = [0] * 6
        used: list[int] = []
        spare = list(spare)
        for v in wants:
            if self.have[v] - taken[v] > 0:
                taken[v] += 1
                continue
            trade = self._trade(v, used, spare, taken)
            if trade is not None:
                used.append(trade)
                continue
            if not self.shopping or self.shop[v] - bought[v] <= 0:
                return None
            bought[v] += 1
        return taken, used, bought

    def _trade(self, veg: int, used: list[int], spare: list[int], taken: list[int]) -> int | None:
        """An unused stall offer of `veg` that the spare vegetables can pay for (cheapest
        spare first); its index, with the spare vegetables taken."""
        for i, (offered, bowls) in enumerate(self.offers):
            if offered != veg or i in used:
                continue
            paid = 0
            for v in sorted(range(6), key=lambda x: SELL_PRICE[x]):
                while paid < bowls and spare[v] > 0 and self.have[v] - taken[v] > 0:
                    spare[v] -= 1
                    taken[v] += 1
                    paid += 1
            if paid == bowls:
                return i
            return None
        return None

    def _take(self, taken: list[int], used: list[int], bought: list[int]) -> None:
        for v in range(6):
            self.have[v] -= taken[v]
            self.shop[v] -= bought[v]
            self.cash -= bought[v] * BUY_PRICE[v]
        for i in sorted(used, reverse=True):
            self.offers.pop(i)

    def serve(self) -> None:
        """This round's deliveries, the best payers first."""
        due = sorted(self.regulars, key=lambda r: -r[1][0])
        need = [0] * 6
        for wants, _, _ in due:
            for v in wants:
                need[v] += 1
        for customer in due:
            wants, pays, red = customer
            for v in wants:
                need[v] -= 1
            spare = [max(0, self.have[v] - need[v] - wants.count(v)) for v in range(6)]
            plan = self._obtain(wants, spare)
            spend = _cost(plan)
            loss = PENALTY if red else 0
            if plan is not None and spend <= pays[0] + loss and spend <= max(0.0, self.cash):
                self._take(*plan)
                self.cash += pays[0]
                pays.pop(0)
            elif red:
                self.cash -= PENALTY
                pays.pop(0)  # a simplification: the card stays, and so may the penalties
            else:
                customer[2] = 1
        self.regulars = [r for r in self.regulars if r[1]]
        regular_count = len(self.regulars)
        kept = []
        for customer in self.casuals:
            wants, pay = customer
            modifier = CASUAL_BONUS if len(self.casuals) < regular_count else (
                -CASUAL_BONUS if len(self.casuals) > regular_count else 0)
            spare = [max(0, self.have[v] - need[v] - wants.count(v)) for v in range(6)]
            plan = self._obtain(wants, spare)
            if plan is None:
                kept.append(customer)
                continue
            spend = _cost(plan)
            worth = pay + modifier - spend - sum(SELL_PRICE[v] * plan[0][v] for v in range(6))
            if worth > 0 and spend <= max(0.0, self.cash):
                self._take(*plan)
                self.cash += pay + modifier
            else:
                kept.append(customer)
        self.casuals = kept

    def sow(self, rounds_after: int) -> None:
        """Sow every empty field that will still give something, with the vegetable worth most
        over its harvests (wanted ones at the Shop's price, the others at the selling price, if
        the Shop has room)."""
        if rounds_after <= 0 or not self.unsown:
            return
        short = [d - s for d, s in zip(self.demand(rounds_after), self.supply())]
        self.unsown.sort(reverse=True)
        left = []
        for spaces in self.unsown:
            harvests = min(spaces, rounds_after)
            best, best_gain = None, 0.0
            for v in range(6):
                wanted = min(harvests, max(short[v], 0))
                sold = min(harvests - wanted, SHOP_SPACES[v] - self.shop[v])
                gain = (wanted * BUY_PRICE[v] * 0.8 + sold * SELL_PRICE[v]
                        + (harvests - wanted - sold) * UNWANTED)
                if self.have[v]:
                    gain -= SELL_PRICE[v]
                elif self.shopping and self.shop[v]:
                    gain -= BUY_PRICE[v]
                else:
                    continue
                if gain > best_gain:
                    best, best_gain = v, gain
            # the choice does not depend on the Cash, only whether it is made: more Cash
            # never leads the farm to a worse plan
            if best is None or (not self.have[best] and self.cash < BUY_PRICE[best]):
                left.append(spaces)
                continue
            if self.have[best]:
                self.have[best] -= 1
            else:
                self.cash -= BUY_PRICE[best]
                self.shop[best] -= 1
            self.fields.append([best, spaces])
            short[best] -= min(harvests, max(short[best], 0))
        self.unsown = left

    def end_of_turn(self, rounds_after: int) -> None:
        """Sell to the Shop's free spaces what no customer will ask for in the rounds to come
        (dearest first), then keep what the Storehouse holds, the wanted vegetables first."""
        need = self.demand(rounds_after)
        coming = [0] * 6
        for veg, count in self.fields:
            coming[veg] += min(count, rounds_after)
        wanted = [max(0, need[v] - coming[v]) if rounds_after else 0 for v in range(6)]
        for v in (5, 4, 3, 2, 1, 0):
            extra = min(self.have[v] - wanted[v], SHOP_SPACES[v] - self.shop[v])
            if extra > 0:
                self.have[v] -= extra
                self.shop[v] += extra
                self.cash += extra * SELL_PRICE[v]
        room = self.capacity if rounds_after else 0
        for v in sorted(range(6), key=lambda x: (-min(self.have[x], wanted[x]), -BUY_PRICE[x])):
            keep = min(self.have[v], room)
            room -= keep
            self.have[v] = keep


def _walk_plan(position: int, balances: list[float], money: float) -> tuple[int, float]:
    """Where the Cash takes the farmer, and what is left, when `balances[k]` is what he holds
    after the k-th round's business if he never walks. Every round's cheap first step comes
    first (a space for 1 Cash); the other steps are taken as early as the money allows
    without starving a later round, where the spaces are lowest."""
    n = len(balances)
    if n == 0:
        return position, money
    cap = list(balances)  # cap[k]: what may be spent by round k without a later debt
    for k in range(n - 2, -1, -1):
        cap[k] = min(cap[k], cap[k + 1])
    slack = []
    cheap = 0
    for k in range(n):
        if cap[k] - cheap >= 1:
            cheap += 1
            slack.append((True, cap[k] - cheap))
        else:
            slack.append((False, cap[k] - cheap))
    extra = 0.0
    for k in range(n):
        stepped, _ = slack[k]
        if stepped and position < PATH_END:
            position += 1
        allowed = min(room for _, room in slack[k:]) - extra
        while position < PATH_END and allowed >= position + 1:
            position += 1
            allowed -= position
            extra += position
    return position, max(0.0, balances[-1] - cheap - extra)


def _cost(plan) -> float:
    if plan is None:
        return 1e9
    return float(sum(n * BUY_PRICE[v] for v, n in enumerate(plan[2])))


def project(p, round_: int, path: int | None = None, cash: float | None = None,
            income: tuple[float, ...] = ()) -> float:
    """The final position (after Loans) that `p`'s board reaches with no new cards, from the
    end of his turn in `round_` (with the Path step `path`/`cash` applied when given).
    `income[k]` is extra Cash expected in the k-th round to come (the cards still to come)."""
    position = p.path if path is None else path
    money = p.cash if cash is None else cash
    # Buying is a heuristic choice that can turn out worse than not buying, and a Loan's
    # Cash may walk cheap steps worth more than the space it costs: the best of those plans
    # keeps the projection from punishing a farmer for having more Cash.
    best = -1e9
    for shopping in (False, True):
        balances, loans = _business(p, round_, money, income, shopping)
        debt = -min(balances, default=0.0)
        needed = math.ceil(debt / LOAN_CASH) if debt > 0 else 0
        for taken in range(needed, needed + 3):
            extra = taken * LOAN_CASH
            reached, spare = _walk_plan(position, [b + extra for b in balances], money + extra)
            best = max(best, reached - loans - taken + min(0.99, spare / (reached + 1)))
    return best


def _business(p, round_: int, money: float, income: tuple[float, ...],
              shopping: bool) -> tuple[list[float], int]:
    """Cash after each round's business if the farmer never walks (and his Loans)."""
    farm = _Farm(p, float(money), shopping)
    balances = []
    for t in range(round_ + 1, ROUNDS + 1):
        after = ROUNDS - t
        farm.harvest(t)
        farm.serve()
        farm.sow(after)
        farm.end_of_turn(after)
        k = t - round_ - 1
        if k < len(income):
            farm.cash += income[k]
        balances.append(farm.cash)
    return balances, p.loans
