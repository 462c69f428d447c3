"""The table and the replay decide what is shown by the same rules (ui/table_model.py): the
big board, whose hand lies face up, and so the same layout for the same position."""

from __future__ import annotations

from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.state import Decision
from loyang_game.play.replay import Replay
from loyang_game.play.session import GameSession
from loyang_game.ui.table_model import board_seat, hand_seat

from ..games import random_game
from .menu_driver import frames, make_director


def test_the_big_board_is_the_one_looked_at_else_the_deciders_else_the_viewers():
    state = new_game(GameConfig(seats=3, seed=2))
    decider = state.current_player
    assert decider is not None
    other = (decider + 1) % 3
    assert board_seat(state, viewer=other) == decider
    assert board_seat(state, viewer=other, looked_at=other) == other
    final, _ = random_game(3, 2)
    assert final.current_player is None
    assert board_seat(final, viewer=2) == 2 and board_seat(final, viewer=None) == 0


def test_a_hand_is_face_up_only_for_the_viewer_and_only_if_it_holds_a_card():
    state = new_game(GameConfig(seats=2, seed=5))
    while not any(p.hand for p in state.players):  # the setup's moves, to the first hands
        state.apply(state.legal_moves()[0])
    holder = next(p.seat for p in state.players if p.hand)
    assert hand_seat(state, holder) == holder
    assert hand_seat(state, None) is None
    state.players[holder].hand.clear()
    state.players[holder].intro = -1
    assert hand_seat(state, holder) is None


def test_the_table_and_its_replay_show_a_position_alike():
    """A game played to a Card-phase decision at the table, and its replay stood at the same
    step with the same viewer: the same board, hand and card places."""
    final, _ = random_game(2, 6, limit=60)
    moves = final.moves()
    replay = Replay.of_game(final, ["Anna", "Bao"], ["person", "person"])
    step = next(i for i in range(len(moves))
                if flow.decision(replay.state_at(i)) == Decision.CARDS)
    state = replay.state_at(step)
    seat = state.current_player
    d = make_director()
    kinds = ["person", "person"]
    game = GameSession(state, kinds, ai_seed=1, autosave=False, record=False)
    table = d.open("table", game=game)
    table.viewer, table.pass_to = seat, None
    frames(d)
    shown = table.model()
    looked = d.open("replay", replay=replay, at=step, viewer=seat)
    frames(d)
    again = looked.model()
    assert (shown.focus, shown.viewer, shown.hand_seat) == (again.focus, again.viewer,
                                                             again.hand_seat)
    assert shown.hand_seat == seat
    size = d.size
    places = shown.layout(size).cards
    assert len(places) >= 5 and places == again.layout(size).cards
