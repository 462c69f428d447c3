"""The Load list: Replay and Review on its rows, in columns that never move, and one autosave
per game however often the game is saved, loaded and played on."""

import random
import re
from datetime import datetime
from typing import ClassVar

import pygame
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import save
from loyang_game.files.paths import save_dir
from loyang_game.files.save import autosave, autosave_path, read_moves, save_game
from loyang_game.files.save_index import list_saves as game_saves
from loyang_game.files.settings import Settings
from loyang_game.ui.director import Director
from loyang_game.ui.scene import Scene
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.start import resume

from ..games import random_game
from .driver import make_app, play_moves
from .menu_driver import click_item, frames, key

NAMES = ["Anna", "Bao", "Chen"]


def played(seats: int, seed: int, limit: int | None = None):
    """A game of random moves (at most `limit`), as it stands."""
    return random_game(seats, seed, limit)[0]


def save_done_and_going(folder) -> None:
    """A finished game and an unfinished one, both a person's against hard."""
    save_game(played(2, 5), folder / "done.msgpack", seat_kinds=["person", "hard"],
              names=NAMES[:2])
    save_game(played(2, 6, limit=20), folder / "going.msgpack", seat_kinds=["person", "hard"],
              names=NAMES[:2])


class Recorder(Scene):
    """Stands in for a scene another part of the game opens: keeps what it was opened with."""

    name = "review"
    opened: ClassVar[list[dict]] = []

    def __init__(self, d, **options) -> None:
        super().__init__(d)
        Recorder.opened.append(options)


def load_list(**scenes) -> Director:
    d = Director({**SCENES, **scenes}, Settings(hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    d.open("title")
    d.open("load")
    frames(d)
    return d


def row_of(d, file_name: str) -> int:
    return next(i for i, info in enumerate(d.top.saves) if info.path.name == file_name)


def test_replay_opens_a_save_at_its_last_move_and_changes_nothing():
    folder = save_dir()
    solo_ai = played(2, 3, limit=50)
    save_game(solo_ai, folder / "mine.msgpack", seat_kinds=["hard", "person"], names=NAMES[:2])
    hotseat = played(3, 4, limit=30)
    save_game(hotseat, folder / "ours.msgpack", seat_kinds=["person"] * 3, names=NAMES)
    before = {path.name: path.read_bytes() for path in folder.iterdir()
              if not path.name.startswith(".")}  # the save index's cache may change
    d = load_list()
    click_item(d, f"replay{row_of(d, 'mine.msgpack')}")
    replay = d.top
    assert replay.name == "replay" and replay.step == len(replay.replay) == 50
    assert replay.state.to_data() == solo_ai.to_data() and replay.viewer == 1
    for _ in range(20):
        key(d, pygame.K_LEFT)  # stepping back changes no file
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "load"
    click_item(d, f"replay{row_of(d, 'ours.msgpack')}")  # three people: no hand is shown
    assert d.top.viewer is None and d.top.state.to_data() == hotseat.to_data()
    d.close()
    assert {path.name: path.read_bytes() for path in folder.iterdir()
            if not path.name.startswith(".")} == before


def test_review_is_offered_for_a_finished_game_a_person_played():
    folder = save_dir()
    finished = played(2, 5)
    save_game(finished, folder / "done.msgpack", seat_kinds=["hard", "person"], names=NAMES[:2])
    save_game(finished, folder / "bots.msgpack", seat_kinds=["hard", "easy"], names=NAMES[:2])
    save_game(played(2, 6, limit=20), folder / "going.msgpack", seat_kinds=["person", "hard"],
              names=NAMES[:2])
    (folder / "broken.msgpack").write_bytes(b"\x93\x01")
    Recorder.opened = []
    d = load_list(review=Recorder)
    form = d.top.form
    shown = {name: form.get(f"review{row_of(d, name)}").visible
             for name in ("done.msgpack", "bots.msgpack", "going.msgpack", "broken.msgpack")}
    assert shown == {"done.msgpack": True, "bots.msgpack": False, "going.msgpack": False,
                     "broken.msgpack": False}
    assert not form.get(f"replay{row_of(d, 'broken.msgpack')}").visible
    click_item(d, f"review{row_of(d, 'done.msgpack')}")
    [options] = Recorder.opened
    assert options["seat"] == 1 and options["replay"].finished
    assert options["replay"].state_at(len(options["replay"])).to_data() == finished.to_data()
    d.close()


def test_every_rows_buttons_sit_in_the_same_columns():
    folder = save_dir()
    save_done_and_going(folder)
    (folder / "broken.msgpack").write_bytes(b"\x93\x01")
    d = load_list()
    d.draw()
    form = d.top.form
    for kind in ("row", "replay", "review", "del"):
        xs = {form.get(f"{kind}{i}").rect.x for i in range(3)}
        widths = {form.get(f"{kind}{i}").rect.w for i in range(3)}
        assert len(xs) == 1 and len(widths) == 1, kind
    assert [form.get(f"row{i}").rect.y for i in range(3)] == sorted(
        form.get(f"row{i}").rect.y for i in range(3))
    d.close()


def test_loading_a_named_save_goes_on_in_the_games_own_autosave():
    app = make_app(2, ["person", "random"], seed=8)
    rng = random.Random(2)
    play_moves(app, rng, 6)
    game = app.game
    named = save_dir() / "evening.msgpack"
    save_game(game.state, named, seat_kinds=game.kinds, names=game.names, title="Evening")
    assert resume(app.d, named) is None
    loaded = app.d.top
    assert loaded.game.game_id == game.game_id
    play_moves(loaded, rng, 3)
    autosaves = [info for info in game_saves() if info.is_autosave]
    assert [info.path for info in autosaves] == [autosave_path(game.game_id)]
    assert list(read_moves(autosaves[0].path)) == loaded.game.state.moves()
    assert resume(app.d, autosaves[0].path) is None  # Continue: the same autosave again
    assert app.d.top.game.game_id == game.game_id
    app.d.close()


def test_an_autosave_further_than_the_loaded_save_is_never_written_over():
    state = played(2, 9, limit=40)
    named = save_dir() / "early.msgpack"
    early = new_game(state.config)
    for move in state.moves()[:20]:
        early.apply(move)
    save_game(early, named, seat_kinds=["person", "random"], names=NAMES[:2])
    later = autosave(state, "game-later", seat_kinds=["person", "random"], names=NAMES[:2])
    app = make_app(2, ["person", "random"], seed=1)
    assert resume(app.d, named) is None
    loaded = app.d.top.game
    assert loaded.game_id != "game-later"
    loaded.autosave()
    assert list(read_moves(next(i for i in game_saves() if i.path == later).path)) == state.moves()
    app.d.close()


class At(datetime):
    """The clock the saves are dated by, set by the test."""

    moment = datetime(2026, 11, 24, 10, 0)

    @classmethod
    def now(cls, tz=None):
        return cls.moment


def _first(state, count: int):
    """The game of `state` after its first `count` moves."""
    partial = new_game(state.config)
    for move in state.moves()[:count]:
        partial.apply(move)
    return partial


def test_a_stale_autosave_left_from_before_is_not_listed(monkeypatch):
    monkeypatch.setattr(save, "datetime", At)
    state = played(3, 2, limit=60)
    kinds = ["person", "random", "random"]
    At.moment = datetime(2026, 11, 24, 10, 0)
    stale = autosave(_first(state, 25), "game-old", seat_kinds=kinds, names=NAMES)
    other = autosave(_first(state, 25), "game-other", seat_kinds=kinds, names=["Mei", "Jun", "Li"])
    named = save_dir() / "kept.msgpack"
    save_game(_first(state, 25), named, seat_kinds=kinds, names=NAMES)
    At.moment = datetime(2026, 11, 24, 11, 0)
    newest = autosave(state, "game-new", seat_kinds=kinds, names=NAMES)
    listed = {info.path for info in game_saves()}
    assert listed == {newest, other, named} and stale.exists()


def test_a_new_game_of_the_same_deal_is_its_own(monkeypatch):
    """The solo challenge deals the same cards to every game of a day: a second try that
    began as the first did is a game of its own, neither hidden nor taken over."""
    monkeypatch.setattr(save, "datetime", At)
    state = played(1, 3, limit=60)
    At.moment = datetime(2026, 11, 24, 10, 0)
    first = autosave(state, "game-first", seat_kinds=["person"], names=["Anna"])
    named = save_dir() / "first-midway.msgpack"
    save_game(_first(state, 30), named, seat_kinds=["person"], names=["Anna"])
    At.moment = datetime(2026, 11, 24, 11, 0)
    second = autosave(_first(state, 6), "game-second", seat_kinds=["person"], names=["Anna"])
    assert {info.path for info in game_saves()} == {first, second, named}
    d = load_list()
    assert resume(d, named) is None
    assert d.top.game.game_id not in ("game-first", "game-second")
    assert resume(d, second) is None and d.top.game.game_id == "game-second"
    d.close()


def test_left_and_right_walk_along_a_row_and_stop_at_its_ends():
    folder = save_dir()
    save_done_and_going(folder)
    d = load_list()
    form = d.top.form
    for name, walk in (("done.msgpack", ["row", "replay", "review", "del", "del"]),
                       ("going.msgpack", ["row", "replay", "del", "del"])):
        i = row_of(d, name)
        form.set_focus(form.get(f"row{i}"))
        seen = [form.focused.key]
        for _ in walk[1:]:
            key(d, pygame.K_RIGHT)
            seen.append(form.focused.key)
        assert seen == [f"{kind}{i}" for kind in walk]
        for _ in walk:
            key(d, pygame.K_LEFT)
        assert form.focused.key == f"row{i}"
    d.close()


def test_a_long_list_holds_only_its_rows_on_screen_and_walks_through_all():
    for seed in range(12):
        save_game(new_game(GameConfig(seats=2, seed=seed)),
                  save_dir() / f"game{seed:02d}.msgpack")
    d = load_list()
    scene = d.top
    rows = scene.ROWS
    assert len(scene.form.items) == rows * 4 + 1  # the rows on the screen and Back
    seen_rows = set()
    for _ in range(12 * 3 + 1):  # every row's Load, Replay and Delete, then Back
        key(d, pygame.K_DOWN)
        focused = scene.form.focused.key
        if focused.startswith("row"):
            seen_rows.add(int(focused[3:]))
        row = re.fullmatch(r"[a-z]+([0-9]+)", focused)
        assert focused == "back" or scene.top <= int(row.group(1)) < scene.top + rows
    assert seen_rows == set(range(12)) and scene.form.focused.key == "row0"
    assert scene.top == 0  # wrapped round to the first row
    key(d, pygame.K_UP)  # and back up to Back, then the last row's Delete
    assert scene.form.focused.key == "back"
    key(d, pygame.K_UP)
    assert scene.form.focused.key == "del11" and scene.top == 12 - rows
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    frames(d)
    assert scene.top == 12 - rows - 3 and scene.form.focused.key == f"row{scene.top + rows - 1}"
    d.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_rows_kept_as_pictures_look_as_drawn_afresh(size):
    from loyang_game.ui.scenes import load as load_scene

    for seed in range(10):
        save_game(new_game(GameConfig(seats=2, seed=seed)),
                  save_dir() / f"game{seed:02d}.msgpack")
    d = Director(SCENES, Settings(hints=False), size=size, fullscreen=False, fps_cap=0)
    d.open("title")
    d.open("load")
    for k in (pygame.K_DOWN, pygame.K_DOWN, pygame.K_RIGHT, pygame.K_DELETE, pygame.K_UP):
        key(d, k)  # lit rows and buttons, a Delete armed: every picture kept on the way
    frames(d, 2)
    kept = pygame.image.tobytes(d.screen, "RGB")
    load_scene._ROW_PICTURES.clear()
    d.frame()
    assert pygame.image.tobytes(d.screen, "RGB") == kept
    d.close()
