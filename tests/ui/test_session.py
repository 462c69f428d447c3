"""The game session without the table: moves, messages, undo and autosave."""

from __future__ import annotations

import time

from ai.thinker import ENV
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.engine.cards import VEG_NAMES
from loyang_game.engine.moves import BUY
from loyang_game.files.save import autosave_path, load_with_info
from loyang_game.play.session import GameSession

from .driver import act, reach


def _session(**options) -> tuple[GameSession, list[str]]:
    told: list[str] = []
    game = GameSession(new_game(GameConfig(seats=2, seed=4)), ["person", "person"],
                       on_message=told.append, **options)
    return game, told


def test_an_illegal_move_is_told_and_changes_nothing():
    game, told = _session()
    before = game.state.to_data()
    assert game.apply(Move("home", 5), person=True) is None
    assert told and game.state.to_data() == before and len(game.log) == 1
    game.close()


def test_a_move_is_logged_autosaved_and_taken_back():
    state = reach(2, 5, lambda s: act(s) and any(m.kind == BUY for m in s.legal_moves()))
    told: list[str] = []
    game = GameSession(state, ["person", "person"], on_message=told.append)
    made = len(state.moves())
    move = next(m for m in state.legal_moves() if m.kind == BUY)
    logged_before = len(game.log)
    before = game.apply(move, person=True)
    logged = list(game.log)
    assert before is not None and len(before.moves()) == made
    assert game.state.moves()[-1] == move and len(game.log) > 1 and not told
    assert load_with_info(autosave_path(game.game_id))[0].moves()[-1] == move
    assert game.take_back() and len(game.state.moves()) == made
    assert len(load_with_info(autosave_path(game.game_id))[0].moves()) == made
    assert not game.take_back()  # nothing more of this turn to take back
    # The undone move's lines go from the log (it tells what stands), said in one line.
    assert game.log[:-1] == logged[:logged_before]
    assert game.log[-1] == (f"   {game.names[state.to_move]} takes back a move "
                            f"(buys {VEG_NAMES[move.a]} in the Shop).")
    game.close()


def test_a_failing_autosave_is_told_and_the_game_goes_on(tmp_path, monkeypatch):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the save folder should be")
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(blocker))
    game, told = _session()
    move = game.state.legal_moves()[0]
    assert game.apply(move, person=True) is not None
    assert game.state.moves() == [move] and told and told[0].startswith("Autosave failed")
    game.close()



def test_the_ai_seats_play_the_same_moves_in_a_thinking_process(monkeypatch):
    """LOYANG_THINKER=process: the AI seats think in a process of their own, and play what
    they play on a thread (deterministic budgets)."""
    played = {}
    for backend in ("thread", "process"):
        monkeypatch.setenv(ENV, backend)
        game = GameSession(new_game(GameConfig(seats=2, seed=6)), ["easy", "normal"],
                           autosave=False, record=False, deterministic=True)
        assert type(game.thinker).__name__ == f"{backend.title()}Thinker"
        for _ in range(30):
            move = None
            for _ in range(20000):  # a bound, not a timing
                move = game.think()
                if move is not None:
                    break
                time.sleep(0.002)
            assert move is not None, "the AI never answered"
            game.apply(move, person=False)
        played[backend] = game.state.moves()
        game.close()
    assert played["thread"] == played["process"] and len(played["thread"]) == 30
