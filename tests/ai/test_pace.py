"""On the clock, a check with little time left plays its options on with lighter followers
(`checking.PlayOnPace`), so that its play-ons end in time to compare them (docs/ai-lab.md,
entry 114); deterministic mode never does."""

from __future__ import annotations

import dataclasses
import math

import pytest

from ai import checking, verify
from ai.search import MCTSAgent
from loyang_game.engine.state import Decision

from .test_verify import card_phase_state


class Ticks:
    """A clock that moves only when told."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_the_full_budget_until_a_play_on_was_timed():
    pace = checking.PlayOnPace()
    assert pace.budget(Decision.CARDS, 200, 0.5, 3) == 200
    pace.per_iteration[Decision.ACT] = 0.01
    assert pace.budget(Decision.CARDS, 200, 0.5, 3) == 200  # another decision's pace


def test_the_budget_is_what_fits_between_the_lightest_and_the_full():
    pace = checking.PlayOnPace()
    pace.per_iteration[Decision.CARDS] = 0.001  # 0.2 s a play-on at 200 iterations
    assert pace.budget(Decision.CARDS, 200, 10.0, 3) == 200  # time enough
    assert pace.budget(Decision.CARDS, 200, 0.3, 3) == 100  # three play-ons in 0.3 s
    assert pace.budget(Decision.CARDS, 200, 0.01, 3) == checking.PlayOnPace.LIGHTEST
    assert pace.budget(Decision.CARDS, 200, -1.0, 3) == checking.PlayOnPace.LIGHTEST
    assert pace.budget(Decision.CARDS, 20, 0.01, 3) == 20  # never above the full budget
    assert pace.budget(Decision.CARDS, 200, math.inf, 3) == 200  # the review's longer look


def test_timed_play_ons_pass_their_values_on_and_measure_those_that_ended():
    clock, pace = Ticks(), checking.PlayOnPace()

    def values():
        for value, seconds in ((1.0, 0.4), (float("-inf"), 0.0), (2.0, 0.2), (None, 0.05)):
            clock.now += seconds
            yield value

    got = list(pace.timed(Decision.ACT, values(), 100, clock))
    assert got == [1.0, float("-inf"), 2.0, None]
    # 0.4 s, then 0.2 s for 100 iterations, averaged; the option not playable and the
    # halted play-on are not measured
    assert pace.per_iteration[Decision.ACT] == pytest.approx((0.004 + 0.002) / 2)


def lighter_followers(monkeypatch, agent: MCTSAgent, seconds_left: float) -> list[int]:
    """The followers' budgets of `agent`'s checks on a Card-phase decision, its clock stopped
    `seconds_left` before the decision's cap once its search is done."""
    budgets: list[int] = []
    real_rules, real_candidates = checking.play_on_rules, verify.candidates

    def rules(*args):
        budgets.append(args[5])
        return real_rules(*args)

    def late(*args):
        agent.clock.now = agent.level.other_seconds - seconds_left  # type: ignore[attr-defined]
        return real_candidates(*args)

    monkeypatch.setattr(checking, "play_on_rules", rules)
    monkeypatch.setattr(verify, "candidates", late)
    state = card_phase_state(seed=4)
    assert agent.choose(state) in state.legal_moves()
    return budgets


def small_clocked(deterministic: bool) -> MCTSAgent:
    agent = MCTSAgent("hard", seed=3, deterministic=deterministic, clock=Ticks())
    agent.level = dataclasses.replace(agent.level, act_iterations=60, other_iterations=30,
                                      verify=2, verify_pool=3, verify_iterations=200,
                                      parallel=False)
    return agent


def test_a_check_short_of_time_plays_on_with_lighter_followers(monkeypatch):
    agent = small_clocked(deterministic=False)
    agent.pace.per_iteration[Decision.CARDS] = 0.001  # 0.2 s a play-on at 200 iterations
    budgets = lighter_followers(monkeypatch, agent, seconds_left=0.5)
    # 0.5 s less the margin of a full follower's move (200 / SLOWEST_RATE), for two play-ons
    left = 0.5 - 200 / verify.SLOWEST_RATE
    assert budgets == [int(left / (2 * 0.001))]
    assert checking.PlayOnPace.LIGHTEST < budgets[0] < 200


def test_deterministic_checks_keep_the_full_followers(monkeypatch):
    agent = small_clocked(deterministic=True)
    agent.pace.per_iteration[Decision.CARDS] = 0.001
    assert lighter_followers(monkeypatch, agent, seconds_left=0.5) == [200]
