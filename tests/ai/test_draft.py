"""The model of another farmer's draft (`ai/draft.py`, issue 49, item 3): a move of the
Distribution round scored from cheap features, and the others' drafts inside a level's search
played by it when the level says."""

from __future__ import annotations

import json
import random

import pytest

from ai import draft
from ai.evaluate import default_evaluator
from ai.leaves import LeafValues
from ai.levels import Level
from ai.policy import default_move
from ai.turn import planned_move
from loyang_game.engine import GameConfig, GameState, flow, new_game
from loyang_game.engine.state import Decision

EV = default_evaluator(False)


def _draft_states(seats: int, seed: int, count: int) -> list[GameState]:
    """Card-phase decisions with a choice of random games, cloned where they stood."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        state = new_game(GameConfig(seats=seats, seed=rng.randrange(10_000)))
        while not state.is_over and len(found) < count:
            moves = state.legal_moves()
            if flow.decision(state) == Decision.CARDS and len(moves) > 1:
                found.append(state.clone())
            state.apply(moves[rng.randrange(len(moves))])
    return found


def test_every_move_of_a_draft_gets_a_row_of_named_features():
    for state in _draft_states(3, 1, 40):
        moves = state.legal_moves()
        if not draft.is_draft(moves):
            continue
        rows = draft.features(state, moves, EV)
        assert len(rows) == len(moves)
        assert all(len(row) == len(draft.NAMES) for row in rows)
        for move, row in zip(moves, rows, strict=True):  # one kind of move each
            assert sum(row[:4]) == 1.0, move
        gains = [row[draft.NAMES.index("pair's gain")] for row in rows]
        best = [row[draft.NAMES.index("pair's gain less the best")] for row in rows]
        takes = [i for i, m in enumerate(moves) if m.kind == "take"]
        assert all(gains[i] == best[i] == 0.0 for i in range(len(moves)) if i not in takes)
        if takes:
            assert max(best[i] for i in takes) == 0.0


def test_the_model_makes_a_legal_move_and_the_default_policy_outside_a_draft():
    states = _draft_states(2, 2, 60) + _draft_states(4, 3, 30)
    assert any(draft.is_draft(s.legal_moves()) for s in states)
    for state in states:
        moves = state.legal_moves()
        move = draft.draft_move(state, EV)
        assert move in moves
        if not draft.is_draft(moves):
            assert move == default_move(state)
    solo = _draft_states(1, 4, 10)  # the solo Offer: no draft, the default policy's move
    assert all(not draft.is_draft(s.legal_moves()) for s in solo)
    assert all(draft.draft_move(s, EV) == default_move(s) for s in solo)


def test_the_model_drafts_otherwise_than_the_default_policy():
    states = [s for s in _draft_states(2, 5, 80) if draft.is_draft(s.legal_moves())]
    differ = sum(draft.draft_move(s, EV) != default_move(s) for s in states)
    assert 0 < differ < len(states)


def test_a_level_plays_the_others_drafts_by_the_model_only_when_it_says():
    states = [s for s in _draft_states(2, 6, 80) if draft.is_draft(s.legal_moves())
              and draft.draft_move(s, EV) != default_move(s)]
    assert states
    for learned in (False, True):
        leaves = LeafValues(Level(8, 4, 0, 0, others_plan=True, learned_draft=learned), EV)
        for state in states:
            expected = draft.draft_move(state, EV) if learned else default_move(state)
            det = state.clone()
            assert leaves.other_move(det)
            assert det.moves()[-1] == expected


def test_a_file_fitted_on_other_features_is_refused(tmp_path, monkeypatch):
    other = tmp_path / "draft.json"
    other.write_text(json.dumps({"names": ["place"], "weights": [1.0]}), encoding="utf-8")
    monkeypatch.setattr(draft, "DRAFT_FILE", str(other))
    draft.weights.cache_clear()
    try:
        with pytest.raises(ValueError, match="other features"):
            draft.weights()
    finally:
        draft.weights.cache_clear()


def test_a_level_drafts_by_the_model_in_its_own_rollouts_only_when_it_says():
    states = [s for s in _draft_states(2, 7, 80) if draft.is_draft(s.legal_moves())
              and draft.draft_move(s, EV) != default_move(s)]
    assert states
    for own in (False, True):
        leaves = LeafValues(Level(8, 4, 0, 0, rollout_draft=own), EV)
        for state in states:
            seat = state.current_player
            expected = draft.draft_move(state, EV) if own else default_move(state)
            det = state.clone()
            assert leaves.own_move(det, seat)
            assert det.moves()[-1] == expected
    acting = next(s for s in _states_at(Decision.ACT, 2, 8))
    det = acting.clone()  # outside the draft: the rules of thumb, as without the model
    planned = acting.clone()
    planned_move(planned, acting.current_player)
    LeafValues(Level(8, 4, 0, 0, rollout_draft=True), EV).own_move(det, acting.current_player)
    assert det.moves() == planned.moves()


def _states_at(decision: Decision, seats: int, seed: int):
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    while not state.is_over:
        moves = state.legal_moves()
        if flow.decision(state) == decision:
            yield state.clone()
        state.apply(moves[rng.randrange(len(moves))])


def test_the_value_draft_takes_when_the_default_policy_does_the_pair_the_value_likes():
    states = [s for s in _draft_states(2, 9, 120) if draft.is_draft(s.legal_moves())]
    took = 0
    for state in states:
        moves = state.legal_moves()
        default, chosen = default_move(state), draft.value_draft(state, EV)
        if default.kind != "take":
            assert chosen == default
            continue
        took += 1
        seat = state.current_player

        def value(move, state=state, seat=seat):
            taken = state.clone()
            taken.apply(move)
            return EV.value(taken, seat)

        assert chosen.kind == "take"
        assert value(chosen) == max(value(m) for m in moves if m.kind == "take")
    assert 0 < took < len(states)


def test_a_level_plays_the_others_drafts_by_the_value_only_when_it_says():
    states = [s for s in _draft_states(2, 10, 120) if draft.is_draft(s.legal_moves())
              and draft.value_draft(s, EV) != default_move(s)]
    assert states
    for by_value in (False, True):
        leaves = LeafValues(Level(8, 4, 0, 0, others_plan=True, value_draft=by_value), EV)
        for state in states:
            expected = draft.value_draft(state, EV) if by_value else default_move(state)
            det = state.clone()
            assert leaves.other_move(det)
            assert det.moves()[-1] == expected
