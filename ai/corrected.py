"""The projection with a learned correction of how it orders boards (the evaluation "corrected").

The search compares boards of one round: what it needs of a leaf value is the order of
sibling boards, not the level. The projection (`projection.py`) misorders about one pair of
sibling boards in ten that a round of play shows to be more than 0.3 spaces apart
(docs/ai-lab.md, entries 24, 90 and 91). A correction fitted on the *differences* between
siblings (`python -m lab.fit_residual fit-siblings`: each round's boards of one game with their
mean taken out, so the fit cannot spend itself on a round's level) reads the board's totals and
how its vegetables meet its customers' wants, and adds `weights · features` to the projection.
The weights are data (`correction.json`, also the frozen yardstick hard-v3's: a new fit gets
a file and an evaluator name of its own); without them the correction is zero. The last round
is exact and never corrected; the correction fades with the rounds still to come.

Fitted within rounds, the correction knows nothing of a round's level: on the boards it was
fitted on, `weights · features` averages up to +3.7 spaces in a round. So each round's mean
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

from loyang_game.engine.cards import CARDS, ROUNDS

from .evaluate import Evaluator

if TYPE_CHECKING:
    from loyang_game.engine.state import PlayerState

CORRECTION_FILE = os.path.join(os.path.dirname(__file__), "correction.json")

TOTALS = ("cash", "path", "loans", "tokens", "sown", "unsown", "pile", "goods", "regulars",
          "to_pay", "red", "casuals", "helpers", "offers")
PER_VEG = ("met", "short", "spare", "wanted", "held", "growing", "offered")
NAMES = (tuple(f"{n}*left" for n in TOTALS) + tuple(f"{n}*left2" for n in TOTALS)
         + tuple(f"{n}{v}*left" for v in range(6) for n in PER_VEG)
         + ("unsown_spaces*left", "over_second_step*left", "second_step_share*left"))


def totals(p: PlayerState, path: int, cash: float) -> list[float]:
    """The board's totals (`TOTALS`), with the Path step `path`/`cash` applied."""
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
    return [float(cash), float(path), float(p.loans), float(tokens), float(sown),
            float(unsown), float(len(p.pile)), float(sum(p.cart) + sum(p.store)),
            float(regulars), float(to_pay), float(red), float(len(p.casuals)),
            float(len(p.helpers)), float(offers)]


def vegetables(p: PlayerState) -> list[float]:
    """Per vegetable (`PER_VEG`): how much of what the customers still want the board meets
    (goods in hand and tokens on fields), what it lacks, what it has spare; the Regulars'
    wants a round, the goods held, the tokens growing, the stall offers still up."""
    held = [p.cart[v] + p.store[v] for v in range(6)]
    growing = [0] * 6
    for f in p.fields:
        if f.tokens > 0 and f.veg >= 0:
            growing[f.veg] += f.tokens
    wanted, each_round = [0] * 6, [0] * 6
    for s in p.regulars:
        if s.rows < 4:
            for v in CARDS[s.card].wants:
                wanted[v] += 4 - s.rows
                each_round[v] += 1
    for c in p.casuals:
        for v in CARDS[c.card].wants:
            wanted[v] += 1
    offered = [0] * 6
    for stall in p.stalls:
        for i, (v, _count) in enumerate(CARDS[stall.card].offers):
            if stall.mask >> i & 1:
                offered[v] += 1
    out: list[float] = []
    for v in range(6):
        supply = held[v] + growing[v]
        out += [min(wanted[v], supply), max(0, wanted[v] - supply), max(0, supply - wanted[v]),
                each_round[v], held[v], growing[v], offered[v]]
    return [float(x) for x in out]


def features(p: PlayerState, round_: int, path: int, cash: float) -> list[float]:
    """The correction's inputs (`NAMES`) for board `p` at the end of its turn in `round_`, with
    the Path step `path`/`cash` applied: scaled by the share of rounds still to come (the
    totals twice, once times that share again), so they fade to nothing at the game's end."""
    left = (ROUNDS - round_) / ROUNDS
    raw = totals(p, path, cash)
    unsown_spaces = sum(CARDS[f.card].spaces for f in p.fields if f.veg < 0)
    second_step = path + 2  # next round's second step (the first always costs 1)
    return ([x * left for x in raw] + [x * left * left for x in raw]
            + [x * left for x in vegetables(p)]
            + [unsown_spaces * left, (cash - second_step) * left,
               min(max(cash, 0.0), second_step) / second_step * left])


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

    def __init__(self, base: Evaluator, weights: list[float] | None = None,
                 round_means: list[float] | None = None) -> None:
        super().__init__(base.weights, base.params)
        self.correction = load_correction() if weights is None else weights
        if round_means is None:
            round_means = load_round_means() if weights is None else [0.0] * (ROUNDS + 1)
        self.round_means = round_means

    def predict(self, p: PlayerState, round_: int, path: int | None = None,
                cash: float | None = None) -> float:
        value = super().predict(p, round_, path, cash)
        if round_ >= ROUNDS:
            return value
        x = features(p, round_, p.path if path is None else path,
                     p.cash if cash is None else cash)
        learned = 0.0
        for w, v in zip(self.correction, x):
            learned += w * v
        return value + (learned - self.round_means[round_])
