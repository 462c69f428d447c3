"""A learned correction to the solo projection, fitted from the shipped hard's own games.

The projection (`projection.py`) is a hand-built farm simulation; where it is wrong in a way
that depends on the board (Cash it over- or under-values, customers, fields, Helpers), the
search is led astray. `Residual` adds a small linear term on a few board features, fitted by
`python -m ai.fit_residual` to low-variance targets: the value of the same game's board one
round later as the search's leaf judges it (bootstrapped, not the final score, whose spread
per state is about one space). The features are scaled by the rounds still to come, so the
correction fades to nothing by the last round, where the projection is exact.
"""

from __future__ import annotations

import json
import os
from functools import cache

from loyang_game.engine.cards import CARDS, ROUNDS

from .evaluate import Evaluator, tuned_evaluator

RESIDUAL_FILE = os.path.join(os.path.dirname(__file__), "residual.json")

NAMES = ("bias", "cash", "path", "loans", "tokens", "sown", "unsown", "pile", "goods", "regulars",
         "to_pay", "red", "casuals", "helpers", "offers")


def board_features(p, path: int, cash: int) -> list[float]:
    """The board's raw features (`NAMES`), with the Path step `path`/`cash` applied."""
    sown = unsown = tokens = 0
    for f in p.fields:
        if f.tokens > 0:
            sown += 1
            tokens += f.tokens
        elif f.veg < 0:
            unsown += 1
    regulars = red = to_pay = 0
    for s in p.regulars:
        if s.rows < 4:
            regulars += 1
            red += s.red
            to_pay += sum(CARDS[s.card].pays[s.rows:])
    offers = sum(bin(s.mask).count("1") for s in p.stalls)
    return [1.0, float(cash), float(path), float(p.loans), float(tokens), float(sown),
            float(unsown), float(len(p.pile)), float(sum(p.cart) + sum(p.store)),
            float(regulars), float(to_pay), float(red), float(len(p.casuals)),
            float(len(p.helpers)), float(offers)]


def features(p, round_: int, path: int, cash: int) -> list[float]:
    """The model's inputs: the raw features times the share of rounds still to come, twice
    (once plain, once times that share again: early rounds may weigh a feature otherwise)."""
    left = (ROUNDS - round_) / ROUNDS
    raw = board_features(p, path, cash)
    return [x * left for x in raw] + [x * left * left for x in raw]


class ResidualEvaluator(Evaluator):
    """The projection plus `scale` times the fitted correction (rounds before the last)."""

    def __init__(self, base: Evaluator, weights: list[float], scale: float = 1.0) -> None:
        super().__init__(base.weights, base.params)
        self.weights_residual = [scale * w for w in weights]

    def predict(self, p, round_: int, path: int | None = None, cash: int | None = None) -> float:
        value = super().predict(p, round_, path, cash)
        if round_ >= ROUNDS:
            return value
        x = features(p, round_, p.path if path is None else path, p.cash if cash is None else cash)
        return value + sum(w * v for w, v in zip(self.weights_residual, x, strict=True))


@cache
def load(path: str = RESIDUAL_FILE) -> list[float]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    if data.get("names") != list(NAMES):
        raise ValueError(f"{path} was fitted on other features")
    return data["weights"]


@cache
def corrected_evaluator(changes: tuple[tuple[str, float], ...], scale: float) -> Evaluator:
    """The solo evaluation (with projection knobs `changes`) plus `scale` times the fitted
    correction in `residual.json`."""
    return ResidualEvaluator(tuned_evaluator(True, changes), load(), scale)
