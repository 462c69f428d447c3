"""Fit the evaluation's weights from self-play: `python -m ai.train`.

Plays `--games` games per seat count (2-player and solo by default) with the greedy agent
(using the current weights, or the hand-set ones with `--from-hand`), records every seat's
features at the end of each of its turns (just after its Path step) and, once the game is
over, its final position after Loans. One ridge regression per round (numpy) maps features to
that final position; the weights are written to `ai/weights.json` with how they were made.
`--rounds-of-fitting N` repeats: play with the new weights, fit again on all games so far. A
refit can play worse than the weights it was fitted under (the greedy agent exploits the
model's errors), so every set of weights is judged by the self-play games played with it
(the last fit gets a round of games of its own) and the best mean final position is shipped.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time

import numpy as np

from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.cards import ROUNDS, path_cost

from .evaluate import FEATURES, WEIGHTS_FILE, Evaluator, features, hand_weights, load_weights
from .search import LEVELS, GreedyAgent, MCTSAgent


def self_play(args: tuple) -> list[tuple[int, list[float], float]]:
    """One game; rows of (round, features after the Path step, final position)."""
    seats, seed, weights, epsilon, *rest = args
    agent = rest[0] if rest else "greedy"
    ev = Evaluator(weights)
    agents = [make_player(agent, seed * 7 + i, ev) for i in range(seats)]
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed))
    pending: list[tuple[int, int, list[float]]] = []
    while not state.is_over:
        seat = state.current_player
        if flow.decision(state) == "act" and rng.random() < epsilon:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]  # a little exploration
        else:
            move = agents[seat].choose(state)
        if move.kind == "advance":
            p = state.players[seat]
            x = features(p, state.round, p.path + move.a, p.cash - path_cost(p.path, move.a))
            pending.append((seat, state.round, x))
        state.apply(move)
    final = [p.path - p.loans for p in state.players]
    return [(r, x, float(final[seat])) for seat, r, x in pending]


def make_player(agent: str, seed: int, ev: Evaluator):
    """The self-play agent: greedy, or an MCTS level searching with the weights being fitted
    (so that the fit sees the states the search itself steers to)."""
    if agent == "greedy":
        return GreedyAgent(seed, ev)
    return MCTSAgent(agent, seed, evaluator=ev)


def fit(rows: list, ridge: float = 1.0) -> dict[int, list[float]]:
    weights = hand_weights()
    for r in range(1, ROUNDS):
        data = [(x, y) for rr, x, y in rows if rr == r]
        if len(data) < 20:
            continue
        X = np.array([x for x, _ in data])
        y = np.array([y for _, y in data])
        scale = X.std(axis=0)
        scale[scale == 0] = 1.0
        scale[0] = 1.0
        Xs = X / scale
        penalty = ridge * np.eye(X.shape[1])
        penalty[0, 0] = 0.0
        w = np.linalg.solve(Xs.T @ Xs + penalty, Xs.T @ y) / scale
        weights[r] = [float(v) for v in w]
    return weights


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ai.train", description=__doc__)
    parser.add_argument("--games", type=int, default=150, help="games per seat count")
    parser.add_argument("--seats", default="2,1", help="seat counts to play")
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--agent", default="greedy", choices=["greedy", *LEVELS],
                        help="the self-play agent")
    parser.add_argument("--epsilon", type=float, default=0.03)
    parser.add_argument("--rounds-of-fitting", type=int, default=2)
    parser.add_argument("--from-hand", action="store_true", help="start from hand weights")
    parser.add_argument("--out", default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    weights = hand_weights() if args.from_hand else load_weights()
    seat_counts = [int(s) for s in args.seats.split(",")]
    report = []
    best: tuple[float, dict] | None = None
    rows: list = []  # every iteration's games: a steadier fit than the last one alone
    for iteration in range(args.rounds_of_fitting + 1):
        start = time.time()
        jobs = [(seats, args.seed + iteration * 100_000 + seats * 10_000 + g, weights,
                 args.epsilon, args.agent) for seats in seat_counts for g in range(args.games)]
        if args.workers > 1:
            with multiprocessing.Pool(args.workers) as pool:
                results = pool.map(self_play, jobs, chunksize=4)
        else:
            results = [self_play(job) for job in jobs]
        new_rows = [row for game in results for row in game]
        finals = [y for r, _, y in new_rows if r == 1]
        mean_final = float(np.mean(finals)) if finals else 0.0
        if best is None or mean_final > best[0]:
            best = (mean_final, weights)
        if iteration == args.rounds_of_fitting:  # the last fit, judged
            report.append({"iteration": iteration, "games": len(jobs),
                           "mean_final": round(mean_final, 2),
                           "seconds": round(time.time() - start, 1)})
            print(json.dumps(report[-1]), flush=True)
            break
        rows.extend(new_rows)
        weights = fit(rows)
        # how well the fit predicts, per round (mean absolute error in Path spaces)
        ev = Evaluator(weights)
        errors = {}
        for r in range(1, ROUNDS):
            data = [(x, y) for rr, x, y in rows if rr == r]
            if data:
                w = ev.weights[r]
                errors[r] = round(float(np.mean([abs(np.dot(w, x) - y) for x, y in data])), 2)
        line = {"iteration": iteration, "games": len(jobs), "rows": len(rows),
                "mean_final": round(mean_final, 2),
                "mae_by_round": errors, "seconds": round(time.time() - start, 1)}
        report.append(line)
        print(json.dumps(line), flush=True)
    weights = best[1]
    data = {"features": list(FEATURES), "weights": {str(r): w for r, w in weights.items()},
            "mean_final_in_self_play": round(best[0], 2),
            "made_by": "python -m ai.train " + " ".join(argv if argv is not None else
                                                        sys.argv[1:]),
            "report": report}
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
