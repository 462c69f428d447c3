"""What goes wrong is kept, with its traceback, in the log file of the save folder, while the
player is told in one true line; the file stays small."""

from __future__ import annotations

import logging
import time

import pytest

from ai import thinker as thinker_module
from loyang_game.engine import GameConfig, new_game
from loyang_game.files import logs
from loyang_game.play import session


@pytest.fixture
def log_file(tmp_path):
    before = {name: list(logging.getLogger(name).handlers) for name in logs.LOGGERS}
    path = logs.start(tmp_path)
    yield path
    for name, handlers in before.items():
        for handler in logging.getLogger(name).handlers:
            if handler not in handlers:
                handler.close()
        logging.getLogger(name).handlers = handlers


def _text(path) -> str:
    for name in logs.LOGGERS:
        for handler in logging.getLogger(name).handlers:
            handler.flush()
    return path.read_text(encoding="utf-8") if path.exists() else ""


def test_a_failed_autosave_is_told_in_a_line_and_logged_with_its_traceback(log_file,
                                                                           monkeypatch):
    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(session, "autosave", full_disk)
    told = []
    game = session.GameSession(new_game(GameConfig(seats=2, seed=1)), ["person", "random"],
                               on_message=told.append)
    game.autosave()
    game.close()
    assert told == ["Autosave failed: [Errno 28] No space left on device"]
    text = _text(log_file)
    assert "autosave of game" in text and "Traceback" in text and "No space left" in text


class _Broken:
    def budget(self, _state):
        return 0, 0.0

    def search(self, *_args, **_kwargs):
        raise ZeroDivisionError("the search divided by nothing")


def test_a_failed_search_plays_the_first_possible_move_and_says_so_truly(log_file,
                                                                         monkeypatch):
    monkeypatch.setenv(thinker_module.ENV, "thread")  # the broken agent is this process's
    monkeypatch.setattr(thinker_module, "make_agent", lambda *_args, **_kwargs: _Broken())
    told = []
    state = new_game(GameConfig(seats=2, seed=1))
    game = session.GameSession(state, ["normal", "normal"], autosave=False,
                               on_message=told.append)
    first = state.legal_moves()[0]
    move = None
    for _ in range(2000):
        move = game.think()
        if move is not None:
            break
        time.sleep(0.005)
    game.close()
    assert move == first
    assert told == ["The AI stumbled (the search divided by nothing); it plays its first "
                    "possible move."]
    text = _text(log_file)
    assert "ZeroDivisionError" in text and "Traceback" in text


def test_the_log_file_is_rotated_and_stays_small(log_file):
    logger = logging.getLogger("loyang_game.test")
    for n in range(3000):
        logger.warning("line %d %s", n, "x" * 200)
    _text(log_file)
    files = sorted(log_file.parent.glob(f"{logs.LOG_NAME}*"))
    assert [f.name for f in files] == [logs.LOG_NAME, f"{logs.LOG_NAME}.1"]
    assert all(f.stat().st_size <= logs.LOG_BYTES for f in files)


def test_a_folder_that_cannot_hold_the_log_leaves_stderr(tmp_path):
    a_file = tmp_path / "plain"
    a_file.write_text("")
    assert logs.start(a_file) is None
