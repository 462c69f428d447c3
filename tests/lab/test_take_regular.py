"""Issue 49's diagnosis screen (`python -m lab.take_regular`): in round 1's Card phase the
treated agent buys a Regular customer from the Offer's top rows where hard would leave it,
and changes nothing anywhere else."""

from __future__ import annotations

import pytest

from lab import compare, forcing, take_regular
from lab.forcing import TakeRegular, forced_regular, top_regular_buys
from lab.yardsticks import make_agent
from loyang_game.engine import GameConfig, GameState, Move, new_game, play
from loyang_game.engine.cards import CARDS, REGULAR
from loyang_game.engine.moves import DONE, OFFER, SELL
from loyang_game.engine.solo import COLUMNS
from loyang_game.engine.state import CARDS_PHASE

DONE_MOVE = Move(DONE)


def round_one(seed: int) -> GameState:
    """A solo deal at its first Card-phase decision (the Home field sown)."""
    state = new_game(GameConfig(seats=1, seed=seed))
    state.apply(state.legal_moves()[0])
    assert state.round == 1 and state.phase == CARDS_PHASE
    return state


def regulars_on_top(state: GameState) -> list[int]:
    return [c for c in state.offer[:2 * COLUMNS] if CARDS[c].kind == REGULAR]


def seed_with(regulars: int) -> int:
    """The first small deal whose opening Offer has `regulars` Regulars in rows 1-2, one in
    each row if two."""
    for seed in range(200):
        top = regulars_on_top(round_one(seed))
        rows = {round_one(seed).offer.index(c) // COLUMNS for c in top}
        if len(top) == regulars and (regulars < 2 or rows == {0, 1}):
            return seed
    raise AssertionError("no such deal")


class Scripted:
    """Stands for the MCTS agent: plays the moves given, rates moves as told."""

    def __init__(self, moves: list[Move], ranking: list[Move]) -> None:
        self.moves = moves
        self.ranking = ranking
        self.last_choice: tuple[GameState, Move] | None = None
        self.plan: list[Move] = [Move(DONE)]

    def choose(self, state: GameState) -> Move:
        move = self.moves.pop(0)
        self.last_choice = (state, move)
        return move

    def estimates(self) -> list[tuple[Move, float]]:
        return [(m, 20.0 - i) for i, m in enumerate(self.ranking)]


def test_done_with_a_regular_on_top_buys_the_one_rated_highest():
    state = round_one(seed_with(2))
    buys = top_regular_buys(state)
    assert len(buys) == 2 and all(state.offer.index(m.a) < 2 * COLUMNS for m in buys)
    row_2 = max(buys, key=lambda m: state.offer.index(m.a))
    agent = TakeRegular(Scripted([DONE_MOVE], [DONE_MOVE, row_2]))
    move = agent.choose(state)
    assert move == row_2 and move in state.legal_moves()
    assert agent.forced == [{"card": CARDS[row_2.a].code, "index": state.offer.index(row_2.a),
                             "instead": ["done"], "bought": []}]
    assert agent.inner.last_choice[1] == row_2 and agent.inner.plan == []  # goes on from it
    # rated nowhere: the first in Offer order (row 1's, free)
    assert forced_regular(state, DONE_MOVE, []) == min(buys,
                                                       key=lambda m: state.offer.index(m.a))


def test_the_forcing_waits_for_the_last_buy_and_leaves_a_regular_bought_alone():
    state = round_one(seed_with(1))
    regular = top_regular_buys(state)[0]
    other = next(m for m in state.legal_moves() if m.kind == OFFER
                 and CARDS[m.a].kind != REGULAR and state.offer.index(m.a) < COLUMNS)
    assert forced_regular(state, regular, []) is None  # it takes one: nothing to force
    assert forced_regular(state, other, []) is None  # a second buy is still allowed
    sale = next((m for m in state.legal_moves() if m.kind == SELL), None)
    if sale is not None:
        assert forced_regular(state, sale, []) is None
    state.apply(other)
    last = next(m for m in state.legal_moves() if m.kind == OFFER
                and CARDS[m.a].kind != REGULAR)
    assert forced_regular(state, last, []) == regular  # the last buy: forced now
    assert forced_regular(state, DONE_MOVE, []) == regular
    state.apply(regular)
    assert forced_regular(state, DONE_MOVE, []) is None  # a Regular was bought this phase


def test_no_forcing_without_a_regular_on_top_or_after_round_one():
    state = round_one(seed_with(0))
    assert top_regular_buys(state) == [] and forced_regular(state, DONE_MOVE, []) is None
    later = round_one(seed_with(1))
    greedy = make_agent("greedy", 1)
    play(later, greedy.choose, until=lambda s: s.round == 2 and s.phase == CARDS_PHASE)
    assert forced_regular(later, DONE_MOVE, [(m, 1.0) for m in later.legal_moves()]) is None
    agent = TakeRegular(Scripted([DONE_MOVE], []))
    assert agent.choose(later) == DONE_MOVE and agent.forced == []


def test_a_searching_agent_ends_round_one_with_a_regular_from_the_top_rows():
    """A short search of hard-v3 on a deal with a Regular on top: whether it takes one itself
    or is made to, one is bought in round 1, and the treated agent plays on."""
    seed = seed_with(1)
    state = round_one(seed)
    card = regulars_on_top(state)[0]
    agent = forcing.take_regular("hard-v3:act_iterations=24,other_iterations=12,verify=0",
                                      seed, deterministic=True)
    before = set(state.players[0].played_cards())
    play(state, agent.choose, until=take_regular.round_one_bought)
    bought = set(state.players[0].played_cards()) - before
    assert state.round == 1 and any(CARDS[c].kind == REGULAR for c in bought)
    assert agent.forced in ([], [{"card": CARDS[card].code, "index": agent.forced[0]["index"],
                                  "instead": agent.forced[0]["instead"],
                                  "bought": agent.forced[0]["bought"]}])
    if agent.forced:
        assert card in bought
    play(state, agent.choose, limit=5)  # and goes on


def test_the_treated_agent_has_a_name_compare_can_seat():
    agent = compare.lab_agent("hard-v3+take-regular", 3, deterministic=True)
    assert isinstance(agent, TakeRegular) and agent.name == "hard-v3+take-regular"
    assert agent.inner.name == "hard-v3" and agent.inner.deterministic
    with pytest.raises(ValueError):
        compare.lab_agent("greedy+take-regular")
    with pytest.raises(SystemExit):
        compare.main(["--a", "random+take-regular", "--b", "hard"])


def test_deals_where_nothing_was_forced_count_as_exactly_zero():
    base, treated = "hard-v3", "hard-v3+take-regular"
    rows = [{"seats": 1, "agent": base, "deal": 1, "score": 17},
            {"agent": treated, "deal": 1, "same_as": base, "forced": []},
            {"seats": 1, "agent": base, "deal": 2, "score": 16},
            {"seats": 1, "agent": treated, "deal": 2, "score": 18, "forced": [{}]},
            {"seats": 1, "agent": base, "deal": 3, "score": 16}]  # deal 3 not paired yet
    result = take_regular.summarise(base, range(1, 4), rows)
    assert result["deals"] == 2 and result["forced_deals"] == 1
    assert result["a_minus_b"]["mean"] == 1.0 and result["a_better_equal_worse"] == [1, 1, 0]
    assert result["forced_a_minus_b"]["mean"] == 2.0
    assert "fired on 1" in take_regular.report(result)


@pytest.mark.lab
def test_where_the_forcing_never_fires_the_game_is_the_base_agents_move_for_move():
    """What lets the screen count such a deal as a difference of 0 without playing it on."""
    base = "hard-v3:act_iterations=24,other_iterations=12,verify=0"
    seed = seed_with(0)
    games = []
    for agent in (make_agent(base, 7, True), forcing.take_regular(base, 7, True)):
        state = new_game(GameConfig(seats=1, seed=seed))
        play(state, agent.choose)
        games.append(state.moves())
    assert games[0] == games[1] and len(games[0]) > 50
