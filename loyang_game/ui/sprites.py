"""Loading the sprites from assets/ and keeping what is drawn at each size. The pieces
(vegetables, coins, start-player markers, pawns, satisfaction markers) and the card backs are
drawn from their vectors (`assets/art/*.svg`, `art.vector`) at each size they are shown at,
never scaled; the pawns and satisfaction markers in their colour of the palette in use. The
card faces are drawn by `art.tile` and `art.portrait` at each size they are shown at, their
words in the game's font at their size (the PNGs in assets/, drawn at twice the design size
by tools/draw_assets.py, are the faces at that one size); only the textures are scaled."""

from __future__ import annotations

from pathlib import Path

import pygame

from ..engine.cards import CARDS, VEG_NAMES
from ..files.paths import asset_dir
from . import art
from . import theme as t
from .cache import SurfaceCache
from .cardgeom import CARD_H, CARD_W

# The scaled copies (and the textures tiled over a size) are kept by their pixels, for a budget
# of six windows' worth (and never less than 16 MB): a frame draws at most about 1.7 windows
# of them (the table: the wood under it, one window, and 54 cards, pawns and tokens at their
# sizes, 6.8 MB at 1280x800), so every frame's are kept, and those of the scenes around it;
# what a window of another size scaled, or a card not seen for long, gives way.
SCREENS = 6
LEAST = 16 * 2**20
NOMINAL = 64  # the pixels of a piece asked for with no size


def _face_of(name: str) -> tuple[str, int, bool] | None:
    """("card" or "tile", the card, solo) of a card face's sprite name, else None."""
    kind, _, rest = name.partition("_")
    if kind not in ("card", "tile"):
        return None
    number, _, solo = rest.partition("_")
    return (kind, int(number), solo == "solo") if number.isdigit() else None


class Sprites:
    """Every sprite by name, loaded once; `get(name, size)` scales and caches."""

    def __init__(self, folder: Path | None = None) -> None:
        folder = folder or asset_dir()
        self.base: dict[str, pygame.Surface] = {}
        self._scaled = SurfaceCache(SCREENS, LEAST)
        files = sorted(folder.glob("*.png")) if folder.is_dir() else []
        if not files:
            raise FileNotFoundError(
                f"no sprites in {folder}: run `python tools/draw_assets.py` to draw them")
        for path in files:
            self.base[path.stem] = pygame.image.load(str(path)).convert_alpha()
        for name in art.VECTORS:  # each piece also at one size, for a size-less `get`
            w, h = (CARD_W, CARD_H) if name.startswith("back_") else (NOMINAL, NOMINAL)
            self.base[name] = art.piece(name, w, h).convert_alpha()

    def get(self, name: str, size: tuple[int, int] | None = None) -> pygame.Surface:
        """`name` at `size`: a piece or a card's face drawn at that size (its words in the
        game's font at their size, its pieces from their vectors), a texture scaled."""
        img = self.base[name]
        if size is None or size == img.get_size():
            return img
        w, h = max(1, int(size[0])), max(1, int(size[1]))
        key = (name, w, h)
        out = self._scaled.get(key)
        if out is None:
            face = _face_of(name)
            if name in art.VECTORS:
                drawn = art.piece(name, w, h).convert_alpha()
            elif face is not None:  # a card's face, drawn at this size
                kind, card, solo = face
                draw = art.tile if kind == "tile" else art.portrait
                drawn = draw(card, solo, w, h).convert_alpha()
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

    def _face(self, kind: str, card: int, solo: bool) -> str:
        """The sprite's name: the solo face of a Helper with a solo rule of its own is drawn
        here the first time it is asked for (the files hold the usual faces)."""
        name = f"{kind}_{card}"
        if not solo or CARDS[card].name not in t.HELPER_SHORT_SOLO:
            return name
        solo_name = f"{name}_solo"
        if solo_name not in self.base:
            draw = art.tile if kind == "tile" else art.portrait
            self.base[solo_name] = draw(card, solo=True).convert_alpha()
        return solo_name

    def back(self, private_field: bool, w: int, h: int) -> pygame.Surface:
        return self.get("back_field" if private_field else "back_action", (w, h))

    def tiled(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A texture repeated over `size` (cached)."""
        key = (f"tiled:{name}", size[0], size[1])
        out = self._scaled.get(key)
        if out is None:
            tex = self.base[name]
            out = pygame.Surface(size)
            for x in range(0, size[0], tex.get_width()):
                for y in range(0, size[1], tex.get_height()):
                    out.blit(tex, (x, y))
            self._scaled.put(key, out)
        return out
