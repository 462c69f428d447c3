"""The shipped typeface (issue 48, item 4): Lato from assets/fonts/, with its licence, drawn at
its own size, with a glyph for every character the game's words use in English, German,
Italian and French."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pygame
import pytest

from loyang_game.ui import fonts, theme

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted((ROOT / "loyang_game" / "words" / "catalogs").glob("*/LC_MESSAGES/*.po"))
# The letters each language writes with, beyond what its catalogue happens to hold today,
# and the marks its typography uses (quotes, dashes, the ellipsis, the euro).
ALPHABETS = {
    "en": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789‘’“”–—…×·±",
    "de": "ÄÖÜäöüß„“‚‘»«",
    "it": "ÀÈÉÌÍÎÒÓÙÚàèéìíîòóùú«»",
    "fr": "ÀÂÆÇÈÉÊËÎÏÔŒÙÛÜŸàâæçèéêëîïôœùûüÿ«»‹›€ ",
}


def catalogue_characters() -> set[str]:
    """Every printable character of the catalogues' messages, ids and translations."""
    chars: set[str] = set()
    for path in CATALOGUES:
        for line in path.read_text(encoding="utf-8").splitlines():
            match = re.match(r'\s*(?:msgid|msgstr|msgid_plural|msgstr\[\d\]|msgctxt)?\s*"(.*)"$',
                             line)
            if match:
                chars |= set(match.group(1).encode().decode("unicode_escape")
                             .encode("latin-1").decode("utf-8"))
    return {c for c in chars if c.isprintable() or c == " "}


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def test_the_font_and_its_licence_are_shipped():
    folder = fonts.font_dir()
    for name in fonts.FILES.values():
        assert (folder / name).is_file(), name
    licence = (folder / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    shipped = data["tool"]["setuptools"]["package-data"]["loyang_game.assets"]
    assert "fonts/*.ttf" in shipped and "fonts/OFL.txt" in shipped


def test_the_catalogues_are_read():
    assert {p.parts[-3] for p in CATALOGUES} >= {"de", "it", "fr"}
    chars = catalogue_characters()
    assert {"ä", "ß", "é", "ç", "à"} <= chars  # the German, French and Italian letters found


@pytest.mark.parametrize("bold", [False, True])
def test_every_character_of_the_four_languages_has_a_glyph(bold):
    wanted = catalogue_characters() | set("".join(ALPHABETS.values()))
    face = theme.font(20, bold)
    missing = [c for c in sorted(wanted) if face.metrics(c)[0] is None]
    assert not missing, f"no glyph in {fonts.FILES[bold]} for {''.join(missing)!r}"


@pytest.mark.parametrize("bold", [False, True])
def test_each_catalogue_line_is_drawn_at_the_size_measured(bold):
    """Every message of every language drawn: as wide as measured (no scaling), with ink."""
    face = theme.font(16, bold)
    for path in CATALOGUES:
        text = path.read_text(encoding="utf-8")
        for message in re.findall(r'^msgstr "(.+)"$', text, re.M)[:400]:
            img = face.render(message, True, (255, 255, 255))
            assert img.get_size() == face.size(message), message
            assert img.get_bounding_rect().w > 0, message


def test_the_face_is_the_shipped_font_at_its_own_size():
    face = theme.font(20, True)
    assert face.font.get_point_size() == fonts.points(20)
    assert face.font.name == "Lato" and face.font.style_name == "Bold"
    assert theme.font(20).font.style_name == "Regular"
    # drawn, not scaled: the capital's height is the font's own at those points
    h = face.render("H", True, (255, 255, 255)).get_bounding_rect().h
    assert abs(h - 0.72 * fonts.points(20)) <= 1.5
