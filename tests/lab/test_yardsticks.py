"""What the lab's experiments rest on in the AI the game plays: deterministic mode gives the
same game in any process (so `python -m lab.compare` can pair agents deal by deal), knob
overrides by name, and the frozen yardsticks hard-v1 to hard-v4, which live with the lab
(`lab.yardsticks`, their corrections in `lab/frozen/`), not among the levels the game seats."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import random
import subprocess
import sys

import pytest

from ai import agents, checking, verify
from ai.corrected import (
    CORRECTION_FILE,
    CorrectedEvaluator,
    load_correction,
    load_projection_scale,
    load_round_means,
)
from ai.leaves import LeafValues
from ai.levels import LEVELS, Level
from ai.turn import apply_option
from ai.view import canonical_view, determinise
from lab import fit_generation
from lab.yardsticks import AGENTS, CORRECTIONS, YARDSTICKS, Yardstick, make_agent
from loyang_game.engine import GameConfig, new_game
from tests.ai.test_verify import card_phase_state

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

GAME = """
import hashlib
from ai.agents import make_agent
from ai.play import play_game
from loyang_game.engine import GameConfig
agents = [make_agent("easy", 31 * i, deterministic=True) for i in range(2)]
state, _ = play_game(GameConfig(seats=2, seed=0), agents)
print(hashlib.sha256(repr(state.moves()).encode()).hexdigest())
"""


def game_digest(hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", GAME], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_a_deterministic_game_is_the_same_in_any_process():
    """Deal 0 between two easy agents used to depend on the order a set of Moves was
    iterated in, and so on PYTHONHASHSEED (the Helper options came out in that order)."""
    assert game_digest("1") == game_digest("2")


def test_hard_v1_is_todays_hard_kept_as_the_yardstick():
    agent = make_agent("hard-v1", 1, deterministic=True)
    assert agent.level == YARDSTICKS["hard-v1"] and agent.deterministic
    assert agent.name == "hard-v1"
    tuned = make_agent("hard-v3:verify=0,act_iterations=20", 1)
    assert tuned.name == "hard-v3" and tuned.level.verify == 0
    assert tuned.level.act_iterations == 20 and tuned.level.evaluator == "corrected"


def test_the_game_seats_no_yardstick():
    """The frozen yardsticks are the lab's: the game's agents, levels and player levels know
    none of them, and the lab's `make_agent` seats every agent the game does as the game does."""
    for name in YARDSTICKS:
        assert name not in LEVELS and name not in agents.AGENTS
        assert name not in agents.PLAYER_LEVELS and name in AGENTS
        with pytest.raises(ValueError, match="unknown agent"):
            agents.make_agent(name)
        with pytest.raises(ValueError, match="unknown agent"):
            agents.make_agent(name + ":verify=0")
    assert set(AGENTS) == {*agents.AGENTS, *YARDSTICKS}
    for name in ("hard", "normal:widen=2"):
        assert make_agent(name, 3).level == agents.make_agent(name, 3).level
    with pytest.raises(ValueError, match="hard-v3"):
        make_agent("nobody")


def test_knob_overrides_for_experiments():
    agent = make_agent("hard:exploration=0.6,act_iterations=100", 1)
    assert agent.level.exploration == 0.6 and agent.level.act_iterations == 100
    assert isinstance(agent.level.act_iterations, int)
    tuned = make_agent("hard:p.helper=0.5,min_visits=4", 1)
    assert tuned.level.min_visits == 4
    assert tuned.evaluation(solo=True).params.helper == 0.5
    assert make_agent("hard", 1).evaluation(solo=True).params.helper == 1.5
    for bad in ("hard:bogus=1", "hard:p.bogus=1", "hard:exploration", "hard:exploration=high",
                "random:x=1", "nobody"):
        with pytest.raises(ValueError):
            make_agent(bad)


def test_hard_v2_is_hard_as_it_was_before_issue_35():
    """hard-v2 is frozen: the yardstick of issue 35's screens (its baseline file is
    docs/lab/hard-v2-solo-200-399.jsonl). hard has since gained the sibling correction
    (docs/ai-lab.md, entries 92 and 94)."""
    frozen = Level(1600, 480, 6.0, 2.0, halving=True, offer_ahead=True, rivalry=0.5,
                   others_plan=True, verify=3, verify_pool=6)
    assert YARDSTICKS["hard-v2"] == frozen
    # hard differs in where its play-ons run on the clock, in its evaluation, and in how its
    # search's rivals draft
    assert dataclasses.replace(LEVELS["hard"], parallel=False, evaluator="projection",
                               value_draft=False) == frozen


def test_hard_v3_is_hard_with_the_correction_it_was_measured_with():
    """hard-v3 is today's hard, frozen with the correction that issue 35's screens measured
    (docs/ai-lab.md, entries 92-100: its weights, and the means by round taken off since
    entry 100), which the lab keeps frozen (`lab/frozen/hard-v3-correction.json`), whatever
    hard ships; its checks' followers read it too."""
    frozen = Level(1600, 480, 6.0, 2.0, halving=True, offer_ahead=True, rivalry=0.5,
                   others_plan=True, verify=3, verify_pool=6, parallel=True,
                   evaluator="corrected")
    assert YARDSTICKS["hard-v3"] == frozen
    # hard since: its search's rivals take the pair its evaluation likes (entry 136)
    assert dataclasses.replace(LEVELS["hard"], value_draft=False) == frozen
    path = CORRECTIONS["hard-v3"]
    weights, means = load_correction(path), load_round_means(path)
    assert len(weights) == 73 and any(weights) and any(means)
    frozen_file = hashlib.sha256(repr((weights, means)).encode()).hexdigest()[:16]
    assert frozen_file == "24428292b1a354fe" and load_projection_scale(path) == 1.0
    agent = make_agent("hard-v3:verify=0", 3, True)
    assert isinstance(agent, Yardstick) and agent.ev.correction == weights
    # the labeller and baseline of `lab.fit_generation` unless told: hard-v3's, frozen
    assert fit_generation.evaluator(None).correction == weights
    # told another evaluation, a yardstick plays it (its frozen file is for "corrected")
    plain = make_agent("hard-v3:evaluator=projection", 3, True)
    assert not isinstance(plain.ev, CorrectedEvaluator)
    follower = agent.makes(agent.level, 4, deterministic=True, name=agent.name)
    assert follower.ev.correction == weights and follower.ev.round_means == means


def test_hard_v4_is_hard_as_shipped_with_its_correction_frozen():
    """hard-v4 is hard as shipped on 2026-11-30: generation 6's correction a quarter of the
    way from hard-v3's (docs/ai-lab.md, entries 163 and 166), frozen in the lab; today the
    shipped file holds the same numbers, so hard-v4 plays hard's moves."""
    assert YARDSTICKS["hard-v4"] == LEVELS["hard"]
    path = CORRECTIONS["hard-v4"]
    frozen = (load_correction(path), load_round_means(path), load_projection_scale(path))
    assert frozen == (load_correction(CORRECTION_FILE), load_round_means(CORRECTION_FILE),
                      load_projection_scale(CORRECTION_FILE))
    assert frozen[0] != load_correction(CORRECTIONS["hard-v3"]) and frozen[2] < 1.0
    assert make_agent("hard-v4", 3, True).ev.projection_scale == frozen[2]
    knobs = ":act_iterations=40,other_iterations=12,verify_iterations=10"
    assert _opening("hard-v4" + knobs, 5, 1) == _opening("hard" + knobs, 5, 1)


def _opening(name: str, deal: int, seats: int) -> list:
    """A game's first two rounds, `name` at every seat (deterministic, with its play-ons)."""
    agents = [make_agent(name, deal * 31 + seat, deterministic=True) for seat in range(seats)]
    state = new_game(GameConfig(seats=seats, seed=deal))
    while state.round <= 2:
        state.apply(agents[state.to_move].choose(state))
    return state.moves()


def test_hard_plays_as_hard_v2_but_for_its_evaluation_and_its_rivals_draft():
    knobs = ":act_iterations=40,other_iterations=12,verify_iterations=10,value_draft=0"
    for seats in (1, 2):
        old = _opening("hard-v2" + knobs, 5, seats)
        assert len(old) > 10 * seats
        assert _opening("hard" + knobs + ",evaluator=projection", 5, seats) == old
    assert _opening("hard" + knobs, 5, 2) != old  # the correction changes what it plays


def test_a_yardsticks_play_ons_in_a_worker_value_boards_by_its_own_correction():
    """On the clock a check's play-ons run in worker processes (`checking.play_on_task`),
    which make the agent's evaluation again from its class and name: hard-v3's there is its
    frozen file's, as in the searching thread, not the correction hard ships."""
    state = card_phase_state(seed=4)
    view = canonical_view(state, 0)
    options = [(move,) for move in view.legal_moves()[:3]]
    agent = make_agent("hard-v3:verify=2,verify_iterations=20", 1, deterministic=True)
    level = agent.level
    ev = agent.evaluation(True)
    assert ev.correction == load_correction(CORRECTIONS["hard-v3"])
    assert ev.correction != make_agent("hard", 1, True).evaluation(True).correction

    def in_thread(values_by: object) -> list[float | None]:
        follower, leaf, final = checking.play_on_rules(agent.makes, agent.name, level, None,
                                                       LeafValues(level, values_by))
        return [verify.play_on(determinise(view, 0, random.Random(7)), 0, option,
                               follower(7), leaf, final, apply_option) for option in options]

    shipped = view.clone()
    shipped.history = None
    in_worker = [checking.play_on_task(agent.makes, agent.name, level, shipped, 0, option, 7,
                                       lambda: False) for option in options]
    assert in_worker == in_thread(ev)
    assert in_worker != in_thread(make_agent("hard", 1, True).evaluation(True))
