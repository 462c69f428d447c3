"""The projection: a board's economy played forward with no new cards."""

from __future__ import annotations

import random

from ai.projection import DEFAULT_PARAMS, Params, project, walk
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import CARDS, ROUNDS
from loyang_game.engine.moves import NONE
from loyang_game.engine.state import FieldSlot, PlayerState, RegularSlot


def _card(code: str) -> int:
    return next(c.id for c in CARDS if c.code == code)


def _farmer(cash: int = 0, path: int = 5) -> PlayerState:
    p = PlayerState(0)
    p.cash, p.path = cash, path
    p.fields = []
    p.pile = []
    p.shop = [0] * 6  # an empty Shop: nothing to buy, room to sell
    return p


def test_walking_follows_the_path_prices():
    # rulebook "Move Scoring Marker": Nell goes 15 -> 16 for 1, -> 18 for 35 more
    assert walk(15, [1.0]) == (16, 0)
    assert walk(15, [36.0]) == (18, 0)
    assert walk(15, [35.0]) == (17, 17)
    assert walk(3, [0.5]) == (3, 0.5)


def test_every_round_keeps_a_coin_for_its_cheap_step():
    # 6 Cash and three rounds: a dear step now would cost a cheap one later
    # (space 5 would cost 5 of the 6, and leave a round without its step)
    assert walk(3, [6.0, 6.0, 6.0]) == (6, 3)
    # money that only comes in the last round: its cheap step, then space 5 for 5
    assert walk(3, [0.0, 0.0, 10.0]) == (5, 4)


def test_an_empty_farm_walks_one_step_a_round_on_its_cash():
    p = _farmer(cash=3, path=5)
    free_cards = Params(card_cost=0.0)
    # three rounds to come, 3 Cash kept back: one cheap step in each of them
    assert int(project(p, ROUNDS - 3, params=free_cards)) == 8
    # cards cost Cash: 2 of the 3 go on the next round's cards, the last step is unpaid
    assert DEFAULT_PARAMS.card_cost == 2.0
    assert int(project(p, ROUNDS - 3)) == 6
    assert int(project(p, ROUNDS)) == 5  # the game is over
    p.loans = 2
    assert int(project(p, ROUNDS)) == 3


def test_a_regular_customer_that_can_be_supplied_is_worth_its_pay():
    p = _farmer(cash=0, path=5)
    p.fields = [FieldSlot(70, NONE, 0, 2), FieldSlot(71, NONE, 2, 2)]  # Wheat and Turnips
    # no cards to come: spare produce only sells to the Shop
    no_buyers = Params(absorb=0.0, absorb_max=0.0, card_cost=0.0)
    before = project(p, ROUNDS - 2, params=no_buyers)
    r1 = _card("R1")  # wants Wheat and Pumpkin, pays 4/5/5/6
    p.regulars = [RegularSlot(r1, NONE, 0, False, 1, 0, 0)]
    # Wheat and Pumpkins for two rounds
    p.fields = [FieldSlot(70, NONE, 0, 2), FieldSlot(71, NONE, 1, 2)]
    # 4 + 5 Cash instead of selling a Wheat and a Turnip in each of the last two rounds: two
    # cheap steps either way, and 7 Cash towards the next space instead of 2
    assert project(p, ROUNDS - 2, params=no_buyers) >= before + 0.5


def test_a_customer_nobody_can_supply_costs_the_penalty():
    p = _farmer(cash=10, path=5)
    before = project(p, ROUNDS - 3)
    r14 = _card("R14")  # Beans and Leeks, and the Shop has none
    p.regulars = [RegularSlot(r14, NONE, 0, True, 1, 0, 0)]  # already red
    assert project(p, ROUNDS - 3) < before


def test_more_cash_rarely_projects_lower():
    """The farm is played greedily, so more Cash can lead it down a worse road (it serves a
    customer with the seed an empty field needed, and the field is never sown): allowed, but
    rarely, with or without the Shop's purchases."""
    rng = random.Random(4)
    checked = worse = worse_without_shop = 0
    for seed in range(12):
        state = new_game(GameConfig(seats=2, seed=seed))
        while not state.is_over:
            if state.phase == "actions" and state.round < ROUNDS:
                p = state.players[state.current_player].clone()
                checked += 1
                worse += (project(p, state.round, p.path, p.cash + 3)
                          < project(p, state.round, p.path, p.cash) - 0.1)
                p.shop = [0] * 6  # nothing to buy
                worse_without_shop += (project(p, state.round, p.path, p.cash + 3)
                                       < project(p, state.round, p.path, p.cash) - 0.1)
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    assert checked >= 500
    assert worse <= 0.03 * checked
    assert worse_without_shop <= 0.03 * checked
