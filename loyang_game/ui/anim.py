"""Animations: sprites that travel over the table, advanced by the fixed update step.

Everything is a `Flight` (an image moving along a path of points, optionally growing or
shrinking) with a delay; a `Timeline` plays them, scaled by the speed setting, and `skip()`
finishes them at once (a click skips ahead). A `Lane` shows one seat's moves aside, on its
small board while the table goes on (a 4-player Action phase, where two players act at the
same time): each of its moves starts when that seat's previous one is over, and the table
waits for none of it.
"""

from __future__ import annotations

import math

import pygame
from pygame.math import lerp, smoothstep

# "slow" is the pace of the first editions (every card followed); "normal" shows an AI's
# whole turn in a few seconds (issue 34); "off" shows none.
SPEEDS = {"off": 0.0, "fast": 0.3, "normal": 0.5, "slow": 1.0}
SPEED_ORDER = ("normal", "fast", "slow", "off")


class Flight:
    def __init__(self, image: pygame.Surface, points: list[tuple[float, float]],
                 duration: float, delay: float = 0.0, arc: float = 0.0,
                 end_size: tuple[int, int] | None = None, hide_card: object = None,
                 on_land=None) -> None:
        self.image = image
        self.points = points
        self.duration = max(0.01, duration)
        self.delay = delay
        self.arc = arc
        self.end_size = end_size
        self.elapsed = 0.0
        self.hide_card = hide_card
        self.on_land = on_land
        self.landed = False
        self.aside = False  # shown in a `Lane`: the table does not wait for it
        self.batch: object = None  # the lane move it belongs to (None: the table's moves)

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if self.done and not self.landed:
            self.landed = True
            if self.on_land:
                self.on_land()

    def position(self) -> tuple[float, float, float]:
        e = smoothstep(0.0, 1.0, (self.elapsed - self.delay) / self.duration)  # eased 0..1
        pts = self.points
        if len(pts) == 2:
            (x0, y0), (x1, y1) = pts
            px, py = lerp(x0, x1, e), lerp(y0, y1, e)
        else:
            seg = min(len(pts) - 2, int(e * (len(pts) - 1)))
            f = e * (len(pts) - 1) - seg
            (x0, y0), (x1, y1) = pts[seg], pts[seg + 1]
            px, py = lerp(x0, x1, f), lerp(y0, y1, f) - math.sin(f * math.pi) * 10
        py -= math.sin(e * math.pi) * self.arc
        return px, py, e

    def draw(self, surf: pygame.Surface) -> None:
        if self.elapsed < self.delay:
            return
        px, py, e = self.position()
        img = self.image
        if self.end_size and self.end_size != img.get_size():
            w0, h0 = img.get_size()
            w1, h1 = self.end_size
            w, h = int(lerp(w0, w1, e)), int(lerp(h0, h1, e))
            if w > 0 and h > 0:
                img = pygame.transform.scale(img, (w, h))
        surf.blit(img, img.get_frect(center=(px, py)))


class Cue(Flight):
    """Nothing to see: `on_land` runs when the cue's time comes (a sound, a line of news that
    go with a move shown in a lane)."""

    def __init__(self, on_land) -> None:
        super().__init__(pygame.Surface((1, 1)), [(0.0, 0.0)], 0.01, on_land=on_land)

    def draw(self, surf: pygame.Surface) -> None:
        pass


class Timeline:
    def __init__(self) -> None:
        self.items: list[Flight] = []
        self.speed = "normal"
        self.tempo = 1.0  # a further factor the table sets (a long AI turn speeds up)
        self.clock = 0.0  # seconds played
        self.lanes: dict[object, float] = {}  # a lane -> the clock when its last move is over

    @property
    def factor(self) -> float:
        return SPEEDS[self.speed] * self.tempo

    @property
    def busy(self) -> bool:
        """Is a move on the table being shown (the table waits for it)?"""
        return any(not f.aside for f in self.items)

    @property
    def aside_busy(self) -> bool:
        """Is a move being shown in a lane?"""
        return any(f.aside for f in self.items)

    def add(self, flight: Flight) -> None:
        if self.factor == 0:
            if flight.on_land:
                flight.on_land()
            return
        flight.duration *= self.factor
        flight.delay *= self.factor
        self.items.append(flight)

    def update(self, dt: float) -> None:
        self.clock += dt
        for f in self.items:
            f.update(dt)
        # A card that has landed stays drawn by the animation until its batch is over (the
        # table's moves, or one move in a lane), so the still picture is re-drawn once per
        # move, not once per landing; a lane fed move after move never holds a card, or a
        # revealed card's picture, past its own move.
        running = {f.batch for f in self.items if not f.done}
        self.items = [f for f in self.items
                      if not f.done or (f.hide_card is not None and f.batch in running)]

    def skip(self, lanes: bool = True) -> None:
        """Show at once the end of what is being shown: the table's moves, and (`lanes`)
        those shown aside in the lanes."""
        kept = []
        for f in self.items:
            if f.aside and not lanes:
                kept.append(f)
                continue
            f.elapsed = f.delay + f.duration
            f.update(0)
        self.items = kept
        if lanes:
            self.lanes = {}

    def lane(self, key: object) -> Lane:
        """The lane `key` (a seat), for the flights of its next move."""
        return Lane(self, key)

    def hidden_cards(self) -> set:
        return {f.hide_card for f in self.items if f.hide_card is not None}

    def draw(self, surf: pygame.Surface) -> None:
        for f in self.items:
            f.draw(surf)

    def cycle_speed(self) -> str:
        i = SPEED_ORDER.index(self.speed)
        self.speed = SPEED_ORDER[(i + 1) % len(SPEED_ORDER)]
        return self.speed


class Lane:
    """One move's flights in the lane `key`: they start when the lane's earlier moves are
    over; `close(pause)` ends the move, `pause` seconds (at speed 1) before the next may
    start."""

    def __init__(self, timeline: Timeline, key: object) -> None:
        self.timeline = timeline
        self.key = key
        self.start = max(0.0, timeline.lanes.get(key, 0.0) - timeline.clock)  # seconds
        self.end = self.start

    def add(self, flight: Flight) -> None:
        t = self.timeline
        if t.factor > 0:
            flight.aside = True
            flight.batch = self
            flight.delay += self.start / t.factor
        t.add(flight)
        if t.factor > 0:
            self.end = max(self.end, flight.delay + flight.duration)

    def close(self, pause: float) -> None:
        t = self.timeline
        t.lanes[self.key] = t.clock + self.end + pause * t.factor
