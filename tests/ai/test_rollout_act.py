"""The search's rule of thumb for an Action step (`options.rollout_act`) makes only the
options it may pick, and picks what the rule over every option (`act_options`) picks: the
first kind of Regular, Casual and sowing with an option scored above 0, the first of that
kind's best (docs/ai-lab.md, entry 117)."""

from __future__ import annotations

import random

import pytest

from ai import options
from ai.options import END_OPTION, Kind, Option, act_options, rollout_act
from ai.policy import default_move
from loyang_game.engine import GameConfig, GameState, flow, new_game
from loyang_game.engine.moves import REGULAR
from loyang_game.engine.state import Decision


def rule_over_every_option(s: GameState, seat: int) -> Option:
    """The rule as it read `act_options`' sorted list."""
    every = act_options(s, seat)
    for kind in (Kind.REGULAR, Kind.CASUAL, Kind.SOW):
        for option, k, score in every:  # best score first within a kind
            if k == kind and score > 0:
                return option
    return END_OPTION


def action_steps(seats: int, seed: int) -> list[GameState]:
    """Every Action-step decision of a game whose moves are drawn at random, or by the
    default policy, a state each."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    seen = []
    while not state.is_over:
        if flow.decision(state) == Decision.ACT:
            seen.append(state.clone())
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))] if rng.random() < 0.3
                    else default_move(state))
    return seen


@pytest.mark.parametrize("seats,seed", [(1, 3), (2, 5), (3, 8), (4, 13)])
def test_the_rule_of_thumb_picks_what_the_rule_over_every_option_picks(seats, seed):
    states = action_steps(seats, seed)
    assert len(states) > 20
    picked = set()
    for s in states:
        seat = s.current_player
        assert rollout_act(s, seat) == rule_over_every_option(s, seat)
        picked.add(rollout_act(s, seat) == END_OPTION)
    assert picked == {True, False}  # both a customer or a field, and the end


def test_a_regular_that_pays_spares_the_other_kinds(monkeypatch):
    """Once a Regular customer's option pays, no Casual or sowing option is made."""
    for s in action_steps(1, 3):
        seat = s.current_player
        if any(k == Kind.REGULAR and score > 0 for _, k, score in act_options(s, seat)):
            break
    else:
        pytest.fail("no Regular customer to serve in the game")
    monkeypatch.setattr(options, "_serving_casuals", lambda *a: pytest.fail("casuals made"))
    monkeypatch.setattr(options, "_sowing", lambda *a: pytest.fail("sowing made"))
    assert rollout_act(s, seat)[-1].kind == REGULAR
