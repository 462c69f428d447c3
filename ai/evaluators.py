"""The evaluations a level may name: what answers the search's question at a leaf.

Every leaf of the search, every Path step and every probe of the next solo Offer asks an
`evaluate.Evaluation` what `seat` will end the game with, from the view it has at the end of
its turn (`search.py`, `leaves.py`, `offer_ahead.py`, `weighing.py`). The whole view is given
(the seat's board, the Offer, the Courtyard, the others' boards), so an answer may read any of
it, and says what it reads in its `key`, on which the tables of values are kept: today's one,
the calibrated farm projection (`evaluate.Evaluator`), reads the seat's own board alone;
`corrected` adds a learned correction of how it orders a round's boards (`corrected.py`).

A level names its evaluation (`levels.Level.evaluator`); `EVALUATORS` makes one by that name
for a game (solo or not), fitted or hand-set, with changes to its knobs. The search calls
`value` on what it is given: the protocol puts no layer of its own between the search and
the evaluation. An evaluation lives in a module of its own that builds on `evaluate.py`'s
protocol, and is listed here.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from .corrected import shipped_evaluator
from .evaluate import Evaluation, Evaluator, hand_evaluator, tuned_evaluator

Knobs = tuple[tuple[str, float], ...]  # (name, value) pairs, sorted: an evaluation's changes


def projection(solo: bool, fitted: bool, changes: Knobs) -> Evaluation:
    """The farm projection (`evaluate.py`): fitted and calibrated for the game (`changes` to
    its knobs), or hand-set and taken at its word. One object per arguments (the search's
    tables of values are kept per evaluation)."""
    if not fitted:
        return hand_evaluator()
    return tuned_evaluator(solo, changes)


@cache
def corrected(solo: bool, fitted: bool, changes: Knobs) -> Evaluation:
    """The projection with the learned correction hard ships (`corrected.py`), one object per
    arguments. Fitted on solo boards, it orders a duel's own boards better too (hard-v3's
    against hard-v2: +0.335 spaces solo, 67.7% of duels; docs/ai-lab.md, entries 92 and 94;
    hard-v4's against hard-v3: +0.145 solo, entry 163)."""
    base = projection(solo, fitted, changes)
    assert isinstance(base, Evaluator)
    return shipped_evaluator(base)


# The evaluations a level may name, each made by (solo, fitted, changes to its knobs).
EVALUATORS: dict[str, Callable[[bool, bool, Knobs], Evaluation]] = {
    "projection": projection,
    "corrected": corrected,
}


def make_evaluation(name: str, solo: bool, fitted: bool = True,
                    changes: Knobs = ()) -> Evaluation:
    """The evaluation named `name` in `EVALUATORS`; ValueError listing the names otherwise."""
    make = EVALUATORS.get(name)
    if make is None:
        raise ValueError(f"unknown evaluator {name!r}; evaluators: {', '.join(EVALUATORS)}")
    return make(solo, fitted, changes)
