"""The agents and the evaluation: small and fast checks (the lab's training and arena are
checked in tests/lab/)."""

from __future__ import annotations

import json
import random

from ai.agents import AGENTS, make_agent
from ai.evaluate import FEATURES, WEIGHTS_FILE, default_evaluator, load_weights
from ai.levels import LEVELS, Level
from ai.policy import default_move
from ai.projection import Params
from ai.search import MCTSAgent
from ai.turn import prune
from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.moves import LOAN
from loyang_game.engine.state import ACTIONS, Decision, Step


def test_levels_are_registered():
    for name in ("random", "greedy", "easy", "normal", "hard"):
        assert name in AGENTS
        make_agent(name, 1)
    assert set(LEVELS) >= {"easy", "normal", "hard"}


def test_the_shipped_weights_are_the_fitted_ones():
    """weights.json was made by `python -m lab.train` (once `ai.train`) for the current
    features: a stale file would silently fall back to the hand-set evaluation."""
    with open(WEIGHTS_FILE, encoding="utf-8") as f:
        data = json.load(f)
    assert data["features"] == list(FEATURES)
    assert data["made_by"].startswith(("python -m ai.train", "python -m lab.train"))
    weights, params = load_weights()
    assert params == Params.from_data(data["params"])
    assert all(weights[r][1] > 0 for r in weights)  # the calibration keeps the order


def test_the_solo_game_has_its_own_fitted_section():
    """The solo game is judged by knobs fitted on solo deals (`python -m lab.train --solo`),
    and the agents pick the section by the game they are shown."""
    with open(WEIGHTS_FILE, encoding="utf-8") as f:
        solo_data = json.load(f)["solo"]
    assert solo_data["made_by"].startswith(("python -m ai.train --solo",
                                            "python -m lab.train --solo"))
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


def test_tree_reuse_survives_an_undo():
    state = new_game(GameConfig(seats=2, seed=44))
    while not (state.phase == ACTIONS and state.step == Step.ACT and state.round == 3):
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


def _seat_zero_game(rebuild: bool) -> list[tuple[Move, int, int]]:
    """Seat 0's moves to round 3 of a 2-player deal (seat 1 by the default policy), each with
    the iterations searched for it and the moves it had to choose from; with `rebuild`, the
    agent is shown at every decision a state made anew from the config and the moves."""
    config = GameConfig(seats=2, seed=47)
    agent = MCTSAgent("normal", seed=3, deterministic=True)
    agent.level = Level(40, 12, 0, 0)
    state = new_game(config)
    seen = []
    while state.round < 3:
        if state.current_player != 0:
            state.apply(default_move(state))
            continue
        shown = state
        if rebuild:
            shown = new_game(config)
            for move in state.moves():
                shown.apply(move)
        move = agent.choose(shown)
        seen.append((move, agent.last_iterations, len(state.legal_moves())))
        state.apply(move)
    return seen


def test_a_state_rebuilt_from_the_same_moves_goes_on_with_the_plan():
    """A state made anew from the config and the moves (a load, a copy in another process) is
    the same game to the agent: it plays its plan on without searching again, and makes the
    same moves as when shown the state itself."""
    kept, rebuilt = _seat_zero_game(False), _seat_zero_game(True)
    planned = [i for i, (_, iterations, choices) in enumerate(kept)
               if iterations == 0 and choices > 1]
    assert len(planned) >= 3  # plans were played on, move by move, without a search
    assert rebuilt == kept


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


def test_an_action_phase_shares_one_thinking_budget():
    """act_seconds caps the whole Action phase: the re-searches after the first step
    (replan_visits is out of reach here, so every step would think again) get what is left."""
    state = new_game(GameConfig(seats=2, seed=46))
    while not (state.phase == ACTIONS and state.step == Step.ACT and state.round == 2):
        state.apply(default_move(state))
    seat = state.current_player
    now = [0.0]

    def clock() -> float:  # a millisecond passes at every look at the clock
        now[0] += 0.001
        return now[0]

    agent = MCTSAgent("hard", seed=5, clock=clock)
    agent.level = Level(10**6, 10**6, 0.25, 0.2)
    steps, iterations = 0, 0
    while state.phase == ACTIONS and state.current_player == seat \
            and flow.decision(state) == Decision.ACT:
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
    while flow.decision(state) != Decision.ACT:
        state.apply(default_move(state))
    moves = state.legal_moves()
    assert any(m.kind == LOAN for m in moves)
    assert not any(m.kind == LOAN for m in prune(Decision.ACT, moves, cash=3))
    assert any(m.kind == LOAN for m in prune(Decision.ACT, moves, cash=0))
    assert prune(Decision.PAY, moves, cash=3) == moves
