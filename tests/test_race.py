"""The race read from a replay equals the states a game went through at the ends of its rounds."""

from __future__ import annotations

import random

import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import ROUNDS
from loyang_game.play.race import race_of
from loyang_game.play.replay import Replay


def _play(seats: int, seed: int, moves: int | None = None):
    """A game of random moves; the (round, path per seat, cash per seat) seen whenever a
    round was left, and at the last state."""
    state = new_game(GameConfig(seats=seats, seed=seed))
    rng = random.Random(seed)
    seen = []

    def note(round_):
        seen.append((round_, [p.path for p in state.players], [p.cash for p in state.players]))

    made = 0
    while not state.is_over and (moves is None or made < moves):
        round_ = state.round
        state.apply(rng.choice(state.legal_moves()))
        made += 1
        if state.round != round_:
            note(round_)
    if moves is not None or not seen or seen[-1][0] != state.round:
        note(state.round)
    return state, seen


@pytest.mark.parametrize("seats,seed", [(1, 3), (2, 8), (4, 21)])
def test_the_race_of_a_finished_game_equals_its_states_at_the_ends_of_rounds(seats, seed):
    state, seen = _play(seats, seed)
    race = race_of(Replay.of_game(state, ["x"] * seats, ["person"] * seats))
    assert race.rounds == list(range(ROUNDS + 1))
    assert [r for r, _p, _c in seen] == race.rounds
    for i, (_round, path, cash) in enumerate(seen):
        assert [race.path[s][i] for s in range(seats)] == path
        assert [race.cash[s][i] for s in range(seats)] == cash
    assert [row[-1] for row in race.path] == [p.path for p in state.players]
    assert [row[-1] for row in race.cash] == [p.cash for p in state.players]
    assert all(row[0] == 1 for row in race.path)  # everyone starts on the first space
    assert any(row[-1] > 1 for row in race.path)  # someone moved on


def test_an_unfinished_game_ends_its_race_where_it_stands():
    state, seen = _play(2, 5, moves=120)
    race = race_of(Replay.of_game(state, ["a", "b"], ["person", "hard"]))
    assert race.rounds == [r for r, _p, _c in seen] and race.rounds[-1] == state.round
    assert [row[-1] for row in race.cash] == seen[-1][2] == [p.cash for p in state.players]
