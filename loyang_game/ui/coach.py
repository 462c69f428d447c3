"""The coach's hint on the table: which targets to click for the suggested move (`lit`), and
drawing them in a colour of their own with their order, the one-line reason, and the
progress while the coach thinks. Only the table view calls these."""

from __future__ import annotations

import math

import pygame

from .. import commands
from ..coach import Hint
from ..engine import GameState
from . import theme as t
from .draw import fit, panel, text, wrap
from .layout import Layout

HINT = (235, 95, 235)  # apart from the yellow of what may be clicked and the blue of a pick
LABEL = "Hint"


def lit(state: GameState, hint: Hint, selection: list, choosing: bool) -> list[tuple]:
    """The targets still to click for the hint's move, in order, given what is picked up;
    while a choice is open, only its options (the table under it cannot be clicked)."""
    clicks = commands.clicks_for(state, hint.move)
    n = len(selection)
    rest = clicks[n:] if clicks[:n] == list(selection) else clicks
    return [c for c in rest if (c[0] == "opt") == choosing]


def lights(surf, L: Layout, rects: list[pygame.Rect], clock: float, numbered: bool) -> None:
    """The hint's targets, pulsing in the hint's colour; `numbered`: with the click order."""
    width = L.px(3 + 1.5 * (0.5 + 0.5 * math.sin(clock * 5)))
    for r in rects:
        pygame.draw.rect(surf, HINT, r.inflate(L.px(8), L.px(8)), width, border_radius=L.px(9))
    if numbered:
        for i, c in enumerate(badge_centres(L, rects), 1):
            pygame.draw.circle(surf, HINT, c, L.px(11))
            pygame.draw.circle(surf, t.WHITE, c, L.px(11), max(1, L.px(1)))
            text(surf, str(i), L.px(16), t.WHITE, center=c, bold=True)


def badge_centres(L: Layout, rects: list[pygame.Rect]) -> list[tuple[int, int]]:
    """Where each step's number goes: at its target's top-left corner; a target clicked
    twice (the same Cart vegetable, say) gets its numbers side by side, never one on the
    other."""
    out = []
    for i, r in enumerate(rects):
        before = sum(1 for q in rects[:i] if q == r)
        out.append((r.x - L.px(2) + before * L.px(24), r.y - L.px(2)))
    return out


def _strip(surf, L: Layout, lines: list[str], size: int) -> pygame.Rect:
    """A dark strip at the foot of the big board, bordered in the hint's colour."""
    board = L.regions["board"]
    w = max(t.font(size).size(s)[0] for s in lines) + L.px(28)
    r = pygame.Rect(0, 0, w, len(lines) * L.px(size + 4) + L.px(12))
    r.midbottom = (board.centerx, board.bottom - L.px(6))
    panel(surf, r, (30, 24, 18), border=HINT, radius=L.px(10), alpha=235)
    for i, s in enumerate(lines):
        text(surf, s, size, t.WHITE, midleft=(r.x + L.px(14),
                                                r.y + L.px(6 + (size + 4) * i + (size + 4) / 2)))
    return r


def reason(surf, L: Layout, line: str) -> pygame.Rect:
    """The hint's reason, at most two lines wide as the board; returns its strip."""
    size = L.px(17)
    width = L.regions["board"].w - L.px(40)
    lines = wrap(line, size, width)
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), size, width)]
    return _strip(surf, L, lines, size)


def thinking(surf, L: Layout, percent: int) -> pygame.Rect:
    """'Thinking about a hint… 40%' with a bar that fills; returns its strip."""
    size = L.px(18)
    label = f"Thinking about a hint… {percent}%   (Hint or H again: stop)"
    r = _strip(surf, L, [label], size)
    bar = pygame.Rect(r.x + L.px(14), r.bottom - L.px(5), r.w - L.px(28), L.px(3))
    pygame.draw.rect(surf, (80, 60, 80), bar)
    pygame.draw.rect(surf, HINT, (bar.x, bar.y, bar.w * percent // 100, bar.h))
    return r
