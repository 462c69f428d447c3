"""A small line chart (the race on the end-of-game panel, the solo scores in Statistics): lines
of values over labelled steps, shaded bands of values behind them, a title, a legend and
labelled axes, fitted into a rectangle at the window's scale."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from . import theme as t
from .draw import fit, text
from .layout import Layout

STEPS = (1, 2, 5)  # gridline spacing: these times a power of ten
OVERLAP = 3  # design pixels between lines of equal values, so none hides another


@dataclass(frozen=True)
class Line:
    values: Sequence[float]  # one per step
    colour: tuple
    label: str = ""  # shown in the legend when given


@dataclass(frozen=True)
class Band:
    low: float
    high: float | None  # None: up to the top of the chart
    colour: tuple  # RGBA: drawn see-through behind the lines
    label: str


@dataclass(frozen=True)
class Look:
    ink: tuple  # text and axes
    grid: tuple  # gridlines
    size: int = 16  # text size in design pixels


def grid_step(low: float, high: float, most: int) -> int:
    """A round spacing (1, 2, 5, 10, 20...) that cuts `low..high` into at most `most` parts."""
    span = max(1.0, high - low)
    power = 1
    while True:
        for step in STEPS:
            if span / (step * power) <= most:
                return step * power
        power *= 10


def value_range(lines: Sequence[Line], bands: Sequence[Band], most: int,
                floor: float | None = None) -> tuple[int, int, int]:
    """(bottom, top, gridline step) showing every value and every band's edges (a band open
    at the top gets a step of room above its lower edge)."""
    values = [v for line in lines for v in line.values]
    values += [b.low for b in bands] + [b.high for b in bands if b.high is not None]
    low, high = (min(values), max(values)) if values else (0, 1)
    if floor is not None:
        low = min(low, floor)
    step = grid_step(low, high, most)
    bottom = math.floor(low / step) * step
    top = max(bottom + step, math.ceil(high / step) * step)
    if any(b.high is None and b.low >= top for b in bands):
        top += step  # room for a band that reaches to the top
    return bottom, top, step


def line_chart(surf: pygame.Surface, r: pygame.Rect, L: Layout, lines: Sequence[Line],
               steps: Sequence[str], look: Look, *, title: str, y_label: str, x_label: str,
               bands: Sequence[Band] = (), floor: float | None = None) -> pygame.Rect:
    """Draw the chart in `r`; `steps`: the label of each value's step along the bottom (""
    for none; labels that would touch are left out); `floor`: a value the axis reaches
    down to at least. Returns the plotting area."""
    size = L.px(look.size)
    small = L.px(look.size - 1)
    row_y = r.y + t.font(size, True).get_height() // 2
    legend_x = _legend(surf, r, L, lines, look, row_y)
    title_at = text(surf, fit(title, size, legend_x - r.x - L.px(12), True), size, look.ink,
                    midleft=(r.x, row_y), bold=True)
    most = max(2, (r.h - L.px(80)) // L.px(22))
    bottom, top, step = value_range(lines, bands, most, floor)
    ticks = range(bottom, top + 1, step)
    tick_w = max(t.font(small).size(str(v))[0] for v in ticks)
    plot = pygame.Rect(r.x + tick_w + L.px(10), title_at.bottom + L.px(30), 0, 0)
    band_w = max((t.font(L.px(look.size - 3), True).size(b.label)[0] for b in bands),
                 default=0)
    plot.w = r.right - plot.x - (band_w + L.px(12) if bands else L.px(4))
    plot.h = r.bottom - plot.y - 2 * small - L.px(6)

    def y_of(v: float) -> float:
        return plot.bottom - (v - bottom) / (top - bottom) * plot.h

    def x_of(i: int) -> float:
        if len(steps) < 2:
            return plot.centerx
        inset = L.px(8)
        return plot.x + inset + i * (plot.w - 2 * inset) / (len(steps) - 1)

    _bands(surf, plot, L, bands, y_of, look)
    for v in ticks:
        y = round(y_of(v))
        pygame.draw.line(surf, look.grid, (plot.x, y), (plot.right, y), 1)
        text(surf, str(v), small, look.ink, midright=(plot.x - L.px(5), y))
    pygame.draw.rect(surf, look.ink, plot, 1)
    text(surf, y_label, small, look.ink, midleft=(r.x, plot.y - L.px(16)))
    for i in _shown_labels(steps, small, x_of):
        text(surf, steps[i], small, look.ink, center=(x_of(i), plot.bottom + small * 0.7))
    text(surf, x_label, small, look.ink,
         center=(plot.centerx, plot.bottom + small * 1.75))
    _lines(surf, plot, L, lines, x_of, y_of)
    return plot


def _legend(surf, r: pygame.Rect, L: Layout, lines: Sequence[Line], look: Look,
            y: int) -> int:
    """The labelled lines' colours, right-aligned at height `y` in at most half of `r`'s
    width (long names are cut); returns the legend's left edge."""
    labelled = [line for line in lines if line.label]
    size = L.px(look.size - 2)
    room = (r.w // 2) // max(1, len(labelled)) - L.px(34)
    x = r.right
    for line in reversed(labelled):
        label = fit(line.label, size, room)
        x -= t.font(size).size(label)[0]
        text(surf, label, size, look.ink, midleft=(x, y))
        x -= L.px(22)
        pygame.draw.line(surf, line.colour, (x, y), (x + L.px(16), y), L.px(4))
        x -= L.px(12)
    return x


def _bands(surf, plot: pygame.Rect, L: Layout, bands: Sequence[Band], y_of, look: Look) -> None:
    """The bands shaded across the plot, each labelled just right of it."""
    if not bands:
        return
    shade = pygame.Surface(plot.size, pygame.SRCALPHA)
    labels = []
    for band in bands:
        y0 = max(plot.y, round(y_of(band.high))) if band.high is not None else plot.y
        y1 = min(plot.bottom, round(y_of(band.low)))
        if y1 <= y0:
            continue
        pygame.draw.rect(shade, band.colour, (0, y0 - plot.y, plot.w, y1 - y0))
        labels.append((band.label, (y0 + y1) // 2))
    surf.blit(shade, plot)
    size = L.px(look.size - 3)
    for label, y in labels:
        text(surf, label, size, look.ink, midleft=(plot.right + L.px(6), y), bold=True)


def _shown_labels(steps: Sequence[str], size: int, x_of) -> list[int]:
    """The steps whose labels are drawn: from the left, each one clear of the last drawn by
    half a letter's height (empty labels are never drawn)."""
    shown: list[int] = []
    edge = -math.inf
    for i, label in enumerate(steps):
        half = t.font(size).size(label)[0] / 2
        if label and x_of(i) - half >= edge:
            shown.append(i)
            edge = x_of(i) + half + size / 2
    return shown


def _lines(surf, plot: pygame.Rect, L: Layout, lines: Sequence[Line], x_of, y_of) -> None:
    """Each line with a dot per value; lines of equal values drawn a little apart."""
    width = L.px(3)
    spread = L.px(OVERLAP)
    dots = len(lines[0].values) < plot.w // L.px(8) if lines else False
    for k, line in enumerate(lines):
        shift = (k - (len(lines) - 1) / 2) * spread
        points = [(round(x_of(i)), round(y_of(v) + shift)) for i, v in enumerate(line.values)]
        if len(points) > 1:
            pygame.draw.lines(surf, line.colour, False, points, width)
        if dots or len(points) == 1:
            for p in points:
                pygame.draw.circle(surf, line.colour, p, width + L.px(1))
