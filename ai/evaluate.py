"""The evaluation: a farmer's expected final position, from his board at the end of his turn.

The search stops at the end of the searching seat's Action phase (just before the Path step)
and asks the evaluation (`Evaluation`: this module's `Evaluator`, unless a level names
another in `evaluators.py`) what that board is worth, in the game's own unit: spaces on the Path of
Prosperity after Loans, exact in the last round.

The judgement is the farm simulation of `projection.py`, which knows the Path's prices, the
customers' wants and pay, what fields will still give and what spare produce is worth to the
customers still to come. Its knobs (`Params`) and a per-round calibration
(final = a + b * projected, fitted so that the numbers mean what they say) are data in
`weights.json`, fitted from self-play by `python -m lab.train`. The calibration is monotonic
(b > 0), so it never changes which of two boards of one round is judged better: what the
search prefers is decided by the simulation alone, and cannot be gamed through a weight.
"""

from __future__ import annotations

import json
import os
import pickle
from collections.abc import Hashable
from dataclasses import fields, replace
from functools import cache
from typing import TYPE_CHECKING, Any, Protocol

from loyang_game.engine.cards import ROUNDS

from .projection import DEFAULT_PARAMS, Params, board_key, project

if TYPE_CHECKING:
    from loyang_game.engine.state import PlayerState, State

WEIGHTS_FILE = os.path.join(os.path.dirname(__file__), "weights.json")
FEATURES = ("bias", "projected")


def features(p: PlayerState, round_: int, path: int | None = None, cash: int | None = None,
             params: Params = DEFAULT_PARAMS) -> list[float]:
    """The calibration's inputs for player `p` at the end of his turn in round `round_`
    (with the Path step `path`/`cash` applied when given)."""
    return [1.0, project(p, round_, path, cash, params)]


def hand_weights() -> dict[int, list[float]]:
    """Before any fitting: the projection taken at its word."""
    return {r: [0.0, 1.0] for r in range(1, ROUNDS + 1)}


def load_weights(path: str = WEIGHTS_FILE,
                 solo: bool = False) -> tuple[dict[int, list[float]], Params]:
    """The calibration and the model's knobs from `path` (its "solo" section for the solo
    game, when it has one); the hand-set ones if the file is missing or was made for other
    features."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return hand_weights(), DEFAULT_PARAMS
    if solo and "solo" in data:
        data = {**data["solo"], "features": data.get("features")}
    if data.get("features") != list(FEATURES) or "weights" not in data:
        return hand_weights(), DEFAULT_PARAMS
    weights = {int(r): w for r, w in data["weights"].items()}
    params = Params.from_data(data["params"]) if "params" in data else DEFAULT_PARAMS
    return weights, params


class Evaluation(Protocol):
    """A value of a seat's view: its expected final position (Path spaces after Loans, the
    Cash left a small fraction of a step), as its turn ends in `view`; and the key of what
    that value reads of the view, on which the search's tables of values are kept.

    Subclass it to get the safe key, the whole view; an evaluation that reads less of it
    (`Evaluator`: the seat's own board) says so in its `key`, and the tables find more."""

    def value(self, view: State, seat: int, path: int | None = None,
              cash: float | None = None) -> float:
        """`seat`'s expected final position from `view`, its Path step taken first when
        `path` (the space it reaches) and `cash` (what it has left) are given: the search
        weighs every step this way without playing it."""
        ...

    def key(self, view: State, seat: int, path: int, cash: float) -> Hashable:
        """Everything `value(view, seat, path, cash)` reads of `view`, with `path` and `cash`
        in the place of the seat's own Path space and Cash: two views whose keys are equal
        have equal values, at `path` and `cash` and after any Path step from there (a step
        changes nothing else), and keep equal keys when the same card is placed on the
        seat's board (the next Offer's probes). The tables of values by board are keyed on
        it (`leaves.path_value`, `offer_ahead.next_offer_gain`), so an evaluation that reads
        more of the view (the Offer, the others' boards) is never handed a stale value.
        This one: the whole view."""
        return seat, path, cash, pickle.dumps(view.to_data())


class Evaluator(Evaluation):
    """The calibrated projection: the seat's board simulated to the end of the game
    (`projection.py`), then the round's calibration; exact in the last round. The first
    `Evaluation`, and the one every level uses today (`evaluators.py`)."""

    def __init__(self, weights: dict[int, list[float]] | None = None,
                 params: Params | None = None, solo: bool = False) -> None:
        if weights is None:
            weights, loaded = load_weights(solo=solo)
            params = params or loaded
        self.weights = weights
        self.params = params or DEFAULT_PARAMS

    def value(self, view: State, seat: int, path: int | None = None,
              cash: float | None = None) -> float:
        """`predict` of the seat's board: the projection reads nothing else of the view."""
        return self.predict(view.players[seat], view.round, path, cash)

    def key(self, view: State, seat: int, path: int, cash: float) -> Hashable:
        """What the projection reads: the seat's board and the round (`board_key`)."""
        return board_key(view.players[seat], view.round, path, cash)

    def predict(self, p: PlayerState, round_: int, path: int | None = None,
                cash: float | None = None) -> float:
        """The expected final position (after Loans) of the board `p` at the end of its turn
        in round `round_`, with the Path step `path`/`cash` applied when given."""
        if round_ >= ROUNDS:
            path_now = p.path if path is None else path
            money = p.cash if cash is None else cash
            return float(path_now - p.loans) + 0.001 * money
        a, b = self.weights[round_]
        return a + b * project(p, round_, path, cash, self.params)


@cache
def default_evaluator(solo: bool = False) -> Evaluator:
    """The shipped evaluation: its solo section for the solo game (a game of its own: the
    Offer replaces the hands, and nobody races the farmer)."""
    return Evaluator(solo=solo)


@cache
def tuned_evaluator(solo: bool, changes: tuple[tuple[str, float], ...]) -> Evaluator:
    """The shipped evaluation with some projection knobs changed (a level's own, or an
    experiment's; `future_scale` multiplies every future value); ValueError for a knob the
    projection does not have."""
    base = default_evaluator(solo)
    if not changes:
        return base
    known = ({f.name for f in fields(Params)} - {"future"}) | {"future_scale"}
    params = base.params
    for name, value in changes:
        if name not in known:
            raise ValueError(f"unknown projection knob {name!r}; knobs: {', '.join(sorted(known))}")
        if name == "future_scale":
            params = replace(params, future=tuple(value * v for v in params.future))
        else:
            knob: dict[str, Any] = {name: value}
            params = replace(params, **knob)
    return Evaluator(base.weights, params, solo)


@cache
def hand_evaluator() -> Evaluator:
    """The projection with the hand-set knobs and no calibration (the 'easy' level)."""
    return Evaluator(hand_weights(), DEFAULT_PARAMS)
