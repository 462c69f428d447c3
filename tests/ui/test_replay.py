"""The Replay scene, driven by real key presses and clicks through the director's loop: the
states it shows are the game's own, its controls stay put, and it hides what the table hid."""

import random

import pygame
import pytest

from loyang_game.engine import GameConfig, flow
from loyang_game.play.commands import clicks_for
from loyang_game.play.replay import Replay
from loyang_game.text.log import replay_log
from loyang_game.ui import replaybar
from loyang_game.ui import theme as t
from loyang_game.ui.scenes.replay import SPEEDS

from ..games import random_game
from .driver import choose, make_app, play_move, settle
from .menu_driver import click, frames, key, make_director

NAMES = ["Anna", "Bao", "Chen", "Dara"]


def open_replay(final, seats: int, **options):
    d = make_director()
    replay = Replay.of_game(final, NAMES[:seats], ["person"] + ["random"] * (seats - 1))
    scene = d.open("replay", replay=replay, **options)
    frames(d)
    return d, scene, replay


def click_control(d, scene, target) -> None:
    click(d, replaybar.rects(scene.L)[target].center)


def test_stepping_with_the_keys_shows_the_games_own_states():
    final, states = random_game(2, 5, limit=70)
    d, scene, replay = open_replay(final, 2, at=0, viewer=0)
    assert scene.step == 0 and scene.state.to_data() == states[0]
    for step in range(1, len(states)):
        key(d, pygame.K_RIGHT)
        assert scene.step == step and scene.state.to_data() == states[step]
    key(d, pygame.K_RIGHT)  # at the end already: nothing
    assert scene.step == len(states) - 1
    for step in range(len(states) - 2, 20, -1):
        key(d, pygame.K_LEFT)
        assert scene.state.to_data() == states[step] == replay.state_at(step).to_data()
    key(d, pygame.K_HOME)
    assert scene.step == 0 and scene.state.to_data() == states[0]
    key(d, pygame.K_END)
    assert scene.step == len(replay) and scene.state.to_data() == final.to_data()
    assert scene.log_lines() == replay_log(final.config, final.moves(), NAMES[:2])
    d.close()


def test_a_game_played_at_the_table_steps_through_the_states_it_went_through():
    app = make_app(2, ["person", "random"], seed=8)
    game = app.game
    recorded = [game.state.to_data()]
    apply = game.apply

    def recording(move, person):
        before = apply(move, person)
        if before is not None:
            recorded.append(game.state.to_data())
        return before

    game.apply = recording
    rng = random.Random(4)
    for _ in range(15):
        settle(app)
        play_move(app, choose(game, rng))
    settle(app)
    d = app.d
    scene = d.open("replay", replay=Replay.of_game(game.state, game.names, game.kinds),
                   at=None, viewer=0)
    frames(d)
    assert scene.step == len(recorded) - 1 and scene.state.to_data() == recorded[-1]
    for step in range(len(recorded) - 2, -1, -1):
        key(d, pygame.K_LEFT)
        assert scene.state.to_data() == recorded[step]
    for step in range(1, len(recorded)):
        key(d, pygame.K_RIGHT)
        assert scene.state.to_data() == recorded[step]
    key(d, pygame.K_ESCAPE)
    assert d.top is app and game.state.to_data() == recorded[-1]
    d.close()


def test_a_finished_game_by_rounds_and_the_log_in_step():
    final, states = random_game(3, 8)
    d, scene, replay = open_replay(final, 3, at=0)
    starts = replay.round_starts()
    rounds = sorted(r for r in starts if r > 0)
    for n in rounds:  # Page Down: the next round's first move
        key(d, pygame.K_PAGEDOWN)
        assert scene.step == starts[n] and scene.state.to_data() == states[starts[n]]
        assert scene.state.round == n
    key(d, pygame.K_PAGEDOWN)
    assert scene.step == len(replay)
    key(d, pygame.K_PAGEUP)
    assert scene.step == starts[rounds[-1]]
    for n in (4, 2, 9):  # the round buttons
        click_control(d, scene, ("round", n))
        assert scene.step == starts[n] and scene.state.to_data() == states[starts[n]]
        shown = scene.log_lines()  # as the table's log told the game to that move
        assert shown == replay_log(final.config, replay.moves[:starts[n]], NAMES[:3])
        assert [line for line in shown if line[0] == "R"][-1].startswith(f"R{n - 1} ")
    d.close()


def test_the_controls_never_move_and_play_follows_the_speed():
    final, states = random_game(2, 3, limit=40)
    d, scene, replay = open_replay(final, 2, at=0, viewer=0)
    places = replaybar.rects(scene.L)
    forward = places[("rp", "forward")].center
    for step in range(1, 6):  # the same spot steps forward each time
        click(d, forward)
        assert scene.step == step
        assert replaybar.rects(scene.L) == places
    click(d, places[("rp", "back")].center)
    assert scene.step == 4
    click(d, places[("rp", "speed")].center)  # 1 -> 2 moves a second
    assert scene.speed == SPEEDS[2] == 2.0
    click(d, places[("rp", "play")].center)
    assert scene.playing and replaybar.rects(scene.L) == places
    frames(d, 45)  # 0.75 s at 2 moves a second
    assert scene.step == 5
    frames(d, 30)
    assert scene.step == 6 and scene.state.to_data() == states[6]
    click(d, places[("rp", "play")].center)  # Pause
    frames(d, 60)
    assert not scene.playing and scene.step == 6
    click(d, places[("rp", "end")].center)
    assert scene.step == len(replay) and replaybar.rects(scene.L) == places
    key(d, pygame.K_SPACE)  # played to the end: Play starts again from the deal
    assert scene.playing and scene.step == 0
    d.close()


def _card_phase(state) -> bool:
    return (state.round >= 2 and flow.decision(state) == "cards"
            and all(p.hand for p in state.players))


def test_an_unfinished_game_shows_no_other_hand_a_finished_one_shows_all():
    final, _ = random_game(2, 4)
    replay = Replay.of_game(final, NAMES[:2], ["person", "random"])
    step = next(i for i in range(len(replay)) if _card_phase(replay.state_at(i)))
    unfinished = Replay(final.config, replay.moves[:step + 5], NAMES[:2], ["person", "random"])
    d = make_director()
    scene = d.open("replay", replay=unfinished, at=step, viewer=0)
    frames(d)
    assert scene.model().viewer == 0 and scene.model().hand_seat == 0
    for seat in (1, 0):  # Bao's board looked at (a click on its panel), then Anna's
        if scene.focus() != seat:
            click(d, scene.L.targets[("seat", seat)].center)
        assert scene.focus() == seat and scene.model().viewer == 0
        face_up = {(s, card) for place, s, card, up in scene.drawn.cards
                   if place == "hand" and up}
        assert {s for s, _ in face_up} == {0}
        assert {card for _, card in face_up} == set(scene.state.players[0].hand)
    d.pop()
    scene = d.open("replay", replay=Replay.of_game(final, NAMES[:2], ["person", "random"]),
                   at=step, viewer=None)
    frames(d)
    if scene.focus() != 1:
        click(d, scene.L.targets[("seat", 1)].center)
    face_up = {card for place, s, card, up in scene.drawn.cards if place == "hand" and up}
    assert face_up == set(scene.state.players[1].hand) and face_up
    d.close()


def test_nothing_shows_face_up_without_a_viewer_while_unfinished():
    final, _ = random_game(3, 6, limit=60)
    d, scene, replay = open_replay(final, 3, viewer=None)
    for _ in range(len(replay)):
        assert scene.model().viewer is None and scene.model().hand_seat is None
        assert not [c for c in scene.drawn.cards if c[0] == "hand" and c[3]]
        key(d, pygame.K_LEFT)
    d.close()


def test_escape_goes_back_to_where_it_was_opened():
    final, _ = random_game(2, 2, limit=10)
    d, scene, _ = open_replay(final, 2)
    assert d.top is scene
    key(d, pygame.K_ESCAPE)
    assert d.top.name == "title"
    d.close()


@pytest.mark.parametrize("at,expected", [(-5, 0), (10_000, "last"), (None, "last"), (7, 7)])
def test_the_step_opened_at_is_clamped_to_the_game(at, expected):
    final, states = random_game(2, 9, limit=20)
    d, scene, replay = open_replay(final, 2, at=at)
    step = len(replay) if expected == "last" else expected
    assert scene.step == scene.at == step and scene.state.to_data() == states[step]
    d.close()


def test_the_note_and_the_suggestion_show_at_their_step_only():
    final, _ = random_game(2, 7, limit=40)
    replay = Replay.of_game(final, NAMES[:2], ["person", "random"])
    at = next(i for i in range(len(replay))
              if any(clicks_for(replay.state_at(i), m)[0][0] in ("shop", "field", "cart")
                     for m in replay.state_at(i).legal_moves()))
    state = replay.state_at(at)
    move = next(m for m in state.legal_moves() if clicks_for(state, m)[0][0] in
                ("shop", "field", "cart"))
    d = make_director()
    scene = d.open("replay", replay=replay, at=at, viewer=0, note="Costly: 1.5 Path spaces",
                   suggestion=move)
    frames(d)
    first = scene.L.targets[clicks_for(state, move)[0]]
    edge = (first.x - scene.L.px(2) + 1, first.centery)  # on the lit frame around it

    def lit() -> bool:
        d.draw()
        return tuple(d.screen.get_at(edge))[:3] == t.HIGHLIGHT

    assert scene.prompt() == "Costly: 1.5 Path spaces" and lit()
    key(d, pygame.K_RIGHT)
    assert "Costly" not in scene.prompt() and not lit()
    key(d, pygame.K_LEFT)
    assert scene.prompt().startswith("Costly") and lit()
    d.close()


def test_a_suggestion_not_legal_at_its_step_is_dropped():
    final, _ = random_game(2, 7, limit=10)
    replay = Replay.of_game(final, NAMES[:2], ["person", "random"])
    later = replay.moves[5]
    d = make_director()
    scene = d.open("replay", replay=replay, at=0, note="n", suggestion=later)
    frames(d)
    assert scene.suggestion is None and scene.suggested == [] and scene.prompt() == "n"
    d.close()


def test_a_game_with_no_moves_yet_replays_its_deal():
    d = make_director()
    replay = Replay(GameConfig(seats=2, seed=1), [], NAMES[:2], ["random", "person"])
    scene = d.open("replay", replay=replay, at=None, viewer=1)
    frames(d)
    for k in (pygame.K_RIGHT, pygame.K_LEFT, pygame.K_PAGEDOWN, pygame.K_END, pygame.K_SPACE):
        key(d, k)
        frames(d, 30)
        assert scene.step == 0 and not scene.playing
    assert scene.counter_words() == "Move 0 of 0 · Round 1"
    assert not any(on for target, on in scene.enabled().items() if target[0] == "round")
    d.close()


def test_anothers_two_pack_is_neither_drawn_nor_named_while_unfinished():
    final, _ = random_game(2, 1, limit=20)  # at move 17 Bao chooses what to keep of a Two-pack
    replay = Replay.of_game(final, NAMES[:2], ["person", "random"])
    state = replay.state_at(17)
    assert state.pending[-1][0] == "keep" and state.current_player == 1
    d = make_director()
    for viewer, shown in ((0, False), (1, True)):
        scene = d.open("replay", replay=replay, at=17, viewer=viewer)
        frames(d)
        keep = {target[1]: r for target, r in scene.L.targets.items() if target[0] == "keep"}
        assert keep and scene.keep_shown() == shown
        for card, r in keep.items():
            assert (scene.card_at(r.center) == card) == shown
        d.pop()
    d.close()


def _ending_suggested():
    """A short game, the first step at which the Action phase may end, and that move."""
    final, _ = random_game(2, 1, limit=20)
    replay = Replay.of_game(final, NAMES[:2], ["person", "random"])
    at = next(i for i in range(len(replay))
              if any(m.kind == "end" for m in replay.state_at(i).legal_moves()))
    end = next(m for m in replay.state_at(at).legal_moves() if m.kind == "end")
    return replay, at, end


def test_a_suggested_button_is_told_in_words_at_its_step():
    replay, at, end = _ending_suggested()
    d = make_director()
    scene = d.open("replay", replay=replay, at=at, viewer=0, suggestion=end)
    frames(d)
    assert scene.prompt() == "(AI: ends the Action phase)"
    key(d, pygame.K_RIGHT)
    assert "AI:" not in scene.prompt()
    d.close()


def test_a_note_that_names_the_suggestion_is_not_followed_by_it_again():
    replay, at, end = _ending_suggested()
    d = make_director()
    note = "Round 1, Action phase: the AI would end the Action phase — about 1.0 spaces"
    scene = d.open("replay", replay=replay, at=at, viewer=0, note=note, suggestion=end)
    frames(d)
    assert scene.prompt() == note
    d.close()
