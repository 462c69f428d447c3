"""What a player sees at the table: the colour-blind palette on every seat colour, the guide
beside the log, the AI's news in a player's words, and the text of the table not overlapping
at the smallest window."""

from __future__ import annotations

import itertools

import pygame
import pytest

from ai.thinker import Progress
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.engine.cards import NONE
from loyang_game.files.settings import Settings
from loyang_game.play.commands import BUTTON_LABELS
from loyang_game.play.session import GameSession
from loyang_game.text.log import touched
from loyang_game.ui import overlay, render, theme
from loyang_game.ui.director import Director
from loyang_game.ui.layout import BUTTON_SLOTS, button_rect
from loyang_game.ui.news import Item as NewsItem
from loyang_game.ui.rules_text import HINTS
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import W, card_turn, set_courtyard, set_hand, turn
from ..engine.scenario import put, set_player
from .driver import click

NORMAL_SEATS = theme.SEAT_COLOURS


@pytest.fixture
def palette_back():
    yield
    theme.set_palette(False)


def table(settings: Settings, seats: int = 2, size=(1280, 800), kinds=None, seed: int = 3,
          state=None):
    d = Director(SCENES, settings, size=size, fullscreen=False, fps_cap=0)
    state = state or new_game(GameConfig(seats=seats, seed=seed))
    game = GameSession(state, kinds or ["person"] + ["normal"] * (state.config.seats - 1),
                       ai_seed=seed, autosave=False, record=False)
    return d.open("table", game=game)


def drawn_words(monkeypatch) -> list[str]:
    """Every string the overlay draws from now on."""
    words: list[str] = []
    draw = overlay.text

    def noting(surf, s, *args, **kwargs):
        words.append(s)
        return draw(surf, s, *args, **kwargs)

    monkeypatch.setattr(overlay, "text", noting)
    return words


def pawn_head(app, seat: int) -> tuple[int, int]:
    """A point inside `seat`'s pawn's body on the Path (alone on its space)."""
    L = app.view.L
    r = L.anchors[("path", app.game.state.players[seat].path)]
    pawn = render.pawn_place(L, r, 0, 1, seat == L.focus)
    return pawn.centerx, pawn.y + round(pawn.h * 0.7)


@pytest.mark.parametrize("colour_blind", [False, True])
def test_the_palette_colours_the_pawns_the_name_plate_and_the_seat_panels(colour_blind,
                                                                         palette_back):
    app = table(Settings(speed="off", hints=False, colour_blind=colour_blind))
    app.game.state.players[1].path = 5  # each pawn alone on its space
    app.view.invalidate()
    screen = app.d.screen
    app.d.draw()
    palette = theme.SEAT_COLOURS
    assert (palette != NORMAL_SEATS) == colour_blind
    L = app.view.L
    for seat in (0, 1):
        assert tuple(screen.get_at(pawn_head(app, seat)))[:3] == palette[seat]
    plate = L.anchors[("plate", L.focus)]
    assert tuple(screen.get_at((plate.centerx, plate.y + 3)))[:3] == palette[L.focus]
    other = L.panels[1 - L.focus]
    assert tuple(screen.get_at((other.centerx, other.y + 3)))[:3] == palette[1 - L.focus]
    app.d.close()


SIZES = [(1280, 800), (1024, 640)]
TABLES = [(2, 3), (4, 5), (1, 7)]  # (seats, seed)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seats,seed", TABLES)
def test_no_first_game_hint_covers_the_log_or_the_bottom_bar(size, seats, seed):
    app = table(Settings(speed="off", hints=True), seats=seats, size=size, seed=seed,
                kinds=["person"] * seats)
    guide = app.guide
    for key in HINTS:
        guide.hint = key
        app.d.draw()
        L = app.view.L
        r = guide.targets["box"]
        assert not r.colliderect(L.regions["log"]), key
        assert not r.colliderect(L.regions["bottom"]), key
        assert L.regions["board"].contains(r), key
        assert r.contains(guide.targets["ok"]) and r.contains(guide.targets["never"])
    app.d.close()


def test_thinking_is_told_without_playouts_and_the_ai_move_is_told_after_it(monkeypatch):
    state = new_game(GameConfig(seats=2, seed=3))
    kinds = ["person", "person"]
    kinds[state.current_player] = "normal"
    app = table(Settings(speed="off", hints=False), state=state, kinds=kinds)
    name = app.game.names[state.current_player]
    words = drawn_words(monkeypatch)
    app.game.thinking = True
    app.game.thinker._progress = Progress(done=1056, total=2000)
    app.d.draw()
    assert f"{name} is thinking\u2026" in words and not any("1056" in w for w in words)
    app.game.thinking = False
    move = app.game.state.legal_moves()[0]
    app.apply(move, person=False)
    words.clear()
    app.d.draw()
    assert any(w.startswith(f"{name} buys") for w in words), words  # the Home vegetable
    app.clock_time += 60  # long after: the news has gone
    words.clear()
    app.d.draw()
    assert not any(w.startswith(f"{name} buys") for w in words)
    app.d.close()


def test_an_ai_trader_at_the_persons_stall_is_called_out_until_clicked_away(monkeypatch):
    s, ai = turn()
    person = 1 - ai
    trader = put(s, ai, "Trader").card
    s8 = put(s, person, "S8").card  # Wheat, Bean, Leek
    set_player(s, ai, cart={W: 1})
    kinds = ["person", "person"]
    kinds[ai] = "normal"
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds)
    words = drawn_words(monkeypatch)
    app.apply(Move("use", trader, s8, 1, W, NONE), person=False)
    [callout] = app.news.callouts
    name = app.game.names[ai]
    assert callout.text.startswith(f"{name} uses a Trader: trades Wheat for Bean at Market")
    assert "Bean taken from your Market stall S8" in callout.text
    app.d.draw()
    assert any("your Market stall S8" in w for w in words)
    box = app.view.overlay_targets[("ui", "seen")]
    L = app.view.L
    assert not box.colliderect(L.regions["log"])
    assert not any(box.colliderect(r) for target, r in L.targets.items()
                   if target[0] in ("store", "cart", "shop", "path"))  # play goes on under it
    app.clock_time += 10  # still there: it waits to be seen
    assert app.news.shown(app.clock_time)[0] == callout
    click(app, box.center)
    assert app.news.callouts == []
    app.d.close()


def test_what_a_move_did_to_another_seat_in_that_seats_words():
    s, mover = turn()
    other = 1 - mover
    names = ["Anna", "Bao"]
    deliveryman = put(s, mover, "Deliveryman").card
    regular = put(s, other, "R1")
    set_player(s, mover, cart={v: 2 for v in range(6)})
    before = s.clone()
    s.apply(Move("use", deliveryman, regular.card))
    told = touched(before, s, Move("use", deliveryman, regular.card), other, names, {})
    assert told == [f"{names[mover]} delivers to your Regular customer R1"]
    told = touched(before, s, Move("use", deliveryman, regular.card), other, names, {},
                   you=False)
    assert told == [f"{names[mover]} delivers to {names[other]}'s Regular customer R1"]
    # Nothing done to the mover's own board is told to the others.
    before = s.clone()
    s.apply(Move("loan"))
    assert touched(before, s, Move("loan"), other, names, {}) == []


def test_a_card_the_person_put_in_the_courtyard_taken_by_another_seat_is_called_out():
    s, first = card_turn()
    second = 1 - first
    placed, _ = set_hand(s, first, ["S1", "S3"])
    set_hand(s, second, ["R1"])
    set_courtyard(s, [])
    kinds = ["person", "person"]
    kinds[second] = "normal"
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds)
    app.apply(Move("place", placed), person=True)
    assert app.game.state.current_player == second
    taker = next(m for m in app.game.state.legal_moves() if m.kind == "take" and m.a == placed)
    app.apply(taker, person=False)
    [callout] = app.news.callouts
    assert callout.text.count("Market stall S1") == 2 and callout.text.count("takes") == 1
    assert callout.text.endswith("plays Regular customer R1. The Market stall S1 was yours.")
    app.d.close()


SMALL = (1024, 640)


def label_rect(label: str, size: int, bold: bool, center) -> pygame.Rect:
    r = pygame.Rect((0, 0), theme.font(size, bold).size(label))
    r.center = center
    return r


@pytest.mark.parametrize("size", SIZES)
def test_the_piles_counts_sit_between_the_piles(size):
    app = table(Settings(speed="off", hints=False), size=size)
    L = app.view.layout()
    d, x = L.anchors["draw"], L.anchors["discard"]
    labels = [label_rect(s, L.px(16 if s[0].isalpha() else 22), not s[0].isalpha(),
                         ((d.right + x.x) // 2, y))
              for s, y in render.pile_labels(L, 51, 100)]
    for i, r in enumerate(labels):
        assert not r.colliderect(d) and not r.colliderect(x)
        assert L.regions["piles"].contains(r)
        assert all(not r.colliderect(other) for other in labels[i + 1:])
    app.d.close()


def test_the_hand_tab_never_covers_a_card_of_a_full_board_at_1024x640():
    s, seat = card_turn()
    for ref in ("S1", "S3", "S6", "S7", "S8", "Maid", "Trader", "Official", "Haggler"):
        put(s, seat, ref)
    for ref in ("R1", "R2", "R3", "R4", "R5", "R6", "K1", "K2", "K3"):
        put(s, seat, ref)
    kinds = ["normal", "normal"]
    kinds[seat] = "person"
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds, size=SMALL)
    app.d.draw()
    L = app.view.L
    tab = render.hand_tab(L, f"{app.game.names[seat]}'s hand")
    assert any(target[0] == "hand" for target in L.targets)
    hand = {target[1] for target in L.targets if target[0] == "hand"}
    board_cards = [r for card, r in L.cards.items() if card not in hand]
    assert len(board_cards) >= 18
    assert all(L.regions["board"].contains(r) for r in board_cards)
    assert not any(tab.colliderect(r) for r in board_cards)
    for card in hand:  # a hand card under the mouse comes in front where it lies
        big = overlay.raised_card(app.d.screen, L, app.sprites, card)
        assert big == L.cards[card] and L.regions["bottom"].contains(big)
    app.d.close()


@pytest.mark.parametrize("size", [(1280, 800), SMALL])
def test_hand_and_offer_read_without_covering_the_board(size):
    """Hand cards are drawn big enough that a Helper's words read (its 23-pixel art text at
    13 px or more at 1280x800); a Courtyard or Offer card under the mouse shows at least twice
    as big, inside the right-hand column and never over the board."""
    s, seat = card_turn()
    set_hand(s, seat, ["Maid", "Trader", "Official", "K2"])
    set_courtyard(s, ["R1", "S3", "Haggler", "K1", "R4"])
    kinds = ["normal", "normal"]
    kinds[seat] = "person"
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds, size=size)
    app.d.draw()
    L = app.view.L
    hand = [target[1] for target in L.targets if target[0] == "hand"]
    court = [target[1] for target in L.targets if target[0] == "court"]
    assert len(hand) == 4 and len(court) == 5
    scale = size[0] / 1280
    for card in hand:
        assert L.cards[card].w * 23 / 150 >= 13 * scale
    for card in court:
        big = overlay.raised_card(app.d.screen, L, app.sprites, card)
        assert big.w >= 2 * L.cards[card].w
        assert L.regions["right"].contains(big) and not big.colliderect(L.regions["board"])
    solo = new_game(GameConfig(seats=1, seed=4))
    app = table(Settings(speed="off", hints=False), state=solo, kinds=["person"], size=size)
    app.d.draw()
    L = app.view.L
    offer = [target[1] for target in L.targets if target[0] == "offer"]
    assert len(offer) >= 9
    for card in offer:
        big = overlay.raised_card(app.d.screen, L, app.sprites, card, solo=True)
        assert big.w >= 2 * L.cards[card].w
        assert L.regions["right"].contains(big) and not big.colliderect(L.regions["board"])
    app.d.close()


@pytest.mark.parametrize("language", ["en", "de", "it", "fr"])
def test_every_bar_button_label_is_shown_whole_at_1024x640(language):
    from loyang_game import words
    from loyang_game.ui.tableview import USE_HELPER

    app = table(Settings(speed="off", hints=False), size=SMALL)
    L = app.view.layout()
    words.set_language(language)
    try:
        labels = [*(words._(label) for label in (*BUTTON_LABELS.values(),
                                                 *USE_HELPER.values())),
                  words._("Buy a Two-pack ({price})", price=12),
                  *(words._(label) for label in ("Discard unused", "Set the Shop",
                                                 "Refill all stalls", "Harvest 1-token fields",
                                                 "Buy and serve (2 Cash)", "Swap them")),
                  words._("Sell for {cash} Cash", cash=3)]
        for name in BUTTON_SLOTS:
            room = button_rect(L, name).w - L.px(10)
            for label in labels:
                assert theme.font(L.px(14), True).size(label)[0] <= room, (language, label)
    finally:
        words.set_language("en")
        app.d.close()


@pytest.mark.parametrize("px", [9, 11, 12, 14, 17, 22])
def test_text_is_drawn_as_wide_as_it_is_measured(px):
    """Fitting and wrapping measure with the same face that draws, so a fitted line never
    runs past its room (the small sizes of a 1024x640 window included)."""
    pygame.font.init()
    for bold in (False, True):
        face = theme.font(px, bold)
        for s in ("Casual customer K11", "R4 Anna: sows Turnip on the 5-space field",
                  "Upgrade Storehouse (2)", "draw 51"):
            assert face.render(s, True, (255, 255, 255)).get_size() == face.size(s)


def widest_gap(img: pygame.Surface) -> int:
    """The most blank pixel columns in a row between a drawn word's first and last ink."""
    w, h = img.get_size()
    inked = [any(img.get_at((x, y))[3] > 40 for y in range(h)) for x in range(w)]
    first, last = inked.index(True), w - 1 - inked[::-1].index(True)
    widest = run = 0
    for ink in inked[first:last + 1]:
        run = 0 if ink else run + 1
        widest = max(widest, run)
    return widest


@pytest.mark.parametrize("px", [10, 11, 12, 13, 14])
def test_no_word_drawn_small_has_a_gap_inside_it(px):
    """'Cas ual': at the sizes of a 1024x640 window a word's letters stay together."""
    pygame.font.init()
    for word in ("Casual", "space", "Storehouse", "Turnip"):
        assert widest_gap(theme.font(px).render(word, True, (255, 255, 255))) <= 1, word


@pytest.mark.parametrize("seats,kind", [(2, "court"), (1, "offer")])
def test_a_resting_pointer_on_a_courtyard_or_offer_card_shows_it_in_its_column(
        monkeypatch, seats, kind):
    """The card shown big and then its words, both inside the right-hand column, however long
    the pointer rests: nothing of it over the board."""
    state = new_game(GameConfig(seats=seats, seed=4))
    if seats > 1:
        state.courtyard.extend(state.draw[-3:])
        del state.draw[-3:]
    app = table(Settings(speed="off", hints=False), state=state,
                kinds=["person"] + ["normal"] * (seats - 1))
    shown: list[pygame.Rect] = []
    for name in ("raised_card", "column_note", "card_info", "tooltip"):
        real = getattr(overlay, name)

        def noting(*args, real=real, name=name, **kwargs):
            r = real(*args, **kwargs)
            shown.append((name, r))
            return r

        monkeypatch.setattr(overlay, name, noting)
    app.d.draw()
    L = app.view.L
    cards = [target for target in L.targets if target[0] == kind]
    assert len(cards) >= 3
    for target in cards:
        shown.clear()
        app.view.point_at(L.targets[target].center)
        app.clock_time += 2.0  # long past every delay
        app.d.draw()
        names = [name for name, _r in shown]
        assert names[:2] == ["raised_card", "column_note"], names
        for _name, r in shown:
            assert r is not None and L.regions["right"].contains(r)
            assert not r.colliderect(L.regions["board"])
    app.d.close()


def test_the_pass_screen_shows_no_first_game_hint():
    """The pass screen says only whose turn it is: the previous person's tip waits."""
    app = table(Settings(speed="off", hints=True), seats=2, kinds=["person", "person"])
    app.guide.hint = "cards"
    app.d.draw()
    assert app.view.guide_targets()  # the tip shows at the table
    app.pass_to, app.viewer = 1, None
    app.d.draw()
    assert app.view.guide_targets() == {} and app.guide.hint == "cards"
    app.pass_to, app.viewer = None, 1
    app.d.draw()
    assert app.view.guide_targets()  # and is there again once the table shows
    app.d.close()


def test_what_the_pointer_asks_for_shows_over_the_first_game_tip(monkeypatch):
    """A card's whole text (a long rest on a hand card) is drawn after the first-game tip, so
    the tip never hides it; the card rests in front of its neighbours meanwhile."""
    s, seat = card_turn()
    set_hand(s, seat, ["Maid", "Trader", "Official", "K2"])
    kinds = ["normal", "normal"]
    kinds[seat] = "person"
    app = table(Settings(speed="off", hints=True), state=s, kinds=kinds)
    app.guide.hint = "cards"
    order: list[str] = []
    for name in ("card_info", "raised_card"):
        real = getattr(overlay, name)
        monkeypatch.setattr(overlay, name, lambda *a, real=real, name=name, **k: (
            order.append(name), real(*a, **k))[1])
    real_draw = app.guide.draw
    monkeypatch.setattr(app.guide, "draw", lambda *a, **k: (order.append("guide"),
                                                             real_draw(*a, **k))[1])
    app.d.draw()
    L = app.view.L
    card = next(target for target in L.targets if target[0] == "hand")
    app.view.point_at(L.targets[card].center, long=True)
    order.clear()
    app.d.draw()
    assert order == ["guide", "raised_card", "card_info"], order
    app.d.close()


def test_an_ai_move_a_call_out_tells_is_not_told_twice():
    from loyang_game.ui.news import News

    news = News()
    news.last = NewsItem("Bao buys Leek in the Shop: -6 Cash\nBao takes K8 from the Courtyard",
                         1, 0.0)
    news.callouts = [NewsItem("Bao takes K8 from the Courtyard. The K8 was yours.", 1, 0.0, 0)]
    shown = news.shown(1.0, viewer=0)
    assert [item.text for item in shown] == [
        "Bao takes K8 from the Courtyard. The K8 was yours.",
        "Bao buys Leek in the Shop: -6 Cash"]


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_hand_lies_side_by_side_while_it_fits_and_never_under_a_button(size):
    """Outside the Action phase the hand has the bar up to the rightmost button column: six
    cards lie side by side (they were squeezed into 280 px beside 500 empty ones). However
    many cards, none reaches a button its phase may show, so no button appearing in a turn
    (Play this card, Pass, Done) ever covers or moves a card."""
    for phase, count in (("cards", 6), ("cards", 8), ("actions", 4), ("actions", 8)):
        s, seat = card_turn() if phase == "cards" else turn()
        hand = set_hand(s, seat, ["S1", "R2", "K5", "Plough-man", "S12", "R14", "Maid",
                                  "K9"][:count])
        app = table(Settings(speed="off", hints=False), state=s, size=size,
                    kinds=["person" if i == seat else "normal" for i in range(2)])
        L = app.view.layout()
        rects = [L.cards[c] for c in hand]
        if count <= 6 and phase == "cards":
            assert all(a.right <= b.left for a, b in itertools.pairwise(rects)), phase
        slots = [name for name in BUTTON_SLOTS if phase == "actions" or
                 BUTTON_SLOTS[name][0] == 0]
        for name in slots:
            assert not any(r.colliderect(button_rect(L, name)) for r in rects), (phase, name)
        app.d.close()
