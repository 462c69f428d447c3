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

from cpython.list cimport PyList_GET_ITEM, PyList_GET_SIZE
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM

from ai import plain_module
from loyang_game.engine import cards
from loyang_game.engine.moves import NONE

include "card_data.pxi"

CARDS, LOAN_CASH = cards.CARDS, cards.LOAN_CASH

cdef int N_CARDS = len(CARDS)
assert N_CARDS <= MAX_CARDS and cards.ROUNDS < MAX_ROUNDS

cdef CardData DATA[MAX_CARDS]
cdef int SHAPE_CARD[MAX_CARDS]  # a card of each shape rank
cdef int CASUAL_VALUE[MAX_CARDS]  # equal for customers equal as the source's lists [wants, pay]
cdef double BUY[6]
cdef double SELL[6]
cdef double SPACES[6]
cdef int DEAREST[6]
cdef int C_ROUNDS = cards.ROUNDS, C_PATH_END = cards.PATH_END, C_NONE = NONE
cdef double PENALTY = cards.REGULAR_PENALTY
cdef int BIG = cards.BIG_STOREHOUSE, SMALL = cards.SMALL_STOREHOUSE


def _load() -> None:
    """The cards' data in C arrays, once."""
    cdef int i, j
    for v in range(6):
        BUY[v] = cards.BUY_PRICE[v]
        SELL[v] = cards.SELL_PRICE[v]
        SPACES[v] = cards.SHOP_SPACES[v]
    for i, v in enumerate((4, 5, 2, 3, 1, 0)):
        DEAREST[i] = v
    shapes = sorted({(c.spaces, c.sowable) for c in CARDS})
    values = sorted({(c.wants, c.pays[:1]) for c in CARDS})
    for c in CARDS:
        i = c.id
        load_card(&DATA[i], c)
        DATA[i].shape = shapes.index((c.spaces, c.sowable))
        SHAPE_CARD[DATA[i].shape] = i
        CASUAL_VALUE[i] = values.index((c.wants, c.pays[:1]))
        order = sorted(set(c.wants), key=lambda v: -cards.BUY_PRICE[v])
        DATA[i].n_by_price = len(order)
        for j, v in enumerate(order):
            DATA[i].by_price[j] = v


_load()


cdef bint _read(Farm* f, p, double cash, params) except -1:
    """`farm.Farm.__init__`: the board into `f`; False if it holds more than the arrays do
    (no board of the game does)."""
    cdef int v, i, card, rows
    f.cash = cash
    f.converts = 0.0
    for v in range(6):
        f.shop[v] = p.shop[v]
        f.have[v] = p.cart[v] + p.store[v]
        f.future[v] = params.future[v]
    f.convert_cost = params.convert_cost
    f.casual_margin = params.casual_margin
    f.capacity = BIG if p.upgraded else SMALL
    if len(p.fields) + len(p.pile) > MAX_FIELDS or len(p.regulars) > MAX_CUSTOMERS \
            or len(p.casuals) > MAX_CUSTOMERS or 3 * len(p.stalls) > MAX_OFFERS:
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


include "farm_round.pxi"


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


def board_key(p, round_, position, money) -> tuple:
    """`farm.board_key`: the same tuple, of the same objects, made in one piece."""
    cdef list cart = p.cart, store = p.store, shop = p.shop, pile = p.pile
    cdef list areas = [p.fields, p.regulars, p.casuals, p.stalls]
    cdef list slots
    cdef tuple key
    cdef Py_ssize_t n = 6 + len(cart) + len(store) + len(shop) + 1 + len(pile), i = 0, j
    for slots in areas:
        n += 1
        for slot in slots:
            n += PyTuple_GET_SIZE(slot)  # a NamedTuple: a tuple
    key = PyTuple_New(n)
    for item in (round_, position, money, p.loans, p.upgraded, len(p.helpers)):
        _put(key, i, item)
        i += 1
    for part in (cart, store, shop):
        for j in range(PyList_GET_SIZE(part)):
            _put(key, i, <object> PyList_GET_ITEM(part, j))
            i += 1
    for slots in areas:
        _put(key, i, len(slots))
        i += 1
        for slot in slots:
            for j in range(PyTuple_GET_SIZE(slot)):
                _put(key, i, <object> PyTuple_GET_ITEM(slot, j))
                i += 1
    _put(key, i, len(pile))
    i += 1
    for item in sorted(pile):
        _put(key, i, item)
        i += 1
    assert i == n
    return key


cdef inline void _put(tuple key, Py_ssize_t i, object item):
    Py_INCREF(item)  # the tuple takes a reference
    PyTuple_SET_ITEM(key, i, item)


def simulate(p, int round_, path, cash, params) -> float:
    """`farm.simulate` (the source says what it does)."""
    cdef Farm f
    cdef int position = p.path if path is None else path
    cdef int t, card_rounds = 0, n = 0, loans, k
    cdef double money, extra, debt, card_cost, absorb, absorb_max, convert, convert_max
    cdef double balances[MAX_ROUNDS]
    cdef double lows[MAX_ROUNDS]
    money_object = p.cash if cash is None else cash
    if round_ >= C_ROUNDS:
        return position - p.loans + min(0.99, money_object / (position + 2))
    money = money_object
    if not _read(&f, p, money, params):
        return plain_module("farm").simulate(p, round_, path, cash, params)
    f.cash += params.helper * len(p.helpers)
    card_cost, absorb, absorb_max = params.card_cost, params.absorb, params.absorb_max
    convert, convert_max = params.convert, params.convert_max
    for t in range(round_ + 1, C_ROUNDS + 1):
        if t < C_ROUNDS and f.cash >= card_cost:
            f.cash -= card_cost
            card_rounds += 1
        lows[n] = f.cash
        _play_round(&f, t, dmin(absorb * card_rounds, absorb_max),
                    dmin(convert * card_rounds, convert_max))
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
        owed = <object> debt  # a Python float: its floor division is the source's
        paid = LOAN_CASH * -(-owed // LOAN_CASH)
        loans += int(paid // LOAN_CASH)
        extra = paid
        for k in range(n):
            balances[k] = balances[k] + extra
            lows[k] = lows[k] + extra
    result = _walk(position, balances, lows, n, params.reserve)
    return result[0] - loans + dmin(0.99, dmax(0.0, result[1]) / (result[0] + 2))

