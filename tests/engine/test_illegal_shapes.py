"""`apply` of anything that is not one of the state's legal moves raises IllegalMove with a
one-line reason and leaves the state exactly as it was (history included): even a value that
merely compares equal to a legal move, such as a tuple, a float or a bool in a field."""

from __future__ import annotations

import pytest

from loyang_game.engine import GameState, IllegalMove, Move
from loyang_game.engine.cards import P, W

from .scenario import game, set_player, to_action_phase


def _lookalikes(legal: Move) -> list[object]:
    """Values equal (or nearly) to a legal move that are not well-formed moves."""
    kind, a, *rest = legal
    return [
        tuple(legal),
        list(legal),
        Move(kind, float(a), *rest),
        Move(kind, a == 1, *rest) if a in (0, 1) else Move(kind, True, *rest),
        Move(kind.encode(), a, *rest),
        bytes(kind, "ascii"),
        kind,
        None,
        (kind, a),
        Move(kind, str(a), *rest),
    ]


def _assert_refused_unchanged(s: GameState, bad: object) -> None:
    before, history, legal = s.to_data(), s.moves(), s.legal_moves()
    with pytest.raises(IllegalMove) as error:
        s.apply(bad)
    assert str(error.value) and "\n" not in str(error.value)
    assert s.to_data() == before and s.moves() == history and s.legal_moves() == legal


def test_lookalikes_of_a_home_move_are_refused():
    s = game(2, seed=1)
    assert Move("home", W) in s.legal_moves()
    for bad in [*_lookalikes(Move("home", W)), Move("home", 0.0), Move("home", False)]:
        _assert_refused_unchanged(s, bad)


def test_lookalikes_of_a_buy_move_are_refused_in_the_action_phase():
    s = to_action_phase(game(3, seed=2))
    set_player(s, s.current_player, cash=20, shop={P: 1})
    assert Move("buy", P) in s.legal_moves()
    for bad in [*_lookalikes(Move("buy", P)), Move("buy", True), Move("end", 0.0)]:
        _assert_refused_unchanged(s, bad)
    s.apply(Move("buy", P))  # the real move still works afterwards
    assert s.moves()[-1] == Move("buy", P) and type(s.moves()[-1].a) is int


def test_a_refused_move_leaves_a_saveable_history():
    """`Move("buy", True)` was once accepted and then made the save unloadable."""
    s = to_action_phase(game(2, seed=3))
    set_player(s, s.current_player, cash=20, shop={P: 1})
    with pytest.raises(IllegalMove):
        s.apply(Move("buy", True))
    assert all(Move.from_data(m.to_data()) == m for m in s.moves())


class _Hostile:
    """An object whose comparison and repr raise, as a buggy caller's might."""

    def __eq__(self, other):
        raise RuntimeError("== refuses")

    __hash__ = None

    def __repr__(self):
        raise RuntimeError("repr refuses")


class _HostileMove(Move):
    """A Move whose comparison raises: it passes the isinstance check of the reason."""

    def __eq__(self, other):
        raise ArithmeticError("== refuses")

    __hash__ = Move.__hash__


def test_an_object_whose_comparison_raises_is_refused_as_illegal():
    s = game(seats=2)
    legal = s.legal_moves()[0]
    for bad in (_Hostile(), _HostileMove(*legal)):
        _assert_refused_unchanged(s, bad)
