"""Whole games played through the table: real mouse events at the sprites' positions."""

from __future__ import annotations

import random

import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.moves import BUY, END, SELL
from loyang_game.play.commands import clicks_for

from .driver import choose, click, click_target, make_app, play_move, play_while, settle, step


def _play_to_end(app, rng, *, check=None, stop=None) -> int:
    made = 0
    while not app.game.state.is_over:
        settle(app)
        if app.game.state.is_over or (stop and stop(app)):
            break
        if app.pass_to is not None:
            click_target(app, ("ui", "ready"))
            continue
        if check:
            check(app)
        play_move(app, choose(app.game, rng))
        made += 1
    settle(app)
    return made


def test_two_seats_person_against_ai_to_the_end():
    app = make_app(2, ["person", "random"], seed=11)
    made = _play_to_end(app, random.Random(2))
    state = app.game.state
    assert state.is_over and made > 30
    # Every move of seat 0 was clicked; the replay of the whole list reaches the same end.
    replay = new_game(GameConfig(seats=2, seed=11))
    for move in state.moves():
        replay.apply(move)
    assert replay.to_data() == state.to_data()
    assert app.scoring_open and [r["place"] for r in app.game.scoring_rows]
    app.d.close()


def test_solo_game_to_the_end_with_the_high_score_table():
    app = make_app(1, ["person"], seed=4)
    _play_to_end(app, random.Random(5))
    assert app.game.state.is_over
    assert app.game.end_lines and "Solo result" in app.game.end_lines[0]
    from loyang_game.files import highscores

    assert highscores.load().results[0].seed == 4
    app.d.close()


def _no_foreign_face_up_hand(app):
    seat = app.game.state.current_player
    step(app)
    for place, owner, _card, face_up in app.view.drawn.cards:
        if place == "hand" and face_up:
            assert owner == seat, f"seat {owner}'s hand is face up while seat {seat} decides"


def test_three_seat_pass_and_play_round_and_privacy():
    app = make_app(3, ["person", "person", "person"], seed=21)
    passes = 0

    def check(app):
        _no_foreign_face_up_hand(app)

    def stop(app):
        return app.game.state.round >= 2 and app.game.state.phase == "cards"

    rng = random.Random(8)
    while not stop(app):
        settle(app)
        if app.pass_to is not None:
            # The pass screen hides the whole table: no card of anybody's hand is drawn.
            step(app)
            assert not [c for c in app.view.drawn.cards if c[0] == "hand" and c[3]]
            passes += 1
            click_target(app, ("ui", "ready"))
            continue
        check(app)
        play_move(app, choose(app.game, rng))
    assert passes >= 3
    assert app.game.state.round == 2
    # One full round: every player walked (or stayed) on the Path and a new Card phase began.
    assert all(p.hand for p in app.game.state.players)
    app.d.close()


def test_picking_up_lights_targets_and_a_wrong_click_changes_nothing():
    app = make_app(2, ["person", "person"], seed=3)
    rng = random.Random(1)
    play_while(app, rng, lambda: (
        app.game.state.phase != "actions" or app.game.state.current_player is None))
    state = app.game.state
    p = state.players[state.current_player]
    veg = next(v for v in range(6) if p.cart[v])
    click_target(app, ("cart", veg))
    lit = app.picker.next_targets(state)
    # What the picked vegetable can go to lights up: the Shop exactly when it can be sold,
    # never the Path, and every lit place is on the table.
    sells = any(m.kind == SELL and m.a == veg for m in state.legal_moves())
    assert lit and (("shop", veg) in lit) == sells
    assert not any(t[0] == "path" for t in lit)
    assert all(t in app.view.L.targets for t in lit if t[0] != "btn")
    before = state.to_data()
    # A Path space is never a place for a vegetable: a message, nothing else.
    click_target(app, ("path", 20))
    assert app.message and app.game.state.to_data() == before
    click(app, app.view.position_of(("cart", veg)), button=3)  # right-click puts it back
    assert not app.picker.selection


def test_undo_within_own_turn():
    app = make_app(2, ["person", "person"], seed=3)
    rng = random.Random(1)
    play_while(app, rng, lambda: (
        not (app.game.state.phase == "actions" and any(
        m.kind in (BUY, SELL) for m in app.game.state.legal_moves()))))
    before = app.game.state.to_data()
    move = next(m for m in app.game.state.legal_moves() if m.kind in (BUY, SELL))
    play_move(app, move)
    assert app.game.state.to_data() != before
    click_target(app, ("ui", "undo"))
    assert app.game.state.to_data() == before


def test_animations_play_and_a_click_skips_them():
    app = make_app(2, ["person", "random"], seed=9, speed="normal")
    rng = random.Random(3)
    seen = 0
    for _ in range(25):
        settle(app)
        if app.game.state.is_over:
            break
        move = choose(app.game, rng)
        targets = clicks_for(app.game.state, move)
        for target in targets:
            while app.timeline.busy:
                step(app)
            click_target(app, target)
        if app.timeline.busy:
            seen += 1
            click(app, (5, 5))  # anywhere: skips ahead
            assert not app.timeline.busy
    assert seen > 5


@pytest.mark.parametrize("size", [(1024, 640), (1600, 1000)])
def test_the_layout_scales(size):
    app = make_app(4, ["person", "random", "random", "random"], seed=2, size=size)
    settle(app)
    move = app.game.state.legal_moves()[0]
    play_move(app, move)
    for r in app.view.L.targets.values():
        assert app.d.screen.get_rect().contains(r)
    app.d.close()


def test_end_warns_about_an_unserved_due_customer():
    from loyang_game.play.commands import Picker, due_unserved

    state = new_game(GameConfig(seats=2, seed=1))
    rng = random.Random(4)
    while not (state.phase == "actions" and due_unserved(state, state.current_player)
               and any(m.kind == END for m in state.legal_moves())):
        assert not state.is_over, "this deal never had an unserved due customer at End"
        state.apply(rng.choice(state.legal_moves()))
    picker = Picker()
    result = picker.click(state, ("btn", "end"))
    assert result.kind == "choose" and "Unserved" in result.message
    assert clicks_for(state, state.legal_moves()[-1])[-1][0] == "opt"
