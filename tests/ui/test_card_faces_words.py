"""The words on the card faces are the player's language (issue 47, items 1 and 6): every
title, Helper's name and text, delivery and Loan on a face comes from the catalogues, drawn
when the face is shown (no English kept in a picture file), again at once after a switch of
language; and each fits its face at every size the table shows it, from 1024x640 to
2560x1600, in German, Italian, French and the pseudo-language: none cut short, none over
the face's edge or over another, none left in English. Measured as the font draws them."""

from __future__ import annotations

import pygame
import pytest

from loyang_game import words
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import CARDS
from loyang_game.files.paths import asset_dir
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession
from loyang_game.ui import art, sprites
from loyang_game.ui.cardgeom import CARD_H, CARD_W
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import card_turn, set_courtyard, set_hand
from .test_language_fit import played
from .test_language_switch import plain_words

WINDOWS = [(1024, 640), (1280, 800), (2560, 1600)]
LANGUAGES = ["de", "it", "fr", words.PSEUDO]


@pytest.fixture
def back_to_english():
    yield
    words.set_language("en")


def _tables():
    """Tables that show every way a face is drawn: played cards (tiles), fields, a hand and
    a full Courtyard in a Card phase, the solo game's Offer."""
    state, seat = card_turn(4, 3)
    set_courtyard(state, ["S3", "R14", "K9", "Maid", "S7"])
    set_hand(state, seat, ["K13", "R2", "S12", "Squire"])
    yield state, seat
    game = played(2, 3)
    yield game.state, 0
    yield new_game(GameConfig(seats=1, seed=5)), 0


@pytest.fixture(scope="module")
def face_sizes():
    """The sizes the table draws each kind of face at ("card", "tile", "loan"), from tables
    drawn at 1024x640, 1280x800 and 2560x1600."""
    found: dict[str, set[tuple[int, int]]] = {}
    real = sprites.Sprites.get

    def get(self, name, size=None):
        if name in sprites.FACES and size is not None:
            found.setdefault(name.split("_")[0], set()).add((int(size[0]), int(size[1])))
        return real(self, name, size)

    patch = pytest.MonkeyPatch()
    patch.setattr(sprites.Sprites, "get", get)
    try:
        for window in WINDOWS:
            for state, seat in _tables():
                kinds = ["normal"] * state.config.seats
                kinds[seat] = "person"
                d = Director(SCENES, Settings(speed="off", hints=False), size=window,
                             fullscreen=False, fps_cap=0)
                d.open("table", game=GameSession(state.clone(), kinds, ai_seed=1,
                                                 autosave=False, record=False))
                d.frame(dt=1 / 60)
                d.close()
    finally:
        patch.undo()
    found.setdefault("loan", set()).update({(48, 32), (60, 40), (120, 80)})
    return found


def _words_on(monkeypatch, name: str, size) -> tuple[list[tuple[str, pygame.Rect]],
                                                     pygame.Rect]:
    """The face `name` drawn at `size`: (string, where) of each word drawn on it (the
    letters on its vegetables, drawn on their own pictures, aside)."""
    drawn: list = []
    real = art.text

    def text(surf, s, *args, **kwargs):
        r = real(surf, s, *args, **kwargs)
        drawn.append((surf, s, r))
        return r

    monkeypatch.setattr(art, "text", text)
    face = sprites._draw_face(name, *size)
    monkeypatch.setattr(art, "text", real)
    return [(s, r) for surf, s, r in drawn if surf is face], face.get_rect()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_face_s_words_fit_at_the_sizes_the_table_shows(monkeypatch, back_to_english,
                                                             face_sizes, language):
    assert min(face_sizes["card"])[0] < CARD_W * 0.5 and len(face_sizes["tile"]) >= 3
    words.set_language(language)
    problems, checked = [], 0
    for name in sprites.FACES:
        for size in sorted(face_sizes[name.split("_")[0]]):
            said, edge = _words_on(monkeypatch, name, size)
            checked += len(said)
            for s, r in said:
                if "\u2026" in s:
                    problems.append(f"{name} at {size}: {s!r} cut")
                if not edge.contains(r):
                    problems.append(f"{name} at {size}: {s!r} over the edge")
                if language == words.PSEUDO and plain_words(s):
                    problems.append(f"{name} at {size}: {s!r} in English")
            for i, (s, r) in enumerate(said):  # a line's box may touch the next by a pixel
                problems += [f"{name} at {size}: {s!r} over {t!r}" for t, q in said[i + 1:]
                             if r.clip(q).h > 2]
    assert checked > 5000
    assert problems == []


def test_a_face_is_drawn_in_the_language_spoken_and_again_after_a_switch(monkeypatch,
                                                                          back_to_english):
    """The same face asked for in English and then German is drawn in each (a Regular
    customer's title, a Helper's name and text), and the English one is found kept after a
    switch back."""
    pygame.display.set_mode((64, 64))
    kept = sprites.Sprites()
    regular = next(c.id for c in CARDS if c.code == "R4")
    helper = next(c.id for c in CARDS if c.name == "Foreman")

    def said(card: int, kind: str) -> set[str]:
        return {s for s, _r in _words_on(monkeypatch, f"{kind}_{card}", (300, 100)
                                          if kind == "tile" else (150, 210))[0]}

    english = kept.tile(regular, 192, 64)
    assert "Regular R4" in said(regular, "tile")
    assert {"Helper", "Foreman"} <= said(helper, "card")
    words.set_language("de")
    german = kept.tile(regular, 192, 64)
    assert german is not english
    assert pygame.image.tobytes(german, "RGBA") != pygame.image.tobytes(english, "RGBA")
    assert "Stammkunde R4" in said(regular, "tile")
    assert {"Helfer", "Vorarbeiter"} <= said(helper, "card")
    assert "abgelegt" in " ".join(said(helper, "card"))
    words.set_language("en")
    assert kept.tile(regular, 192, 64) is english


def test_no_picture_file_holds_words():
    """assets/ keeps the textures alone as pictures; every card face and the Loan are drawn
    by the game, and a card with a played face is known by name all the same."""
    assert {p.stem for p in asset_dir().glob("*.png")} == {"wood", "paper"}
    assert set(art.build_all()) == {"wood", "paper"}
    pygame.display.set_mode((64, 64))
    kept = sprites.Sprites()
    stall = next(c.id for c in CARDS if c.code == "S7")
    home = next(c.id for c in CARDS if c.code == "Home")
    assert f"tile_{stall}" in kept.base and f"tile_{home}" not in kept.base
    assert kept.base[f"card_{stall}"].get_size() == (CARD_W, CARD_H)
