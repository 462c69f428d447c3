"""The `Director` owns the window, the one loop and its pacing, and a stack of scenes: the
title screen, the menus and the table. It shows the top scene (over the ones below it when
the top one is `transparent`, like the game menu over the table).

Scenes are opened by name from the registry it is given (`open("rules", card=...)`), so no
scene imports another. `pop` goes back, `back_to` pops down to a named scene. Escape goes
back in every menu (the scenes do that themselves, so a text field or a dialog can use it
first); F11 toggles full screen everywhere. `frame()` is one turn of the loop; `run()` loops
until the last scene is gone or the window is closed; `frame_stats()` reports how even the
frames were (`loyang --bench`).
"""

from __future__ import annotations

import os
import time
from array import array
from collections.abc import Callable, Mapping
from typing import overload

import pygame

from ..files import settings as settings_mod
from . import theme as t
from .icon import draw_icon
from .scene import Scene
from .sound import SoundPlayer
from .sprites import Sprites

HEADLESS = {"offscreen", "dummy"}  # SDL's video drivers that show nothing


class NoDisplay(RuntimeError):
    """No window can be opened (no display, or the video driver refused)."""


# Room left on the screen around a window: its title bar and the desktop's panels.
SCREEN_MARGIN = (40, 100)


def fit_window(size: tuple[int, int], desktop: tuple[int, int]) -> tuple[int, int]:
    """`size`, shrunk (keeping its shape) to fit `desktop` less SCREEN_MARGIN, but never
    below the smallest size the table is laid out for: a 1280x800 window on a 1280x800
    screen would lose its bottom under the title bar."""
    room_w, room_h = desktop[0] - SCREEN_MARGIN[0], desktop[1] - SCREEN_MARGIN[1]
    w, h = size
    scale = min(1.0, room_w / w, room_h / h)
    if scale >= 1.0:
        return size
    small_w, small_h = settings_mod.MIN_SIZE
    return max(small_w, int(w * scale)), max(small_h, int(h * scale))


class FrameLog:
    """Each frame's (interval, work) in seconds, the latest `most` of them, as two doubles a
    frame (16 bytes: the list of tuples it was took 112, 11 MB at its 100,000 frames, about
    half an hour at 60 frames a second). A frame's number is its place in the log, as in a
    list, until the log is full: then its older half is let go and the numbers start again."""

    def __init__(self, most: int = 100_000) -> None:
        self.most = most
        self._data = array("d")

    def __len__(self) -> int:
        return len(self._data) // 2

    def append(self, frame: tuple[float, float]) -> None:
        self._data.extend(frame)
        if len(self._data) > 2 * self.most:
            del self._data[:self.most]  # the older half (`most` doubles: half the frames)

    @overload
    def __getitem__(self, index: int) -> tuple[float, float]: ...
    @overload
    def __getitem__(self, index: slice) -> list[tuple[float, float]]: ...

    def __getitem__(self, index: int | slice) -> tuple[float, float] | list[tuple[float, float]]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("no such frame in the log")
        return self._data[2 * index], self._data[2 * index + 1]


class Director:
    def __init__(self, scenes: Mapping[str, Callable[..., Scene]],
                 settings: settings_mod.Settings | None = None, *,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 fps_cap: int = 60, clock: Callable[[], float] = time.perf_counter) -> None:
        """`clock`: seconds, for the frame statistics (tests give one of their own)."""
        try:
            pygame.display.init()
        except pygame.error as error:
            raise NoDisplay(str(error)) from None
        driver = pygame.display.get_driver()
        if driver in HEADLESS and os.environ.get("SDL_VIDEODRIVER") != driver:
            pygame.display.quit()  # SDL fell back to drawing where nobody can see it
            raise NoDisplay(f"SDL found none and chose its {driver} driver; "
                            "SDL_VIDEODRIVER=dummy runs without one")
        pygame.font.init()
        pygame.display.set_caption("Loyang")
        pygame.display.set_icon(draw_icon(64))
        self.scenes = scenes
        self.settings = settings if settings is not None else settings_mod.load()
        t.set_palette(self.settings.colour_blind)
        self.windowed_size = size or self.fitted((self.settings.width, self.settings.height))
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._set_mode()
        self.fps_cap = fps_cap
        self.pacer = pygame.time.Clock()
        self.clock = clock
        self.stack: list[Scene] = []
        self.running = True
        self.mouse = (-1, -1)  # no mouse seen yet
        self._sprites: Sprites | None = None
        self._sound: SoundPlayer | None = None
        self._last = clock()
        self.frame_log = FrameLog()  # (interval, work) per frame
        # Problems to tell the player on the title screen (a damaged settings file...).
        self.notices: list[str] = [self.settings.problem] if self.settings.problem else []

    # --- the window ----------------------------------------------------------------------------

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        try:
            return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        except pygame.error as error:
            raise NoDisplay(str(error)) from None

    def fitted(self, size: tuple[int, int]) -> tuple[int, int]:
        """The settings' window size, made to fit the screen with the window's title bar
        and the desktop's panels (`fit_window`); as it is where there is no screen."""
        if pygame.display.get_driver() in HEADLESS:
            return size
        try:
            desktop = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return size
        return fit_window(size, desktop)

    def apply_display(self) -> None:
        """Follow the settings' window size and full screen."""
        s = self.settings
        self.windowed_size = self.fitted((s.width, s.height))
        self.fullscreen = s.fullscreen
        self.screen = self._set_mode()

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.screen.get_size()
        self.settings.fullscreen = not self.fullscreen
        self.fullscreen = self.settings.fullscreen
        self.screen = self._set_mode()
        self.save_settings()

    def save_settings(self) -> str | None:
        """Write the settings; the problem, the first time they could not be written (they
        stay as they are in this window, and are written with the next save that can)."""
        return self.settings.save()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def sprites(self) -> Sprites:
        if self._sprites is None:
            self._sprites = Sprites()
        return self._sprites

    @property
    def sound(self) -> SoundPlayer:
        """The sound effects (the mixer is opened on first use, so a scene that plays none
        opens none)."""
        if self._sound is None:
            self._sound = SoundPlayer(self.settings)
        return self._sound

    def take_notices(self) -> list[str]:
        """The problems to tell the player (once: they are forgotten here)."""
        notices, self.notices = self.notices, []
        return notices

    # --- the stack -----------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def open(self, name: str, **options) -> Scene:
        """Put the scene called `name` on top, made with `options`."""
        return self.push(self.scenes[name](self, **options))

    def push(self, scene: Scene) -> Scene:
        self.stack.append(scene)
        scene.enter()
        return scene

    def pop(self) -> None:
        if self.stack:
            self.stack.pop().close()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.running = False

    def back_to(self, name: str) -> None:
        """Pop down to the scene called `name` (the title screen)."""
        while self.stack and self.stack[-1].name != name:
            self.stack.pop().close()
        if self.stack:
            self.stack[-1].enter()
        else:
            self.running = False

    def find(self, name: str) -> Scene | None:
        return next((s for s in reversed(self.stack) if s.name == name), None)

    def quit(self) -> None:
        self.running = False
        self.close()

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> None:
        while self.running and self.stack:
            self.frame()
        self.close()

    def close(self) -> None:
        while self.stack:
            self.stack.pop().close()

    def frame(self, dt: float | None = None) -> None:
        """Read input, update the top scene by `dt` (the time since the last frame if None),
        draw, and wait for the next frame at `fps_cap` frames a second (0: no wait)."""
        start = self.clock()
        interval = start - self._last
        self._last = start
        for event in pygame.event.get():
            self.handle(event)
            if not self.stack:
                return
        if self.top is not None:
            self.top.update(interval if dt is None else dt)
        self.draw()
        pygame.display.flip()
        self.frame_log.append((interval, self.clock() - start))
        if self.fps_cap:
            self.pacer.tick(self.fps_cap)

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if self.top is not None:
            self.top.handle(event)

    def draw(self) -> None:
        if not self.stack:
            return
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].transparent:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(self.screen)

    def screenshot(self, path: str) -> None:
        self.draw()
        pygame.image.save(self.screen, path)

    def frame_stats(self, skip: int = 10, only: list[int] | None = None) -> dict:
        """Frames, frames a second, the 99th-percentile and worst frame interval, and the
        drawing work per frame, over the frames after the first `skip` (`only`: over the
        frames of those numbers in the log)."""
        data = self.frame_log[skip:] if only is None else [self.frame_log[i] for i in only]
        if not data:
            return {}
        intervals = sorted(i for i, _ in data)
        works = sorted(w for _, w in data)
        total = sum(intervals)

        def p99(values: list[float]) -> float:
            return values[min(len(values) - 1, int(len(values) * 0.99))] * 1000

        return {"frames": len(data), "fps": len(data) / total if total else 0.0,
                "p99_ms": p99(intervals), "max_ms": intervals[-1] * 1000,
                "work_p99_ms": p99(works), "work_mean_ms": sum(works) / len(works) * 1000}
