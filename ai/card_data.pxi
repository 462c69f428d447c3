# The cards' printed numbers as C numbers, for the C versions of hot modules (`farm.pyx`,
# `rule_of_thumb.pyx`): each includes this and fills its own table once (`load_card`).

cdef enum:
    MAX_CARDS = 128  # more than the game has (`load_card` is given every card id)


cdef struct CardData:
    int spaces
    int n_sowable
    int sowable[6]
    int n_wants
    int wants[6]
    int n_pays
    int pays[4]
    int n_offers
    int offer_veg[3]
    int offer_bowls[3]
    # the farm's own (farm.pyx)
    int shape  # the rank of (spaces, sowable) among every field card's: sorts as the tuple
    int by_price[6]  # the wants' vegetables, each once, dearest first (as farm._BY_PRICE)
    int n_by_price


cdef int load_card(CardData* d, card) except -1:
    """`card`'s (a `cards.Card`) spaces, sowable vegetables, wants, payments and offers."""
    cdef int j
    assert card.id < MAX_CARDS and len(card.wants) <= 6 and len(card.pays) <= 4 \
        and len(card.offers) <= 3
    d.spaces = card.spaces
    d.n_sowable = len(card.sowable)
    for j, v in enumerate(card.sowable):
        d.sowable[j] = v
    d.n_wants = len(card.wants)
    for j, v in enumerate(card.wants):
        d.wants[j] = v
    d.n_pays = len(card.pays)
    for j, v in enumerate(card.pays):
        d.pays[j] = v
    d.n_offers = len(card.offers)
    for j, (v, bowls) in enumerate(card.offers):
        d.offer_veg[j] = v
        d.offer_bowls[j] = bowls
    return 0
