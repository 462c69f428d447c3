"""The rulebook's own examples and rules, one test each, driven through legal_moves()/apply().

Sources: the rulebook (cited by section) and docs/rules/RULINGS.md (cited as "RULINGS R<n>";
the rulings win over the rulebook).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from loyang_game.engine import GameConfig, IllegalMove, Move, new_game
from loyang_game.engine.cards import BUY_PRICE, CARDS, field_sets, home_field
from loyang_game.engine.events import Cash, Discarded, FieldRemoved, Reshuffled, Revealed, Why
from loyang_game.engine.moves import KINDS
from loyang_game.engine.state import FieldSlot
from loyang_game.text.reasons import reason_words

from .scenario import (
    NONE,
    card,
    clear_area,
    decision,
    game,
    play_until,
    put,
    refresh,
    set_player,
    slot_of,
    stack_draw,
    take,
    to_action_phase,
    to_card_phase,
    to_path,
)

W, P, T, C, B, L = range(6)


@contextmanager
def refused(words: str) -> Iterator[None]:
    """The move in the block raises IllegalMove, whose reason reads `words` in English."""
    with pytest.raises(IllegalMove) as err:
        yield
    said = reason_words(err.value.reason)
    assert re.search(words, said, re.IGNORECASE), said



def kinds(state) -> set[str]:
    return {m.kind for m in state.legal_moves()}


def clean_turn(seed: int = 5, seats: int = 2):
    """The first Action phase of a seat, with empty play areas all round (no Helper of another
    player can step in), an empty Cart and 10 Cash."""
    s = to_action_phase(game(seats, seed))
    seat = s.current_player
    for other in range(seats):
        clear_area(s, other)
    set_player(s, seat, cash=10, cart={})
    return s, seat


# --- Move Scoring Marker -------------------------------------------------------------------------

def test_nell_path_example():
    """Rulebook "Move Scoring Marker": Nell is on space 15; 16 costs 1 Cash, 35 more reach 18."""
    s, nell = clean_turn()
    s = to_path(s)
    set_player(s, nell, path=15, cash=36)
    assert sorted(m.a for m in s.legal_moves() if m.kind == "advance") == [0, 1, 2, 3]

    one = s.clone()
    one.apply(Move("advance", 1))
    assert (one.players[nell].path, one.players[nell].cash) == (16, 35)

    with refused("costs 55 Cash"):
        s.apply(Move("advance", 4))
    s.apply(Move("advance", 3))
    assert (s.players[nell].path, s.players[nell].cash) == (18, 0)


def test_path_first_step_costs_one_and_ends_at_20():
    """RULINGS R10: the first step of a round costs 1 Cash; space 20 is the end."""
    s, seat = clean_turn()
    s = to_path(s)
    set_player(s, seat, path=19, cash=100)
    assert sorted(m.a for m in s.legal_moves() if m.kind == "advance") == [0, 1]
    set_player(s, seat, path=1, cash=1)
    assert sorted(m.a for m in s.legal_moves() if m.kind == "advance") == [0, 1]
    s.apply(Move("advance", 1))
    assert (s.players[seat].path, s.players[seat].cash) == (2, 0)


# --- F: Regular customers ------------------------------------------------------------------------

def test_nina_regular_customer():
    """Rulebook action F, "Detailed example": Nina's Regular customer pays 5/6/7/8 Cash for a
    Turnip and a Cabbage. Deliver (5), miss (marker red), deliver (6, stays red), miss (pay 2),
    deliver (7), deliver (8): the card then leaves to the discard pile (RULINGS R7)."""
    s, nina = clean_turn()
    r9 = card("R9")
    put(s, nina, r9)  # played this round, blue marker

    def next_turn() -> None:
        to_action_phase(s, nina, s.round + 1)
        clear_area(s, nina, keep=[r9])
        set_player(s, nina, cash=10, cart={})

    def deliver(pays: int, rows: int, red: bool) -> None:
        set_player(s, nina, cash=10, cart={T: 1, C: 1})
        s.apply(Move("regular", r9))
        assert s.players[nina].cash == 10 + pays
        assert s.players[nina].cart == [0] * 6
        if rows < 4:
            assert slot_of(s, r9).rows == rows and slot_of(s, r9).red == red
        to_path(s)
        assert s.players[nina].cash == 10 + pays

    def miss(red: bool, paid: int) -> None:
        assert Move("regular", r9) not in s.legal_moves()
        to_path(s)
        assert slot_of(s, r9).red == red
        assert s.players[nina].cash == 10 - paid

    deliver(5, rows=1, red=False)
    next_turn()
    miss(red=True, paid=0)
    next_turn()
    deliver(6, rows=2, red=True)
    next_turn()
    miss(red=True, paid=2)
    next_turn()
    deliver(7, rows=3, red=True)
    next_turn()
    set_player(s, nina, cash=10, cart={T: 1, C: 1})
    s.apply(Move("regular", r9))
    assert s.players[nina].cash == 18
    assert slot_of(s, r9) is None and r9 in s.discard
    assert Discarded(nina, r9) in s.events
    to_path(s)
    assert s.players[nina].cash == 18  # no more checks: the card is gone


def test_regular_customer_only_once_per_round():
    """Rulebook action F: the two vegetables are wanted exactly once in each round."""
    s, seat = clean_turn()
    r9 = card("R9")
    put(s, seat, r9)
    set_player(s, seat, cart={T: 2, C: 2})
    s.apply(Move("regular", r9))
    assert Move("regular", r9) not in s.legal_moves()
    with refused("already had this round's delivery"):
        s.apply(Move("regular", r9))


def test_regular_customer_penalty_forces_pay_decision():
    """Rulebook action F and RULINGS R6/R7: a missed delivery on a red marker costs 2 Cash; with
    too little Cash the player must raise it (sell to the Shop, Loan, discard a Helper)."""
    s, seat = clean_turn()
    put(s, seat, "R1", red=True)
    put(s, seat, "R2", red=True)
    put(s, seat, "R3")  # blue: only turns red
    maid = put(s, seat, "Maid").card
    set_player(s, seat, cash=1, cart={B: 1, W: 1}, shop={B: 1, W: 3})
    s.apply(Move("end"))
    assert decision(s) == "pay" and s.current_player == seat
    # Sell, take a Loan, or use or discard a Helper (rulebook F and H: "use a Helper")
    assert set(s.legal_moves()) == {Move("sell", B), Move("loan"), Move("discard", maid),
                                    Move("use", maid)}
    assert slot_of(s, "R3").red
    s.apply(Move("sell", B))  # 3 Cash: still short of 4
    assert decision(s) == "pay"
    s.apply(Move("loan"))  # 8 Cash: the 4 are paid at once
    p = s.players[seat]
    assert (p.cash, p.loans) == (4, 1)
    assert Cash(seat, -4, Why.PENALTY, NONE) in s.events
    assert decision(s) == "path"  # the Wheat left fits the small Storehouse
    assert p.store == [1, 0, 0, 0, 0, 0]


def test_penalty_paid_at_once_when_cash_is_there():
    """Rulebook action F: the 2 Cash penalty is simply paid when the player has it."""
    s, seat = clean_turn()
    put(s, seat, "R1", red=True)
    set_player(s, seat, cash=3)
    to_path(s)
    assert s.players[seat].cash == 1


def test_regular_customer_played_in_card_phase_is_due_that_round():
    """Rulebook action F: "A Regular customer's first delivery is due in the Round when it is
    played"; RULINGS R7. Played in round 2's Card phase and not delivered: the marker turns red
    at the end of that round's Action phase."""
    s = to_card_phase(game(2, seed=5), 2)
    seat = s.current_player
    r9 = take(s, "R9")
    s.courtyard.append(r9)
    refresh(s)
    hand_card = min(s.players[seat].hand, key=lambda c: CARDS[c].kind != "casual")
    s.apply(Move("take", r9, hand_card))
    assert slot_of(s, r9) is not None
    to_action_phase(s, seat, 2)
    assert s.round == 2
    clear_area(s, seat, keep=[r9])
    set_player(s, seat, cash=10, cart={})
    to_path(s)
    assert slot_of(s, r9).red


def test_regular_customer_revealed_at_harvest_is_due_that_round():
    """RULINGS R7: due every round from the round played, "including a card revealed from under
    a Two-pack during its owner's Action phase or before it". Revealed at the harvest of round
    2, before the owner's Action phase: due in round 2."""
    s, seat = clean_turn()
    put(s, seat, "CF3a", under="R9", veg=W, count=1)
    to_action_phase(s, seat, 2)
    assert slot_of(s, "R9") is not None
    clear_area(s, seat, keep=["R9"])
    set_player(s, seat, cash=10, cart={})
    to_path(s)
    assert slot_of(s, "R9").red


# --- G: Casual customers -------------------------------------------------------------------------

@pytest.mark.parametrize(("regulars", "casuals", "paid"), [
    (["R1", "R2"], [], 9),  # 2 Regular vs 1 Casual (the one served): +2
    (["R1"], [], 7),  # 1 vs 1, counting the Casual customer being served: as printed
    (["R1", "R2"], ["K2"], 7),  # 2 vs 2: as printed
    ([], [], 5),  # 0 vs 1: -2
    (["R1"], ["K2"], 5),  # 1 vs 2: -2
])
def test_casual_modifier(regulars, casuals, paid):
    """Rulebook action G and RULINGS R8: K1 (Wheat, Pumpkin, Turnip) pays 7, +2 with more
    Regular than Casual customers, -2 with more Casual, counted with the one being served."""
    s, seat = clean_turn()
    for code in regulars:
        put(s, seat, code)
    for code in ["K1", *casuals]:
        put(s, seat, code)
    set_player(s, seat, cash=0, cart={W: 1, P: 1, T: 1})
    s.apply(Move("casual", card("K1")))
    assert s.players[seat].cash == paid
    assert s.players[seat].cart == [0] * 6
    assert slot_of(s, "K1") is None and card("K1") in s.discard


@pytest.mark.parametrize(("setup", "paid"), [
    ("regular under the Casual customer", 5),  # 0 vs 1 uncovered: -2, not ±0
    ("casual under a Helper", 7),  # 1 vs 1 uncovered: ±0, not -2
])
def test_casual_modifier_ignores_covered_cards(setup, paid):
    """Rulebook action H ("Cards which are covered ... do not add") and RULINGS R8: only
    uncovered customer cards count."""
    s, seat = clean_turn()
    if setup.startswith("regular"):
        put(s, seat, "K1", under="R1")
    else:
        put(s, seat, "R1")
        put(s, seat, "K1")
        put(s, seat, "Maid", under="K2")
    set_player(s, seat, cash=0, cart={W: 1, P: 1, T: 1})
    s.apply(Move("casual", card("K1")))
    assert s.players[seat].cash == paid


# --- H: the Two-pack -----------------------------------------------------------------------------

def test_claudia_two_pack():
    """Rulebook action H, "Detailed Example": Claudia keeps a Regular customer under a Market
    stall. Rounds later the stall's third trade empties it: the Regular customer is placed at
    once with a blue marker and must be served that same round, else the marker turns red."""
    s, claudia = clean_turn()
    r3, s7 = card("R3"), card("S7")  # S7 offers Pumpkin 1, Cabbage 1, Leek 2 bowls
    stack_draw(s, r3, s7)
    s.apply(Move("twopack"))
    assert decision(s) == "keep"
    assert Move("keep", s7, r3) in s.legal_moves()
    s.apply(Move("keep", s7, r3))
    assert s.players[claudia].cash == 10  # no Helpers or stalls: the Two-pack is free
    assert slot_of(s, s7) == (s7, r3, 0b111)
    assert slot_of(s, r3) is None  # covered: not in play
    to_path(s)

    to_action_phase(s, claudia, s.round + 1)
    clear_area(s, claudia, keep=[s7])
    set_player(s, claudia, cash=10, cart={W: 4})
    s.apply(Move("trade", s7, 0, W))
    s.apply(Move("trade", s7, 1, W))
    assert slot_of(s, s7).mask == 0b100
    s.apply(Move("trade", s7, 2, W, W))
    assert s.players[claudia].cart == [0, 1, 0, 1, 0, 1]
    assert slot_of(s, s7) is None and s7 in s.discard
    assert Revealed(claudia, r3) in s.events
    slot = slot_of(s, r3)
    assert slot in s.players[claudia].regulars
    assert (slot.under, slot.rows, slot.red, slot.first_due) == (NONE, 0, False, s.round)

    served = s.clone()  # she can serve it in this same round ...
    set_player(served, claudia, cart={P: 1, T: 1})
    served.apply(Move("regular", r3))
    assert served.players[claudia].cash == 14
    to_path(served)
    assert not slot_of(served, r3).red

    to_path(s)  # ... and if she does not, the marker turns red
    assert slot_of(s, r3).red
    assert s.players[claudia].cash == 10


def test_two_pack_price_counts_uncovered_helpers_or_stalls():
    """Rulebook action H: the cost is the greater of the Helpers and the Market stalls in the
    play area; covered cards do not count; without either the Two-pack is free."""
    s, seat = clean_turn()
    put(s, seat, "Maid", under="Haggler")
    put(s, seat, "Official")
    put(s, seat, "S1", under="S2")
    set_player(s, seat, cash=1)
    assert "twopack" not in kinds(s)
    with refused("costs 2 Cash and you have 1"):
        s.apply(Move("twopack"))
    set_player(s, seat, cash=2)
    s.apply(Move("twopack"))
    assert s.players[seat].cash == 0
    s.apply(Move("keep"))
    assert "twopack" not in kinds(s)  # once per Action phase, even keeping nothing
    with refused("already bought a Two-pack"):
        s.apply(Move("twopack"))


def test_two_pack_common_field_underneath_costs_two_at_once():
    """Rulebook action H: "Fields on Action cards always cost 2 Cash. This must be paid
    immediately, even if the field is placed beneath the other card"; RULINGS R9."""
    s, seat = clean_turn()
    cf, s1 = card("CF3a"), card("S1")
    stack_draw(s, cf, s1)
    s.apply(Move("twopack"))
    s.apply(Move("keep", s1, cf))
    assert s.players[seat].cash == 8
    assert slot_of(s, s1) == (s1, cf, 0b111)
    assert Cash(seat, -2, Why.COMMON_FIELD, NONE) in s.events
    assert decision(s) == "act"


def test_two_pack_common_field_pay_decision_when_short():
    """Rulebook action H ("To finance a field that is part of a Two-pack, a player can sell
    goods to his Shop, use a Helper or take out a Loan") and RULINGS R6."""
    s, seat = clean_turn()
    maid = put(s, seat, "Maid").card
    cf, s1 = card("CF4a"), card("S1")
    stack_draw(s, s1, cf)
    set_player(s, seat, cash=1, cart={W: 1, B: 1, C: 1}, shop={W: 3, B: 1, C: 2})
    s.apply(Move("twopack"))  # 1 Helper: 1 Cash
    assert s.players[seat].cash == 0
    s.apply(Move("keep", s1, cf))
    assert decision(s) == "pay" and s.current_player == seat
    # Sell, take a Loan, or use or discard a Helper (rulebook F and H: "use a Helper")
    assert set(s.legal_moves()) == {Move("sell", B), Move("loan"), Move("discard", maid),
                                    Move("use", maid)}
    s.apply(Move("discard", maid))
    assert decision(s) == "pay" and maid in s.discard
    s.apply(Move("sell", B))
    assert s.players[seat].cash == 0
    assert Cash(seat, -2, Why.COMMON_FIELD, NONE) in s.events
    assert decision(s) == "act"
    assert slot_of(s, s1) == (s1, cf, 0b111)


def test_two_pack_keep_one_or_none():
    """Rulebook action H: keep 0, 1 or 2 cards; any not kept are discarded."""
    s, seat = clean_turn()
    k1, s1 = card("K1"), card("S1")
    stack_draw(s, k1, s1)
    s.apply(Move("twopack"))
    assert set(s.legal_moves()) == {Move("keep"), Move("keep", k1), Move("keep", s1),
                                    Move("keep", k1, s1), Move("keep", s1, k1)}
    s.apply(Move("keep", k1))
    assert s.players[seat].casuals == [(k1, NONE)]
    assert s1 in s.discard


def test_two_pack_reshuffles_an_empty_draw_pile():
    """Rulebook FAQ: if the pile of Action cards is emptied during the Action phase, the discard
    pile is immediately shuffled and becomes a new draw pile (RULINGS R9)."""
    s, _ = clean_turn()
    last = s.draw[0]
    s.discard.extend(s.draw[1:])
    del s.draw[1:]
    refresh(s)
    pool = sorted(s.discard)
    s.apply(Move("twopack"))
    assert Reshuffled() in s.events
    drawn = next(d for d in s.pending if d[0] == "keep")[2]
    assert len(drawn) == 2 and drawn[0] == last
    assert s.discard == []
    assert sorted([*s.draw, drawn[1]]) == pool
    s.apply(Move("keep"))
    assert sorted(s.discard) == sorted(drawn)


def test_no_two_pack_without_cards():
    """RULINGS R9: with no card to draw, no Two-pack."""
    s, seat = clean_turn()
    other = 1 - seat
    for c in [*s.draw, *s.discard]:
        put(s, other, c)
    assert s.draw == [] and s.discard == []
    assert "twopack" not in kinds(s)
    assert sorted(s.all_action_cards()) == list(range(70))


# --- End of the Action phase ---------------------------------------------------------------------

def test_storehouse_overflow_sell_or_return():
    """Rulebook "Store Vegetables" and RULINGS R10: a small Storehouse keeps 1 vegetable; the
    others must be sold to free Shop spaces or returned to the supply, the player's choice."""
    s, seat = clean_turn()
    set_player(s, seat, cash=0, cart={W: 2, C: 1, B: 1}, shop={W: 3, C: 1, B: 1})
    s.apply(Move("end"))
    assert decision(s) == "store"
    assert set(s.legal_moves()) == {Move("sell", C), Move("sell", B), Move("return", W),
                                    Move("return", C), Move("return", B), Move("loan")}
    s.apply(Move("return", W))
    s.apply(Move("sell", C))
    assert decision(s) == "store"
    assert Move("upgrade") not in s.legal_moves()
    s.apply(Move("sell", B))
    p = s.players[seat]
    assert decision(s) == "path"
    assert (p.store, p.cart, p.cash) == ([1, 0, 0, 0, 0, 0], [0] * 6, 3)
    assert p.shop[C] == 2 and p.shop[B] == 2

    to_action_phase(s, seat, s.round + 1)  # the Storehouse goes back to the Cart at harvest
    assert s.players[seat].store == [0] * 6
    assert s.players[seat].cart[W] >= 1


def test_storehouse_upgrade_keeps_four():
    """Rulebook "Store Vegetables": the small Storehouse can be upgraded for 2 Cash to hold 4;
    RULINGS R10: also while storing."""
    s, seat = clean_turn()
    set_player(s, seat, cash=2, cart={W: 2, C: 1, B: 1, L: 1})
    s.apply(Move("end"))
    assert Move("upgrade") in s.legal_moves()
    s.apply(Move("upgrade"))
    p = s.players[seat]
    assert p.cash == 0 and p.upgraded
    assert decision(s) == "store"  # 5 still do not fit
    s.apply(Move("return", L))
    assert decision(s) == "path"
    assert p.store == [2, 0, 0, 1, 1, 0]
    to_action_phase(s, seat, s.round + 1)
    assert s.players[seat].upgraded  # for good
    assert Move("upgrade") not in s.legal_moves()


# --- Phase 1: Harvest ----------------------------------------------------------------------------

def test_emptied_private_field_leaves_common_field_discarded():
    """Rulebook "Phase 1" and RULINGS R3: an emptied private field is removed from the game, an
    emptied common field goes to the discard pile (and the card under it is revealed)."""
    s, seat = clean_turn()
    p = s.players[seat]
    private = p.pile[-1]
    put(s, seat, private, veg=P, count=1)
    put(s, seat, "CF3a", under="S7", veg=C, count=1)
    put(s, seat, "CF4a", veg=B, count=2)
    cart_before = s.players[seat].cart[:]
    to_card_phase(s, s.round + 1)
    events = s.events
    assert FieldRemoved(seat, private) in events
    assert Discarded(seat, card("CF3a")) in events
    assert Revealed(seat, card("S7")) in events
    assert all(f.card != private for f in p.fields) and private not in p.pile
    assert private not in s.discard and private not in s.draw
    cf3a = card("CF3a")  # the discard pile was then shuffled into the draw pile and dealt
    assert cf3a in s.draw or any(cf3a in q.hand for q in s.players)
    assert slot_of(s, "S7") == (card("S7"), NONE, 0b111)
    assert slot_of(s, "CF4a") == (card("CF4a"), NONE, B, 1)
    gained = [a - b for a, b in zip(p.cart, cart_before)]
    assert gained[P] == 1 and gained[C] == 1 and gained[B] == 1


def test_new_field_each_round_but_the_last():
    """Rulebook "Phase 1": each round the top field of the pile is turned over, unsown; none in
    the last round. The game ends after round 9, when the Home field is harvested empty."""
    s = game(2, seed=11)
    to_action_phase(s)
    for p in s.players:
        assert len(p.pile) == 7 and p.fields[-1][2:] == (NONE, 0)
    play_until(s, lambda st: st.is_over)
    assert s.round == 9
    for p in s.players:
        assert p.pile == []
        assert all(f.card != home_field(p.seat) for f in p.fields)


# --- Setup ---------------------------------------------------------------------------------------

def test_ralph_starting_vegetable():
    """Rulebook "Game Setup": Ralph buys Wheat from his Shop for his Home field and has 7 Cash
    left; the Home field holds 9 Wheat."""
    s = game(2, seed=3)
    seat = s.current_player
    assert decision(s) == "home" and seat == s.start_seat
    s.apply(Move("home", W))
    p = s.players[seat]
    assert p.cash == 7 and p.shop[W] == 2
    assert p.fields[0][2:] == (W, 9)


@pytest.mark.parametrize("seats", [3, 4])
def test_starting_vegetable_limit(seats):
    """Rulebook "Game Setup": only Wheat, Pumpkin or Turnip, and no more than 2 players may
    plant the same vegetable (RULINGS R2)."""
    s = game(seats, seed=2)
    order = [(s.start_seat + i) % seats for i in range(seats)]
    picks = [W, W, P, P][:seats]
    for i, (seat, veg) in enumerate(zip(order, picks)):
        assert s.current_player == seat
        allowed = {m.a for m in s.legal_moves()}
        assert allowed == {v for v in (W, P, T) if picks[:i].count(v) < 2}
        for bad in (C, B, L):
            with refused("only Wheat, Pumpkin or Turnip"):
                s.apply(Move("home", bad))
        if i >= 2:
            with refused("at most 2 may start alike"):
                s.apply(Move("home", W))
        s.apply(Move("home", veg))
        assert s.players[seat].cash == 10 - BUY_PRICE[veg]
    assert decision(s) == "cards"


def test_setup_players():
    """RULINGS R2: 10 Cash, space 1, small Storehouse, Shop 3W 2P 2T 2C 1B 1L; field pile of two
    sets of {3,4,5,6}, each shuffled on its own, one on the other."""
    s = game(4, seed=9)
    for p in s.players:
        assert (p.cash, p.path, p.loans, p.upgraded) == (10, 1, 0, False)
        assert p.shop == [3, 2, 2, 2, 1, 1]
        first, second = field_sets(p.seat)
        assert set(p.pile[4:]) == set(first) and set(p.pile[:4]) == set(second)


def test_introductory_start_customers():
    """Rulebook "Introductory version" / RULINGS R2: each player gets one of the 4 start Regular
    customers face down and may play it in place of the hand card."""
    s = game(3, seed=4, introductory=True)
    intros = [p.intro for p in s.players]
    assert len(set(intros)) == 3 and all(CARDS[c].start for c in intros)
    rest = [c for c in range(70) if CARDS[c].start and c not in intros]
    assert len(rest) == 1 and rest[0] in s.draw
    s = to_card_phase(s, 1)
    s.apply(s.legal_moves()[[m.kind for m in s.legal_moves()].index("place")])
    seat = s.current_player
    p = s.players[seat]
    intro, hand = p.intro, p.hand[:]
    takes = [m for m in s.legal_moves() if m.kind == "take"]
    assert {m.b for m in takes} == {*hand, intro}
    move = next(m for m in takes if m.b == intro)
    s.apply(move)
    assert p.intro == NONE and p.hand == []
    assert slot_of(s, intro).first_due == 1
    assert set(hand) <= set(s.courtyard)  # the whole hand goes to the Courtyard


# --- Phase 2: the Card phase ---------------------------------------------------------------------

def first_card_decision(seats: int, seed: int = 1):
    s = to_card_phase(game(seats, seed), 1)
    assert s.current_player == s.start_seat
    return s


def test_two_player_courtyard_flip():
    """Rulebook "Special rules for 2 players" and RULINGS R4: at the start of each turn a player
    may turn the top card of the draw pile into the Courtyard, once per turn; also the starting
    player on the first turn (and may take at once), and the last player."""
    s = first_card_decision(2)
    first = s.current_player
    assert kinds(s) == {"flip", "place"}
    top = s.draw[-1]
    s.apply(Move("flip"))
    assert s.courtyard == [top] and s.current_player == first
    assert "flip" not in kinds(s)
    with refused("already turned over a card this turn"):
        s.apply(Move("flip"))
    hand_card = s.players[first].hand[0]
    s.apply(Move("take", top, hand_card))  # the starting player selects at once
    assert slot_of(s, top) is not None and slot_of(s, hand_card) is not None
    last = s.current_player
    assert last != first
    assert kinds(s) == {"flip", "take"}  # the last player must take, but may flip first
    s.apply(Move("flip"))
    assert kinds(s) == {"take"}
    s.apply(s.legal_moves()[0])
    assert decision(s) == "act" and s.start_seat == last


def test_two_player_flip_again_each_turn():
    """RULINGS R4: the flip is allowed at the start of each turn (each turn, optional)."""
    s = first_card_decision(2)
    s.apply(Move("flip"))
    s.apply(next(m for m in s.legal_moves() if m.kind == "place"))
    assert "flip" in kinds(s)
    s.apply(Move("place", s.players[s.current_player].hand[0]))
    assert "flip" in kinds(s)


@pytest.mark.parametrize("seats", [3, 4])
def test_no_flip_with_three_or_four_players(seats):
    """Rulebook "Special rules for 2 players": the flip is a 2-player rule only."""
    s = first_card_decision(seats)
    for _ in range(3):
        assert "flip" not in kinds(s)
        with refused("only in a 2-player game"):
            s.apply(Move("flip"))
        s.apply(Move("place", s.players[s.current_player].hand[0]))


def test_one_card_player_must_take():
    """Rulebook "Notes and Special Cases": a player with 1 card left must play it and take from
    the Courtyard; the last card may never be placed in the Courtyard."""
    s = first_card_decision(3)
    for _ in range(9):  # three places each: every hand is down to one card
        s.apply(Move("place", s.players[s.current_player].hand[0]))
    p = s.players[s.current_player]
    assert len(p.hand) == 1
    assert kinds(s) == {"take"}
    with refused("last card may never go to the Courtyard"):
        s.apply(Move("place", p.hand[0]))


def test_last_player_must_take():
    """Rulebook "Distribution round", Note: the last player left may no longer place a card into
    the Courtyard but must choose at once."""
    s = first_card_decision(3)
    s.apply(Move("place", s.players[s.current_player].hand[0]))
    for _ in range(2):
        s.apply(next(m for m in s.legal_moves() if m.kind == "take"))
    last = s.players[s.current_player]
    assert len(last.hand) == 3 and s.active == [last.seat]
    assert kinds(s) == {"take"}
    with refused("last player left"):
        s.apply(Move("place", last.hand[0]))


def test_takers_become_starting_and_second_player():
    """Rulebook "End of the card phase": the last to take becomes Starting player, the second
    last Second player."""
    s = first_card_decision(3)
    takers = []
    while decision(s) == "cards":
        move = next((m for m in s.legal_moves() if m.kind == "take"), s.legal_moves()[0])
        if move.kind == "take":
            takers.append(s.current_player)
        s.apply(move)
    assert (s.start_seat, s.second_seat) == (takers[-1], takers[-2])
    assert s.order == [takers[-1], takers[-2], takers[0]]
    to_action_phase(s)
    assert s.current_player == takers[-1]


def test_discard_pile_shuffled_in_at_card_phase():
    """Rulebook "Phase 2": at the start of the Card phase (and only then) the discard pile is
    shuffled into the draw pile; RULINGS R4."""
    s = to_action_phase(game(2, seed=8))
    play_until(s, lambda st: decision(st) == "path" and st.current_player == st.order[-1])
    for seat in range(2):
        clear_area(s, seat)  # no common field can be emptied into the discard pile
    moved = [s.draw.pop() for _ in range(6)]
    s.discard.extend(moved)
    refresh(s)
    pool = s.draw + s.discard
    s.apply(Move("advance", 0))
    assert decision(s) == "cards" and s.round == 2
    assert s.discard == []
    hands = [c for p in s.players for c in p.hand]
    assert len(hands) == 8
    assert sorted(s.draw + hands) == sorted(pool)
    assert set(moved) <= set(s.draw + hands)
    dealt_in_order = [c for c in pool if c in s.draw]
    assert s.draw != dealt_in_order  # shuffled, not just stacked


@pytest.mark.parametrize(("seats", "available", "each"), [(2, 5, 2), (3, 7, 2), (4, 3, 0),
                                                          (2, 2, 1)])
def test_deck_short_in_card_phase_equal_deal(seats, available, each):
    """Rulebook FAQ ("the remaining cards are distributed evenly to the players, so that each
    player receives the same number of cards") and RULINGS R4/R12."""
    s = to_action_phase(game(seats, seed=6))
    play_until(s, lambda st: decision(st) == "path" and st.current_player == st.order[-1])
    for seat in range(seats):
        clear_area(s, seat)
    surplus = (s.draw + s.discard)[available:]
    helpers = [c for c in surplus if CARDS[c].kind == "helper"]
    others = [c for c in surplus if CARDS[c].kind != "helper"]
    for i, c in enumerate(others):  # out of the way: the Helpers lie covered, unused
        put(s, 0, c, under=helpers[i] if i < len(helpers) else None)
    assert len(others) >= len(helpers)
    assert len(s.draw) + len(s.discard) == available
    start = s.start_seat
    s.apply(Move("advance", 0))
    if each == 0:  # nobody can get a card: no cards are played this round
        assert decision(s) in ("act", "partner") and s.start_seat == start
        return
    assert decision(s) == "cards"
    assert [len(p.hand) for p in s.players] == [each] * seats
    assert len(s.draw) == available - each * seats
    if each == 1:  # must take with an empty Courtyard: the hand card is played alone
        assert s.legal_moves() == [Move("take", NONE, s.players[s.current_player].hand[0])]
    play_until(s, lambda st: decision(st) != "cards")
    assert sorted(s.all_action_cards()) == list(range(70))


# --- Phase 3: Action phase order ----------------------------------------------------------------

@pytest.mark.parametrize("pick", [0, 1])
def test_four_player_partner_and_order(pick):
    """Rulebook "Special rules for the Four-player game" and RULINGS R5: the starting player
    picks a partner among the two players without a token; the second player partners the
    other. Order: starting, second, starting's partner, second's partner."""
    s = game(4, seed=12)
    play_until(s, lambda st: decision(st) == "partner")
    start, second = s.start_seat, s.second_seat
    assert s.current_player == start
    free = [seat for seat in range(4) if seat not in (start, second)]
    assert sorted(m.a for m in s.legal_moves()) == free
    with pytest.raises(IllegalMove):
        s.apply(Move("partner", second))
    chosen = free[pick]
    other = free[1 - pick]
    s.apply(Move("partner", chosen))
    assert s.partner[start] == chosen and s.partner[chosen] == start
    assert s.partner[second] == other and s.partner[other] == second
    seen = []
    round_ = s.round
    while s.round == round_ and not s.is_over:
        if decision(s) == "act" and s.current_player not in seen:
            seen.append(s.current_player)
        s.apply(Move("end") if decision(s) == "act" else
                next(m for m in s.legal_moves() if m.kind in ("advance", "return", "loan")))
    assert seen == [start, second, chosen, other]


def test_three_player_order():
    """Rulebook "Phase 3" / RULINGS R5: starting player, second player, then the third."""
    s = to_action_phase(game(3, seed=4))
    third = ({0, 1, 2} - {s.start_seat, s.second_seat}).pop()
    assert s.order == [s.start_seat, s.second_seat, third]


# --- End of the Game -----------------------------------------------------------------------------

def test_tie_breaks():
    """Rulebook "End of the Game" and RULINGS R11: rank by position after Loans, then Cash, then
    vegetables on fields + Storehouse; still tied: a shared place."""
    s = game(4, seed=1)
    play_until(s, lambda st: st.is_over)
    layout = [  # path, loans, cash, Home field tokens, Storehouse
        (10, 1, 0, 9, {}),  # 9th space: least Cash
        (9, 0, 5, 2, {W: 1}),  # 9, 5 Cash, 3 vegetables
        (9, 0, 5, 4, {B: 1, L: 1}),  # 9, 5 Cash, 6 vegetables
        (12, 3, 5, 6, {}),  # 9 after Loans, 5 Cash, 6 vegetables: shares 1st place
    ]
    for p, (path, loans, cash, tokens, store) in zip(s.players, layout):
        set_player(s, p.seat, path=path, loans=loans, cash=cash, store=store)
        p.fields = [FieldSlot(home_field(p.seat), NONE, W, tokens)]
    rows = s.standings()
    assert [r["position"] for r in rows] == [9, 9, 9, 9]
    assert [r["vegetables"] for r in rows] == [9, 3, 6, 6]
    assert [r["place"] for r in rows] == [4, 3, 1, 1]


def test_position_after_loans_beats_raw_position():
    """Rulebook "End of the Game": each Loan moves the marker back one space (RULINGS R11)."""
    s = game(2, seed=1)
    set_player(s, 0, path=12, loans=2, cash=0)
    set_player(s, 1, path=11, loans=0, cash=0)
    rows = s.standings()
    assert [r["position"] for r in rows] == [10, 11]
    assert [r["place"] for r in rows] == [2, 1]


# --- the engine's door ---------------------------------------------------------------------------

def illegal_cases():
    """(name, state builder, move or move builder, words the reason must contain)."""

    def act():
        s, seat = clean_turn()
        put(s, seat, "S1")
        put(s, seat, "R1")  # wants Wheat + Pumpkin
        set_player(s, seat, cash=3, cart={W: 1, P: 1}, shop={W: 2, P: 1})
        return s

    def home():
        return game(3, seed=2)

    def cards3():
        return first_card_decision(3)

    def over():
        return play_until(game(2, seed=1), lambda st: st.is_over)

    def path():
        s, _ = clean_turn()
        return to_path(s)

    def sow_home(s):
        return Move("sow", home_field(s.current_player), W)

    return [
        ("buy too dear", act, Move("buy", L), "Leek costs 6 Cash and you have 3"),
        ("sow a sown field", act, sow_home, "already sown"),
        ("sow no such vegetable", act, lambda s: Move("sow", s.players[
            s.current_player].fields[-1].card, 9), "no such vegetable"),
        ("sell without the vegetable", act, Move("sell", B), "no Bean in your Cart"),
        ("deliver to a customer not in play", act, Move("regular", card("R2")),
         "not in your play area"),
        ("trade at a stall not in play", act, Move("trade", card("S2"), 0, W),
         "not in your play area"),
        ("trade two for a one-bowl offer", act, Move("trade", card("S1"), 0, W, P),
         "takes 1 vegetable in trade"),
        ("wrong phase", act, Move("place", 0), r"seat \d's 'act' decision"),
        ("home Cabbage", home, Move("home", C), "only Wheat, Pumpkin or Turnip"),
        ("flip in 3 players", cards3, Move("flip"), "only in a 2-player game"),
        ("place a foreign card", cards3, Move("place", 999), "not in your hand"),
        ("walk beyond the Path", path, Move("advance", 25), "Path ends at space 20"),
        ("not a move", act, "end", "is not a move"),
        ("after the end", over, Move("end"), "the game is over"),
    ]


@pytest.mark.parametrize(("name", "build", "move", "words"), illegal_cases(),
                         ids=[c[0] for c in illegal_cases()])
def test_illegal_move_is_refused_with_reason(name, build, move, words):
    """Engine contract (GameState.apply): anything not legal raises IllegalMove, a ValueError,
    whose message says why, and the state is left unchanged."""
    s = build()
    if callable(move):
        move = move(s)
    before, legal = s.to_data(), s.legal_moves()
    with pytest.raises(IllegalMove) as err:
        s.apply(move)
    assert isinstance(err.value, ValueError)
    assert re.search(words, reason_words(err.value.reason), re.IGNORECASE)
    assert s.to_data() == before
    assert s.legal_moves() == legal


def test_random_illegal_moves_never_change_the_state():
    """Engine contract: fuzzed moves are either legal or refused with a reason, never a crash."""
    rng = random.Random(7)
    for seed in range(6):
        s = game(2 + seed % 3, seed, introductory=seed % 2 == 0)
        while not s.is_over:
            legal = s.legal_moves()
            for _ in range(3):
                move = Move(rng.choice(KINDS), *[rng.randint(-2, 120)
                                                 for _ in range(rng.randint(0, 4))])
                if move in legal:
                    continue
                before = s.to_data()
                with pytest.raises(IllegalMove) as err:
                    s.apply(move)
                assert str(err.value)
                assert s.to_data() == before
            s.apply(rng.choice(legal))


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_seed_and_moves_replay_exactly(seats):
    """README / engine contract: a seed plus the move list replays a game exactly (also through
    the plain form of the moves used in saves)."""
    rng = random.Random(seats)
    s = game(seats, seed=40 + seats, introductory=seats == 3)
    while not s.is_over:
        moves = s.legal_moves()
        s.apply(moves[rng.randrange(len(moves))])
    replay = game(seats, seed=40 + seats, introductory=seats == 3)
    for move in s.moves():
        replay.apply(Move.from_data(move.to_data()))
    assert replay.is_over
    assert replay.to_data() == s.to_data()
    assert replay.standings() == s.standings()
    assert replay.moves() == s.moves()


def test_a_chosen_starting_player():
    """Game setup: "Choose a Starting player" - drawn with the seed unless the table chooses
    (RULINGS R2); the chosen player sows the Home field first."""
    for seats in (2, 3, 4):
        for start in range(seats):
            s = new_game(GameConfig(seats=seats, seed=9, start_seat=start))
            assert s.start_seat == start and s.current_player == start
    with pytest.raises(ValueError, match="starting player"):
        GameConfig(seats=2, start_seat=2)
