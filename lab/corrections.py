"""The correction files the lab plays with (issue 49, item 2): a fitted file read as
`ai/corrected.py` reads the shipped one, or moved a share of the way there from another
(`FILE*0.3`), and the evaluation made of it. The frozen yardsticks' own files live beside
this module (`frozen/`), so that what hard-v3 and hard-v4 were measured with stays what it
was whatever hard ships next.
"""

from __future__ import annotations

import json
import os
from functools import cache

from ai import correction_inputs
from ai.corrected import (
    CorrectedEvaluator,
    corrected_evaluator,
    load_correction,
    load_projection_scale,
    load_round_means,
)
from ai.evaluate import Evaluator
from ai.evaluators import Knobs, projection

FROZEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "frozen")
SHARE = "*"  # `FILE*0.3`: a starting correction moved three tenths of the way to FILE's

Correction = tuple[tuple[float, ...], tuple[float, ...], float]  # weights, means, scale


@cache
def correction_file(path: str, start: str) -> Correction:
    """The weights, round means and projection scale of a fitted correction file, read as
    `ai/corrected.py` reads its own; of `FILE*SHARE`, the correction of the file `start`
    moved that share of the way to FILE's (`blend`). ValueError for a file of other
    features or a share outside [0, 1]."""
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
    return blend(correction_file(start, start), fitted, moved)


def blend(start: Correction, fitted: Correction, share: float) -> Correction:
    """The correction `share` of the way from `start` to `fitted`: the corrected value is
    linear in its weights, round means and projection scale, so this is exactly the start's
    value moved `share` of the way to the fitted one's, on every board (a trust region a
    generation can be tried in: the pick gate, entry 160)."""
    def mix(a: float, b: float) -> float:
        return (1 - share) * a + share * b

    return (tuple(mix(a, b) for a, b in zip(start[0], fitted[0], strict=True)),
            tuple(mix(a, b) for a, b in zip(start[1], fitted[1], strict=True)),
            mix(start[2], fitted[2]))


@cache
def evaluation(path: str, start: str, solo: bool, fitted: bool = True, changes: Knobs = ()
               ) -> CorrectedEvaluator:
    """The projection (solo or not) with the correction of `path` (a share of the way from
    `start`'s if it says so): one object per arguments, as `ai.evaluators` makes one."""
    base = projection(solo, fitted, changes)
    assert isinstance(base, Evaluator)
    weights, means, scale = correction_file(path, start)
    return corrected_evaluator(base, list(weights), list(means), scale)
