"""What a player keeps is safe from odd bytes and second windows: control characters in every
text of every file are drawn (as '?') through every scene that shows them, a save named in
any bytes is listed, loaded and deleted, and a game open in one window is only offered as a
copy in another."""

from __future__ import annotations

import os
import random

import msgpack
import pygame
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import highscores, records, settings
from loyang_game.files.locks import hold_game
from loyang_game.files.paths import save_dir
from loyang_game.files.save import autosave, autosave_path, read_moves, save_game
from loyang_game.files.save_index import index_for
from loyang_game.ui import fonts

from .menu_driver import click_item, frames, key, make_director

ODD = "\x00\x01\x1b\x7f\x85"  # NUL, other C0 controls, DEL and a C1 control


def _state(seats: int = 2, moves: int = 10, seed: int = 3):
    state = new_game(GameConfig(seats=seats, seed=seed))
    for _ in range(moves):
        state.apply(state.legal_moves()[0])
    return state


def _finished_solo():
    state, rng = new_game(GameConfig(seats=1, seed=5)), random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    return state


def _odd_folder() -> None:
    """Every document and a save, each text field holding control characters."""
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"An{ODD}na", f"B{ODD}"]
    autosave(_state(), "game-odd", seat_kinds=["person", f"ha{ODD}rd"], names=names)
    save_game(_state(moves=0), folder / "named.msgpack", names=names, title=f"Tit{ODD}le")
    finished = _finished_solo()
    save_game(finished, folder / "solo-done.msgpack", names=[f"S{ODD}"], title=f"S{ODD}")
    scores = {"format": highscores.FORMAT, "version": highscores.VERSION, "results": [
        {"name": f"Me{ODD}i", "date": f"2026-11-2{ODD}", "seed": 1, "score": 17,
         "band": f"go{ODD}od", "cash": 1, "vegetables": 2}]}
    (folder / highscores.FILE_NAME).write_bytes(msgpack.packb(scores))
    book = {"format": records.FORMAT, "version": records.VERSION, "games": [
        {"date": f"2026-11-2{ODD}", "seed": 1, "seats": 2, "kinds": ["person", f"ha{ODD}rd"],
         "names": [f"An{ODD}", "Bo"], "positions": [15, 12], "places": [1, 2]},
        {"date": "2026-11-25", "seed": 2, "seats": 1, "kinds": ["person"],
         "names": [f"Me{ODD}"], "positions": [16], "places": [1]}]}
    (folder / records.FILE_NAME).write_bytes(msgpack.packb(book))
    prefs = {"format": settings.FORMAT, "version": settings.VERSION,
             "player_name": f"P{ODD}"}
    (folder / settings.FILE_NAME).write_bytes(msgpack.packb(prefs))


def test_control_characters_in_every_file_reach_every_scene_drawn(monkeypatch):
    _odd_folder()
    drawn: list[str] = []  # every text as it goes to the font
    real = fonts.displayable

    def shown(text):
        drawn.append(real(text))
        return drawn[-1]

    monkeypatch.setattr(fonts, "displayable", shown)
    d = make_director()  # the title, with Continue: its names
    for scene in ("load", "scores", "solo", "stats", "settings", "new"):
        d.open(scene)
        frames(d, 2)
        key(d, pygame.K_ESCAPE)
        assert d.top.name == "title"
    d.open("load")
    frames(d)
    click_item(d, "replay0")  # the replay of a save with odd names
    frames(d, 2)
    key(d, pygame.K_ESCAPE)
    click_item(d, "row0")  # ... and its game, on the table
    frames(d, 3)
    assert d.top.name == "table" and "?????" in d.top.game.names[0]
    d.close()
    shown = " ".join(drawn)
    assert not any(c in shown for c in ODD)
    for words in ("An?????na", "Me?????i", "go?????od", "P?????"):
        assert words in shown, words


def test_a_save_named_in_any_bytes_is_listed_loaded_and_deleted():
    if os.name != "posix":
        pytest.skip("only POSIX file names hold any bytes")
    folder = save_dir()
    folder.mkdir(parents=True)
    odd = os.fsdecode(os.path.join(os.fsencode(folder), b"\xe9t\xe9.msgpack"))
    save_game(_state(), odd, title="Latin-1")
    d = make_director()
    d.open("load")
    frames(d)
    assert d.top.saves[0].shown_name == "?t?.msgpack"
    click_item(d, "row0")
    assert d.top.name == "table"
    d.back_to("title")
    d.open("load")
    frames(d)
    d.top.form.set_focus(d.top.form.get("row0"))
    key(d, pygame.K_DELETE)
    assert "?t?.msgpack" in d.top.message
    key(d, pygame.K_DELETE)
    assert d.top.message == "Deleted ?t?.msgpack." and not os.path.lexists(odd)
    d.close()


def test_a_second_window_on_an_open_game_is_told_and_offered_a_copy():
    autosave(_state(), "game-shared", seat_kinds=["person", "random"], names=["Ann", "Bo"])
    other_window = hold_game(save_dir(), "game-shared")
    d = make_director()
    assert d.top.form.get("continue")
    click_item(d, "continue")
    assert d.top.name == "title" and "open in another Loyang window" in d.top.message
    assert d.top.form.get("continue").label.startswith("Play on in a copy: Ann, Bo")
    assert read_moves(autosave_path("game-shared")) == tuple(_state().moves())
    click_item(d, "continue")  # chosen again: a copy, a game of its own
    table = d.top
    assert table.name == "table" and table.game.game_id != "game-shared"
    assert table.game.state.moves() == _state().moves()
    d.close()
    other_window.release()
    d = make_director()
    click_item(d, "continue")  # the other window has closed: the game itself opens
    assert d.top.name == "table"
    d.close()


def test_a_second_window_is_told_from_the_load_list_too():
    autosave(_state(), "game-shared", seat_kinds=["person", "random"], names=["Ann", "Bo"])
    other_window = hold_game(save_dir(), "game-shared")
    d = make_director()
    d.open("load")
    frames(d)
    click_item(d, "row0")
    assert d.top.name == "load" and "open in another Loyang window" in d.top.message
    click_item(d, "row0")
    assert d.top.name == "table" and d.top.game.game_id != "game-shared"
    d.close()
    other_window.release()


def test_the_title_says_how_far_a_first_look_at_a_large_folder_is(monkeypatch):
    from loyang_game.files import save_index

    for seed in range(3):
        autosave(_state(seed=seed), f"game-{seed}")
    gate = __import__("threading").Event()
    real = save_index.read_summary
    monkeypatch.setattr(save_index, "read_summary", lambda path: gate.wait(30) and real(path))
    monkeypatch.setattr(save_index, "FIRST_LOOK", 0.01)
    d = make_director()
    keys = [item.key for item in d.top.form.items]
    assert keys[0] == "looking" and "Looking through your saves" in d.top.form.items[0].label
    assert d.top.form.items[0].action is None  # a line, not a button that does something
    gate.set()
    index_for().wait()
    frames(d)
    assert d.top.form.items[0].key == "continue"
    d.close()


def test_the_listing_benchmark_measures_every_figure(monkeypatch):
    from lab import list_bench

    row = list_bench.measure(4, repeats=1, still=0.0)
    assert row["saves"] == 4 and set(row) == {
        "saves", "title_first", "scan", "scan_frame_max", "title_again", "title_again_look",
        "warm_start", "load_first", "load_again", "load_again_look"}
    assert all(value >= 0 for value in row.values())


def test_a_save_that_fails_its_full_check_is_listed_as_unreadable_once_opened():
    folder = save_dir()
    folder.mkdir(parents=True)
    path = folder / "edited.msgpack"
    save_game(_state(), path, names=["Ann", "Bo"])
    doc = msgpack.unpackb(path.read_bytes())
    doc["snapshot"]["round"] = 7  # the moves no longer lead to the saved position
    path.write_bytes(msgpack.packb(doc))
    d = make_director()
    d.open("load")
    frames(d)
    assert d.top.saves[0].error is None  # listed from its own words, not replayed
    click_item(d, "row0")
    assert d.top.name == "load" and "cannot be loaded" in d.top.message
    index_for().wait()
    frames(d)
    assert "do not lead to the saved position" in d.top.saves[0].error
    assert not d.top.form.get("replay0").visible  # it can only be deleted now
    d.close()


def test_the_save_dialog_names_a_save_with_odd_text_it_would_replace():
    from loyang_game.play.session import GameSession

    folder = save_dir()
    folder.mkdir(parents=True)
    save_game(_state(moves=0), folder / "evening.msgpack", title=f"Even{ODD}ing")
    d = make_director()
    game = GameSession(_state(), ["person", "random"], autosave=False)
    dialog = d.open("save", game=game, tell=lambda _words: None)
    dialog.field.value = "Evening"
    dialog.save()
    frames(d)
    assert "\u201cEven?????ing\u201d" in dialog.message and dialog.ok.label == "Replace it"
    game.close()
    d.close()


def test_a_game_that_cannot_be_locked_is_offered_only_as_a_copy():
    """`.locks` is a file: no window can take a game's lock, so Continue does not open the
    game (another window could open it too), and choosing it again plays a copy."""
    autosave(_state(), "game-shared", seat_kinds=["person", "random"], names=["Ann", "Bo"])
    (save_dir() / ".locks").write_bytes(b"in the way")
    d = make_director()
    click_item(d, "continue")
    assert d.top.name == "title" and "cannot be opened safely" in d.top.message
    assert ".locks is a file" in d.top.message
    click_item(d, "continue")
    assert d.top.name == "table" and d.top.game.game_id != "game-shared"
    assert read_moves(autosave_path("game-shared")) == tuple(_state().moves())
    d.close()


def test_delete_refuses_a_save_another_window_holds_and_takes_the_lock_file_with_it():
    autosave(_state(), "game-shared", seat_kinds=["person", "random"], names=["Ann", "Bo"])
    other_window = hold_game(save_dir(), "game-shared")
    d = make_director()
    d.open("load")
    frames(d)
    d.top.form.set_focus(d.top.form.get("row0"))
    key(d, pygame.K_DELETE)
    key(d, pygame.K_DELETE)
    assert "open in another Loyang window" in d.top.message
    assert autosave_path("game-shared").exists()
    other_window.release()
    key(d, pygame.K_DELETE)
    key(d, pygame.K_DELETE)
    assert d.top.message.startswith("Deleted") and not autosave_path("game-shared").exists()
    assert not (save_dir() / ".locks" / "game-game-shared.lock").exists()
    d.close()
