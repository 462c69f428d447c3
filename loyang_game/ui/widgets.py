"""The menus' controls: buttons, on/off toggles, choices and text fields in a `Form` that
keyboard and mouse both drive.

Keyboard: Up/Down (or Tab/Shift-Tab) move the focus, Left/Right change a choice, Enter or
Space chooses, typing goes into the focused text field. Mouse: hovering focuses, a click
chooses; a click on the left part of a choice steps back, elsewhere forward.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame

from ..words import _
from . import theme as t
from .draw import button, fit, panel, text
from .layout import Layout

BUTTON, TOGGLE, CHOICE, TEXT = "button", "toggle", "choice", "text"


@dataclass(eq=False)
class Item:
    key: str
    kind: str
    label: str = ""  # the button's text; for the others the caption drawn to their left
    # toggle: bool; choice: the option; text: str (Any: what it holds depends on `kind`)
    value: Any = None
    options: list = field(default_factory=list)  # choice: values
    show: Callable[[Any], str] | None = None  # choice: how an option reads
    action: Callable[[], None] | None = None  # button: what it does
    on_change: Callable[[Item], None] | None = None
    max_len: int = 24
    digits: bool = False  # text: digits only
    placeholder: str = ""
    visible: bool = True
    colour: tuple = (120, 70, 40)
    paint: Callable | None = None  # custom drawing: paint(surf, L, item, focused, hover)
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    def text_of(self, value) -> str:
        return self.show(value) if self.show else str(value)

    def step(self, delta: int) -> None:
        if self.kind == CHOICE and self.options:
            i = self.options.index(self.value) if self.value in self.options else 0
            self.value = self.options[(i + delta) % len(self.options)]
            self.changed()
        elif self.kind == TOGGLE:
            self.value = not self.value
            self.changed()

    def changed(self) -> None:
        if self.on_change:
            self.on_change(self)

    def activate(self) -> None:
        if self.kind in (BUTTON, TEXT) and self.action:
            self.action()
        elif self.kind in (TOGGLE, CHOICE):
            self.step(1)


class Form:
    """Items in focus order; the scene places them (`item.rect`) before drawing."""

    def __init__(self) -> None:
        self.items: list[Item] = []
        self.focus = 0

    def add(self, item: Item) -> Item:
        self.items.append(item)
        return item

    def get(self, key: str) -> Item:
        return next(i for i in self.items if i.key == key)

    def live(self) -> list[Item]:
        return [i for i in self.items if i.visible]

    @property
    def focused(self) -> Item | None:
        live = self.live()
        if not live:
            return None
        self.focus = min(self.focus, len(live) - 1)
        return live[self.focus]

    def set_focus(self, item: Item) -> None:
        live = self.live()
        if item in live:
            self.focus = live.index(item)

    def move(self, delta: int) -> None:
        live = self.live()
        if live:
            self.focus = (min(self.focus, len(live) - 1) + delta) % len(live)

    def at(self, pos) -> Item | None:
        for item in self.live():
            if item.rect.collidepoint(pos):
                return item
        return None

    def handle(self, event) -> bool:
        """True if the event was the form's."""
        item = self.focused
        if event.type == pygame.KEYDOWN:
            key = event.key
            shift = event.mod & pygame.KMOD_SHIFT
            if key == pygame.K_UP or (key == pygame.K_TAB and shift):
                self.move(-1)
            elif key in (pygame.K_DOWN, pygame.K_TAB):
                self.move(1)
            elif item is None:
                return False
            elif key in (pygame.K_LEFT, pygame.K_RIGHT) and item.kind in (CHOICE, TOGGLE):
                item.step(-1 if key == pygame.K_LEFT else 1)
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) or (
                    key == pygame.K_SPACE and item.kind != TEXT):
                item.activate()
            elif key == pygame.K_BACKSPACE and item.kind == TEXT:
                item.value = str(item.value)[:-1]
                item.changed()
            else:
                return False
            return True
        if event.type == pygame.TEXTINPUT and item is not None and item.kind == TEXT:
            add = "".join(ch for ch in event.text if ch.isprintable())
            if item.digits:
                add = "".join(ch for ch in add if ch.isdigit())
            item.value = (str(item.value) + add)[: item.max_len]
            item.changed()
            return True
        if event.type == pygame.MOUSEMOTION:
            hit = self.at(event.pos)
            if hit is not None and hit.kind == BUTTON:
                self.set_focus(hit)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.at(event.pos)
            if hit is None:
                return False
            self.set_focus(hit)
            if hit.kind == CHOICE:
                hit.step(-1 if event.pos[0] < hit.rect.x + hit.rect.w * 0.3 else 1)
            elif hit.kind != TEXT:
                hit.activate()
            return True
        return False

    def draw(self, surf, L: Layout, mouse=(-1, -1)) -> None:
        focused = self.focused
        for item in self.live():
            if item.rect.w == 0:
                continue  # scrolled out of view
            hover = item.rect.collidepoint(mouse)
            if item.paint:
                item.paint(surf, L, item, item is focused, hover)
            else:
                draw_item(surf, L, item, item is focused, hover)


def draw_item(surf, L: Layout, item: Item, focused: bool, hover: bool) -> None:
    r = item.rect
    if item.kind == BUTTON:
        button(surf, r, item.label, L, lit=focused, hover=hover or focused, colour=item.colour)
        return
    if item.label:
        size = L.px(22)
        text(surf, item.label, size, t.WHITE, midright=(r.x - L.px(14), r.centery), bold=True)
    panel(surf, r, (250, 244, 228) if item.kind == TEXT else t.PANEL, radius=L.px(6))
    pygame.draw.rect(surf, t.HIGHLIGHT if focused else (150, 120, 80), r,
                     L.px(3) if focused else L.px(1), border_radius=L.px(6))
    size = L.px(21)
    if item.kind == TOGGLE:
        box = pygame.Rect(r.x + L.px(8), r.centery - L.px(10), L.px(20), L.px(20))
        pygame.draw.rect(surf, t.INK, box, L.px(2), border_radius=L.px(3))
        if item.value:
            pygame.draw.lines(surf, (30, 120, 60), False, [
                (box.x + L.px(4), box.centery), (box.centerx - L.px(1), box.bottom - L.px(5)),
                (box.right - L.px(3), box.y + L.px(4))], L.px(3))
        text(surf, _("On") if item.value else _("Off"), size, t.INK,
             midleft=(box.right + L.px(10), r.centery), bold=True)
    elif item.kind == CHOICE:
        text(surf, "<", L.px(26), t.INK_SOFT, midleft=(r.x + L.px(10), r.centery), bold=True)
        text(surf, ">", L.px(26), t.INK_SOFT, midright=(r.right - L.px(10), r.centery),
             bold=True)
        text(surf, fit(item.text_of(item.value), size, r.w - L.px(50), True), size, t.INK,
             center=r.center, bold=True)
    elif item.kind == TEXT:
        value = str(item.value)
        shown = value if value or focused else item.placeholder
        colour = t.INK if value else (150, 135, 115)
        img = text(surf, fit(shown, size, r.w - L.px(24)), size, colour,
                   midleft=(r.x + L.px(10), r.centery))
        if focused and (pygame.time.get_ticks() // 500) % 2 == 0:
            x = img.right + L.px(2) if value else r.x + L.px(10)
            pygame.draw.line(surf, t.INK, (x, r.y + L.px(8)), (x, r.bottom - L.px(8)), L.px(2))
