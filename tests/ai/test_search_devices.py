"""The devices that lifted hard over hard-v1: sequential halving at the root, the next solo
Offer at the leaves, its best plans played on a round in solo, the rivalry objective and other
seats playing the rollout plans."""

from __future__ import annotations

import random

from ai import verify
from ai.evaluate import default_evaluator
from ai.leaves import LeafValues
from ai.levels import Level
from ai.offer_ahead import next_offer_gain
from ai.policy import default_move
from ai.search import MCTSAgent
from ai.tree import Edge, Halving, Node
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.cards import ROUNDS
from loyang_game.engine.moves import NONE
from loyang_game.engine.state import Decision


def test_halving_shares_each_round_equally_and_keeps_the_better_half():
    root = Node(planning=False)
    root.options = [(f"option {i}",) for i in range(8)]
    for o in root.options:
        root.edges[o] = Edge(chance=False)
    worth = {o: i for i, o in enumerate(root.options)}  # option 7 is the best
    halving = Halving(root, budget=64)  # 3 rounds of 21 iterations: 2 visits each at first
    rounds = [list(halving.alive)]
    while (option := halving.next()) is not None:
        if halving.alive != rounds[-1]:
            rounds.append(list(halving.alive))
        edge = root.edges[option]
        edge.visits += 1
        edge.total += worth[option]
    assert [root.edges[o].visits for o in rounds[0]][:4] == [2, 2, 2, 2]  # the worse half
    assert rounds[1] == root.options[:3:-1]  # options 7, 6, 5, 4 go on
    assert rounds[2] == root.options[:5:-1]  # then 7 and 6
    assert halving.alive == [root.options[7]]  # the one left; UCT has the rest, if any


def path_step_states(seats: int, seed: int):
    state = new_game(GameConfig(seats=seats, seed=seed))
    while not state.is_over:
        if flow.decision(state) == Decision.PATH:
            yield state
        state.apply(default_move(state))


def test_the_next_offer_counts_its_best_cheap_card():
    ev = default_evaluator(solo=True)
    gains = []
    for state in path_step_states(1, 2):
        p = state.players[0]
        gain = next_offer_gain(state, 0, ev, p.path, p.cash)
        gains.append(gain)
        if state.round == ROUNDS:
            assert gain == 0.0  # no Card phase after the last round
        if gain > 0:
            bare = state.clone()
            bare.offer[:6] = [NONE] * 6  # nothing in the cheap rows: nothing to gain
            assert next_offer_gain(bare, 0, ev, p.path, p.cash) == 0.0
    assert sum(g > 0.5 for g in gains) >= 2  # deal 2: a card worth half a space, twice


def test_a_second_card_of_the_next_offer_adds_to_the_first():
    ev = default_evaluator(solo=True)
    seen_more = False
    for state in path_step_states(1, 2):
        p = state.players[0]
        one = next_offer_gain(state, 0, ev, p.path, p.cash)
        two = next_offer_gain(state, 0, ev, p.path, p.cash, cards=2)
        assert two >= one  # a second card is bought only when it helps
        seen_more |= two > one + 0.1
    assert seen_more  # deal 2: some Path step has two cards worth buying


def test_the_next_offer_is_a_solo_device():
    ev = default_evaluator()
    state = next(path_step_states(2, 3))
    p = state.players[state.current_player]
    assert next_offer_gain(state, p.seat, ev, p.path, p.cash) == 0.0


def test_rivalry_counts_the_best_other_against_ones_own():
    """The other is judged as its board stands, even yet to play this round's Action phase
    (its income not yet counted: a lean toward acting first that the duel screens found
    worth keeping, docs/ai-lab.md, entries 76-85)."""
    state = next(path_step_states(2, 5))
    seat = state.current_player
    other = state.players[1 - seat]
    assert not other.done  # a rival yet to act
    ev = default_evaluator()
    racing = LeafValues(Level(8, 4, 0, 0, rivalry=0.5), ev)
    expected = 10.0 - 0.5 * ev.predict(other, state.round)
    assert racing.against(state, seat, 10.0) == expected
    assert LeafValues(Level(8, 4, 0, 0), ev).against(state, seat, 10.0) == 10.0
    solo_state = next(path_step_states(1, 5))
    assert racing.against(solo_state, 0, 10.0) == 10.0  # nobody races the solo farmer


def test_hard_plays_a_duel_with_every_device_on():
    agent = MCTSAgent("hard", seed=2, deterministic=True)
    agent.level = Level(24, 12, 0, 0, halving=True, offer_ahead=True, rivalry=0.5,
                        others_plan=True)
    rng = random.Random(3)
    state = new_game(GameConfig(seats=2, seed=8))
    while not state.is_over:
        moves = state.legal_moves()
        if state.current_player == 0:
            move = agent.choose(state)
            assert move in moves
        else:
            move = moves[rng.randrange(len(moves))]
        state.apply(move)
    assert state.standings()[0]["place"] == 1


def test_hard_plays_solo_rounds_with_every_device_on(monkeypatch):
    checked = []
    real = verify.decide
    monkeypatch.setattr(verify, "decide", lambda *a, **k: checked.append(1) or real(*a, **k))
    agent = MCTSAgent("hard", seed=2, deterministic=True)
    assert agent.level.verify == 3  # the shipped hard checks three different plans in solo
    agent.level = Level(24, 12, 0, 0, halving=True, offer_ahead=True, verify=2,
                        verify_iterations=8)
    state = new_game(GameConfig(seats=1, seed=8))
    while state.round <= 2:  # the set-up, two Card phases, Harvests, Action phases and Paths
        move = agent.choose(state)
        assert move in state.legal_moves()
        state.apply(move)
    assert len(checked) >= 4
