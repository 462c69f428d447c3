"""The lab's frozen yardsticks: hard as it was, kept so that every change to hard is measured
against the same play on the same deals (`python -m lab.compare --b hard-v3`). They live with
the lab, not in the game: `ai.agents.make_agent` seats only the levels of `ai.levels.LEVELS`;
this module's `make_agent` seats those and the yardsticks, by name, knobs allowed
(`hard-v3:verify=0`), as `ai.search.MCTSAgent` playing the frozen `Level`; a yardstick with a
learned correction reads its own frozen copy of it (`CORRECTIONS`), never the file hard ships.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from ai import agents
from ai.corrected import CORRECTION_FILE
from ai.evaluate import Evaluation
from ai.knobs import parse_knobs, tuned
from ai.levels import LEVELS, Level
from ai.search import MCTSAgent
from ai.searcher import Searcher

from .corrections import FROZEN, evaluation

YARDSTICKS = {
    # hard as it was when the paired harness was built (2026-11-24): the yardstick every
    # change to hard is measured against, on the same deals.
    "hard-v1": Level(1600, 480, 6.0, 2.0),
    # hard as it was on 2026-11-26 (session 31), before issue 35: the yardstick of that
    # issue's screens (its baseline file: docs/lab/hard-v2-solo-200-399.jsonl).
    "hard-v2": Level(1600, 480, 6.0, 2.0, halving=True, offer_ahead=True, rivalry=0.5,
                     others_plan=True, verify=3, verify_pool=6),
    # hard as it was on 2026-11-27 (session 37), with the sibling correction it shipped
    # then (`frozen/hard-v3-correction.json`): the yardstick of issue 49's screens.
    "hard-v3": Level(1600, 480, 6.0, 2.0, halving=True, offer_ahead=True, rivalry=0.5,
                     others_plan=True, verify=3, verify_pool=6, parallel=True,
                     evaluator="corrected"),
    # hard as shipped on 2026-11-30 (session 52): hard-v3 with its rivals' value draft
    # (entry 136) and generation 6's correction a quarter of the way (entry 163, +0.145 solo
    # over hard-v3): the yardstick of generation 7 on.
    "hard-v4": Level(1600, 480, 6.0, 2.0, halving=True, offer_ahead=True, rivalry=0.5,
                     others_plan=True, value_draft=True, verify=3, verify_pool=6,
                     parallel=True, evaluator="corrected"),
}

# The frozen correction of each yardstick that has one (the lab's copy, not hard's file).
CORRECTIONS = {name: os.path.join(FROZEN, f"{name}-correction.json")
               for name in ("hard-v3", "hard-v4")}


def correction_of(name: str) -> str:
    """The correction file the agent `name` (knobs allowed) plays with: a yardstick's
    frozen one, or the shipped one for the game's levels (and for hard-v1 and hard-v2,
    frozen before any correction, if told `evaluator=corrected`)."""
    return CORRECTIONS.get(name.partition(":")[0], CORRECTION_FILE)


class Yardstick(MCTSAgent):
    """A frozen yardstick: its level, and its frozen correction if it has one; its checks'
    followers are made by this class under the same name, so they read it too."""

    def evaluation(self, solo: bool) -> Evaluation:
        path = CORRECTIONS.get(self.name)
        if self.given is not None or path is None or self.level.evaluator != "corrected":
            return super().evaluation(solo)
        return evaluation(path, path, solo, self.level.fitted, self.level.evaluation)

    @property
    def makes(self) -> type[MCTSAgent]:
        return Yardstick


def make_agent(name: str, seed: int = 0, deterministic: bool = False) -> Searcher:
    """An agent by its name: a frozen yardstick (knobs allowed, `hard-v3:verify=0`), or any
    agent `ai.agents.make_agent` seats; ValueError listing the names for anything else."""
    base, _, knobs = name.partition(":")
    level = YARDSTICKS.get(base)
    if level is None:
        try:
            return agents.make_agent(name, seed, deterministic)
        except ValueError as error:
            if not str(error).startswith("unknown agent"):
                raise
            raise ValueError(f"unknown agent {base!r}; choose from {', '.join(AGENTS)}"
                             ) from None
    overrides = parse_knobs(knobs) if knobs else None
    return Yardstick(level, seed, deterministic=deterministic, overrides=overrides, name=base)


def level_named(name: str) -> Level | None:
    """The level `name` (knobs allowed) plays, a yardstick's or a player's; None if its base
    is no searching level."""
    base, _, knobs = name.partition(":")
    level = YARDSTICKS.get(base)
    if level is None:
        from ai.knobs import level_named as players

        return players(name)
    return tuned(level, parse_knobs(knobs)) if knobs else level


def _yardstick(name: str) -> Callable[..., Searcher]:
    def factory(seed: int = 0, deterministic: bool = False) -> Searcher:
        return make_agent(name, seed, deterministic)

    return factory


# Every agent the lab seats by name: the game's (`ai.agents.AGENTS`) and the yardsticks.
AGENTS: dict[str, Callable[..., Searcher]] = {
    **agents.AGENTS, **{name: _yardstick(name) for name in YARDSTICKS}}

# The searching levels the lab may name: the game's and the yardsticks.
SEARCHING = (*LEVELS, *YARDSTICKS)
