"""The Action step's moves by kind, `try_apply` and `only_move` answer as the full list would.

`GameState.apply` checks a move of the Action step against its kind's section only
(`actionphase.legal_act_of_kind`), and the AI asks `only_move` rather than listing the moves:
held here to `legal_moves()` itself on every decision of random games at 1-4 seats, with the
moves of other states (mostly illegal here) and look-alikes of legal ones offered too.
"""

from __future__ import annotations

import random

from loyang_game.engine import GameConfig, GameState, IllegalMove, Move, actionphase, new_game
from loyang_game.engine.moves import KINDS
from loyang_game.engine.state import ACT, ACTIONS


def _decisions(seats: int, seed: int) -> list[GameState]:
    """A copy of every state of a random game, before its list of legal moves is made."""
    rng = random.Random(seed)
    s = new_game(GameConfig(seats=seats, seed=seed))
    states = []
    while not s.is_over:
        states.append(s.clone())
        s.apply(rng.choice(s.legal_moves()))
    return states


def _acting(s: GameState) -> bool:
    return not s.pending and s.phase == ACTIONS and s.step == ACT


GAMES = [(seats, seed) for seats in (1, 2, 3, 4) for seed in (3, 4)]
STATES = [s for seats, seed in GAMES for s in _decisions(seats, seed)]
ACTING = [s for s in STATES if _acting(s)]


def test_the_sections_in_order_are_the_action_steps_moves_and_each_holds_one_kind():
    assert len(ACTING) > 300
    for s in ACTING:
        p = s.players[s.order[s.turn]]
        legal = s.clone().legal_moves()
        assert actionphase.legal_act(s, p) == legal
        for kind in KINDS:
            assert actionphase.legal_act_of_kind(s, p, kind) == [m for m in legal
                                                                 if m.kind == kind]


def test_try_apply_takes_exactly_the_legal_moves_and_leaves_the_state_as_it_was_otherwise():
    rng = random.Random(49)
    pool = sorted({m for s in ACTING for m in s.clone().legal_moves()})
    tried = taken = 0
    for s in ACTING[::3]:
        legal = s.clone().legal_moves()
        for move in rng.sample(pool, 12) + rng.sample(legal, min(3, len(legal))):
            fresh, before = s.clone(), s.to_data()
            took = fresh.try_apply(move)
            tried, taken = tried + 1, taken + took
            assert took == (move in legal)
            if took:
                by_apply = s.clone()
                by_apply.apply(move)
                assert fresh.to_data() == by_apply.to_data() and fresh.moves() == by_apply.moves()
            else:
                assert fresh.to_data() == before and fresh.moves() == s.moves()
    assert tried > 1000 and 100 < taken < tried


def test_look_alikes_of_a_legal_action_move_are_refused_before_any_list_is_made():
    for s in ACTING[::10]:
        legal = s.clone().legal_moves()
        move = legal[0]
        for bad in (tuple(move), Move(move.kind, float(move.a), *move[2:]),
                    Move(move.kind, True, *move[2:]), None, str(move.kind)):
            fresh = s.clone()
            assert not fresh.try_apply(bad)  # type: ignore[arg-type]
            try:
                fresh.apply(bad)  # type: ignore[arg-type]
            except IllegalMove as refused:
                assert str(refused) and "\n" not in str(refused)
            else:
                raise AssertionError(f"{bad!r} was taken")
            assert fresh.to_data() == s.to_data()


def test_only_move_is_the_one_legal_move_or_none():
    ones = 0
    for s in STATES:
        legal = s.clone().legal_moves()
        assert s.only_move() == (legal[0] if len(legal) == 1 else None)
        ones += len(legal) == 1
    assert ones > 10
