"""The replay's controls: where each one is and how it is drawn.

Every control has one place, whatever the step, the round or whether the replay plays: the
transport (|<, <, Play/Pause, >, >|) and the speed on the bottom bar's first row, the round
buttons on its second (the table's action buttons' slots: a replay makes no decisions), and
Close with the Back of a looked-at board at the top right, where the table has its Menu.
"""

from __future__ import annotations

import pygame

from ..engine.cards import ROUNDS
from ..words import _
from . import theme as t
from .draw import GREYED_WORDS, button, fit, text
from .layout import BUTTON_GAP, BUTTON_H, BUTTON_ROWS, BUTTONS_LEFT, BUTTONS_RIGHT, Layout

TRANSPORT = (("start", 62), ("back", 62), ("play", 116), ("forward", 62), ("end", 62))
ROW_Y = BUTTON_ROWS
ROUND_LABEL_W = 62  # "Round", left of the round buttons
TOP_Y, TOP_H = 3, 28
CLOSE_W, LOOK_W = 110, 90


def rects(L: Layout) -> dict[tuple, pygame.Rect]:
    """target -> its rectangle: ("rp", name) for the transport and the speed, ("round", n)
    for each round, ("ui", "close") and ("ui", "look") (back to the player's board)."""
    out: dict[tuple, pygame.Rect] = {}
    x = BUTTONS_LEFT
    for name, w in TRANSPORT:
        out[("rp", name)] = L.R(x, ROW_Y[0], w, BUTTON_H)
        x += w + BUTTON_GAP
    out[("rp", "speed")] = L.R(x, ROW_Y[0], BUTTONS_RIGHT - x, BUTTON_H)
    x = BUTTONS_LEFT + ROUND_LABEL_W + BUTTON_GAP
    round_w = (BUTTONS_RIGHT - x - (ROUNDS - 1) * 5) / ROUNDS
    for n in range(1, ROUNDS + 1):
        out[("round", n)] = L.R(x + (n - 1) * (round_w + 5), ROW_Y[1], round_w, BUTTON_H)
    out[("ui", "close")] = L.R(1274 - CLOSE_W, TOP_Y, CLOSE_W, TOP_H)
    out[("ui", "look")] = L.R(1274 - CLOSE_W - 6 - LOOK_W, TOP_Y, LOOK_W, TOP_H)
    return out


def counter_right(L: Layout) -> int:
    """Where the step counter ends: left of the top right's buttons."""
    return L.R(1274 - CLOSE_W - 6 - LOOK_W - 12, 0, 0, 0).x


def draw(surf, L: Layout, places: dict[tuple, pygame.Rect], enabled: dict[tuple, bool],
         labels: dict[tuple, str], lit: tuple | None, mouse) -> None:
    """The controls in `places` (those `enabled` maps to False greyed, `lit` the current
    round); `labels` gives the words of the worded ones, the others get an icon."""
    for target, r in places.items():
        on = enabled.get(target, True)
        colour = (150, 110, 40) if target == lit else (110, 70, 40)
        button(surf, r, labels.get(target, ""), L, hover=r.collidepoint(mouse),
               colour=colour, lit=target == lit, enabled=on)
        if target[0] == "rp" and target[1] in ICONS:
            ICONS[target[1]](surf, r, L, t.WHITE if on else GREYED_WORDS)
    first = places[("round", 1)]
    text(surf, _("Round"), L.px(19), t.WHITE, midright=(first.x - L.px(8), first.centery),
         bold=True)


def counter(surf, L: Layout, words: str) -> None:
    """The step counter, right-aligned on the top bar, shrunk to fit its room."""
    right = counter_right(L)
    room = right - L.R(1280 - 514, 0, 0, 0).x  # the top prompt ends 514 from the right
    size = next((L.px(v) for v in (20, 18, 16) if t.font(L.px(v), True).size(words)[0] <= room),
                L.px(15))
    text(surf, fit(words, size, room, True), size, t.GOLD,
         midright=(right, L.R(0, TOP_Y + TOP_H / 2, 0, 0).y), bold=True)


def _triangle(surf, r: pygame.Rect, L: Layout, colour, cx: float, left: bool) -> None:
    h = L.px(9)
    x = r.x + r.w * cx
    tip, base = (x - h, x + h) if left else (x + h, x - h)
    pygame.draw.polygon(surf, colour, [(tip, r.centery), (base, r.centery - h),
                                       (base, r.centery + h)])


def _bar(surf, r: pygame.Rect, L: Layout, colour, cx: float) -> None:
    pygame.draw.rect(surf, colour, (round(r.x + r.w * cx) - L.px(2), r.centery - L.px(9),
                                    L.px(4), L.px(18)))


def _start(surf, r: pygame.Rect, L: Layout, colour) -> None:
    _bar(surf, r, L, colour, 0.3)
    _triangle(surf, r, L, colour, 0.56, True)


def _end(surf, r: pygame.Rect, L: Layout, colour) -> None:
    _triangle(surf, r, L, colour, 0.44, False)
    _bar(surf, r, L, colour, 0.7)


ICONS = {
    "start": _start,
    "back": lambda s, r, L, c: _triangle(s, r, L, c, 0.5, True),
    "forward": lambda s, r, L, c: _triangle(s, r, L, c, 0.5, False),
    "end": _end,
}
