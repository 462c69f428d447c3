"""The agents, the evaluation and the training command: small and fast checks."""

from __future__ import annotations

import json
import random

import numpy as np

from ai import train
from ai.agents import AGENTS, make_agent
from ai.arena import run_arena, wilson
from ai.evaluate import (
    FEATURES,
    WEIGHTS_FILE,
    Evaluator,
    default_evaluator,
    hand_weights,
    load_weights,
)
from ai.policy import default_move
from ai.projection import DEFAULT_PARAMS, Params
from ai.search import LEVELS, Level, MCTSAgent, prune
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.moves import LOAN


def test_levels_are_registered():
    for name in ("random", "greedy", "easy", "normal", "hard"):
        assert name in AGENTS
        make_agent(name, 1)
    assert set(LEVELS) >= {"easy", "normal", "hard"}


def test_the_shipped_weights_are_the_fitted_ones():
    """weights.json was made by `python -m ai.train` for the current features: a stale file
    would silently fall back to the hand-set evaluation."""
    with open(WEIGHTS_FILE, encoding="utf-8") as f:
        data = json.load(f)
    assert data["features"] == list(FEATURES)
    assert data["made_by"].startswith("python -m ai.train")
    weights, params = load_weights()
    assert params == Params.from_data(data["params"])
    assert all(weights[r][1] > 0 for r in weights)  # the calibration keeps the order


def test_the_solo_game_has_its_own_fitted_section():
    """The solo game is judged by knobs fitted on solo deals (`python -m ai.train --solo`),
    and the agents pick the section by the game they are shown."""
    with open(WEIGHTS_FILE, encoding="utf-8") as f:
        solo_data = json.load(f)["solo"]
    assert solo_data["made_by"].startswith("python -m ai.train --solo")
    weights, params = load_weights(solo=True)
    assert params == Params.from_data(solo_data["params"])
    assert weights == {int(r): w for r, w in solo_data["weights"].items()}
    assert all(weights[r][1] > 0 for r in weights)
    for agent in (MCTSAgent("hard", seed=1, deterministic=True), make_agent("greedy", 1)):
        if isinstance(agent, MCTSAgent):
            agent.level = Level(8, 4, 0, 0)
        for seats, solo in ((1, True), (2, False)):
            agent.choose(new_game(GameConfig(seats=seats, seed=9)))
            assert agent.ev is default_evaluator(solo)
    assert default_evaluator(True) is not default_evaluator(False)


def test_training_one_section_keeps_the_other(tmp_path, monkeypatch):
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 3.0 * x) for r in range(1, 9) for x in range(300)]))
    out = tmp_path / "weights.json"
    train.main(["--tune", "", "--out", str(out), "--workers", "1"])
    assert load_weights(str(out), solo=True) == load_weights(str(out))  # no solo section yet
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 0.5 * x) for r in range(1, 9) for x in range(300)]))
    train.main(["--solo", "--tune", "", "--out", str(out), "--workers", "1"])
    assert abs(load_weights(str(out), solo=True)[0][4][1] - 0.5) < 0.02
    assert abs(load_weights(str(out))[0][4][1] - 3.0) < 0.05
    train.main(["--tune", "", "--out", str(out), "--workers", "1"])  # and the other way
    assert abs(load_weights(str(out), solo=True)[0][4][1] - 0.5) < 0.02


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
    decisions = 0
    while not state.is_over:
        moves = state.legal_moves()
        if state.current_player == 0:
            move = agent.choose(state)
            assert move in moves
            decisions += 1
        else:
            move = moves[rng.randrange(len(moves))]
        state.apply(move)
    assert decisions > 30
    assert state.standings()[0]["place"] == 1  # the searching seat beats a random one


def test_fit_recovers_a_linear_model():
    rng = np.random.default_rng(0)
    true = [2.0, 0.9]
    rows = []
    for _ in range(400):
        x = [1.0, float(rng.normal(10, 3))]
        rows.append((3, x, float(np.dot(true, x))))
    weights = train.fit(rows, ridge=1e-6)
    assert np.allclose(weights[3], true, atol=1e-3)
    assert weights[4] == [0.0, 1.0]  # no rows: the projection at its word


def test_fit_never_reverses_the_order_of_boards():
    rows = [(3, [1.0, float(x)], float(20 - x)) for x in range(40)]  # a negative slope
    assert train.fit(rows)[3] == [0.0, 1.0]


def test_self_play_rows():
    rows = train.self_play((1, 5, hand_weights(), DEFAULT_PARAMS, "greedy"))
    assert [r for r, _, _ in rows] == list(range(1, 10))
    assert all(len(x) == len(FEATURES) for _, x, _ in rows)
    final = rows[-1][2]
    assert int(rows[-1][1][1]) == final  # the last round: the position, and a fraction


def test_tuning_keeps_the_best_value_on_the_grid(monkeypatch):
    class Scripted:  # a self-play whose mean final position peaks at card_cost 2.5
        def play(self, weights, params):
            return -abs(params.card_cost - 2.5), []

    monkeypatch.setitem(train.GRIDS, "card_cost", (1.0, 2.5, 3.0))
    report = []
    tuned = train.tune(Scripted(), ["card_cost"], hand_weights(), DEFAULT_PARAMS, report)
    assert tuned.card_cost == 2.5 and len(report) == 4


def test_train_writes_weights_that_load(tmp_path, monkeypatch):
    monkeypatch.setattr(train.SelfPlay, "play", lambda self, w, p: (
        1.0, [(r, [1.0, float(x)], 2.0 * x + 1) for r in range(1, 9) for x in range(300)]))
    out = tmp_path / "weights.json"
    train.main(["--tune", "helper", "--out", str(out), "--workers", "1"])
    weights, params = load_weights(str(out))
    assert abs(weights[5][1] - 2.0) < 0.02  # the ridge shrinks the slope a little
    assert params.helper == DEFAULT_PARAMS.helper  # every candidate tied: the first kept


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


def test_mcts_plays_a_whole_solo_game():
    """Solo: the Card phase and the Harvest are planned too (the imaginary opponent is no
    one to model), and every move the plan makes is legal."""
    agent = MCTSAgent("hard", seed=4, deterministic=True)
    agent.level = Level(10, 6, 0, 0)
    state = new_game(GameConfig(seats=1, seed=35))
    while not state.is_over:
        move = agent.choose(state)
        assert move in state.legal_moves()
        state.apply(move)
    assert state.players[0].path >= 1


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
    now = [0.0]

    def clock() -> float:  # a millisecond passes at every look at the clock
        now[0] += 0.001
        return now[0]

    agent = MCTSAgent("hard", seed=5, clock=clock)
    agent.level = Level(10**6, 10**6, 0.25, 0.2)
    steps, iterations = 0, 0
    while state.phase == "actions" and state.current_player == seat \
            and flow.decision(state) == "act":
        move = agent.choose(state)
        iterations += agent.last_iterations
        steps += 1
        state.apply(move)
    assert steps >= 3  # else the test shows nothing: each step alone would think 0.2 s
    # 0.25 s of (fake) clock is about 250 looks at it, one per iteration; a fresh 0.2 s a
    # step would have allowed 200 more per step
    assert now[0] <= 0.25 + 0.01 * steps + 0.02
    assert 100 < iterations < 0.25 / 0.001 + 10 * steps


def test_a_broke_farmer_may_take_a_loan_in_the_action_step():
    state = new_game(GameConfig(seats=1, seed=6))
    while flow.decision(state) != "act":
        state.apply(default_move(state))
    moves = state.legal_moves()
    assert any(m.kind == LOAN for m in moves)
    assert not any(m.kind == LOAN for m in prune("act", moves, cash=3))
    assert any(m.kind == LOAN for m in prune("act", moves, cash=0))
    assert prune("pay", moves, cash=3) == moves
