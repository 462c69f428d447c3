"""Engine and AI speed figures: `python -m lab.bench --json`.

Per seat count: median time of a whole random game, and the cost of `clone`, `legal_moves`
and `apply` measured on states sampled from random games. Per AI level (`--levels`): MCTS
iterations per second, and thinking seconds per turn: per Action phase (all the seat's
decisions from its first Action-phase move to its Path step, summed) and per other decision
(Card phase, Two-pack, paying...), mean and worst, over `--ai-games` 2-player games against
greedy (seats swapped) on the clock, as at the table; with `--tables 3,4` also at fuller
tables (greedy in the other seats); with `--solo` also in solo games (the solo game's own
devices, such as playing the best plans on a round, work only there).
`hot_path` says whether the search's leaves run compiled or as plain Python (`LOYANG_PURE=1`
forces the plain source), and `cpu_game` gives the CPU seconds of one deterministic solo game
(`--cpu-game LEVEL@DEAL`, hard on deal 200 unless told; the same moves in any process, so two
builds can be timed on the same game: `moves_sha256` says they played it alike).
`--pure-against-compiled RUNS` times that game alone, the plain source and the compiled build
side by side in one run (each game a process of its own, the two alternating): issue 49's
item 7, `python -m lab.bench --pure-against-compiled 3` (hard@200).
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import time
from functools import partial
from typing import Any

from loyang_game.engine import (
    GameConfig,
    GameState,
    Hook,
    Move,
    flow,
    new_game,
    play,
    random_moves,
)


def _random_playout(seats: int, seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    play(new_game(GameConfig(seats=seats, seed=seed)), random_moves(rng))
    return time.perf_counter() - start


class _Sampler(Hook):
    """Keeps a copy of about one state in twenty, drawn with the game's own RNG."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.states: list[GameState] = []

    def before(self, state: GameState) -> None:
        if self.rng.random() < 0.05:
            self.states.append(state.clone())


def _sample_states(seats: int, count: int, seed: int) -> list[GameState]:
    rng = random.Random(seed)
    sampler = _Sampler(rng)
    game = 0
    while len(sampler.states) < count:
        play(new_game(GameConfig(seats=seats, seed=seed + game)), random_moves(rng),
             hooks=[sampler])
        game += 1
    return sampler.states[:count]


def _micro(states: list, repeat: int) -> dict:
    """Microseconds per clone, legal_moves and apply. The garbage collector is held off while
    timing: a full collection landing in one timed loop (thousands of fresh states are alive)
    once doubled a figure."""
    gc.collect()
    gc.disable()
    try:
        return _timed(states, repeat)
    finally:
        gc.enable()


def _timed(states: list, repeat: int) -> dict:
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


class _LevelClock(Hook):
    """Plays `agent` in seat `me` and `opponent` in the others, timing the agent's choices:
    an Action phase's (the seat's decisions from its first Action-phase move to its Path
    step, summed) and every other decision's, and the search's iterations and seconds."""

    def __init__(self, agent: Any, opponent: Any, me: int) -> None:
        self.agent, self.opponent, self.me = agent, opponent, me
        self.act_turns: list[float] = []
        self.other: list[float] = []
        self.iterations = 0
        self.search_seconds = 0.0
        self.turn_key: tuple[int, str] | None = None
        self.turn_time = 0.0

    def choose(self, state: GameState) -> Move:
        if state.to_move != self.me:
            return self.opponent.choose(state)
        decision = flow.decision(state)
        t = time.perf_counter()
        move = self.agent.choose(state)
        dt = time.perf_counter() - t
        its = getattr(self.agent, "last_iterations", 0)
        if its:
            self.iterations += its
            self.search_seconds += dt
        if state.phase == "actions" and not state.players[self.me].done \
                and decision != "claim":
            key = (state.round, "actions")
            if key != self.turn_key:
                if self.turn_key is not None:
                    self.act_turns.append(self.turn_time)
                self.turn_key, self.turn_time = key, 0.0
            self.turn_time += dt
        else:
            self.other.append(dt)
        return move

    def ended(self, state: GameState) -> None:
        if self.turn_key is not None:
            self.act_turns.append(self.turn_time)


def bench_levels(levels: list[str], games: int, seed: int = 500, seats: int = 2) -> dict:
    """Thinking times per level in `games` games against greedy in every other seat (the
    level's seat moving round the table from game to game), or alone in the solo game
    (`seats` 1), each game played on a thread as the table's thinker runs (its searches
    hand the GIL over as there)."""
    from ai.worker import run_beside_table

    from .yardsticks import make_agent

    out = {}
    for level in levels:
        act_turns: list[float] = []
        other: list[float] = []
        iterations = 0
        search_seconds = 0.0
        for game in range(games):
            clock = _LevelClock(make_agent(level, seed + game),
                                make_agent("greedy", seed + game + 1), game % seats)
            state = new_game(GameConfig(seats=seats, seed=seed + game))
            run_beside_table(partial(play, state, clock.choose, hooks=[clock]))
            act_turns += clock.act_turns
            other += clock.other
            iterations += clock.iterations
            search_seconds += clock.search_seconds
        out[level] = {
            "iterations_per_second": round(iterations / search_seconds) if search_seconds else None,
            "action_phase_seconds_mean": round(statistics.mean(act_turns), 3),
            "action_phase_seconds_max": round(max(act_turns), 3),
            "other_turn_seconds_mean": round(statistics.mean(other), 3) if other else 0.0,
            "other_turn_seconds_max": round(max(other), 3) if other else 0.0,
            "games": games,
        }
    return out


def cpu_game(spec: str) -> dict:
    """CPU seconds of one deterministic solo game, `LEVEL@DEAL` (the agent seeded as
    `python -m lab.compare` seeds it), and its moves' digest."""
    import hashlib

    from ai.play import play_game

    from .compare import agent_seed
    from .yardsticks import make_agent

    level, _, deal = spec.rpartition("@")
    agent = make_agent(level, agent_seed(int(deal), 0), deterministic=True)
    start = time.process_time()
    state, _ = play_game(GameConfig(seats=1, seed=int(deal)), [agent])
    seconds = time.process_time() - start
    return {"game": spec, "cpu_seconds": round(seconds, 2), "moves": len(state.moves()),
            "moves_sha256": hashlib.sha256(repr(state.moves()).encode()).hexdigest()[:16]}


def pure_against_compiled(spec: str, runs: int) -> dict:
    """`cpu_game(spec)` played `runs` times each way, each in a process of its own, the plain
    source (`LOYANG_PURE=1`) and the compiled build alternating back to back (so a busy
    machine's load falls on both alike): CPU seconds of every game, the medians, their ratio
    (pure over compiled) and whether every game played the same moves."""
    import os
    import subprocess
    import sys

    code = ("import json, sys; from ai import hot_path; from lab.bench import cpu_game; "
            "print(json.dumps({'hot_path': hot_path(), **cpu_game(sys.argv[1])}))")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    seconds: dict[str, list[float]] = {"pure": [], "compiled": []}
    paths: dict[str, str] = {}
    digests = set()
    for _ in range(runs):
        for kind in ("pure", "compiled"):
            env = {**os.environ, "LOYANG_PURE": "1" if kind == "pure" else ""}
            done = subprocess.run([sys.executable, "-c", code, spec], cwd=root, env=env,
                                  capture_output=True, text=True, check=True)
            game = json.loads(done.stdout.strip().splitlines()[-1])
            seconds[kind].append(game["cpu_seconds"])
            paths[kind] = game["hot_path"]
            digests.add(game["moves_sha256"])
            print(f"{kind}: {game['cpu_seconds']} s CPU, moves {game['moves_sha256']}",
                  file=sys.stderr, flush=True)
    pure, compiled = (statistics.median(seconds[k]) for k in ("pure", "compiled"))
    return {"game": spec, "runs": runs, "pure_cpu_seconds": seconds["pure"],
            "compiled_cpu_seconds": seconds["compiled"], "pure_median": round(pure, 2),
            "compiled_median": round(compiled, 2), "ratio": round(pure / compiled, 3),
            "moves_sha256": sorted(digests), "same_moves": len(digests) == 1,
            "hot_path": paths}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.bench", description=__doc__)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--levels", default="greedy,easy,normal,hard",
                        help="AI levels to time ('' for none)")
    parser.add_argument("--ai-games", type=int, default=2)
    parser.add_argument("--solo", action="store_true",
                        help="also time the levels in solo games ('ai_solo')")
    parser.add_argument("--tables", default="",
                        help="also time the levels at tables of these seat counts, against "
                             "greedy in the other seats: '3,4' gives 'ai_3' and 'ai_4'")
    parser.add_argument("--cpu-game", default="hard@200",
                        help="LEVEL@DEAL: time one deterministic solo game ('' for none)")
    parser.add_argument("--pure-against-compiled", type=int, default=0, metavar="RUNS",
                        help="only the --cpu-game game, RUNS times each way, the plain source "
                             "and the compiled build alternating: CPU seconds, ratio, digest")
    args = parser.parse_args(argv)
    if args.pure_against_compiled:
        side = pure_against_compiled(args.cpu_game or "hard@200", args.pure_against_compiled)
        if args.json:
            print(json.dumps(side))
        else:
            print(f"{side['game']}, {side['runs']} runs each way, CPU seconds: pure "
                  f"{side['pure_cpu_seconds']} (median {side['pure_median']}), compiled "
                  f"{side['compiled_cpu_seconds']} (median {side['compiled_median']}): ratio "
                  f"{side['ratio']}; moves {', '.join(side['moves_sha256'])} "
                  f"({'the same' if side['same_moves'] else 'DIFFERENT'} every game); "
                  f"compiled: {side['hot_path']['compiled']}")
        return
    from ai import hot_path

    result: dict[str, Any] = {"hot_path": hot_path()}
    result.update(bench(games=args.games))
    if args.cpu_game:
        result["cpu_game"] = cpu_game(args.cpu_game)
    levels = [name for name in args.levels.split(",") if name]
    if levels:
        result["ai"] = bench_levels(levels, args.ai_games)
        if args.solo:
            result["ai_solo"] = bench_levels(levels, args.ai_games, seats=1)
        for table in (int(n) for n in args.tables.split(",") if n):
            result[f"ai_{table}"] = bench_levels(levels, args.ai_games, seats=table)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"hot path: {result.pop('hot_path')}")
        for seats, row in result.items():
            print(f"{seats}: " + ", ".join(f"{k} {v}" for k, v in row.items()))


if __name__ == "__main__":
    main()
