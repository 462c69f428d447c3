"""The table uses its room (issue 48, items 1, 2 and 5), measured: the top bar's prompt reads
at least at the size of the log's words at 1024x640 in every language, whole, beside buttons
whose words keep their size; a 4-player table's panels of the other seats fill their room
with the seats' Cash, Cart, fields and customers, none over another; and every card and
token of another seat has a place in its panel to fly from or to."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game import words
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import CARDS
from loyang_game.engine.play_area import place_card
from loyang_game.engine.state import CARD, COUNT, ROWS
from loyang_game.play import commands
from loyang_game.ui import layout, overlay, render
from loyang_game.ui import theme as t
from loyang_game.ui.draw import rendered
from loyang_game.ui.prompts import PROMPT_BUTTONS, PROMPTS

from ..engine.helper_scenarios import advance, put_regular
from ..engine.scenario import take
from .drawn import record_text_places
from .test_board_look import table

SIZES = [(1280, 800), (1024, 640)]
LANGUAGES = ["en", "de", "it", "fr"]


def prompt_room(app) -> int:
    """The width the table gives its prompt now: from the round's head to the buttons."""
    L = app.view.layout()
    top = L.regions["top"]
    head = max(t.font(L.px(22), True).size(render.round_head(9, phase))[0]
               for phase in render.PHASE_WORDS)
    buttons = min(r.x for r, _label in app.view.top_rects(L).values())
    return buttons - L.px(12) - (top.x + L.px(10) + head) - L.px(16)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_prompt_reads_at_body_size_at_1024x640_whole(language):
    """Each decision's prompt (a long name in it) fits the top bar whole in at most two
    lines at no less than the log's size; English's Action phase prompt at the round head's
    size (two lines of 18 px at 1024x640, 14 before)."""
    state = new_game(GameConfig(seats=2, seed=1))
    words.set_language(language)
    app = table(state, (1024, 640))
    try:
        L = app.view.layout()
        width = prompt_room(app)
        sizes = {}
        for key, template in PROMPTS.items():
            button = commands.button_label(PROMPT_BUTTONS[key]) if key in PROMPT_BUTTONS else ""
            said = words._(template, name="Maximiliana", capacity=4, cash=12, owed=10,
                           owed_for=words._("Regular customer penalty"), button=button)
            size, lines = render.top_prompt(L, said, width)
            assert " ".join(lines) == said and len(lines) <= 2, (key, lines)
            assert all(t.font(size).size(line)[0] <= width for line in lines), key
            sizes[key] = size
        assert min(sizes.values()) >= L.px(overlay.LOG_SIZE), sizes
        if language == "en":
            assert sizes["act"] >= L.px(22) == 18
    finally:
        words.set_language("en")
        app.d.close()


def record_ink(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """(string, where its letters' ink went) of every `text` render draws from now on."""
    out: list[tuple[str, pygame.Rect]] = []
    real_text = render.text

    def text(surf, s, size, colour, **kwargs):
        r = real_text(surf, s, size, colour, **kwargs)
        ink = rendered(s, size, tuple(colour), kwargs.get("bold", False)).get_bounding_rect()
        out.append((s, ink.move(r.topleft)))
        return r

    monkeypatch.setattr(render, "text", text)
    return out


@pytest.mark.parametrize("size", SIZES)
def test_the_prompt_s_two_lines_lie_in_the_top_bar_left_of_its_buttons(size, monkeypatch):
    """Drawn: the Action phase prompt's lines (their letters) inside the top bar, one under
    the other, none reaching the buttons, and the buttons' words at their full size (px
    19)."""
    state = new_game(GameConfig(seats=2, seed=3))
    app = table(state, size)
    said = record_ink(monkeypatch)
    L = app.view.layout()
    view = app.model().view()
    view.prompt = words._(PROMPTS["act"], name="Anna", button=commands.button_label("end"))
    rects = app.view.top_rects(L)
    view.prompt_end = min(r.x for r, _label in rects.values())
    render.draw_table(pygame.Surface(size), state, L, app.sprites, view)
    lines = [r for s, r in said if s and s in view.prompt and len(s) > 8]
    top = L.regions["top"]
    assert len(lines) == 2 and all(top.contains(r) for r in lines)
    assert lines[0].centery < lines[1].centery and lines[0].bottom <= lines[1].bottom
    assert all(r.right < view.prompt_end for r in lines)
    for r, label in rects.values():
        assert top.contains(r)
        assert t.font(L.px(19), True).size(label)[0] <= r.w - L.px(10), label
    app.d.close()


def four_seats(crowded: bool = False):
    """The 4-player table of the README's screenshot (seed 5, its third round); `crowded`:
    the second seat with more cards than a seat keeps in a game (4 stalls, 3 Helpers, 4
    Regular and 2 Casual customers, 6 fields)."""
    state = new_game(GameConfig(seats=4, seed=5))
    advance(state, lambda s: s.round >= 3 and s.phase == "actions")
    if crowded:
        p = state.players[1]
        for ref in ("S2", "S3", "S4", "S8", "H:Squire", "H:Trader", "H:Official", "K1", "K2"):
            place_card(state, p, take(state, ref))
        for ref in ("R2", "R3", "R4", "R5"):
            put_regular(state, 1, ref)
    return state


def panel_rows(L, seat: int) -> list[pygame.Rect]:
    places = L.seats[seat]
    return [places.stats, places.cart, *places.fields,
            *(r for _c, r in places.chips), *(r for _c, r in places.customers)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("crowded", [False, True])
def test_a_four_player_panel_fills_its_room_none_over_another(size, crowded):
    """Every row of another seat's panel lies inside it above its foot (the hand's backs),
    none over another; the rows grow with the room until the last one ends near the foot
    (no empty band under small rows) or they are at their largest; a crowded seat's rows
    shrink no further than COMPACT_SQUEEZE and keep every customer (two abreast)."""
    pygame.init()
    state = four_seats(crowded)
    L = layout.build(state, 0, size, hand_seat=0, bar_buttons=[])
    for seat, panel in L.panels.items():
        places = L.seats[seat]
        rows = panel_rows(L, seat)
        foot = panel.bottom - L.px(layout.HAND_ROW)
        assert all(panel.contains(r) and r.bottom <= foot + L.px(2) for r in rows)
        for a, b in itertools.combinations(rows, 2):
            assert not a.colliderect(b), (seat, a, b)
        p = state.players[seat]
        assert [c for c, _r in places.customers] == [s[CARD] for s in (*p.regulars,
                                                                        *p.casuals)]
        assert places.unit >= layout.COMPACT_SQUEEZE
        lowest = max(r.bottom for r in rows)
        if places.unit < layout.COMPACT_GROWTH:
            assert foot - lowest <= L.px(8), (seat, foot - lowest)
        assert all(r.h >= L.px(layout.CUSTOMER_ROW) * 0.75 - L.px(2)
                   for _c, r in places.customers)
    if not crowded:  # a round-3 table: no panel squeezed, one with rows grown large
        assert all(L.seats[seat].unit >= 0.95 for seat in L.panels)
        assert max(L.seats[seat].unit for seat in L.panels) >= 1.3


@pytest.mark.parametrize("size", SIZES)
def test_a_four_player_panel_shows_what_each_customer_wants_and_pays(size, monkeypatch):
    """Drawn: each customer's row holds its code and the price it pays now (a Regular
    customer's next delivery, a Casual customer's with the +2/-2 in force), inside the
    row; each field's count inside its chip."""
    state = four_seats()
    app = table(state, size)
    said = record_text_places(monkeypatch, render)
    L = app.view.layout()
    render.draw_table(pygame.Surface(size), state, L, app.sprites, app.model().view())
    for seat in L.panels:
        p = state.players[seat]
        for card, row in L.seats[seat].customers:
            c = CARDS[card]
            inside = {s for s, r in said if row.contains(r)}
            regular = next((s for s in p.regulars if s[CARD] == card), None)
            pays = (c.pays[regular[ROWS]] if regular is not None
                    else c.pays[0] + render.casual_modifier(p))
            assert c.code in inside and str(pays) in inside, (c.code, inside)
        for slot, chip in zip(p.fields, L.seats[seat].fields, strict=True):
            if slot[COUNT]:
                assert any(s == str(slot[COUNT]) and chip.contains(r) for s, r in said)
    app.d.close()


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_every_card_and_token_of_another_seat_has_a_place_in_its_panel(seats):
    """What the animations need to fly to and from another seat's board: each of its
    fields and played cards has a place in its panel (`Layout.place_of`), and its Cash,
    Cart, Storehouse, fields and hand have anchors there, not the panel's middle."""
    pygame.init()
    state = new_game(GameConfig(seats=seats, seed=5))
    advance(state, lambda s: s.round >= 3 and s.phase == "actions")
    L = layout.build(state, 0, (1024, 640), hand_seat=0, bar_buttons=[])
    for seat, panel in L.panels.items():
        p = state.players[seat]
        cards = [s[CARD] for s in (*p.fields, *p.stalls, *p.helpers, *p.regulars, *p.casuals)]
        assert cards and all(panel.contains(L.place_of(card)) for card in cards)
        anchors = [L.anchors[(key, seat)] for key in ("purse", "cartbox", "store", "hand")]
        anchors += [L.anchors[("field", s[CARD])] for s in p.fields]
        assert all(panel.contains(r) and r.h < panel.h // 3 for r in anchors)
    assert all(L.place_of(card) == r for card, r in L.cards.items())


class Flights:
    """A timeline that keeps what is planned on it."""

    def __init__(self) -> None:
        self.flights: list = []

    def add(self, flight) -> None:
        self.flights.append(flight)


def test_another_seat_s_vegetables_and_coins_fly_to_its_rows_in_its_panel():
    """A 4-player seat not shown big buys and sows: the bought vegetable flies to its Cart
    line and its coins leave its Cash line; the sown vegetables fly from its Cart line to
    the field's chip in its panel (the choreography reads the panel's anchors; before, every
    flight of another seat began or ended in its panel's middle)."""
    from loyang_game.ui import choreo
    from loyang_game.ui.sprites import Sprites

    pygame.init()
    pygame.display.set_mode((1, 1))
    state = new_game(GameConfig(seats=4, seed=5))
    advance(state, lambda s: s.round >= 2 and s.phase == "actions" and s.current_player != 0
            and any(m.kind in ("sow", "buy") for m in s.legal_moves()))
    seat = state.current_player
    sprites = Sprites()
    planned = []
    for kind in ("buy", "sow"):
        move = next((m for m in state.legal_moves() if m.kind == kind), None)
        if move is None:
            continue
        planned.append(kind)
        L0 = layout.build(state, 0, (1280, 800), hand_seat=0, bar_buttons=[])
        state.apply(move)
        L1 = layout.build(state, 0, (1280, 800), hand_seat=0, bar_buttons=[])
        tl = Flights()
        choreo.plan(tl, state, move, seat, L0, L1, sprites, 0)
        places = L1.seats[seat]
        rows = [places.stats, places.cart, *places.fields]

        def in_rows(point, rows=rows) -> bool:
            return any(r.collidepoint(point) for r in rows)

        assert tl.flights, kind
        # (the Shop is not in a panel: a bought good leaves the panel's middle; a sown
        # field's further tokens come from the supply)
        assert all(in_rows(f.points[0]) or in_rows(f.points[-1]) for f in tl.flights), kind
        assert any(places.cart.collidepoint(f.points[-1 if kind == "buy" else 0])
                   for f in tl.flights), kind
    assert planned == ["buy", "sow"]
