"""Nothing a player makes is lost at the table: a save never silently replaces another, the
default name is free, an AI-first game is autosaved before the AI moves, and a seed out of
range is refused with a message."""

from __future__ import annotations

import pygame

from loyang_game.files.paths import save_dir
from loyang_game.files.save import autosave_path, load_with_info

from .driver import make_app, step
from .menu_driver import click_item, key, make_director, settle_table, type_text


def _save_as(d, title: str) -> None:
    key(d, pygame.K_ESCAPE)
    click_item(d, "save")
    assert d.top.name == "save"
    for _ in range(60):
        key(d, pygame.K_BACKSPACE)
    type_text(d, title)
    key(d, pygame.K_RETURN)


def test_a_taken_name_asks_before_replacing_and_the_default_name_is_free():
    d = make_director()
    click_item(d, "new")
    click_item(d, "start")
    settle_table(d)
    _save_as(d, "Evening game")
    path = save_dir() / "evening-game.msgpack"
    assert d.top.name == "table" and load_with_info(path)[1].title == "Evening game"

    _save_as(d, "evening-GAME!")  # the same file after slugging: a question, not a save
    assert d.top.name == "save" and "\u201cEvening game\u201d" in d.top.message
    assert d.top.ok.label == "Replace it" and load_with_info(path)[1].title == "Evening game"
    key(d, pygame.K_RETURN)  # Save again: replace it
    assert d.top.name == "table" and load_with_info(path)[1].title == "evening-GAME!"

    key(d, pygame.K_ESCAPE)
    click_item(d, "save")
    default = d.top.field.value
    key(d, pygame.K_RETURN)
    assert d.top.name == "table"  # the default name saved at once: it was free
    key(d, pygame.K_ESCAPE)
    click_item(d, "save")
    assert d.top.field.value != default and d.top.field.value.endswith("(2)")
    d.close()


def test_a_changed_name_asks_again_and_an_unreadable_save_is_named_by_its_file():
    d = make_director()
    click_item(d, "new")
    click_item(d, "start")
    settle_table(d)
    folder = save_dir()
    (folder / "old-laptop.msgpack").write_bytes(b"not a save")
    _save_as(d, "Old laptop")
    assert d.top.name == "save" and "cannot be read (old-laptop.msgpack)" in d.top.message
    type_text(d, "!")  # "Old laptop!": the same file, but a new name asks again
    assert d.top.ok.label == "Save" and not d.top.message
    key(d, pygame.K_RETURN)
    assert d.top.name == "save" and (folder / "old-laptop.msgpack").read_bytes() == b"not a save"
    key(d, pygame.K_RETURN)
    assert d.top.name == "table" and load_with_info(folder / "old-laptop.msgpack")[1].title == (
        "Old laptop!")
    d.close()


def test_an_ai_first_game_is_autosaved_before_the_ais_first_move():
    app = make_app(2, ["random", "person"], seed=5)
    assert app.game.state.current_player == 0
    step(app)
    state, info = load_with_info(autosave_path(app.game.game_id))
    assert state.moves() == [] and list(info.kinds) == ["random", "person"]
    app.d.close()


def test_a_seed_beyond_64_bits_is_refused_in_new_game():
    d = make_director()
    click_item(d, "new")
    click_item(d, "seed")
    type_text(d, "18446744073709551616")  # 2**64
    click_item(d, "start")
    assert d.top.name == "new" and d.top.message.startswith("Not started: a seed is a whole number")
    d.close()
