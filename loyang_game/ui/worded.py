"""Controls drawn with words from the words layer where the shared widgets still write
English: a toggle's "On"/"Off" (drawn as `widgets.draw_item` draws a toggle, its state in the
player's language). A menu of ours sets `paint=paint_toggle` on its toggles; once
`widgets.draw_item` takes its words from the catalogue this module can go."""

from __future__ import annotations

import pygame

from ..words import _
from . import theme as t
from .draw import panel, text
from .layout import Layout
from .widgets import Item


def paint_toggle(surf, L: Layout, item: Item, focused: bool, hover: bool) -> None:
    r = item.rect
    if item.label:
        text(surf, item.label, L.px(22), t.WHITE, midright=(r.x - L.px(14), r.centery),
             bold=True)
    panel(surf, r, t.PANEL, radius=L.px(6))
    pygame.draw.rect(surf, t.HIGHLIGHT if focused else (150, 120, 80), r,
                     L.px(3) if focused else L.px(1), border_radius=L.px(6))
    box = pygame.Rect(r.x + L.px(8), r.centery - L.px(10), L.px(20), L.px(20))
    pygame.draw.rect(surf, t.INK, box, L.px(2), border_radius=L.px(3))
    if item.value:
        pygame.draw.lines(surf, (30, 120, 60), False, [
            (box.x + L.px(4), box.centery), (box.centerx - L.px(1), box.bottom - L.px(5)),
            (box.right - L.px(3), box.y + L.px(4))], L.px(3))
    text(surf, _("On") if item.value else _("Off"), L.px(21), t.INK,
         midleft=(box.right + L.px(10), r.centery), bold=True)
