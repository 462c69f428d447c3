"""The first-game guide: a short hint the first time each phase comes up (and once for the
solo game), with Got it and No more hints. What was seen is kept in the settings, so a hint
never comes back after a restart. The hint sits at the foot of the board's middle column (the
Loans and the start tokens), clear of the log, the bottom bar and the Two-pack panel."""

from __future__ import annotations

import pygame

from ..engine import GameState, flow
from ..files.settings import Settings
from ..words import _
from . import theme as t
from .draw import button, panel, text, wrap
from .layout import Layout
from .rules_text import HINTS


class Guide:
    def __init__(self, settings: Settings, save_settings) -> None:
        """`save_settings()` writes the settings and returns the problem, if any."""
        self.settings = settings
        self.save_settings = save_settings
        self.hint: str | None = None  # the key in HINTS shown now
        self.targets: dict[str, pygame.Rect] = {}  # where the last frame drew the box

    def look(self, state: GameState) -> None:
        """Show the hint for the decision a person faces in `state`, if not seen yet."""
        s = self.settings
        if self.hint or not s.hints:
            return
        key: str = flow.decision(state)
        if state.config.solo and "solo" not in s.hints_seen:
            key = "solo"
        if key in HINTS and key not in s.hints_seen:
            self.hint = key

    def handle(self, event, shown: dict[str, pygame.Rect]) -> tuple[bool, str | None]:
        """Whether `event` was the guide's, and a problem to tell (the settings unsaved);
        `shown`: where the box and its buttons are now (`place`; {}: it does not show)."""
        if not self.hint:
            return False, None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name in ("ok", "never"):
                r = shown.get(name)
                if r is not None and r.collidepoint(event.pos):
                    return True, self.dismiss(all_hints=name == "never")
            box = shown.get("box")
            return bool(box and box.collidepoint(event.pos)), None
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return True, self.dismiss()
        return False, None

    def dismiss(self, all_hints: bool = False) -> str | None:
        """Put the hint away for good (`all_hints`: every hint); the problem, if the settings
        could not be saved."""
        s = self.settings
        if self.hint and self.hint not in s.hints_seen:
            s.hints_seen.append(self.hint)
        if all_hints:
            s.hints = False
        self.hint = None
        self.targets = {}
        return self.save_settings()

    def place(self, L: Layout) -> dict[str, pygame.Rect]:
        """Where the hint's box and its buttons go ({}: no hint)."""
        if not self.hint:
            return {}
        r, _lines = box(L, _(HINTS[self.hint]))
        never = pygame.Rect(0, 0, L.px(130), L.px(30))
        never.topright = (r.right - L.px(8), r.y + L.px(7))
        ok = pygame.Rect(0, 0, L.px(80), never.h)
        ok.topright = (never.x - L.px(6), never.y)
        return {"box": r, "ok": ok, "never": never}

    def draw(self, surf, L: Layout, mouse) -> None:
        """Draw the hint's box where `place` puts it (the table says when it shows)."""
        self.targets = {}
        if not self.hint:
            return
        self.targets = self.place(L)
        r, ok, never = self.targets["box"], self.targets["ok"], self.targets["never"]
        lines = box(L, _(HINTS[self.hint]))[1]
        panel(surf, r, (250, 240, 205), border=t.GOLD, radius=L.px(10))
        text(surf, _("FIRST-GAME GUIDE"), L.px(16), (150, 100, 20),
             midleft=(r.x + L.px(10), r.y + L.px(22)), bold=True)
        y = r.y + L.px(HEAD)
        for line in lines:
            text(surf, line, L.px(17), t.INK, topleft=(r.x + L.px(10), y))
            y += L.px(LINE)
        button(surf, ok, _("Got it"), L, colour=(50, 110, 60), hover=ok.collidepoint(mouse))
        button(surf, never, _("No more hints"), L, colour=(90, 80, 70),
               hover=never.collidepoint(mouse))


HEAD, LINE, FOOT = 42, 17, 8  # design pixels: the title row with the buttons, a line, margin


def box(L: Layout, hint: str) -> tuple[pygame.Rect, list[str]]:
    """Where the hint's box goes and its lines: as wide as the board's middle column, resting
    on the board's bottom edge and as tall as its lines need."""
    column = L.regions["centre"]
    lines = wrap(hint, L.px(17), column.w - L.px(20))
    r = pygame.Rect(column.x, 0, column.w, L.px(HEAD + FOOT) + len(lines) * L.px(LINE))
    r.bottom = L.regions["board"].bottom - L.px(6)
    return r, lines
