"""Pictures kept to be drawn again (words rendered, sprites scaled, rows of a list), bounded by
their pixels: a `SurfaceCache` keeps the most recently used until their bytes pass its budget,
then lets the least recently used go. A bound by count let a long evening keep thousands of
pictures no frame draws any more (a game's log lines, names and hints, each rendered once: the
4,096 words of the old bound came to about 34 MB); a budget in bytes says what it costs, and
one well above what a frame draws keeps every frame's pictures. Pictures grow with the window
(the layout scales them), so a budget is given in windows' worth of pixels (`screens`, the
window as it is now, found when a picture is added), with a floor (`least` bytes)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Hashable

import pygame

OVERHEAD = 256  # bytes a kept picture costs besides its pixels: SDL's surface, Python's object


def cost(surf: pygame.Surface) -> int:
    """The bytes `surf` holds: its rows of pixels, and the objects around them."""
    return surf.get_pitch() * surf.get_height() + OVERHEAD


def window_bytes() -> int:
    """The bytes of the window's pixels (0 with no window)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    return screen.get_pitch() * screen.get_height() if screen is not None else 0


class SurfaceCache:
    """Surfaces by key, the least recently used let go once they hold more than `budget`
    bytes: `screens` windows' worth, at least `least` (the newest is always kept, however
    large)."""

    def __init__(self, screens: float, least: int) -> None:
        self.screens = screens
        self.least = least
        self.bytes = 0
        self._kept: OrderedDict[Hashable, pygame.Surface] = OrderedDict()

    @property
    def budget(self) -> int:
        return max(self.least, int(self.screens * window_bytes()))

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: Hashable) -> pygame.Surface | None:
        """The picture kept for `key` (now the most recently used), else None."""
        surf = self._kept.get(key)
        if surf is not None:
            self._kept.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        """Keep `surf` for `key`; returns it."""
        old = self._kept.pop(key, None)
        if old is not None:
            self.bytes -= cost(old)
        self._kept[key] = surf
        self.bytes += cost(surf)
        budget = self.budget
        while self.bytes > budget and len(self._kept) > 1:
            _key, gone = self._kept.popitem(last=False)
            self.bytes -= cost(gone)
        return surf

    def clear(self) -> None:
        self._kept.clear()
        self.bytes = 0
