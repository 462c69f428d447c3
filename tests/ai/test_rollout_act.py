"""The search's rule of thumb for an Action step (`rule_of_thumb.rollout_act`) makes only the
options it may pick, and picks what the rule over every option (`act_options`) picks: the
first kind of Regular, Casual and sowing with an option scored above 0, the first of that
kind's best (docs/ai-lab.md, entry 117); its C version (`rule_of_thumb.pyx`) picks the same."""

from __future__ import annotations

import random

import pytest

import ai
from ai.options import END_OPTION, Kind, Option, act_options
from ai.policy import default_move
from ai.rule_of_thumb import rollout_act
from loyang_game.engine import GameConfig, GameState, flow, new_game
from loyang_game.engine.moves import CASUAL, END, REGULAR, SOW, USE
from loyang_game.engine.state import Decision, Effect


def rule_over_every_option(s: GameState, seat: int) -> Option:
    """The rule as it read `act_options`' sorted list."""
    every = act_options(s, seat)
    for kind in (Kind.REGULAR, Kind.CASUAL, Kind.SOW):
        for option, k, score in every:  # best score first within a kind
            if k == kind and score > 0:
                return option
    return END_OPTION


def action_steps(seats: int, seed: int, helpers: float = 0.0) -> list[GameState]:
    """Every Action-step decision of a game whose moves are drawn at random, or by the
    default policy, a state each; `helpers`: how often a Helper offered is used (its
    effects, such as the Messenger-boy's and the Maid's, come into play)."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    seen = []
    while not state.is_over:
        if flow.decision(state) == Decision.ACT:
            seen.append(state.clone())
        moves = state.legal_moves()
        uses = [m for m in moves if m.kind == USE]
        if uses and rng.random() < helpers:
            state.apply(rng.choice(uses))
        else:
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
    plain = ai.plain_module("rule_of_thumb")
    monkeypatch.setattr(plain, "serving_casuals", lambda *a: pytest.fail("casuals made"))
    monkeypatch.setattr(plain, "sowing", lambda *a: pytest.fail("sowing made"))
    assert plain.rollout_act(s, seat)[-1].kind == REGULAR


def test_the_compiled_rule_picks_the_plain_sources_option():
    """`rule_of_thumb.pyx` (the options tried on C numbers) picks the source's option, move
    for move, at every Action step of games of every seat count whose moves are drawn at
    random or by the default policy, some using every Helper they can: Loans, Maids and
    Messenger-boys (with a customer's third row filled) included."""
    from tests.ai.test_farm import _compiled_module

    compiled = _compiled_module("rule_of_thumb")
    if compiled is None:
        pytest.skip("no compiled rule of thumb here (installed without a C compiler)")
    plain = ai.plain_module("rule_of_thumb")
    seen: set[object] = set()
    checked = 0
    games = [(1 + seed % 4, seed, 0.0) for seed in range(100, 140)]
    games += [(4, 7, 0.5), (1, 16, 0.5), (3, 38, 0.5)]
    for seats, seed, helpers in games:
        for s in action_steps(seats, seed, helpers):
            seat = s.current_player
            option = plain.rollout_act(s, seat)
            assert compiled.rollout_act(s, seat) == option, s.to_data()
            p = s.players[seat]
            seen.add(option[-1].kind)
            seen.update(e for e in (Effect.MAID, Effect.MESSENGER) if e in p.effects)
            if Effect.MESSENGER in p.effects and any(r.rows == 3 for r in p.regulars):
                seen.add("a third row with the Messenger-boy")
            if p.loans:
                seen.add("Loans")
            checked += 1
    assert checked > 5000
    assert {REGULAR, CASUAL, SOW, END, Effect.MAID, Effect.MESSENGER, "Loans",
            "a third row with the Messenger-boy"} <= seen


def test_a_board_larger_than_the_c_arrays_gets_the_sources_rule():
    from tests.ai.test_farm import _compiled_module

    compiled = _compiled_module("rule_of_thumb")
    if compiled is None:
        pytest.skip("no compiled rule of thumb here (installed without a C compiler)")
    s = next(s for s in action_steps(2, 5) if s.players[s.current_player].regulars)
    p = s.players[s.current_player]
    p.regulars = p.regulars * 40  # no game deals this many
    assert compiled.rollout_act(s, s.current_player) == \
        ai.plain_module("rule_of_thumb").rollout_act(s, s.current_player)
