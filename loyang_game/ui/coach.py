"""The coach's hint on the table: which targets to click for the suggested move (`lit`), and
drawing them in a colour of their own with their order, the one-line reason, and the
progress while the coach thinks. A hint that is a plan of several steps shows them all: the
step to make now lit and numbered, the later steps' numbers on what they will click
(`later`), and the list in words with the reason (`plan`). Where each strip goes is known
without drawing it (`reason_strip`, `thinking_strip`, `place_plan`): the news above it moves
with it, and the table finds its targets without a frame. Only the table view calls these."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from ..engine import GameState
from ..play import commands
from ..play.coach import Hint
from ..words import N_, _, now
from . import theme as t
from .draw import fit, panel, text, wrap
from .layout import Layout

HINT = (235, 95, 235)  # apart from the yellow of what may be clicked and the blue of a pick
LABEL = N_("Hint")


def lit(state: GameState, hint: Hint, selection: list, choosing: bool) -> list[tuple]:
    """The targets still to click for the hint's move, in order, given what is picked up;
    while a choice is open, only its options (the table under it cannot be clicked)."""
    clicks = commands.clicks_for(state, hint.move)
    n = len(selection)
    rest = clicks[n:] if clicks[:n] == list(selection) else clicks
    cards = commands.gathered(state, hint.move)
    if cards is not None and selection[:1] == clicks[:1]:  # its cards, picked in any order
        cards = tuple(commands.on_table(state, c) for c in cards)
        rest = [c for c in cards if c not in selection] + [("btn", "confirm")]
    return [c for c in rest if (c[0] == "opt") == choosing]


def later(state: GameState, hint: Hint) -> list[tuple[int, tuple]]:
    """For each later step of the hint's plan, its number (from 1) and the first target on
    the table it will click, found on the board as the steps before it leave it."""
    out: list[tuple[int, tuple]] = []
    s = state.clone()
    for n, move in enumerate(hint.plan[hint.at:], hint.at + 1):
        if s.is_over or move not in s.legal_moves():
            break
        if n > hint.at + 1:
            clicks = [c for c in commands.clicks_for(s, move) if c[0] != "opt"]
            if clicks:
                out.append((n, clicks[0]))
        s.apply(move)
    return out


def badges(surf, L: Layout, marks: list[tuple[str, pygame.Rect, bool]]) -> None:
    """Step numbers on their targets: (label, target, now); the step to make now filled in
    the hint's colour, the later ones hollow. Several on one target stand side by side."""
    centres = badge_centres(L, [r for _label, r, _now in marks])
    for (label, _r, lit), c in zip(marks, centres):
        size = L.px(15)
        w = max(L.px(22), t.font(size, True).size(label)[0] + L.px(10))
        pill = pygame.Rect(0, 0, w, L.px(22))
        pill.center = c
        pygame.draw.rect(surf, HINT if lit else t.WHITE, pill, border_radius=pill.h // 2)
        pygame.draw.rect(surf, t.WHITE if lit else HINT, pill, max(1, L.px(2)),
                         border_radius=pill.h // 2)
        text(surf, label, size, t.WHITE if lit else HINT, center=c, bold=True)


@dataclass(frozen=True)
class PlanPlace:
    """Where the plan in words goes and what it lists (`place_plan`)."""

    rect: pygame.Rect
    reason_lines: list[str]
    steps: list[str]
    first: int  # the number (from 0) of the first step listed
    columns: int
    rows: int


def place_plan(L: Layout, hint: Hint, compact: bool = False) -> PlanPlace:
    """The plan in words at the foot of the board: the reason, then the steps numbered (in
    two columns when there are many). `compact` (the pointer is over the board the whole
    list covers): the reason's first line and the step to make now, so that what lies
    under the list can be clicked."""
    size = L.px(15)
    board = L.regions["board"]
    width = board.w - L.px(40)
    reason_lines = wrap(now(hint.reason), size, width - L.px(28))  # after a switch: anew
    if len(reason_lines) > 3:
        reason_lines = [*reason_lines[:2], fit(" ".join(reason_lines[2:]), size,
                                               width - L.px(28))]
    steps = [now(step) for step in hint.steps[:MOST_SHOWN]]
    first = 0
    if compact:
        reason_lines = [fit(" ".join(reason_lines), size, width - L.px(28))]
        first = min(hint.at, len(steps) - 1)
        steps = steps[first:first + 1]
    columns = 2 if len(steps) > 3 else 1
    rows = -(-len(steps) // columns)
    row = L.px(size + 4)
    r = pygame.Rect(0, 0, width, (len(reason_lines) + rows) * row + L.px(18))
    r.midbottom = (board.centerx, board.bottom - L.px(6))
    return PlanPlace(r, reason_lines, steps, first, columns, rows)


def plan(surf, L: Layout, hint: Hint, compact: bool = False) -> pygame.Rect:
    """The plan in words where `place_plan` puts it, the step to make now marked, those
    made greyed; returns its strip."""
    place = place_plan(L, hint, compact)
    size = L.px(15)
    row = L.px(size + 4)
    r = place.rect
    panel(surf, r, (30, 24, 18), border=HINT, radius=L.px(10), alpha=235)
    y = r.y + L.px(7)
    for line in place.reason_lines:
        text(surf, line, size, t.WHITE, topleft=(r.x + L.px(14), y))
        y += row
    y += L.px(4)
    col_w = (r.w - L.px(28)) // place.columns
    rows = place.rows
    for k, words in enumerate(place.steps):
        i = place.first + k
        x = r.x + L.px(14) + (k // rows) * col_w
        yy = y + (k % rows) * row
        colour = (150, 140, 130) if i < hint.at else HINT if i == hint.at else t.WHITE
        if i == hint.at:  # a small arrow at the step to make now
            mid = yy + row // 2 - L.px(2)
            pygame.draw.polygon(surf, HINT, [(x, mid - L.px(5)), (x + L.px(8), mid),
                                             (x, mid + L.px(5))])
        label = (_("{step}. {move} (done)", step=i + 1, move=words) if i < hint.at
                 else _("{step}. {move}", step=i + 1, move=words))
        text(surf, fit(label, size, col_w - L.px(22), i == hint.at), size, colour,
             topleft=(x + L.px(14), yy), bold=i == hint.at)
    return r


MOST_SHOWN = 12  # steps listed; a longer plan (rare) is cut with its last shown


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


def _strip_rect(L: Layout, lines: list[str], size: int) -> pygame.Rect:
    """Where a strip of `lines` goes: at the foot of the big board, as wide as its lines."""
    board = L.regions["board"]
    w = max(t.font(size).size(s)[0] for s in lines) + L.px(28)
    r = pygame.Rect(0, 0, w, len(lines) * L.px(size + 4) + L.px(12))
    r.midbottom = (board.centerx, board.bottom - L.px(6))
    return r


def _strip(surf, L: Layout, lines: list[str], size: int) -> pygame.Rect:
    """A dark strip at the foot of the big board, bordered in the hint's colour."""
    r = _strip_rect(L, lines, size)
    panel(surf, r, (30, 24, 18), border=HINT, radius=L.px(10), alpha=235)
    for i, s in enumerate(lines):
        text(surf, s, size, t.WHITE, midleft=(r.x + L.px(14),
                                                r.y + L.px(6 + (size + 4) * i + (size + 4) / 2)))
    return r


def _reason_lines(L: Layout, line: str) -> tuple[list[str], int]:
    """The hint's reason in at most two lines as wide as the board, and their size."""
    size = L.px(17)
    width = L.regions["board"].w - L.px(40)
    lines = wrap(now(line), size, width)  # a hint's reason made before a switch: anew
    if len(lines) > 2:
        lines = [lines[0], fit(" ".join(lines[1:]), size, width)]
    return lines, size


def reason_strip(L: Layout, line: str) -> pygame.Rect:
    """Where the hint's reason goes (`reason`), without drawing it."""
    return _strip_rect(L, *_reason_lines(L, line))


def reason(surf, L: Layout, line: str) -> pygame.Rect:
    """The hint's reason, at most two lines wide as the board; returns its strip."""
    return _strip(surf, L, *_reason_lines(L, line))


def _thinking_label(percent: int) -> str:
    return _("Thinking about a hint… {percent}%   (Hint or H again: stop)", percent=percent)


def thinking_strip(L: Layout, percent: int) -> pygame.Rect:
    """Where the coach's progress goes (`thinking`), without drawing it."""
    return _strip_rect(L, [_thinking_label(percent)], L.px(18))


def thinking(surf, L: Layout, percent: int) -> pygame.Rect:
    """'Thinking about a hint… 40%' with a bar that fills; returns its strip."""
    r = _strip(surf, L, [_thinking_label(percent)], L.px(18))
    bar = pygame.Rect(r.x + L.px(14), r.bottom - L.px(5), r.w - L.px(28), L.px(3))
    pygame.draw.rect(surf, (80, 60, 80), bar)
    pygame.draw.rect(surf, HINT, (bar.x, bar.y, bar.w * percent // 100, bar.h))
    return r
