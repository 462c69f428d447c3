"""The menus around the table, walked by real key and mouse events through the scene stack."""

from __future__ import annotations

import random

import pygame
import pytest

from ai.agents import PLAYER_LEVELS
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import CARDS
from loyang_game.files import highscores, settings
from loyang_game.files.paths import save_dir
from loyang_game.files.save import load_game, save_game
from loyang_game.ui.scenes.rules import CATEGORIES

from .driver import choose
from .menu_driver import (
    click,
    click_item,
    frames,
    key,
    make_director,
    play_move,
    settle_table,
    type_text,
)


def _names(d):
    return [type(s).__name__ for s in d.stack]


def test_new_three_seat_game_save_title_load_same_position():
    d = make_director()
    click_item(d, "new")
    assert d.top.name == "new"
    click_item(d, "seats", 0.9)  # 2 -> 3 players
    assert d.top.form.get("seats").value == 3
    for seat in (1, 2):  # AI normal -> easy -> greedy -> random, by the left arrow
        for _ in range(3):
            click_item(d, f"kind{seat}", 0.1)
        assert d.top.form.get(f"kind{seat}").value == "random"
    click_item(d, "seed")
    type_text(d, "4a2")  # only digits go into the seed
    assert d.top.form.get("seed").value == "42"
    click_item(d, "start")
    assert d.top.name == "table"
    game = d.top.game
    assert game.state.config.seats == 3 and game.state.config.seed == 42
    assert sorted(game.kinds) == ["person", "random", "random"]

    rng = random.Random(3)
    for _ in range(8):
        settle_table(d)
        play_move(d, choose(game, rng))
    settle_table(d)

    key(d, pygame.K_ESCAPE)  # the game menu
    assert d.top.name == "pause"
    click_item(d, "save")
    assert d.top.name == "save"
    for _ in range(60):
        key(d, pygame.K_BACKSPACE)
    type_text(d, "Three at the gates")
    key(d, pygame.K_RETURN)
    assert d.top.name == "table"
    path = save_dir() / "three-at-the-gates.msgpack"
    assert path.is_file()
    position = game.state.to_data()
    kinds, names = list(game.kinds), list(game.names)

    key(d, pygame.K_ESCAPE)
    click_item(d, "title")
    assert _names(d) == ["TitleScene"]
    assert any(i.key == "continue" for i in d.top.form.items)  # the autosave is offered

    click_item(d, "load")
    load = d.top
    assert load.name == "load"
    row = next(i for i, info in enumerate(load.saves) if info.title == "Three at the gates")
    info = load.saves[row]
    assert info.seats == 3 and list(info.kinds) == kinds
    click_item(d, f"row{row}", 0.5)
    assert d.top.name == "table"
    loaded = d.top.game
    assert loaded.state.to_data() == position
    assert loaded.kinds == kinds and loaded.names == names
    # The AI seats play on from the loaded position.
    settle_table(d)
    assert len(loaded.state.moves()) >= len(game.state.moves())

    # Continue resumes the autosave of the same game.
    key(d, pygame.K_ESCAPE)
    click_item(d, "title")
    click_item(d, "continue")
    assert d.top.name == "table" and d.top.game.state.config.seed == 42
    d.close()


def test_todays_solo_deal_from_the_title_by_keyboard():
    d = make_director()
    items = [i.key for i in d.top.form.items]
    for _ in range(items.index("solo")):
        key(d, pygame.K_DOWN)
    key(d, pygame.K_RETURN)
    assert d.top.name == "solo"
    assert d.top.form.focused.key == "today"
    key(d, pygame.K_RETURN)
    assert d.top.name == "table"
    state = d.top.game.state
    assert state.config.solo and state.config.seed == highscores.daily_seed()
    # The first-game guide shows its solo hint; Enter dismisses it for good.
    frames(d, 3)
    assert d.top.guide.hint == "solo"
    key(d, pygame.K_RETURN)
    assert d.top.guide.hint != "solo" and "solo" in settings.load().hints_seen
    d.close()


def test_a_changed_setting_is_kept_after_a_restart():
    d = make_director()
    click_item(d, "settings")
    assert d.top.name == "settings"
    click_item(d, "speed", 0.9)  # normal -> fast
    click_item(d, "colour_blind")
    key(d, pygame.K_DOWN)
    key(d, pygame.K_DOWN)  # the focus walks on: first-game hints (toggle with Space)
    focused = d.top.form.focused.key
    key(d, pygame.K_SPACE)
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "title"
    d.close()
    pygame.display.quit()

    d = make_director()  # the app starts again
    s = d.settings
    assert s.speed == "fast" and s.colour_blind
    assert getattr(s, focused) is not getattr(settings.Settings(), focused)
    click_item(d, "settings")
    assert d.top.form.get("speed").value == "fast"
    assert d.top.form.get("colour_blind").value is True
    from loyang_game.ui import theme

    assert theme.SEAT_COLOURS[0] == (230, 159, 0)
    click_item(d, "colour_blind")  # back to the usual palette for the other tests
    d.close()


def test_corrupt_save_and_settings_files_are_reported_and_the_menus_keep_working():
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.msgpack").write_bytes(b"\xc1 not msgpack")
    (folder / "broken.msgpack").write_bytes(b"\x93\x01\x02")
    d = make_director()
    assert "settings file could not be read" in d.top.message
    assert d.settings.speed == "normal"  # the defaults
    click_item(d, "load")
    load = d.top
    row = next(i for i, info in enumerate(load.saves) if info.path.name == "broken.msgpack")
    assert load.saves[row].error
    click_item(d, f"row{row}", 0.5)
    assert d.top is load and "cannot be loaded" in load.message
    click_item(d, f"del{row}")
    assert "again" in load.message and (folder / "broken.msgpack").exists()
    click_item(d, f"del{row}")
    assert not (folder / "broken.msgpack").exists()
    assert all(info.path.name != "broken.msgpack" for info in load.saves)
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "title"
    click_item(d, "new")
    click_item(d, "start")
    assert d.top.name == "table"
    d.close()


def test_a_save_that_fails_to_load_says_why(tmp_path):
    from loyang_game.ui.start import resume

    d = make_director()
    bad = tmp_path / "gone.msgpack"
    refusal = resume(d, bad)
    assert refusal and "cannot be loaded" in refusal.message and not refusal.copy
    assert d.top.name == "title"
    d.close()


def test_new_game_offers_the_player_levels_only():
    d = make_director()
    click_item(d, "new")
    for seat in range(4):
        assert d.top.form.get(f"kind{seat}").options == ["person", *PLAYER_LEVELS]
    assert "hard-v1" not in PLAYER_LEVELS and "helper-happy" not in PLAYER_LEVELS
    d.close()


def test_a_loaded_seat_of_a_measuring_agent_is_played_at_normal(tmp_path):
    from loyang_game.ui.start import resume

    path = tmp_path / "measured.msgpack"
    save_game(new_game(GameConfig(seats=3, seed=2)), path,
              seat_kinds=["person", "hard-v1", "helper-happy"])
    d = make_director()
    assert resume(d, path) is None
    assert d.top.name == "table" and d.top.game.kinds == ["person", "normal", "normal"]
    d.close()


def test_rules_help_from_the_table_and_every_page_draws():
    d = make_director()
    click_item(d, "new")
    click_item(d, "seats", 0.1)  # 2 -> 1: the solo game
    click_item(d, "start")
    settle_table(d)
    app = d.top
    frames(d, 2)
    target = next(t for t in app.view.L.targets if t[0] in ("offer", "hand", "field"))
    pos = app.view.position_of(target)
    click(d, pos, button=3)  # right-click on a card: its rules page
    assert d.top.name == "rules"
    page = d.top.current
    assert CARDS[page].code == CARDS[target[1]].code
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "table"
    # A long hover on a card shows its text.
    click(d, (5, 5), button=2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(d, 70)
    assert app.view.hover_target == target[1]

    rules = d.open("rules")
    seen = 0
    for cat in range(len(CATEGORIES)):
        for _entry in CATEGORIES[cat][1]:
            frames(d)
            seen += 1
            key(d, pygame.K_DOWN)
        key(d, pygame.K_RIGHT)
    helpers = {CARDS[c].name for c in CATEGORIES[1][1]}
    assert len(helpers) == 20 and seen == sum(len(e) for _n, e in CATEGORIES)
    click(d, rules.tab_rects[1].center)
    assert rules.cat == 1
    click(d, rules.entry_rects[3].center)
    assert rules.entry == 3
    click(d, rules.back_rect.center)
    assert d.top.name == "table"
    d.close()


def test_every_scene_has_a_screenshot(tmp_path):
    from loyang_game.__main__ import main

    for scene in ("title", "new", "solo", "load", "settings", "scores", "rules", "stats"):
        out = tmp_path / f"{scene}.png"
        assert main(["--screenshot", str(out), "--scene", scene]) == 0
        assert pygame.image.load(str(out)).get_size() == (1280, 800)
    out = tmp_path / "pause.png"
    assert main(["--screenshot", str(out), "--scene", "pause", "--seats", "3", "--ai", "random",
                 "--moves", "10", "--size", "1024x640"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)


def test_the_save_question_screenshot_saves_nothing(tmp_path):
    from loyang_game.__main__ import main

    taken = save_dir() / "evening-game.msgpack"
    save_game(new_game(GameConfig(seats=2, seed=2)), taken, title="Evening game")
    before = sorted(p for p in save_dir().iterdir() if not p.name.startswith("."))
    out = tmp_path / "question.png"
    assert main(["--screenshot", str(out), "--scene", "save", "--save-name", "evening GAME!",
                 "--seats", "2", "--ai", "random"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
    after = sorted(p for p in save_dir().iterdir() if not p.name.startswith("."))
    assert after == before and load_game(taken).moves() == []


def test_the_title_focus_starts_on_continue_when_a_game_can_be_continued():
    d = make_director()
    assert d.top.form.focused.key == "new"  # nothing to continue yet
    click_item(d, "new")
    click_item(d, "start")
    settle_table(d)
    play_move(d, choose(d.find("table").game, random.Random(1)))
    settle_table(d)
    key(d, pygame.K_ESCAPE)
    click_item(d, "title")
    assert d.top.name == "title" and d.top.form.focused.key == "continue"
    key(d, pygame.K_DOWN)
    click_item(d, "rules")
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "title" and d.top.form.focused.key == "rules"  # kept when back


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_settings_message_leaves_back_clear(size):
    d = make_director(size)
    click_item(d, "settings")
    click_item(d, "confirm_unserved")
    d.draw()
    assert d.top.message == "Saved." and d.top.message_rect is not None
    assert not d.top.message_rect.colliderect(d.top.form.get("back").rect)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_rules_more_below_tag_covers_no_text(size):
    d = make_director(size)
    rules = d.open("rules")
    longest = 0
    for cat in range(len(CATEGORIES)):
        for _entry in CATEGORIES[cat][1]:
            frames(d)
            if rules.more_rect is not None:
                longest += 1
                assert not rules.more_rect.colliderect(rules.text_rect)
                assert rules.page_rect.contains(rules.more_rect)
            key(d, pygame.K_DOWN)
        key(d, pygame.K_RIGHT)
    assert longest  # some page is longer than the panel


@pytest.mark.parametrize("size", [(1120, 700), (1024, 640)])
def test_settings_show_the_window_as_it_is(size):
    """A window fitted to a small screen (or resized by hand) is named as it is, not as the
    settings asked for it (1280 x 800)."""
    d = make_director(size=size)
    assert (d.settings.width, d.settings.height) == (1280, 800)
    click_item(d, "settings")
    row = d.top.form.get("size")
    assert row.value == size and row.show(row.value) == f"{size[0]} x {size[1]}"
    d.close()


def test_new_game_remembers_the_last_table_even_in_a_new_start():
    d = make_director()
    click_item(d, "new")
    click_item(d, "seats", 0.9)  # 2 -> 3 players
    click_item(d, "kind1", 0.9)  # normal -> hard
    click_item(d, "kind2", 0.1)  # normal -> easy
    assert [d.top.form.get(f"kind{s}").value for s in range(3)] == ["person", "hard", "easy"]
    click_item(d, "start")
    assert d.top.name == "table"
    d.close()
    d = make_director()  # the next evening
    click_item(d, "new")
    form = d.top.form
    assert form.get("seats").value == 3
    assert [form.get(f"kind{s}").value for s in range(3)] == ["person", "hard", "easy"]
    assert settings.load().last_setup["kinds"][:3] == ["person", "hard", "easy"]
    d.close()
