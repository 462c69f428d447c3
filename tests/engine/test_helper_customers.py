"""The Helpers of the customers: Deliveryman, Messenger-boy, Saleswoman, Tout.

Sources: the Helper Reference at the end of the rulebook and docs/rules/RULINGS.md (R7 Regular
customers and the Messenger-boy, R8 the Casual modifier). Encodings
(loyang_game/engine/helpers/customers.py): Deliveryman `USE(card, Regular customer)`;
Messenger-boy `USE(card)`, then `REGULAR(customer)` twice or `REGULAR(customer, 2)` on the top
row; Saleswoman `USE(card, 1, 0)` all blue now, `USE(card, 1, 1)` all blue after this phase's
checks, `USE(card, 2)` Casual +2; Tout `USE(card, 1, mine, theirs)` exchange, `USE(card, 2,
theirs)` buy and serve.

Customers used (CARDS.md): R1 W+P 4/5/5/6, R2 W+W 4/5/5/6, R3 P+T 4/5/6/7, R9 T+C 5/6/7/8;
K1 W P T 7, K2 W W B 8, K3 W T T 8.
"""

from __future__ import annotations

import pytest

from loyang_game.engine import IllegalMove, Move

from .helper_scenarios import (
    NONE,
    B,
    C,
    P,
    T,
    W,
    advance,
    put_regular,
    to_next_act,
    turn,
    uses,
)
from .scenario import card, clear_area, decision, put, set_player, slot_of


def to_path_of(s, seat):
    s.apply(Move("end"))
    return advance(s, lambda st: decision(st) == "path" and st.current_player == seat)


# --- Deliveryman ---------------------------------------------------------------------------------

def test_deliveryman_proceeds_to_the_user_owner_must_still_deliver():
    """Deliveryman card text: "Deliver to another player's Regular customer and take the
    proceeds yourself." Bullet: "The "owner" of the Regular customer must still deliver in that
    round, if he has not already and if he still has the Regular customer card." The row is
    filled (5 Cash to the user); the owner's next delivery fills the next row (6 Cash); an owner
    who does not deliver gets a red marker."""
    s, seat = turn()
    owner = s.order[1]
    dm = put(s, seat, "Deliveryman").card
    r9 = put_regular(s, owner, "R9").card
    set_player(s, seat, cart={T: 1, C: 1})
    assert uses(s, dm) == [Move("use", dm, r9)]
    s.apply(Move("use", dm, r9))
    assert s.players[seat].cash == 15 and s.players[seat].cart == [0] * 6
    assert s.players[owner].cash == 10
    assert slot_of(s, r9).rows == 1
    assert dm in s.discard

    to_next_act(s, owner, s.round)
    missed = s.clone()
    set_player(s, owner, cart={T: 1, C: 1})
    assert Move("regular", r9) in s.legal_moves()
    s.apply(Move("regular", r9))
    assert s.players[owner].cash == 16 and slot_of(s, r9).rows == 2

    to_path_of(missed, owner)  # not delivered by the owner: the marker turns red
    assert slot_of(missed, r9).red


def test_deliveryman_last_delivery_pays_the_owner_two():
    """Deliveryman card text: "If you make the last delivery to that customer, you must pay the
    owner 2 Cash from the proceeds." The 4th row pays 8: 6 to the user, 2 to the owner, and the
    card leaves (RULINGS R7); the user needs no Cash of his own."""
    s, seat = turn(cash=0)
    owner = s.order[1]
    dm = put(s, seat, "Deliveryman").card
    r9 = put_regular(s, owner, "R9", rows=3).card
    set_player(s, seat, cart={T: 1, C: 1})
    s.apply(Move("use", dm, r9))
    assert s.players[seat].cash == 6
    assert s.players[owner].cash == 2
    assert slot_of(s, r9) is None and r9 in s.discard


def test_deliveryman_reveals_the_card_under_a_finished_customer():
    """Deliveryman with the last delivery: the card leaves, and the card under it is placed at
    once (rulebook E: "the lower card is immediately moved to the appropriate place")."""
    s, seat = turn()
    owner = s.order[1]
    dm = put(s, seat, "Deliveryman").card
    r9 = put_regular(s, owner, "R9", under="S7", rows=3).card
    set_player(s, seat, cart={T: 1, C: 1})
    s.apply(Move("use", dm, r9))
    assert slot_of(s, "S7") == (card("S7"), NONE, 0b111)
    assert slot_of(s, "S7") in s.players[owner].stalls


def test_deliveryman_only_other_players_uncovered_customers_with_the_vegetables():
    """Deliveryman card text: "another player's Regular customer": not one's own, not a covered
    one (rulebook E: only cards in play), and only with the two vegetables in the Cart."""
    s, seat = turn()
    other = s.order[1]
    dm = put(s, seat, "Deliveryman").card
    put_regular(s, seat, "R2")
    put(s, other, "K2", under="R9")
    r3 = put_regular(s, other, "R3").card
    set_player(s, seat, cart={W: 2, T: 2, C: 2})
    assert uses(s, dm) == []
    set_player(s, seat, cart={W: 2, T: 2, C: 2, P: 1})
    assert uses(s, dm) == [Move("use", dm, r3)]


# --- Messenger-boy -------------------------------------------------------------------------------

def test_messenger_boy_second_delivery_same_row_paid_twice():
    """Messenger-boy card text: "You can deliver twice to any or each of your Regular customers
    in this Action phase"; bullet: "Players are paid for each of the two deliveries." RULINGS
    R7: the second delivery goes onto the same row and pays that row's amount again; never a
    third."""
    s, seat = turn(cash=0)
    mb = put(s, seat, "Messenger-boy").card
    r9 = put_regular(s, seat, "R9").card
    r3 = put_regular(s, seat, "R3", rows=1).card
    set_player(s, seat, cart={T: 4, C: 2, P: 2})
    s.apply(Move("use", mb))
    assert "messenger" in s.players[seat].effects and mb in s.discard
    s.apply(Move("regular", r9))
    s.apply(Move("regular", r9))
    assert s.players[seat].cash == 10
    assert slot_of(s, r9).rows == 1 and slot_of(s, r9).doubled == s.round
    assert Move("regular", r9) not in s.legal_moves()
    with pytest.raises(IllegalMove):
        s.apply(Move("regular", r9))
    s.apply(Move("regular", r3))  # "any or each": a second customer too
    s.apply(Move("regular", r3))
    assert s.players[seat].cash == 20 and slot_of(s, r3).rows == 2
    assert s.players[seat].cart == [0] * 6


def test_messenger_boy_needed_for_a_second_delivery():
    """Rulebook action F: a Regular customer wants its two vegetables "exactly once in each
    round"; only the Messenger-boy allows a second delivery, in the phase he is used."""
    s, seat = turn()
    mb = put(s, seat, "Messenger-boy").card
    r9 = put_regular(s, seat, "R9").card
    set_player(s, seat, cart={T: 2, C: 2})
    s.apply(Move("regular", r9))
    assert Move("regular", r9) not in s.legal_moves()
    s.apply(Move("use", mb))  # activated after the first delivery: the second is allowed
    assert Move("regular", r9) in s.legal_moves()
    to_path_of(s, seat)
    to_next_act(s, seat, s.round + 1)
    clear_area(s, seat, keep=[r9])
    set_player(s, seat, cart={T: 2, C: 2})
    s.apply(Move("regular", r9))
    assert Move("regular", r9) not in s.legal_moves()  # next phase: once again


def test_messenger_boy_top_row_both_deliveries_at_once():
    """Messenger-boy: "Players can also deliver twice to a Regular customer's top (last) row.
    Both these deliveries must be made at the same time." RULINGS R7. Paid twice 8 Cash; the
    card leaves. With the vegetables for one delivery only, just the single one."""
    s, seat = turn(cash=0)
    mb = put(s, seat, "Messenger-boy").card
    r9 = put_regular(s, seat, "R9", rows=3).card
    set_player(s, seat, cart={T: 1, C: 1})
    s.apply(Move("use", mb))
    assert Move("regular", r9, 2) not in s.legal_moves()
    assert Move("regular", r9) in s.legal_moves()
    set_player(s, seat, cart={T: 2, C: 2})
    assert Move("regular", r9, 2) in s.legal_moves()
    s.apply(Move("regular", r9, 2))
    assert s.players[seat].cash == 16 and s.players[seat].cart == [0] * 6
    assert slot_of(s, r9) is None and r9 in s.discard


def test_messenger_boy_no_double_top_row_without_him():
    """RULINGS R7: the double top-row delivery exists only with the Messenger-boy."""
    s, seat = turn()
    r9 = put_regular(s, seat, "R9", rows=3).card
    set_player(s, seat, cart={T: 2, C: 2})
    assert Move("regular", r9, 2) not in s.legal_moves()
    with pytest.raises(IllegalMove):
        s.apply(Move("regular", r9, 2))


def test_messenger_boy_five_deliveries_over_four_rounds():
    """Messenger-boy: "Even after a double delivery, the player must deliver to the Regular
    customer over four rounds. In this way, a Regular customer may receive five (or even more)
    deliveries." R9 pays 5 + 5 in the first round, then 6, 7, 8; it still wants a delivery in
    each round (a miss turns it red) and leaves after the 4th row."""
    s, seat = turn(cash=0)
    mb = put(s, seat, "Messenger-boy").card
    r9 = put_regular(s, seat, "R9").card
    set_player(s, seat, cart={T: 2, C: 2})
    s.apply(Move("use", mb))
    s.apply(Move("regular", r9))
    s.apply(Move("regular", r9))
    earned = s.players[seat].cash
    deliveries = 2
    first = s.round
    to_path_of(s, seat)
    for n in (1, 2, 3):
        to_next_act(s, seat, first + n)
        clear_area(s, seat, keep=[r9])
        if n == 1:  # still due in the next round: a miss turns the marker red
            missed = s.clone()
            to_path_of(missed, seat)
            assert slot_of(missed, r9).red
        set_player(s, seat, cash=0, cart={T: 1, C: 1})
        s.apply(Move("regular", r9))
        earned += s.players[seat].cash
        deliveries += 1
        if n < 3:
            assert slot_of(s, r9).rows == 1 + n
            to_path_of(s, seat)
    assert (earned, deliveries) == (5 + 5 + 6 + 7 + 8, 5)
    assert slot_of(s, r9) is None and r9 in s.discard


def test_messenger_boy_second_delivery_bought_with_the_proceeds():
    """Messenger-boy: "A player is allowed to deliver to a Regular customer, and then use the
    proceeds to buy a vegetable that is required for that customer's second delivery."
    R2 (Wheat/Wheat) pays 4; two Wheat from the Shop cost 6."""
    s, seat = turn(cash=2)
    mb = put(s, seat, "Messenger-boy").card
    r2 = put_regular(s, seat, "R2").card
    set_player(s, seat, cart={W: 2})
    s.apply(Move("use", mb))
    s.apply(Move("regular", r2))
    assert s.players[seat].cash == 6
    s.apply(Move("buy", W))
    s.apply(Move("buy", W))
    assert Move("regular", r2) in s.legal_moves()
    s.apply(Move("regular", r2))
    assert s.players[seat].cash == 4 and slot_of(s, r2).rows == 1


# --- Saleswoman ----------------------------------------------------------------------------------

def test_saleswoman_fraser_example():
    """Saleswoman, example for option 1: "Fraser has 3 Regular customers, 2 with red
    Satisfaction markers and 1 with blue. First, he chooses not to serve the third customer and
    turns the Satisfaction marker to red. Then he uses the Saleswoman and turns all three
    Satisfaction markers to blue. He still needs to serve the first 2 Regular customers."
    Bullet: "The player can activate Option 1 for the current Action phase without using it
    immediately". Activated, then the two red ones served: at the end no penalty and all
    three blue."""
    s, fraser = turn()
    sw = put(s, fraser, "Saleswoman").card
    r1 = put_regular(s, fraser, "R1", red=True).card
    r2 = put_regular(s, fraser, "R2", red=True).card
    r9 = put_regular(s, fraser, "R9").card
    set_player(s, fraser, cash=0, cart={W: 3, P: 1})
    s.apply(Move("use", sw, 1, 1))
    assert sw in s.discard
    assert slot_of(s, r1).red and slot_of(s, r2).red  # still red: he must still serve them
    s.apply(Move("regular", r1))
    s.apply(Move("regular", r2))
    assert s.players[fraser].cash == 8
    to_path_of(s, fraser)
    assert [slot_of(s, c).red for c in (r1, r2, r9)] == [False, False, False]
    assert s.players[fraser].cash == 8


def test_saleswoman_fraser_still_needs_to_serve_the_red_customers():
    """Saleswoman, Fraser's example: "He still needs to serve the first 2 Regular customers":
    not serving them costs the penalty of a red marker, 2 Cash each (rulebook F)."""
    s, fraser = turn()
    sw = put(s, fraser, "Saleswoman").card
    for code in ("R1", "R2"):
        put_regular(s, fraser, code, red=True)
    put_regular(s, fraser, "R9")
    s.apply(Move("use", sw, 1, 1))
    to_path_of(s, fraser)
    assert s.players[fraser].cash == 6
    assert all(not slot.red for slot in s.players[fraser].regulars)


def test_saleswoman_option_1_turns_all_markers_blue_now():
    """Saleswoman card text: "Turn all your own Satisfaction markers to the blue side." Used at
    once: red markers are blue; a customer then missed only turns red, no penalty."""
    s, seat = turn()
    sw = put(s, seat, "Saleswoman").card
    r1 = put_regular(s, seat, "R1", red=True).card
    r2 = put_regular(s, seat, "R2", red=True).card
    other = put_regular(s, s.order[1], "R3", red=True).card
    assert {m for m in uses(s, sw)} == {Move("use", sw, 2), Move("use", sw, 1, 0),
                                        Move("use", sw, 1, 1)}
    s.apply(Move("use", sw, 1, 0))
    assert not slot_of(s, r1).red and not slot_of(s, r2).red
    assert slot_of(s, other).red  # "your own" markers only
    to_path_of(s, seat)
    assert s.players[seat].cash == 10
    assert slot_of(s, r1).red and slot_of(s, r2).red


@pytest.mark.parametrize("regulars", [0, 1, 2])
def test_saleswoman_option_2_casual_customers_pay_two_more(regulars):
    """Saleswoman card text: "During the current Action phase, your Casual customers pay a bonus
    of +2 Cash on the base price for all deliveries (regardless of how many Regular customers
    you have)." Two Casual customers and 0, 1 or 2 Regular customers: K1 pays 7 + 2 and K2
    8 + 2 (without her: -2, -2 / -2, 0 / 0, +2; RULINGS R8)."""
    s, seat = turn(cash=0)
    sw = put(s, seat, "Saleswoman").card
    for code in ("R5", "R6")[:regulars]:
        put_regular(s, seat, code)
    k1 = put(s, seat, "K1").card
    k2 = put(s, seat, "K2").card
    set_player(s, seat, cart={W: 3, P: 1, T: 1, B: 1})
    s.apply(Move("use", sw, 2))
    s.apply(Move("casual", k1))
    assert s.players[seat].cash == 9
    s.apply(Move("casual", k2))
    assert s.players[seat].cash == 19


# --- Tout ----------------------------------------------------------------------------------------

def test_tout_jon_example():
    """Tout, example for option 2: "Jon has the Tout on top of a Regular customer. He buys a
    Casual customer, who must be served immediately, from Larry. Jon gives Larry 2 Cash from
    the proceeds. The Regular customer does not count towards the +2/-2 modifier in this
    instance, as it is only revealed when the Tout is moved to the Discard pile after it has
    been used." Jon has no other customer: 0 Regular vs 1 Casual, K1 pays 7 - 2 = 5, Larry gets
    2 of it; then the Regular customer is revealed, due this round (RULINGS R7)."""
    s, jon = turn()
    larry = s.order[1]
    tout = put(s, jon, "Tout", under="R9").card
    k1 = put(s, larry, "K1").card
    set_player(s, jon, cash=0, cart={W: 1, P: 1, T: 1})
    assert uses(s, tout) == [Move("use", tout, 2, k1)]
    s.apply(Move("use", tout, 2, k1))
    assert s.players[jon].cash == 3
    assert s.players[larry].cash == 12
    assert s.players[jon].cart == [0] * 6
    assert slot_of(s, k1) is None and k1 in s.discard
    assert tout in s.discard
    r9 = slot_of(s, "R9")
    assert r9 in s.players[jon].regulars
    assert (r9.rows, r9.red, r9.first_due, r9.served) == (0, False, s.round, 0)


def test_tout_bought_customer_counts_in_the_modifier():
    """RULINGS R8: the modifier is counted at delivery "including the Casual customer being
    served": Jon with 2 Regular customers and the bought one (2 vs 1): K1 pays 7 + 2, 2 of it
    to Larry."""
    s, jon = turn()
    larry = s.order[1]
    tout = put(s, jon, "Tout").card
    put_regular(s, jon, "R5")
    put_regular(s, jon, "R6")
    k1 = put(s, larry, "K1").card
    set_player(s, jon, cash=0, cart={W: 1, P: 1, T: 1})
    s.apply(Move("use", tout, 2, k1))
    assert s.players[jon].cash == 7 and s.players[larry].cash == 12


def test_tout_must_serve_the_bought_customer_at_once():
    """Tout card text: "You must immediately serve this customer." ("Serve" means "deliver the
    three goods to the customer."): without the three vegetables, no purchase."""
    s, jon = turn()
    tout = put(s, jon, "Tout").card
    k1 = put(s, s.order[1], "K1").card
    set_player(s, jon, cart={W: 1, P: 1})
    assert uses(s, tout) == []
    with pytest.raises(IllegalMove):
        s.apply(Move("use", tout, 2, k1))


def test_tout_exchanges_casual_customers_revealed_cards_placed():
    """Tout card text: "Exchange one of your Casual customers for a Casual customer belonging
    to another player. (Revealed cards are placed in your "played" area.)" Each card revealed
    by the exchange is placed in its owner's area at once (a stall filled)."""
    s, seat = turn()
    other = s.order[1]
    tout = put(s, seat, "Tout").card
    k1 = put(s, seat, "K1", under="K2").card
    k3 = put(s, other, "K3", under="S7").card
    move = Move("use", tout, 1, k1, k3)
    assert uses(s, tout) == [move]
    s.apply(move)
    me, them = s.players[seat], s.players[other]
    assert sorted(me.casuals) == sorted([(k3, NONE), (card("K2"), NONE)])
    assert them.casuals == [(k1, NONE)]
    assert them.stalls == [(card("S7"), NONE, 0b111)]
    assert slot_of(s, "S7").mask == 0b111
    assert tout in s.discard
    assert s.players[seat].cash == 10 and s.players[other].cash == 10


def test_tout_exchange_needs_a_casual_customer_of_each():
    """Tout option 1: "one of your Casual customers for a Casual customer belonging to another
    player": none of one's own (and no vegetables to buy one): no move."""
    s, seat = turn()
    tout = put(s, seat, "Tout").card
    put(s, s.order[1], "K3")
    assert uses(s, tout) == []
    put(s, seat, "K1")
    assert uses(s, tout) == [Move("use", tout, 1, card("K1"), card("K3"))]
