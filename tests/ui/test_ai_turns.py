"""An AI's turn at the table (issue 34): its moves shown as one brisk sequence at the default
speed, told together in the news; the AI thinking while the last move is still shown; and a
click or a key finishing the AI seats' moves at once, with the same moves, log and call-outs
as watching them. The AI searches with small deterministic budgets (the same moves on any
machine), and frames are counted on the table's own clock, never the wall's."""

from __future__ import annotations

import time

import pygame

from loyang_game.engine import GameConfig, new_game
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.scenes.table import STEP

from .driver import act, reach, step

AI = "hard:act_iterations=40,other_iterations=12"


def table_at(state, speed: str, kinds: list[str]):
    d = Director(SCENES, Settings(speed=speed, hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    game = GameSession(state.clone(), kinds, ai_seed=3, autosave=False, record=False,
                       deterministic=True)
    return d.open("table", game=game)


def person_waits(app) -> bool:
    game = app.game
    return (not app.timeline.busy and not game.state.is_over
            and game.is_person(game.state.current_player)
            and app.viewer == game.state.current_player)


def run_until(app, done, frames: int = 20000) -> int:
    """Frames until `done()`; the AI's thread gets a moment now and then (a bound, no
    timing: a slow machine only takes longer)."""
    for n in range(frames):
        if done():
            return n
        step(app)
        if app.game.thinking and n % 4 == 0:
            time.sleep(0.002)
    raise AssertionError("the table never got there")


def ai_turn_ahead():
    """Bao (an AI, seat 1) is about to play its Action phase; Anna (seat 0) comes after."""
    return reach(2, 5, lambda s: act(s) and s.current_player == 1
                 and s.order[-1] == 0)


def test_a_click_finishes_the_ai_turn_at_once_with_the_same_moves_log_and_news():
    state = ai_turn_ahead()
    kinds = ["person", AI]
    watched = table_at(state, "normal", kinds)
    run_until(watched, lambda: person_waits(watched))
    skipped = table_at(state, "normal", kinds)
    first = len(skipped.game.state.moves())
    run_until(skipped, lambda: len(skipped.game.state.moves()) > first)
    assert skipped.timeline.busy, "the AI's first move is being shown"
    board = skipped.view.L.regions["board"]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(board.x + 3, board.y + 3),
                                         button=1))
    step(skipped)
    assert skipped.hurry or person_waits(skipped)
    shown = run_until(skipped, lambda: person_waits(skipped) or (
        skipped.timeline.busy and pytest_fail("an animation played after the click")))
    assert shown < 20000
    assert len(watched.game.state.moves()) - first >= 3, "a turn of several moves"
    assert skipped.game.state.to_data() == watched.game.state.to_data()
    assert skipped.game.log == watched.game.log
    assert [c.text for c in skipped.news.callouts] == [c.text for c in watched.news.callouts]
    assert skipped.news.last.text == watched.news.last.text
    watched.d.close()
    skipped.d.close()


def pytest_fail(message: str) -> bool:
    raise AssertionError(message)


def test_any_key_but_the_tables_own_finishes_the_turn_and_h_does_not():
    state = ai_turn_ahead()
    app = table_at(state, "normal", ["person", AI])
    first = len(app.game.state.moves())
    run_until(app, lambda: len(app.game.state.moves()) > first)
    for key in (pygame.K_h, pygame.K_m):  # the hint's key and the mute keep their own jobs
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                             scancode=0))
        step(app)
        assert not app.hurry
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    step(app)
    run_until(app, lambda: person_waits(app) or (
        app.timeline.busy and pytest_fail("an animation played after the key")))
    assert app.game.state.current_player == 0
    app.d.close()


def test_the_ai_thinks_while_its_last_move_is_still_shown():
    state = ai_turn_ahead()
    app = table_at(state, "slow", ["person", AI])
    first = len(app.game.state.moves())
    run_until(app, lambda: len(app.game.state.moves()) > first)
    assert app.timeline.busy
    run_until(app, lambda: app.ai_move is not None or not app.timeline.busy)
    assert app.ai_move is not None, "the next move was found before the last one landed"
    app.d.close()


def scripted(app, moves: list) -> None:
    """The AI seat plays `moves`, found at once (so frames count only what is shown)."""
    queue = list(moves)
    app.game.think = lambda: queue.pop(0)


def frames_of_turn(state, moves, speed: str) -> int:
    app = table_at(state, speed, ["person", "random"])
    scripted(app, moves)
    frames = run_until(app, lambda: person_waits(app))
    app.d.close()
    return frames


def test_at_the_default_speed_a_turn_is_shown_in_a_few_seconds_slow_keeps_the_old_pace():
    state = ai_turn_ahead()
    probe = table_at(state, "off", ["person", AI])  # the moves of Bao's turn
    first = len(probe.game.state.moves())
    run_until(probe, lambda: person_waits(probe))
    moves = probe.game.state.moves()[first:]
    probe.d.close()
    assert len(moves) >= 3
    normal = frames_of_turn(state, moves, "normal") * STEP
    slow = frames_of_turn(state, moves, "slow") * STEP
    off = frames_of_turn(state, moves, "off") * STEP
    assert normal <= 0.6 * len(moves) and normal <= 5.0
    assert slow >= 1.8 * normal  # the first editions' pace, for following every card
    assert off <= 0.1 * normal


def test_an_ai_turn_is_told_as_one_sequence_in_the_news():
    state = new_game(GameConfig(seats=2, seed=5))
    state = ai_turn_ahead()
    app = table_at(state, "off", ["person", AI])
    first = len(app.game.state.moves())
    run_until(app, lambda: person_waits(app))
    made = len(app.game.state.moves()) - first
    lines = app.news.last.text.split("\n")
    assert len(lines) == min(made, 5) + (1 if made > 5 else 0)
    assert all(line.startswith("Bao ") for line in lines if not line.startswith("("))
    app.d.close()


def test_a_long_turns_news_keeps_its_newest_moves_where_there_is_room(monkeypatch):
    from loyang_game.ui import overlay

    state = ai_turn_ahead()
    app = table_at(state, "off", ["person", AI])
    run_until(app, lambda: person_waits(app))
    drawn = []
    text = overlay.text
    monkeypatch.setattr(overlay, "text", lambda surf, s, *a, **k:
                        drawn.append((s, text(surf, s, *a, **k))) or drawn[-1][1])
    app.d.draw()
    newest = app.news.last.text.split("\n")[-1]
    lines = [(s, r) for s, r in drawn if newest.startswith(s)]
    assert lines, "the AI's last move is told"
    store = app.view.L.anchors[("store", app.view.L.focus)]
    assert all(r.top > store.bottom for _s, r in lines)
    app.d.close()
