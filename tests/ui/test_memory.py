"""A long evening in one window keeps its memory flat (issue 45; `python -m lab.memory_bench`
measures it): what the window keeps for later is bounded, each by a stated budget, and nothing of
a game outlives its table. No timings: only sizes, and objects gone or not."""

from __future__ import annotations

import gc
import random
import weakref

import pygame

from ai import memo
from ai import thinker as thinker_module
from loyang_game.engine import GameState
from loyang_game.files.paths import save_dir
from loyang_game.files.save import save_game
from loyang_game.files.settings import Settings
from loyang_game.ui import draw
from loyang_game.ui import sprites as sprites_module
from loyang_game.ui.cache import SurfaceCache, cost
from loyang_game.ui.director import Director, FrameLog
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.scenes import load as load_scene
from loyang_game.ui.start import new_table

from ..games import random_game
from .driver import choose, click_target, play_move, settle
from .menu_driver import click_item, frames, key


def _surface(w: int, h: int = 10) -> pygame.Surface:
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_a_surface_cache_keeps_the_most_recently_used_within_its_budget():
    one = cost(_surface(10))
    kept = SurfaceCache(screens=0, least=10 * one)
    assert kept.budget == 10 * one
    often = kept.put("often", _surface(10))
    for n in range(100):
        kept.put(n, _surface(10))
        assert kept.get("often") is often  # used at every frame: never let go
        assert kept.bytes <= kept.budget and len(kept) <= 10
    assert kept.get(99) is not None and kept.get(0) is None  # the oldest went first
    assert kept.bytes == sum(cost(kept.get(k)) for k in [*range(91, 100), "often"])
    big = kept.put("big", _surface(1000, 100))  # larger than the budget: kept alone
    assert kept.get("big") is big and len(kept) == 1 and kept.bytes == cost(big)
    kept.clear()
    assert len(kept) == 0 and kept.bytes == 0


def test_a_budget_in_windows_follows_the_window():
    d = Director(SCENES, Settings(hints=False), size=(1024, 640), fullscreen=False, fps_cap=0)
    kept = SurfaceCache(screens=3, least=1000)
    assert kept.budget == 3 * d.screen.get_pitch() * 640
    d.screen = pygame.display.set_mode((1600, 1000), pygame.RESIZABLE)  # dragged larger
    assert kept.budget == 3 * d.screen.get_pitch() * 1000
    d.close()


def test_the_words_rendered_stay_within_their_budget():
    """A game's log lines, names and hints are rendered once each: an evening of them is let
    go by the budget, and the words drawn at every frame stay kept."""
    pygame.display.quit()  # no window: the budget is its floor, whatever ran before
    pygame.font.init()
    draw._WORDS.clear()
    assert draw._WORDS.budget == 8 * 2**20
    title = draw.rendered("Final standings", 38, (20, 20, 20), True)
    for n in range(2500):  # about 20 MB of words rendered once
        draw.rendered(f"   Bao buys a Cabbage at the market stall, move {n}", 18, (0, 0, 0))
        assert draw.rendered("Final standings", 38, (20, 20, 20), True) is title
    assert draw._WORDS.bytes <= draw._WORDS.budget
    assert 100 < len(draw._WORDS) < 2500
    draw._WORDS.clear()


def test_the_sprites_scaled_stay_within_their_budget():
    """Cards scaled to every size a window of each size asks for (as a long evening of
    resizes would): the copies kept never pass the budget."""
    d = Director(SCENES, Settings(hints=False), size=(1024, 640), fullscreen=False, fps_cap=0)
    sprites = d.sprites
    kept = sprites._scaled
    assert kept.budget == max(sprites_module.LEAST, sprites_module.SCREENS * 1024 * 640 * 4)
    for width in range(60, 200, 2):
        for card in range(0, 70, 3):
            sprites.card(card, width, width * 7 // 5)
        assert kept.bytes <= kept.budget
    assert len(kept) < 70 * 24  # many gave way
    d.close()


def test_the_frame_log_keeps_the_latest_frames_as_two_doubles_each():
    log = FrameLog(most=1000)
    for n in range(10_000):
        log.append((n / 60, n / 1000))
        assert len(log) <= 1000
    assert log[-1] == (9999 / 60, 9999 / 1000) and log[len(log) - 1] == log[-1]
    assert log._data.itemsize == 8 and len(log._data) == 2 * len(log)
    assert log[3:5] == [log[3], log[4]]
    d = Director(SCENES, Settings(hints=False), size=(1280, 800), fullscreen=False, fps_cap=0,
                 clock=iter(range(1_000_000)).__next__)
    d.frame_log = FrameLog(most=40)
    d.open("title")
    for _ in range(120):
        d.frame(dt=1 / 60)
    assert len(d.frame_log) <= 40
    stats = d.frame_stats(skip=0)
    assert stats["frames"] == len(d.frame_log) and stats["max_ms"] > 0
    assert d.frame_stats(only=[0, 5])["frames"] == 2
    d.close()


def test_the_load_lists_row_pictures_stay_within_their_budget(monkeypatch):
    """Walking a long list (every row lit in turn, a Delete armed) keeps pictures of rows
    within the budget, and the screen looks as drawn afresh."""
    for seed in range(14):
        save_game(random_game(2, seed, 30)[0], save_dir() / f"game{seed:02d}.msgpack",
                  seat_kinds=["person", "hard"], names=["Anna", "Bao"])
    small = SurfaceCache(screens=0, least=1_000_000)  # a few rows: the walk lets many go
    monkeypatch.setattr(load_scene, "_ROW_PICTURES", small)
    d = Director(SCENES, Settings(hints=False), size=(1280, 800), fullscreen=False, fps_cap=0)
    d.open("title")
    d.open("load")
    frames(d, 2)
    for k in [pygame.K_DOWN] * 16 + [pygame.K_RIGHT, pygame.K_DELETE] + [pygame.K_UP] * 16:
        key(d, k)
        assert small.bytes <= small.budget
    assert len(small) > 1
    frames(d, 2)
    shown = pygame.image.tobytes(d.screen, "RGB")
    small.clear()
    d.frame()
    assert pygame.image.tobytes(d.screen, "RGB") == shown
    d.close()


def _tracked(table) -> list[weakref.ref]:
    game = table.game
    return [weakref.ref(o) for o in (table, table.view, game, game.coach, game.thinker,
                                     game.coach.thinker, game.undo)]


def _states() -> int:
    """The game states alive (a state takes no weak reference: it is counted instead)."""
    gc.collect()
    return sum(isinstance(o, GameState) for o in gc.get_objects())


def _gone(refs: list[weakref.ref]) -> list:
    gc.collect()
    return [ref() for ref in refs if ref() is not None]


def test_a_finished_solo_game_leaves_nothing_behind_at_the_title():
    """A solo game played to its end panel (autosaves, high scores, the record, the race),
    then its Title button: the table, the session, the state, the coach and their thinkers
    are all collected, and the search's tables hold no board."""
    d = Director(SCENES, Settings(speed="off", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    d.open("title")
    states = _states()
    assert new_table(d, 1, 4, ["person"], ["Anna"]) is None
    table = d.top
    rng = random.Random(5)
    while not table.game.state.is_over:
        settle(table)
        if table.game.state.is_over:
            break
        play_move(table, choose(table.game, rng))
    settle(table)
    assert table.end_panel is not None and table.game.end_lines
    refs = [*_tracked(table), weakref.ref(table.end_panel), weakref.ref(table.end_panel.replay)]
    click_target(table, ("ui", "title"))
    assert d.top.name == "title"
    del table
    frames(d, 2)
    assert _gone(refs) == []
    assert _states() == states
    assert memo.entries() == 0
    d.close()


def test_a_game_left_for_the_title_lets_its_ai_and_its_boards_go(monkeypatch):
    """A game against an AI that thought (its thinker, its agents, the search's tables of
    boards), left through the game menu's Title screen: nothing of it is kept. On the thread
    backend, whose boards are kept in this process (a thinking process's end with it)."""
    monkeypatch.setenv(thinker_module.ENV, "thread")
    gc.collect()
    assert thinker_module._open_here == 0, "a thread thinker of another test is still open"
    d = Director(SCENES, Settings(speed="off", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    d.open("title")
    states = _states()
    assert new_table(d, 2, 3, ["person", "easy"], ["Anna", "Bao"], starter=1) is None
    table = d.top  # the AI moves first
    rng = random.Random(3)
    for _ in range(6):
        settle(table)
        play_move(table, choose(table.game, rng))
    settle(table)
    assert len(table.game.state.moves()) > 6
    assert memo.entries() > 0  # the easy AI's search looked boards up
    refs = _tracked(table)
    key(d, pygame.K_ESCAPE)
    click_item(d, "title")
    assert d.top.name == "title"
    del table
    frames(d, 2)
    assert _gone(refs) == []
    assert _states() == states
    assert memo.entries() == 0 and thinker_module._open_here == 0
    d.close()
