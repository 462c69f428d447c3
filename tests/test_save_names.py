"""Names for saves: slugs, the question before replacing another save, unique defaults."""

from __future__ import annotations

import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files.paths import save_dir
from loyang_game.files.save import MAX_NAME, save_game
from loyang_game.files.save_names import (
    default_save_name,
    save_path,
    slug,
    taken_by,
    unique_name,
)


@pytest.mark.parametrize(("name", "expected"), [
    ("Evening game", "evening-game"),
    ("evening-GAME!", "evening-game"),
    ("  Evening   game  ", "evening-game"),
    ("evening_game", "evening-game"),
    ("Ana vs Bo, round 3", "ana-vs-bo-round-3"),
    ("Straße", "strasse"),
    ("Caf\u00e9", "caf\u00e9"),
    ("Cafe\u0301", "caf\u00e9"),  # the same letter typed as two code points
    ("洛阳", "洛阳"),
    ("!!!", "save"),
    ("../../etc/passwd", "etc-passwd"),
    ("Autosave game-1", "save-autosave-game-1"),
    ("Settings", "save-settings"),  # the other documents in the save folder keep their files
    ("Records!", "save-records"),
    ("highscores", "save-highscores"),
    ("High scores", "high-scores"),
    ("x" * 100, "x" * 48),
])
def test_a_name_becomes_a_safe_file_name(name, expected):
    assert slug(name) == expected
    assert save_path(name) == save_dir() / f"{expected}.msgpack"


def test_names_that_differ_in_case_or_punctuation_share_a_file():
    assert save_path("Evening game") == save_path("evening-GAME!")
    assert save_path("Evening game") != save_path("Evening game 2")


def test_a_taken_name_names_the_save_it_would_replace(tmp_path):
    assert taken_by("Evening game", tmp_path) is None
    state = new_game(GameConfig(seats=2, seed=3))
    save_game(state, save_path("Evening game", tmp_path), title="Evening game")
    info = taken_by("evening-GAME!", tmp_path)
    assert info is not None and info.title == "Evening game" and info.error is None
    assert taken_by("Morning game", tmp_path) is None


def test_an_unreadable_file_under_the_name_is_taken_too(tmp_path):
    save_path("Evening game", tmp_path).write_bytes(b"not a save")
    info = taken_by("Evening game", tmp_path)
    assert info is not None and info.error


def test_the_default_name_is_one_no_save_has(tmp_path):
    assert default_save_name(["Ana", "Bo"], 3, tmp_path) == "Ana vs Bo, round 3"
    assert default_save_name(["Ana"], 0, tmp_path) == "Ana solo, round 1"
    state = new_game(GameConfig(seats=2, seed=3))
    for name in ("Ana vs Bo, round 3", "ana vs bo round 3 (2)"):
        save_game(state, save_path(name, tmp_path))
    assert default_save_name(["Ana", "Bo"], 3, tmp_path) == "Ana vs Bo, round 3 (3)"


def test_a_unique_name_stays_within_the_name_limit(tmp_path):
    base = "N" * 60
    save_path(base[:MAX_NAME], tmp_path).write_bytes(b"taken")
    name = unique_name(base, tmp_path)
    assert name == "N" * (MAX_NAME - 4) + " (2)" and len(name) == MAX_NAME
    assert taken_by(name, tmp_path) is None
