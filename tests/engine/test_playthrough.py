"""The one game loop (`engine.play`): it plays the game a hand-written loop plays, calls each
hook at its moment and in the order given, and stops at the end, at `limit` or at `until`."""

from __future__ import annotations

import random

import pytest

from loyang_game.engine import GameConfig, GameState, Hook, Move, new_game, play, random_moves


def by_hand(seats: int, seed: int, limit: int | None = None) -> GameState:
    """The loop every tool used to write for itself: random moves, one `randrange` each."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    made = 0
    while not state.is_over and (limit is None or made < limit):
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
        made += 1
    return state


class Recorder(Hook):
    """Writes down every call it gets, with what the state says at that moment."""

    def __init__(self, name: str, calls: list[tuple]) -> None:
        self.name, self.calls = name, calls

    def before(self, state: GameState) -> None:
        self.calls.append((self.name, "before", len(state.moves()), state.to_move))

    def chosen(self, state: GameState, move: Move) -> None:
        self.calls.append((self.name, "chosen", len(state.moves()), move))

    def moved(self, state: GameState, move: Move, seat: int) -> None:
        self.calls.append((self.name, "moved", len(state.moves()), move, seat,
                           state.moves()[-1]))

    def ended(self, state: GameState) -> None:
        self.calls.append((self.name, "ended", len(state.moves()), state.is_over))


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_play_ends_the_game_a_hand_written_loop_ends(seats, seed):
    expected = by_hand(seats, seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    made = play(state, random_moves(random.Random(seed)))
    assert state.is_over
    assert made == len(state.moves()) == len(expected.moves()) > 100
    assert state.moves() == expected.moves()
    assert state.to_data() == expected.to_data()


def test_hooks_are_called_at_their_moments_and_in_the_order_given():
    calls: list[tuple] = []
    state = new_game(GameConfig(seats=2, seed=4))
    made = play(state, random_moves(random.Random(4)),
                hooks=[Recorder("a", calls), Recorder("b", calls)])
    moves = state.moves()
    assert made == len(moves)
    expected: list[tuple] = []
    replay = new_game(GameConfig(seats=2, seed=4))
    for i, move in enumerate(moves):
        seat = replay.to_move
        for name in "ab":
            expected.append((name, "before", i, seat))
        for name in "ab":
            expected.append((name, "chosen", i, move))
        replay.apply(move)
        for name in "ab":
            expected.append((name, "moved", i + 1, move, seat, move))
    expected += [("a", "ended", made, True), ("b", "ended", made, True)]
    assert calls == expected


def test_a_hook_sees_the_move_before_it_is_made_and_the_state_after():
    seen: list[tuple[int, int]] = []

    class Cash(Hook):
        def chosen(self, state: GameState, move: Move) -> None:
            seen.append((len(state.moves()), state.players[state.to_move].cash))

        def moved(self, state: GameState, move: Move, seat: int) -> None:
            seen.append((len(state.moves()), state.players[seat].cash))

    state = new_game(GameConfig(seats=3, seed=6))
    play(state, random_moves(random.Random(6)), hooks=[Cash()], limit=40)
    replay = new_game(GameConfig(seats=3, seed=6))
    expected = []
    for move in state.moves():
        seat = replay.to_move
        expected.append((len(replay.moves()), replay.players[seat].cash))
        replay.apply(move)
        expected.append((len(replay.moves()), replay.players[seat].cash))
    assert seen == expected
    assert len(seen) == 80


@pytest.mark.parametrize("limit", [0, 1, 37, 200])
def test_play_makes_at_most_limit_moves(limit):
    calls: list[tuple] = []
    state = new_game(GameConfig(seats=4, seed=2))
    made = play(state, random_moves(random.Random(2)), hooks=[Recorder("a", calls)],
                limit=limit)
    assert made == limit == len(state.moves())
    assert not state.is_over
    assert state.to_data() == by_hand(4, 2, limit).to_data()
    assert calls[-1] == ("a", "ended", limit, False)
    assert [c[1] for c in calls].count("moved") == limit


def test_a_limit_beyond_the_end_stops_at_the_end():
    whole = by_hand(1, 3)
    state = new_game(GameConfig(seats=1, seed=3))
    made = play(state, random_moves(random.Random(3)), limit=len(whole.moves()) + 50)
    assert state.is_over
    assert made == len(whole.moves())


def test_until_stops_before_the_decision_it_names():
    def action_phase(state: GameState) -> bool:
        return state.phase == "actions"

    state = new_game(GameConfig(seats=2, seed=5))
    made = play(state, random_moves(random.Random(5)), until=action_phase)
    assert action_phase(state) and made > 0
    replay = new_game(GameConfig(seats=2, seed=5))
    for move in state.moves():
        assert not action_phase(replay)
        replay.apply(move)
    # a state where it already holds: not one move
    assert play(state, random_moves(random.Random(5)), until=action_phase) == 0
    assert len(state.moves()) == made


def test_a_game_already_over_makes_no_move_and_still_ends():
    state = by_hand(2, 1)
    calls: list[tuple] = []
    assert play(state, random_moves(random.Random(1)), hooks=[Recorder("a", calls)]) == 0
    assert calls == [("a", "ended", len(state.moves()), True)]


def test_the_bare_hook_does_nothing():
    state = new_game(GameConfig(seats=2, seed=8))
    play(state, random_moves(random.Random(8)), hooks=[Hook()])
    assert state.to_data() == by_hand(2, 8).to_data()
