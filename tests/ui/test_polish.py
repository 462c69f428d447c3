"""What a player sees at the table: the colour-blind palette on every seat colour, the guide
beside the log, the AI's news in a player's words, and the text of the table not overlapping
at the smallest window."""

from __future__ import annotations

import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.session import GameSession
from loyang_game.settings import Settings
from loyang_game.ui import theme
from loyang_game.ui.director import Director
from loyang_game.ui.rules_text import HINTS
from loyang_game.ui.scenes import SCENES

NORMAL_SEATS = theme.SEAT_COLOURS


@pytest.fixture
def palette_back():
    yield
    theme.set_palette(False)


def table(settings: Settings, seats: int = 2, size=(1280, 800), kinds=None, seed: int = 3):
    d = Director(SCENES, settings, size=size, fullscreen=False, fps_cap=0)
    game = GameSession(new_game(GameConfig(seats=seats, seed=seed)),
                       kinds or ["person"] + ["normal"] * (seats - 1), ai_seed=seed,
                       autosave=False, record=False)
    return d.open("table", game=game)


def pawn_head(app, seat: int) -> tuple[int, int]:
    """A point inside `seat`'s pawn's body on the Path (alone on its space)."""
    L = app.view.L
    r = L.anchors[("path", app.game.state.players[seat].path)]
    size = L.px(30 if seat == L.focus else 22)
    return r.x + L.px(6) + size // 2, r.bottom - size + round(size * 0.7)


@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_palette_colours_the_pawns_the_name_plate_and_the_seat_panels(colour_blind,
                                                                         palette_back):
    app = table(Settings(speed="off", hints=False, colour_blind=colour_blind))
    app.game.state.players[1].path = 5  # each pawn alone on its space
    app.view.invalidate()
    screen = app.d.screen
    app.d.draw()
    palette = theme.SEAT_COLOURS
    assert (palette != NORMAL_SEATS) == colour_blind
    L = app.view.L
    for seat in (0, 1):
        assert tuple(screen.get_at(pawn_head(app, seat)))[:3] == palette[seat]
    plate = L.anchors[("plate", L.focus)]
    assert tuple(screen.get_at((plate.centerx, plate.y + 3)))[:3] == palette[L.focus]
    other = L.panels[1 - L.focus]
    assert tuple(screen.get_at((other.centerx, other.y + 3)))[:3] == palette[1 - L.focus]
    app.d.close()


SIZES = [(1280, 800), (1024, 640)]
TABLES = [(2, 3), (4, 5), (1, 7)]  # (seats, seed)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats,seed", TABLES)
def test_no_first_game_hint_covers_the_log_or_the_bottom_bar(size, seats, seed):
    app = table(Settings(speed="off", hints=True), seats=seats, size=size, seed=seed,
                kinds=["person"] * seats)
    guide = app.guide
    for key in HINTS:
        guide.hint = key
        app.d.draw()
        L = app.view.L
        r = guide.targets["box"]
        assert not r.colliderect(L.regions["log"]), key
        assert not r.colliderect(L.regions["bottom"]), key
        assert L.regions["board"].contains(r), key
        assert r.contains(guide.targets["ok"]) and r.contains(guide.targets["never"])
    app.d.close()
