"""The Helpers of the Shop: Book-keeper, Haggler, Merchant, Shopper.

Sources: the Helper Reference at the end of the rulebook (card text and the bullets under
each Helper; "[n]" is the phase) and docs/rules/RULINGS.md. Each test names the text it
checks. Encodings (loyang_game/engine/helpers/shop.py):
Book-keeper `USE(card, vegetable)` then one SHOP decision per vegetable; Haggler
`USE(card, combo, vegetable)`; Merchant `USE(card, combo, vegetable mask, combined vegetable)`;
Shopper `USE(card, 0, vegetable)`; combo 1 = with the Haggler, 2 = with the Shopper.
"""

from __future__ import annotations

import pytest

from loyang_game.engine import IllegalMove, Move
from loyang_game.engine.cards import BUY_PRICE, SHOP_SPACES
from loyang_game.engine.events import Cash, Why

from .helper_scenarios import (
    NONE,
    B,
    C,
    L,
    P,
    T,
    W,
    card_turn,
    put_regular,
    set_courtyard,
    set_hand,
    turn,
    use_cards,
    uses,
)
from .scenario import card, decision, put, set_player

WITH_HAGGLER, WITH_SHOPPER = 1, 2


def mask(*vegs: int) -> int:
    return sum(1 << v for v in vegs)


# --- Book-keeper ---------------------------------------------------------------------------------

def test_book_keeper_pays_one_per_field_sown_with_the_chosen_vegetable():
    """Book-keeper card text: "choose one type of vegetable. For each Field card on which this
    vegetable has been planted, you receive 1 Cash" (the Home field is a Field card too);
    fields sown with another vegetable and unsown fields do not count."""
    s, seat = turn()
    p = s.players[seat]
    home_veg = p.fields[0].veg
    other = next(v for v in (W, P, T) if v != home_veg)
    bk = put(s, seat, "Book-keeper").card
    put(s, seat, p.pile[-1], veg=home_veg, count=3)  # a private field
    put(s, seat, "CF4a", veg=home_veg, count=1)  # a common field
    put(s, seat, p.pile[-1], veg=other, count=2)
    put(s, seat, p.pile[-1])  # unsown
    assert set(uses(s, bk)) == {Move("use", bk, v) for v in range(6)}

    counted = s.clone()
    counted.apply(Move("use", bk, home_veg))
    assert counted.players[seat].cash == 13  # Home field, private field, common field
    one = s.clone()
    one.apply(Move("use", bk, other))
    assert one.players[seat].cash == 11
    none = s.clone()
    none.apply(Move("use", bk, L))
    assert none.players[seat].cash == 10
    assert bk in none.discard and not none.players[seat].helpers


def test_book_keeper_sets_every_shop_space_freely():
    """Book-keeper card text: "Decide whether each vegetable space in your Shop should contain
    the indicated vegetable or not. (Add or remove vegetables as you choose.)" One SHOP
    decision per vegetable, any number of its spaces from none to all; no Cash changes hands."""
    s, seat = turn()
    bk = put(s, seat, "Book-keeper").card
    s.apply(Move("use", bk, L))  # no Leek field: the Cash stays 10
    wanted = [0, 2, 1, 2, 2, 0]
    for veg in range(6):
        assert decision(s) == "shop" and s.current_player == seat
        assert set(s.legal_moves()) == {Move("shop", veg, n) for n in range(SHOP_SPACES[veg] + 1)}
        s.apply(Move("shop", veg, wanted[veg]))
    assert decision(s) == "act"
    p = s.players[seat]
    assert p.shop == wanted
    assert p.cash == 10
    assert Move("buy", W) not in s.legal_moves() and Move("buy", B) in s.legal_moves()


def test_book_keeper_in_card_phase_only_to_finance_a_common_field():
    """Book-keeper, [2,3]: "As well as during the Action phase, the Book-keeper can be used
    during the Card phase, if he is needed to finance a new Field." RULINGS R4: common fields
    cost 2 Cash at once (R6 money-raising; the Book-keeper may be used). Not offered as a Card
    phase move of its own; offered in the payment decision; the payment is made once the Cash
    is there."""
    s, seat = card_turn()
    p = s.players[seat]
    bk = put(s, seat, "Book-keeper").card
    home_veg = p.fields[0].veg
    cf3a, k1 = card("CF3a"), card("K1")
    set_courtyard(s, [cf3a])
    set_hand(s, seat, ["K2", "K3", "K4", k1])
    set_player(s, seat, cash=1)
    assert decision(s) == "cards"
    assert bk not in use_cards(s)
    s.apply(Move("take", cf3a, k1))
    assert decision(s) == "pay" and s.current_player == seat
    assert set(uses(s, bk)) == {Move("use", bk, v) for v in range(6)}
    s.apply(Move("use", bk, home_veg))  # the Home field: +1 Cash, 2 in all
    assert decision(s) == "shop"
    for veg in range(6):
        s.apply(Move("shop", veg, p.shop[veg]))
    assert Cash(seat, -2, Why.COMMON_FIELD, NONE) in s.events
    assert p.cash == 0
    assert bk in s.discard


def test_book_keeper_not_offered_in_card_phase_when_the_field_is_paid_at_once():
    """Book-keeper [2]: only "if he is needed to finance a new Field": with the 2 Cash at hand
    the field is paid at once and no decision offers the Book-keeper."""
    s, seat = card_turn()
    bk = put(s, seat, "Book-keeper").card
    cf3a, k1 = card("CF3a"), card("K1")
    set_courtyard(s, [cf3a])
    set_hand(s, seat, ["K2", "K3", "K4", k1])
    s.apply(Move("take", cf3a, k1))
    assert s.players[seat].cash == 8
    assert decision(s) == "cards" and s.current_player != seat
    assert any(slot.card == bk for slot in s.players[seat].helpers)


def test_book_keeper_raises_money_for_a_penalty():
    """Book-keeper [2,3] and rulebook F: "To raise money to pay the penalty of 2 Cash, a player
    can sell vegetables ..., place Helpers or take out a Loan." At the end of his Action phase
    the player owes 2 for a red customer: the Book-keeper's Cash pays it."""
    s, seat = turn(cash=0)
    bk = put(s, seat, "Book-keeper").card
    put_regular(s, seat, "R9", red=True)
    home_veg = s.players[seat].fields[0].veg
    put(s, seat, s.players[seat].pile[-1], veg=home_veg, count=2)
    s.apply(Move("end"))
    assert decision(s) == "pay"
    assert Move("use", bk, home_veg) in s.legal_moves()
    s.apply(Move("use", bk, home_veg))
    for veg in range(6):
        s.apply(Move("shop", veg, s.players[seat].shop[veg]))
    assert Cash(seat, -2, Why.PENALTY, NONE) in s.events
    assert s.players[seat].cash == 0 and s.players[seat].loans == 0


# --- Haggler -------------------------------------------------------------------------------------

def test_haggler_two_for_the_price_of_one():
    """Haggler card text: "Once only, buy 2 vegetables of the same kind in your Shop for the
    price of 1." Two Pumpkins from the Shop for 4 Cash."""
    s, seat = turn()
    hg = put(s, seat, "Haggler").card
    s.apply(Move("use", hg, 0, P))
    p = s.players[seat]
    assert (p.cart[P], p.shop[P], p.cash) == (2, 0, 6)
    assert hg in s.discard and not p.helpers


def test_haggler_needs_two_in_the_shop_and_the_price():
    """Haggler: "The Haggler can only be used when there are two of the required vegetable in
    the player's Shop." (The Shop starts with 1 Bean and 1 Leek.) And the price of 1 must be
    paid."""
    s, seat = turn()
    hg = put(s, seat, "Haggler").card
    assert {m.c for m in uses(s, hg)} == {W, P, T, C}
    with pytest.raises(IllegalMove):
        s.apply(Move("use", hg, 0, B))
    set_player(s, seat, shop={L: 2, W: 1})
    assert {m.c for m in uses(s, hg)} == {P, T, C, L}
    set_player(s, seat, cash=4)
    assert {m.c for m in uses(s, hg)} == {P}


def test_haggler_with_shopper_takes_both_from_the_supply():
    """Haggler: "(Combined with the Shopper, you take the 2 vegetables from the Supply rather
    than from the Shop.)"; Shopper: "you can buy 2 identical goods from the Supply for 2 less
    Cash." Two Turnips for 5 - 2 = 3 Cash; the Shop keeps its Turnips; both Helpers are
    used."""
    s, seat = turn()
    hg = put(s, seat, "Haggler").card
    sh = put(s, seat, "Shopper").card
    assert Move("use", hg, WITH_SHOPPER, T) in uses(s, hg)
    s.apply(Move("use", hg, WITH_SHOPPER, T))
    p = s.players[seat]
    assert (p.cart[T], p.shop[T], p.cash) == (2, 2, 7)
    assert hg in s.discard and sh in s.discard and not p.helpers


# --- Merchant ------------------------------------------------------------------------------------

def merchant_turn(regulars=("R2", "R6", "R11"), casuals=(), **shop):
    """The Merchant's example: Regular customers wanting Wheat/Wheat, Pumpkin/Cabbage and
    Pumpkin/Leek (R2, R6, R11), all due this round."""
    s, seat = turn()
    mc = put(s, seat, "Merchant").card
    for code in regulars:
        put_regular(s, seat, code)
    for code in casuals:
        put(s, seat, code)
    if shop:
        set_player(s, seat, shop={"WPTCBL".index(k): v for k, v in shop.items()})
    return s, seat, mc


def test_merchant_example_wheat_and_pumpkin_for_one_each():
    """Merchant card text and example: "You have Regular customers requiring wheat/wheat,
    pumpkin/cabbage and pumpkin/leeks. You may buy 1 wheat and 1 pumpkin for 1 Cash each."
    Any of the eligible vegetables, each at most once, in one use."""
    s, seat, mc = merchant_turn()
    assert {m.c for m in uses(s, mc)} == {mask(W), mask(P), mask(W, P)}
    assert all(m.b == 0 and m.d == NONE for m in uses(s, mc))
    s.apply(Move("use", mc, 0, mask(W, P)))
    p = s.players[seat]
    assert (p.cart[W], p.cart[P], p.cash) == (1, 1, 8)
    assert (p.shop[W], p.shop[P]) == (2, 1)  # bought in the Shop
    assert mc in s.discard


def test_merchant_at_most_one_of_a_kind():
    """Merchant: "Even if a player must deliver the same vegetable four times to his Regular
    customers, he can only buy at most 1 vegetable with the Merchant." Wheat wanted 4 times
    (W/W, W/P, W/C): one Wheat."""
    s, seat, mc = merchant_turn(regulars=("R2", "R1", "R4"))
    assert {m.c for m in uses(s, mc)} == {mask(W)}
    s.apply(Move("use", mc, 0, mask(W)))
    assert s.players[seat].cart[W] == 1 and s.players[seat].cash == 9


def test_merchant_counts_only_regular_customers():
    """Merchant: "The Merchant only counts by Regular customers, not Casual customers."
    Wheat once for W/P and twice for a Casual customer W/W/B: no Wheat."""
    s, _, mc = merchant_turn(regulars=("R1",), casuals=("K2",))
    assert uses(s, mc) == []
    s, _, mc = merchant_turn(regulars=("R1",), casuals=("K2", "K5"))
    assert uses(s, mc) == []


def test_merchant_never_buys_what_is_not_in_the_shop():
    """Merchant: "Players can never buy vegetables that are not in their Shop." No Wheat in the
    Shop: only the Pumpkin of the example."""
    s, _, mc = merchant_turn(W=0)
    assert {m.c for m in uses(s, mc)} == {mask(P)}


def test_merchant_counts_only_what_is_still_due_this_round():
    """Merchant card text: "that you must deliver at least twice to your Regular customers in
    this round": once W/W is served this round, Wheat is no longer wanted twice."""
    s, seat, mc = merchant_turn()
    set_player(s, seat, cart={W: 2})
    s.apply(Move("regular", card("R2")))
    assert {m.c for m in uses(s, mc)} == {mask(P)}


def test_merchant_ignores_covered_regular_customers():
    """Rulebook action H: a covered card is not in play; the Merchant counts the Regular
    customers in play only. W/W under a Casual customer: no Wheat."""
    s, seat = turn()
    mc = put(s, seat, "Merchant").card
    put(s, seat, "K1", under="R2")
    put_regular(s, seat, "R1")
    assert uses(s, mc) == []


def test_merchant_with_haggler_two_identical_for_one_cash():
    """Merchant: "The Merchant can be combined with the Hagglers: a player can buy 2 identical
    goods for 1 Cash."; Haggler: "Used with the Merchant, the price for the two vegetables is
    1 Cash." Two Wheat for 1 Cash and the Pumpkin for 1; both Helpers are used."""
    s, seat, mc = merchant_turn()
    hg = put(s, seat, "Haggler").card
    move = Move("use", mc, WITH_HAGGLER, mask(W, P), W)
    assert move in uses(s, mc)
    s.apply(move)
    p = s.players[seat]
    assert (p.cart[W], p.cart[P], p.cash) == (2, 1, 8)
    assert (p.shop[W], p.shop[P]) == (1, 1)
    assert mc in s.discard and hg in s.discard


def test_merchant_with_haggler_needs_two_in_the_shop():
    """Haggler: "can only be used when there are two of the required vegetable in the player's
    Shop" (also with the Merchant): one Wheat in the Shop, no Haggler on Wheat."""
    s, seat, mc = merchant_turn(W=1)
    put(s, seat, "Haggler")
    combined = [m for m in uses(s, mc) if m.b & WITH_HAGGLER]
    assert combined and all(m.d == P for m in combined)


def test_merchant_with_shopper_one_vegetable_free_from_the_supply():
    """Merchant and Shopper: "the player receives, for 0 Cash, up to 1 vegetable (that the
    Merchant could buy from the Shop for 1 Cash) from the Supply." The Wheat free from the
    supply, the Pumpkin for 1 Cash from the Shop."""
    s, seat, mc = merchant_turn()
    sh = put(s, seat, "Shopper").card
    move = Move("use", mc, WITH_SHOPPER, mask(W, P), W)
    assert move in uses(s, mc)
    s.apply(move)
    p = s.players[seat]
    assert (p.cart[W], p.cart[P], p.cash) == (1, 1, 9)
    assert (p.shop[W], p.shop[P]) == (3, 1)
    assert mc in s.discard and sh in s.discard


def test_merchant_with_shopper_only_what_the_merchant_could_buy():
    """Merchant and Shopper: only a vegetable "that the Merchant could buy from the Shop":
    none without it in the Shop, and none the Merchant does not offer."""
    s, seat, mc = merchant_turn(W=0)
    put(s, seat, "Shopper")
    combined = [m for m in uses(s, mc) if m.b & WITH_SHOPPER]
    assert combined and {m.d for m in combined} == {P}


# --- Shopper -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("veg", "price"), [(W, 1), (P, 2), (T, 3), (C, 3), (B, 4), (L, 4)])
def test_shopper_prices_from_the_supply(veg, price):
    """Shopper card text: "Buy 1 vegetable from the Supply (not from the Shop). The vegetable
    costs 2 Cash less than it would in the Shop."; bullet: "Wheat costs 1 Cash, Pumpkins 2,
    Turnips and Cabbages 3, Beans and Leeks 4." From the supply: also with none in the Shop,
    and the Shop is not touched."""
    s, seat = turn()
    sh = put(s, seat, "Shopper").card
    set_player(s, seat, shop={veg: 0})
    assert price == BUY_PRICE[veg] - 2
    s.apply(Move("use", sh, 0, veg))
    p = s.players[seat]
    assert p.cart[veg] == 1 and p.cash == 10 - price and p.shop[veg] == 0
    assert sh in s.discard


def test_shopper_needs_the_price():
    """Shopper card text: the vegetable "costs" its price: with 3 Cash no Bean or Leek."""
    s, seat = turn(cash=3)
    sh = put(s, seat, "Shopper").card
    assert {m.c for m in uses(s, sh)} == {W, P, T, C}


def test_shopper_buys_one_vegetable_only():
    """Shopper card text: "Buy 1 vegetable": the Shopper is used up by one purchase."""
    s, seat = turn()
    sh = put(s, seat, "Shopper").card
    s.apply(Move("use", sh, 0, W))
    assert uses(s, sh) == []
    with pytest.raises(IllegalMove):
        s.apply(Move("use", sh, 0, W))
    assert s.players[seat].cart[W] == 1 and s.players[seat].cash == 9
