"""An installed copy (or the download) keeps its saves where the system keeps an application's
data (`platformdirs`), and the folder an older copy used (the XDG one, on every system) is
moved over: nothing lost, nothing overwritten, one line in the log, and two windows starting
at once cannot both move it. `LOYANG_SAVE_DIR` still wins, and a checkout keeps its saves/."""

from __future__ import annotations

import errno
import logging
import multiprocessing
import os
import sys
from pathlib import Path

import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import highscores, logs, paths, save, settings
from loyang_game.files.save_index import list_saves


@pytest.fixture
def installed(tmp_path, monkeypatch):
    """An installed copy on a system whose data folder is not the XDG one (macOS, Windows):
    the home folder, the old folder and the platform's folder all under tmp_path."""
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("USERPROFILE", str(home))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.delenv(paths.SAVE_DIR_VARIABLE, raising=False)
    monkeypatch.setattr(paths, "in_checkout", lambda: False)
    monkeypatch.setattr(paths, "_settled", {})
    platform = home / "Library" / "Application Support" / "loyang"
    monkeypatch.setattr(paths.platformdirs, "user_data_dir",
                        lambda name, appauthor=None: str(platform))
    old = home / ".local" / "share" / "loyang" / "saves"
    assert paths.old_save_dir() == old and paths.platform_save_dir() == platform / "saves"
    return old, platform / "saves"


def _old_folder_with_a_players_files(old: Path, monkeypatch) -> dict[str, bytes]:
    """The old folder as an older copy left it: a save, an autosave, the settings, the high
    scores, the log, the game's own .locks and .cache folders. Its files by relative path."""
    monkeypatch.setenv(paths.SAVE_DIR_VARIABLE, str(old))
    state = new_game(GameConfig(seats=2, seed=5))
    for _ in range(12):
        state.apply(state.legal_moves()[0])
    save.save_game(state, old / "evening.msgpack", names=["Mei", "Bao"])
    save.autosave(state, "game-1", names=["Mei", "Bao"])
    kept = settings.load()
    kept.player_name = "Mei"
    assert kept.save() is None
    assert highscores.load().add(highscores.Result("Mei", "2024-05-01", 7, 16, "", 3, 2)) == 1
    (old / "loyang.log").write_text("an old line\n")
    (old / ".cache").mkdir()
    (old / ".cache" / "save-index.bin").write_bytes(b"index")
    monkeypatch.delenv(paths.SAVE_DIR_VARIABLE)
    return _files(old)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def test_an_old_folder_moves_over_whole_and_the_game_finds_everything(installed, monkeypatch):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    assert {"evening.msgpack", "autosave-game-1.msgpack", settings.FILE_NAME,
            highscores.FILE_NAME, "loyang.log"} <= set(before)
    assert paths.save_dir() == new
    assert _files(new) == before  # every file, byte for byte
    assert not old.exists() and not old.parent.exists()  # the emptied `loyang` folder went too
    settled = paths.settle_save_dir()
    assert settled.folder == new and not settled.kept_old
    assert f"moved from {old} to {new}" in settled.note
    assert settings.load().player_name == "Mei"
    assert [result.score for result in highscores.load().results] == [16]
    assert {info.path.name for info in list_saves()} == {"evening.msgpack",
                                                         "autosave-game-1.msgpack"}


def test_a_new_folder_in_use_is_never_overwritten(installed, monkeypatch):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    new.mkdir(parents=True)
    (new / settings.FILE_NAME).write_bytes(b"the new folder's own settings")
    assert paths.save_dir() == new
    assert _files(new) == {settings.FILE_NAME: b"the new folder's own settings"}
    assert _files(old) == before  # left as it was, nothing deleted
    assert paths.settle_save_dir().note is None


def test_an_empty_new_folder_is_filled(installed, monkeypatch):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    new.mkdir(parents=True)
    assert paths.save_dir() == new and _files(new) == before and not old.exists()


def test_nothing_to_move_makes_no_folder(installed):
    old, new = installed
    assert paths.save_dir() == new
    assert not new.exists() and not new.parent.exists() and not old.exists()
    old.mkdir(parents=True)  # an old folder with nothing in it is not moved either
    assert paths.move_old_saves(old, new).folder == new and old.is_dir() and not new.exists()


def test_the_save_folder_variable_wins_and_nothing_moves(installed, monkeypatch, tmp_path):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    monkeypatch.setenv(paths.SAVE_DIR_VARIABLE, str(tmp_path / "mine"))
    assert paths.save_dir() == tmp_path / "mine"
    assert paths.settle_save_dir().folder == tmp_path / "mine"
    assert _files(old) == before and not new.exists()


def test_a_checkout_keeps_its_own_saves_folder(monkeypatch):
    monkeypatch.delenv(paths.SAVE_DIR_VARIABLE)
    monkeypatch.setattr(paths, "_settled", {})
    assert paths.in_checkout()
    assert paths.save_dir() == paths.PROJECT_DIR / "saves"
    assert paths.settle_save_dir().folder == paths.PROJECT_DIR / "saves"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG folder is Linux's")
def test_on_linux_the_platforms_folder_is_todays_so_nothing_moves(tmp_path, monkeypatch):
    monkeypatch.delenv(paths.SAVE_DIR_VARIABLE)
    monkeypatch.setattr(paths, "in_checkout", lambda: False)
    monkeypatch.setattr(paths, "_settled", {})
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    assert paths.save_dir() == tmp_path / ".local" / "share" / "loyang" / "saves"
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert paths.save_dir() == tmp_path / "data" / "loyang" / "saves" == paths.old_save_dir()
    assert not (tmp_path / "data").exists()


def test_a_move_that_cannot_be_made_keeps_the_old_folder_and_says_so(installed, monkeypatch):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    new.parent.parent.mkdir(parents=True)
    new.parent.write_text("a file where the folder goes")  # .../Application Support/loyang
    assert paths.save_dir() == old
    settled = paths.settle_save_dir()
    assert settled.kept_old and settled.level == logging.WARNING
    assert f"{old} could not be moved to {new}" in settled.note and "stay in" in settled.note
    assert _files(old) == before


def test_another_disk_is_copied_then_renamed_into_place_and_the_old_folder_kept(
        installed, monkeypatch):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    rename = os.rename

    def across_disks(source, target):
        if Path(source) == old:
            raise OSError(errno.EXDEV, "Invalid cross-device link")
        rename(source, target)

    monkeypatch.setattr(paths.os, "rename", across_disks)
    assert paths.save_dir() == new
    assert _files(new) == before and _files(old) == before
    assert "copied" in paths.settle_save_dir().note
    assert [p.name for p in new.parent.iterdir()] == ["saves"]  # no copy left beside it


def test_a_window_that_loses_the_race_uses_the_winners_folder(installed, monkeypatch):
    """Both windows found the old folder full and the new one empty; the other renamed it
    first: this one's rename fails, and it takes the moved folder, with nothing lost."""
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    rename_into = paths._rename_into

    def other_window_first(source, target):
        rename_into(source, target)  # the other window's move
        rename_into(source, target)  # this window's: the old folder is gone

    monkeypatch.setattr(paths, "_rename_into", other_window_first)
    assert paths.save_dir() == new and _files(new) == before and not old.exists()


def _start_a_window(old: str, new: str, start, results) -> None:
    start.wait()
    results.put(str(paths.move_old_saves(Path(old), Path(new)).folder))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="processes started by fork")
def test_four_windows_starting_at_once_move_it_once(installed, monkeypatch):
    old, new = installed
    before = _old_folder_with_a_players_files(old, monkeypatch)
    context = multiprocessing.get_context("fork")
    start, results = context.Barrier(4), context.Queue()
    windows = [context.Process(target=_start_a_window, args=(str(old), str(new), start, results))
               for _ in range(4)]
    for window in windows:
        window.start()
    for window in windows:
        window.join(120)  # only keeps a hang from stopping the suite; no time is measured
    assert [window.exitcode for window in windows] == [0, 0, 0, 0]
    assert [results.get(timeout=10) for _ in windows] == [str(new)] * 4
    assert _files(new) == before and not old.exists()


class _Title:
    def __init__(self):
        self.told: list[str] = []

    def tell(self, message):
        self.told.append(message)


class _Director:
    def __init__(self):
        self.title = _Title()

    def open(self, name, **options):
        assert name == "title"
        return self.title

    def run(self):
        pass


@pytest.fixture
def a_start(monkeypatch):
    """`loyang` started as far as its title screen (a stand-in window), its log handlers
    taken away again afterwards."""
    from loyang_game import __main__ as cli

    window = _Director()
    monkeypatch.setattr(cli, "director", lambda **options: window)
    kept = {name: list(logging.getLogger(name).handlers) for name in logs.LOGGERS}
    yield lambda: (cli.run_menus(cli.parse([])), window.title.told)[1]
    for name, handlers in kept.items():
        logger = logging.getLogger(name)
        for handler in set(logger.handlers) - set(handlers):
            logger.removeHandler(handler)
            handler.close()


def test_the_move_is_a_line_in_the_log(installed, monkeypatch, a_start):
    old, new = installed
    _old_folder_with_a_players_files(old, monkeypatch)
    assert a_start() == []
    log = (new / logs.LOG_NAME).read_text()
    assert log.startswith("an old line\n")  # the old log, moved with the rest
    assert f"the save folder was moved from {old} to {new}" in log


def test_a_move_that_failed_is_told_on_the_title_screen_and_logged(installed, monkeypatch,
                                                                     a_start):
    old, new = installed
    _old_folder_with_a_players_files(old, monkeypatch)
    new.parent.parent.mkdir(parents=True)
    new.parent.write_text("in the way")
    told = a_start()
    assert len(told) == 1 and told[0].startswith(f"The save folder {old} could not be moved")
    assert "saves stay in" in (old / logs.LOG_NAME).read_text()


def test_the_platforms_folder_is_asked_for_loyang_without_an_author_folder(monkeypatch):
    """On Windows an author folder would make it %LOCALAPPDATA%\\loyang\\loyang."""
    asked = []
    monkeypatch.setattr(paths.platformdirs, "user_data_dir",
                        lambda *args, **options: asked.append((args, options)) or "/data/loyang")
    assert paths.platform_save_dir() == Path("/data/loyang/saves")
    assert asked == [(("loyang",), {"appauthor": False})]
