"""Readings the engine settles where neither the rulebook nor RULINGS.md does; each is written
in the docstring of the rule that makes it (loyang_game/engine/helpers/)."""

from __future__ import annotations

from loyang_game.engine import Move

from .helper_scenarios import (
    NONE,
    B,
    C,
    L,
    P,
    T,
    W,
    card_turn,
    claims,
    put_regular,
    set_courtyard,
    set_hand,
    turn,
    uses,
)
from .scenario import card, decision, put, set_player, slot_of, stack_draw


def test_messenger_boy_allows_a_single_delivery_on_the_top_row():
    """MessengerBoy.moves: a single top-row delivery is paid once; the card then leaves, so
    no second delivery follows."""
    s, seat = turn(cash=0)
    mb = put(s, seat, "Messenger-boy").card
    r9 = put_regular(s, seat, "R9", rows=3).card  # TC, the top row pays 8
    set_player(s, seat, cart={T: 2, C: 2})
    s.apply(Move("use", mb))
    s.apply(Move("regular", r9))
    assert s.players[seat].cash == 8 and s.players[seat].cart[T] == 1
    assert slot_of(s, r9) is None and r9 in s.discard
    assert not any(m.kind == "regular" for m in s.legal_moves())


def test_haggler_with_shopper_still_needs_two_in_the_shop():
    """Haggler.moves: combined with the Shopper the two come from the Supply, yet the Shop
    must hold two of the vegetable; the Shopper alone buys one the Shop lacks."""
    s, seat = turn(cash=20)
    hg = put(s, seat, "Haggler").card
    sh = put(s, seat, "Shopper").card
    set_player(s, seat, shop={B: 1, L: 0})
    haggled = {m.c for m in uses(s, hg)}
    assert B not in haggled and L not in haggled and W in haggled
    assert {B, L} <= {m.c for m in uses(s, sh)}


def test_book_keeper_counts_the_home_field():
    """BookKeeper.moves: the Home field is a Field card: its vegetable earns 1 Cash."""
    s, seat = turn(cash=0)
    home_veg = s.players[seat].fields[0].veg
    assert all(f.veg == NONE for f in s.players[seat].fields[1:])
    bk = put(s, seat, "Book-keeper").card
    s.apply(Move("use", bk, home_veg))
    assert s.players[seat].cash == 1
    other = next(v for v in (W, P, T) if v != home_veg)
    s2, seat2 = turn(cash=0)
    bk2 = put(s2, seat2, "Book-keeper").card
    s2.apply(Move("use", bk2, other))
    assert s2.players[seat2].cash == 0


def test_foreman_cannot_claim_a_helper_not_kept_from_a_two_pack():
    """offer_foreman_claim: a Helper that never was in play is not claimable."""
    s, seat = turn()
    put(s, 1 - seat, "Foreman")
    stack_draw(s, "Maid", "K1")
    s.apply(Move("twopack"))
    s.apply(Move("keep"))
    assert card("Maid") in s.discard
    assert decision(s) == "act" and s.current_player == seat


def test_foreman_cannot_claim_a_helper_left_in_the_courtyard():
    """offer_foreman_claim: Helpers left in the Courtyard become the discard pile unclaimed."""
    s, seat = card_turn(2)
    other = 1 - seat
    put(s, other, "Foreman")
    set_courtyard(s, ["K1"])
    set_hand(s, seat, ["K2"])
    set_hand(s, other, ["K3", "Maid"])
    s.apply(Move("take", card("K1"), card("K2")))
    assert s.current_player == other
    assert not s.courtyard
    s.apply(Move("take", NONE, card("K3")))  # the last player; the Maid goes to the Courtyard
    assert s.phase == "actions" and decision(s) == "act"
    assert card("Maid") in s.discard and not claims(s)


def test_trader_fee_must_be_in_hand_and_a_loan_opens_it():
    """Trader.moves: in round 9 (fee 2) the Trader is not offered with 1 Cash; after a Loan
    it is."""
    s, seat = turn(round_=9)
    trader = put(s, seat, "Trader").card
    put(s, 1 - seat, "S1")
    set_player(s, seat, cart={W: 1}, cash=1)
    assert uses(s, trader) == []
    s.apply(Move("loan"))
    assert Move("use", trader, card("S1"), 0, W, NONE) in uses(s, trader)
