"""Fits the model of another farmer's draft (`ai/draft.py`) to hard's own drafts (issue 49,
item 3), and says how often it makes hard's move on games it was not fitted on.

    python -m lab.fit_draft --dir docs/lab/duel-games/2p --out ai/draft.json

The games are the board sampler's (`lab.board_sampler`, its moves kept; `--card-rate 0
--rate 0` keeps the moves alone). Every decision of a Distribution round with a choice is
one example: the model's features of each legal move (`draft.features`) and the move hard
made. The fit is a conditional logit (the chance of a move is exp(weights · features) over
its decision's sum), by Adam on the mean log-likelihood less a small ridge, the features
scaled by their spread for the fit and the weights scaled back for the file. Games whose
deal % 5 == 0 are held out: the share of hard's moves the model's best move makes there,
against the default policy's, is what the model is judged by (docs/ai-lab.md, entry 134).
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from ai.draft import NAMES, features, is_draft
from ai.evaluators import make_evaluation
from ai.policy import default_move
from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.state import Decision

from .board_sampler import games

Example = tuple[bool, np.ndarray, int, int]  # held out, features, hard's move, default's


def examples(kept: list[dict[str, Any]]) -> list[Example]:
    """Every Distribution-round decision with a choice in the games, as an example, its
    pairs' gains by the evaluation hard-v3 plays a game of that many seats with."""
    out: list[Example] = []
    for game in kept:
        ev = make_evaluation("corrected", solo=game["seats"] == 1)
        state = new_game(GameConfig(seats=game["seats"], seed=game["deal"]))
        held_out = game["deal"] % 5 == 0
        for data in game["moves"]:
            move = Move.from_data(data)
            if flow.decision(state) == Decision.CARDS:
                moves = state.legal_moves()
                if len(moves) > 1 and is_draft(moves):
                    out.append((held_out, np.array(features(state, moves, ev)),
                                moves.index(move), moves.index(default_move(state, moves))))
            state.apply(move)
    return out


def fit(train: list[Example], steps: int = 2000, ridge: float = 1e-3,
        rate: float = 0.05) -> np.ndarray:
    """The weights (on the features' own scale) of the conditional logit."""
    stacked = np.concatenate([x for _, x, _, _ in train])
    scale = stacked.std(axis=0)
    scale[scale == 0] = 1.0
    width = max(len(x) for _, x, _, _ in train)
    xs = np.zeros((len(train), width, len(NAMES)))
    mask = np.full((len(train), width), -np.inf)
    for i, (_, x, _, _) in enumerate(train):
        xs[i, :len(x)] = x / scale
        mask[i, :len(x)] = 0.0
    chosen = xs[np.arange(len(train)), [y for _, _, y, _ in train]]
    w = np.zeros(len(NAMES))
    m, v = np.zeros_like(w), np.zeros_like(w)
    for step in range(1, steps + 1):
        z = xs @ w + mask
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        grad = (chosen - np.einsum("dm,dmf->df", p, xs)).mean(axis=0) - ridge * w
        m = 0.9 * m + 0.1 * grad
        v = 0.999 * v + 0.001 * grad * grad
        w += rate * (m / (1 - 0.9 ** step)) / (np.sqrt(v / (1 - 0.999 ** step)) + 1e-8)
    return w / scale


def agreement(data: list[Example], w: np.ndarray) -> tuple[float, float]:
    """The shares of hard's moves the model's best move and the default policy make."""
    if not data:
        return 0.0, 0.0
    model = sum(int(np.argmax(x @ w)) == y for _, x, y, _ in data) / len(data)
    return model, sum(y == d for _, _, y, d in data) / len(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_draft",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", action="append", required=True,
                        help="a <seats>p folder of the board sampler (repeatable)")
    parser.add_argument("--out", help="write the weights here (e.g. ai/draft.json)")
    parser.add_argument("--steps", type=int, default=2000)
    args = parser.parse_args(argv)
    kept = [game for folder in args.dir for game in games(folder)]
    data = examples(kept)
    train = [e for e in data if not e[0]]
    held = [e for e in data if e[0]]
    if not train:
        print("no draft decisions to fit on")
        return 1
    w = fit(train, args.steps)
    print(f"{len(kept)} games: {len(train)} draft decisions fitted, {len(held)} held out")
    for name, part in (("fitted", train), ("held out", held)):
        model, default = agreement(part, w)
        print(f"{name}: the model makes {model:.3f} of hard's moves, the default policy "
              f"{default:.3f}")
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"names": list(NAMES), "weights": [round(float(x), 6) for x in w],
                       "games": sorted(game["deal"] for game in kept)}, f)
            f.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
