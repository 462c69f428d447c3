"""Honesty: the AI sees the game only through `observe`, and hidden cards do not move it."""

from __future__ import annotations

import random

import pytest

from ai.greedy import GreedyAgent
from ai.policy import default_move
from ai.search import MCTSAgent
from loyang_game.engine import GameConfig, flow, new_game

from .spy import Spy


def _states(seats: int, seed: int, wanted: set[str], count: int = 3):
    """States of a game played by the default policy, at decisions of the kinds wanted
    where there is a real choice."""
    state = new_game(GameConfig(seats=seats, seed=seed))
    found = []
    while not state.is_over and len(found) < count:
        if flow.decision(state) in wanted and len(state.legal_moves()) > 2 \
                and state.round >= 2 and random.Random(len(found) + state.round).random() < 0.5:
            found.append(state.clone())
        state.apply(default_move(state))
    return found


def _twin(state, seat: int, salt: int):
    """A state that looks the same from `seat` but differs in what is hidden."""
    twin = state.observe(seat, random.Random(salt))
    others_hands = [p.hand for p in state.players if p.seat != seat]
    twin_hands = [p.hand for p in twin.players if p.seat != seat]
    piles_differ = any(a.pile != b.pile for a, b in zip(state.players, twin.players))
    assert state.draw != twin.draw or others_hands != twin_hands or piles_differ
    return twin


@pytest.mark.parametrize("seats,seed,wanted", [
    (2, 11, {"cards"}), (2, 12, {"act"}), (2, 13, {"keep", "act"}), (1, 14, {"cards", "act"}),
])
def test_same_view_same_choice(seats, seed, wanted):
    states = _states(seats, seed, wanted)
    assert states
    for state in states:
        seat = state.current_player
        twin = _twin(state, seat, salt=seed)
        for make in (lambda: MCTSAgent("normal", seed=5, deterministic=True),
                     lambda: GreedyAgent(seed=5)):
            a, b = make(), make()
            if isinstance(a, MCTSAgent):  # small budgets keep the test fast
                for agent in (a, b):
                    agent.level = agent.level.__class__(60, 30, 0, 0)
            assert a.choose(state) == b.choose(twin)


@pytest.mark.parametrize("agent", ["greedy", "easy", "normal"])
def test_only_observe_is_called_on_the_real_state(agent):
    states = _states(2, 21, {"cards", "act", "keep"}, count=4)
    for state in states:
        before = state.to_data()
        spy = Spy(state)
        if agent == "greedy":
            chooser = GreedyAgent(seed=1)
        else:
            chooser = MCTSAgent(agent, seed=1, deterministic=True)
            chooser.level = chooser.level.__class__(40, 20, 0, 0)
        move = chooser.choose(spy)
        assert move in state.legal_moves()
        assert set(spy.touched) <= {"observe", "current_player"}, spy.touched
        assert state.to_data() == before
