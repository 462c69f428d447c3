"""The end-of-game panel: its buttons in fixed places doing what they say, the AI seats
marked, and the race drawn in the seats' colours (the colour-blind ones too)."""

from __future__ import annotations

import pygame
import pytest

from loyang_game.files.settings import Settings
from loyang_game.play.race import race_of
from loyang_game.play.replay import Replay
from loyang_game.play.session import GameSession
from loyang_game.ui import endpanel
from loyang_game.ui import theme as t
from loyang_game.ui.director import Director
from loyang_game.ui.draw import GREYED
from loyang_game.ui.scene import frame_layout
from loyang_game.ui.scenes import SCENES

from .drawn import record_text
from .driver import click, click_target, reach, settle, step

SIZES = [(1280, 800), (1024, 640)]
NAMES = ["Anna", "Bao", "Chen", "Dara"]
BROWN = (120, 70, 40)  # an enabled button's face


def finished_table(kinds: list[str], seed: int = 7, size=(1280, 800), colour_blind=False):
    """The table of a finished game (random moves to the end) on the title screen, its end
    panel open."""
    seats = len(kinds)
    state = reach(seats, seed, lambda s: s.is_over)
    d = Director(SCENES, Settings(speed="off", hints=False, colour_blind=colour_blind),
                 size=size, fullscreen=False, fps_cap=0)
    d.open("title")
    app = d.open("table", game=GameSession(state, kinds, NAMES[:seats], ai_seed=seed))
    settle(app)
    step(app)
    assert app.scoring_open and app.end_panel is not None
    return app


@pytest.fixture
def drawn(monkeypatch) -> list[tuple[str, dict]]:
    """Every string the end panel draws from now on, with where."""
    return record_text(monkeypatch, endpanel)


def strings(drawn) -> set[str]:
    return {s for s, _place in drawn}


def panel_buttons(app) -> dict[str, pygame.Rect]:
    return {target[1]: r for target, r in app.view.overlay_targets.items()
            if target[0] == "ui"}


def recorder(monkeypatch, d) -> list:
    """Replace `d.open` by a stub that notes what it was asked (the Replay and Review scenes
    are not part of this branch)."""
    calls = []
    monkeypatch.setattr(d, "open", lambda name, **options: calls.append((name, options)))
    return calls


@pytest.mark.parametrize("size", SIZES)
def test_the_buttons_stand_in_the_same_places_in_every_game(size):
    seen = []
    for kinds in (["person", "hard"], ["person"], ["easy", "person", "hard", "person"]):
        app = finished_table(kinds, size=size)
        rects = panel_buttons(app)
        assert set(rects) == {"new", "title", "replay", "review", "close"}
        seen.append(rects)
        screen = app.d.screen.get_rect()
        assert all(screen.contains(r) for r in rects.values())
        ordered = list(rects.values())
        assert not any(a.colliderect(b) for i, a in enumerate(ordered) for b in ordered[i + 1:])
        app.d.close()
    assert seen[0] == seen[1] == seen[2]
    L = frame_layout(size)
    assert seen[0] == endpanel.button_rects(L)
    if size == (1280, 800):
        assert seen[0]["new"] == pygame.Rect(100, 708, 200, 44)
        assert seen[0]["close"] == pygame.Rect(980, 708, 200, 44)


def test_look_at_the_table_and_esc_close_it_and_scores_opens_it_again():
    app = finished_table(["person", "hard"])
    click(app, panel_buttons(app)["close"].center)
    assert not app.scoring_open
    click_target(app, ("ui", "scores"))
    assert app.scoring_open
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=0))
    step(app)
    assert not app.scoring_open and [s.name for s in app.d.stack] == ["title", "table"]
    app.d.close()


def test_new_game_closes_the_table_and_opens_the_new_game_menu(monkeypatch):
    app = finished_table(["person", "hard"])
    d = app.d
    closed = []
    monkeypatch.setattr(app.game, "close", lambda: closed.append(True))
    click(app, panel_buttons(app)["new"].center)
    assert [s.name for s in d.stack] == ["title", "new"] and closed == [True]
    d.close()


def test_title_goes_back_to_the_title_screen():
    app = finished_table(["person", "hard"])
    d = app.d
    click(app, panel_buttons(app)["title"].center)
    assert [s.name for s in d.stack] == ["title"]
    d.close()


def test_replay_opens_the_whole_game_with_every_hand_shown(monkeypatch):
    app = finished_table(["hard", "person"])
    calls = recorder(monkeypatch, app.d)
    click(app, panel_buttons(app)["replay"].center)
    assert len(calls) == 1
    name, options = calls[0]
    assert name == "replay" and set(options) == {"replay", "at", "viewer"}
    assert options["at"] is None and options["viewer"] is None
    replay = options["replay"]
    assert isinstance(replay, Replay) and replay.finished
    assert replay.moves == app.game.state.moves()
    assert replay.names == ["Anna", "Bao"] and replay.kinds == ["hard", "person"]
    assert replay.state_at(len(replay)).to_data() == app.game.state.to_data()
    app.d.close()


def test_review_goes_through_the_first_persons_decisions(monkeypatch):
    app = finished_table(["hard", "person", "person"])
    calls = recorder(monkeypatch, app.d)
    click(app, panel_buttons(app)["review"].center)
    assert [(name, set(options)) for name, options in calls] == [("review", {"replay", "seat"})]
    options = calls[0][1]
    assert options["seat"] == 1 and options["replay"].moves == app.game.state.moves()
    app.d.close()


def _face(app, rect: pygame.Rect) -> tuple:
    """A button's colour just inside its left edge (clear of its label)."""
    L = frame_layout(app.d.size)
    app.d.mouse = app.view.mouse = (0, 0)
    app.d.draw()
    return tuple(app.d.screen.get_at((rect.x + L.px(8), rect.centery)))[:3]


def test_review_is_greyed_with_its_reason_when_only_the_ai_played(monkeypatch, drawn):
    app = finished_table(["easy", "hard"])
    rects = panel_buttons(app)
    assert _face(app, rects["review"]) == GREYED
    assert _face(app, rects["replay"]) == BROWN
    assert endpanel.NO_REVIEW in strings(drawn)
    calls = recorder(monkeypatch, app.d)
    click(app, rects["review"].center)
    assert calls == [] and app.scoring_open
    app.d.close()


def test_a_person_can_review_and_no_reason_is_shown(drawn):
    app = finished_table(["person", "hard"])
    assert _face(app, panel_buttons(app)["review"]) == BROWN
    assert endpanel.NO_REVIEW not in strings(drawn)
    app.d.close()


def test_ai_seats_are_marked_with_their_level_and_people_plainly(drawn):
    app = finished_table(["person", "hard", "easy"])
    assert {"Anna", "Bao (AI, hard)", "Chen (AI, easy)"} <= strings(drawn)
    assert not any(s.startswith("Anna (") for s in strings(drawn))
    app.d.close()


def _pixels(surf: pygame.Surface, area: pygame.Rect, colour) -> int:
    return pygame.mask.from_threshold(surf.subsurface(area), colour, (1, 1, 1, 255)).count()


@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_race_is_drawn_in_the_seats_colours(colour_blind):
    try:
        app = finished_table(["person", "hard", "normal"], colour_blind=colour_blind)
        assert app.end_panel.race == race_of(Replay.of_game(app.game.state, app.game.names,
                                                            app.game.kinds))
        charts = frame_layout(app.d.size).R(90, 300, 1100, 380)  # under the standings
        app.d.draw()
        for seat in range(3):
            assert _pixels(app.d.screen, charts, t.SEAT_COLOURS[seat]) > 400
        other = (t._NORMAL if colour_blind else t._COLOUR_BLIND)["SEAT_COLOURS"]
        assert _pixels(app.d.screen, charts, other[1]) < 20
        app.d.close()
    finally:
        t.set_palette(False)
