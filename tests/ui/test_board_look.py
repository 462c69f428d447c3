"""The board as a board and a layout that uses the window (issue 48, items 2 and 3): the
prompt said once, the Path of Prosperity a path of 20 spaces with what the next steps cost,
the Courtyard as tall as what it holds and the log in the room left, the piles in one place."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import NONE, PATH_END, path_cost
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession
from loyang_game.ui import layout, render
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import card_turn, set_courtyard, turn
from .drawn import record_text_places

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
    said = record_text_places(monkeypatch, render)
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


def test_in_solo_the_log_sits_under_the_imaginary_opponent_and_the_offer_has_the_column():
    """Solo: the log fills the left column under the imaginary opponent's panel, the Offer
    the right-hand column under the piles, its cards bigger than when it shared it."""
    state = new_game(GameConfig(seats=1, seed=4))
    for size in SIZES:
        L = layout.build(state, 0, size, hand_seat=None, bar_buttons=[])
        court, log = L.regions["court"], L.regions["log"]
        slots = [L.anchors[("offerslot", i)] for i in range(12)]
        assert all(court.contains(r) for r in slots)
        assert L.regions["left"].contains(log) and not log.colliderect(L.panels[-1])
        assert log.h >= L.px(layout.LOG_LEAST) and abs(log.bottom - court.bottom) > 0
        kept = layout.build(state, 0, size, hand_seat=None, bar_buttons=[], left_kept=True)
        assert kept.regions["log"].x == kept.regions["court"].x  # with it kept: on the right
        assert slots[0].w > kept.anchors[("offerslot", 0)].w
        assert all(a.collidelist(slots[i + 1:]) == -1 for i, a in enumerate(slots))


@pytest.mark.parametrize("seats", [2, 3])
def test_the_other_seats_panels_share_the_left_column(seats):
    """With one or two other seats their panels fill the left column (none left empty under
    them), unless the scene keeps its foot (the tutorial's lesson panel)."""
    state = new_game(GameConfig(seats=seats, seed=3))
    for size in SIZES:
        L = layout.build(state, 0, size, hand_seat=None, bar_buttons=[])
        left = L.regions["left"]
        panels = sorted(L.panels.values(), key=lambda r: r.y)
        assert len(panels) == seats - 1 and all(left.contains(r) for r in panels)
        assert panels[-1].bottom >= left.bottom - L.px(8)
        kept = layout.build(state, 0, size, hand_seat=None, bar_buttons=[], left_kept=True)
        assert all(r.h <= L.px(layout.SEAT_PANEL_H) + 1 for r in kept.panels.values())


def test_the_tutor_s_table_keeps_the_left_column_foot_for_the_lesson():
    from loyang_game.ui.table_model import TableModel

    state = new_game(GameConfig(seats=2, seed=3))
    model = TableModel(state=state, names=["Anna", "Bao"], kinds=["person", "tutor"],
                       viewer=0, focus=0)
    assert model.left_kept
    assert not TableModel(state=state, names=["Anna", "Bao"], kinds=["person", "normal"],
                          viewer=0, focus=0).left_kept


def played_tiles(monkeypatch, app, state, size):
    """The card faces the picture drew as tiles: (card, rect)."""
    drawn = []
    tile = app.sprites.tile

    def noting(card, w, h, solo=False):
        drawn.append((card, (w, h)))
        return tile(card, w, h, solo)

    monkeypatch.setattr(app.sprites, "tile", noting)
    render.draw_table(pygame.Surface(size), state, app.view.layout(), app.sprites,
                      app.model().view())
    return drawn


def test_the_other_seat_s_played_cards_show_as_tiles_in_two_player_games(monkeypatch):
    """In a two-player game the other seat's stalls, Helpers and customers are drawn as
    their tiles in its panel (as on its board), not as chips of their codes."""
    from ..engine.scenario import put

    s, seat = card_turn()
    other = 1 - seat
    cards = [put(s, other, ref).card for ref in ("S3", "Maid", "R1", "K1")]
    for size in SIZES:
        app = table(s, size)
        drawn = dict(played_tiles(monkeypatch, app, s, size))
        panel = app.view.L.panels[other]
        assert all(card in drawn for card in cards)
        assert all(w <= panel.w for w, _h in (drawn[c] for c in cards))
        app.d.close()


def test_a_casual_customer_says_what_it_pays_with_the_modifier(monkeypatch):
    """With more Regular than Casual customers, a Casual one's tag says its price +2; with
    fewer, -2; with as many, no tag (the printed price stands)."""
    from loyang_game.engine.cards import CARDS
    from loyang_game.engine.state import CARD

    from ..engine.scenario import put

    assert render.casual_words(8, 2) == "pays 10 (+2)"
    assert render.casual_words(8, -2) == "pays 6 (-2)"
    for regulars, expected in ((["R1", "R2"], "+2"), ([], "-2"), (["R1"], None)):
        s, seat = card_turn()
        k = put(s, seat, "K1").card
        for ref in regulars:
            put(s, seat, ref)
        app = table(s)
        said: list[str] = []
        draw = render.text

        def noting(surf, words, *args, said=said, draw=draw, **kwargs):
            said.append(words)
            return draw(surf, words, *args, **kwargs)

        monkeypatch.setattr(render, "text", noting)
        render.draw_table(pygame.Surface((1280, 800)), s, app.view.layout(), app.sprites,
                          app.model().view())
        tags = [w for w in said if w.startswith("pays ")]
        price = CARDS[k].pays[0]
        if expected is None:
            assert tags == []
        else:
            assert tags == [render.casual_words(price, int(expected))]
        assert [slot[CARD] for slot in s.players[seat].casuals] == [k]
        monkeypatch.undo()
        app.d.close()


def test_a_regular_customer_rings_the_price_its_next_delivery_pays(monkeypatch):
    """The price box of the next row to fill is ringed in gold: the first at first, the
    third after two deliveries, none once all four are done."""
    from ..engine.scenario import put

    for rows in (0, 2):
        s, seat = card_turn()
        r1 = put(s, seat, "R1", rows=rows).card
        app = table(s)
        rings = []
        rect = pygame.draw.rect

        def noting(surf, colour, r, *args, rings=rings, rect=rect, **kwargs):
            if tuple(colour)[:3] == tuple(render.t.GOLD)[:3]:
                rings.append(pygame.Rect(r))
            return rect(surf, colour, r, *args, **kwargs)

        monkeypatch.setattr(render.pygame.draw, "rect", noting)
        L = app.view.layout()
        render.draw_table(pygame.Surface((1280, 800)), s, L, app.sprites, app.model().view())
        monkeypatch.undo()
        box = render.g.scaled(render.g.regular_row(rows), L.cards[r1], render.g.TILE_W)
        assert any(r.contains(box) for r in rings), rows
        others = [render.g.scaled(render.g.regular_row(i), L.cards[r1], render.g.TILE_W)
                  for i in range(4) if i != rows]
        assert not any(r.contains(o) for r in rings for o in others)
        app.d.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_hand_of_six_lies_side_by_side_in_the_card_phase(size):
    """Six cards in the Card phase's hand lie side by side, none covering another, each at
    least as big as the hand's cards were (88x123 at 1280x800) and left of the buttons."""
    from ..engine.helper_scenarios import set_hand

    s, seat = card_turn()
    set_hand(s, seat, ["S3", "S7", "R1", "K1", "Maid", "Squire"])
    p = s.players[seat]
    if p.intro != NONE:  # six cards, no seventh
        s.draw.append(p.intro)
        p.intro = NONE
    app = table(s, size)
    L = app.view.layout()
    cards = sorted((L.targets[("hand", c)] for c in s.players[seat].hand), key=lambda r: r.x)
    assert len(cards) == 6
    assert all(a.right <= b.x for a, b in itertools.pairwise(cards))
    k = size[0] / 1280
    assert all(r.w >= 88 * k and r.h >= 123 * k for r in cards)
    assert all(not r.colliderect(b[2]) for r in cards for b in L.buttons)
    app.d.close()


def test_a_hand_can_be_kept_left_of_a_scene_s_controls():
    """A scene whose controls fill the bar's three columns whatever the phase (the replay's)
    asks the layout to keep the hand left of them: four cards in a Card phase stay there."""
    from loyang_game.ui.table_model import Mode, TableModel

    from ..engine.helper_scenarios import set_hand

    s, seat = card_turn()
    set_hand(s, seat, ["S3", "S7", "R1", "K1"])
    model = TableModel(state=s, names=["Anna", "Bao"], kinds=["person", "normal"],
                       viewer=seat, focus=seat, mode=Mode.REPLAY)
    for size in SIZES:
        L = model.layout(size, bar_left=layout.BUTTONS_LEFT)
        left = L.R(layout.BUTTONS_LEFT, 0, 0, 0).x
        assert all(L.cards[c].right <= left for c in s.players[seat].hand)


@pytest.mark.parametrize("size", SIZES)
def test_the_prompt_has_the_top_bar_up_to_buttons_as_wide_as_their_words(size, monkeypatch):
    """The top bar's buttons are as wide as their longest words (the speed's button the same
    at every speed, so nothing moves when it is clicked) and the prompt runs up to them,
    never under one: the Action phase's prompt in two lines at 1024x640 at 12 px at least."""
    from loyang_game.ui import tableview

    state = new_game(GameConfig(seats=2, seed=3))
    app = table(state, size)
    speeds = {tableview.top_width(("ui", "speed"), "?") for _ in tableview.SPEED_WORDS}
    assert len(speeds) == 1
    before = {k: r for k, (r, _label) in app.view.top_rects().items()}
    app.timeline.speed = "fast" if app.timeline.speed != "fast" else "slow"
    assert {k: r for k, (r, _label) in app.view.top_rects().items()} == before
    said: list[tuple[str, pygame.Rect, int]] = []
    draw = render.text

    def noting(surf, s, size_, *args, **kwargs):
        r = draw(surf, s, size_, *args, **kwargs)
        said.append((s, r, size_))
        return r

    monkeypatch.setattr(render, "text", noting)
    prompt = ("Anna: click a Cart vegetable, then the Shop, a field, a stall or a customer; "
              "or buy from the Shop; End Action phase when done.")
    L = app.view.layout()
    view = app.model().view()
    view.prompt = prompt
    view.prompt_end = min(r.x for r in before.values())
    render.draw_table(pygame.Surface(size), state, L, app.sprites, view)
    lines = [(r, s) for s, r, s_ in said if s and s in prompt and len(s) > 8]
    sizes = [s_ for s, r, s_ in said if s and s in prompt and len(s) > 8]
    assert 1 <= len(lines) <= 2 and min(sizes) >= 12
    assert all(r.right < view.prompt_end for r, _s in lines)
    app.d.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_seat_s_many_played_cards_show_their_names_then_the_last_ones_whole(size):
    """Three players: a seat with nine played cards shows them in its panel one under
    another, none over another, the first as their header bands and the last ones whole;
    four players' panels keep their chips."""
    state = new_game(GameConfig(seats=3, seed=3))
    L = layout.build(state, 0, size, hand_seat=None, bar_buttons=[])
    panel = L.panels[1]
    y = panel.y + L.px(100)
    for n in (1, 3, 9):
        places = layout.played_places(L, panel, y, n)
        assert len(places) == n
        assert all(panel.contains(r) for r, _whole in places)
        assert all(a.bottom <= b.y for (a, _w), (b, _v) in itertools.pairwise(places))
        wholes = [whole for _r, whole in places]
        assert wholes[-1] and wholes == sorted(wholes)  # bands first, then whole tiles
        bands = [r for r, whole in places if not whole]
        assert all(r.h < places[-1][0].h // 2 for r in bands)
    assert not all(whole for _r, whole in layout.played_places(L, panel, y, 9))
    four = new_game(GameConfig(seats=4, seed=5))
    L4 = layout.build(four, 0, size, hand_seat=None, bar_buttons=[])
    assert layout.played_places(L4, L4.panels[1], L4.panels[1].y + L4.px(100), 3) == []


@pytest.mark.parametrize("size", SIZES)
def test_an_empty_courtyard_is_its_title_alone_outside_the_card_phase(size):
    """In the Card phase an empty Courtyard keeps a row (a card is put there: its place
    stays a full-sized target); in the Action phase nothing comes there, and the log takes
    the room."""
    carding, _seat = card_turn()
    set_courtyard(carding, [])
    acting, _seat = turn()
    set_courtyard(acting, [])
    assert acting.phase != carding.phase
    built = {name: layout.build(s, s.current_player, size, hand_seat=None, bar_buttons=[])
             for name, s in (("card", carding), ("action", acting))}
    card_court, action_court = (built[n].regions["court"] for n in ("card", "action"))
    assert action_court.h < card_court.h
    assert built["action"].regions["log"].y < built["card"].regions["log"].y
    assert built["action"].regions["log"].y > action_court.bottom
