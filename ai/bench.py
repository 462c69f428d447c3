"""Engine speed figures: `python -m ai.bench --json`.

Per seat count: median time of a whole random game, and the cost of `clone`, `legal_moves`
and `apply` measured on states sampled from random games.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from loyang_game.engine import GameConfig, new_game


def _random_playout(seats: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    state = new_game(GameConfig(seats=seats, seed=seed))
    while not state.is_over:
        moves = state.legal_moves()
        state.apply(moves[rng.randrange(len(moves))])
    return time.perf_counter() - start


def _sample_states(seats: int, count: int, seed: int) -> list:
    rng = random.Random(seed)
    states = []
    game = 0
    while len(states) < count:
        state = new_game(GameConfig(seats=seats, seed=seed + game))
        game += 1
        while not state.is_over:
            if rng.random() < 0.05:
                states.append(state.clone())
            moves = state.legal_moves()
            state.apply(moves[rng.randrange(len(moves))])
    return states[:count]


def _micro(states: list, repeat: int) -> dict:
    rng = random.Random(1)
    start = time.perf_counter()
    for _ in range(repeat):
        for state in states:
            state.clone()
    clone_us = (time.perf_counter() - start) / (repeat * len(states)) * 1e6
    fresh = [s.clone() for s in states for _ in range(repeat)]
    start = time.perf_counter()
    for state in fresh:
        state.legal_moves()
    legal_us = (time.perf_counter() - start) / len(fresh) * 1e6
    picks = [(s, rng.choice(s.legal_moves())) for s in fresh]
    start = time.perf_counter()
    for state, move in picks:
        state.apply(move)
    apply_us = (time.perf_counter() - start) / len(picks) * 1e6
    return {"clone_us": round(clone_us, 2), "legal_moves_us": round(legal_us, 2),
            "apply_us": round(apply_us, 2)}


def bench(seat_counts=(2, 3, 4), games: int = 60) -> dict:
    out = {}
    for seats in seat_counts:
        playouts = [_random_playout(seats, seed) for seed in range(games)]
        row = {"median_playout_ms": round(statistics.median(playouts) * 1000, 2)}
        row.update(_micro(_sample_states(seats, 300, 1000), repeat=20))
        out[str(seats)] = row
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m ai.bench", description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args(argv)
    result = bench(games=args.games)
    if args.json:
        print(json.dumps(result))
    else:
        for seats, row in result.items():
            print(f"{seats} seats: " + ", ".join(f"{k} {v}" for k, v in row.items()))


if __name__ == "__main__":
    main()
