"""The board as a board and a layout that uses the window (issue 48, items 2 and 3): the
prompt said once, the Path of Prosperity a path of 20 spaces with what the next steps cost,
the Courtyard as tall as what it holds and the log in the room left, the piles in one place."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import PATH_END, path_cost
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession
from loyang_game.ui import layout, render
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import card_turn, set_courtyard

SIZES = [(1280, 800), (1024, 640)]


def table(state, size=(1280, 800)):
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    kinds = ["normal"] * state.config.seats
    kinds[state.current_player or 0] = "person"
    return d.open("table", game=GameSession(state, kinds, ai_seed=1, autosave=False,
                                            record=False))


@pytest.mark.parametrize("size", SIZES)
def test_the_prompt_is_said_once_in_the_top_bar(size, monkeypatch):
    """With no hand on the bottom bar, the prompt is not said a second time there."""
    state = new_game(GameConfig(seats=2, seed=3))
    app = table(state, size)
    said: list[tuple[str, pygame.Rect]] = []
    draw = render.text

    def noting(surf, s, *args, **kwargs):
        r = draw(surf, s, *args, **kwargs)
        said.append((s, r))
        return r

    monkeypatch.setattr(render, "text", noting)
    L = app.view.layout()
    view = app.model().view()
    view.prompt = "Anna: buy cards from the Offer, then Done buying."
    p = state.players[0]
    p.hand.clear()
    render.draw_table(pygame.Surface(size), state, L, app.sprites, view)
    top, bottom = L.regions["top"], L.regions["bottom"]
    prompt_words = [(s, r) for s, r in said if s and s in view.prompt and len(s) > 8]
    assert prompt_words and all(top.contains(r) for _s, r in prompt_words)
    assert not any(bottom.colliderect(r) for _s, r in prompt_words)
    app.d.close()


def test_the_path_winds_through_twenty_spaces_in_order():
    """Each space's click place holds its stone; the spaces follow one another (1 to 10 one
    way, 11 to 20 back), none overlaps another or the Shop and the Cart, all inside the
    board's middle."""
    state = new_game(GameConfig(seats=2, seed=3))
    for size in SIZES:
        L = layout.build(state, 0, size, hand_seat=None, bar_buttons=[])
        rects = [L.targets[("path", space)] for space in range(1, PATH_END + 1)]
        centre = L.regions["centre"]
        assert all(centre.contains(r) for r in rects)
        for i, r in enumerate(rects):
            assert r.collidelist(rects[i + 1:]) == -1
            assert not r.colliderect(L.anchors[("cartbox", 0)])
            assert all(not r.colliderect(L.targets[("shop", veg)]) for veg in range(6))
        for a, b in itertools.pairwise(rects):  # next to each other along the road
            assert abs(a.centerx - b.centerx) + abs(a.centery - b.centery) < 2.5 * a.w
        assert rects[9].centery < rects[10].centery  # the bend: 11 under 10
        assert rects[10].centerx > rects[19].centerx  # the way back


def test_the_path_tells_what_the_next_steps_cost():
    """The next steps' prices are the engine's (the first step of a round for 1, each further
    one the value of the space entered), up to the first the player cannot pay."""
    assert render.next_steps(5, 2) == [(6, 1), (7, path_cost(5, 2))]
    assert render.next_steps(5, 100) == [(5 + k, path_cost(5, k)) for k in range(1, 5)]
    assert render.next_steps(19, 100) == [(20, 1)]
    assert render.next_steps(20, 100) == []


@pytest.mark.parametrize("size", SIZES)
def test_the_courtyard_is_as_tall_as_what_it_holds_and_the_log_takes_the_rest(size):
    heights = []
    draws = []
    for refs in ([], ["S3"], ["S3", "R14", "K9", "Maid"], ["S3", "R14", "K9", "Maid", "S7",
                                                           "R1", "K1", "R4"]):
        s, _seat = card_turn()
        set_courtyard(s, refs)
        L = layout.build(s, s.current_player, size, hand_seat=None, bar_buttons=[])
        court, log, right = L.regions["court"], L.regions["log"], L.regions["right"]
        cards = [L.targets[x] for x in L.targets if x[0] == "court"]
        assert len(cards) == len(refs)
        assert all(court.contains(r) for r in cards)
        assert court.bottom < log.y and abs(log.bottom - right.bottom) <= 1
        assert not court.colliderect(L.regions["piles"]) and not log.colliderect(court)
        heights.append(court.h)
        draws.append(L.targets[("draw",)])
    assert heights == sorted(heights) and heights[0] < heights[-1]
    assert all(r == draws[0] for r in draws)  # the draw pile never moves


def test_the_offer_and_the_log_share_the_column_in_solo():
    state = new_game(GameConfig(seats=1, seed=4))
    for size in SIZES:
        L = layout.build(state, 0, size, hand_seat=None, bar_buttons=[])
        court, log = L.regions["court"], L.regions["log"]
        slots = [L.anchors[("offerslot", i)] for i in range(12)]
        assert all(court.contains(r) for r in slots)
        assert court.bottom < log.y and log.h >= L.px(layout.LOG_LEAST)
