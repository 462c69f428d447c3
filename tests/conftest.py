"""Shared test set-up: no test ever touches the user's save folder."""

import pytest

from loyang_game import words
from loyang_game.files import save_index


@pytest.fixture(autouse=True)
def _private_save_folder(tmp_path, monkeypatch):
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path / "saves"))


@pytest.fixture(autouse=True)
def _scenes_wait_for_the_save_index(monkeypatch):
    """A scene shows the saves once they are read, however busy the machine: the tests of
    the background look set FIRST_LOOK themselves."""
    monkeypatch.setattr(save_index, "FIRST_LOOK", None)


@pytest.fixture(autouse=True)
def _english(monkeypatch):
    """Every test starts in English, whatever the machine's language (a test of another
    language switches to it itself, and the next test is back in English)."""
    monkeypatch.setenv("LANGUAGE", "en")
    words.set_language("en")
