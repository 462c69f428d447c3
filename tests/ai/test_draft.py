"""Another farmer's draft inside a level's search (`ai/draft.py`, issue 49, item 3): taken
when the default policy takes, the pair the evaluation likes best, where the level says."""

from __future__ import annotations

import random

from ai import draft
from ai.evaluate import default_evaluator
from ai.leaves import LeafValues
from ai.levels import Level
from ai.policy import default_move
from loyang_game.engine import GameConfig, GameState, flow, new_game
from loyang_game.engine.state import Decision

EV = default_evaluator(False)


def _draft_states(seats: int, seed: int, count: int) -> list[GameState]:
    """Decisions of Distribution rounds with a choice in random games, cloned where they
    stood."""
    rng = random.Random(seed)
    found: list[GameState] = []
    while len(found) < count:
        state = new_game(GameConfig(seats=seats, seed=rng.randrange(10_000)))
        while not state.is_over and len(found) < count:
            moves = state.legal_moves()
            if flow.decision(state) == Decision.CARDS and len(moves) > 1 and all(
                    m.kind in ("place", "take", "flip", "use") for m in moves):
                found.append(state.clone())
            state.apply(moves[rng.randrange(len(moves))])
    return found


def test_the_value_draft_takes_when_the_default_policy_does_the_pair_the_value_likes():
    states = _draft_states(2, 9, 120)
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
    states = [s for s in _draft_states(2, 10, 120) if draft.value_draft(s, EV) != default_move(s)]
    assert states
    for by_value in (False, True):
        leaves = LeafValues(Level(8, 4, 0, 0, others_plan=True, value_draft=by_value), EV)
        for state in states:
            expected = draft.value_draft(state, EV) if by_value else default_move(state)
            det = state.clone()
            assert leaves.other_move(det)
            assert det.moves()[-1] == expected


def test_the_value_draft_is_played_only_at_tables_the_level_names():
    states = [s for s in _draft_states(3, 11, 150) if draft.value_draft(s, EV) != default_move(s)]
    assert states
    for seats, expect_value in ((2, False), (3, True)):
        leaves = LeafValues(Level(8, 4, 0, 0, value_draft=True, value_draft_seats=seats), EV)
        for state in states:
            det = state.clone()
            leaves.other_move(det)
            expected = draft.value_draft(state, EV) if expect_value else default_move(state)
            assert det.moves()[-1] == expected
