"""The game's icon, drawn here (our own drawing, no file): the window's, and the download's
(`tools/build_download.py` packs it as .ico and .icns)."""

from __future__ import annotations

import math

import pygame


def draw_icon(size: int) -> pygame.Surface:
    """The game's icon at `size` pixels: a cash coin of Loyang's market, its square hole
    showing the red of the start marker, and a green sprout growing out of it. Drawn four
    times as large and scaled down, so its edges are smooth."""
    big = size * 4
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    centre = (big // 2, big // 2)
    radius = big * 0.46

    def circle(colour: tuple[int, int, int], r: float, width: int = 0) -> None:
        pygame.draw.circle(surface, colour, centre, max(1, round(r)), width)

    circle((92, 58, 16), radius)  # the rim's shadow
    circle((201, 146, 44), radius * 0.96)  # the coin
    for step in range(12):  # a little light from the top left
        t = step / 12
        colour = (int(214 + 30 * t), int(162 + 40 * t), int(58 + 30 * t))
        pygame.draw.circle(surface, colour, (round(big / 2 - radius * 0.12 * t),
                                             round(big / 2 - radius * 0.12 * t)),
                           round(radius * (0.86 - 0.30 * t)))
    circle((140, 92, 24), radius * 0.80, max(1, round(big * 0.012)))  # the inner ring
    hole = radius * 0.2
    square = pygame.Rect(0, 0, round(hole * 2), round(hole * 2))
    square.center = centre
    pygame.draw.rect(surface, (120, 70, 18), square.inflate(big * 0.05, big * 0.05))
    pygame.draw.rect(surface, (150, 30, 30), square)
    for dx, dy in ((1, 0), (-1, 0), (0, 1)):  # the raised marks of a coin's characters
        mark = pygame.Rect(0, 0, round(big * 0.09), round(big * 0.09))
        mark.center = (round(big / 2 + dx * radius * 0.52), round(big / 2 + dy * radius * 0.52))
        pygame.draw.rect(surface, (160, 108, 30), mark, border_radius=round(big * 0.015))
    # The sprout: a stem out of the hole and two leaves.
    stem = max(2, round(big * 0.035))
    top = big / 2 - radius * 0.5
    pygame.draw.line(surface, (38, 110, 40), centre, (big // 2, round(top)), stem)
    for side in (-1, 1):  # each leaf a pointed lens, tilted out from the stem's top
        tilt = math.radians(-90 + side * 62)
        length, width = radius * 0.46, radius * 0.13
        base = (big / 2, top + radius * 0.04)
        outline = [(length * k / 24, width * math.sin(math.pi * k / 24)) for k in range(25)]
        outline += [(along, -across) for along, across in reversed(outline)]
        leaf = [(base[0] + along * math.cos(tilt) - across * math.sin(tilt),
                 base[1] + along * math.sin(tilt) + across * math.cos(tilt))
                for along, across in outline]
        pygame.draw.polygon(surface, (78, 168, 64), leaf)
        pygame.draw.polygon(surface, (30, 90, 34), leaf, max(1, round(big * 0.008)))
    return pygame.transform.smoothscale(surface, (size, size))
