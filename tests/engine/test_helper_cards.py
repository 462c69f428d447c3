"""The Helpers of the cards: Con man, Foreman, Official, Squire.

Sources: the Helper Reference at the end of the rulebook, rulebook "Phase 2: Card phase" and
"H - Buy a Two-pack", docs/rules/RULINGS.md (R4 the Card phase, R5 partners, R9 the Two-pack,
R13 interrupts). Encodings (loyang_game/engine/helpers/cards.py): Con man `USE(card, their Helper)`;
the Foreman works by claims: a pending CLAIM decision of the Foreman's owner, `CLAIM(helper)` or
`CLAIM()`; Official `USE(card)`; Squire, a Card-phase move `USE(squire, hand card, c1, c2, c3)`.
"""

from __future__ import annotations

import pytest

from loyang_game.engine import IllegalMove, Move
from loyang_game.engine.cards import CARDS, COMMON_FIELD
from loyang_game.engine.events import Cash, Discarded, Why

from .helper_scenarios import (
    NONE,
    W,
    advance,
    card_turn,
    claims,
    put_regular,
    set_courtyard,
    set_hand,
    to_harvest_decision,
    to_next_act,
    top_cards,
    turn,
    use_cards,
    uses,
)
from .scenario import card, decision, put, set_player, slot_of, stack_draw


def field_count(s, seat, cid):
    return next(f.tokens for f in s.players[seat].fields if f.card == cid)


# --- Con man -------------------------------------------------------------------------------------

def test_con_man_swaps_with_a_player_who_has_finished():
    """Con man card text: "Exchange this Helper for a Helper belonging to another player who has
    already completed his Action phase for this round. (The Con man goes to that player.)" The
    second player swaps with the starting player and may use the Helper at once."""
    s, seat = turn(index=1)
    first = s.order[0]
    assert s.players[first].done
    con = put(s, seat, "Con man").card
    maid = put(s, first, "Maid").card
    assert uses(s, con) == [Move("use", con, maid)]
    s.apply(Move("use", con, maid))
    assert top_cards(s.players[seat].helpers) == [maid]
    assert top_cards(s.players[first].helpers) == [con]
    assert con not in s.discard and maid not in s.discard
    assert uses(s, maid) == [Move("use", maid)]


def test_con_man_only_against_a_player_who_has_finished():
    """Con man card text: "another player who has already completed his Action phase for this
    round": with 3 players the second player may take from the starting player (finished),
    not from the third (still to play)."""
    s, seat = turn(seats=3, index=1)
    first, third = s.order[0], s.order[2]
    con = put(s, seat, "Con man").card
    maid = put(s, first, "Maid").card
    put(s, third, "Haggler")
    assert uses(s, con) == [Move("use", con, maid)]


def test_con_man_never_by_the_starting_player():
    """Con man: "The Con man cannot be used by the Starting player." (No one has finished before
    him; the engine refuses him even with a finished player to take from.)"""
    s, seat = turn(index=0)
    assert seat == s.start_seat
    con = put(s, seat, "Con man").card
    put(s, 1 - seat, "Maid")
    assert uses(s, con) == []
    s.players[1 - seat].done = True
    s._legal = None
    assert uses(s, con) == []
    assert Move("discard", con) in s.legal_moves()


def test_con_man_never_a_covered_helper():
    """Con man: "A player cannot use the Con man to take a Helper that is underneath another
    card. In this example, the Trader cannot be taken by the Con man." """
    s, seat = turn(index=1)
    first = s.order[0]
    con = put(s, seat, "Con man").card
    maid = put(s, first, "Maid", under="Trader").card
    put(s, first, "K1", under="Official")
    assert uses(s, con) == [Move("use", con, maid)]


def test_con_man_stays_in_the_game_until_discarded_unused():
    """Con man: "Because the Con man is exchanged for another player's card, it remains in the
    game until a player discards it without using it." Not on the discard pile after the swap
    (so no Foreman claim); its new owner discards it later, unused."""
    s, seat = turn(seats=3, index=1)
    first, third = s.order[0], s.order[2]
    con = put(s, seat, "Con man").card
    maid = put(s, first, "Maid").card
    put(s, third, "Foreman")
    s.apply(Move("use", con, maid))
    assert decision(s) == "act" and s.current_player == seat  # no claim for the Foreman
    assert con not in s.discard
    to_next_act(s, first, s.round + 1)
    assert con in top_cards(s.players[first].helpers)
    s.apply(Move("discard", con))
    assert decision(s) == "claim"  # now on the discard pile: the third player's Foreman
    assert claims(s) == [Move("claim", con), Move("claim")]
    s.apply(Move("claim"))
    assert con in s.discard


def test_con_man_revealed_cards_stay_with_their_owners():
    """Rulebook E: "If a player removes the top card of another player's Two-pack, the lower
    card is immediately moved to the appropriate place." The Helper taken off a stall reveals
    the stall for its owner (filled); the Con man leaving his own stack reveals the card under
    him for his user."""
    s, seat = turn(index=1)
    first = s.order[0]
    con = put(s, seat, "Con man", under="K1").card
    maid = put(s, first, "Maid", under="S7").card
    s.apply(Move("use", con, maid))
    assert slot_of(s, "S7") == (card("S7"), NONE, 0b111)
    assert slot_of(s, "S7") in s.players[first].stalls
    assert s.players[seat].casuals == [(card("K1"), NONE)]
    assert s.players[first].helpers == [(con, NONE)]


# --- Foreman -------------------------------------------------------------------------------------

def test_foreman_claims_a_helper_another_player_discards_unused():
    """Foreman card text: "Take one Helper immediately after it is placed on the Discard pile (by
    you or by another player)."; bullet: "It is irrelevant whether the Helper was used or
    discarded." RULINGS R13: the claim is asked of the Foreman's owner when it arises. The
    Foreman then goes to the discard pile (used)."""
    s, seat = turn()
    other = s.order[1]
    maid = put(s, seat, "Maid").card
    foreman = put(s, other, "Foreman").card
    s.apply(Move("discard", maid))
    assert decision(s) == "claim" and s.current_player == other
    assert set(s.legal_moves()) == {Move("claim", maid), Move("claim")}
    s.apply(Move("claim", maid))
    assert top_cards(s.players[other].helpers) == [maid]
    assert foreman in s.discard and maid not in s.discard
    assert decision(s) == "act" and s.current_player == seat


def test_foreman_claims_a_used_helper_of_his_own_owner():
    """Foreman: "(by you or by another player)", used or discarded: the owner uses the Shopper,
    takes him back with the Foreman and uses him again."""
    s, seat = turn()
    foreman = put(s, seat, "Foreman").card
    shopper = put(s, seat, "Shopper").card
    s.apply(Move("use", shopper, 0, W))
    assert decision(s) == "claim" and s.current_player == seat
    s.apply(Move("claim", shopper))
    assert top_cards(s.players[seat].helpers) == [shopper]
    assert foreman in s.discard
    s.apply(Move("use", shopper, 0, W))
    assert s.players[seat].cart[W] == 2 and s.players[seat].cash == 8
    assert decision(s) == "act"  # the Foreman is gone: no second claim


def test_foreman_claim_may_be_declined():
    """Foreman: "Take one Helper" is an option: declined, the Helper stays on the discard pile
    and the Foreman stays in play."""
    s, seat = turn()
    other = s.order[1]
    official = put(s, seat, "Official").card
    foreman = put(s, other, "Foreman").card
    s.apply(Move("use", official))
    assert decision(s) == "claim"
    s.apply(Move("claim"))
    assert official in s.discard
    assert top_cards(s.players[other].helpers) == [foreman]
    assert decision(s) == "act" and s.current_player == seat


def test_foreman_maid_example_freed_foreman_takes_the_maid_back():
    """Foreman, example: "The Maid, which is on the Foreman, is activated and discarded. This
    frees the Foreman, who immediately takes the Maid back. The Foreman is then moved to the
    Discard pile, as it has been used." Bullet: "If the Foreman is under another Helper, he can
    be used immediately the other Helper is played." The Maid's effect stays for the phase."""
    s, seat = turn()
    maid = put(s, seat, "Maid", under="Foreman").card
    foreman = card("Foreman")
    s.apply(Move("use", maid))
    assert decision(s) == "claim" and s.current_player == seat
    assert top_cards(s.players[seat].helpers) == [foreman]
    s.apply(Move("claim", maid))
    assert top_cards(s.players[seat].helpers) == [maid]
    assert foreman in s.discard and maid not in s.discard
    assert "maid" in s.players[seat].effects


def test_foreman_covered_cannot_claim():
    """Rulebook H: a covered card is not in play: a Foreman under a Casual customer takes
    nothing."""
    s, seat = turn()
    other = s.order[1]
    maid = put(s, seat, "Maid").card
    put(s, other, "K1", under="Foreman")
    s.apply(Move("discard", maid))
    assert decision(s) == "act" and maid in s.discard


def four_player_turn(index):
    s, seat = turn(seats=4, index=index)
    assert s.partner, "partners are chosen"
    return s, seat


@pytest.mark.parametrize("index", [0, 1, 2, 3])
def test_foreman_four_players_only_from_the_partner_in_the_action_phase(index):
    """Foreman, [1,2,3] with the lantern; rulebook "Special rules for the Four-player game":
    "Whenever a player takes an action that refers explicitly to "the other players", only the
    player's current partner may be affected." RULINGS R5. A Helper discarded in the Action
    phase is offered to the Foreman of the discarder's partner, not of the two others."""
    s, seat = four_player_turn(index)
    partner = s.partner[seat]
    for owner in range(4):
        if owner == seat:
            continue
        t = s.clone()
        put(t, owner, "Foreman")
        maid = put(t, seat, "Maid").card
        t.apply(Move("discard", maid))
        if owner == partner:
            assert decision(t) == "claim" and t.current_player == owner
        else:
            assert decision(t) == "act" and maid in t.discard


def test_foreman_four_players_from_anyone_in_the_card_phase():
    """Foreman: "In the 4-player game, the Foreman can take the Harvest helper (during the Harvest
    phase) or the Squire, Market crier or Bookkeeper (during the Card phase) from any of the
    other players – there are no partners during these phases." RULINGS R5. Round 2: the
    Squire used by a player is offered to a Foreman of a player who was not his partner."""
    s, seat = card_turn(seats=4, round_=2)
    assert s.partner
    owner = next(o for o in range(4) if o not in (seat, s.partner[seat]))
    put(s, owner, "Foreman")
    squire = put(s, seat, "Squire").card
    court = set_courtyard(s, ["K1", "K2"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    s.apply(Move("use", squire, hand[0], *court))
    assert decision(s) == "claim" and s.current_player == owner
    assert claims(s) == [Move("claim", squire), Move("claim")]


def test_foreman_harvest_helper_twice_three_tokens_from_a_field_of_five():
    """Foreman / Harvest helper: "A player who has the Foreman and the Harvest helper can play the
    Harvest helper two times, one after another, to harvest 3 vegetables from a field with at
    least 5 vegetable tokens". A field of 5 gives 3 (two extra and the harvest); a field of 4
    is eligible once only."""
    s, seat = turn()
    hh = put(s, seat, "Harvest helper").card
    foreman = put(s, seat, "Foreman").card
    f5 = put(s, seat, s.players[seat].pile[-1], veg=W, count=5).card
    f4 = put(s, seat, s.players[seat].pile[-1], veg=W, count=4).card
    to_harvest_decision(s, seat)
    assert Move("use", hh, 1, 3) in s.legal_moves()  # both fields
    s.apply(Move("use", hh, 1, 3))
    assert decision(s) == "claim" and s.current_player == seat
    s.apply(Move("claim", hh))
    assert decision(s) == "harvest" and s.current_player == seat
    assert Discarded(seat, foreman) in s.events
    assert set(s.legal_moves()) == {Move("pass"), Move("use", hh, 1, 1)}  # only the 5 (now 4)
    s.apply(Move("use", hh, 1, 1))
    assert s.phase == "cards"
    assert field_count(s, seat, f5) == 2
    assert field_count(s, seat, f4) == 2


def test_foreman_harvest_helper_option_2_twice_adds_two_tokens():
    """Foreman / Harvest helper: twice "to add 2 additional vegetables to a field" (option 2
    in the Action phase): a 3-space field sown holds 5."""
    s, seat = turn()
    hh = put(s, seat, "Harvest helper").card
    put(s, seat, "Foreman")
    put(s, seat, "CF3a")
    set_player(s, seat, cart={W: 1})
    s.apply(Move("use", hh, 2))
    s.apply(Move("claim", hh))
    s.apply(Move("use", hh, 2))
    s.apply(Move("sow", card("CF3a"), W))
    assert slot_of(s, "CF3a")[2:] == (W, 5)


def test_foreman_takes_another_players_harvest_helper_and_uses_it_at_once():
    """Foreman: "If a player exchanges the Foreman for the Harvest helper during the Harvest
    phase, he can immediately use the Harvest helper. ... the player with the Foreman can
    require that the Harvest be played in player order". RULINGS R3: Harvest helper and
    Foreman claims are offered in the Harvest phase, before the harvest."""
    s, seat = turn()
    other = s.order[1]
    hh = put(s, seat, "Harvest helper").card
    put(s, seat, s.players[seat].pile[-1], veg=W, count=4)
    put(s, other, "Foreman")
    theirs = put(s, other, s.players[other].pile[-1], veg=W, count=5).card
    to_harvest_decision(s, seat)
    s.apply(Move("use", hh, 1, 1))
    assert decision(s) == "claim" and s.current_player == other
    s.apply(Move("claim", hh))
    assert decision(s) == "harvest" and s.current_player == other
    assert Move("use", hh, 1, 1) in s.legal_moves()
    s.apply(Move("use", hh, 1, 1))
    assert s.phase == "cards"
    assert field_count(s, other, theirs) == 3


def test_foreman_squire_combination_takes_the_squire_back():
    """Foreman: "The Foreman and the Squire can be combined: A player can use the Squire to
    select the Foreman, immediately use the Foreman and take back the Squire."; Squire: "(If
    you take the Foreman card, you can immediately swap it for the Squire.)" """
    s, seat = card_turn()
    squire = put(s, seat, "Squire").card
    foreman, k1 = set_courtyard(s, ["Foreman", "K1"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    s.apply(Move("use", squire, hand[0], *sorted((foreman, k1))))
    assert decision(s) == "claim" and s.current_player == seat
    assert claims(s) == [Move("claim", squire), Move("claim")]
    s.apply(Move("claim", squire))
    p = s.players[seat]
    assert top_cards(p.helpers) == [squire]
    assert foreman in s.discard
    assert {c for c, _ in p.casuals} == {k1, hand[0]}


def test_foreman_takes_another_players_squire_and_uses_it_the_same_round():
    """Squire: "Exception: If another player uses the Squire, a player with the Foreman can take
    the Squire card and use it in the same round (if he has not already taken two cards)."
    (Also under the Foreman.)"""
    s, seat = card_turn()
    other = 1 - seat
    squire = put(s, seat, "Squire").card
    put(s, other, "Foreman")
    court = set_courtyard(s, ["K1"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    set_hand(s, other, ["K7", "K8", "K9", "K10"])
    s.apply(Move("use", squire, hand[0], *court))
    assert decision(s) == "claim" and s.current_player == other
    s.apply(Move("claim", squire))
    assert decision(s) == "cards" and s.current_player == other
    squire_moves = [m for m in s.legal_moves() if m.kind == "use"]
    assert squire_moves and all(m.a == squire for m in squire_moves)
    move = next(m for m in squire_moves if m.e != NONE)
    s.apply(move)
    assert len(s.players[other].casuals) == 4


def test_foreman_one_helper_of_a_combined_purchase():
    """Foreman card text: "Take one Helper": the Merchant used with the Haggler and the Shopper
    puts three Helpers on the discard pile; each is offered in turn until the Foreman takes
    one, then the Foreman is gone and the other claims lapse."""
    s, seat = turn()
    other = s.order[1]
    merchant = put(s, seat, "Merchant").card
    haggler = put(s, seat, "Haggler").card
    shopper = put(s, seat, "Shopper").card
    put(s, other, "Foreman")
    for code in ("R2", "R1"):
        put_regular(s, seat, code)
    s.apply(Move("use", merchant, 3, 1 << W, W))  # with the Haggler and the Shopper
    assert s.players[seat].cart[W] == 2 and s.players[seat].cash == 10
    offered = []
    while decision(s) == "claim":
        offered.append(s.pending[-1][2])
        if len(offered) == 2:
            s.apply(Move("claim", offered[-1]))
        else:
            s.apply(Move("claim"))
    assert len(offered) == 2 and set(offered) <= {merchant, haggler, shopper}
    assert top_cards(s.players[other].helpers) == [offered[-1]]
    assert {merchant, haggler, shopper} - {offered[-1]} <= set(s.discard)
    assert card("Foreman") in s.discard
    assert decision(s) == "act" and s.current_player == seat


def test_foreman_claims_a_helper_discarded_to_raise_money():
    """RULINGS R6: discarding a Helper is offered when a player must pay; Foreman: used or
    discarded is irrelevant. A Helper discarded for a penalty is offered to the Foreman."""
    s, seat = turn(cash=0)
    other = s.order[1]
    maid = put(s, seat, "Maid").card
    put(s, other, "Foreman")
    put_regular(s, seat, "R9", red=True)
    s.apply(Move("end"))
    assert decision(s) == "pay"
    s.apply(Move("discard", maid))
    assert decision(s) == "claim" and s.current_player == other
    s.apply(Move("claim", maid))
    assert decision(s) == "pay" and s.current_player == seat
    assert top_cards(s.players[other].helpers) == [maid]


def test_foreman_four_players_harvest_helper_from_anyone():
    """Foreman: "In the 4-player game, the Foreman can take the Harvest helper (during the
    Harvest phase) ... from any of the other players – there are no partners during these
    phases." (RULINGS R5.) The Foreman's owner was not the Harvest helper's user's partner."""
    s, seat = turn(seats=4, index=0)
    owner = next(o for o in range(4) if o not in (seat, s.partner[seat]))
    hh = put(s, seat, "Harvest helper").card
    put(s, seat, s.players[seat].pile[-1], veg=W, count=4)
    put(s, owner, "Foreman")
    to_harvest_decision(s, seat)
    s.apply(Move("use", hh, 1, 1))
    assert decision(s) == "claim" and s.current_player == owner


# --- Official ------------------------------------------------------------------------------------

def test_official_two_pack_free():
    """Official card text: "In this Action phase, the "Buy a Two-pack" action is free for you."
    Three Helpers: 3 Cash without him (2 once he is used); free with him; still once only."""
    s, seat = turn(cash=1)
    official = put(s, seat, "Official").card
    put(s, seat, "Maid")
    put(s, seat, "Haggler")
    assert Move("twopack") not in s.legal_moves()
    s.apply(Move("use", official))
    assert "official" in s.players[seat].effects
    assert Move("twopack") in s.legal_moves()
    s.apply(Move("twopack"))
    assert s.players[seat].cash == 1
    s.apply(Move("keep"))
    assert Move("twopack") not in s.legal_moves()


def test_official_common_field_in_the_two_pack_still_costs_two():
    """RULINGS R9: price 0 with the Official; "+2 Cash per common field kept"; rulebook H:
    "Fields on Action cards always cost 2 Cash"."""
    s, seat = turn()
    official = put(s, seat, "Official").card
    put(s, seat, "S1")
    stack_draw(s, "CF3a", "K1")
    s.apply(Move("use", official))
    s.apply(Move("twopack"))
    s.apply(Move("keep", card("CF3a")))
    assert s.players[seat].cash == 8
    assert Cash(seat, -2, Why.COMMON_FIELD, NONE) in s.events


def test_official_only_this_action_phase():
    """Official card text: "In this Action phase": next round the Two-pack has its price."""
    s, seat = turn()
    official = put(s, seat, "Official").card
    s1 = put(s, seat, "S1").card
    s.apply(Move("use", official))
    to_next_act(s, seat, s.round + 1)
    assert "official" not in s.players[seat].effects
    assert slot_of(s, s1) is not None
    set_player(s, seat, cash=0)
    assert Move("twopack") not in s.legal_moves()


# --- Squire --------------------------------------------------------------------------------------

def test_squire_hand_card_and_up_to_three_courtyard_cards():
    """Squire card text: "During the Card phase, instead of taking 1 card from your hand and 1
    from the Courtyard, you can take 1 card from your hand and up to 3 from the Courtyard."
    Bullets: "A player using the Squire must also play 1 card from his hand."; "The player
    plays all of the Action cards into his "played" area. ... they cannot be placed on one
    another like a Two-pack." The rest of the hand goes to the Courtyard (RULINGS R4)."""
    s, seat = card_turn()
    squire = put(s, seat, "Squire").card
    court = set_courtyard(s, ["K1", "S1", "Maid", "R9"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    moves = uses(s, squire)
    assert {m.b for m in moves} == set(hand)
    sizes = {sum(1 for c in (m.c, m.d, m.e) if c != NONE) for m in moves}
    assert sizes == {1, 2, 3}
    assert len(moves) == 4 * (4 + 6 + 4)  # hand card x (1, 2 or 3 of the 4 Courtyard cards)
    taken = sorted(court[1:])
    s.apply(Move("use", squire, hand[0], *taken))
    p = s.players[seat]
    assert slot_of(s, "S1") == (card("S1"), NONE, 0b111)
    assert top_cards(p.helpers) == [card("Maid")]
    assert [r.card for r in p.regulars] == [card("R9")]
    assert top_cards(p.casuals) == [hand[0]]
    assert squire in s.discard
    assert sorted(s.courtyard) == sorted([court[0], *hand[1:]])
    assert seat not in s.active


def test_squire_common_fields_cost_two_each():
    """Squire with common fields: rulebook "Whenever a player plays a "Field" Action card, he
    must immediately pay 2 Cash for it" (RULINGS R4): two taken with the Squire cost 4."""
    s, seat = card_turn()
    squire = put(s, seat, "Squire").card
    court = set_courtyard(s, ["CF3a", "CF4a"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    s.apply(Move("use", squire, hand[0], *sorted(court)))
    assert s.players[seat].cash == 6
    assert Cash(seat, -4, Why.COMMON_FIELD, NONE) in s.events
    assert all(CARDS[f.card].kind != COMMON_FIELD or f[2:] == (NONE, 0)
               for f in s.players[seat].fields)


def test_squire_only_in_the_card_phase():
    """Squire, [2]: not a move of the Action phase."""
    s, seat = turn()
    squire = put(s, seat, "Squire").card
    assert squire not in use_cards(s)
    assert Move("discard", squire) in s.legal_moves()
    with pytest.raises(IllegalMove):
        s.apply(Move("use", squire))


def test_squire_not_usable_in_the_round_it_is_played():
    """Squire: "The Squire cannot be used in the same round as it is played." Taken from the
    Courtyard, the player has played his two cards; in the next Card phase he may use it."""
    s, seat = card_turn()
    squire, = set_courtyard(s, ["Squire"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    s.apply(Move("take", squire, hand[0]))
    assert top_cards(s.players[seat].helpers) == [squire]
    assert seat not in s.active
    advance(s, lambda st: decision(st) == "cards" and st.round == 2 and st.current_player == seat
            and bool(st.courtyard))
    assert squire in top_cards(s.players[seat].helpers)
    assert uses(s, squire)
