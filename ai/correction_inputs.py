"""What the learned correction reads of a board (`corrected.py`): its totals and how its
vegetables meet its customers' wants, faded with the rounds still to come; and the
correction's value, `weights · features`, totalled in order.

Plain Python, the reference; where the package is installed with a C compiler, its C
version `correction_inputs.pyx` (the same values to the last bit, read without making a list
or a float object: tests/ai/test_evaluators.py compares them) is built in its place
(`setup.py`, `ai/__init__.py`). It runs at every leaf the search values.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from loyang_game.engine.cards import CARDS, ROUNDS

if TYPE_CHECKING:
    from loyang_game.engine.state import PlayerState

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


def learned(weights: list[float], p: PlayerState, round_: int, path: int,
            cash: float) -> float:
    """`weights · features(p, round_, path, cash)`, totalled in order."""
    total = 0.0
    for w, v in zip(weights, features(p, round_, path, cash)):
        total += w * v
    return total
