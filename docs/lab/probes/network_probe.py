"""Does capacity beyond the linear correction order held-out siblings better (docs/ai-lab.md,
entry 174)? A one-layer tanh network on the correction's inputs and the round, added to
hard-v4's value (its output starting at zero), fitted by Adam on the logistic loss of sibling
pairs apart by half a space (a space of value a logit) with weight decay; then entry 152's
harm check on the held-out games 60300-60349, against hard-v4's own. An exploratory probe,
not a lab tool:

    PYTHONPATH=. python docs/lab/probes/network_probe.py HIDDEN DECAY HORIZON STEPS
"""
import sys

import numpy as np

from ai import correction_inputs
from ai.evaluate import Evaluator
from lab import fit_generation as fg
from lab.board_sampler import games
from lab.yardsticks import CORRECTIONS
from loyang_game.engine.cards import ROUNDS

hidden, decay = int(sys.argv[1]), float(sys.argv[2])
horizon, steps = int(sys.argv[3]), int(sys.argv[4])
kept = []
for folder in ("docs/lab/boards/1p", "docs/lab/boards-gen5/1p", "docs/lab/boards-v4/1p"):
    kept += fg.with_more(games(folder), folder)
held = fg.fresh_from(60300, 60349)
v4 = fg.evaluator(CORRECTIONS["hard-v4"])
train = [g for g in kept if not held(g["deal"])]
x, value, target, groups = fg.rows(train, v4, horizon)
base = v4.projection_scale * value + x @ np.array(v4.correction)
rounds = (groups % 100).astype(float)
X = np.column_stack([x, rounds])
mu, sd = X.mean(0), X.std(0)
sd[sd == 0] = 1
Z = (X - mu) / sd
better, worse = [], []
for g in np.unique(groups):
    m = np.flatnonzero(groups == g)
    for i in m:
        for j in m:
            if target[i] - target[j] >= 0.5:
                better.append(i)
                worse.append(j)
b_, w_ = np.array(better), np.array(worse)
print(len(x), "rows", len(b_), "pairs", flush=True)
rng = np.random.default_rng(0)
W1 = rng.normal(0, 1 / np.sqrt(Z.shape[1]), (Z.shape[1], hidden))
c1 = np.zeros(hidden)
W2 = np.zeros(hidden)
params = [W1, c1, W2]
m_ = [np.zeros_like(p) for p in params]
v_ = [np.zeros_like(p) for p in params]
lr = 0.01
for t in range(1, steps + 1):
    H = np.tanh(Z @ W1 + c1)
    out = base + H @ W2
    d = out[b_] - out[w_]
    p = 1 / (1 + np.exp(np.clip(d, -30, 30)))  # chance wrong
    g_out = np.zeros(len(out))
    np.add.at(g_out, b_, -p)
    np.add.at(g_out, w_, p)
    g_out /= len(b_)
    gW2 = H.T @ g_out + decay * W2
    gH = np.outer(g_out, W2) * (1 - H ** 2)
    gW1 = Z.T @ gH + decay * W1
    gc1 = gH.sum(0)
    for k, (P, G) in enumerate(zip(params, [gW1, gc1, gW2])):
        m_[k] = 0.9 * m_[k] + 0.1 * G
        v_[k] = 0.999 * v_[k] + 0.001 * G * G
        P -= lr * (m_[k] / (1 - 0.9 ** t)) / (np.sqrt(v_[k] / (1 - 0.999 ** t)) + 1e-8)
    if t % (steps // 4) == 0:
        print(t, "loss", float(np.mean(np.log1p(np.exp(-np.clip(d, -30, 30))))), flush=True)

class Net(Evaluator):
    """hard-v4's value plus the network's output (the last round exact)."""

    def __init__(self):
        super().__init__(v4.weights, v4.params)

    def predict(self, p, round_, path=None, cash=None):
        value = v4.predict(p, round_, path, cash)
        if round_ >= ROUNDS:
            return value
        f = correction_inputs.features(p, round_, p.path if path is None else path,
                                       p.cash if cash is None else cash)
        z = (np.append(f, round_) - mu) / sd
        return value + float(np.tanh(z @ W1 + c1) @ W2)

print(fg.gate_report(kept, Net(), True, held))
print(fg.gate_report(kept, v4, True, held))
