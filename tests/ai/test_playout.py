"""The one loop that plays a sample on to a seat's Path step."""

from __future__ import annotations

from ai.playout import to_path_step
from ai.turn import default_play
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.state import ACTIONS, Decision


def test_it_stops_at_the_seats_path_step_and_at_no_one_elses():
    state = new_game(GameConfig(seats=2, seed=5))
    while state.phase != ACTIONS:
        default_play(state)
    seat = state.order[-1]  # the last in turn order: the other's Path step comes first
    passed = []

    def play(s) -> bool:
        if flow.decision(s) == Decision.PATH:
            passed.append(s.current_player)
        return default_play(s)

    assert to_path_step(state, seat, play) is True
    assert state.current_player == seat and flow.decision(state) == Decision.PATH
    assert passed and set(passed) == {1 - seat}


def test_it_stops_where_the_play_declines_and_after_the_limit():
    state = new_game(GameConfig(seats=1, seed=6))
    start = len(state.moves())
    assert to_path_step(state, 0, lambda s: False) is None
    assert len(state.moves()) == start
    assert to_path_step(state, 0, default_play, limit=3) is False
    assert len(state.moves()) == start + 3


def test_a_game_that_ends_is_where_it_stops():
    state = new_game(GameConfig(seats=1, seed=7))
    while not state.is_over:  # past every Path step of the seat: the end stops the play
        if not to_path_step(state, 0, default_play):
            break
        if not state.is_over:
            default_play(state)  # the Path step itself
    assert state.is_over
    assert to_path_step(state, 0, lambda s: False) is True
