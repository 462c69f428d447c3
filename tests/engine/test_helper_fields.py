"""The Helpers of the fields: Harvest helper, Plough-man, Subsistence farmer, Tenant-farmer.

Sources: the Helper Reference at the end of the rulebook, rulebook "Phase 1: Harvest phase"
and docs/rules/RULINGS.md (R3 the Harvest phase).
Encodings (loyang_game/engine/helpers/fields.py): Harvest helper `USE(card, 1, field mask)` in
the Harvest phase (bit i = i-th field with 4+ tokens, the Home field left out; `PASS`
declines) and `USE(card, 2)` in the Action phase; Plough-man `USE(card, 1, field)` or
`USE(card, 2)`; Subsistence farmer `USE(card, field)`; Tenant-farmer `USE(card, 1, pile card)`
or `USE(card, 2, empty field, pile card)`.
"""

from __future__ import annotations

import pytest

from loyang_game.engine import IllegalMove, Move
from loyang_game.engine.cards import CARDS, COMMON_FIELD
from loyang_game.engine.events import Cash, Discarded

from .helper_scenarios import (
    NONE,
    B,
    C,
    L,
    P,
    T,
    W,
    advance,
    card_turn,
    set_courtyard,
    to_harvest_decision,
    top_cards,
    turn,
    use_cards,
    uses,
)
from .scenario import card, decision, put, set_player, slot_of


def field(s, seat, ref):
    cid = card(ref)
    return next((f for f in s.players[seat].fields if f.card == cid), None)


def private(s, seat):
    """A private field card from the top of `seat`'s field pile."""
    return s.players[seat].pile[-1]


# --- Harvest helper ------------------------------------------------------------------------------

def harvest_setup():
    """A player with the Harvest helper and fields of 4, 5 and 3 tokens (and the Home field),
    at the Harvest-phase decision of the next round."""
    s, seat = turn()
    hh = put(s, seat, "Harvest helper").card
    f4 = put(s, seat, private(s, seat), veg=C, count=4).card
    f5 = put(s, seat, private(s, seat), veg=W, count=5).card
    f3 = put(s, seat, private(s, seat), veg=T, count=3).card
    to_harvest_decision(s, seat)
    return s, seat, hh, f4, f5, f3


def test_harvest_helper_option_1_in_the_harvest_phase_per_field():
    """Harvest helper [1]: "You can harvest 2 vegetables from each of your own fields that
    contains 4 or more vegetables (Not from your Home field!)"; bullet: "A player who takes
    this option can choose, for each field, whether to use it or not." The decision is in the
    Harvest phase (RULINGS R3), PASS declines; option 2 is not offered there."""
    s, seat, hh, f4, f5, f3 = harvest_setup()
    assert s.phase == "harvest" and s.current_player == seat
    assert set(s.legal_moves()) == {Move("pass"), Move("use", hh, 1, 1), Move("use", hh, 1, 2),
                                    Move("use", hh, 1, 3)}
    home_before = s.players[seat].fields[0].tokens
    only_f4 = s.clone()
    only_f4.apply(Move("use", hh, 1, 1))
    assert Discarded(seat, hh) in only_f4.events  # then shuffled in at the Card phase
    assert only_f4.players[seat].helpers == []
    advance(only_f4, lambda st: st.phase == "cards")
    assert [field(only_f4, seat, f).tokens for f in (f4, f5, f3)] == [2, 4, 2]
    assert only_f4.players[seat].fields[0].tokens == home_before - 1
    s.apply(Move("use", hh, 1, 3))
    advance(s, lambda st: st.phase == "cards")
    assert [field(s, seat, f).tokens for f in (f4, f5, f3)] == [2, 3, 2]
    cart = s.players[seat].cart
    assert (cart[C], cart[W] - (s.players[seat].fields[0].veg == W)) == (2, 2)


def test_harvest_helper_option_1_counts_tokens_not_spaces():
    """Harvest helper: "The vegetables on a field are counted before harvesting. The fields must
    have at least 4 vegetable tokens on them: it is not enough for them to just have 4 spaces."
    A 6-space field with 3 tokens and the Home field (8 tokens) are not eligible: PASS only."""
    s, seat = turn()
    put(s, seat, "Harvest helper")
    six = next(c for c in s.players[seat].pile if CARDS[c].spaces == 6)
    put(s, seat, six, veg=W, count=3)
    to_harvest_decision(s, seat)
    assert s.players[seat].fields[0].tokens >= 4
    assert s.legal_moves() == [Move("pass")]


def test_harvest_helper_pass_keeps_him():
    """Harvest helper: using him is optional ("You can"); declined, he stays in play and the
    harvest is the ordinary one."""
    s, seat, hh, f4, f5, f3 = harvest_setup()
    s.apply(Move("pass"))
    assert s.phase == "cards"
    assert [field(s, seat, f).tokens for f in (f4, f5, f3)] == [3, 4, 2]
    assert top_cards(s.players[seat].helpers) == [hh]


def test_harvest_helper_option_1_not_in_the_action_phase():
    """Harvest helper: option 1 is [1], option 2 [3]: in the Action phase only option 2."""
    s, seat = turn()
    hh = put(s, seat, "Harvest helper").card
    put(s, seat, private(s, seat), veg=W, count=5)
    assert uses(s, hh) == [Move("use", hh, 2)]
    with pytest.raises(IllegalMove):
        s.apply(Move("use", hh, 1, 1))


def test_harvest_helper_option_2_one_more_token_on_fields_sown_this_phase():
    """Harvest helper [3]: "Fields that you plant in this Action phase receive 1 additional
    vegetable token." A 3-space field sown with a Bean holds 4, a common 5-space field 6; the
    effect lasts for the Action phase only."""
    s, seat = turn()
    hh = put(s, seat, "Harvest helper").card
    three = next(c for c in s.players[seat].pile if CARDS[c].spaces == 3)
    put(s, seat, three)
    put(s, seat, "CF5a")
    set_player(s, seat, cart={B: 1, W: 2})
    s.apply(Move("use", hh, 2))
    assert hh in s.discard and "harvest +1" in s.players[seat].effects
    s.apply(Move("sow", three, B))
    s.apply(Move("sow", card("CF5a"), W))
    assert field(s, seat, three)[2:] == (B, 4)
    assert field(s, seat, "CF5a")[2:] == (W, 6)
    s.apply(Move("end"))
    advance(s, lambda st: st.phase == "cards")
    assert "harvest +1" not in s.players[seat].effects


# --- Plough-man ----------------------------------------------------------------------------------

def test_plough_man_option_1_returns_the_vegetables_and_resows():
    """Plough-man card text: "Return all vegetables from one of your fields that contains at
    least 2 vegetables to the Supply. (You may not return vegetables from your Home field.)
    You can re-sow this field." Bullet: "The player is not compensated in Cash for the returned
    vegetables. The field is treated as though it had just been turned over"."""
    s, seat = turn()
    pm = put(s, seat, "Plough-man").card
    three = next(c for c in s.players[seat].pile if CARDS[c].spaces == 3)
    f3 = put(s, seat, three, veg=W, count=3).card
    put(s, seat, private(s, seat), veg=P, count=1)
    assert uses(s, pm) == [Move("use", pm, 1, f3), Move("use", pm, 2)]
    set_player(s, seat, cart={L: 1})
    s.apply(Move("use", pm, 1, f3))
    p = s.players[seat]
    assert field(s, seat, f3)[2:] == (NONE, 0)
    assert p.cash == 10 and p.cart == [0, 0, 0, 0, 0, 1]
    assert pm in s.discard
    s.apply(Move("sow", f3, L))  # re-sown, with another vegetable
    assert field(s, seat, f3)[2:] == (L, 3)


def test_plough_man_option_1_common_field_not_paid_again():
    """Plough-man: "If the field is a Common field (Action card), the player does not pay the 2
    Cash purchase price again. The player re-sows the field with a vegetable from his Cart." """
    s, seat = turn()
    pm = put(s, seat, "Plough-man").card
    cf = put(s, seat, "CF4a", veg=W, count=2).card
    set_player(s, seat, cart={B: 1})
    s.apply(Move("use", pm, 1, cf))
    assert decision(s) == "act" and s.players[seat].cash == 10
    s.apply(Move("sow", cf, B))
    assert field(s, seat, cf)[2:] == (B, 4)
    assert s.players[seat].cash == 10


def test_plough_man_never_the_home_field():
    """Plough-man: "You may not return vegetables from your Home field", nor harvest it with
    option 2 ("but not your Home field"). A field of 1 token is not ploughed under either."""
    s, seat = turn()
    pm = put(s, seat, "Plough-man").card
    p = s.players[seat]
    assert uses(s, pm) == []  # the Home field alone
    home = p.fields[0]
    p.fields[0] = home._replace(tokens=1)
    s._legal = None
    assert uses(s, pm) == []


def test_plough_man_option_2_harvests_single_tokens_emptied_fields_leave():
    """Plough-man card text: "You can immediately harvest vegetables from all fields that
    contain exactly one vegetable token (but not your Home field.)"; bullet: "Immediately after
    this Harvest, all emptied Private fields are removed from the game and all emptied Common
    fields (Action cards) are moved to the Discard pile." The card under the common field is
    placed at once (rulebook E)."""
    s, seat = turn()
    pm = put(s, seat, "Plough-man").card
    p = s.players[seat]
    one = put(s, seat, private(s, seat), veg=P, count=1).card
    two = put(s, seat, private(s, seat), veg=T, count=2).card
    cf = put(s, seat, "CF3a", under="S7", veg=L, count=1).card
    home = p.fields[0]
    p.fields[0] = home._replace(tokens=1)
    s._legal = None
    s.apply(Move("use", pm, 2))
    assert p.cart[P] == 1 and p.cart[L] == 1 and p.cart[T] == 0
    assert field(s, seat, one) is None and one not in s.discard and one not in p.pile
    assert field(s, seat, cf) is None and cf in s.discard
    assert slot_of(s, "S7") == (card("S7"), NONE, 0b111)
    assert field(s, seat, two).tokens == 2
    assert p.fields[0].tokens == 1  # the Home field is not harvested
    assert pm in s.discard


# --- Subsistence farmer --------------------------------------------------------------------------

def test_subsistence_farmer_takes_a_vegetable_and_pays_the_owner():
    """Subsistence farmer card text: "Take 1 vegetable from a field belonging to another player
    and pay the owner 1 Cash."; bullet: "The player places the harvested vegetable in his own
    Cart." """
    s, seat = turn()
    owner = s.order[1]
    sf = put(s, seat, "Subsistence farmer").card
    f = put(s, owner, private(s, owner), veg=C, count=4).card
    assert uses(s, sf) == [Move("use", sf, f)]
    s.apply(Move("use", sf, f))
    assert s.players[seat].cart[C] == 1 and s.players[seat].cash == 9
    assert s.players[owner].cash == 11
    assert field(s, owner, f).tokens == 3
    assert sf in s.discard


def test_subsistence_farmer_field_of_four_not_the_home_field():
    """Subsistence farmer card text: "The field must contain at least 4 vegetable tokens and may
    not be the Home field." Also not one's own field, and the 1 Cash must be there."""
    s, seat = turn()
    owner = s.order[1]
    sf = put(s, seat, "Subsistence farmer").card
    put(s, owner, private(s, owner), veg=W, count=3)
    put(s, seat, private(s, seat), veg=W, count=5)
    assert s.players[owner].fields[0].tokens >= 4  # the Home field
    assert uses(s, sf) == []
    f = put(s, owner, "CF5a", veg=W, count=5).card
    assert uses(s, sf) == [Move("use", sf, f)]
    set_player(s, seat, cash=0)
    assert uses(s, sf) == []


def test_subsistence_farmer_only_in_the_action_phase():
    """Subsistence farmer: "The Subsistence farmer can only be played during the Action phase."
    Not a Card-phase move, and its holder is not asked in the Harvest phase."""
    s, seat = card_turn()
    sf = put(s, seat, "Subsistence farmer").card
    other = 1 - seat
    put(s, other, private(s, other), veg=W, count=5)
    set_courtyard(s, ["K1"])
    assert sf not in use_cards(s)
    advance(s, lambda st: decision(st) == "act" and st.current_player == seat)
    assert uses(s, sf)


# --- Tenant-farmer -------------------------------------------------------------------------------

def test_tenant_farmer_option_1_pays_3_for_any_pile_field_order_kept():
    """Tenant-farmer card text: "Pay 3 Cash to choose 1 field from your pile of Private fields
    (without changing the order of the fields in the pile)"; bullets: "The new field is placed
    with the other fields." "Option 1 reduces the size of a player's Private field pile." """
    s, seat = turn()
    tf = put(s, seat, "Tenant-farmer").card
    p = s.players[seat]
    pile = p.pile[:]
    assert {m.c for m in uses(s, tf) if m.b == 1} == set(pile)
    chosen = pile[2]
    s.apply(Move("use", tf, 1, chosen))
    assert p.pile == [c for c in pile if c != chosen]
    assert field(s, seat, chosen)[2:] == (NONE, 0)
    assert p.cash == 7


def test_tenant_farmer_option_1_needs_3_cash():
    """Tenant-farmer option 1: "Pay 3 Cash": with 2 Cash only option 2 (with an empty field:
    the one turned over this round)."""
    s, seat = turn(cash=2)
    tf = put(s, seat, "Tenant-farmer").card
    assert uses(s, tf) and all(m.b == 2 for m in uses(s, tf))
    set_player(s, seat, cash=3)
    assert any(m.b == 1 for m in uses(s, tf))


def test_tenant_farmer_option_2_empty_field_under_the_pile():
    """Tenant-farmer card text: "Place one empty field from your Field area (that has not yet
    been sown) under the pile of your Private fields and select 1 other field from it (without
    changing the order of the fields in the pile)". Sown fields and the Home field cannot go;
    nothing is paid."""
    s, seat = turn()
    tf = put(s, seat, "Tenant-farmer").card
    p = s.players[seat]
    turned = [f.card for f in p.fields[1:] if f.veg == NONE]  # this round's new field
    empty = put(s, seat, private(s, seat)).card
    put(s, seat, private(s, seat), veg=W, count=2)
    pile = p.pile[:]
    option_2 = [m for m in uses(s, tf) if m.b == 2]
    assert {(m.c, m.d) for m in option_2} == {(f, c) for f in [*turned, empty] for c in pile}
    chosen = pile[-2]
    s.apply(Move("use", tf, 2, empty, chosen))
    assert p.pile == [empty] + [c for c in pile if c != chosen]  # the bottom is index 0
    assert field(s, seat, empty) is None
    assert field(s, seat, chosen)[2:] == (NONE, 0)
    assert p.cash == 10


def test_tenant_farmer_common_field_under_the_pile_is_free_when_turned_over_again():
    """Tenant-farmer: "Option 2 allows a Common field (on an Action card) to be placed under the
    pile of Private fields. The player does not have to pay 2 Cash for the Common field when it
    is turned over for the second time." A pile of one field: the common field goes under it,
    the field is taken; the next harvest turns the common field over, unsown, for nothing."""
    s, seat = turn()
    tf = put(s, seat, "Tenant-farmer").card
    p = s.players[seat]
    cf = put(s, seat, "CF3a").card
    last = p.pile[-1]
    del p.pile[:-1]  # the other private fields are out of the game
    p.pile_known = 0
    s._legal = None
    s.apply(Move("use", tf, 2, cf, last))
    assert p.pile == [cf]
    assert CARDS[cf].kind == COMMON_FIELD
    s.apply(Move("end"))
    advance(s, lambda st: decision(st) == "path" and st.current_player == seat)
    cash = p.cash
    advance(s, lambda st: st.phase == "cards")
    assert field(s, seat, cf)[2:] == (NONE, 0)
    assert p.pile == []
    assert p.cash == cash
    assert not any(isinstance(e, Cash) and e.is_debt for e in s.events)


def test_tenant_farmer_must_take_a_field():
    """Tenant-farmer: "A player may not simply use the Tenant-farmer to look at his Private
    fields pile. A player who uses this card must also take a field." An empty pile: no use."""
    s, seat = turn()
    tf = put(s, seat, "Tenant-farmer").card
    put(s, seat, "CF3a")
    s.players[seat].pile.clear()
    s.players[seat].pile_known = 0
    s._legal = None
    assert uses(s, tf) == []
