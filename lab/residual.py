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

from loyang_game.engine.cards import CARDS, ROUNDS

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
