"""Every field a state class declares (its `__slots__`) is carried by `clone()` and shown by
`to_data()`, the save's snapshot and the tests' yardstick of equal states: a field added to
the declaration and forgotten in either fails here, instead of silently making two different
positions look alike. `clone` and `to_data` stay written out by hand (the clone is the AI's
hot path); this test holds them to the declaration."""

from __future__ import annotations

import random

import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.state import PlayerState, State

# Fields that are not part of a position, each with the reason.
NOT_IN_DATA = {
    PlayerState: {"seat": "a player's seat is its place in the list of players"},
    State: {
        "config": "written field by field: seats, seed, introductory",
        "history": "the moves, saved as the move list beside the snapshot",
        "events": "what the last move did: news, not position",
        "telling": "whether moves tell their events: how the state is looked at, not position",
        "_legal": "a cache of the legal moves, worked out again on demand",
    },
}
NOT_CLONED = {
    State: {"events": "a clone starts with no news", "_legal": "a clone works its own out"},
}


def _changed(value: object) -> object:
    """A value of the same kind that differs from `value`."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 7
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):  # one more of what it holds (a slot, a number...)
        return [*value, value[0] if value else (99,)]
    if isinstance(value, tuple):
        return (*value, "x")
    if value is None:
        return PlayerState(3)
    if isinstance(value, PlayerState):
        changed = value.clone()
        changed.cash += 7
        return changed
    raise AssertionError(f"no changed value for {value!r}")


def _same(a: object, b: object) -> bool:
    """Equal values; players (which do not compare) by their data."""
    if isinstance(a, PlayerState) and isinstance(b, PlayerState):
        return a.to_data() == b.to_data()
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(map(_same, a, b))
    return a == b


def _a_game_in_play(seats: int) -> State:
    state, rng = new_game(GameConfig(seats=seats, seed=11)), random.Random(11)
    for _ in range(60):
        state.apply(rng.choice(state.legal_moves()))
    return state


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_players_field_is_cloned_and_in_the_data(seats):
    state = _a_game_in_play(seats)
    for name in PlayerState.__slots__:
        player = state.players[0].clone()
        before = player.to_data()
        setattr(player, name, _changed(getattr(player, name)))
        assert _same(getattr(player.clone(), name), getattr(player, name)), f"clone drops {name}"
        if name not in NOT_IN_DATA[PlayerState]:
            assert player.to_data() != before, f"to_data does not show {name}"


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_every_game_field_is_cloned_and_in_the_data(seats):
    state = _a_game_in_play(seats)
    skipped = set(NOT_IN_DATA[State]) - {"history"}
    for name in State.__slots__:
        game = state.clone()
        before = game.to_data()
        value = getattr(game, name)
        if name in ("config", "_legal", "events", "history"):
            continue  # not a field of the position (see NOT_IN_DATA), checked below
        setattr(game, name, _changed(value))
        if name not in NOT_CLONED.get(State, {}):
            assert _same(getattr(game.clone(), name), getattr(game, name)), f"clone drops {name}"
        if name not in skipped:
            assert game.to_data() != before, f"to_data does not show {name}"
    clone = state.clone()
    assert clone.history is state.history and clone.config is state.config
    assert clone.events == [] and clone.to_data() == state.to_data()


def test_the_exceptions_name_real_fields():
    """An exception left behind by a renamed field would let the new name go unchecked."""
    for cls, exceptions in (*NOT_IN_DATA.items(), *NOT_CLONED.items()):
        assert set(exceptions) <= set(cls.__slots__), cls
