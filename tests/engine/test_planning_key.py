"""The planning key (engine/planning.py) against the state's fields: every slot of the game and
of a player is declared keyed or left out (with its reason), and every keyed field is one the
key reads: changing it changes the key."""

from __future__ import annotations

import copy
import random

import pytest

from loyang_game.engine import GameConfig, GameState, new_game
from loyang_game.engine.planning import (
    OTHERS_KEYED,
    PLAYER_KEYED,
    PLAYER_UNKEYED,
    STATE_KEYED,
    STATE_UNKEYED,
    planning_key,
)
from loyang_game.engine.state import CARDS_PHASE, PlayerState


def slots(cls: type) -> set[str]:
    return {name for klass in cls.__mro__ for name in getattr(klass, "__slots__", ())}


def test_every_field_is_keyed_or_left_out_with_a_reason():
    assert set(STATE_KEYED) | set(STATE_UNKEYED) == slots(GameState)
    assert not set(STATE_KEYED) & set(STATE_UNKEYED)
    assert set(PLAYER_KEYED) | set(PLAYER_UNKEYED) == slots(PlayerState)
    assert not set(PLAYER_KEYED) & set(PLAYER_UNKEYED)
    assert set(OTHERS_KEYED) <= set(PLAYER_KEYED)
    assert all(len(why) > 10 for why in [*STATE_UNKEYED.values(), *PLAYER_UNKEYED.values()])


def a_state(seats: int) -> GameState:
    """A game (random moves, fixed seed) at a decision of a seat whose board and others'
    have a card of every kind, so that each list the key reads can lose one."""
    for seed in range(100):
        rng = random.Random(seed)
        state = new_game(GameConfig(seats=seats, seed=seed))
        while not state.is_over:
            state.apply(rng.choice(state.legal_moves()))
            seat = state.current_player
            if seat is None:
                break
            me, other = state.players[seat], state.others(seat)[0]
            if (all(p.stalls and p.helpers and p.regulars and p.casuals for p in (me, other))
                    and me.fields and me.cart):
                return state
    raise AssertionError("no such position in 100 games")


def changed(value: object) -> object:
    """A different value of the same kind."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, (list, tuple)):
        return list(value[:-1]) if value else [99]
    if isinstance(value, str):
        return value + "x"
    raise TypeError(type(value))


@pytest.mark.parametrize("name", [n for n in STATE_KEYED if n not in ("players", "offer")])
def test_each_keyed_field_of_the_game_changes_the_key(name):
    state = a_state(2)
    seat = state.current_player
    before = planning_key(state, seat)
    setattr(state, name, changed(getattr(state, name)))
    assert planning_key(state, seat) != before


@pytest.mark.parametrize("whose,name", [*(("seat", n) for n in PLAYER_KEYED),
                                          *(("other", n) for n in OTHERS_KEYED)])
def test_each_keyed_field_of_a_board_changes_the_key(whose, name):
    state = a_state(3)
    seat = state.current_player
    before = planning_key(state, seat)
    p = state.players[seat] if whose == "seat" else state.others(seat)[0]
    setattr(p, name, changed(getattr(p, name)))
    assert planning_key(state, seat) != before


def test_the_solo_offer_is_keyed_in_the_card_phase():
    state = new_game(GameConfig(seats=1, seed=3))
    while state.phase != CARDS_PHASE:
        state.apply(state.legal_moves()[0])
    before = planning_key(state, 0)
    other = copy.copy(state)
    other.offer = [*state.offer[1:], state.offer[0]]
    assert planning_key(other, 0) != before
