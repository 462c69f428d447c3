# The C types of the farm's C version (`farm.pyx`, read with it by Cython when the hot path
# is compiled: setup.py): the board as fixed arrays of C numbers (the cards' own in
# `card_data.pxi`). Issue 49, item 7.

cdef enum:
    MAX_FIELDS = 64  # fields, empty fields and the pile together: the game has 43 field cards
    MAX_CUSTOMERS = 32  # Regular or Casual customers: the game has 14 of each
    MAX_OFFERS = 64  # stall offers: 14 stalls of 3
    MAX_ROUNDS = 16


cdef struct Farm:
    double cash, converts, capacity
    double have[6]
    double shop[6]
    # knobs
    double future[6]
    double convert_cost, casual_margin
    # sown fields: vegetable, tokens left
    int n_fields
    int field_veg[MAX_FIELDS]
    int field_tokens[MAX_FIELDS]
    # empty fields and the pile: a card of the field's shape (spaces, sowable)
    int n_unsown
    int unsown[MAX_FIELDS]
    int n_pile
    int pile[MAX_FIELDS]  # shape ranks, largest first (the source pops the smallest)
    # Regular customers: card, first payment still to come, red marker
    int n_regulars
    int reg_card[MAX_CUSTOMERS]
    int reg_next[MAX_CUSTOMERS]
    bint reg_red[MAX_CUSTOMERS]
    # Casual customers: card
    int n_casuals
    int cas_card[MAX_CUSTOMERS]
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
