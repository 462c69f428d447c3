"""A generation's candidate seated by name (issue 49, item 2): a searching agent whose
evaluation's learned correction is read from a fitted file, `BASE+correction=FILE` (BASE a
yardstick or level, knobs allowed: `hard-v3+correction=/work/data/fits/sweep1.json`), or
moved a share of the way there from BASE's own correction (`...=FILE*0.3`: from hard-v3's
for `hard-v3+...`, from hard-v4's for `hard-v4+...`, `lab.corrections`), so
`lab.compare` screens a sweep of `lab.fit_generation` against a yardstick with nothing added
to the game. The file holds what `ai/correction.json` holds (`names`, `weights`,
`round_means`, and a `projection_scale` if it has one); the agent is BASE in every other
way, its checks' followers included, and with BASE's own correction file it plays BASE's
moves (a test checks it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping

from ai.evaluate import Evaluation
from ai.levels import Level
from ai.search import MCTSAgent
from ai.searcher import Searcher

from .corrections import correction_file, evaluation
from .yardsticks import correction_of, level_named, make_agent

SUFFIX = "+correction="


class Candidate(MCTSAgent):
    """MCTSAgent with the correction of the file its name carries (`BASE+correction=FILE`)."""

    def __init__(self, level: str | Level = "hard", seed: int = 0, deterministic: bool = False,
                 evaluator: Evaluation | None = None,
                 overrides: Mapping[str, float | str] | None = None,
                 clock: Callable[[], float] = time.perf_counter, name: str = "") -> None:
        base, _, self.path = name.partition(SUFFIX)  # read by `evaluation`, called just below
        self.start = correction_of(base)  # what a share of the way to the file starts from
        super().__init__(level, seed, deterministic, evaluator, overrides, clock, name)

    def evaluation(self, solo: bool) -> Evaluation:
        if self.given is not None:
            return self.given
        return evaluation(self.path, self.start, solo, self.level.fitted,
                          self.level.evaluation)

    @property
    def makes(self) -> type[MCTSAgent]:
        """The checks' followers are candidates too, reading the same file."""
        return Candidate


def candidate(name: str, seed: int = 0, deterministic: bool = False) -> Candidate:
    """The agent `BASE+correction=FILE`; ValueError if BASE is no searching level with the
    corrected evaluation, or FILE no correction."""
    base, _, path = name.partition(SUFFIX)
    level = level_named(base)
    if level is None or level.evaluator != "corrected":
        raise ValueError(f"{base!r}: no searching level with the corrected evaluation")
    correction_file(path, correction_of(base))
    return Candidate(level, seed, deterministic, name=name)


def searcher(name: str, seed: int = 0, deterministic: bool = False) -> Searcher:
    """A searching agent by its name: a generation's candidate (`BASE+correction=FILE`), or
    any agent `lab.yardsticks.make_agent` seats. ValueError for a name that is neither."""
    if SUFFIX in name:
        return candidate(name, seed, deterministic)
    return make_agent(name, seed, deterministic)
