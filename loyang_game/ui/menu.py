"""What the menus share: a page of wood and paper with a title, the message line at its foot,
and `MenuScene`, a scene with a `Form` where Esc goes back and everything else goes to the form
(`DialogScene` is the same as a small panel over the table)."""

from __future__ import annotations

import pygame

from ..words import _
from . import theme as t
from .draw import dim, panel, text, wrap
from .layout import Layout
from .scene import Scene, frame_layout
from .sprites import Sprites
from .widgets import Form

GREEN = (50, 110, 60)
GREY = (90, 80, 70)
RED = (140, 50, 40)
SOFT = (225, 210, 185)
PROBLEM = (150, 40, 30)
PLAYER_EVENTS = (pygame.KEYDOWN, pygame.TEXTINPUT, pygame.MOUSEBUTTONDOWN)


def backdrop(surf: pygame.Surface, sp: Sprites) -> None:
    surf.blit(sp.tiled("wood", surf.get_size()), (0, 0))


def page(surf: pygame.Surface, sp: Sprites, L: Layout, title: str, subtitle: str = "",
         footer: str | None = None) -> pygame.Rect:
    """A menu page: wood, a paper sheet, its title and the keyboard line (by default the
    menus' keys; "" for none). Returns the sheet."""
    if footer is None:
        footer = _("Arrows or Tab: move   Enter: choose   Esc: back")
    backdrop(surf, sp)
    sheet = L.R(90, 26, 1100, 748)
    panel(surf, sheet, (28, 18, 12), radius=L.px(18), alpha=215)
    pygame.draw.rect(surf, t.GOLD, sheet, L.px(2), border_radius=L.px(18))
    text(surf, title, L.px(46), t.GOLD, center=(sheet.centerx, sheet.y + L.px(36)), bold=True)
    if subtitle:
        text(surf, subtitle, L.px(21), SOFT, center=(sheet.centerx, sheet.y + L.px(76)))
    if footer:
        text(surf, footer, L.px(17), (190, 170, 140),
             center=(sheet.centerx, sheet.bottom - L.px(16)))
    return sheet


def message_box(surf, L: Layout, message: str, colour=PROBLEM) -> pygame.Rect | None:
    """A message line at the foot of a menu page (problems in red, news in green); its box."""
    if not message:
        return None
    lines = wrap(message, L.px(19), L.px(960))
    h = L.px(14) + len(lines) * L.px(21)
    r = pygame.Rect(0, 0, L.px(1000), h)
    r.midbottom = L.R(640, 742, 0, 0).topleft
    panel(surf, r, colour, border=t.WHITE, radius=L.px(8), alpha=235)
    for i, line in enumerate(lines):
        text(surf, line, L.px(19), t.WHITE, center=(r.centerx, r.y + L.px(17) + i * L.px(21)))
    return r


class MenuScene(Scene):
    """A menu: a `Form` of controls and a message line. Esc goes back (`back`); any other
    event goes to the form; with `clears_message`, using the form clears an old message."""

    clears_message = False

    def __init__(self, director) -> None:
        super().__init__(director)
        self.form = Form()
        self.message = ""

    def back(self) -> None:
        self.d.pop()

    def tell(self, message: str) -> None:
        """Show `message` on the page's message line."""
        self.message = message

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return
        if self.clears_message and event.type in PLAYER_EVENTS:
            self.message = ""  # the player moved on; what the form does may say anew
        self.form.handle(event)


class DialogScene(MenuScene):
    """A small panel over the table (which stays visible, dimmed)."""

    transparent = True
    title = ""
    width, height = 460, 420

    def panel_rect(self, L: Layout) -> pygame.Rect:
        return L.R(640 - self.width / 2, 400 - self.height / 2, self.width, self.height)

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        dim(surf, None, 150)
        r = self.panel_rect(L)
        panel(surf, r, (40, 28, 20), border=t.GOLD, radius=L.px(16))
        text(surf, self.title, L.px(34), t.GOLD, center=(r.centerx, r.y + L.px(34)), bold=True)
        self.place(L, r)
        self.form.draw(surf, L, self.d.mouse)
        lines = wrap(self.message, L.px(18), r.w - L.px(40)) if self.message else []
        for i, line in enumerate(lines):  # the last line at the panel's foot
            text(surf, line, L.px(18), (255, 150, 130),
                 center=(r.centerx, r.bottom - L.px(18) - (len(lines) - 1 - i) * L.px(21)))

    def place(self, L: Layout, r: pygame.Rect) -> None:
        """Put the form's controls in the panel (one under the other unless overridden)."""
        y = r.y + L.px(70)
        for item in self.form.live():
            item.rect = pygame.Rect(r.x + L.px(40), y, r.w - L.px(80), L.px(44))
            y += L.px(52)
