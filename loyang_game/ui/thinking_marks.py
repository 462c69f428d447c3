"""Who is thinking: a light gliding along the name strip of each AI seat that thinks now.

The seat to move thinks where all can see ("Bao is thinking…"); the seats whose turns are
still to come think ahead while others play (issue 46). Each gets the same calm light as the
thinking box, on the top edge of its board, so the player sees the AIs are not idle and that
their turns will come quickly. A seat whose board is shown large has the box instead.
"""

from __future__ import annotations

import math

import pygame

from . import theme as t
from .layout import Layout

SPEED = 2.5  # the light's to-and-fro, as the thinking box's


def draw(surf: pygame.Surface, L: Layout, seats: list[int], clock: float) -> None:
    """A gliding light on the name strip of each of `seats` that has a board drawn small."""
    for seat in seats:
        r = L.panels.get(seat)
        if r is None:
            continue
        bar = pygame.Rect(r.x + L.px(10), r.y + L.px(26) - L.px(5), r.w - L.px(20), L.px(4))
        pygame.draw.rect(surf, (60, 46, 34), bar, border_radius=bar.h // 2)
        light = pygame.Rect(0, bar.y, bar.w // 4, bar.h)
        phase = 0.5 - 0.5 * math.cos(clock * SPEED + seat)  # seats not in step
        light.x = bar.x + round((bar.w - light.w) * phase)
        pygame.draw.rect(surf, t.GOLD, light, border_radius=bar.h // 2)
