"""Would the correction order held-out siblings better with inputs it does not read today
(docs/ai-lab.md, entry 181)? The projection values every Helper alike (1.5 Cash while rounds
remain) and the correction reads only how many there are, though the 20 Helpers do very
different things. Here each Helper kept (by name) is an input, faded with the rounds to come
like the correction's own; fitted as entry 169's step from hard-v4 (the rows labelled by
hard-v4, the ridge penalty on the change, the new inputs starting at zero), beside the same
step without them; then entry 152's harm check on the held-out games 60300-60349 for both and
for hard-v4 itself. An exploratory probe, not a lab tool:

    PYTHONPATH=. python docs/lab/probes/inputs_probe.py HORIZON ALPHA [ALPHA ...]
"""
import sys

import numpy as np

from ai import correction_inputs
from ai.evaluate import Evaluator
from lab import fit_generation as fg
from lab.board_sampler import games
from lab.fit_residual import ridge, within
from lab.yardsticks import CORRECTIONS
from loyang_game.engine.cards import CARDS, ROUNDS, CardKind

HELPERS = sorted({c.name for c in CARDS if c.kind == CardKind.HELPER})


def helpers(p, round_):
    """Each Helper the board keeps, by name, faded with the rounds still to come."""
    left = (ROUNDS - round_) / ROUNDS
    out = [0.0] * len(HELPERS)
    for slot in p.helpers:
        out[HELPERS.index(CARDS[slot.card].name)] += left
    return out


def with_helpers(p, round_, path, cash):
    """The correction's inputs, then the Helpers' (`fg.rows`' wider set)."""
    return correction_inputs.features(p, round_, path, cash) + helpers(p, round_)


class WithHelpers(Evaluator):
    """hard-v4's evaluator with changed weights, scale and the Helpers' weights."""

    def __init__(self, start, w, scale, h):
        super().__init__(start.weights, start.params)
        self.start, self.w, self.scale, self.h = start, w, scale, h

    def predict(self, p, round_, path=None, cash=None):
        value = Evaluator.predict(self.start, p, round_, path, cash)
        if round_ >= ROUNDS:
            return value
        f = correction_inputs.features(p, round_, p.path if path is None else path,
                                       p.cash if cash is None else cash)
        return value * self.scale + float(np.dot(self.w, f)) + float(np.dot(self.h,
                                                                               helpers(p, round_)))


horizon, alphas = int(sys.argv[1]), [float(a) for a in sys.argv[2:]]
kept = []
for folder in ("docs/lab/boards/1p", "docs/lab/boards-gen5/1p", "docs/lab/boards-v4/1p"):
    kept += fg.with_more(games(folder), folder)
held = fg.fresh_from(60300, 60349)
v4 = fg.evaluator(CORRECTIONS["hard-v4"])
wide, value, target, groups = fg.rows([g for g in kept if not held(g["deal"])], v4, horizon,
                                      inputs=with_helpers)
n = len(correction_inputs.NAMES)
x, h = wide[:, :n], wide[:, n:]
print(len(x), "rows; rows whose siblings differ in Helpers:",
      int((np.abs(within(h, groups)).sum(axis=1) > 0).sum()), flush=True)
w0, s0 = np.array(v4.correction), v4.projection_scale
miss = within(target - (s0 * value + x @ w0), groups)
print("hard-v4:", fg.gate_report(kept, v4, True, held), flush=True)
for alpha in alphas:
    plain = ridge(within(np.column_stack([x, value]), groups), miss, alpha)
    ev = WithHelpers(v4, w0 + plain[:-1], s0 + plain[-1], np.zeros(len(HELPERS)))
    print(f"alpha {alpha:g} without:", fg.gate_report(kept, ev, True, held), flush=True)
    more = ridge(within(np.column_stack([x, h, value]), groups), miss, alpha)
    ev = WithHelpers(v4, w0 + more[:n], s0 + more[-1], more[n:-1])
    print(f"alpha {alpha:g} with:", fg.gate_report(kept, ev, True, held), flush=True)
    print("  Helpers' weights:", ", ".join(f"{name} {wt:+.2f}" for name, wt
                                           in zip(HELPERS, more[n:-1])), flush=True)
