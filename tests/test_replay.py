"""A replay's states are the game's own states, whichever way it is stepped."""

import random

import pytest

from loyang_game.play.replay import CHECKPOINT, Replay

from .games import random_game


@pytest.mark.parametrize("seats,seed", [(1, 3), (2, 5), (4, 7)])
def test_every_step_is_the_games_state(seats, seed):
    final, states = random_game(seats, seed)
    replay = Replay.of_game(final, ["A", "B", "C", "D"][:seats], ["person"] * seats)
    assert len(replay) == len(states) - 1 and replay.finished
    order = list(range(len(states)))
    random.Random(seed).shuffle(order)  # forward, back and jumps alike
    for step in order:
        assert replay.state_at(step).to_data() == states[step]


def test_unfinished_game_rounds_and_log():
    final, states = random_game(2, 11, limit=3 * CHECKPOINT + 5)
    replay = Replay.of_game(final, ["A", "B"], ["person", "hard"])
    assert not replay.finished
    assert replay.state_at(len(replay)).to_data() == final.to_data()
    starts = replay.round_starts()
    assert starts[0] == 0  # round 0: the setup draft
    for round_, step in starts.items():
        assert states[step]["round"] == round_
    assert replay.log_until(0) == []
    assert len(replay.log_until(len(replay))) >= len(replay.log_until(5)) > 0
    with pytest.raises(IndexError):
        replay.state_at(len(replay) + 1)


def test_a_state_given_out_is_a_copy():
    final, _ = random_game(2, 2, limit=20)
    replay = Replay.of_game(final, ["A", "B"], ["person", "person"])
    state = replay.state_at(4)
    state.apply(state.legal_moves()[0])
    assert replay.state_at(4).to_data() != state.to_data()
