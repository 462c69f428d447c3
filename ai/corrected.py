"""The projection with a learned correction of how it orders boards (the evaluation "corrected").

The search compares boards of one round: what it needs of a leaf value is the order of
sibling boards, not the level. The projection (`projection.py`) misorders about one pair of
sibling boards in ten that a round of play shows to be more than 0.3 spaces apart
(docs/ai-lab.md, entries 24, 90 and 91). A correction fitted on the *differences* between
siblings (`python -m lab.fit_residual fit-siblings`: each round's boards of one game with their
mean taken out, so the fit cannot spend itself on a round's level) reads the board's totals and
how its vegetables meet its customers' wants, and adds `weights · features` to the projection.
The weights are data (`correction.json`: hard-v4's since 2026-11-30, learned from hard's own
play in generations, `lab.fit_generation`, docs/ai-lab.md entries 158-163; the lab keeps each
frozen yardstick's own copy); without them the correction is zero. The last round is exact
and never corrected; the correction fades with the rounds still to come. A fit may keep only
a share of the projection's own differences (`projection_scale`, `ScaledCorrectedEvaluator`).

Fitted within rounds, the correction knows nothing of a round's level: on the boards it was
fitted on, `weights · features` averages several spaces in a round. So each round's mean
of it (`round_means`, from the same boards) is taken off again: the corrected value keeps the
calibrated projection's level, which the coach's hints and the review show to players as "the
final space the AI expects". A constant per round changes none of the search's comparisons
(it compares boards of one round); only float rounding breaks exact ties between options
differently, so the games differ move for move but not in strength (docs/ai-lab.md,
entries 100 and 104).
"""

from __future__ import annotations

import json
import os
from typing import TYPE_CHECKING, Any

from loyang_game.engine.cards import ROUNDS

from .correction_inputs import NAMES, learned
from .evaluate import Evaluator

if TYPE_CHECKING:
    from loyang_game.engine.state import PlayerState

CORRECTION_FILE = os.path.join(os.path.dirname(__file__), "correction.json")


def _fitted(path: str) -> dict[str, Any] | None:
    """The correction file's contents; None when it is missing or was fitted on other
    features."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return None
    return data if data.get("names") == list(NAMES) else None


def load_correction(path: str = CORRECTION_FILE) -> list[float]:
    """The fitted weights (one per `NAMES`); zeros when the file is missing or was fitted on
    other features."""
    data = _fitted(path)
    return [0.0] * len(NAMES) if data is None else [float(w) for w in data["weights"]]


def load_projection_scale(path: str = CORRECTION_FILE) -> float:
    """How much of the projection's own differences the corrected value keeps (1 unless the
    file says otherwise: `lab.fit_generation --match-spread`)."""
    data = _fitted(path)
    return 1.0 if data is None else float(data.get("projection_scale", 1.0))


def load_round_means(path: str = CORRECTION_FILE) -> list[float]:
    """The correction's mean on the fitted boards, by round (index 0 unused, the last round
    0): what `CorrectedEvaluator` takes off to keep the projection's level. Zeros when the
    file has none."""
    data = _fitted(path)
    means = [] if data is None else [float(m) for m in data.get("round_means", [])]
    return means + [0.0] * (ROUNDS + 1 - len(means))


class CorrectedEvaluator(Evaluator):
    """The calibrated projection plus the learned sibling correction (exact in the last
    round, like the projection). Its features read no more of the board than the projection
    does, so the projection's `key` is its own."""

    projection_scale = 1.0

    def __init__(self, base: Evaluator, weights: list[float],
                 round_means: list[float] | None = None) -> None:
        super().__init__(base.weights, base.params)
        self.correction = weights
        self.round_means = [0.0] * (ROUNDS + 1) if round_means is None else round_means

    def predict(self, p: PlayerState, round_: int, path: int | None = None,
                cash: float | None = None) -> float:
        value = super().predict(p, round_, path, cash)
        if round_ >= ROUNDS:
            return value
        correction = learned(self.correction, p, round_, p.path if path is None else path,
                             p.cash if cash is None else cash)
        return value + (correction - self.round_means[round_])


class ScaledCorrectedEvaluator(CorrectedEvaluator):
    """The corrected value with only a share of the projection's own differences kept
    (`lab.fit_generation --match-spread`: a fit that found them mostly noise, its order
    played as loud as hard-v3's), each round's level restored by the round means. A class of
    its own so that a correction without the scale pays nothing for it."""

    def __init__(self, base: Evaluator, weights: list[float], round_means: list[float],
                 projection_scale: float) -> None:
        super().__init__(base, weights, round_means)
        self.projection_scale = projection_scale

    def predict(self, p: PlayerState, round_: int, path: int | None = None,
                cash: float | None = None) -> float:
        value = Evaluator.predict(self, p, round_, path, cash)
        if round_ >= ROUNDS:
            return value
        correction = learned(self.correction, p, round_, p.path if path is None else path,
                             p.cash if cash is None else cash)
        return value * self.projection_scale + (correction - self.round_means[round_])


def corrected_evaluator(base: Evaluator, weights: list[float], round_means: list[float],
                        projection_scale: float = 1.0) -> CorrectedEvaluator:
    """The projection with a fitted correction, scaled if its file says so."""
    if projection_scale == 1.0:
        return CorrectedEvaluator(base, weights, round_means)
    return ScaledCorrectedEvaluator(base, weights, round_means, projection_scale)


def shipped_evaluator(base: Evaluator) -> CorrectedEvaluator:
    """The projection `base` with the correction hard ships (`correction.json`)."""
    return corrected_evaluator(base, load_correction(), load_round_means(),
                               load_projection_scale())
