"""The search's best plans played on a round before one is chosen (ai/verify.py): solo, and
in duels where a level's `verify_seats` allows."""

from __future__ import annotations

import dataclasses
import itertools
import random
import threading

import pytest

from ai import checking, verify
from ai.leaves import final_value
from ai.policy import default_move
from ai.search import MCTSAgent
from ai.tree import Edge, Node
from ai.turn import apply_option
from ai.view import canonical_view, determinise
from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.state import Decision

from .test_honesty import _twin


def card_phase_state(seed: int, round_: int = 2):
    """A solo game played by the default policy to a Card-phase decision of `round_`."""
    state = new_game(GameConfig(seats=1, seed=seed))
    while not (state.round == round_ and flow.decision(state) == Decision.CARDS):
        state.apply(default_move(state))
    return state


class Follower:
    """Plays the default policy and counts its moves."""

    def __init__(self) -> None:
        self.moves = 0
        self.rng = random.Random(0)  # read by `play_on` (`known`); the policy draws none

    def choose(self, state) -> Move:
        self.moves += 1
        return default_move(state)


def test_candidates_are_the_most_explored_legal_options():
    root = Node(planning=True)
    for name, visits in (("a", 5), ("b", 40), ("c", 0), ("d", 12), ("gone", 99)):
        root.edges[(name,)] = Edge(chance=False)
        root.edges[(name,)].visits = visits
    legal = {"a", "b", "c", "d"}
    assert verify.candidates(root, legal, 2) == [("b",), ("d",)]
    assert verify.candidates(root, legal, 9) == [("b",), ("d",), ("a",)]


def test_a_play_on_that_stands_where_an_earlier_one_stood_takes_its_value():
    """Where the round turns, a follower starts afresh: the same state and the same random
    state there go on alike, so the next round is played once."""
    state = card_phase_state(seed=3)
    option = (state.legal_moves()[0],)
    known, leaves = {}, []

    def leaf(s, seat):
        leaves.append(s.round)
        return 12.5

    first, second, other = Follower(), Follower(), Follower()
    other.rng = random.Random(1)
    for follower in (first, second, other):
        assert verify.play_on(state.clone(), 0, option, follower, leaf, final_value,
                              apply_option, known=known) == 12.5
    assert len(leaves) == 2 and len(known) == 2  # the second took the first's value
    assert 0 < second.moves < first.moves == other.moves


def test_an_option_the_sample_cannot_play_is_worth_nothing():
    state = card_phase_state(seed=3)
    follower = Follower()
    value = verify.play_on(state, 0, (Move("advance", 9),), follower, lambda s, seat: 0.0,
                           final_value, apply_option)
    assert value == float("-inf") and follower.moves == 0


def test_every_option_faces_the_same_sample_and_the_best_is_kept(monkeypatch):
    state = card_phase_state(seed=4)
    view = canonical_view(state, 0)
    options = [(m,) for m in view.legal_moves()[:3]]
    samples, values = [], iter([0.0, 1.0, 0.5])  # the second option is worth most

    def sampled(view, seat, rng):
        sample = determinise(view, seat, rng)
        samples.append((tuple(sample.draw), tuple(sample.players[0].pile)))
        return sample

    monkeypatch.setattr(verify, "determinise", sampled)
    chosen = verify.decide(options, verify.play_ons(view, 0, options, lambda seed: Follower(),
                                                    7, lambda s, seat: next(values),
                                                    final_value, apply_option))
    assert chosen == options[1]
    assert len(samples) == 3 and len(set(samples)) == 1
    other = determinise(view, 0, random.Random(8))
    assert (tuple(other.draw), tuple(other.players[0].pile)) != samples[0]  # it is a sample


def verify_on_values(values, distinct, halt_after=None):
    """`verify.decide` over the play-ons of four options, worth `values` in turn (halted
    once `halt_after` were played): the option chosen, the options, and how many were played."""
    state = card_phase_state(seed=4)
    view = canonical_view(state, 0)
    options = [(m,) for m in view.legal_moves()[:4]]
    given = iter(values)
    played = []

    def leaf(s, seat):
        played.append(1)
        return next(given)

    def halted():
        return halt_after is not None and len(played) >= halt_after

    best = verify.decide(options, verify.play_ons(view, 0, options, lambda seed: Follower(), 7,
                                                  leaf, final_value, apply_option, halted),
                         distinct)
    return best, options, len(played)


@pytest.mark.parametrize(("values", "played", "chosen"), [
    ([1.0, 1.0, 0.5, 2.0], 3, 0),  # the second reached the first's board: the third is checked
    ([1.0, 1.5, 9.0, 9.0], 2, 1),  # two different boards at once: no more is played on
    ([1.0, 1.0, 1.0, 1.0], 4, 0),  # one board all along: the most explored is kept
])
def test_with_distinct_plans_are_played_on_until_two_boards_differ(values, played, chosen):
    best, options, count = verify_on_values(values, distinct=2)
    assert count == played and best == options[chosen]


def test_a_stopped_verification_gives_no_option():
    state = card_phase_state(seed=4)
    stop = threading.Event()
    stop.set()
    options = [(m,) for m in state.legal_moves()[:2]]
    played = verify.play_ons(canonical_view(state, 0), 0, options, lambda seed: Follower(), 1,
                             lambda s, seat: 0.0, final_value, apply_option, stop.is_set)
    assert verify.decide(options, played) is None


@pytest.mark.parametrize(("values", "chosen"), [
    ([1.0, 1.5], 1),  # two different boards compared before time ran out: the better one
    ([1.0, 1.0], None),  # one board twice: nothing was checked
])
def test_out_of_time_after_two_boards_the_better_is_kept(values, chosen):
    """distinct=3 looks for a third board; time that runs out first does not throw away the
    comparison already made."""
    best, options, _ = verify_on_values(values, distinct=3, halt_after=len(values))
    assert best == (None if chosen is None else options[chosen])


def small_verifier(seed: int) -> MCTSAgent:
    agent = MCTSAgent("hard", seed=seed, deterministic=True)
    agent.level = dataclasses.replace(agent.level, act_iterations=60, other_iterations=30,
                                      verify=2, verify_iterations=20)
    return agent


def test_a_verifying_search_chooses_by_the_view_alone(monkeypatch):
    """Hidden cards (the draw pile's order, the field pile) do not move the choice: the
    play-on samples them from what the seat sees."""
    calls = []
    real = verify.decide
    monkeypatch.setattr(verify, "decide", lambda *a, **k: calls.append(1) or real(*a, **k))
    state = card_phase_state(seed=14, round_=3)
    twin = _twin(state, 0, salt=random.Random(2).getrandbits(16))
    assert small_verifier(5).choose(state) == small_verifier(5).choose(twin)
    assert len(calls) == 2  # both searches played their options on


def _duel_action_state():
    state = new_game(GameConfig(seats=2, seed=3))
    while flow.decision(state) != Decision.ACT:
        state.apply(default_move(state))
    return state


def test_verification_is_for_the_solo_game_only_by_default(monkeypatch):
    monkeypatch.setattr(verify, "decide", lambda *a, **k: pytest.fail("verified in 2p"))
    state = _duel_action_state()
    assert small_verifier(1).level.verify_seats == 1
    assert small_verifier(1).choose(state) in state.legal_moves()


def test_a_level_with_verify_seats_checks_its_duel_picks_by_the_view_alone(monkeypatch):
    """The follower plays both seats of the play-on from the sample the seat's view allows:
    what the other seat holds hidden does not move the choice."""
    calls = []
    real = verify.decide
    monkeypatch.setattr(verify, "decide", lambda *a, **k: calls.append(1) or real(*a, **k))
    state = _duel_action_state()
    twin = _twin(state, state.current_player, salt=random.Random(3).getrandbits(16))
    chosen = []
    for table in (state, twin):
        agent = small_verifier(5)
        agent.level = dataclasses.replace(agent.level, verify_seats=2)
        chosen.append(agent.choose(table))
    assert chosen[0] == chosen[1] and chosen[0] in state.legal_moves()
    assert len(calls) == 2


def test_on_the_clock_the_play_on_gives_way_at_the_decisions_time_cap(monkeypatch):
    """At the table a level is held to its seconds: a verification that runs past them is
    dropped and the search's own choice is played (its play-ons in the searching thread; in
    worker processes: test_playons.py)."""
    outcomes = []
    real = verify.decide
    monkeypatch.setattr(verify, "decide",
                        lambda *a, **k: outcomes.append(real(*a, **k)) or outcomes[-1])
    ticks = itertools.count()
    agent = MCTSAgent("hard", seed=3, clock=lambda: next(ticks) * 0.01)  # 10 ms a look
    agent.level = dataclasses.replace(agent.level, other_iterations=20, other_seconds=0.4,
                                      verify=2, verify_iterations=20, parallel=False)
    state = card_phase_state(seed=4)
    assert agent.choose(state) in state.legal_moves()
    assert outcomes == [None]
    agent = MCTSAgent("hard", seed=3, deterministic=True, clock=lambda: next(ticks) * 0.01)
    agent.level = dataclasses.replace(agent.level, other_iterations=20, other_seconds=0.4,
                                      verify=2, verify_iterations=20, parallel=False)
    agent.choose(state)
    assert outcomes[-1] is not None  # counted in iterations, it ignores the clock


def test_in_the_action_phase_the_play_on_has_what_is_left_of_the_phases_seconds(monkeypatch):
    """A Two-pack's new look in the same Action phase does not start the clock again: the
    play-on may use only what the phase's searches and play-ons have left (less a reserve
    for such a look), and what it uses is counted against the phase."""
    now = [100.0]
    agent = MCTSAgent("hard", seed=3, clock=lambda: now[0])
    seen = []

    def verified(root, view, seat, option, stop, deadline):
        seen.append(deadline - now[0])
        now[0] += 0.7  # the play-on's own time
        return option

    monkeypatch.setattr(checking, "verified", lambda agent, *args: verified(*args))
    agent.turn_seconds = 4.5  # this phase's earlier searches and play-ons
    option = ("move",)
    in_time = checking.verified_in_time
    assert in_time(agent, None, None, 0, option, None, 99.0, acting=True) == option
    assert in_time(agent, None, None, 0, option, None, 99.0, acting=False) == option
    reserve = agent.level.other_seconds / 4  # for a Two-pack's look later in the phase
    assert seen == [pytest.approx(agent.level.act_seconds - 4.5 - reserve),
                    pytest.approx(agent.level.other_seconds - 1.7)]
    assert agent.turn_seconds == pytest.approx(5.2)
