"""Who is thinking (issue 46, item 5): each AI seat that thinks now, the one to move or one
thinking ahead about its coming turn, has a gliding light on its name strip on the left."""

from __future__ import annotations

import pygame

from loyang_game.ui import theme, thinking_marks

from .driver import make_app


def gold_in(surf: pygame.Surface, r: pygame.Rect) -> int:
    return sum(1 for x in range(r.left, r.right) for y in range(r.top, r.bottom)
               if tuple(surf.get_at((x, y)))[:3] == tuple(theme.GOLD)[:3])


def test_a_seat_thinking_has_a_light_on_its_name_strip_and_the_others_none(monkeypatch):
    app = make_app(3, ["person", "normal", "normal"], 3)
    L = app.view.layout()
    thinker, other = sorted(L.panels)  # the two seats not shown big
    strips = {seat: pygame.Rect(r.x, r.y + L.px(18), r.w, L.px(10))
              for seat, r in L.panels.items()}
    monkeypatch.setattr(app.game, "thinking_seats", lambda: [thinker])
    app.d.draw()
    screen = app.d.screen
    assert gold_in(screen, strips[thinker]) > 0
    assert gold_in(screen, strips[other]) == 0
    monkeypatch.setattr(app.game, "thinking_seats", lambda: [])
    app.d.draw()
    assert gold_in(app.d.screen, strips[thinker]) == 0
    app.d.close()


def test_a_seat_shown_big_has_no_mark_of_its_own():
    surf = pygame.Surface((1280, 800))
    app = make_app(2, ["person", "normal"], 3)
    L = app.view.layout()
    assert L.focus not in L.panels
    thinking_marks.draw(surf, L, [L.focus], 0.0)  # nothing to draw it on: no error
    assert pygame.transform.average_color(surf)[:3] == (0, 0, 0)
    app.d.close()
