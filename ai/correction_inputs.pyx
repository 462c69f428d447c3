# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The correction's inputs of `correction_inputs.py` from C numbers, built in its place where a
C compiler is at hand (`setup.py`; issue 49, item 7): `features` and `learned` count the
board straight into a C array, with no list or float object made on the way; the names and
the per-part helpers are the source's own (`ai.plain_module`). The same values to the last
bit: every count is an integer held exactly, and each product and total is the source's, in
the source's order (tests/ai/test_evaluators.py compares them).
"""

from ai import plain_module
from loyang_game.engine.cards import CARDS, ROUNDS

_source = plain_module("correction_inputs")
TOTALS, PER_VEG, NAMES = _source.TOTALS, _source.PER_VEG, _source.NAMES
totals, vegetables = _source.totals, _source.vegetables

cdef enum:
    N_TOTALS = 14
    N_PER_VEG = 7
    N = 2 * N_TOTALS + 6 * N_PER_VEG + 3
    MAX_CARDS = 128

assert len(TOTALS) == N_TOTALS and len(PER_VEG) == N_PER_VEG and len(NAMES) == N
assert len(CARDS) <= MAX_CARDS

cdef int C_ROUNDS = ROUNDS
cdef int N_WANTS[MAX_CARDS]
cdef int WANTS[MAX_CARDS][6]
cdef int TO_PAY[MAX_CARDS][5]  # what a Regular still pays after its first `rows` deliveries
cdef int SPACES[MAX_CARDS]
cdef int N_OFFERS[MAX_CARDS]
cdef int OFFERED[MAX_CARDS][3]

def _load() -> None:
    """The cards' numbers in C arrays, once."""
    cdef int i
    for card in CARDS:
        N_WANTS[card.id] = len(card.wants)
        for i, v in enumerate(card.wants):
            WANTS[card.id][i] = v
        for i in range(5):
            TO_PAY[card.id][i] = sum(card.pays[i:])
        SPACES[card.id] = card.spaces
        N_OFFERS[card.id] = len(card.offers)
        for i, (v, _bowls) in enumerate(card.offers):
            OFFERED[card.id][i] = v


_load()


cdef inline double dmin(double a, double b):
    return b if b < a else a  # Python's min: the first of equal values


cdef inline double dmax(double a, double b):
    return b if b > a else a


cdef int _inputs(p, int round_, int path, double cash, double* out) except -1:
    """`features` into `out`."""
    cdef int i, v, card, rows, tokens_on, veg, supply, want
    cdef int sown = 0, unsown = 0, tokens = 0, regulars = 0, red = 0, to_pay = 0, offers = 0
    cdef int goods = 0, unsown_spaces = 0, second_step = path + 2
    cdef long mask
    cdef int held[6]
    cdef int growing[6]
    cdef int wanted[6]
    cdef int each_round[6]
    cdef int offered[6]
    cdef double raw[N_TOTALS]
    cdef double left = (C_ROUNDS - round_) / <double> C_ROUNDS
    for v in range(6):
        held[v] = p.cart[v] + p.store[v]
        goods += held[v]
        growing[v] = wanted[v] = each_round[v] = offered[v] = 0
    for f in p.fields:
        tokens_on, veg = f.tokens, f.veg
        if tokens_on > 0:
            sown += 1
            tokens += tokens_on
            if veg >= 0:
                growing[veg] += tokens_on
        elif veg < 0:
            unsown += 1
        if veg < 0:
            unsown_spaces += SPACES[<int> f.card]
    for s in p.regulars:
        rows = s.rows
        if rows < 4:
            card = s.card
            regulars += 1
            red += s.red
            to_pay += TO_PAY[card][rows]
            for i in range(N_WANTS[card]):
                wanted[WANTS[card][i]] += 4 - rows
                each_round[WANTS[card][i]] += 1
    for c in p.casuals:
        card = c.card
        for i in range(N_WANTS[card]):
            wanted[WANTS[card][i]] += 1
    for s in p.stalls:
        card, mask = s.card, s.mask
        offers += bin(mask).count("1")
        for i in range(N_OFFERS[card]):
            if mask >> i & 1:
                offered[OFFERED[card][i]] += 1
    raw[0], raw[1], raw[2], raw[3], raw[4] = cash, path, p.loans, tokens, sown
    raw[5], raw[6], raw[7], raw[8], raw[9] = unsown, len(p.pile), goods, regulars, to_pay
    raw[10], raw[11], raw[12], raw[13] = red, len(p.casuals), len(p.helpers), offers
    for i in range(N_TOTALS):
        out[i] = raw[i] * left
        out[N_TOTALS + i] = raw[i] * left * left
    i = 2 * N_TOTALS
    for v in range(6):
        supply, want = held[v] + growing[v], wanted[v]
        out[i] = (want if want < supply else supply) * left
        out[i + 1] = (want - supply if want - supply > 0 else 0) * left
        out[i + 2] = (supply - want if supply - want > 0 else 0) * left
        out[i + 3] = each_round[v] * left
        out[i + 4] = held[v] * left
        out[i + 5] = growing[v] * left
        out[i + 6] = offered[v] * left
        i += N_PER_VEG
    out[i] = unsown_spaces * left
    out[i + 1] = (cash - second_step) * left
    out[i + 2] = dmin(dmax(cash, 0.0), second_step) / second_step * left
    return 0


def features(p, int round_, int path, cash) -> list:
    """`correction_inputs.features` (the source says what they are)."""
    cdef double out[N]
    _inputs(p, round_, path, cash, out)
    return [out[i] for i in range(N)]


def learned(weights, p, int round_, int path, cash) -> float:
    """`correction_inputs.learned`: `weights · features`, totalled in order."""
    cdef double out[N]
    cdef double total = 0.0
    cdef int i, n = len(weights)
    _inputs(p, round_, path, cash, out)
    for i in range(n if n < N else N):
        total += <double> weights[i] * out[i]
    return total
