"""What the search asks at a leaf, whoever answers: a seat's view valued in final Path spaces.

`Evaluation` is the question every leaf of the search, every Path step and every probe of the
next solo Offer asks (`search.py`, `offer_ahead.py`, `review.py`): what `seat` will end the
game with, from the view it has at the end of its turn. The whole view is given (the seat's
board, the Offer, the Courtyard, the others' boards), so an answer may read any of it: today's
one, the calibrated farm projection (`evaluate.Evaluator`), reads the seat's own board alone;
a learned value of the view can take its place by name.

A level names its evaluation (`search.Level.evaluator`); `EVALUATORS` makes one by that name
for a game (solo or not), fitted or hand-set, with changes to its knobs. The search calls
`value` on what it is given: the protocol puts no layer of its own between the search and
the evaluation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from loyang_game.engine.state import State

Knobs = tuple[tuple[str, float], ...]  # (name, value) pairs, sorted: an evaluation's changes


class Evaluation(Protocol):
    """A value of a seat's view: its expected final position (Path spaces after Loans, the
    Cash left a small fraction of a step), as its turn ends in `view`.

    Subclass it to get the batch call's plain loop; a value that is cheaper by the batch
    (a network) overrides `values`."""

    def value(self, view: State, seat: int, path: int | None = None,
              cash: float | None = None) -> float:
        """`seat`'s expected final position from `view`, its Path step taken first when
        `path` (the space it reaches) and `cash` (what it has left) are given: the search
        weighs every step this way without playing it."""
        ...

    def values(self, views: Sequence[State], seat: int) -> list[float]:
        """`value` of each view for `seat`, in order."""
        return [self.value(view, seat) for view in views]


def projection(solo: bool, fitted: bool, changes: Knobs) -> Evaluation:
    """The farm projection (`evaluate.py`): fitted and calibrated for the game (`changes` to
    its knobs), or hand-set and taken at its word. One object per arguments (the search's
    tables of values are kept per evaluation)."""
    from .evaluate import hand_evaluator, tuned_evaluator  # evaluate.py builds on this module

    if not fitted:
        return hand_evaluator()
    return tuned_evaluator(solo, changes)


# The evaluations a level may name, each made by (solo, fitted, changes to its knobs).
EVALUATORS: dict[str, Callable[[bool, bool, Knobs], Evaluation]] = {
    "projection": projection,
}


def make_evaluation(name: str, solo: bool, fitted: bool = True,
                    changes: Knobs = ()) -> Evaluation:
    """The evaluation named `name` in `EVALUATORS`; ValueError listing the names otherwise."""
    make = EVALUATORS.get(name)
    if make is None:
        raise ValueError(f"unknown evaluator {name!r}; evaluators: {', '.join(EVALUATORS)}")
    return make(solo, fitted, changes)
