"""The board features of a learned correction to the solo projection (`lab.fit_residual`).

The projection (`ai/projection.py`) is a hand-built farm simulation; where it is wrong in a way
that depends on the board (Cash it over- or under-values, customers, fields, Helpers), the
search is led astray. `python -m lab.fit_residual` fits a small linear term on these features
and reports how well it predicts and orders boards. The features are scaled by the rounds
still to come, so such a correction fades to nothing by the last round, where the
projection is exact. No level uses one: fitted both on hard's own games and on the boards
its search compares, it did not help (docs/ai-lab.md, entries 21 and 24).
"""

from __future__ import annotations

from ai.correction_inputs import TOTALS, totals
from loyang_game.engine.cards import ROUNDS

NAMES = ("bias", *TOTALS)


def board_features(p, path: int, cash: int) -> list[float]:
    """The board's raw features (`NAMES`), with the Path step `path`/`cash` applied."""
    return [1.0, *totals(p, path, cash)]


def features(p, round_: int, path: int, cash: int) -> list[float]:
    """The model's inputs: the raw features times the share of rounds still to come, twice
    (once plain, once times that share again: early rounds may weigh a feature otherwise)."""
    left = (ROUNDS - round_) / ROUNDS
    raw = board_features(p, path, cash)
    return [x * left for x in raw] + [x * left * left for x in raw]
