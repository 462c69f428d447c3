"""The Save dialog names the real save folder, written short enough for its line."""

from __future__ import annotations

from pathlib import Path

from loyang_game.files import paths
from loyang_game.ui.scenes.save import shown_folder

from .menu_driver import click_item, key, make_director, settle_table


def test_the_home_folder_is_written_as_a_tilde_and_a_long_path_loses_its_middle():
    home = Path("/home/mei")
    folder = home / ".local" / "share" / "loyang" / "saves"
    assert shown_folder(folder, lambda s: True, home) == "~/.local/share/loyang/saves"
    assert shown_folder(folder, lambda s: len(s) <= 20, home) == "~/…/loyang/saves"
    assert shown_folder(Path("/srv/games/loyang/saves"), lambda s: True, home) == \
        "/srv/games/loyang/saves"
    assert shown_folder(Path("/a/very/long/way/to/the/saves"), lambda s: len(s) <= 12,
                        home) == "/…/the/saves"


def test_an_installed_copy_shows_its_folder_under_the_users_data_folder(monkeypatch, tmp_path):
    monkeypatch.delenv(paths.SAVE_DIR_VARIABLE)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    d = make_director(size=(1024, 640))
    click_item(d, "new")
    click_item(d, "start")
    settle_table(d)
    monkeypatch.setattr(paths, "in_checkout", lambda: False)  # the sprites are loaded
    key(d, 27)  # Esc: the game menu
    click_item(d, "save")
    assert d.top.name == "save"
    d.draw()
    assert d.top.folder_line == "~/.local/share/loyang/saves"
    d.close()
