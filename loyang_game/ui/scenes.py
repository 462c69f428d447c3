"""The scene stack: the title screen, the menus and the table are scenes; the `Director`
owns the window and the loop and shows the top scene (over the ones below it when the top one
is `transparent`, like the game menu over the table).

`push` puts a scene on top, `pop` goes back, `replace` swaps the top one. Escape goes back in
every menu (the scenes do that themselves, so a text field or a dialog can use it first).
"""

from __future__ import annotations

import time

import pygame

from .. import settings as settings_mod
from . import theme as t
from .layout import Layout
from .render import panel, text
from .sprites import Sprites

STEP = 1 / 60


def frame_layout(size: tuple[int, int]) -> Layout:
    """Positions on the 1280x800 design, scaled and centred in the window."""
    w, h = size
    s = min(w / t.DESIGN_W, h / t.DESIGN_H)
    return Layout(size=size, focus=0, s=s, ox=(w - t.DESIGN_W * s) / 2,
                  oy=(h - t.DESIGN_H * s) / 2)


class Scene:
    transparent = False  # draw the scenes below first (a dialog over the table)
    name = "scene"

    def __init__(self, director: Director) -> None:
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


class Director:
    def __init__(self, settings: settings_mod.Settings | None = None, *,
                 size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                 fps_cap: int = 60) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Loyang")
        self.settings = settings if settings is not None else settings_mod.load()
        t.set_palette(self.settings.colour_blind)
        self.windowed_size = size or (self.settings.width, self.settings.height)
        self.fullscreen = self.settings.fullscreen if fullscreen is None else fullscreen
        self.screen = self._set_mode()
        self.fps_cap = fps_cap
        self.stack: list[Scene] = []
        self.running = True
        self.mouse = (0, 0)
        self.clock = 0.0
        self._sprites: Sprites | None = None
        self._last = time.perf_counter()
        self._deadline = self._last
        # Problems to tell the player on the title screen (a damaged settings file...).
        self.notices: list[str] = [self.settings.problem] if self.settings.problem else []

    # --- the window ----------------------------------------------------------------------------

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def apply_display(self) -> None:
        """Follow the settings' window size and full screen."""
        s = self.settings
        self.windowed_size = (s.width, s.height)
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
        try:
            self.settings.save()
        except OSError as error:
            return f"The settings could not be saved ({error})."
        return None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def sprites(self) -> Sprites:
        if self._sprites is None:
            self._sprites = Sprites()
        return self._sprites

    # --- the stack -----------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

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

    def replace(self, scene: Scene) -> Scene:
        if self.stack:
            self.stack.pop().close()
        return self.push(scene)

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

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> None:
        while self.running and self.stack:
            self.frame()
        self.close()

    def close(self) -> None:
        while self.stack:
            self.stack.pop().close()

    def frame(self, dt: float | None = None) -> None:
        now = time.perf_counter()
        interval = now - self._last
        self._last = now
        for event in pygame.event.get():
            self.handle(event)
            if not self.stack:
                return
        dt = interval if dt is None else dt
        self.clock += dt
        if self.top is not None:
            self.top.update(dt)
        self.draw()
        pygame.display.flip()
        if self.fps_cap:
            self._pace()

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            self.close()
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

    def _pace(self) -> None:
        period = 1 / self.fps_cap
        now = time.perf_counter()
        self._deadline = max(self._deadline + period, now - period)
        if self._deadline - now > 0.002:
            time.sleep(self._deadline - now - 0.002)

    def screenshot(self, path: str) -> None:
        self.draw()
        pygame.image.save(self.screen, path)


# --- shared drawing ------------------------------------------------------------------------------

def backdrop(surf: pygame.Surface, sp: Sprites) -> None:
    surf.blit(sp.tiled("wood", surf.get_size()), (0, 0))


def page(surf: pygame.Surface, sp: Sprites, L: Layout, title: str, subtitle: str = "",
         footer: str = "Arrows or Tab: move   Enter: choose   Esc: back") -> pygame.Rect:
    """A menu page: wood, a paper sheet, its title and the keyboard line. Returns the sheet."""
    backdrop(surf, sp)
    sheet = L.R(90, 26, 1100, 748)
    shade = pygame.Surface(sheet.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 0))
    pygame.draw.rect(shade, (28, 18, 12, 215), shade.get_rect(), border_radius=L.px(18))
    surf.blit(shade, sheet)
    pygame.draw.rect(surf, t.GOLD, sheet, L.px(2), border_radius=L.px(18))
    text(surf, title, L.px(46), t.GOLD, center=(sheet.centerx, sheet.y + L.px(40)), bold=True)
    if subtitle:
        text(surf, subtitle, L.px(21), (225, 210, 185),
             center=(sheet.centerx, sheet.y + L.px(76)))
    if footer:
        text(surf, footer, L.px(17), (190, 170, 140),
             center=(sheet.centerx, sheet.bottom - L.px(16)))
    return sheet


def message_box(surf, L: Layout, message: str, colour=(150, 40, 30)) -> None:
    """A message line at the foot of a menu page (problems in red, news in green)."""
    from .overlay import _wrap

    if not message:
        return
    lines = _wrap(message, L.px(19), L.px(960))
    h = L.px(14) + len(lines) * L.px(21)
    r = pygame.Rect(0, 0, L.px(1000), h)
    r.midbottom = L.R(640, 742, 0, 0).topleft
    panel(surf, r, colour, border=t.WHITE, radius=L.px(8), alpha=235)
    for i, line in enumerate(lines):
        text(surf, line, L.px(19), t.WHITE, center=(r.centerx, r.y + L.px(17) + i * L.px(21)))
