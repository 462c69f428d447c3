"""The solo game (rulebook "Solo game", RULINGS R14)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from ai.agents import make_agent
from loyang_game.engine import GameConfig, IllegalMove, Move, new_game, solo
from loyang_game.engine.cards import (
    CARDS,
    COMMON_FIELD,
    HELPER,
    STALL,
    W,
    helper_id,
)
from loyang_game.engine.events import Discarded, FieldRemoved, Reshuffled
from loyang_game.engine.flow import decision
from loyang_game.engine.moves import DONE, NONE, OFFER, USE
from loyang_game.engine.state import Slot, StallSlot
from loyang_game.text.reasons import reason_words

SEEDS = range(40)


@contextmanager
def refused(words: str) -> Iterator[None]:
    """The move in the block raises IllegalMove, whose reason reads `words` in English."""
    with pytest.raises(IllegalMove) as err:
        yield
    said = reason_words(err.value.reason)
    assert re.search(words, said, re.IGNORECASE), said



def solo_game(seed: int = 3):
    return new_game(GameConfig(seats=1, seed=seed))


def to_card_phase(state):
    """Sow the Home field (Wheat) and go on to the first Offer decision."""
    state.apply(Move("home", W))
    assert decision(state) == "cards"
    return state


def refresh(state):
    state._legal = None


def test_opponent_gets_exactly_two_stalls_two_regulars_two_casuals():
    """R14 setup: cards are turned until 2/2/2 are out; every other card turned goes to the
    discard pile, and the stalls are filled."""
    for seed in SEEDS:
        state = solo_game(seed)
        opp = state.opponent
        assert (len(opp.stalls), len(opp.regulars), len(opp.casuals)) == (2, 2, 2)
        assert not opp.helpers and not opp.fields
        assert all(slot.mask == 0b111 for slot in opp.stalls)
        turned = 70 - len(state.draw) - len(state.offer)
        assert turned == len(state.discard) + 6
        assert sorted(state.all_action_cards()) == list(range(70))


def test_offer_is_laid_out_before_the_home_field_is_sown():
    """R14: the Offer, a 4x3 grid, is out before the Home field is sown."""
    state = solo_game()
    assert decision(state) == "home"
    assert len(state.offer) == 12 and NONE not in state.offer
    assert state.players[0].fields[0].tokens == 0


def test_offer_prices_per_row():
    """Row 1 free, row 2 one Cash, rows 3-4 two Cash; common fields 2 more."""
    state = to_card_phase(solo_game())
    for index, card in enumerate(state.offer):
        base = (0, 1, 2, 2)[index // 3]
        extra = 2 if CARDS[card].kind == COMMON_FIELD else 0
        assert solo.price(state, index) == base + extra


@pytest.mark.parametrize("row", [0, 1, 2, 3])
def test_buying_pays_the_row_price(row):
    state = to_card_phase(solo_game(5))
    p = state.players[0]
    p.cash = 20
    refresh(state)
    index = row * 3
    card = state.offer[index]
    price = solo.price(state, index)
    state.apply(Move(OFFER, card))
    assert p.cash == 20 - price
    assert card in p.played_cards()


def _grid(state):
    return [state.offer[r * 3:(r + 1) * 3] for r in range(4)]


@pytest.mark.parametrize("bought_rows", [(0, 1), (2, 3), (0, 2), (1, 3)])
def test_refill_after_purchases(bought_rows):
    """R14: discard what is left in row 2, slide each column up (row 1 stays), refill the
    gaps from the draw pile, top row first."""
    state = to_card_phase(solo_game(7))
    state.players[0].cash = 50
    refresh(state)
    before = _grid(state)
    bought = [before[row][0] for row in bought_rows]  # column 1 of each chosen row
    for card in bought:
        state.apply(Move(OFFER, card))
    draw_top = list(reversed(state.draw))
    state.apply(Move(DONE))
    after = _grid(state)
    discarded_row2 = [c for c in before[1] if c not in bought]
    assert all(c in state.discard for c in discarded_row2)
    # each column: survivors of rows 1, 3, 4 (row 2 gone) in order, then new cards
    refills = iter(draw_top)
    expected_cols = []
    for col in range(3):
        survivors = [before[r][col] for r in (0, 2, 3) if before[r][col] not in bought]
        expected_cols.append(survivors + [None] * (4 - len(survivors)))
    # the gaps are refilled row by row, top row first
    for r in range(4):
        for col in range(3):
            if expected_cols[col][r] is None:
                expected_cols[col][r] = next(refills)
    assert after == [[expected_cols[c][r] for c in range(3)] for r in range(4)]


def _take_card(state, card):
    """Take `card` out of the draw pile, the discard pile or the Offer (refilled)."""
    if card in state.offer:
        state.offer[state.offer.index(card)] = state.draw.pop()
    elif card in state.draw:
        state.draw.remove(card)
    else:
        state.discard.remove(card)
    return card


def test_at_most_two_cards_without_the_squire_and_four_with_it():
    """Squire, solo text: up to 4 cards from the Offer."""
    state = to_card_phase(solo_game(11))
    p = state.players[0]
    p.cash = 50
    squire = _take_card(state, helper_id("Squire"))
    p.helpers.append(Slot(squire))
    refresh(state)
    assert Move(USE, squire) in state.legal_moves()
    state.apply(Move(USE, squire))
    assert squire in state.discard
    for _ in range(4):
        state.apply(next(m for m in state.legal_moves() if m.kind == OFFER))
    assert not [m for m in state.legal_moves() if m.kind == OFFER]
    assert sorted(state.all_action_cards()) == list(range(70))


def test_a_third_purchase_is_refused():
    state = to_card_phase(solo_game(13))
    state.players[0].cash = 50
    refresh(state)
    for _ in range(2):
        state.apply(next(m for m in state.legal_moves() if m.kind == OFFER))
    card = next(c for c in state.offer if c != NONE)
    before = state.to_data()
    with refused("only 2 cards"):
        state.apply(Move(OFFER, card))
    assert state.to_data() == before


def _play_random(state, seed, stop):
    agent = make_agent("random", seed)
    while not stop(state):
        state.apply(agent.choose(state))
    return state


def test_discard_pile_is_shuffled_in_once_at_the_first_emptied_field():
    """R14: exactly once, when the first emptied field leaves in a Harvest phase."""
    for seed in range(30):
        state = solo_game(seed)
        reshuffles = 0
        agent = make_agent("random", seed)
        while not state.is_over:
            state.apply(agent.choose(state))
            if Reshuffled() in state.events:
                reshuffles += 1
                assert decision(state) == "cards"  # it happened in the Harvest phase
                before = state.events[:state.events.index(Reshuffled())]
                cause = [e for e in before if isinstance(e, FieldRemoved | Discarded)][-1]
                assert CARDS[cause.card].kind in ("private field", COMMON_FIELD)
        assert state.reshuffled
        assert reshuffles == 1, seed


def test_no_reshuffle_in_the_card_phase():
    """Unlike 2-4 players, the solo Card phase does not shuffle the discard pile in."""
    state = to_card_phase(solo_game(17))
    discard = list(state.discard)
    assert discard  # setup discarded some cards
    state.apply(Move(DONE))
    assert all(c in state.discard for c in discard)


def test_empty_draw_pile_leaves_the_offer_short_and_no_two_pack():
    state = to_card_phase(solo_game(19))
    state.discard.extend(state.draw)
    state.draw = []
    refresh(state)
    state.apply(Move(DONE))
    assert state.offer.count(NONE) == 3  # row 2 was discarded and not refilled
    assert decision(state) == "act"
    state.players[0].cash = 30
    refresh(state)
    assert Move("twopack") not in state.legal_moves()
    with refused("no cards left"):
        state.apply(Move("twopack"))


def _action_phase_with(helper: str, seed: int = 23):
    """The first solo Action phase with `helper` in the player's area."""
    state = to_card_phase(solo_game(seed))
    state.apply(Move(DONE))
    card = _take_card(state, helper_id(helper))
    state.players[0].helpers.append(Slot(card))
    refresh(state)
    assert decision(state) == "act"
    return state, card


def test_con_man_swaps_with_a_helper_from_the_offer():
    """Con man, solo text: swap this Helper for a Helper from the Offer."""
    state, con_man = _action_phase_with("Con man")
    target = _take_card(state, next(c for c in state.draw if CARDS[c].kind == HELPER))
    state.discard.append(state.offer[0])
    state.offer[0] = target
    refresh(state)
    moves = [m for m in state.legal_moves() if m.kind == USE and m.a == con_man]
    assert Move(USE, con_man, target) in moves
    state.apply(Move(USE, con_man, target))
    assert state.offer[0] == con_man
    assert (target, NONE) in state.players[0].helpers
    assert sorted(state.all_action_cards()) == list(range(70))


def test_subsistence_farmer_buys_wheat_pumpkin_or_turnip_for_one_cash():
    state, farmer = _action_phase_with("Subsistence farmer")
    p = state.players[0]
    p.cash = 1
    refresh(state)
    uses = [m for m in state.legal_moves() if m.kind == USE and m.a == farmer]
    assert sorted(m.c for m in uses) == [0, 1, 2]
    state.apply(uses[1])
    assert p.cash == 0 and p.cart[1] >= 1


def test_market_woman_swaps_with_the_opponent_and_refills_both():
    state, woman = _action_phase_with("Market woman")
    p, opp = state.players[0], state.opponent
    mine = next(c for c in state.draw if CARDS[c].kind == STALL)
    state.draw.remove(mine)
    p.stalls.append(StallSlot(mine, NONE, 0b001))
    theirs = opp.stalls[0].card
    opp.stalls[0] = StallSlot(theirs, NONE, 0b010)
    refresh(state)
    state.apply(Move(USE, woman, mine, theirs))
    assert (theirs, NONE, 0b111) in p.stalls
    assert (mine, NONE, 0b111) in opp.stalls


def test_trader_trades_at_the_opponents_stall_and_the_fee_goes_to_the_supply():
    state, trader = _action_phase_with("Trader")
    p, opp = state.players[0], state.opponent
    state.round = 9
    p.cash, p.cart = 5, [3, 0, 0, 0, 0, 0]
    stall = opp.stalls[0].card
    index = next(i for i, (_, bowls) in enumerate(CARDS[stall].offers) if bowls == 1)
    refresh(state)
    move = Move(USE, trader, stall, index, W)
    assert move in state.legal_moves()
    state.apply(move)
    assert p.cash == 3 and opp.cash == 0  # 2 Cash in round 9, to the supply


def test_deliveryman_delivers_to_the_opponents_regular_customer():
    state, man = _action_phase_with("Deliveryman")
    p, opp = state.players[0], state.opponent
    regular = opp.regulars[0].card
    wants = CARDS[regular].wants
    p.cart = [wants.count(v) for v in range(6)]
    cash = p.cash
    refresh(state)
    state.apply(Move(USE, man, regular))
    assert p.cash == cash + CARDS[regular].pays[0]
    assert opp.regulars[0].rows == 1


def test_tout_buys_the_opponents_casual_customer_paying_the_supply():
    state, tout = _action_phase_with("Tout")
    p, opp = state.players[0], state.opponent
    casual = opp.casuals[0].card
    wants = CARDS[casual].wants
    p.cart = [wants.count(v) for v in range(6)]
    cash = p.cash
    refresh(state)
    state.apply(Move(USE, tout, 2, casual))
    # one Casual, no Regular customer: -2; 2 Cash to the supply
    assert p.cash == cash + CARDS[casual].pays[0] - 2 - 2
    assert opp.cash == 0 and len(opp.casuals) == 1  # never refilled


@pytest.mark.parametrize(("score", "band"), [
    (16, "below good"), (17, "good"), (18, "very good"), (19, "master"), (20, "master")])
def test_bands(score, band):
    assert solo.band(score) == band


def test_same_seed_gives_the_same_offer_and_draws():
    """A seeded solo game is reproducible: the same deal for everyone ("daily deal")."""
    a, b = solo_game(99), solo_game(99)
    assert a.to_data() == b.to_data()
    rng = random.Random(4)
    while not a.is_over:
        move = rng.choice(a.legal_moves())
        a.apply(move)
        b.apply(move)
        assert a.offer == b.offer and a.draw == b.draw
    assert solo.result(a) == solo.result(b)


def test_result_reports_position_after_loans_band_and_tie_breaks():
    state = _play_random(solo_game(2), 2, lambda s: s.is_over)
    row = state.standings()[0]
    result = solo.result(state)
    assert result["score"] == row["position"] == state.players[0].path - state.players[0].loans
    assert result["band"] == solo.band(result["score"])
    assert (result["cash"], result["vegetables"]) == (row["cash"], row["vegetables"])


def test_the_introductory_version_is_not_for_the_solo_game():
    """Settled here: the Introductory customer replaces a hand card in the Distribution
    round, which the solo game does not have (R14), so the variant is refused clearly."""
    with pytest.raises(ValueError, match="Introductory version is for 2 to 4 players"):
        GameConfig(seats=1, introductory=True)
