"""What each click on the table means, stated move by move: the `Picker` of commands.py
checked against the moves the engine offers, not against `sequences` (which it is built on)."""

from __future__ import annotations

from loyang_game.engine import Move, flow
from loyang_game.engine.moves import BUY, END, HOME, LOAN, NONE, PLACE, SELL, TAKE, USE
from loyang_game.play.commands import Picker, UndoStack, due_unserved

from ..engine.helper_scenarios import turn
from ..engine.scenario import put
from .driver import act, reach


def test_a_shop_vegetable_is_the_home_vegetable_at_the_start():
    state = reach(2, 1, lambda s: flow.decision(s) == "home")
    legal = state.legal_moves()
    homes = [m.a for m in legal if m.kind == HOME]
    assert homes
    assert Picker().click(state, ("shop", homes[0])).move == Move(HOME, homes[0])
    other = next(v for v in range(6) if v not in homes)
    result = Picker().click(state, ("shop", other))
    assert result.kind == "reject" and result.message


def test_a_hand_card_then_the_courtyard_places_it_and_a_courtyard_card_takes_both():
    state = reach(2, 3, lambda s: flow.decision(s) == "cards" and s.courtyard
                  and s.players[s.current_player].hand)
    card = state.players[state.current_player].hand[0]
    picker = Picker()
    assert picker.click(state, ("hand", card)).kind == "pick"
    assert picker.click(state, ("courtyard",)).move == Move(PLACE, card)
    court = state.courtyard[0]
    take = Move(TAKE, court, card)
    assert take in state.legal_moves()
    picker = Picker()
    picker.click(state, ("hand", card))
    assert picker.click(state, ("court", court)).move == take
    picker = Picker()  # either order
    picker.click(state, ("court", court))
    assert picker.click(state, ("hand", card)).move == take


def test_cart_then_shop_sells_and_shop_alone_buys():
    state = reach(2, 5, lambda s: act(s) and any(m.kind == SELL for m in s.legal_moves())
                  and any(m.kind == BUY for m in s.legal_moves()))
    legal = state.legal_moves()
    veg = next(m.a for m in legal if m.kind == SELL)
    picker = Picker()
    assert picker.click(state, ("cart", veg)).kind == "pick"
    assert picker.selection == [("cart", veg)]
    assert ("shop", veg) in picker.next_targets(state)
    assert picker.click(state, ("shop", veg)).move == Move(SELL, veg)
    assert picker.selection == []
    bought = next(m.a for m in legal if m.kind == BUY)
    assert Picker().click(state, ("shop", bought)).move == Move(BUY, bought)


def test_the_loan_button_takes_a_loan():
    state = reach(2, 5, lambda s: act(s) and Move(LOAN) in s.legal_moves())
    assert Picker().click(state, ("btn", "loan")).move == Move(LOAN)


def test_end_ends_at_once_unless_a_due_customer_is_unserved():
    state = reach(2, 1, lambda s: act(s) and Move(END) in s.legal_moves())
    result = Picker().click(state, ("btn", "end"))
    if due_unserved(state, state.current_player):
        assert result.kind == "choose" and result.options == [Move(END)]
        assert "Unserved" in result.message
    else:
        assert result.kind == "apply" and result.move == Move(END)


def test_a_helper_always_opens_the_choice_even_for_one_option():
    state = reach(2, 7, lambda s: act(s) and any(m.kind == USE for m in s.legal_moves()),
                  limit=20000)
    helper = next(m.a for m in state.legal_moves() if m.kind == USE)
    picker = Picker()
    result = picker.click(state, ("helper", helper))
    assert result.kind == "choose" and result.options
    assert all(m.a == helper for m in result.options)
    assert picker.next_targets(state) == {("opt", m) for m in result.options}
    assert picker.click(state, ("opt", result.options[0])).move == result.options[0]


def test_a_wrong_click_is_refused_with_a_reason_and_an_old_option_is_no_longer_possible():
    state = reach(2, 5, lambda s: act(s))
    before = state.to_data()
    picker = Picker()
    result = picker.click(state, ("path", 20))
    assert result.kind == "reject" and result.message and picker.selection == []
    stale = picker.click(state, ("opt", Move(HOME, 0)))
    assert stale.kind == "reject" and "no longer possible" in stale.message
    assert state.to_data() == before  # a click never changes the state by itself


def test_undo_goes_back_within_ones_own_turn_only():
    state = reach(2, 5, lambda s: act(s) and any(m.kind == BUY for m in s.legal_moves()))
    seat = state.current_player
    undo = UndoStack()
    assert not undo.can_undo()
    before = state.clone()
    state.apply(next(m for m in state.legal_moves() if m.kind == BUY))
    assert state.current_player == seat  # buying goes on with the same turn
    undo.record(before, seat, state)
    assert undo.can_undo()
    assert undo.pop().to_data() == before.to_data()
    undo.record(before, seat, state)
    undo.forget()  # an AI moved, a card was revealed...
    assert not undo.can_undo()


def test_undo_stops_at_the_first_look_through_the_field_pile():
    """The Tenant-farmer shows its owner the pile's order: no taking back past it, unless the
    owner had looked through the pile already (nothing new is shown)."""
    for seen_before in (False, True):
        s, seat = turn()
        tenant = put(s, seat, "Tenant-farmer").card
        s.players[seat].pile_seen = seen_before
        undo = UndoStack()
        before = s.clone()
        s.apply(next(m for m in s.legal_moves() if m.kind == USE and m.a == tenant and m.b == 1))
        assert s.current_player == seat
        undo.record(before, seat, s)
        assert undo.can_undo() == seen_before


def test_the_squires_take_is_made_by_pointing_at_the_cards_in_any_order():
    """Issue 46: the Squire opened about 100 sentence buttons. Its cards are on the table:
    the Squire, then the hand card and 1 to 3 Courtyard cards in any order (a card clicked
    again is put back, a second hand card takes the first one's place), then Use."""
    from ..engine.helper_scenarios import card_turn, set_courtyard, set_hand

    state, seat = card_turn(4, 3)
    squire = put(state, seat, "Squire").card
    k13, r2, *_ = set_hand(state, seat, ["K13", "R2", "S12", "K5"])
    s3, r14, k9, maid, _ = set_courtyard(state, ["S3", "R14", "K9", "Maid", "S7"])
    uses = [m for m in state.legal_moves() if m.kind == USE]
    assert len(uses) > 50
    picker = Picker()
    assert picker.click(state, ("helper", squire)).kind == "pick" and not picker.choosing
    lit = picker.next_targets(state)
    assert {("hand", k13), ("court", s3), ("btn", "cancel")} <= lit
    assert ("btn", "confirm") not in lit  # nothing named yet
    for target in (("court", maid), ("hand", r2), ("court", s3), ("hand", k13),
                   ("court", r14)):
        assert picker.click(state, target).kind == "pick"
    assert picker.click(state, ("court", k9)).kind == "reject"  # three at most
    assert picker.click(state, ("court", maid)).kind == "pick"  # put back
    result = picker.click(state, ("btn", "confirm"))
    assert result.kind == "apply"
    made = result.move
    assert made in uses and made.b == k13 and {made.c, made.d, made.e} == {s3, r14, NONE}
    picker = Picker()
    picker.click(state, ("helper", squire))
    picker.click(state, ("hand", r2))
    assert picker.click(state, ("btn", "cancel")).kind == "cancel" and not picker.selection
