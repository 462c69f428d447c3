"""The game's typeface: Lato (Regular and Bold, by Łukasz Dziedzic), shipped in
`assets/fonts/` under the SIL Open Font License 1.1 (`assets/fonts/OFL.txt`, which the
licence asks to travel with the fonts; it allows bundling them with software, sold or not).
The two files come from the `font-lato` package on PyPI (0.1.0, Google Fonts' build of Lato
2), 146 KB together; they cover every letter and mark the game's English, German, Italian and
French words use (`tests/ui/test_fonts.py` checks each character of the catalogues).

Every word is drawn by SDL_ttf at its own size, never drawn big and scaled down: a `Face`
of size `size` (the game's unit, as `theme.font` is called everywhere) is Lato at
`POINTS * size` points. pygame's old default font (FreeSans Bold) stood at 0.6875 points a
unit; Lato's lowercase is a little smaller for its capitals, so 0.72 keeps the letters of
the old words at least as tall, while Lato's narrower letters leave lines room to spare.
Lato's hinting keeps a word's letters together at the small sizes of a 1024x640 window
(the old font, drawn at its size, opened gaps in them: "Cas ual").

Measuring and drawing never raise: a character SDL_ttf refuses (NUL, a lone surrogate from
an undecodable file name) is measured and drawn as '?'."""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from ..files.paths import asset_dir
from ..text.safe_text import displayable

POINTS = 0.72  # Lato's points for one unit of the game's font sizes
FILES = {False: "Lato-Regular.ttf", True: "Lato-Bold.ttf"}


def font_dir() -> Path:
    """Where the font files are: assets/fonts/ of the checkout, of the installed package
    data, or of the download."""
    return asset_dir() / "fonts"


def points(size: int) -> int:
    return max(6, round(POINTS * size))


class Face:
    """Lato at one size of the game's unit, regular or bold."""

    def __init__(self, size: int, bold: bool) -> None:
        self.font = pygame.font.Font(str(font_dir() / FILES[bold]), points(size))

    def size(self, s: str) -> tuple[int, int]:
        return self.font.size(displayable(s))

    def get_linesize(self) -> int:
        return self.font.get_linesize()

    def get_height(self) -> int:
        return self.font.get_height()

    def render(self, s: str, antialias: bool, colour) -> pygame.Surface:
        s = displayable(s)
        if not s:  # SDL_ttf draws no empty line: an empty one as tall as the face
            return pygame.Surface((0, self.font.get_height()), pygame.SRCALPHA)
        return self.font.render(s, antialias, colour)

    def metrics(self, s: str) -> list:
        """Each character's box, None for one the font has no glyph for."""
        return self.font.metrics(s)


@functools.cache
def face(size: int, bold: bool) -> Face:
    return Face(size, bold)
