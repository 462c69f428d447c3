"""A verification's play-ons in worker processes (ai/playons.py): the values and the choice
of the searching thread, halted when told, and a failure that gives way."""

from __future__ import annotations

import dataclasses
import functools
import random

import pytest

from ai import checking, playons, verify
from ai.evaluators import make_evaluation
from ai.leaves import LeafValues
from ai.levels import Level
from ai.playons import PlayOnPool
from ai.search import MCTSAgent
from ai.turn import apply_option
from ai.view import canonical_view, determinise

from .test_verify import card_phase_state


@pytest.fixture(scope="module")
def pool():
    workers = PlayOnPool(2)
    yield workers
    workers.close()


def small_level(agent: MCTSAgent) -> Level:
    return dataclasses.replace(agent.level, act_iterations=60, other_iterations=30,
                               verify=2, verify_iterations=20)


def test_the_workers_play_on_to_the_threads_values(pool):
    state = card_phase_state(seed=4)
    view = canonical_view(state, 0)
    options = [(move,) for move in view.legal_moves()[:3]]
    level = small_level(MCTSAgent("hard", deterministic=True))
    ev = make_evaluation(level.evaluator, True, level.fitted, level.evaluation)
    follower, leaf, final = checking.play_on_rules(MCTSAgent, "hard", level, None,
                                                   LeafValues(level, ev))
    in_thread = [verify.play_on(determinise(view, 0, random.Random(7)), 0, option,
                                follower(7), leaf, final, apply_option) for option in options]
    shipped = view.clone()
    shipped.history = None
    tasks = [functools.partial(checking.play_on_task, MCTSAgent, "hard", level, shipped, 0,
                               option, 7) for option in options]
    assert list(pool.values(tasks, lambda: False)) == in_thread
    assert len(set(in_thread)) > 1  # the options reach different boards: a real comparison


def _slow(halted) -> float | None:
    """A play-on that runs until it is halted (None), or 0.0 after 20 seconds."""
    import time
    for _ in range(2000):
        if halted():
            return None
        time.sleep(0.01)
    return 0.0


def _constant(value: float, halted) -> float:
    return value


def _broken(halted) -> float | None:
    raise RuntimeError("a play-on that fails")


def test_a_halted_verification_gets_none_and_stops_its_workers(pool):
    looks = iter(range(1000))
    values = pool.values([_slow, _slow, _slow], lambda: next(looks) >= 5)
    assert list(values) == [None]
    # the two halted play-ons end at once: the next verification's values come promptly
    assert list(pool.values([functools.partial(_constant, 2.5)] * 3,
                            lambda: False)) == [2.5, 2.5, 2.5]


def test_closing_the_values_early_halts_what_still_runs(pool):
    values = pool.values([functools.partial(_constant, 1.0), _slow, _slow],
                         lambda: False)
    assert next(values) == 1.0
    values.close()  # decided: the slow ones are not wanted
    assert list(pool.values([functools.partial(_constant, 3.0)],
                            lambda: False)) == [3.0]


def test_a_failing_play_on_gives_way_and_the_pool_starts_afresh(monkeypatch):
    broken = PlayOnPool(1)
    monkeypatch.setattr(playons, "_shared", broken)
    monkeypatch.setattr(playons, "cores", lambda: 2)  # a machine that starts workers at all
    assert list(broken.values([_broken], lambda: False)) == [None]
    assert broken.broken
    fresh = playons.shared_pool()
    assert fresh is not broken and fresh is not None and not fresh.broken
    fresh.close()
    monkeypatch.setattr(playons, "_shared", None)


def test_a_parallel_level_on_the_clock_chooses_as_the_thread_does(monkeypatch, pool):
    """With a clock that never moves, the search on the clock is the deterministic one, so
    the only difference left is where the play-ons run: the choice must not change."""
    asked = []
    real = pool.values
    monkeypatch.setattr(pool, "values", lambda *a: asked.append(1) or real(*a))
    monkeypatch.setattr(checking, "shared_pool", lambda: pool)
    state = card_phase_state(seed=14, round_=3)
    parallel = MCTSAgent("hard", seed=5, clock=lambda: 0.0)
    parallel.level = dataclasses.replace(small_level(parallel), parallel=True)
    in_thread = MCTSAgent("hard", seed=5, deterministic=True)
    in_thread.level = small_level(in_thread)
    assert parallel.choose(state) == in_thread.choose(state)
    assert asked  # the play-ons were played in the workers


def test_out_of_time_the_workers_give_way_to_the_searchs_choice(monkeypatch, pool):
    """The clock runs past the decision's seconds as the verification begins: no play-on's
    value is waited for, and the search's own choice is played."""
    monkeypatch.setattr(checking, "shared_pool", lambda: pool)
    outcomes, now = [], [0.0]
    real_decide, real_candidates = verify.decide, verify.candidates
    monkeypatch.setattr(verify, "decide",
                        lambda *a: outcomes.append(real_decide(*a)) or outcomes[-1])

    def late(*args):
        now[0] += 10.0  # the search took all the time there was
        return real_candidates(*args)

    monkeypatch.setattr(verify, "candidates", late)
    agent = MCTSAgent("hard", seed=3, clock=lambda: now[0])
    agent.level = dataclasses.replace(small_level(agent), parallel=True)
    state = card_phase_state(seed=4)
    assert agent.choose(state) in state.legal_moves()
    assert outcomes == [None]


def test_no_workers_in_deterministic_mode_or_inside_a_daemonic_process(monkeypatch):
    agent = MCTSAgent("hard", deterministic=True)
    agent.level = dataclasses.replace(agent.level, parallel=True)
    assert checking.play_on_pool(agent) is None  # the lab already runs a game per core
    monkeypatch.setattr(playons.multiprocessing.current_process(), "_config",
                        {"daemon": True})
    assert playons.shared_pool() is None


def test_workers_play_on_closer_to_the_cap_than_the_thread(monkeypatch, pool):
    """A play-on in this thread stops one follower move before the cap, since a move cannot
    be cut short; the workers' play-ons are dropped at once, so they play on until just
    before it (fewer give-ways on the clock, docs/ai-lab.md entry 102)."""
    monkeypatch.setattr(checking, "shared_pool", lambda: pool)
    monkeypatch.setattr(verify, "SLOWEST_RATE", 20)  # the thread's margin: a whole second
    outcomes, now = [], [0.0]
    real_decide, real_candidates = verify.decide, verify.candidates
    monkeypatch.setattr(verify, "decide",
                        lambda *a: outcomes.append(real_decide(*a)) or outcomes[-1])

    def late(*args):
        now[0] = 2.0 - 0.2  # 0.2 s of the Card phase's 2 s left, and the clock stops
        return real_candidates(*args)

    monkeypatch.setattr(verify, "candidates", late)
    agent = MCTSAgent("hard", seed=3, clock=lambda: now[0])
    agent.level = dataclasses.replace(small_level(agent), parallel=True)
    assert agent.level.other_seconds == 2.0
    assert agent.level.verify_iterations / verify.SLOWEST_RATE > 0.2 > verify.POOL_MARGIN
    state = card_phase_state(seed=4)
    assert agent.choose(state) in state.legal_moves()
    assert len(outcomes) == 1 and outcomes[0] is not None  # played on, not given way
    in_thread = MCTSAgent("hard", seed=3, clock=lambda: now[0])
    in_thread.level = dataclasses.replace(small_level(in_thread), parallel=False)
    # no workers: the follower's margin applies
    now[0] = 0.0
    in_thread.choose(state)
    assert outcomes[1] is None


def test_no_workers_on_a_single_core(monkeypatch):
    """Pinned to one core, the niced workers starve behind a busy window (entry 112): the
    searching thread plays the play-ons."""
    monkeypatch.setattr(playons, "cores", lambda: 1)
    monkeypatch.setattr(playons, "_shared", None)
    assert playons.shared_pool() is None
    agent = MCTSAgent("hard", seed=2)
    assert agent.level.parallel and checking.play_on_pool(agent) is None
