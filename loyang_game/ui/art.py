"""Drawing the sprites: vegetable tokens, coins, markers, card faces and backs, textures.

The pieces (the six vegetables, the coins, the start-player markers, the pawns on the Path
and the Regular customers' satisfaction markers) are our own illustrations kept as vectors,
one SVG file each under `assets/art/`, drawn at the size they are shown at (`vector`):
pygame-ce loads SVG through SDL_image (its nanosvg rasterizer, no dependency of our own),
so a piece is as crisp in a 1024x640 window as at 2560x1600 or 4K, where a PNG drawn once
at 48 pixels would be scaled up, blurred. SVG rather than drawing code: an illustrator edits
the files in any vector editor and a review reads their shapes as text, while code drawing
with pygame.draw has no gradients and no smooth edges on filled shapes. nanosvg draws no
text and no filters, so shadows are offset shapes and the letters and numbers on the pieces
(each vegetable keeps its own shape and letter, for colour-blind players) are drawn over
them in the game's font. Pieces in a colour of the palette in use (pawns, satisfaction
markers) carry #ff00ff and #800080 in their file, replaced by the colour and its darker shade
when drawn. `Sprites` (sprites.py) keeps what it drew by size, within its byte budget.

The card faces and the Loans are drawn here at the size they are shown at (`tile`,
`portrait`, `loan_card`: frames from their vectors, panels with pygame.draw, vegetables and
coins from the same vectors), every word on them in the player's language (`words`), given
its room on the card: a language that says more is drawn smaller there. No word is kept in a
picture file; only the two textures are PNGs, drawn once by `tools/draw_assets.py`.
"""

from __future__ import annotations

import functools
import io
import math
import random

import pygame

from ..engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    REGULAR,
    STALL,
    VEG_LETTERS,
    VEG_NAMES,
    CardKind,
)
from ..files.paths import asset_dir
from ..text.names import card_words, helper_words
from ..words import NP_, _, pgettext
from . import cardgeom as g
from . import theme as t
from .draw import fit, text, wrap


def _text(surf, s, size, colour, center=None, topleft=None, bold=True):
    """Card lettering: bold unless told otherwise."""
    return text(surf, s, size, colour, center=center, topleft=topleft, bold=bold)


def _darker(c, k=0.6):
    return tuple(int(v * k) for v in c[:3])


# --- the pieces, from their vectors -------------------------------------------------------------

# A piece's colour, its darker shade and a light colour (a card's panel), in its file.
PAINT, PAINT_DARK, PAINT_LIGHT = "#ff00ff", "#800080", "#00ffff"
VEG_FILES = tuple(f"veg_{name.lower()}" for name in VEG_NAMES)
# The pieces `Sprites.get` draws from a vector at the size asked for (no PNG of them).
VECTORS = (*VEG_FILES, "coin", "coin_big", "start_big", "start_small", "back_action",
           "back_field")
BACK_COLOURS = {False: (120, 78, 44), True: (60, 110, 56)}  # action cards, private fields


def art_dir():
    return asset_dir() / "art"


@functools.cache
def _svg(name: str) -> str:
    return (art_dir() / f"{name}.svg").read_text(encoding="utf-8")


def _hex(colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour[:3])


def vector(name: str, w: int, h: int | None = None, colour=None, light=None,
           dark=None) -> pygame.Surface:
    """`assets/art/<name>.svg` drawn at `w` x `h` pixels (square if `h` is None); `colour`
    paints what the file has in #ff00ff, `dark` (else a darker shade of `colour`) #800080,
    and `light` #00ffff."""
    text = _svg(name)
    if colour is not None:
        text = text.replace(PAINT, _hex(colour)).replace(
            PAINT_DARK, _hex(dark if dark is not None else _darker(colour)))
    if light is not None:
        text = text.replace(PAINT_LIGHT, _hex(light))
    size = (max(1, int(w)), max(1, int(h if h is not None else w)))
    img = pygame.image.load_sized_svg(io.BytesIO(text.encode()), size)
    if img.get_size() != size:  # SDL_image rounds some scales up by a pixel: cut it off
        exact = pygame.Surface(size, pygame.SRCALPHA)
        exact.blit(img, (0, 0))
        img = exact
    return img


# The pixels of a token whose letter is drawn bolder: from the table's smallest (a field's
# tokens at 1024x640) up; tinier ones (a field card's header) keep it thin, not a blot.
BOLDER = range(16, 26)


def token(veg: int, size: int = g.TOKEN) -> pygame.Surface:
    """A vegetable: its own shape and colour (assets/art/veg_*.svg) and its letter, in an ink
    far from its fill in grey (dark on the light ones, white on the dark: theme.VEG_LETTER_INK)
    so that shape and letter tell it without colour. Small (a field's, a panel's) the letter
    is drawn twice a pixel apart: one stroke of the font at that size is a pale blur."""
    s = int(size)
    surf = vector(VEG_FILES[veg], s)
    if s >= 9:  # below that a letter is a blot; the shape alone tells it
        for dx in (-0.5, 0.5) if s in BOLDER else (0,):
            _text(surf, VEG_LETTERS[veg], round(s * 0.62), t.VEG_LETTER_INK[veg],
                  center=(s / 2 + dx, s * 0.52))
    return surf


def coin(size: int = 48, big: bool = False) -> pygame.Surface:
    return vector("coin_big" if big else "coin", size)


def marker(col: tuple, size: int = 48) -> pygame.Surface:
    """A scoring marker: a pawn in a seat's colour `col`, outlined in a darker shade."""
    return vector("pawn", size, colour=col)


def satisfaction(col: tuple, unsatisfied: bool, size: int) -> pygame.Surface:
    """A Regular customer's marker in `col`: a ring on its satisfied side, an exclamation
    mark once turned (told apart by more than its colour)."""
    return vector("unsatisfied" if unsatisfied else "satisfied", size, colour=col)


def start_token(big: bool, size: int = 56) -> pygame.Surface:
    """The starting player's marker (`big`, "1") or the second player's ("2")."""
    surf = vector("start_big" if big else "start_small", size)
    r = size * (0.45 if big else 0.35)
    _text(surf, "1" if big else "2", int(r * 1.5), (250, 220, 120), center=(size / 2, size / 2))
    return surf


def piece(name: str, w: int, h: int) -> pygame.Surface:
    """One of `VECTORS` drawn at `w` x `h`."""
    if name in VEG_FILES:
        return token(VEG_FILES.index(name), min(w, h))
    if name.startswith("start_"):
        return start_token(name == "start_big", min(w, h))
    if name.startswith("back_"):
        return back(name == "back_field", w, h)
    return vector(name, w, h)


def bowl(size: int = 26) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(surf, (120, 80, 40), (0, size * 0.25, size, size * 0.7))
    pygame.draw.ellipse(surf, (170, 120, 70), (size * 0.12, size * 0.25, size * 0.76, size * 0.3))
    return surf


# --- textures ----------------------------------------------------------------------------------

def wood(size: int = 256) -> pygame.Surface:
    rng = random.Random(7)
    surf = pygame.Surface((size, size))
    surf.fill(t.TABLE)
    for y in range(size):
        k = 0.9 + 0.1 * math.sin(y * 0.21 + 2 * math.sin(y * 0.037))
        shade = tuple(min(255, int(c * k)) for c in t.TABLE)
        pygame.draw.line(surf, shade, (0, y), (size, y))
    for _streak in range(40):
        y = rng.randrange(size)
        x = rng.randrange(size)
        pygame.draw.line(surf, t.TABLE_DARK, (x, y), (x + rng.randrange(20, 90), y), 1)
    return surf


def paper(size: int = 256) -> pygame.Surface:
    rng = random.Random(3)
    surf = pygame.Surface((size, size))
    surf.fill(t.PANEL)
    for _speck in range(1400):
        x, y = rng.randrange(size), rng.randrange(size)
        d = rng.randrange(-10, 8)
        surf.set_at((x, y), tuple(max(0, min(255, c + d)) for c in t.PANEL))
    return surf


# --- cards -------------------------------------------------------------------------------------

def _frame(w: int, h: int, kind: CardKind) -> pygame.Surface:
    """A card's frame in its kind's colours (assets/art/frame_portrait.svg, frame_tile.svg):
    the border and header band, the paper panel under the header."""
    dark, light = t.KIND_COLOURS[kind]
    return vector("frame_tile" if w > h else "frame_portrait", w, h, colour=dark, light=light,
                  dark=_darker(dark, 0.75))


# A card's words shrink to their room down to this part of their design size (a long
# language's title, a Helper's text in German); below it they are cut, which the faces'
# test finds.
SHRINK_TO = 0.6


class _Pen:
    """Drawing a card face laid out in its design pixels (cardgeom: 360x120 a tile, 150x210
    an upright card) at the size it is shown at: positions scaled across by `kx` and down by
    `ky`, the sizes of words and pieces by the smaller, so each is drawn at its own size
    (the words in the game's font at that size, the pieces from their vectors), never a
    picture scaled. Words are given their room (`line`, `block`): a language that says
    more in them is drawn smaller there, not over the card's edge."""

    def __init__(self, surf: pygame.Surface, design: tuple[int, int]) -> None:
        self.surf = surf
        self.kx = surf.get_width() / design[0]
        self.ky = surf.get_height() / design[1]
        self.k = min(self.kx, self.ky)

    def at(self, x, y) -> tuple[int, int]:
        return round(x * self.kx), round(y * self.ky)

    def box(self, x, y, w, h) -> pygame.Rect:
        left, top = self.at(x, y)
        return pygame.Rect(left, top, round((x + w) * self.kx) - left,
                           round((y + h) * self.ky) - top)

    def rect(self, colour, part, width=0, radius=0) -> None:
        line = max(1, round(width * self.k)) if width else 0
        pygame.draw.rect(self.surf, colour, self.box(*part), line,
                         border_radius=max(1, round(radius * self.k)) if radius else -1)

    def circle(self, colour, centre, r) -> None:
        pygame.draw.circle(self.surf, colour, self.at(*centre), max(1, r * self.k))

    def size(self, size) -> int:
        return max(1, round(size * self.k))

    def text(self, s, size, colour, center=None, topleft=None, bold=True) -> None:
        _text(self.surf, s, size * self.k, colour, bold=bold,
              center=self.at(*center) if center is not None else None,
              topleft=self.at(*topleft) if topleft is not None else None)

    def _shrunk(self, s, size, room, bold) -> float | None:
        """The largest size in pixels, from `size`'s down to SHRINK_TO of it, at which `s` is
        no wider than `room` pixels (None: not even there)."""
        px, least = size * self.k, size * self.k * SHRINK_TO
        while t.font(px, bold).size(s)[0] > room:
            px -= 1
            if px < least:
                return None
        return px

    def line(self, s, size, colour, width, center=None, topleft=None, bold=True,
             short=None) -> None:
        """`s` on one line no wider than `width`: at `size`, or as much smaller as it needs
        (to SHRINK_TO of it); else `short` (a card's code for its title, on a card too small
        for the whole), else cut with an ellipsis."""
        room = width * self.kx
        px = self._shrunk(s, size, room, bold)
        if px is None and short is not None:
            s, px = short, self._shrunk(short, size, room, bold)
        if px is None:
            px = size * self.k * SHRINK_TO
            s = fit(s, px, room, bold)
        self.text(s, px / self.k, colour, center=center, topleft=topleft, bold=bold)

    def block(self, s, size, colour, topleft, width, step, height, bold=False) -> float:
        """`s` in lines no wider than `width`, one each `step` from `topleft`, filling no
        more than `height`: at `size`, or as much smaller as it needs (to SHRINK_TO of it,
        its lines closer in step), else its lines cut; returns where the block ends."""
        room = width * self.kx
        px, least = size * self.k, size * self.k * SHRINK_TO
        while True:
            lines = wrap(s, px, room, bold)
            gap = step * px / (size * self.k)
            fits = (len(lines) * gap <= height
                    and all(t.font(px, bold).size(line)[0] <= room for line in lines))
            if fits or px - 1 < least:
                break
            px -= 1
        if not fits:
            lines = [fit(line, px, room, bold) for line in lines[:max(1, int(height // gap))]]
        x, y = topleft
        for i, line in enumerate(lines):
            self.text(line, px / self.k, colour, topleft=(x, y + i * gap), bold=bold)
        return y + len(lines) * gap

    def token(self, veg, size, x, y) -> None:
        self.surf.blit(token(veg, self.size(size)), self.at(x, y))

    def coin(self, size, x, y) -> None:
        self.surf.blit(coin(self.size(size)), self.at(x, y))

    def bowl(self, size, x, y) -> None:
        self.surf.blit(bowl(self.size(size)), self.at(x, y))

    def veg_row(self, vegs, x, y, size, gap=4) -> None:
        for i, veg in enumerate(vegs):
            self.token(veg, size, x + i * (size + gap), y)


# The order of a Regular customer's deliveries as its card prints it, by its rows.
DELIVERIES = (NP_("a Regular customer's delivery", "1st"),
              NP_("a Regular customer's delivery", "2nd"),
              NP_("a Regular customer's delivery", "3rd"),
              NP_("a Regular customer's delivery", "4th"))


def delivery(row: int) -> str:
    return pgettext("a Regular customer's delivery", DELIVERIES[row])


def short_text(name: str, solo: bool) -> str:
    """A Helper's few words on its face (as it works in the solo game when `solo`), in the
    player's language."""
    return _((t.HELPER_SHORT_SOLO.get(name) if solo else None) or t.HELPER_SHORT[name])


def tile(card_id: int, solo: bool = False, w: int = g.TILE_W,
         h: int = g.TILE_H) -> pygame.Surface:
    """The landscape face of a played card (stall, customer, Helper) drawn at `w` x `h` in
    the player's language; `solo`: a Helper's face as it works in the solo game."""
    card = CARDS[card_id]
    surf = _frame(w, h, card.kind)
    pen = _Pen(surf, (g.TILE_W, g.TILE_H))
    white = t.WHITE
    if card.kind == STALL:
        pen.line(_("Market stall {code}", code=card.code), 26, white, g.TILE_W - 28,
                 topleft=(14, 5), short=card.code)
        for i, (veg, bowls) in enumerate(card.offers):
            x, y, bw, bh = g.stall_offer(i)
            pen.rect((255, 244, 226), (x, y, bw, bh), radius=8)
            pen.token(veg, 60, x + 4, y + (bh - 60) // 2)
            for b in range(bowls):
                pen.bowl(30, x + 68, y + 8 + b * 30)
    elif card.kind == REGULAR:
        # the title keeps left of the start dot and of the badges the table lays over it
        pen.line(_("Regular {code}", code=card.code), 26, white, 180, topleft=(14, 5),
                 short=card.code)
        if card.start:
            pen.circle((120, 180, 255), (g.TILE_W - 60, 15), 7)
        pen.veg_row(card.wants, 12, 44, 62, 6)
        for i, pay in enumerate(card.pays):
            x, y, bw, bh = g.regular_row(i)
            pen.rect((255, 255, 255), (x, y, bw, bh), radius=6)
            pen.rect((46, 98, 176), (x, y, bw, bh), 2, radius=6)
            pen.text(str(pay), 40, t.INK, center=(x + bw / 2, y + bh / 2 - 6))
            pen.line(delivery(i), 20, t.INK_SOFT, bw - 6,
                     center=(x + bw / 2, y + bh - 12), bold=False, short=str(i + 1))
    elif card.kind == CASUAL:
        pen.line(_("Casual {code}", code=card.code), 26, white, 180, topleft=(14, 5),
                 short=card.code)
        pen.veg_row(card.wants, 12, 42, 66, 6)
        pen.coin(70, 240, 38)
        pen.text(str(card.pays[0]), 52, t.INK, center=(330, 74))
    elif card.kind == HELPER:
        pen.line(helper_words(card.name), 28, white, g.TILE_W - 28, topleft=(14, 4))
        pen.block(short_text(card.name, solo), 27, t.INK, (18, g.HEADER + 8), g.TILE_W - 36,
                  24, 3 * 24)
    else:
        pen.line(card_words(card_id), 26, white, g.TILE_W - 28, topleft=(14, 5))
    return surf


def portrait(card_id: int, solo: bool = False, w: int = g.CARD_W,
             h: int = g.CARD_H) -> pygame.Surface:
    """The upright face of a card (hand, Courtyard, Offer, fields, dialogs) drawn at `w` x
    `h` in the player's language; `solo`: a Helper's face as it works in the solo game."""
    card = CARDS[card_id]
    surf = _frame(w, h, card.kind)
    pen = _Pen(surf, (g.CARD_W, g.CARD_H))
    w, h = g.CARD_W, g.CARD_H  # below, the design's pixels
    white, ink = t.WHITE, t.INK
    if card.kind == STALL:
        pen.line(_("Stall {code}", code=card.code), 26, white, w - 20, topleft=(10, 6),
                 short=card.code)
        for i, (veg, bowls) in enumerate(card.offers):
            y = g.HEADER + 6 + i * 58
            pen.rect((255, 244, 226), (12, y, w - 24, 52), radius=8)
            pen.token(veg, 48, 18, y + 2)
            for b in range(bowls):
                pen.bowl(28, 76 + b * 30, y + 14)
    elif card.kind == REGULAR:
        pen.line(_("Regular {code}", code=card.code), 26, white,
                 w - 34 if card.start else w - 20, topleft=(10, 6), short=card.code)
        if card.start:
            pen.circle((120, 180, 255), (w - 14, 15), 7)
        pen.veg_row(card.wants, 14, g.HEADER + 6, 56, 8)
        for i, pay in enumerate(card.pays):  # the 1st delivery at the bottom, as printed
            y = h - 34 - i * 28
            pen.rect((255, 255, 255), (24, y, w - 48, 24), radius=5)
            pen.line(f"{delivery(i)}   {pay}", 24, ink, w - 56, center=(w / 2, y + 12),
                     short=f"{i + 1}   {pay}")
    elif card.kind == CASUAL:
        pen.line(_("Casual {code}", code=card.code), 26, white, w - 20, topleft=(10, 6),
                 short=card.code)
        pen.veg_row(card.wants, 10, g.HEADER + 10, 40, 4)
        pen.circle((150, 110, 30), (76, 142), 40)
        pen.circle((236, 196, 90), (75, 140), 38)
        pen.text(str(card.pays[0]), 60, ink, center=(75, 142))
    elif card.kind == HELPER:
        pen.line(pgettext("a card's kind", "Helper"), 24, white, w - 20, topleft=(10, 7))
        below = pen.block(helper_words(card.name), 27, ink, (12, g.HEADER + 6), w - 24, 26,
                          2 * 26, bold=True)
        pen.block(short_text(card.name, solo), 23, t.INK_SOFT, (12, below + 4), w - 24, 20,
                  h - 8 - (below + 4))
    else:  # fields
        common = card.kind == COMMON_FIELD
        title = (_("Home field") if card.code == "Home" else
                 pgettext("a field card's title", "Common") if common else
                 pgettext("a field card's title", "Field"))
        pen.line(title, 25, white, w - 56 if common else w - 20, topleft=(10, 6))
        pen.text(str(card.spaces), 40, ink, topleft=(14, g.HEADER + 6))
        for i, veg in enumerate(card.sowable):
            pen.token(veg, 26, 54 + (i % 3) * 28, g.HEADER + 4 + (i // 3) * 24)
        if common:
            pen.coin(30, w - 40, 3)
            pen.text("2", 22, ink, center=(w - 25, 18))
        x, y, fw, fh = g.field_spaces()
        pen.rect((180, 150, 100), (x, y, fw, fh), radius=8)
        pen.rect((140, 110, 70), (x, y, fw, fh), 2, radius=8)
    return surf


def back(private_field: bool, w: int = g.CARD_W, h: int = g.CARD_H) -> pygame.Surface:
    """A card's back (assets/art/back.svg): the private fields' green, the others' brown."""
    return vector("back", w, h, colour=BACK_COLOURS[private_field])


LOAN_W, LOAN_H = 90, 60  # a Loan card's design pixels


def loan_card(w: int = LOAN_W, h: int = LOAN_H) -> pygame.Surface:
    """A Loan card drawn at `w` x `h`: +5 Cash taken, one space back on the Path."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    pen = _Pen(surf, (LOAN_W, LOAN_H))
    pen.rect((230, 220, 200), (0, 0, LOAN_W, LOAN_H), radius=8)
    pen.rect((150, 40, 40), (0, 0, LOAN_W, LOAN_H), 3, radius=8)
    pen.line(pgettext("a card's kind", "Loan"), 26, (150, 40, 40), LOAN_W - 10,
             center=(LOAN_W / 2, 20))
    pen.text("+5 / -1", 22, t.INK, center=(LOAN_W / 2, 44))
    return surf


def build_all() -> dict[str, pygame.Surface]:
    """The textures, drawn once as PNGs (by their file names without .png): every other
    sprite is drawn at the size it is shown at, the pieces from their vectors and the card
    faces, with their words in the player's language, here (`tile`, `portrait`,
    `loan_card`)."""
    return {"wood": wood(), "paper": paper()}
