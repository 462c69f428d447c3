"""Autosave and loading, the screenshot option, and the frame bookkeeping (with a clock of
the test's own: real frame times are `loyang --bench`)."""

from __future__ import annotations

import random

import pygame

from loyang_game.files.save import autosave_path, load_with_info
from loyang_game.ui import tableview

from .driver import choose, make_app, play_move, play_moves, settle, step


def test_every_move_is_autosaved_and_loads_back():
    app = make_app(2, ["person", "random"], seed=6)
    rng = random.Random(1)
    play_moves(app, rng, 6)
    state, info = load_with_info(autosave_path(app.game.game_id))
    assert state.to_data() == app.game.state.to_data()
    assert list(info.kinds) == ["person", "random"]
    app.d.close()


def test_a_loaded_game_brings_back_its_whole_log():
    from loyang_game.ui.start import resume

    app = make_app(2, ["person", "random"], seed=8)
    rng = random.Random(2)
    for _ in range(12):
        settle(app)
        play_move(app, choose(app.game, rng))
    settle(app)
    played = list(app.game.log)
    assert resume(app.d, autosave_path(app.game.game_id)) is None
    loaded = app.d.top
    assert loaded is not app and loaded.game.log == played and len(played) > 12
    app.d.close()


def test_screenshot_option_writes_a_png(tmp_path):
    from loyang_game.__main__ import main

    out = tmp_path / "table.png"
    assert main(["--seats", "2", "--seed", "3", "--ai", "random", "--screenshot", str(out),
                 "--moves", "20", "--size", "1024x640"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 640)


class FakeClock:
    """Seconds that advance by exactly one 60th per frame (the director reads it twice)."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self) -> float:
        self.calls += 1
        return (self.calls // 2) / 60


def test_the_still_table_is_drawn_once_per_move_not_once_per_frame(monkeypatch):
    """While AI seats play with animations at normal speed, the still picture of the table
    is re-drawn only when the state (or what is hidden under a flight) changes; the frame
    statistics come from the director's clock."""
    drawn = []
    real = tableview.render.draw_table

    def counting(*args, **kwargs):
        drawn.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(tableview.render, "draw_table", counting)
    clock = FakeClock()
    app = make_app(3, ["random", "random", "random"], seed=2, speed="normal", clock=clock)
    frames = 240
    step(app, frames)
    moves = len(app.game.state.moves())
    assert moves > 3
    assert len(drawn) <= 3 * moves + 2 < frames
    stats = app.d.frame_stats(skip=0)
    assert stats["frames"] == frames and round(stats["fps"]) == 60
    app.d.close()
