"""Autosave and loading, the screenshot option, and the frame budget."""

from __future__ import annotations

import random
import time

from loyang_game.save import autosave_path, load_with_info

from .driver import choose, make_app, play_move, settle


def test_every_move_is_autosaved_and_loads_back():
    app = make_app(2, ["person", "random"], seed=6)
    rng = random.Random(1)
    for _ in range(6):
        settle(app)
        play_move(app, choose(app, rng))
    settle(app)
    state, info = load_with_info(autosave_path(app.game_id))
    assert state.to_data() == app.state.to_data()
    assert list(info.kinds) == ["person", "random"]
    app.close()


def test_screenshot_option_writes_a_png(tmp_path):
    from loyang_game.__main__ import main

    out = tmp_path / "table.png"
    assert main(["--seats", "2", "--seed", "3", "--ai", "random", "--screenshot", str(out),
                 "--moves", "20", "--size", "1024x640"]) == 0
    import pygame

    assert pygame.image.load(str(out)).get_size() == (1024, 640)


def test_frame_work_stays_within_budget_during_animations_and_ai():
    """The drawing work per frame (not counting the wait for the next frame) while AI
    seats play with animations at normal speed. Real timing is `loyang --bench`."""
    app = make_app(3, ["random", "random", "random"], seed=2, speed="normal")
    app.persons = []
    end = time.perf_counter() + 4
    while time.perf_counter() < end and not app.state.is_over:
        app.frame(dt=1 / 60)
    works = sorted(w for _i, w in app.frame_log[20:])
    assert len(app.state.moves()) > 10
    assert works[int(len(works) * 0.95)] < 0.020
    app.close()
