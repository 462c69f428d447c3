"""Rules that hold for all Helpers: the lantern in 4 players, covered cards, revealed cards,
the phases a Helper is offered in.

Sources: rulebook "E - Play or discard a Helper" and "Special rules for the Four-player game",
the rulebook's Helper Reference ("[n]" is the phase: [1] Harvest, [2] Card phase, [3] Action
phase), docs/rules/RULINGS.md (R3, R5, R6, R7) and docs/rules/CARDS.md (the lantern Helpers).
"""

from __future__ import annotations

import pytest

from loyang_game.engine import Move
from loyang_game.engine.cards import CARDS, HELPER, HELPER_NAMES, LANTERN_HELPERS

from .helper_scenarios import (
    NONE,
    W,
    advance,
    card_turn,
    put_regular,
    set_courtyard,
    set_hand,
    to_harvest_decision,
    top_cards,
    turn,
    use_cards,
    uses,
)
from .scenario import card, decision, put, set_player, slot_of

FULL_CART = {v: 3 for v in range(6)}


def owner(s, cid):
    for p in s.players:
        for area in (p.fields, p.stalls, p.helpers, p.regulars, p.casuals):
            if any(slot.card == cid for slot in area):
                return p.seat
    raise AssertionError(f"card {cid} is in no play area")


def target(move):
    """The other player's card a lantern Helper's move acts on."""
    name = CARDS[move.a].name
    if name == "Market woman":
        return move.c
    if name == "Tout":
        return move.d if move.b == 1 else move.c
    return move.b


LANTERN_TARGETING = ("Con man", "Deliveryman", "Market woman", "Subsistence farmer", "Tout",
                     "Trader")


def lantern_scene(seats, index):
    """The player at place `index` holds every lantern Helper that targets a card (the Foreman
    has its own tests), a stall and a Casual customer, and a full Cart; every other player has
    a stall, a sown field of 5, a Regular and a Casual customer and a Helper."""
    s, seat = turn(seats=seats, index=index)
    for name in LANTERN_TARGETING:
        put(s, seat, name)
    put(s, seat, "S1")
    put(s, seat, "K1")
    set_player(s, seat, cart=FULL_CART)
    stalls, regulars, casuals, helpers = (["S3", "S7", "S8"], ["R1", "R2", "R3"],
                                          ["K2", "K3", "K4"], ["Maid", "Haggler", "Official"])
    for other in (o for o in range(seats) if o != seat):
        put(s, other, stalls.pop())
        put_regular(s, other, regulars.pop())
        put(s, other, casuals.pop())
        put(s, other, helpers.pop())
        put(s, other, s.players[other].pile[-1], veg=W, count=5)
    return s, seat


def test_lantern_helpers_match_the_card_data():
    """CARDS.md: "Lantern helpers (they act on another player): Con man, Deliveryman, Foreman,
    Market woman, Subsistence farmer, Tout, Trader." """
    assert set(LANTERN_HELPERS) == {*LANTERN_TARGETING, "Foreman"}


@pytest.mark.parametrize("name", LANTERN_TARGETING)
def test_lantern_four_players_only_the_partner_in_the_action_phase(name):
    """Rulebook, four players: "Whenever a player takes an action that refers explicitly to "the
    other players", only the player's current partner may be affected. Cards which allow this
    type of action can be recognised by a Chinese lantern symbol." RULINGS R5. The starting
    player's partner (3rd to play; the starting and second players have finished) may only
    reach the starting player's cards."""
    s, seat = lantern_scene(4, 2)
    partner = s.partner[seat]
    assert partner == s.start_seat
    moves = uses(s, name)
    assert moves, f"the {name} has a move on the partner"
    assert {owner(s, target(m)) for m in moves} == {partner}


@pytest.mark.parametrize("name", LANTERN_TARGETING)
def test_lantern_three_players_every_other_player(name):
    """Without partners (3 players) a lantern Helper reaches every other player (the Con man
    only players who have finished: both, for the last to play)."""
    s, seat = lantern_scene(3, 2)
    assert {owner(s, target(m)) for m in uses(s, name)} == {o for o in range(3) if o != seat}


def test_covered_cards_are_never_targets():
    """Rulebook E / H: a card under another card is not in play. Con man: "A player cannot use
    the Con man to take a Helper that is underneath another card." Nor can the Trader or the
    Market woman use a covered stall, the Deliveryman a covered Regular customer, the Tout a
    covered Casual customer."""
    s, seat = turn(index=1)
    other = s.order[0]
    for name in LANTERN_TARGETING:
        put(s, seat, name)
    put(s, seat, "S1")
    put(s, seat, "K1")
    set_player(s, seat, cart=FULL_CART)
    covered = [card(c) for c in ("S7", "R9", "K3", "Trader")]
    put(s, other, "K2", under="S7")
    put(s, other, "Maid", under="R9")
    put(s, other, "S3", under="K3")
    put(s, other, "Official", under="Trader")
    targets = {target(m) for name in LANTERN_TARGETING for m in uses(s, name)}
    assert targets == {card(c) for c in ("K2", "Maid", "S3", "Official")}
    assert not targets & set(covered)


def test_top_card_leaving_places_the_lower_card_at_once():
    """Rulebook E: "If a player removes the top card of another player's Two-pack, the lower
    card is immediately moved to the appropriate place."; H: "Whenever a player places the upper
    card of a Two-pack onto the Discard pile, he must immediately ... move the lower card to the
    appropriate place. (Immediately fill revealed Market stalls with vegetables and place a
    Satisfaction marker on revealed Regular customers.)" A used Helper uncovers a stall, usable
    at once; a Helper discarded unused uncovers a Regular customer, due this round (R7)."""
    s, seat = turn()
    official = put(s, seat, "Official", under="S7").card
    maid = put(s, seat, "Maid", under="R9").card
    set_player(s, seat, cart={W: 1})
    s.apply(Move("use", official))
    assert slot_of(s, "S7") == (card("S7"), NONE, 0b111)
    assert Move("trade", card("S7"), 0, W) in s.legal_moves()
    s.apply(Move("discard", maid))
    r9 = slot_of(s, "R9")
    assert r9 in s.players[seat].regulars
    assert (r9.under, r9.red, r9.first_due) == (NONE, False, s.round)


def test_revealed_helper_is_usable_at_once():
    """Rulebook H: the lower card is placed "immediately": a Helper uncovered by a used Helper
    is in play at once."""
    s, seat = turn()
    maid = put(s, seat, "Maid", under="Shopper").card
    assert card("Shopper") not in use_cards(s)
    s.apply(Move("use", maid))
    assert top_cards(s.players[seat].helpers) == [card("Shopper")]
    assert card("Shopper") in use_cards(s)


# --- phases --------------------------------------------------------------------------------------

def every_helper(s, seat):
    """Put one card of every Helper kind (the first Trader) into `seat`'s play area."""
    for name in dict.fromkeys(HELPER_NAMES):
        put(s, seat, name)


def test_card_phase_offers_only_the_squire():
    """Helper Reference: of the Helpers only the Squire is [2] as a Card-phase move (the
    Book-keeper [2] only when paying for a field, the Foreman by claims). A player holding every
    Helper: the only USE moves of a Card phase turn are the Squire's."""
    s, seat = card_turn()
    every_helper(s, seat)
    set_courtyard(s, ["K1", "K2"])
    set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    assert use_cards(s) == {card("Squire")}


def test_harvest_phase_offers_only_the_harvest_helper_option_1():
    """Helper Reference: the Harvest helper's option 1 is [1]; the Foreman [1] works by claims;
    no other Helper is used in the Harvest phase (RULINGS R3). Only a holder of the Harvest
    helper is asked."""
    s, seat = turn()
    other = s.order[1]
    every_helper(s, seat)
    put(s, seat, s.players[seat].pile[-1], veg=W, count=4)
    second_trader = [c.id for c in CARDS if c.name == "Trader"][1]
    put(s, other, second_trader)
    put(s, other, s.players[other].pile[-1], veg=W, count=5)
    to_harvest_decision(s, seat)
    hh = card("Harvest helper")
    assert set(s.legal_moves()) == {Move("pass"), Move("use", hh, 1, 1)}
    s.apply(Move("pass"))
    assert s.phase == "cards"  # the other player, without a Harvest helper, was never asked
    assert second_trader in top_cards(s.players[other].helpers)


def test_action_phase_never_offers_the_squire_or_harvest_option_1():
    """Helper Reference: the Squire is [2] only; the Harvest helper's option 1 is [1]. In the
    Action phase all other Helpers holding a use are offered."""
    s, seat = turn(index=1)
    every_helper(s, seat)
    put(s, seat, "S1")
    put(s, seat, "K1")
    put_regular(s, seat, "R2")
    put_regular(s, seat, "R1")
    put(s, seat, s.players[seat].pile[-1], veg=W, count=4)
    put(s, seat, s.players[seat].pile[-1], veg=W, count=1)
    other = s.order[0]
    put(s, other, "S7")
    put(s, other, "K2")
    put_regular(s, other, "R9")
    second_trader = [c.id for c in CARDS if c.name == "Trader"][1]
    put(s, other, second_trader)  # for the Con man
    put(s, other, s.players[other].pile[-1], veg=W, count=5)
    set_player(s, seat, cart=FULL_CART)
    offered = {CARDS[c].name for c in use_cards(s)}
    assert offered == set(HELPER_NAMES) - {"Squire", "Foreman"}
    assert uses(s, "Harvest helper") == [Move("use", card("Harvest helper"), 2)]


def test_store_and_path_steps_offer_no_helper():
    """Rulebook "End of the Action phase" / RULINGS R10: storing and the Path come after the
    actions; no Helper is used there."""
    s, seat = turn()
    every_helper(s, seat)
    set_player(s, seat, cart={W: 3})
    s.apply(Move("end"))
    assert decision(s) == "store"
    assert not any(m.kind == "use" for m in s.legal_moves())
    s.apply(Move("return", W))
    s.apply(Move("return", W))
    assert decision(s) == "path"
    assert not any(m.kind == "use" for m in s.legal_moves())


def test_card_phase_payment_offers_only_the_book_keeper():
    """Book-keeper [2]: "if he is needed to finance a new Field"; RULINGS R4/R6: paying for a
    common field in the Card phase: sell, Loan, discard a Helper, the Book-keeper."""
    s, seat = card_turn()
    every_helper(s, seat)
    cf, = set_courtyard(s, ["CF3a"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    set_player(s, seat, cash=0)
    s.apply(Move("take", cf, hand[0]))
    assert decision(s) == "pay"
    assert use_cards(s) == {card("Book-keeper")}
    helpers = {m.a for m in s.legal_moves() if m.kind == "discard"}
    assert helpers == set(top_cards(s.players[seat].helpers))
    assert all(CARDS[c].kind == HELPER for c in helpers)


# --- revealed Regular customers (RULINGS R7) -----------------------------------------------------

def test_harvest_helper_revealing_a_regular_customer_before_the_action_phase():
    """RULINGS R7: a Regular customer is due every round from the round played, "including a
    card revealed from under a Two-pack during its owner's Action phase or before it". The
    Harvest helper on top of R9 is used in round 2's Harvest phase: R9 is due in round 2.
    (Failed before commit 17cd4d5, which resets PlayerState.done at the start of a round.)"""
    s, seat = turn()
    hh = put(s, seat, "Harvest helper", under="R9").card
    put(s, seat, s.players[seat].pile[-1], veg=W, count=4)
    to_harvest_decision(s, seat)
    assert s.round == 2
    s.apply(Move("use", hh, 1, 1))
    assert slot_of(s, "R9").first_due == 2


def test_squire_regular_customer_due_in_the_round_played():
    """Squire: "The player plays all of the Action cards into his "played" area"; rulebook F:
    "A Regular customer's first delivery is due in the Round when it is played." (RULINGS R7).
    Round 2: R9 taken with the Squire is due in round 2. (Failed before commit 17cd4d5.)"""
    s, seat = card_turn(round_=2)
    squire = put(s, seat, "Squire").card
    r9, = set_courtyard(s, ["R9"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    s.apply(Move("use", squire, hand[0], r9))
    assert slot_of(s, r9).first_due == 2


def test_squire_regular_customer_due_in_round_one():
    """As above in round 1 (no earlier Action phase): R9 taken with the Squire is due at
    once; not delivered, its marker turns red at the end of the round's Action phase."""
    s, seat = card_turn(round_=1)
    squire = put(s, seat, "Squire").card
    r9, = set_courtyard(s, ["R9"])
    hand = set_hand(s, seat, ["K3", "K4", "K5", "K6"])
    s.apply(Move("use", squire, hand[0], r9))
    assert slot_of(s, r9).first_due == 1
    advance(s, lambda st: decision(st) == "path" and st.current_player == seat)
    assert slot_of(s, r9).red
