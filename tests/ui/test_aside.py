"""A 4-player Action phase shown aside (issue 46, item 5): two players act at the same time
(rulebook-en.txt, "Action phase" with 4 players: "The Starting and Second players take
their Action phase at the same time. Once they have finished, their partners can have their
turns"; RULINGS.md R5 keeps the digital order), so an AI seat's Action phase plays on its
own small board while the person's board stays in view; its moves are shown one after
another in its lane, the person decides without waiting for them, two AI seats are seen at
once, and a move on the board in view waits for the lanes. The moves made are those of the
deterministic AIs whatever is shown. Frames run on the table's own clock."""

from __future__ import annotations

import pygame

from ai.agents import make_agent
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.state import Phase
from loyang_game.ui.anim import Cue, Flight, Timeline
from loyang_game.ui.scenes.table import BRISK_MOST, CATCH_UP

from .driver import act, reach, step
from .test_ai_turns import AI, person_waits, run_until, table_at


def flight(duration: float) -> Flight:
    return Flight(pygame.Surface((2, 2)), [(0.0, 0.0), (10.0, 10.0)], duration)


def test_a_lanes_moves_follow_one_another_and_two_lanes_run_at_once():
    t = Timeline()
    t.speed = "slow"  # factor 1: seconds as written
    first = t.lane(1)
    first.add(flight(1.0))
    first.close(0.25)
    second = t.lane(1)
    a = flight(0.5)
    second.add(a)
    second.close(0.0)
    assert a.delay == 1.25  # after the first move and its pause
    other = t.lane(2)
    b = flight(0.5)
    other.add(b)
    assert b.delay == 0.0  # another seat's lane starts at once
    assert t.aside_busy and not t.busy  # the table waits for none of it
    t.update(1.0)
    assert t.lane(1).start == 0.75
    t.skip()
    assert not t.items and not t.lanes and t.lane(1).start == 0.0


def test_a_card_landed_in_a_lane_is_drawn_by_the_animation_only_until_its_move_is_over():
    """Not until the lane runs dry: a lane fed move after move would otherwise keep a card
    hidden at its place, and a revealed card drawn big where it was shown, for seconds."""
    t = Timeline()
    t.speed = "slow"
    first = t.lane(1)
    card = flight(1.0)
    card.hide_card = 7
    first.add(card)
    first.close(0.0)
    second = t.lane(1)
    second.add(flight(2.0))
    second.close(0.0)
    t.update(0.5)
    assert t.hidden_cards() == {7}  # in flight
    t.update(0.75)
    assert t.hidden_cards() == set() and card not in t.items  # landed: the table draws it
    assert t.aside_busy  # while the lane's next move is still shown
    table = Timeline()
    table.speed = "slow"
    landed, flying = flight(1.0), flight(2.0)
    landed.hide_card = 8
    table.add(landed)
    table.add(flying)
    table.update(1.5)
    assert table.hidden_cards() == {8}  # the table's moves are one batch, as before


def test_a_cue_runs_when_its_lane_comes_to_it():
    t = Timeline()
    t.speed = "slow"
    told = []
    lane = t.lane(3)
    lane.add(flight(1.0))
    lane.close(0.0)
    t.lane(3).add(Cue(lambda: told.append("second move")))
    t.update(0.5)
    assert told == []
    t.update(0.6)
    assert told == ["second move"]


def ai_before_person():
    """4 players, the Action phase: an AI seat is to play, and the person (seat 0) plays
    right after it."""
    def wanted(s):
        return (act(s) and s.current_player != 0 and 0 in s.order
                and s.order.index(0) == s.turn + 1)
    return reach(4, 11, wanted)


def two_ais_in_a_row():
    """4 players, the Action phase: an AI seat is to play, another AI seat right after it."""
    def wanted(s):
        return (act(s) and s.current_player != 0 and s.turn + 1 < len(s.order)
                and s.order[s.turn + 1] != 0 and 0 not in s.order[:s.turn])
    return reach(4, 12, wanted)


def test_the_person_decides_while_the_ai_before_them_is_still_shown_on_its_board():
    state = ai_before_person()
    ai_seat = state.current_player
    app = table_at(state, "normal", ["person", AI, AI, AI])
    assert app.shown_aside(ai_seat)
    assert app.focus() == 0  # the person's board stays in view
    run_until(app, lambda: app.game.state.current_player != ai_seat)
    assert person_waits(app)  # the person may decide now ...
    assert app.timeline.aside_busy  # ... while the AI's last moves are still being shown
    assert app.focus() == 0
    app.d.close()


def test_two_ai_seats_acting_in_a_row_are_shown_at_once():
    state = two_ais_in_a_row()
    first, second = state.order[state.turn], state.order[state.turn + 1]
    app = table_at(state, "normal", ["person", AI, AI, AI])
    run_until(app, lambda: app.game.state.current_player == second)
    run_until(app, lambda: app.timeline.lanes.get(second, 0.0) > app.timeline.clock)
    running = [seat for seat, end in app.timeline.lanes.items() if end > app.timeline.clock]
    assert sorted(running) == sorted([first, second])
    app.d.close()


def test_a_lane_behind_its_ai_shows_the_next_move_faster_down_to_the_brisk_floor():
    """An AI finds its plan's moves at once; shown one by one, its lane falls behind, and
    the table (and the person, once done) may be waiting for it: a move that starts
    `CATCH_UP` seconds late is shown twice as fast, never faster than `BRISK_MOST`."""
    app = table_at(two_ais_in_a_row(), "normal", ["person", AI, AI, AI])
    seat = app.game.state.current_player

    def first_move(behind: float) -> float:
        app.run = (None, 0)
        return app.tempo(seat, behind)

    assert first_move(0.0) == 1.0
    assert first_move(CATCH_UP) == 0.5
    assert first_move(CATCH_UP / 2) == 1.0 / 1.5
    assert first_move(20 * CATCH_UP) == BRISK_MOST
    app.timeline.speed = "slow"
    assert first_move(20 * CATCH_UP) == 1.0  # "slow" keeps the first editions' pace
    app.timeline.speed = "normal"
    lanes_ahead = []
    apply = app.apply

    def spying(move, person, animate=True):
        if app.shown_aside(app.game.state.current_player):
            lanes_ahead.append(app.timeline.lane(app.game.state.current_player).start)
        return apply(move, person, animate)

    app.apply = spying
    run_until(app, lambda: app.game.state.current_player == 0
              or app.game.state.phase != Phase.ACTIONS)
    assert max(lanes_ahead) > 0.5, "a lane fell behind its AI (so catching up is worth it)"
    app.d.close()


def test_a_move_on_the_board_in_view_waits_for_the_lanes_and_slow_shows_none_aside():
    state = two_ais_in_a_row()
    app = table_at(state, "normal", ["person", AI, AI, AI])
    made = []
    apply = app.apply

    def spying(move, person, animate=True):
        seat = app.game.state.current_player
        made.append((app.shown_aside(seat), app.timeline.aside_busy, person))
        return apply(move, person, animate)

    app.apply = spying
    person = make_agent("greedy", 5)
    start = state.round

    def on_to_the_next_rounds_ai_move() -> bool:
        if person_waits(app):
            app.apply(person.choose(app.game.state.clone()), person=True)
        return app.game.state.round > start and any(
            not aside and not person for aside, _busy, person in made)

    run_until(app, on_to_the_next_rounds_ai_move)
    assert any(aside for aside, _busy, _person in made)
    assert not any(busy for aside, busy, person in made if not aside and not person)
    app.d.close()
    slow = table_at(state, "slow", ["person", AI, AI, AI])
    assert not slow.shown_aside(state.current_player)
    slow.d.close()
    two = table_at(new_game(GameConfig(seats=2, seed=3)), "normal", ["person", AI])
    assert not any(two.shown_aside(seat) for seat in (0, 1))
    two.d.close()


def test_the_persons_board_stays_in_view_until_the_lanes_are_over():
    """The Action phase ends with AI seats shown aside; the next round's first decider is
    an AI whose board may still wait for moves of those lanes: the person's board stays in
    view until the lanes are over, then the decider's move is shown on its board."""
    def wanted(s):
        return act(s) and s.current_player != 0 and 0 in s.order[:s.turn]
    app = table_at(reach(4, 13, wanted), "normal", ["person", AI, AI, AI])
    run_until(app, lambda: app.game.state.phase != Phase.ACTIONS)
    assert app.timeline.aside_busy, "the last AI's moves are still shown aside"
    while app.timeline.aside_busy:
        assert app.focus() == 0
        step(app)
    app.d.close()


def test_the_same_moves_are_made_whether_shown_aside_or_not():
    state = two_ais_in_a_row()
    logs = []
    for speed in ("normal", "slow"):
        app = table_at(state, speed, ["person", AI, AI, AI])
        run_until(app, lambda app=app: app.game.state.current_player == 0
                  or app.game.state.phase != Phase.ACTIONS)
        logs.append(list(app.game.log))
        app.d.close()
    assert logs[0] == logs[1] and len(logs[0]) > 2


def test_at_a_pass_and_play_table_the_board_in_view_is_a_persons_and_nothing_is_lost():
    state = two_ais_in_a_row()
    first, second = state.order[state.turn], state.order[state.turn + 1]
    persons = [seat for seat in range(4) if seat not in (first, second)]
    kinds = ["person" if seat in persons else AI for seat in range(4)]
    app = table_at(state, "normal", kinds)
    assert app.shown_aside(first) and app.focus() in persons
    run_until(app, lambda: app.game.is_person(app.game.state.current_player)
              or app.game.state.phase != Phase.ACTIONS)
    assert app.focus() in persons
    assert all(app.game.state.players[seat].done for seat in (first, second))
    app.d.close()
