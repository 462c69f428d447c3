"""A generation's candidate seated by name (issue 49, item 2): a searching agent whose
evaluation's learned correction is read from a fitted file, `BASE+correction=FILE` (BASE a
yardstick or level, knobs allowed: `hard-v3+correction=/work/data/fits/sweep1.json`), or
moved a share of the way there from the shipped one (`...=FILE*0.3`), so
`lab.compare` screens a sweep of `lab.fit_generation` against hard-v3 with nothing added to
the game. The file holds what `ai/correction.json` holds (`names`, `weights`,
`round_means`, and a `projection_scale` if it has one); the agent is BASE in every other
way, its checks' followers included, and with the shipped file it plays BASE's moves (a test
checks it).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping
from functools import cache

from ai import correction_inputs
from ai.corrected import (
    CORRECTION_FILE,
    corrected_evaluator,
    load_correction,
    load_projection_scale,
    load_round_means,
)
from ai.evaluate import Evaluation, Evaluator
from ai.evaluators import Knobs, projection
from ai.levels import Level
from ai.search import MCTSAgent
from ai.searcher import Searcher

from .yardsticks import level_named, make_agent

SUFFIX = "+correction="
SHARE = "*"  # `FILE*0.3`: the shipped correction moved three tenths of the way to FILE's


@cache
def correction_file(path: str) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """The weights, round means and projection scale of a fitted correction file, read as
    `ai/corrected.py` reads its own; of `FILE*SHARE`, the shipped correction's moved that
    share of the way to the file's (`blend`)."""
    path, star, share = path.rpartition(SHARE) if SHARE in path else (path, "", "")
    with open(path, encoding="utf-8") as f:
        names = json.load(f).get("names")
    if names != list(correction_inputs.NAMES):
        raise ValueError(f"{path}: not a correction of ai/corrected.py's features")
    fitted = (tuple(load_correction(path)), tuple(load_round_means(path)),
              load_projection_scale(path))
    if not star:
        return fitted
    try:
        moved = float(share)
    except ValueError:
        raise ValueError(f"{share!r}: the share toward {path} is a number") from None
    if not 0 <= moved <= 1:
        raise ValueError(f"{share!r}: the share toward {path} lies in [0, 1]")
    return blend(correction_file(CORRECTION_FILE), fitted, moved)


def blend(shipped: tuple[tuple[float, ...], tuple[float, ...], float],
          fitted: tuple[tuple[float, ...], tuple[float, ...], float], share: float
          ) -> tuple[tuple[float, ...], tuple[float, ...], float]:
    """The correction `share` of the way from `shipped` to `fitted`: the corrected value is
    linear in its weights, round means and projection scale, so this is exactly hard-v3's
    value moved `share` of the way to the fitted one's, on every board (a trust region a
    generation can be tried in: the pick gate, entry 160)."""
    def mix(a: float, b: float) -> float:
        return (1 - share) * a + share * b

    return (tuple(mix(a, b) for a, b in zip(shipped[0], fitted[0], strict=True)),
            tuple(mix(a, b) for a, b in zip(shipped[1], fitted[1], strict=True)),
            mix(shipped[2], fitted[2]))


@cache
def evaluation(path: str, solo: bool, fitted: bool = True, changes: Knobs = ()) -> Evaluator:
    """The projection (solo or not) with the correction of `path`: one object per arguments,
    as `ai.evaluators` makes one."""
    base = projection(solo, fitted, changes)
    assert isinstance(base, Evaluator)
    weights, means, scale = correction_file(path)
    return corrected_evaluator(base, list(weights), list(means), scale)


class Candidate(MCTSAgent):
    """MCTSAgent with the correction of the file its name carries (`BASE+correction=FILE`)."""

    def __init__(self, level: str | Level = "hard", seed: int = 0, deterministic: bool = False,
                 evaluator: Evaluation | None = None,
                 overrides: Mapping[str, float | str] | None = None,
                 clock: Callable[[], float] = time.perf_counter, name: str = "") -> None:
        self.path = name.partition(SUFFIX)[2]  # read by `_evaluator`, called just below
        super().__init__(level, seed, deterministic, evaluator, overrides, clock, name)

    def _evaluator(self, solo: bool) -> Evaluation:
        if self.given is not None:
            return self.given
        return evaluation(self.path, solo, self.level.fitted, self.level.evaluation)

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
    correction_file(path)
    return Candidate(level, seed, deterministic, name=name)


def searcher(name: str, seed: int = 0, deterministic: bool = False) -> Searcher:
    """A searching agent by its name: a generation's candidate (`BASE+correction=FILE`), or
    any agent `lab.yardsticks.make_agent` seats. ValueError for a name that is neither."""
    if SUFFIX in name:
        return candidate(name, seed, deterministic)
    return make_agent(name, seed, deterministic)
