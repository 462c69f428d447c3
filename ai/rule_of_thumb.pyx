# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
"""The rule of thumb of `rule_of_thumb.py` in C data, built in its place where a C compiler is
at hand (`setup.py`; issue 49, item 7): the board read once into C numbers, every option of
the kinds it looks at tried on a scratch purse of C numbers (`options._Purse`'s steps, in its
order), and Move objects made for the one option picked. `rule_of_thumb.py` and `options.py`
stay the reference and the fallback: this picks their option (tests/ai/test_rollout_act.py
compares them state for state), so every score is the source's expression on the same doubles
in the same order, and ties go to the first option as there.
"""

from ai import plain_module
from loyang_game.engine import cards
from loyang_game.engine.moves import BUY, CASUAL, NONE, REGULAR, SOW, TRADE, Move
from loyang_game.engine.serving import casual_modifier
from loyang_game.engine.state import Effect

from .options import END_OPTION

include "card_data.pxi"

cdef enum:
    MAX_REGULARS = 32  # Regular customers of one farmer: the game has 14
    MAX_OFFERS = 64  # stall offers: 14 stalls of 3
    MAX_MOVES = 16  # the moves that get one option's vegetables: a customer wants at most 6


# What an option does last, once its vegetables are got.
cdef enum Final:
    SERVE_REGULAR, SERVE_REGULAR_TWICE, SERVE_CASUAL, SOW_FIELD


# What the options read of the farmer, and what every option's purse starts from.
cdef struct Board:
    int round_, rounds_after
    long cash
    int cart[6]
    int shop[6]
    double keep[6]  # options.keep_value
    int order[6]  # the vegetables by keep value, cheapest first (a stable sort)
    int n_offers
    int off_card[MAX_OFFERS]
    int off_index[MAX_OFFERS]
    int off_veg[MAX_OFFERS]
    int off_bowls[MAX_OFFERS]


# `options._Purse`: a scratch copy of what an option may spend, and the moves it made.
cdef struct Purse:
    int cart[6]
    int shop[6]
    long cash
    long spent
    double traded
    bint gone[MAX_OFFERS]  # offers traded for (the source removes them from its list)
    int n_moves
    int move_buy[MAX_MOVES]  # 1: bought in the Shop (move_a: vegetable); 0: a trade
    int move_a[MAX_MOVES]
    int move_b[MAX_MOVES]
    int move_c[MAX_MOVES]
    int move_d[MAX_MOVES]


# The best option so far: its score (0 until one scores above 0), its purse's moves and its
# last move.
cdef struct Pick:
    double score
    Purse purse
    Final final_kind
    int final_card, final_veg


cdef CardData DATA[MAX_CARDS]
cdef int BUY_PRICE[6]
cdef int SELL_PRICE[6]
cdef int SHOP_SPACES[6]
cdef int DEAREST[6]
cdef int C_NONE = NONE, C_ROUNDS = cards.ROUNDS


def _load() -> None:
    """The cards' data in C arrays, once."""
    cdef int i
    for v in range(6):
        BUY_PRICE[v] = cards.BUY_PRICE[v]
        SELL_PRICE[v] = cards.SELL_PRICE[v]
        SHOP_SPACES[v] = cards.SHOP_SPACES[v]
    for i, v in enumerate(sorted(range(6), key=lambda v: -cards.BUY_PRICE[v])):
        DEAREST[i] = v  # options.DEAREST
    for c in cards.CARDS:
        load_card(&DATA[c.id], c)


_load()
_plain = None  # the reference, for a farmer with more on the table than the arrays hold


def rollout_act(s, seat):
    """`rule_of_thumb.rollout_act`: the same option."""
    global _plain
    cdef Board b
    cdef Pick pick
    cdef int reg_card[MAX_REGULARS]
    cdef int reg_rows[MAX_REGULARS]
    cdef int reg_served[MAX_REGULARS]
    cdef int reg_first_due[MAX_REGULARS]
    cdef int n_regulars = 0
    cdef int due[6]
    p = s.players[seat]
    if len(p.regulars) > MAX_REGULARS or 3 * len(p.stalls) > MAX_OFFERS:
        if _plain is None:
            _plain = plain_module("rule_of_thumb")
        return _plain.rollout_act(s, seat)
    _read(&b, s, p)
    for slot in p.regulars:
        reg_card[n_regulars] = slot.card
        reg_rows[n_regulars] = slot.rows
        reg_served[n_regulars] = slot.served
        reg_first_due[n_regulars] = slot.first_due
        n_regulars += 1
    pick.score = 0.0
    _serving_regulars(&b, &pick, reg_card, reg_rows, reg_served, reg_first_due, n_regulars,
                      Effect.MESSENGER in p.effects)
    if pick.score == 0.0:  # no Regular customer's option pays
        _due_wants(&b, reg_card, reg_served, reg_first_due, n_regulars, C_NONE, due)
        if p.casuals:
            _serving_casuals(&b, &pick, p, due)
        if pick.score == 0.0:
            _sowing(&b, &pick, p, due)
    if pick.score == 0.0:
        return END_OPTION
    return _option(&pick)


cdef int _read(Board* b, s, p) except -1:
    """The farmer's Cart, Shop, Cash and open stall offers (`options.open_offers`), the keep
    value of each vegetable and their order by it."""
    cdef int v, i, j, card, mask, n
    b.round_ = s.round
    b.rounds_after = C_ROUNDS - b.round_
    b.cash = p.cash
    for v in range(6):
        b.cart[v] = p.cart[v]
        b.shop[v] = p.shop[v]
        b.keep[v] = ((<double> SELL_PRICE[v]) if b.shop[v] < SHOP_SPACES[v] else 0.0) \
            + 0.1 * BUY_PRICE[v]
    for i in range(6):  # a stable insertion sort, as `sorted` by key
        v = i
        j = i
        while j > 0 and b.keep[b.order[j - 1]] > b.keep[v]:
            b.order[j] = b.order[j - 1]
            j -= 1
        b.order[j] = v
    maid = Effect.MAID in p.effects
    n = 0
    for slot in p.stalls:
        card, mask = slot.card, slot.mask
        for i in range(DATA[card].n_offers):
            if mask >> i & 1:
                b.off_card[n] = card
                b.off_index[n] = i
                b.off_veg[n] = DATA[card].offer_veg[i]
                b.off_bowls[n] = 1 if maid else DATA[card].offer_bowls[i]
                n += 1
    b.n_offers = n
    return 0


cdef void _due_wants(Board* b, int* reg_card, int* reg_served, int* reg_first_due,
                     int n_regulars, int skip, int* want):
    """`options.due_wants` into `want` (six counts, set to 0 first)."""
    cdef int i, j, card
    for j in range(6):
        want[j] = 0
    for i in range(n_regulars):
        card = reg_card[i]
        if card == skip or reg_served[i] == b.round_ or reg_first_due[i] > b.round_:
            continue
        for j in range(DATA[card].n_wants):
            want[DATA[card].wants[j]] += 1


cdef void _start(Board* b, Purse* purse):
    cdef int v, i
    for v in range(6):
        purse.cart[v] = b.cart[v]
        purse.shop[v] = b.shop[v]
    purse.cash = b.cash
    purse.spent = 0
    purse.traded = 0.0
    purse.n_moves = 0
    for i in range(b.n_offers):
        purse.gone[i] = False


cdef int _payment(Board* b, Purse* purse, int bowls, int veg, int* needs, int* protect,
                  int* chosen):
    """`_Purse._payment`: how many spare vegetables were chosen into `chosen` (`bowls` if
    the payment can be made)."""
    cdef int spare[6]
    cdef int u, k, n = 0
    for u in range(6):
        spare[u] = 0 if u == veg else max(0, purse.cart[u] - needs[u] - protect[u])
    for k in range(6):
        u = b.order[k]
        while spare[u] and n < bowls:
            spare[u] -= 1
            chosen[n] = u
            n += 1
    return n


cdef bint _trade_for(Board* b, Purse* purse, int veg, int* needs, int* protect):
    """`_Purse.trade_for`: the cheapest offer of `veg` that can be paid, traded for."""
    cdef int i, k, u, best = -1, n
    cdef int pay[2]
    cdef int chosen[2]
    for i in range(b.n_offers):
        if purse.gone[i] or b.off_veg[i] != veg:
            continue
        if best == -1 or b.off_bowls[i] < b.off_bowls[best]:
            n = _payment(b, purse, b.off_bowls[i], veg, needs, protect, chosen)
            if n == b.off_bowls[i]:
                best = i
                for k in range(n):
                    pay[k] = chosen[k]
    if best == -1:
        return False
    purse.gone[best] = True
    n = b.off_bowls[best]
    for k in range(n):
        u = pay[k]
        purse.cart[u] -= 1
        purse.traded += b.keep[u]
    purse.cart[veg] += 1
    if n == 2 and pay[1] < pay[0]:
        pay[0], pay[1] = pay[1], pay[0]
    k = purse.n_moves
    purse.move_buy[k] = 0
    purse.move_a[k] = b.off_card[best]
    purse.move_b[k] = b.off_index[best]
    purse.move_c[k] = pay[0]
    purse.move_d[k] = pay[1] if n == 2 else C_NONE
    purse.n_moves += 1
    return True


cdef bint _buy(Purse* purse, int veg):
    """`_Purse.buy`."""
    cdef int k
    if purse.shop[veg] <= 0 or purse.cash < BUY_PRICE[veg]:
        return False
    purse.shop[veg] -= 1
    purse.cash -= BUY_PRICE[veg]
    purse.spent += BUY_PRICE[veg]
    purse.cart[veg] += 1
    k = purse.n_moves
    purse.move_buy[k] = 1
    purse.move_a[k] = veg
    purse.n_moves += 1
    return True


cdef bint _obtain(Board* b, Purse* purse, int* needs, int* protect, bint prefer_buy):
    """`_Purse.obtain`: False if `needs` cannot be had."""
    cdef int k, veg
    cdef bint made
    for k in range(6):
        veg = DEAREST[k]
        while purse.cart[veg] < needs[veg]:
            if purse.n_moves >= MAX_MOVES:
                raise OverflowError("more moves to get a customer's vegetables than foreseen")
            if prefer_buy:
                made = _buy(purse, veg) or _trade_for(b, purse, veg, needs, protect)
            else:
                made = _trade_for(b, purse, veg, needs, protect) or _buy(purse, veg)
            if not made:
                return False
    return True


cdef inline void _offer(Pick* pick, double score, Purse* purse, Final final_kind,
                       int final_card, int final_veg):
    """`rule_of_thumb.best_paying`'s step: the option taken if it scores above the best so far
    (and so above 0: ties go to the first)."""
    if score > pick.score:
        pick.score = score
        pick.purse = purse[0]
        pick.final_kind, pick.final_card, pick.final_veg = final_kind, final_card, final_veg


cdef void _wants_vector(int card, int times, int* need):
    """`options._wants_vector` of the card's wants."""
    cdef int j
    for j in range(6):
        need[j] = 0
    for j in range(DATA[card].n_wants):
        need[DATA[card].wants[j]] += times


cdef int _serving_regulars(Board* b, Pick* pick, int* reg_card, int* reg_rows, int* reg_served,
                           int* reg_first_due, int n_regulars, bint messenger) except -1:
    """`options.serving_regulars`, each option offered to `pick` as it is made (trading
    first, then buying first: `options._with_sources`)."""
    cdef Purse purse
    cdef int protect[6]
    cdef int needs[6]
    cdef int i, card, rows, pay
    cdef double missed
    cdef int prefer_buy
    for i in range(n_regulars):
        card, rows = reg_card[i], reg_rows[i]
        _due_wants(b, reg_card, reg_served, reg_first_due, n_regulars, card, protect)
        pay = DATA[card].pays[min(rows, 3)]
        if reg_served[i] != b.round_:
            missed = 2.0 if reg_first_due[i] <= b.round_ else 0.0
            _wants_vector(card, 1, needs)
            for prefer_buy in range(2):  # trading first, then buying first
                _start(b, &purse)
                if _obtain(b, &purse, needs, protect, prefer_buy):
                    _offer(pick, (<double> pay) + missed - purse.spent - purse.traded, &purse,
                           SERVE_REGULAR, card, C_NONE)
            if messenger and rows == 3:
                _wants_vector(card, 2, needs)
                for prefer_buy in range(2):  # trading first, then buying first
                    _start(b, &purse)
                    if _obtain(b, &purse, needs, protect, prefer_buy):
                        _offer(pick, (<double> (2 * pay - purse.spent)) - purse.traded, &purse,
                               SERVE_REGULAR_TWICE, card, C_NONE)
        elif messenger and rows > 0:
            pay = DATA[card].pays[rows - 1]
            _wants_vector(card, 1, needs)
            for prefer_buy in range(2):  # trading first, then buying first
                _start(b, &purse)
                if _obtain(b, &purse, needs, protect, prefer_buy):
                    _offer(pick, (<double> (pay - purse.spent)) - purse.traded - 2.0, &purse,
                           SERVE_REGULAR, card, C_NONE)
    return 0


cdef int _serving_casuals(Board* b, Pick* pick, p, int* due) except -1:
    """`options.serving_casuals`, each option offered to `pick` as it is made."""
    cdef Purse purse
    cdef int needs[6]
    cdef int card, j, modifier = casual_modifier(p)
    cdef double used
    cdef int prefer_buy
    for slot in p.casuals:
        card = slot.card
        used = 0.0
        for j in range(DATA[card].n_wants):
            used += b.keep[DATA[card].wants[j]]
        _wants_vector(card, 1, needs)
        for prefer_buy in range(2):  # trading first, then buying first
            _start(b, &purse)
            if _obtain(b, &purse, needs, due, prefer_buy):
                _offer(pick, (<double> (DATA[card].pays[0] + modifier - purse.spent))
                       - purse.traded - used - 1.0, &purse, SERVE_CASUAL, card,
                       C_NONE)
    return 0


cdef int _sowing(Board* b, Pick* pick, p, int* due) except -1:
    """`options.sowing`, each option offered to `pick` as it is made."""
    cdef Purse purse
    cdef int needs[6]
    cdef int casual_want[6]
    cdef int card, j, k, veg, harvests
    cdef double worth, own
    cdef int prefer_buy
    for j in range(6):
        casual_want[j] = 0
    for slot in p.casuals:  # options.casual_wants
        card = slot.card
        for j in range(DATA[card].n_wants):
            casual_want[DATA[card].wants[j]] += 1
    for slot in p.fields:
        if slot.veg != C_NONE:
            continue
        card = slot.card
        harvests = min(DATA[card].spaces, b.rounds_after)
        for j in range(DATA[card].n_sowable):
            veg = DATA[card].sowable[j]
            for k in range(6):
                needs[k] = 0
            needs[veg] = 1
            for prefer_buy in range(2):  # trading first, then buying first
                _start(b, &purse)
                if not _obtain(b, &purse, needs, due, prefer_buy):
                    continue
                worth = harvests * (1.0 + 0.25 * BUY_PRICE[veg])
                if casual_want[veg] or due[veg]:
                    worth -= 1.0  # it was wanted by a customer
                own = b.keep[veg] if not purse.spent and not purse.traded else 0.0
                _offer(pick, worth - purse.spent - purse.traded - own, &purse, SOW_FIELD, card,
                       veg)
    return 0


cdef tuple _option(Pick* pick):
    """The picked option's Move objects."""
    cdef Purse* purse = &pick.purse
    cdef int k
    moves = []
    for k in range(purse.n_moves):
        if purse.move_buy[k]:
            moves.append(Move(BUY, purse.move_a[k]))
        else:
            moves.append(Move(TRADE, purse.move_a[k], purse.move_b[k], purse.move_c[k],
                              purse.move_d[k]))
    if pick.final_kind == SERVE_REGULAR:
        moves.append(Move(REGULAR, pick.final_card))
    elif pick.final_kind == SERVE_REGULAR_TWICE:
        moves.append(Move(REGULAR, pick.final_card, 2))
    elif pick.final_kind == SERVE_CASUAL:
        moves.append(Move(CASUAL, pick.final_card))
    else:
        moves.append(Move(SOW, pick.final_card, pick.final_veg))
    return tuple(moves)
