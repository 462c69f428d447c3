"""Issue 46, item 2: the Book-keeper, the Market crier and the Trader are used by pointing at
what they name where it lies on the table (goods on the stalls, a field or the Shop's
vegetable, the Shop's spaces, another player's stall offer and the Cart's vegetables), lit as
the choice builds up, with Use and Cancel in view; Cancel changes nothing; the keyboard does
the same (Tab steps through what is lit, Space picks, Enter uses, Esc cancels); and no choice
that is still a list holds more buttons than the window shows."""

from __future__ import annotations

import pygame
import pytest

from loyang_game.engine.cards import CARDS, NONE
from loyang_game.engine.helpers.market import stall_good
from loyang_game.engine.moves import SHOP, USE
from loyang_game.files.settings import Settings
from loyang_game.play.commands import clicks_for
from loyang_game.play.session import GameSession
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from ..engine.helper_scenarios import B, C, L, P, T, W, turn
from ..engine.scenario import put, set_player
from ..engine.test_helper_fields import private
from .driver import click_target, step

SIZES = [(1280, 800), (1024, 640)]


def open_table(state, seat: int, size=(1280, 800)):
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    kinds = ["normal"] * state.config.seats
    kinds[seat] = "person"
    app = d.open("table", game=GameSession(state, kinds, ai_seed=3, autosave=False,
                                           record=False))
    step(app, 3)
    return app


def buttons(app) -> dict[str, bool]:
    return {label: enabled for _t, label, enabled in app.view.bar_buttons()}


def in_window(app) -> None:
    """Every bar button lies inside the window, none over another."""
    screen = pygame.Rect((0, 0), app.d.size)
    rects = [r for _t, _label, r, _on in app.view.layout().buttons]
    assert all(screen.contains(r) for r in rects), rects
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def key(app, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=""))
    step(app)


def moves_made(app, before: int) -> list:
    return app.game.state.moves()[before:]


# --- the Market crier ---------------------------------------------------------------------------

def crier_table(size=(1280, 800)):
    s, seat = turn(2, 3)
    crier = put(s, seat, "Market crier").card
    s3 = put(s, seat, "S3").card  # Wheat, Turnip, Leek (1 bowl each)
    s7 = put(s, seat, "S7", mask=0b011).card  # Pumpkin, Cabbage left
    set_player(s, seat, shop={W: 0, P: 0, T: 0, C: 0, B: 0, L: 0})
    return open_table(s, seat, size), crier, s3, s7


@pytest.mark.parametrize("size", SIZES)
def test_the_market_crier_sells_the_goods_clicked_on_the_stalls(size):
    app, crier, s3, s7 = crier_table(size)
    before = len(app.game.state.moves())
    click_target(app, ("helper", crier))
    assert not app.dialog_open()  # no list: the goods are pointed at where they lie
    shown = buttons(app)
    assert {"Refill all stalls": True, "Cancel": True, "Discard unused": True}.items() <= \
        shown.items()
    assert len(shown) == 6 and sum(shown.values()) == 3  # the Action phase's three greyed
    in_window(app)
    lit = app.picker.next_targets(app.game.state)
    assert {("stall", s3, 0), ("stall", s3, 2), ("stall", s7, 1)} <= lit
    assert ("stall", s7, 2) not in lit  # taken already
    click_target(app, ("stall", s3, 2))  # a Leek (sells for 3)
    click_target(app, ("stall", s7, 0))  # a Pumpkin
    click_target(app, ("stall", s3, 0))  # a Wheat
    assert ("stall", s7, 1) not in app.picker.next_targets(app.game.state)  # three at most
    click_target(app, ("stall", s3, 0))  # put back
    assert buttons(app)["Sell for 3 Cash"]  # 3 + 2, the Market crier's 3 at most
    assert "Market crier" in app.model().view().prompt
    cash = app.game.state.players[app.decider()].cash
    click_target(app, ("btn", "confirm"))
    made = moves_made(app, before)
    assert len(made) == 1 and made[0].kind == USE and made[0].a == crier and made[0].b == 2
    assert {made[0].c, made[0].d, made[0].e} == {stall_good(s3, 2), stall_good(s7, 0), NONE}
    assert app.game.state.players[app.decider()].cash == cash + 3
    app.d.close()


def test_the_market_crier_refills_with_nothing_picked():
    app, crier, _s3, _s7 = crier_table()
    before = len(app.game.state.moves())
    click_target(app, ("helper", crier))
    click_target(app, ("btn", "confirm"))
    made = moves_made(app, before)
    assert len(made) == 1 and (made[0].kind, made[0].a, made[0].b) == (USE, crier, 1)
    app.d.close()


# --- the Book-keeper ----------------------------------------------------------------------------

def keeper_table(size=(1280, 800)):
    s, seat = turn(2, 3)
    keeper = put(s, seat, "Book-keeper").card
    f1 = put(s, seat, private(s, seat), veg=C, count=4).card
    f2 = put(s, seat, private(s, seat), veg=C, count=2).card
    set_player(s, seat, shop={W: 2, P: 2, T: 1, C: 0, B: 1, L: 1})
    return open_table(s, seat, size), keeper, f1, f2


@pytest.mark.parametrize("size", SIZES)
def test_the_book_keeper_is_a_field_clicked_then_the_shop_set_on_its_spaces(size):
    app, keeper, f1, f2 = keeper_table(size)
    seat = app.decider()
    before = len(app.game.state.moves())
    cash = app.game.state.players[seat].cash
    click_target(app, ("helper", keeper))
    assert not app.dialog_open()
    assert buttons(app)["Use the Book-keeper"] is False  # no vegetable chosen yet
    lit = app.picker.next_targets(app.game.state)
    assert {("field", f1), ("field", f2), ("shop", W), ("shop", L)} <= lit
    click_target(app, ("field", f2))  # Cabbage: both Cabbage fields pay
    assert set(app.picker.gathering.shown_picked()) >= {("field", f1), ("field", f2)}
    assert "Cabbage pay 2 Cash" in app.model().view().prompt
    click_target(app, ("btn", "confirm"))
    made = moves_made(app, before)
    assert made == [made[0]] and (made[0].kind, made[0].a, made[0].b) == (USE, keeper, C)
    assert app.game.state.players[seat].cash == cash + 2
    # The Shop, on its spaces: no six-step dialog.
    assert not app.dialog_open()
    assert buttons(app) == {"Set the Shop": True, "Cancel": False}
    in_window(app)
    click_target(app, ("space", W, 3))  # fill Wheat's third space
    click_target(app, ("space", P, 1))  # empty Pumpkin's spaces from the first up
    click_target(app, ("space", C, 2))  # fill Cabbage's two
    click_target(app, ("space", B, 1))  # empty Beans
    click_target(app, ("space", B, 1))  # ... and fill it again
    assert buttons(app)["Cancel"]
    click_target(app, ("btn", "confirm"))
    made = moves_made(app, before + 1)
    assert [(m.kind, m.a) for m in made] == [(SHOP, veg) for veg in range(6)]
    assert app.game.state.players[seat].shop == [3, 0, 1, 2, 1, 1]
    assert app.game.state.current_player == seat and app.view.gathering() is None
    app.d.close()


def test_the_hint_for_the_book_keeper_lights_a_field_and_use():
    from loyang_game.play.coach import Hint
    from loyang_game.ui import coach as coach_view

    app, keeper, f1, f2 = keeper_table()
    state = app.game.state
    move = next(m for m in state.legal_moves() if m.kind == USE and m.a == keeper and m.b == C)
    clicks = clicks_for(state, move)
    assert clicks[0] == ("helper", keeper) and clicks[-1] == ("btn", "confirm")
    assert clicks[1] in (("field", f1), ("field", f2))
    hint = Hint(move=move, reason="")
    assert coach_view.lit(state, hint, [], False) == clicks
    app.picker.click(state, ("helper", keeper))  # the Helper clicked: its field and Use
    assert coach_view.lit(state, hint, app.picker.selection, False) == clicks[1:]
    app.d.close()


# --- the Trader ---------------------------------------------------------------------------------

def trader_table(size=(1280, 800)):
    s, seat = turn(2, 3)
    trader = put(s, seat, "Trader").card
    other = 1 - seat
    s6 = put(s, other, "S6").card  # Turnip (1 bowl), Cabbage (2 bowls), Leek (2 bowls)
    set_player(s, seat, cart={W: 2, P: 1})
    return open_table(s, seat, size), trader, other, s6


@pytest.mark.parametrize("size", SIZES)
def test_the_trader_is_another_players_stall_then_the_cart_clicked(size):
    app, trader, other, s6 = trader_table(size)
    seat = app.decider()
    before = len(app.game.state.moves())
    click_target(app, ("helper", trader))
    assert not app.dialog_open()
    assert app.focus() == other  # their stalls, big: only they can be traded at
    assert app.game.names[other] in app.model().view().prompt
    assert buttons(app)["Use the Trader"] is False and buttons(app)["Cancel"]
    in_window(app)
    lit = app.picker.next_targets(app.game.state)
    assert {("stall", s6, 0), ("stall", s6, 1), ("stall", s6, 2)} <= lit
    click_target(app, ("stall", s6, 1))  # Cabbage for two vegetables
    assert app.focus() == seat  # back to one's own Cart
    assert "costs 2 vegetables" in app.model().view().prompt
    click_target(app, ("cart", W))
    click_target(app, ("cart", W))  # the second Wheat
    assert app.picker.gathering.picked.count(("cart", W)) == 2
    assert buttons(app)["Use the Trader"]
    click_target(app, ("btn", "confirm"))
    made = moves_made(app, before)
    assert made == [made[0]] and made[0] == next(
        m for m in app.game.state.moves() if m.kind == USE and m.a == trader)
    assert (made[0].b, made[0].c, made[0].d, made[0].e) == (s6, 1, W, W)
    assert app.game.state.players[seat].cart[C] == 1
    app.d.close()


def test_a_vegetable_clicked_a_third_time_is_put_back():
    app, trader, _other, s6 = trader_table()
    click_target(app, ("helper", trader))
    click_target(app, ("stall", s6, 2))  # Leek, for two
    for _ in range(3):
        click_target(app, ("cart", W))
    assert ("cart", W) not in app.picker.gathering.picked
    app.d.close()


def test_another_vegetable_for_a_one_bowl_offer_takes_the_first_ones_place():
    app, trader, _other, s6 = trader_table()
    click_target(app, ("helper", trader))
    click_target(app, ("stall", s6, 0))  # Turnip, for one
    click_target(app, ("cart", W))
    assert ("cart", P) in app.picker.next_targets(app.game.state)
    click_target(app, ("cart", P))
    assert app.picker.gathering.picked == [("stall", s6, 0), ("cart", P)]
    app.d.close()


# --- Cancel -------------------------------------------------------------------------------------

@pytest.mark.parametrize("which", ["crier", "keeper", "trader", "shop"])
def test_cancel_changes_nothing(which):
    if which == "crier":
        app, helper, s3, _s7 = crier_table()
        picks = [("stall", s3, 0)]
    elif which == "trader":
        app, helper, _other, s6 = trader_table()
        picks = [("stall", s6, 0), ("cart", P)]
    else:
        app, helper, f1, _f2 = keeper_table()
        picks = [("field", f1)]
    seat = app.decider()
    if which == "shop":  # the Shop's own decision: Cancel puts it back as it is
        click_target(app, ("helper", helper))
        click_target(app, ("field", f1))
        click_target(app, ("btn", "confirm"))
        picks = [("space", W, 3), ("space", P, 1)]
    before = app.game.state.clone()
    if which != "shop":
        click_target(app, ("helper", helper))
    for target in picks:
        click_target(app, target)
    if which != "shop":
        assert app.picker.selection[0] == ("helper", helper)
    click_target(app, ("btn", "cancel"))
    state = app.game.state
    assert state.moves() == before.moves()
    assert state.players[seat].shop == before.players[seat].shop
    assert state.players[seat].cart == before.players[seat].cart
    assert app.focus() == seat and not app.picker.selection
    if which == "shop":
        assert app.view.gathering().levels == list(state.players[seat].shop)
    else:
        assert app.view.gathering() is None
    app.d.close()


# --- the keyboard -------------------------------------------------------------------------------

def test_the_keyboard_picks_on_the_table_and_uses():
    """Tab steps through what is lit (Shift+Tab back), Space picks, Enter uses, Esc puts the
    choice back."""
    app, crier, s3, s7 = crier_table()
    before = len(app.game.state.moves())
    click_target(app, ("helper", crier))
    key(app, pygame.K_ESCAPE)
    assert app.view.gathering() is None and len(app.game.state.moves()) == before
    click_target(app, ("helper", crier))
    targets = app.view.key_targets(app.view.layout())
    assert targets[-2:] == [("btn", "confirm"), ("btn", "discard")]  # Refill, Discard
    assert ("stall", s3, 0) in targets
    wanted = {("stall", s3, 2), ("stall", s7, 1)}
    for _ in range(2 * len(targets)):
        key(app, pygame.K_TAB)
        focus = app.cursor.focus
        if focus in wanted:
            key(app, pygame.K_SPACE)
            wanted.discard(focus)
        if not wanted:
            break
    assert not wanted
    assert not moves_made(app, before)  # Space only picks
    focus = app.cursor.focus
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)  # back one
    key(app, pygame.K_TAB)
    assert app.cursor.focus == focus
    key(app, pygame.K_RETURN)  # Enter: Use (the goods in focus stay picked)
    made = moves_made(app, before)
    assert len(made) == 1 and made[0].a == crier
    assert {made[0].c, made[0].d, made[0].e} == {stall_good(s3, 2), stall_good(s7, 1), NONE}
    app.d.close()


def test_the_keyboard_sets_the_shop():
    app, keeper, f1, _f2 = keeper_table()
    seat = app.decider()
    click_target(app, ("helper", keeper))
    click_target(app, ("field", f1))
    key(app, pygame.K_RETURN)  # Use the Book-keeper
    assert app.view.gathering() is not None and not app.dialog_open()
    for _ in range(40):
        key(app, pygame.K_TAB)
        if app.cursor.focus == ("space", W, 3):
            break
    assert app.cursor.focus == ("space", W, 3)
    key(app, pygame.K_SPACE)
    key(app, pygame.K_RETURN)
    assert app.game.state.players[seat].shop[W] == 3
    app.d.close()


# --- what is still a list -----------------------------------------------------------------------

def test_no_choice_left_in_a_list_holds_more_buttons_than_fit_at_1024x640():
    """Every choice a person may still meet in a list (Helpers whose choice nothing on the
    table stands for, deliveries, the Foreman), from random games: opened at 1024x640, each
    of its buttons lies inside the window, Cancel among them."""
    from .test_table_words import option_moves_of_many_games

    screen = pygame.Rect(0, 0, 1024, 640)
    opened = 0
    for state, move in option_moves_of_many_games():
        seat = state.current_player
        clicks = clicks_for(state, move)
        app = open_table(state, seat, (1024, 640))
        if app.pass_to is not None:
            click_target(app, ("ui", "ready"))
        for target in clicks[:-1]:
            if app.dialog_open():
                break
            click_target(app, target)
        if app.dialog_open():
            opened += 1
            place = app.view.choice_place(app.view.layout())
            rows = place.rows
            assert all(screen.contains(r) for *_x, r in rows), (move, [r for *_x, r in rows])
            labels = [label for _t, label, *_x in rows]
            if app.picker.choosing:
                assert any(label.startswith("Cancel") for label in labels), labels
        app.d.close()
    assert opened > 5


# --- the other Helpers whose choice lies on the table -------------------------------------------

def other_helper(name: str):
    """A 2-player Action phase where the Helper `name` has what it works on, on the table;
    (state, seat, helper card, the move to make, the targets it is made by)."""
    from ..engine.helper_scenarios import put_regular

    s, seat = turn(2, 3, index=1 if name == "Con man" else 0)
    other = 1 - seat
    helper = put(s, seat, name).card
    set_player(s, seat, cart={v: 2 for v in range(6)})
    if name == "Plough-man":
        field = put(s, seat, private(s, seat), veg=C, count=3).card
        put(s, seat, private(s, seat), veg=W, count=1)
        return s, seat, helper, (USE, helper, 1, field), [("field", field)]
    if name == "Market woman":
        mine, theirs = put(s, seat, "S3").card, put(s, other, "S7").card
        return s, seat, helper, (USE, helper, mine, theirs), [("stall", theirs, 2),
                                                              ("stall", mine, 0)]
    if name == "Deliveryman":
        regular = put_regular(s, other, "R1").card
        return s, seat, helper, (USE, helper, regular), [("regular", regular)]
    if name == "Con man":
        maid = put(s, other, "Maid").card
        return s, seat, helper, (USE, helper, maid), [("helper", maid)]
    if name == "Subsistence farmer":
        field = put(s, other, private(s, other), veg=C, count=4).card
        return s, seat, helper, (USE, helper, field), [("field", field)]
    mine, theirs = put(s, seat, "K3").card, put(s, other, "K5").card  # the Tout
    return s, seat, helper, (USE, helper, 1, mine, theirs), [("casual", theirs),
                                                             ("casual", mine)]


@pytest.mark.parametrize("name", ["Plough-man", "Market woman", "Deliveryman", "Con man",
                                  "Subsistence farmer", "Tout"])
def test_other_helpers_choose_what_lies_on_the_table(name):
    """Their fields, stalls, customers and Helpers are clicked where they lie (another
    player's board shown while its card is to be picked), then Use; no list opens."""
    s, seat, helper, wanted, targets = other_helper(name)
    app = open_table(s, seat)
    before = len(app.game.state.moves())
    click_target(app, ("helper", helper))
    assert not app.dialog_open() and app.view.gathering() is not None
    assert name in app.model().view().prompt
    for target in targets:
        click_target(app, target)  # (on the other player's board: shown by itself)
        assert not app.dialog_open()
    assert app.focus() == seat
    in_window(app)
    click_target(app, ("btn", "confirm"))
    made = moves_made(app, before)
    assert len(made) == 1
    assert (made[0].kind, made[0].a, made[0].b, made[0].c, made[0].d)[:len(wanted)] == wanted
    app.d.close()


def test_the_tout_buys_with_their_customer_alone():
    s, seat, helper, _wanted, targets = other_helper("Tout")
    app = open_table(s, seat)
    click_target(app, ("helper", helper))
    assert app.focus() == 1 - seat  # their Casual customers first
    click_target(app, targets[0])
    assert buttons(app)["Buy and serve (2 Cash)"]
    click_target(app, targets[1])
    assert buttons(app)["Swap them"]
    click_target(app, targets[1])  # put back: a purchase again
    click_target(app, ("btn", "confirm"))
    made = app.game.state.moves()[-1]
    assert (made.a, made.b, made.c) == (helper, 2, targets[0][1])
    app.d.close()


def test_the_plough_man_harvests_the_one_token_fields_with_nothing_picked():
    s, seat, helper, _wanted, _targets = other_helper("Plough-man")
    app = open_table(s, seat)
    click_target(app, ("helper", helper))
    assert buttons(app)["Harvest 1-token fields"]
    click_target(app, ("btn", "confirm"))
    made = app.game.state.moves()[-1]
    assert (made.a, made.b) == (helper, 2)
    app.d.close()


def test_the_hint_lights_the_traders_offer_on_the_other_board_and_not_their_cart():
    from loyang_game.play.coach import Hint

    app, trader, other, s6 = trader_table()
    state = app.game.state
    move = next(m for m in state.legal_moves() if m.kind == USE and m.a == trader
                and m.b == s6 and m.c == 0 and m.d == W)
    app.game.hint = Hint(move=move, reason="Trade at Anna's stall.")
    click_target(app, ("helper", trader))
    assert app.focus() == other
    lit = app.view.hint_targets()
    assert ("stall", s6, 0) in lit and ("cart", W) not in lit  # Anna's Cart is shown there
    click_target(app, ("stall", s6, 0))
    assert app.focus() == app.decider()
    assert app.view.hint_targets()[0] == ("cart", W)
    app.d.close()


def test_undo_takes_the_shop_set_by_one_confirm_back_whole():
    app, keeper, f1, _f2 = keeper_table()
    seat = app.decider()
    shop = list(app.game.state.players[seat].shop)
    click_target(app, ("helper", keeper))
    click_target(app, ("field", f1))
    click_target(app, ("btn", "confirm"))
    used = len(app.game.state.moves())
    click_target(app, ("space", W, 3))
    click_target(app, ("space", L, 1))
    click_target(app, ("btn", "confirm"))
    assert len(app.game.state.moves()) == used + 6
    click_target(app, ("ui", "undo"))
    state = app.game.state
    assert len(state.moves()) == used and state.players[seat].shop == shop
    assert app.view.gathering().first == 0  # the Shop to set again, on the table
    click_target(app, ("ui", "undo"))
    assert len(app.game.state.moves()) == used - 1  # and the Book-keeper's use
    app.d.close()


@pytest.mark.parametrize("name", ["Trader", "Market woman", "Con man"])
def test_in_the_solo_game_the_imaginary_opponents_cards_are_clicked_where_they_lie(name):
    """The imaginary opponent's stalls lie on the left (their offers clickable there), the
    Offer's Helpers on the right: nothing is switched, the choice is clicked as it lies."""
    from .driver import play_move

    s, seat = turn(1, 3)
    helper = put(s, seat, name).card
    set_player(s, seat, cart={v: 2 for v in range(6)})
    if name == "Market woman":  # one of one's own, from those not out already
        out = {slot.card for slot in s.opponent.stalls}
        put(s, seat, next(c.id for c in CARDS if c.kind == "stall" and c.id not in out
                          and c.id not in s.offer and c.id not in s.discard))
    if name == "Con man" and not any(CARDS[c].kind == "helper" for c in s.offer if c != NONE):
        pytest.skip("no Helper in this Offer")
    moves = [m for m in s.legal_moves() if m.kind == USE and m.a == helper]
    assert moves
    app = open_table(s, seat)
    play_move(app, moves[-1])
    assert app.focus() == seat
    app.d.close()
