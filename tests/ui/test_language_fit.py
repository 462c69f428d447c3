"""Every text fits, in every language (issue 47, item 6): the title, the menus, a 2-, 4- and
1-player table with its bar, the game menu and the Save dialog over it, the end panel, the
replay, every page of the rules help (each Helper's with its notes) and the tutorial, drawn
at 1024x640 and 1280x800 in German, Italian, French and the pseudo-language (accented, about
40% longer, bracketed): no drawn string is cut short with an ellipsis or cut by the edge of
what it is drawn on, no menu control's label is wider than the control, and in the
pseudo-language no drawn string holds a plain English word (one the catalogues missed). The
strings are recorded as the font draws them, and where `draw.text` places them."""

from __future__ import annotations

import random
import sys

import pytest

from loyang_game import words
from loyang_game.engine import GameConfig, new_game
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession
from loyang_game.ui import draw, theme
from loyang_game.ui.director import Director
from loyang_game.ui.layout import BUTTON_SLOTS, button_rect
from loyang_game.ui.scene import frame_layout
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.scenes.rules import category_entries

from ..test_words import _fits
from .test_language_switch import escaped, record_drawn

LANGUAGES = ["de", "it", "fr", words.PSEUDO]
SIZES = [(1024, 640), (1280, 800)]
MENUS = ("settings", "new", "load", "scores", "stats", "solo", "rules")
NOT_WORDS = ("/", "\\")  # a folder's path is shown as the system has it


def played(seats: int, seed: int, to_the_end: bool = False) -> GameSession:
    """A game some moves in (to a decision of the person at seat 0), or played to its end,
    each move one of the legal moves at random."""
    game = GameSession(new_game(GameConfig(seats=seats, seed=seed)),
                       ["person"] + ["normal"] * (seats - 1), ai_seed=seed, autosave=False,
                       record=False)
    pick = random.Random(seed)
    for count in range(10_000):
        state = game.state
        if state.is_over or (not to_the_end and count > 10 and state.current_player == 0):
            break
        game.apply(pick.choice(state.legal_moves()), person=False)
    return game


def record_cut_places(monkeypatch) -> list[tuple[str, str]]:
    """Every string `draw.text` places where the surface it is drawn on cuts it, with the
    module that drew it: wider than the surface's clip, or taller (except in a viewport, a clip
    set smaller than its surface: a page whose lines scroll out of view on purpose)."""
    cut: list[tuple[str, str]] = []
    real = draw.text

    def placing(surf, s, size, colour, **where):
        r = real(surf, s, size, colour, **where)
        clip = surf.get_clip()
        scrolls = clip != surf.get_rect()
        across = r.left < clip.left or r.right > clip.right
        down = not scrolls and (r.top < clip.top or r.bottom > clip.bottom)
        if s.strip() and (across or down):
            cut.append((s, sys._getframe(1).f_globals.get("__name__", "")))
        return r

    for name, module in list(sys.modules.items()):
        if name.startswith("loyang_game.ui") and getattr(module, "text", None) is real:
            monkeypatch.setattr(module, "text", placing)
    return cut


class Look:
    """The scenes drawn one after another, what each drew kept by its name."""

    def __init__(self, monkeypatch, size) -> None:
        self.drawn = record_drawn(monkeypatch)
        self.cut_places = record_cut_places(monkeypatch)
        self.d = Director(SCENES, Settings(speed="off", hints=False), size=size,
                          fullscreen=False, fps_cap=0)
        self.seen: dict[str, list[tuple[str, str]]] = {}
        self.problems: list[str] = []

    def shot(self, name: str, frames: int = 2) -> None:
        self.drawn.clear()
        for _frame in range(frames):
            self.d.frame(dt=1 / 60)
        self.seen[name] = list(self.drawn)
        form = getattr(self.d.top, "form", None)
        if form is not None:
            L = frame_layout(self.d.screen.get_size())
            self.problems += [f"{name}: {p}" for item in form.live() if item.rect.w
                              for p in _fits(L, item)]

    def cut(self) -> list[str]:
        """The strings cut short with an ellipsis, or by the edge of what they are drawn on."""
        return sorted({f"{name}: {s!r} ({module})" for name, drawn in self.seen.items()
                       for s, module in drawn if "\u2026" in s}
                      | {f"placed: {s!r} ({module})" for s, module in self.cut_places})

    def escaped(self) -> list[str]:
        return sorted({f"{name}: {s!r} ({module})" for name, drawn in self.seen.items()
                       for s, module in escaped(drawn) if not any(c in s for c in NOT_WORDS)})


@pytest.fixture
def back_to_english():
    yield
    words.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_scene_s_words_fit_and_none_escaped_the_catalogues(monkeypatch, back_to_english,
                                                                 language, size):
    words.set_language(language)
    look = Look(monkeypatch, size)
    d = look.d
    try:
        d.open("title")
        look.shot("title")
        for name in MENUS:
            d.open(name)
            look.shot(name)
            d.pop()
        for seats, seed in ((2, 3), (4, 5), (1, 3)):
            game = played(seats, seed)
            table = d.open("table", game=game)
            look.shot(f"table of {seats}")
            d.open("pause", game=game, tell=table.toast)
            look.shot(f"game menu, {seats}")
            d.open("save", game=game, tell=table.toast)
            look.shot(f"save, {seats}")
            d.pop()
            d.pop()
            d.pop()
        game = played(2, 4, to_the_end=True)
        table = d.open("table", game=game)
        look.shot("end panel", frames=5)
        table.end_panel.leave(d, "replay")
        look.shot("replay")
        d.pop()
        d.pop()
        rules = d.open("rules")
        for category in range(6):
            for entry in range(len(category_entries(category)) if category == 1 else 1):
                rules.select(category, entry)
                look.shot(f"rules {category}.{entry}", frames=1)
        d.pop()
        d.open("tutorial", chapter=0)
        look.shot("tutorial", frames=40)
    finally:
        d.close()
    assert len(look.seen) > 40 and sum(map(len, look.seen.values())) > 2000
    assert look.cut() == []
    assert look.problems == []
    if language == words.PSEUDO:
        assert look.escaped() == []
        everything = " ".join(s for drawn in look.seen.values() for s, _m in drawn)
        assert everything.count("[") > 500  # the pseudo-language was drawn throughout


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bar_s_buttons_fit_their_labels_at_1024x640(back_to_english, language):
    """Each label the bar can show, in each language, narrower than the narrowest slot (the
    font steps down before a label is cut)."""
    from loyang_game.play.commands import BUTTON_LABELS
    from loyang_game.ui.tableview import USE_HELPER

    d = Director(SCENES, Settings(speed="off", hints=False), size=(1024, 640),
                 fullscreen=False, fps_cap=0)
    try:
        table = d.open("table", game=played(2, 3))
        L = table.view.layout()
        words.set_language(language)
        labels = [*(words._(label) for label in (*BUTTON_LABELS.values(),
                                                 *USE_HELPER.values())),
                  words._("Buy a Two-pack ({price})", price=12),
                  words._("Sell for {cash} Cash", cash=3)]
        room = min(button_rect(L, name).w for name in BUTTON_SLOTS) - L.px(10)
        wide = [label for label in labels if theme.font(L.px(14), True).size(label)[0] > room]
        assert wide == [], (language, room)
    finally:
        d.close()


def test_the_pseudo_language_s_letters_are_in_the_shipped_font():
    """Each letter the pseudo-language writes has a glyph of its own in Lato (not the box
    drawn for a character the font lacks: ĥ, ţ and ŕ have none)."""
    import pygame

    from loyang_game.ui import fonts

    pygame.font.init()
    face = fonts.Face(40, False).font

    def picture(c: str) -> bytes:
        return pygame.image.tobytes(face.render(c, True, (0, 0, 0)), "RGBA")

    missing = picture("\ue000")  # a private-use character: no glyph
    letters = set(words.pseudo("".join(map(chr, range(32, 127))))) - set(map(chr, range(128)))
    assert "é" in letters and [c for c in sorted(letters) if picture(c) == missing] == []
    assert picture("ţ") == missing  # (the test can tell)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_table_s_dialogs_fit_at_1024x640(monkeypatch, back_to_english, language):
    """The choices made over the table: the question before ending the Action phase with a
    due customer unserved, and the Harvest helper's options with its card's text."""
    from ..engine.helper_scenarios import put_regular, turn
    from .driver import click_target
    from .test_table_words import harvest_table, person_table

    words.set_language(language)
    seen: list[tuple[str, str]] = []
    s, seat = turn()
    put_regular(s, seat, "R1", red=False)
    app = person_table(s, seat, (1024, 640))
    drawn = record_drawn(monkeypatch)
    app.click(app.view.position_of(("btn", "end")))
    assert app.picker.choosing
    drawn.clear()
    app.d.draw()
    seen += drawn
    app.d.close()
    app, helper, _fields = harvest_table((1024, 640))
    click_target(app, ("helper", helper))
    drawn.clear()
    app.d.draw()
    seen += drawn
    app.d.close()
    assert len(seen) > 30
    assert sorted({s for s, _m in seen if "\u2026" in s}) == []
    if language == words.PSEUDO:
        assert [s for s, _m in escaped(seen)] == []


@pytest.mark.parametrize("language", ["de", words.PSEUDO])
def test_the_review_s_words_fit_at_1024x640(monkeypatch, back_to_english, language):
    """The review of two rounds (the coach on small budgets): its progress, then its
    costly decisions, each row's verdict and move, in the language and whole."""
    from ai import review as review_module

    from .test_review import _director, _replay, _until_done, small_review  # noqa: F401

    monkeypatch.setattr(review_module, "COACH_LEVEL", "hard:act_iterations=40,"
                                                      "other_iterations=20")
    words.set_language(language)
    replay = _replay(rounds=2)
    drawn = record_drawn(monkeypatch)
    d, scene = _director(replay, size=(1024, 640))
    try:
        for _frame in range(2):
            d.frame(dt=1 / 60)
        _until_done(d, scene)  # what it drew while it thought and once done
        d.draw()
        assert scene.shown, "two rounds of an easy player hold a costly decision"
    finally:
        d.close()
    assert len(drawn) > 10
    assert sorted({s for s, _m in drawn if "\u2026" in s}) == []
    if language == words.PSEUDO:
        assert [s for s, _m in escaped(drawn)] == []
