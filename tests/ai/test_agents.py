"""The agents, the evaluation and the training command: small and fast checks."""

from __future__ import annotations

import random
import time

import numpy as np

from ai import train
from ai.agents import AGENTS, make_agent
from ai.arena import run_arena, wilson
from ai.evaluate import FEATURES, Evaluator, reachable
from ai.policy import default_move
from ai.search import LEVELS, Level, MCTSAgent, prune
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.moves import LOAN


def test_levels_are_registered():
    for name in ("random", "greedy", "easy", "normal", "hard"):
        assert name in AGENTS
        make_agent(name, 1)
    assert set(LEVELS) >= {"easy", "normal", "hard"}


def test_reachable_knows_the_path_prices():
    assert reachable(1, 0, 8) == 1
    assert reachable(1, 5, 8) == 6  # five cheap first steps
    assert reachable(15, 1, 0) == 16  # the last round: one step for 1 Cash
    values = [reachable(5, cash, 3) for cash in range(60)]
    assert values == sorted(values)


def test_default_policy_plays_legal_games():
    for seats in (1, 2, 3, 4):
        state = new_game(GameConfig(seats=seats, seed=seats))
        while not state.is_over:
            move = default_move(state)
            assert move in state.legal_moves()
            state.apply(move)


def test_mcts_plays_a_whole_game():
    agent = MCTSAgent("easy", seed=3, deterministic=True)
    agent.level = Level(12, 6, 0, 0)
    rng = random.Random(1)
    state = new_game(GameConfig(seats=2, seed=33))
    while not state.is_over:
        if state.current_player == 0:
            state.apply(agent.choose(state))
        else:
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])


def test_fit_recovers_a_linear_model():
    rng = np.random.default_rng(0)
    true = rng.normal(size=len(FEATURES))
    rows = []
    for _ in range(400):
        x = [1.0, *rng.normal(size=len(FEATURES) - 1)]
        rows.append((3, x, float(np.dot(true, x))))
    weights = train.fit(rows, ridge=1e-6)
    assert np.allclose(weights[3], true, atol=1e-3)


def test_self_play_rows():
    rows = train.self_play((1, 5, None, 0.0))
    rounds = [r for r, _, _ in rows]
    assert rounds == list(range(1, 10))
    assert all(len(x) == len(FEATURES) for _, x, _ in rows)
    final = rows[-1][2]
    assert Evaluator().predict.__self__ is not None and isinstance(final, float)


def test_arena_reports_confidence_intervals():
    result = run_arena(2, ["greedy", "random"], 2, 7, swap=True)
    assert result["errors"] == 0
    row = result["by_agent"]["greedy"]
    assert row["games"] == 2 and 0 <= row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    low, high = wilson(95, 100)
    assert 0.88 < low < 0.95 < high < 0.99


def test_tree_reuse_survives_an_undo():
    state = new_game(GameConfig(seats=2, seed=44))
    while not (state.phase == "actions" and state.step == "act" and state.round == 3):
        state.apply(default_move(state))
    agent = MCTSAgent("normal", seed=2, deterministic=True)
    agent.level = Level(80, 30, 0, 0, replan_visits=10)
    before = state.clone()
    first = agent.choose(state)
    state.apply(first)
    assert agent._continues(state.observe(state.current_player, random.Random(0)))
    # undo: the agent is shown the earlier state again and must not follow its old plan
    assert not agent._continues(before.observe(before.current_player, random.Random(0)))
    assert agent.choose(before) in before.legal_moves()


def test_fresh_card_phase_search_plays_a_whole_game():
    agent = MCTSAgent("hard", seed=4, deterministic=True)
    agent.level = Level(10, 6, 0, 0, rivalry=0.0, fresh_other=True)
    rng = random.Random(2)
    state = new_game(GameConfig(seats=2, seed=35))
    while not state.is_over:
        if state.current_player == 0:
            move = agent.choose(state)
            assert move in state.legal_moves()
        else:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
        state.apply(move)


def test_train_can_play_itself_with_a_search_level():
    player = train.make_player("easy", 1, Evaluator())
    assert isinstance(player, MCTSAgent) and player.ev is not None
    assert not isinstance(train.make_player("greedy", 1, Evaluator()), MCTSAgent)


def test_an_action_phase_shares_one_thinking_budget():
    """act_seconds caps the whole Action phase: the re-searches after the first step
    (replan_visits is out of reach here, so every step would think again) get what is left."""
    state = new_game(GameConfig(seats=2, seed=46))
    while not (state.phase == "actions" and state.step == "act" and state.round == 2):
        state.apply(default_move(state))
    seat = state.current_player
    agent = MCTSAgent("hard", seed=5)
    agent.level = Level(10**6, 10**6, 0.25, 0.2)
    spent, steps = 0.0, 0
    while state.phase == "actions" and state.current_player == seat \
            and flow.decision(state) == "act":
        start = time.perf_counter()
        move = agent.choose(state)
        spent += time.perf_counter() - start
        steps += 1
        state.apply(move)
    assert steps >= 3  # else the test shows nothing: each step alone would think 0.2 s
    assert spent < 0.25 + 0.15


def test_a_broke_farmer_may_take_a_loan_in_the_action_step():
    state = new_game(GameConfig(seats=1, seed=6))
    while flow.decision(state) != "act":
        state.apply(default_move(state))
    moves = state.legal_moves()
    assert any(m.kind == LOAN for m in moves)
    assert not any(m.kind == LOAN for m in prune("act", moves, cash=3))
    assert any(m.kind == LOAN for m in prune("act", moves, cash=0))
    assert prune("pay", moves, cash=3) == moves
