"""What every scene is: something the `Director` shows, feeds events to and updates. A scene
knows the director only through the few things it asks of it (`open` another scene by name,
`pop`, `back_to`, the settings, the sprites, the mouse), never through an import."""

from __future__ import annotations

import pygame

from . import theme as t
from .layout import Layout


def frame_layout(size: tuple[int, int]) -> Layout:
    """Positions on the 1280x800 design, scaled and centred in the window."""
    w, h = size
    s = min(w / t.DESIGN_W, h / t.DESIGN_H)
    return Layout(size=size, focus=0, s=s, ox=(w - t.DESIGN_W * s) / 2,
                  oy=(h - t.DESIGN_H * s) / 2)


class Scene:
    transparent = False  # draw the scenes below first (a dialog over the table)
    name = "scene"

    def __init__(self, director) -> None:
        self.d = director

    def enter(self) -> None:
        """The scene is on top again (pushed, or uncovered by a pop)."""

    def handle(self, event) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface) -> None:
        pass

    def close(self) -> None:
        """The scene leaves the stack for good."""
