"""Hit-testing without the last frame drawn (issue 33): at the positions of whole games (a
choice open, news and call-outs showing, the coach's strip, the pass screen, the end panel)
the targets the table view finds without drawing are those a frame of it then leaves, in the
same order, wherever the pointer is; finding where to click a target draws nothing; and the
first-game guide's box is where a frame draws it, and takes no click while it is covered."""

from __future__ import annotations

import random

import pygame
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.moves import NONE
from loyang_game.files.settings import Settings
from loyang_game.play.coach import Coach
from loyang_game.play.commands import clicks_for
from loyang_game.play.session import GameSession
from loyang_game.ui import coach as coach_view
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

from .driver import await_hint, choose, click_target, play_move, settle, step

SMALL = "hard:act_iterations=24,other_iterations=12"  # the coach's small, fixed budget
GAMES = [(["person", "person"], 21), (["person", "easy", "easy"], 25), (["person"], 23)]
HINT_EVERY = 9  # a hint is asked at every ninth decision of a person


def table(kinds: list[str], seed: int):
    d = Director(SCENES, Settings(speed="off", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    game = GameSession(new_game(GameConfig(seats=len(kinds), seed=seed)), kinds,
                       ai_seed=seed, coach=Coach(SMALL, deterministic=True),
                       deterministic=True)  # the same game on a machine under load
    return d.open("table", game=game)


def what_shows(app) -> set[str]:
    """The overlays over the table now, by name."""
    view = app.view
    found = view.targets()
    shows = set()
    if any(target[0] == "opt" for target in found):
        shows.add("choice")
    for target, name in ((("ui", "seen"), "call-outs"), (("ui", "ready"), "pass screen"),
                         (("ui", "new"), "end panel")):
        if target in found:
            shows.add(name)
    L = view.layout()
    if view.strip(L, view.mouse) is not None and ("ui", "seen") in found:
        shows.add("call-outs above the coach's strip")
    hint = app.game.hint
    if hint is not None and len(hint.plan) > 1 and view.plan_compact(L, hint, view.mouse):
        shows.add("the plan listed short")
    return shows


def pointer_places(app) -> list[tuple[int, int]]:
    """Where the pointer is put: away from everything, on each target drawn over the table,
    and on the board the coach's whole plan covers (which lists it short)."""
    places = [(5, 5), *(r.center for r in app.view.targets().values())]
    hint = app.game.hint
    if hint is not None and len(hint.plan) > 1:
        places.append(coach_view.place_plan(app.view.layout(), hint).rect.center)
    return places


def no_drawing(*_args):
    raise AssertionError("drawn to find where to click")


def check(app) -> set[str]:
    """At each pointer place: the targets found without drawing equal the frame's; each is
    found where it is without drawing. Returns what showed."""
    view = app.view
    shows = set()
    for place in pointer_places(app):
        view.point_at(place)
        found = list(view.targets().items())
        shows |= what_shows(app)
        view._draw = no_drawing  # type: ignore[method-assign]
        try:
            for target, _r in found:
                pos = view.position_of(target)
                assert pos is not None and view.target_at(pos) == target, target
        finally:
            del view._draw
        app.d.draw()
        assert list(view.frame_targets.items()) == found, place
    view.point_at((5, 5))
    return shows


def play_checking(kinds: list[str], seed: int) -> set[str]:
    """Play a whole game by clicking, a hint asked now and then, checking the table at each
    position reached; returns what showed over it."""
    app = table(kinds, seed)
    rng = random.Random(seed)
    shows: set[str] = set()
    decisions = 0
    while True:
        settle(app)
        shows |= check(app)
        if app.game.state.is_over:
            break
        if app.pass_to is not None:
            click_target(app, ("ui", "ready"))
            continue
        decisions += 1
        if decisions % HINT_EVERY == 0 and not app.hint_problem():
            app.ask_hint()
            step(app)
            shows |= check(app)  # the coach thinking, or its answer
            asked = app.clock_time
            await_hint(app)
            # The table's clock as if the coach had answered at once: what shows then (the
            # call-outs above its strip) does not hang on how long it thought.
            app.clock_time = asked
            step(app)
            shows |= check(app)
        if ("ui", "seen") in app.view.targets():  # put away, as a player would: the paper
            click_target(app, ("ui", "seen"))  # may cover what the move clicks
        move = choose(app.game, rng)
        clicks = clicks_for(app.game.state, move)
        if len(clicks) > 1 and clicks[-1][0] == "opt":  # a choice opens on the way
            click_target(app, clicks[0])
            if app.dialog_open():
                shows |= check(app)
            app.put_back()
        play_move(app, move)
    app.d.close()
    return shows


def test_the_targets_found_without_drawing_are_those_a_frame_leaves():
    shows: set[str] = set()
    for kinds, seed in GAMES:
        shows |= play_checking(kinds, seed)
    wanted = {"choice", "call-outs", "pass screen", "end panel",
              "call-outs above the coach's strip", "the plan listed short"}
    assert wanted <= shows, wanted - shows


def test_the_guides_box_is_found_without_drawing_and_takes_no_click_while_covered():
    d = Director(SCENES, Settings(speed="off", hints=True), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    game = GameSession(new_game(GameConfig(seats=2, seed=24)), ["person", "easy"], ai_seed=24)
    app = d.open("table", game=game)
    settle(app)
    assert app.guide.hint, "the first decision brings a guide's hint"
    shown = app.view.guide_targets()
    app.d.draw()
    assert shown and shown == app.guide.targets
    app.show_scores(True)  # the end panel over the table (as when a game is over)
    assert app.view.guide_targets() == {}
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=shown["ok"].center, button=1)
    assert app.guide.handle(click, app.view.guide_targets()) == (False, None)
    assert app.guide.hint, "a click where the box was drawn last does not put it away"
    app.d.close()


def test_nothing_draws_over_a_dialog_and_what_lies_under_it_is_inactive(monkeypatch):
    """Issue 46: the coach's plan and markers drew over a choice, and Hint, Menu, Undo and the
    bar's buttons looked active under it (while they ignored clicks). With a hint shown and
    the Saleswoman's choice open (the Market crier's is made on the table now): the coach's
    strip and markers are drawn before the dialog, only its lights after (on the dialog's
    options), every button under it greyed."""
    from loyang_game.tutorial import script
    from loyang_game.ui import overlay, tableview

    from ..engine.scenario import put

    d = Director(SCENES, Settings(speed="off", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    state = script.run_to(5, 2)
    saleswoman = put(state, state.current_player, "Saleswoman").card
    game = GameSession(state, ["person", "normal"], ai_seed=3,
                       coach=Coach(SMALL, deterministic=True), autosave=False, record=False)
    app = d.open("table", game=game)
    step(app, 5)
    app.ask_hint()
    await_hint(app)
    click_target(app, ("helper", saleswoman))  # its choice opens
    assert app.dialog_open()
    order: list[str] = []
    drawn_buttons: list[tuple[str, bool]] = []
    for module, name in ((coach_view, "plan"), (coach_view, "badges"), (coach_view, "reason"),
                         (overlay, "choice_dialog"), (coach_view, "lights")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *a, _n=name, _r=real, **k: (
            order.append(_n), _r(*a, **k))[1])
    real_button = tableview.button
    monkeypatch.setattr(tableview, "button", lambda surf, r, label, L, **k: (
        drawn_buttons.append((label, k.get("enabled", True))),
        real_button(surf, r, label, L, **k))[1])
    app.view.invalidate()
    d.draw()
    dialog_at = order.index("choice_dialog")
    assert any(n in order[:dialog_at] for n in ("plan", "reason"))  # the coach's strip, under
    assert all(n == "lights" for n in order[dialog_at + 1:])  # over it: lights alone
    labels = dict(drawn_buttons)
    assert {"Hint", "Menu", "Undo", "End Action phase"} <= set(labels)
    assert not any(labels.values()), labels  # all greyed under the dialog
    d.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_long_choice_scrolls_inside_the_window_with_cancel_always_in_view(size):
    """A Tenant-farmer with six empty common fields and seven fields in the pile: 56
    options, none of them on the table (a Squire's list had about 100: about 12 fitted,
    Cancel was off screen, the wheel and the keys did nothing). Every button lies inside the
    window, Cancel among them; the wheel brings every option into view, the arrows move the
    focus and Enter takes the option in focus."""
    from loyang_game.engine.moves import USE
    from loyang_game.ui.overlay import SCROLL_DOWN

    from ..engine.helper_scenarios import turn
    from ..engine.scenario import put

    s, seat = turn(2, 3)
    trader = put(s, seat, "Tenant-farmer").card
    for field in ("CF3a", "CF3b", "CF4a", "CF4b", "CF5a", "CF5b"):
        put(s, seat, field)
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    kinds = ["normal", "normal"]
    kinds[seat] = "person"
    app = d.open("table", game=GameSession(s, kinds, ai_seed=3, autosave=False, record=False))
    step(app, 3)
    click_target(app, ("helper", trader))
    options = [target[1] for target in app.choice.options]
    assert len(options) > 50 and app.dialog_open()
    screen = pygame.Rect((0, 0), size)
    seen = set()
    for _ in range(len(options)):
        place = app.view.choice_place(app.view.layout())
        targets = place.targets()
        assert all(screen.contains(r) for r in targets.values())
        assert ("ui", "cancel") in targets
        seen |= {target[1] for target in targets if target[0] == "opt"}
        if SCROLL_DOWN not in targets:
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
        step(app)
    assert seen == set(options)  # every option came into view
    for _ in range(3):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0,
                                             unicode="", scancode=0))
        step(app)
    chosen = app.choice.focused()
    assert chosen is not None and chosen[0] == "opt"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                         unicode="\r", scancode=0))
    step(app)
    made = app.game.state.moves()[-1]
    assert made == chosen[1] and made.kind == USE
    d.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_squire_take_is_clicked_on_the_table_with_use_and_cancel_in_view(size):
    from ..engine.helper_scenarios import card_turn, set_courtyard, set_hand
    from ..engine.scenario import put

    s, seat = card_turn(4, 3)
    squire = put(s, seat, "Squire").card
    k13, *_ = set_hand(s, seat, ["K13", "R2", "S12", "K5"])
    s3, _r14, _k9, maid, _s7 = set_courtyard(s, ["S3", "R14", "K9", "Maid", "S7"])
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    kinds = ["normal"] * 4
    kinds[seat] = "person"
    app = d.open("table", game=GameSession(s, kinds, ai_seed=3, autosave=False, record=False))
    step(app, 3)
    click_target(app, ("helper", squire))
    assert not app.dialog_open()  # no list: the cards are pointed at where they lie
    buttons = {label: enabled for _t, label, enabled in app.view.bar_buttons()}
    assert buttons == {"Use the Squire": False, "Cancel": True}
    for target in (("court", maid), ("hand", k13), ("court", s3)):
        click_target(app, target)
    assert "Use the Squire" in app.model().view().prompt
    assert {label: enabled for _t, label, enabled in app.view.bar_buttons()}["Use the Squire"]
    click_target(app, ("btn", "confirm"))
    made = app.game.state.moves()[-1]
    assert (made.a, made.b, {made.c, made.d, made.e} - {NONE}) == (squire, k13, {s3, maid})
    d.close()


def test_a_partner_is_chosen_by_looking_at_their_board_and_confirming():
    """4 players: the starting player picks a partner by clicking a player's board on the
    left (shown big while considered), then Partner with them; no list covers the table."""
    from loyang_game.engine import flow
    from loyang_game.engine.moves import PARTNER

    from .driver import reach

    state = reach(4, 5, lambda s: flow.decision(s) == "partner")
    seat = state.current_player
    kinds = ["normal"] * 4
    kinds[seat] = "person"
    d = Director(SCENES, Settings(speed="off", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    app = d.open("table", game=GameSession(state, kinds, ai_seed=3, autosave=False,
                                           record=False))
    step(app, 3)
    assert not app.dialog_open()
    first, second = [m.a for m in state.legal_moves() if m.kind == PARTNER]
    click_target(app, ("seat", first))
    assert app.focus() == first  # their board, big
    labels = {label: enabled for _t, label, enabled in app.view.bar_buttons()}
    assert labels == {f"Partner with {app.game.names[first]}": True, "Cancel": True}
    click_target(app, ("seat", second))  # changes their mind: the other board
    assert app.focus() == second
    expected = next(m for m in state.legal_moves() if m.kind == PARTNER and m.a == second)
    click_target(app, ("btn", "confirm"))
    assert app.game.state.moves()[-1] == expected and app.focus() != second
    d.close()
