"""Loading the sprites from assets/ and keeping what is drawn at each size. The pieces
(vegetables, coins, start-player markers, pawns, satisfaction markers) and the card backs are
drawn from their vectors (`assets/art/*.svg`, `art.vector`) at each size they are shown at,
never scaled; the pawns and satisfaction markers in their colour of the palette in use. The
card faces and the Loan card are drawn by `art.tile`, `art.portrait` and `art.loan_card` at
each size they are shown at, in the player's language (their words in the game's font at
their size), and kept by that language too: a switch of language draws them again at the next
frame, and a switch back finds them kept. Only the textures are PNG files, and scaled."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pygame

from ..engine.cards import CARDS, CASUAL, HELPER, REGULAR, STALL, VEG_NAMES
from ..files.paths import asset_dir
from ..words import language
from . import art
from . import theme as t
from .cache import SurfaceCache
from .cardgeom import CARD_H, CARD_W, TILE_H, TILE_W

# The scaled copies (and the textures tiled over a size) are kept by their pixels, for a budget
# of six windows' worth (and never less than 16 MB): a frame draws at most about 1.7 windows
# of them (the table: the wood under it, one window, and 54 cards, pawns and tokens at their
# sizes, 6.8 MB at 1280x800), so every frame's are kept, and those of the scenes around it;
# what a window of another size scaled, or a card not seen for long, gives way.
SCREENS = 6
LEAST = 16 * 2**20
NOMINAL = 64  # the pixels of a piece asked for with no size


def _faces() -> dict[str, tuple[int, int]]:
    """The sprites with words on them, by name, at their design size: each card's upright
    face ("card_N"), the played face of a stall, customer or Helper ("tile_N"), a Helper's as
    it works in the solo game where that differs ("card_N_solo", "tile_N_solo"), the Loan."""
    faces = {"loan": (art.LOAN_W, art.LOAN_H)}
    for card in CARDS:
        kinds = {"card": (CARD_W, CARD_H)}
        if card.kind in (STALL, REGULAR, CASUAL, HELPER):
            kinds["tile"] = (TILE_W, TILE_H)
        solo = card.kind == HELPER and card.name in t.HELPER_SHORT_SOLO
        for kind, size in kinds.items():
            faces[f"{kind}_{card.id}"] = size
            if solo:
                faces[f"{kind}_{card.id}_solo"] = size
    return faces


FACES = _faces()


def _draw_face(name: str, w: int, h: int) -> pygame.Surface:
    """The face `name` (one of FACES) drawn at `w` x `h` in the language spoken now."""
    if name == "loan":
        return art.loan_card(w, h)
    kind, number, *solo = name.split("_")
    draw = art.tile if kind == "tile" else art.portrait
    return draw(int(number), bool(solo), w, h)


class Named(Mapping[str, pygame.Surface]):
    """Every sprite by name at its own size (`Sprites.base`): the textures and pieces as
    loaded or drawn once, and the card faces at their design size, drawn in the language
    spoken when asked for (`name in base` tells whether a card has a played face)."""

    def __init__(self, sprites: Sprites) -> None:
        self.sprites = sprites

    def __getitem__(self, name: str) -> pygame.Surface:
        if name in FACES:
            return self.sprites.get(name)
        return self.sprites.pictures[name]

    def __contains__(self, name: object) -> bool:
        return name in FACES or name in self.sprites.pictures

    def __iter__(self) -> Iterator[str]:
        yield from self.sprites.pictures
        yield from FACES

    def __len__(self) -> int:
        return len(self.sprites.pictures) + len(FACES)


class Sprites:
    """Every sprite by name; `get(name, size)` draws (or scales) and caches."""

    def __init__(self, folder: Path | None = None) -> None:
        folder = folder or asset_dir()
        self.pictures: dict[str, pygame.Surface] = {}
        self.base = Named(self)
        self._scaled = SurfaceCache(SCREENS, LEAST)
        files = sorted(folder.glob("*.png")) if folder.is_dir() else []
        if not files:
            raise FileNotFoundError(
                f"no textures in {folder}: run `python tools/draw_assets.py` to draw them")
        for path in files:
            self.pictures[path.stem] = pygame.image.load(str(path)).convert_alpha()
        for name in art.VECTORS:  # each piece also at one size, for a size-less `get`
            w, h = (CARD_W, CARD_H) if name.startswith("back_") else (NOMINAL, NOMINAL)
            self.pictures[name] = art.piece(name, w, h).convert_alpha()

    def get(self, name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        """`name` at `size`: a card's face drawn at that size in the player's language (its
        words in the game's font at their size, its pieces from their vectors), a piece
        drawn at that size, a texture scaled."""
        face = FACES.get(name)
        if face is not None:
            w, h = size if size is not None else face
            key: tuple = (name, max(1, int(w)), max(1, int(h)), language())
            out = self._scaled.get(key)
            if out is None:
                out = self._scaled.put(key, _draw_face(name, *key[1:3]).convert_alpha())
            return out
        img = self.pictures[name]
        if size is None or size == img.get_size():
            return img
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = (name, w, h)
        out = self._scaled.get(key)
        if out is None:
            if name in art.VECTORS:
                drawn = art.piece(name, w, h).convert_alpha()
            else:
                drawn = pygame.transform.smoothscale(img, (w, h))
            out = self._scaled.put(key, drawn)
        return out

    def veg(self, veg: int, size: int) -> pygame.Surface:
        return self.get(f"veg_{VEG_NAMES[veg].lower()}", (size, size))

    def card(self, card: int, w: int, h: int, solo: bool = False) -> pygame.Surface:
        """`card`'s upright face; `solo`: a Helper's as it works in the solo game."""
        return self.get(self._face("card", card, solo), (w, h))

    def pawn(self, seat: int, size: int) -> pygame.Surface:
        """`seat`'s scoring marker in its colour of the palette in use (`theme.set_palette`)."""
        colour = t.SEAT_COLOURS[seat]
        key = ("pawn", colour, size)
        out = self._scaled.get(key)
        if out is None:
            out = self._scaled.put(key, art.marker(colour, size).convert_alpha())
        return out

    def satisfaction(self, unsatisfied: bool, size: int) -> pygame.Surface:
        """A Regular customer's marker in the palette in use: blue and satisfied, or turned
        red (`unsatisfied`)."""
        colour = t.MARKER_RED if unsatisfied else t.MARKER_BLUE
        key = ("satisfaction", colour, unsatisfied, size)
        out = self._scaled.get(key)
        if out is None:
            out = self._scaled.put(key, art.satisfaction(colour, unsatisfied, size)
                                   .convert_alpha())
        return out

    def tile(self, card: int, w: int, h: int, solo: bool = False) -> pygame.Surface:
        """`card`'s face as played; `solo`: a Helper's as it works in the solo game."""
        return self.get(self._face("tile", card, solo), (w, h))

    @staticmethod
    def _face(kind: str, card: int, solo: bool) -> str:
        """The face's name: a Helper with a solo rule of its own has a solo face."""
        name = f"{kind}_{card}"
        return f"{name}_solo" if solo and f"{name}_solo" in FACES else name

    def back(self, private_field: bool, w: int, h: int) -> pygame.Surface:
        return self.get("back_field" if private_field else "back_action", (w, h))

    def tiled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A texture repeated over `size` (cached)."""
        key = (f"tiled:{name}", size[0], size[1])
        out = self._scaled.get(key)
        if out is None:
            tex = self.pictures[name]
            out = pygame.Surface(size)
            for x in range(0, size[0], tex.get_width()):
                for y in range(0, size[1], tex.get_height()):
                    out.blit(tex, (x, y))
            self._scaled.put(key, out)
        return out
