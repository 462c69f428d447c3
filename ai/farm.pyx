# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The farm simulation of `farm.py` in C data, built in its place where a C compiler is at
hand (`setup.py`; issue 49, item 7): the board read once into fixed arrays of C numbers, and
every round played on them without making a Python object. `farm.py` stays the reference and
the fallback: this gives its values to the last bit (tests/ai/test_farm.py compares them call
for call), so each step below is the source's step, in the source's order: the same
operations on the same doubles (a count held as a double holds what the Python int or float
held), `min` and `max` as Python's (the first of equal values), and stable sorts where the
source sorts.
"""

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

cdef enum:
    MAX_CARDS = 128  # more than the game has (a test checks)
    MAX_OFFERS = 3 * MAX_CARDS
    MAX_ROUNDS = 16

cdef int N_CARDS = len(CARDS)
assert N_CARDS <= MAX_CARDS and ROUNDS < MAX_ROUNDS

cdef struct CardData:
    int spaces
    int shape  # the rank of (spaces, sowable) among every field card's: sorts as the tuple
    int n_sowable
    int sowable[6]
    int n_wants
    int wants[6]
    int by_price[6]  # the wants' vegetables, each once, dearest first (as farm._BY_PRICE)
    int n_by_price
    int n_pays
    int pays[4]
    int n_offers
    int offer_veg[3]
    int offer_bowls[3]

cdef CardData DATA[MAX_CARDS]
cdef int SHAPE_CARD[MAX_CARDS]  # a card of each shape rank
cdef int CASUAL_VALUE[MAX_CARDS]  # equal for customers equal as the source's lists [wants, pay]
cdef double BUY[6]
cdef double SELL[6]
cdef double SPACES[6]
cdef int DEAREST[6]
cdef int C_ROUNDS = ROUNDS, C_PATH_END = PATH_END, C_NONE = NONE
cdef double PENALTY = REGULAR_PENALTY
cdef int BIG = BIG_STOREHOUSE, SMALL = SMALL_STOREHOUSE


def _load() -> None:
    """The cards' data in C arrays, once."""
    cdef int i, j
    for v in range(6):
        BUY[v] = BUY_PRICE[v]
        SELL[v] = SELL_PRICE[v]
        SPACES[v] = SHOP_SPACES[v]
    for i, v in enumerate((4, 5, 2, 3, 1, 0)):
        DEAREST[i] = v
    shapes = sorted({(c.spaces, c.sowable) for c in CARDS})
    values = sorted({(c.wants, c.pays[:1]) for c in CARDS})
    for c in CARDS:
        i = c.id
        DATA[i].spaces = c.spaces
        DATA[i].shape = shapes.index((c.spaces, c.sowable))
        SHAPE_CARD[DATA[i].shape] = i
        CASUAL_VALUE[i] = values.index((c.wants, c.pays[:1]))
        DATA[i].n_sowable = len(c.sowable)
        for j, v in enumerate(c.sowable):
            DATA[i].sowable[j] = v
        DATA[i].n_wants = len(c.wants)
        for j, v in enumerate(c.wants):
            DATA[i].wants[j] = v
        order = sorted(set(c.wants), key=lambda v: -BUY_PRICE[v])
        DATA[i].n_by_price = len(order)
        for j, v in enumerate(order):
            DATA[i].by_price[j] = v
        DATA[i].n_pays = len(c.pays)
        for j, v in enumerate(c.pays):
            DATA[i].pays[j] = v
        DATA[i].n_offers = len(c.offers)
        for j, (v, bowls) in enumerate(c.offers):
            DATA[i].offer_veg[j] = v
            DATA[i].offer_bowls[j] = bowls


_load()


cdef struct Farm:
    double cash, converts, capacity
    double have[6]
    double shop[6]
    # knobs
    double future[6]
    double convert_cost, casual_margin
    # sown fields: vegetable, tokens left
    int n_fields
    int field_veg[MAX_CARDS]
    int field_tokens[MAX_CARDS]
    # empty fields and the pile: a card of the field's shape (spaces, sowable)
    int n_unsown
    int unsown[MAX_CARDS]
    int n_pile
    int pile[MAX_CARDS]  # shape ranks, largest first (the source pops the smallest)
    # Regular customers: card, first payment still to come, red marker
    int n_regulars
    int reg_card[MAX_CARDS]
    int reg_next[MAX_CARDS]
    bint reg_red[MAX_CARDS]
    # Casual customers: card
    int n_casuals
    int cas_card[MAX_CARDS]
    # stall offers: vegetable, bowls
    int n_offers
    int offer_veg[MAX_OFFERS]
    int offer_bowls[MAX_OFFERS]


cdef inline double dmin(double a, double b):
    """Python's min(a, b): the first of equal values."""
    return b if b < a else a


cdef inline double dmax(double a, double b):
    """Python's max(a, b): the first of equal values."""
    return b if b > a else a


cdef bint _read(Farm* f, p, double cash, params) except -1:
    """`farm.Farm.__init__`: the board into `f`; False if it holds more than the arrays do
    (no board of the game does)."""
    cdef int v, i, card, rows, n
    f.cash = cash
    f.converts = 0.0
    for v in range(6):
        f.shop[v] = p.shop[v]
        f.have[v] = p.cart[v] + p.store[v]
        f.future[v] = params.future[v]
    f.convert_cost = params.convert_cost
    f.casual_margin = params.casual_margin
    f.capacity = BIG if p.upgraded else SMALL
    if len(p.fields) + len(p.pile) > MAX_CARDS or len(p.regulars) > MAX_CARDS \
            or len(p.casuals) > MAX_CARDS or 3 * len(p.stalls) > MAX_OFFERS:
        return False
    f.n_fields = f.n_unsown = 0
    for slot in p.fields:
        if slot.veg == C_NONE:
            f.unsown[f.n_unsown] = slot.card
            f.n_unsown += 1
        elif slot.tokens > 0:
            f.field_veg[f.n_fields] = slot.veg
            f.field_tokens[f.n_fields] = slot.tokens
            f.n_fields += 1
    f.n_pile = 0
    for card in p.pile:
        f.pile[f.n_pile] = DATA[card].shape
        f.n_pile += 1
    _sort_desc(f.pile, f.n_pile)
    f.n_regulars = 0
    for slot in p.regulars:
        rows = slot.rows
        if rows < 4:
            f.reg_card[f.n_regulars] = slot.card
            f.reg_next[f.n_regulars] = rows
            f.reg_red[f.n_regulars] = slot.red
            f.n_regulars += 1
    f.n_casuals = 0
    for slot in p.casuals:
        f.cas_card[f.n_casuals] = slot.card
        f.n_casuals += 1
    f.n_offers = 0
    for slot in p.stalls:
        card = slot.card
        for i in range(DATA[card].n_offers):
            if slot.mask >> i & 1:
                f.offer_veg[f.n_offers] = DATA[card].offer_veg[i]
                f.offer_bowls[f.n_offers] = DATA[card].offer_bowls[i]
                f.n_offers += 1
    return True


cdef void _sort_desc(int* a, int n) noexcept:
    """Stable insertion sort, largest first."""
    cdef int i, j, x
    for i in range(1, n):
        x = a[i]
        j = i - 1
        while j >= 0 and a[j] < x:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = x


cdef void _harvest(Farm* f, int t) noexcept:
    cdef int i, kept = 0
    for i in range(f.n_fields):
        f.have[f.field_veg[i]] += 1
        f.field_tokens[i] -= 1
        if f.field_tokens[i] > 0:
            f.field_veg[kept] = f.field_veg[i]
            f.field_tokens[kept] = f.field_tokens[i]
            kept += 1
    f.n_fields = kept
    if t < C_ROUNDS and f.n_pile:
        f.n_pile -= 1
        f.unsown[f.n_unsown] = SHAPE_CARD[f.pile[f.n_pile]]
        f.n_unsown += 1


cdef void _wanted(Farm* f, int* want) noexcept:
    cdef int i, j, card
    for j in range(6):
        want[j] = 0
    for i in range(f.n_regulars):
        card = f.reg_card[i]
        for j in range(DATA[card].n_wants):
            want[DATA[card].wants[j]] += 1


cdef void _spare(Farm* f, int* reserved, int veg, double* spare) noexcept:
    cdef int u
    for u in range(6):
        spare[u] = dmax(0, f.have[u] - reserved[u]) if u != veg else 0


cdef bint _trade_for(Farm* f, int veg, int* reserved) noexcept:
    """Take `veg` from a stall for the cheapest spare vegetables (1-bowl offers first)."""
    cdef int i, u, best = -1, bowls, paid
    cdef double spares
    cdef double spare[6]
    for i in range(f.n_offers):
        if f.offer_veg[i] == veg and (best < 0 or f.offer_bowls[i] < f.offer_bowls[best]):
            best = i
    if best < 0:
        return False
    bowls = f.offer_bowls[best]
    _spare(f, reserved, veg, spare)
    spares = 0.0
    for u in range(6):
        spares += spare[u]
    if spares < bowls:
        return False
    paid = 0
    for u in range(6):
        while spare[u] != 0 and paid < bowls:
            spare[u] -= 1
            f.have[u] -= 1
            paid += 1
    for i in range(best, f.n_offers - 1):
        f.offer_veg[i] = f.offer_veg[i + 1]
        f.offer_bowls[i] = f.offer_bowls[i + 1]
    f.n_offers -= 1
    f.have[veg] += 1
    return True


cdef bint _convert(Farm* f, int veg, int* reserved) noexcept:
    """Trade the cheapest spare vegetable 1:1 at a stall still to come."""
    cdef int u
    cdef double spare[6]
    if f.converts < 1:
        return False
    _spare(f, reserved, veg, spare)
    for u in range(6):
        if spare[u] != 0:
            f.have[u] -= 1
            f.have[veg] += 1
            f.converts -= 1
            f.cash -= f.convert_cost
            return True
    return False


cdef bint _obtain(Farm* f, int card, int* reserved, double worth) noexcept:
    """Bring the card's wants to hand (trading spare vegetables at the stalls there are,
    then at those to come, then buying while the purchases stay within `worth`); False, with
    nothing spent, if that cannot be done."""
    cdef int i, u, v, n_offers
    cdef int need[6]
    cdef int mine[6]
    cdef double have[6]
    cdef double shop[6]
    cdef double cash, converts, price
    cdef long spent
    cdef bint ok
    cdef int saved_veg[MAX_OFFERS]
    cdef int saved_bowls[MAX_OFFERS]
    cdef CardData* c = &DATA[card]
    for u in range(6):
        need[u] = 0
    for i in range(c.n_wants):
        need[c.wants[i]] += 1
    ok = True
    for i in range(c.n_wants):
        if f.have[c.wants[i]] < need[c.wants[i]]:
            ok = False
            break
    if ok:
        for i in range(c.n_wants):
            f.have[c.wants[i]] -= 1
        return True
    for u in range(6):
        have[u] = f.have[u]
        shop[u] = f.shop[u]
        mine[u] = reserved[u] + need[u]
    n_offers = f.n_offers
    for i in range(n_offers):
        saved_veg[i] = f.offer_veg[i]
        saved_bowls[i] = f.offer_bowls[i]
    cash, spent, converts = f.cash, 0, f.converts
    ok = True
    for i in range(c.n_by_price):
        v = c.by_price[i]
        while f.have[v] < need[v]:
            if _trade_for(f, v, mine) or _convert(f, v, mine):
                continue
            price = BUY[v]
            if f.shop[v] > 0 and f.cash >= price and spent + price <= worth:
                f.shop[v] -= 1
                f.cash -= price
                spent += <long> price
                f.have[v] += 1
                continue
            ok = False
            break
        if not ok:
            break
    if not ok:
        for u in range(6):
            f.have[u] = have[u]
            f.shop[u] = shop[u]
        f.n_offers = n_offers
        for i in range(n_offers):
            f.offer_veg[i] = saved_veg[i]
            f.offer_bowls[i] = saved_bowls[i]
        f.cash = cash
        f.converts = converts
        return False
    for i in range(c.n_wants):
        f.have[c.wants[i]] -= 1
    return True


cdef void _serve_regulars(Farm* f) noexcept:
    cdef int i, j, k, n = f.n_regulars, kept = 0, card, x_card, x_next
    cdef bint x_red
    cdef double loss
    cdef int reserved[6]
    # the customers by their next payment, the largest first (a stable sort, as sorted())
    for i in range(1, n):
        x_card, x_next, x_red = f.reg_card[i], f.reg_next[i], f.reg_red[i]
        j = i - 1
        while j >= 0 and DATA[f.reg_card[j]].pays[f.reg_next[j]] < DATA[x_card].pays[x_next]:
            f.reg_card[j + 1] = f.reg_card[j]
            f.reg_next[j + 1] = f.reg_next[j]
            f.reg_red[j + 1] = f.reg_red[j]
            j -= 1
        f.reg_card[j + 1], f.reg_next[j + 1], f.reg_red[j + 1] = x_card, x_next, x_red
    _wanted(f, reserved)
    for i in range(n):
        card = f.reg_card[i]
        for k in range(DATA[card].n_wants):
            reserved[DATA[card].wants[k]] -= 1
        loss = PENALTY if f.reg_red[i] else 1.0
        if _obtain(f, card, reserved, DATA[card].pays[f.reg_next[i]] + loss):
            f.cash += DATA[card].pays[f.reg_next[i]]
            f.reg_next[i] += 1
        elif f.reg_red[i]:
            f.cash -= PENALTY
        else:
            f.reg_red[i] = True
        if f.reg_next[i] < DATA[card].n_pays:
            f.reg_card[kept] = card
            f.reg_next[kept] = f.reg_next[i]
            f.reg_red[kept] = f.reg_red[i]
            kept += 1
    f.n_regulars = kept


cdef void _serve_casuals(Farm* f, int* want) noexcept:
    cdef int i, j, k, n = f.n_casuals, card, pay, modifier, left
    cdef double own, worth
    cdef int order[MAX_CARDS]
    cdef bint served[MAX_CARDS]
    if n == 0:
        return
    # by pay, the largest first (a stable sort, as sorted())
    for i in range(n):
        order[i] = i
        served[i] = False
    for i in range(1, n):
        k = order[i]
        j = i - 1
        while j >= 0 and DATA[f.cas_card[order[j]]].pays[0] < DATA[f.cas_card[k]].pays[0]:
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = k
    left = n
    for i in range(n):
        card = f.cas_card[order[i]]
        pay = DATA[card].pays[0]
        modifier = _modifier(f.n_regulars, left)
        own = 0.0
        for k in range(DATA[card].n_wants):
            if f.have[DATA[card].wants[k]] != 0:
                own += f.future[DATA[card].wants[k]]
        worth = pay + modifier - own - f.casual_margin
        if worth > 0 and _obtain(f, card, want, worth):
            f.cash += pay + modifier
            j = 0  # list.remove: the first customer equal to this one (wants and pay) goes
            while served[j] or CASUAL_VALUE[f.cas_card[j]] != CASUAL_VALUE[card]:
                j += 1
            served[j] = True
            left -= 1
    k = 0
    for i in range(n):
        if not served[i]:
            f.cas_card[k] = f.cas_card[i]
            k += 1
    f.n_casuals = k


cdef int MODIFIER = modifier_by_count(1, 0)
assert modifier_by_count(0, 1) == -MODIFIER and modifier_by_count(1, 1) == 0


cdef int _modifier(int regulars, int casuals) noexcept:
    if regulars > casuals:
        return MODIFIER
    if casuals > regulars:
        return -MODIFIER
    return 0


cdef void _sow(Farm* f, int after, int* want) noexcept:
    """Sow every empty field that will still give a harvest, with the vegetable worth most
    over its harvests."""
    cdef int i, j, k, v, best, spaces, harvests, n_left = 0, x
    cdef double lack, per, seed, gain, best_gain
    cdef double rate[6]
    cdef int shapes[MAX_CARDS]
    if after <= 0 or f.n_unsown == 0:
        return
    for v in range(6):
        rate[v] = 0.0
    for i in range(f.n_fields):
        rate[f.field_veg[i]] += 1.0
    for i in range(f.n_unsown):
        shapes[i] = DATA[f.unsown[i]].shape
    _sort_desc(shapes, f.n_unsown)
    for i in range(f.n_unsown):
        x = SHAPE_CARD[shapes[i]]
        spaces = DATA[x].spaces
        harvests = after if after < spaces else spaces
        best, best_gain = -1, 0.0
        for k in range(DATA[x].n_sowable):
            v = DATA[x].sowable[k]
            lack = want[v] - rate[v]
            per = 0.8 * BUY[v] if lack > 0 else f.future[v]
            if f.have[v] != 0:
                seed = f.future[v]
            elif f.shop[v] != 0 and f.cash >= BUY[v]:
                seed = BUY[v]
            else:
                continue
            gain = harvests * per - seed
            if gain > best_gain:
                best, best_gain = v, gain
        if best < 0:
            f.unsown[n_left] = x
            n_left += 1
            continue
        if f.have[best] != 0:
            f.have[best] -= 1
        else:
            f.shop[best] -= 1
            f.cash -= BUY[best]
        f.field_veg[f.n_fields] = best
        f.field_tokens[f.n_fields] = spaces
        f.n_fields += 1
        rate[best] += 1.0
    f.n_unsown = n_left


cdef void _end_of_turn(Farm* f, int after, double absorb, int* want) noexcept:
    """Keep what next round's customers want (up to the Storehouse), trade spare produce up
    at the stalls, let future customers take what they will, sell to the Shop, and return
    the rest."""
    cdef int i, j, u, v, veg, cheapest, kept
    cdef double k, room, taken, left, sold
    cdef double keep[6]
    cdef double spare[6]
    cdef bint gone[MAX_OFFERS]
    for v in range(6):
        keep[v] = 0
    room = f.capacity if after else 0
    if after:
        for i in range(6):
            v = DEAREST[i]
            k = f.have[v]
            if want[v] < k:
                k = want[v]
            if room < k:
                k = room
            keep[v] = k
            room -= k
    for v in range(6):
        spare[v] = f.have[v] - keep[v]
    for i in range(f.n_offers):
        gone[i] = False
        veg = f.offer_veg[i]
        if f.offer_bowls[i] != 1:
            continue
        cheapest = -1
        for u in range(6):
            if spare[u] != 0 and f.future[u] < f.future[veg] and (
                    cheapest < 0 or f.future[u] < f.future[cheapest]):
                cheapest = u
        if cheapest >= 0:
            spare[cheapest] -= 1
            spare[veg] += 1
            j = 0  # list.remove: the first offer equal to this one goes
            while gone[j] or f.offer_veg[j] != veg or f.offer_bowls[j] != 1:
                j += 1
            gone[j] = True
    kept = 0
    for i in range(f.n_offers):
        if not gone[i]:
            f.offer_veg[kept] = f.offer_veg[i]
            f.offer_bowls[kept] = f.offer_bowls[i]
            kept += 1
    f.n_offers = kept
    for i in range(6):
        v = DEAREST[i]
        taken = spare[v] if spare[v] <= absorb else absorb
        if taken <= 0:
            continue
        absorb -= taken
        spare[v] -= taken
        f.cash += taken * f.future[v]
    for i in range(6):
        v = DEAREST[i]
        left = spare[v]
        if left == 0:
            continue
        sold = SPACES[v] - f.shop[v]
        if left < sold:
            sold = left
        if sold > 0:
            left -= sold
            f.shop[v] += sold
            f.cash += sold * SELL[v]
        k = left if left <= room else room
        keep[v] += k
        room -= k
    for v in range(6):
        f.have[v] = keep[v]


cdef void _play_round(Farm* f, int t, double absorb, double converts) noexcept:
    cdef int after = C_ROUNDS - t
    cdef int want[6]
    f.converts = converts
    _harvest(f, t)
    _serve_regulars(f)
    _wanted(f, want)
    _serve_casuals(f, want)
    _sow(f, after, want)
    _end_of_turn(f, after, absorb, want)


cdef (int, double) _walk(int position, double* balances, double* lows, int n,
                         double reserve) noexcept:
    """`walk` on C arrays (`lows` NULL: none)."""
    cdef int k, first
    cdef double spent
    cdef double cap[MAX_ROUNDS]
    if n == 0:
        return position, 0.0
    for k in range(n):
        cap[k] = balances[k] - (reserve if k < n - 1 else 0.0)
    if lows != NULL:
        for k in range(n - 1):
            cap[k] = dmin(cap[k], lows[k + 1])
    for k in range(n - 2, -1, -1):
        cap[k] = dmin(cap[k], cap[k + 1])
    spent = 0.0
    for k in range(n):
        first = n - 1 - k
        if C_PATH_END - position < first:
            first = C_PATH_END - position
        if first < 0:
            first = 0
        if position < C_PATH_END and cap[k] - spent >= 1:
            position += 1
            spent += 1
        while position < C_PATH_END and cap[k] - spent - first >= position + 1:
            position += 1
            spent += position
    return position, balances[n - 1] - spent


def walk(position: int, balances: list, lows: list | None = None,
         reserve: float = 0.0) -> tuple:
    """`farm.walk` (the source says what it does)."""
    cdef int n = len(balances), k
    cdef double b[MAX_ROUNDS]
    cdef double l[MAX_ROUNDS]
    assert n <= MAX_ROUNDS
    for k in range(n):
        b[k] = balances[k]
        if lows is not None:
            l[k] = lows[k]
    result = _walk(position, b, l if lows is not None else NULL, n, reserve)
    return result[0], result[1]


_source = None


def _plain():
    """The plain source (`farm.py`), for a board larger than the arrays (none of the game)."""
    global _source
    if _source is None:
        import importlib.util
        import os
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "farm.py")
        spec = importlib.util.spec_from_file_location("ai._farm_plain", path)
        _source = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(_source)
    return _source


def simulate(p, int round_, path, cash, params) -> float:
    """`farm.simulate` (the source says what it does)."""
    cdef Farm f
    cdef int position = p.path if path is None else path
    cdef int t, cards = 0, n = 0, loans, k
    cdef double money, extra, debt, card_cost, absorb, absorb_max, convert, convert_max
    cdef double balances[MAX_ROUNDS]
    cdef double lows[MAX_ROUNDS]
    money_object = p.cash if cash is None else cash
    if round_ >= C_ROUNDS:
        return position - p.loans + min(0.99, money_object / (position + 2))
    money = money_object
    if not _read(&f, p, money, params):
        return _plain().simulate(p, round_, path, cash, params)
    f.cash += params.helper * len(p.helpers)
    card_cost, absorb, absorb_max = params.card_cost, params.absorb, params.absorb_max
    convert, convert_max = params.convert, params.convert_max
    for t in range(round_ + 1, C_ROUNDS + 1):
        if t < C_ROUNDS and f.cash >= card_cost:
            f.cash -= card_cost
            cards += 1
        lows[n] = f.cash
        _play_round(&f, t, dmin(absorb * cards, absorb_max), dmin(convert * cards, convert_max))
        balances[n] = f.cash
        n += 1
    balances[n - 1] += params.stall_offer * f.n_offers
    debt = balances[0]
    for k in range(1, n):
        debt = dmin(debt, balances[k])
    extra = lows[0]
    for k in range(1, n):
        extra = dmin(extra, lows[k])
    debt = -dmin(debt, extra)
    loans = p.loans
    if debt > 0:
        owed = debt  # a Python float: its floor division is the source's
        paid = LOAN_CASH * -(-owed // LOAN_CASH)
        loans += int(paid // LOAN_CASH)
        extra = paid
        for k in range(n):
            balances[k] = balances[k] + extra
            lows[k] = lows[k] + extra
    result = _walk(position, balances, lows, n, params.reserve)
    return result[0] - loans + dmin(0.99, dmax(0.0, result[1]) / (result[0] + 2))

