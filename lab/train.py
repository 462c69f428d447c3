"""Fit the evaluation from self-play: `python -m lab.train`.

The evaluation is the farm simulation of `ai/projection.py` with knobs (`Params`) and a per-round
calibration (final position = a + b * projected). Both are fitted here, from games the greedy
agent plays with them:

1. The knobs, by coordinate search: for each knob in `--tune`, every value on its grid is
   judged by the mean final position of `--games` self-play games per seat count (the same
   seeded deals for every candidate, so the comparison is paired); the best value is kept
   before the next knob is tried.
2. The calibration, by least squares (numpy) per round, on every seat's projection just after
   its Path step against where it really finished. The slope is kept positive, so the
   calibration never changes which of two boards of one round the search prefers: it only
   makes the numbers mean Path spaces, which the search's exploration constant is tuned in.

The result goes to `ai/weights.json` (written whole, then moved into place), with the command
that made it and the self-play figures behind each choice. `--solo` fits the file's solo
section instead (solo deals only, usually with an MCTS level in the loop, since the solo score
is what the search itself makes of the knobs); each run keeps the other section as it was.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from dataclasses import replace
from typing import Any

import numpy as np

from ai.evaluate import FEATURES, WEIGHTS_FILE, Evaluator, features, hand_weights, load_weights
from ai.greedy import GreedyAgent
from ai.play import by_seat
from ai.projection import DEFAULT_PARAMS, Params
from ai.search import MCTSAgent
from loyang_game.engine import GameConfig, GameState, Hook, Move, new_game, play
from loyang_game.engine.cards import ROUNDS, path_cost
from loyang_game.engine.moves import ADVANCE

from .processes import worker_pool
from .yardsticks import SEARCHING, level_named

GRIDS = {  # the values `--tune` tries for each knob
    "card_cost": (1.0, 1.5, 2.0, 2.5, 3.0),
    "absorb": (1.0, 1.5, 2.0, 2.5, 3.0),
    "absorb_max": (4.0, 6.0, 8.0, 10.0),
    "helper": (0.5, 1.0, 1.5, 2.0, 3.0),
    "casual_margin": (0.0, 1.0, 2.0),
    "convert": (0.0, 0.5, 1.0, 1.5),
    "reserve": (0.0, 1.0, 2.0),
}

Row = tuple[int, list[float], float]  # (round, features after the Path step, final position)


class PathSteps(Hook):
    """Every Path step's seat, round and features of the board just after it."""

    def __init__(self, params: Params) -> None:
        self.params = params
        self.rows: list[tuple[int, int, list[float]]] = []

    def chosen(self, state: GameState, move: Move) -> None:
        if move.kind == ADVANCE:
            seat = state.to_move
            p = state.players[seat]
            x = features(p, state.round, p.path + move.a, p.cash - path_cost(p.path, move.a),
                         self.params)
            self.rows.append((seat, state.round, x))


def self_play(job: tuple) -> list[Row]:
    """One seeded game; a row per seat and round."""
    seats, seed, weights, params, agent = job
    ev = Evaluator(weights, params)
    players = [make_player(agent, seed * 7 + i, ev) for i in range(seats)]
    state = new_game(GameConfig(seats=seats, seed=seed))
    steps = PathSteps(params)
    play(state, by_seat(players), hooks=[steps])
    final = [p.path - p.loans for p in state.players]
    return [(r, x, float(final[seat])) for seat, r, x in steps.rows]


def make_player(agent: str, seed: int, ev: Evaluator):
    """The self-play agent: greedy (fast), or an MCTS level searching with the evaluation
    being fitted."""
    if agent == "greedy":
        return GreedyAgent(seed, ev)
    level = level_named(agent)
    assert level is not None, f"{agent!r} is no searching level"
    return MCTSAgent(level, seed, evaluator=ev, name=agent)


def fit(rows: list[Row], ridge: float = 1.0) -> dict[int, list[float]]:
    """Least squares per round (a ridge on everything but the intercept); a round with too
    few rows, or a slope that is not positive, keeps the projection at its word."""
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
        if w[1] > 0:
            weights[r] = [float(v) for v in w]
    return weights


def mean_absolute_errors(weights: dict[int, list[float]], rows: list[Row]) -> dict[int, float]:
    errors = {}
    for r in range(1, ROUNDS):
        data = [(x, y) for rr, x, y in rows if rr == r]
        if data:
            w = np.array(weights[r])
            errors[r] = round(float(np.mean([abs(w @ x - y) for x, y in data])), 2)
    return errors


class SelfPlay:
    """Plays the same seeded deals for every candidate, over `workers` processes."""

    def __init__(self, seat_counts: list[int], games: int, seed: int, workers: int,
                 agent: str) -> None:
        self.deals = [(seats, seed + seats * 10_000 + g)
                      for seats in seat_counts for g in range(games)]
        self.workers = workers
        self.agent = agent

    def play(self, weights, params: Params) -> tuple[float, list[Row]]:
        """The mean final position over every seat of every deal, and the fitting rows."""
        jobs = [(seats, seed, weights, params, self.agent) for seats, seed in self.deals]
        if self.workers > 1:
            with worker_pool(self.workers) as pool:
                games = pool.map(self_play, jobs, chunksize=2)
        else:
            games = [self_play(job) for job in jobs]
        finals = [y for game in games for r, _, y in game if r == 1]
        rows = [row for game in games for row in game]
        return float(np.mean(finals)), rows


def tune(play: SelfPlay, knobs: list[str], weights, params: Params, report: list) -> Params:
    """Coordinate search: each knob in turn takes its best value on the grid."""
    best_mean, _ = play.play(weights, params)
    report.append({"start": params.to_data(), "mean_final": round(best_mean, 3)})
    print(json.dumps(report[-1]), flush=True)
    for knob in knobs:
        for value in GRIDS[knob]:
            if value == getattr(params, knob):
                continue
            start = time.time()
            change: dict[str, Any] = {knob: value}
            candidate = replace(params, **change)
            mean, _ = play.play(weights, candidate)
            report.append({knob: value, "mean_final": round(mean, 3),
                           "seconds": round(time.time() - start, 1)})
            print(json.dumps(report[-1]), flush=True)
            if mean > best_mean:
                best_mean, params = mean, candidate
    return params


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.train", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=60, help="games per seat count")
    parser.add_argument("--seats", default="1,2", help="seat counts to play")
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--agent", default="greedy", choices=["greedy", *SEARCHING],
                        help="the self-play agent")
    parser.add_argument("--tune", default="card_cost,absorb,helper",
                        help=f"knobs to search, in order, from: {', '.join(GRIDS)} "
                             "('' fits the calibration only)")
    parser.add_argument("--from-hand", action="store_true",
                        help="start from the hand-set knobs, not the shipped ones")
    parser.add_argument("--solo", action="store_true",
                        help="fit the solo section on solo deals (ignores --seats)")
    parser.add_argument("--out", default=WEIGHTS_FILE)
    args = parser.parse_args(argv)
    knobs = [k for k in args.tune.split(",") if k]
    unknown = [k for k in knobs if k not in GRIDS]
    if unknown:
        parser.error(f"unknown knob(s) {', '.join(unknown)}; choose from {', '.join(GRIDS)}")
    params = DEFAULT_PARAMS if args.from_hand else load_weights(args.out, args.solo)[1]
    seat_counts = [1] if args.solo else [int(s) for s in args.seats.split(",")]
    play = SelfPlay(seat_counts, args.games, args.seed, args.workers, args.agent)
    report: list = []
    start = time.time()
    params = tune(play, knobs, hand_weights(), params, report)
    mean, rows = play.play(hand_weights(), params)
    weights = fit(rows)
    errors = mean_absolute_errors(weights, rows)
    report.append({"calibration_rows": len(rows), "mae_by_round": errors,
                   "seconds": round(time.time() - start, 1)})
    print(json.dumps(report[-1]), flush=True)
    section = {"params": params.to_data(),
               "weights": {str(r): w for r, w in weights.items()},
               "mean_final_in_self_play": round(mean, 3),
               "made_by": "python -m lab.train " + " ".join(argv if argv is not None
                                                           else sys.argv[1:]),
               "report": report}
    write_section(args.out, section, args.solo)
    print(f"wrote {args.out}")


def write_section(path: str, section: dict, solo: bool) -> None:
    """Put `section` in the weights file (its solo section if `solo`), keeping the other
    section when the file holds one for the same features; written whole, then moved into
    place."""
    try:
        with open(path, encoding="utf-8") as f:
            data = json.load(f)
    except (FileNotFoundError, ValueError):
        data = {}
    if data.get("features") != list(FEATURES):
        data = {}
    if solo:
        data["solo"] = section
    else:
        kept = data.get("solo")
        data = dict(section)
        if kept is not None:
            data["solo"] = kept
    data["features"] = list(FEATURES)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
    os.replace(tmp, path)


if __name__ == "__main__":
    main()
