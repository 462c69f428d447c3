"""The table as a scene: the game (`App`) with the game menu, the rules of a right-clicked
card, and the first-game guide (a short hint the first time each phase comes up)."""

from __future__ import annotations

import pygame

from ..engine import flow
from . import theme as t
from .overlay import _wrap, button
from .render import panel, text
from .rules_text import HINTS
from .scenes import Director, Scene


class TableScene(Scene):
    name = "table"

    def __init__(self, d: Director, app) -> None:
        super().__init__(d)
        self.app = app
        self.hint: str | None = None
        self.hint_targets: dict[str, pygame.Rect] = {}
        app.on_fullscreen = d.toggle_fullscreen

    def enter(self) -> None:
        s = self.d.settings
        app = self.app
        app.screen = self.d.screen
        app.timeline.speed = s.speed
        app.confirm_unserved = s.confirm_unserved
        app.static_key = None  # the palette or the window may have changed
        app.log_cache = None
        app.request = None

    def close(self) -> None:
        self.app.close()

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event) -> None:
        if self.hint and self._hint_event(event):
            return
        self.app.handle(event)
        request, self.app.request = self.app.request, None
        if request is None:
            return
        if request[0] == "menu":
            from .menus import PauseScene

            self.d.push(PauseScene(self.d, self))
        elif request[0] == "card":
            from .browse import RulesScene

            self.d.push(RulesScene(self.d, card=request[1]))

    def _hint_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name in ("ok", "never"):
                r = self.hint_targets.get(name)
                if r is not None and r.collidepoint(event.pos):
                    self.dismiss_hint(all_hints=name == "never")
                    return True
            box = self.hint_targets.get("box")
            return bool(box and box.collidepoint(event.pos))
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.dismiss_hint()
            return True
        return False

    def dismiss_hint(self, all_hints: bool = False) -> None:
        s = self.d.settings
        if self.hint and self.hint not in s.hints_seen:
            s.hints_seen.append(self.hint)
        if all_hints:
            s.hints = False
        self.hint = None
        self.hint_targets = {}
        problem = self.d.save_settings()
        if problem:
            self.app.toast(problem)

    # --- the loop ------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        app = self.app
        app.advance(dt)
        s = self.d.settings
        if self.hint or not s.hints or app.timeline.busy or not app.person_to_play():
            return
        key = flow.decision(app.state)
        if app.state.config.solo and "solo" not in s.hints_seen:
            key = "solo"
        if key in HINTS and key not in s.hints_seen:
            self.hint = key

    def draw(self, surf) -> None:
        app = self.app
        app.screen = surf
        app.draw()
        self.hint_targets = {}
        if self.hint and app.L is not None and not app.scoring_open:
            self._draw_hint(surf, app.L)

    def _draw_hint(self, surf, L) -> None:
        r = L.regions["log"].copy()
        lines = _wrap(HINTS[self.hint], L.px(17), r.w - L.px(20))
        panel(surf, r, (250, 240, 205), border=t.GOLD, radius=L.px(10))
        text(surf, "FIRST-GAME GUIDE", L.px(16), (150, 100, 20),
             topleft=(r.x + L.px(10), r.y + L.px(8)), bold=True)
        y = r.y + L.px(28)
        for line in lines:
            text(surf, line, L.px(17), t.INK, topleft=(r.x + L.px(10), y))
            y += L.px(17)
        ok = pygame.Rect(r.x + L.px(10), r.bottom - L.px(40), L.px(92), L.px(32))
        never = pygame.Rect(ok.right + L.px(8), ok.y, r.right - ok.right - L.px(18), ok.h)
        button(surf, ok, "Got it", L, colour=(50, 110, 60), hover=ok.collidepoint(app_mouse(
            self)))
        button(surf, never, "No more hints", L, colour=(90, 80, 70),
               hover=never.collidepoint(app_mouse(self)))
        self.hint_targets = {"box": r, "ok": ok, "never": never}


def app_mouse(scene: TableScene):
    return scene.app.mouse
