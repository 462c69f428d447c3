"""What a new player met at the table (issue 34's list of bugs met): the words of a choice
never cut, each option saying what it does to what, the log that never scrolls into blank
space, news routed to the person it concerns, rows that stay under the pointer, tooltips that
wait for a still pointer, and the rules telling all that the game does."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game.settings import Settings
from loyang_game.ui import overlay

from ..engine.helper_scenarios import put_regular, turn
from .test_polish import table


def texts_and_places(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every string the overlay draws from now on, with where it went."""
    out: list[tuple[str, pygame.Rect]] = []
    draw = overlay.text

    def noting(surf, s, *args, **kwargs):
        r = draw(surf, s, *args, **kwargs)
        out.append((s, r))
        return r

    monkeypatch.setattr(overlay, "text", noting)
    return out


def person_table(state, seat: int, size=(1280, 800), **settings):
    kinds = ["normal"] * state.config.seats
    kinds[seat] = "person"
    app = table(Settings(speed="off", hints=False, **settings), state=state, kinds=kinds,
                size=size)
    app.d.frame(dt=1 / 60)
    return app


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("red", [False, True])
def test_the_unserved_customer_warning_is_told_whole(monkeypatch, size, red):
    s, seat = turn()
    put_regular(s, seat, "R1", red=red)
    app = person_table(s, seat, size)
    drawn = texts_and_places(monkeypatch)
    app.click(app.view.position_of(("btn", "end")))
    assert app.picker.choosing, "End with a due customer unserved asks first"
    drawn.clear()
    app.d.draw()
    words = " ".join(s for s, _r in drawn)
    assert not any(s.endswith("\u2026") for s, _r in drawn), "nothing is cut"
    assert "2-Cash penalty" in words
    assert ("already red" in words) == red
    assert ("marker turns red" in words) == (not red)
    assert "Regular customer R1" in words
    # Every line sits inside the dialog, none over another, the buttons below the words.
    panel = app.view.overlay_targets[("ui", "cancel")]
    lines = [r for s, r in drawn if s and r.y < panel.y and r.x > panel.x - 10]
    end = app.view.overlay_targets[next(t for t in app.view.overlay_targets if t[0] == "opt")]
    assert all(r.bottom <= end.y for r in lines)
    for a, b in itertools.pairwise(lines):
        assert not a.colliderect(b)
    app.d.close()
