"""The evaluation: a farmer's expected final position, from his board at the end of his turn.

The search stops at the end of the searching seat's Action phase (just before the Path step
is applied) and asks `predict` what that board is worth. The answer is in the game's own
unit, spaces on the Path of Prosperity after Loans, so it is exact in the last round.

Features are Cash-equivalents that know the Path's prices: `reachable(path, cash, rounds)` is
where the money would take the farmer if he never earned another coin, taking the cheap first
step of every remaining round (rulebook "Move Scoring Marker"; designer's notes: money early
is worth more). The other features estimate what is still to come in: vegetables stored,
fields still to harvest, Regular customers still to serve, Casual customers waiting, stalls,
Helpers. The last feature, `projected`, is the board's own economy played forward to the end
with no new cards (`projection.py`): where the customers, fields and stalls already in play
will take the farmer. One linear model per round maps the features to the final position;
its weights are data (`weights.json`), fitted from self-play by `python -m ai.train`.
"""

from __future__ import annotations

import json
import os
from functools import cache

from loyang_game.engine.cards import BUY_PRICE, CARDS, PATH_END, ROUNDS, SELL_PRICE
from loyang_game.engine.moves import NONE
from loyang_game.engine.state import CARD, COUNT, MASK, ROWS, VEG

from .projection import project

INCOME = 8.0  # Cash a farmer earns in a round, roughly, for `reach_all`
WEIGHTS_FILE = os.path.join(os.path.dirname(__file__), "weights.json")

FEATURES = ("bias", "path", "reach_cash", "reach_all", "cash", "loans", "stored",
            "field_yield", "field_value", "unsown", "pile", "regular_rows", "regular_pay",
            "casual_pay", "stall_offers", "helpers", "upgraded", "projected")

# Hand-set Cash-equivalents for `reach_all` (before any fitting): a stored vegetable is worth
# a little more than its selling price, a harvest to come about 1.5, a delivery to a Regular
# customer its pay less the vegetables, a Casual customer about half its price.
ASSET_RATE = {"stored": 0.5, "field_value": 0.45, "regular_pay": 0.45, "casual_pay": 0.35,
              "stall_offers": 0.7, "helpers": 1.0, "unsown": 0.6, "pile": 1.0}


def _walk_cost(path: int, target: int, rounds: int) -> int:
    steps = target - path
    cheap = min(rounds, steps)
    # the cheap first steps are best spent on the highest spaces (walk them last)
    return sum(range(path + 1, target - cheap + 1)) + cheap


@cache
def _reach_table(path: int, rounds: int) -> tuple[int, ...]:
    return tuple(_walk_cost(path, t, rounds) for t in range(path, PATH_END + 1))


def reachable(path: int, cash: float, rounds: int) -> float:
    """How far `cash` reaches from `path` over `rounds` more rounds of walking, the first
    step of each round costing 1 and every other step the space entered; fractional between
    two spaces (so that every coin counts)."""
    if rounds <= 0:
        rounds = 1
    costs = _reach_table(path, rounds)
    for i in range(1, len(costs)):
        if costs[i] > cash:
            return path + i - 1 + (cash - costs[i - 1]) / (costs[i] - costs[i - 1])
    return float(PATH_END) + (cash - costs[-1]) / (PATH_END + 1)


def features(p, round_: int, path: int | None = None, cash: int | None = None) -> list[float]:
    """The feature vector of player `p` at the end of his turn in round `round_` (with the
    Path step `path`/`cash` applied when given)."""
    path = p.path if path is None else path
    cash = p.cash if cash is None else cash
    left = ROUNDS - round_  # rounds still to play
    stored = 0.0
    for v in range(6):
        n = p.store[v] + p.cart[v]
        if n:
            stored += n * (SELL_PRICE[v] + 0.25 * BUY_PRICE[v])
    field_yield = 0.0
    field_value = 0.0
    unsown = 0.0
    for f in p.fields:
        if f[VEG] == NONE:
            unsown += min(CARDS[f[CARD]].spaces, max(0, left - 1))
        else:
            n = min(f[COUNT], left)
            field_yield += n
            field_value += n * BUY_PRICE[f[VEG]]
    pile = float(min(len(p.pile), max(0, left - 1)))
    regular_rows = 0.0
    regular_pay = 0.0
    for slot in p.regulars:
        c = CARDS[slot[CARD]]
        rows = min(4 - slot[ROWS], left)
        regular_rows += rows
        regular_pay += sum(c.pays[slot[ROWS]:slot[ROWS] + rows])
    casual_pay = float(sum(CARDS[slot[CARD]].pays[0] for slot in p.casuals)) if left else 0.0
    stall_offers = float(sum(bin(slot[MASK]).count("1") for slot in p.stalls)) if left else 0.0
    helpers = float(len(p.helpers)) if left else 0.0
    values = {"stored": stored, "field_value": field_value, "regular_pay": regular_pay,
              "casual_pay": casual_pay, "stall_offers": stall_offers, "helpers": helpers,
              "unsown": unsown, "pile": pile}
    assets = sum(ASSET_RATE[k] * v for k, v in values.items()) + INCOME * left if left else 0.0
    return [1.0, float(path), reachable(path, max(0, cash), left),
            reachable(path, max(0.0, cash + assets), left), float(cash),
            float(p.loans), stored, field_yield, field_value, unsown, pile, regular_rows,
            regular_pay, casual_pay, stall_offers, helpers, 1.0 if p.upgraded else 0.0,
            project(p, round_, path, cash)]


def hand_weights() -> dict[int, list[float]]:
    """Before any fitting: the final position is where all assets would take the farmer."""
    w = [0.0] * len(FEATURES)
    w[FEATURES.index("reach_all")] = 1.0
    w[FEATURES.index("loans")] = -1.0
    return {r: list(w) for r in range(1, ROUNDS + 1)}


def load_weights(path: str = WEIGHTS_FILE) -> dict[int, list[float]]:
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except FileNotFoundError:
        return hand_weights()
    if data.get("features") != list(FEATURES):
        return hand_weights()
    return {int(r): w for r, w in data["weights"].items()}


class Evaluator:
    """`predict(p, round_, path, cash)`: the expected final position (after Loans)."""

    def __init__(self, weights: dict[int, list[float]] | None = None) -> None:
        self.weights = weights if weights is not None else load_weights()

    def predict(self, p, round_: int, path: int | None = None, cash: int | None = None) -> float:
        path_now = p.path if path is None else path
        if round_ >= ROUNDS:
            return float(path_now - p.loans) + 0.001 * (p.cash if cash is None else cash)
        x = features(p, round_, path, cash)
        w = self.weights[round_]
        value = sum(a * b for a, b in zip(w, x))
        return max(value, float(path_now - p.loans))


_DEFAULT: Evaluator | None = None


def default_evaluator() -> Evaluator:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Evaluator()
    return _DEFAULT
