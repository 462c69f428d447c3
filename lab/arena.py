"""Matches between agents: `python -m lab.arena --seats 4 --agents random,random,random,random`.

`--seats 1` plays the solo game and reports the score distribution.
`--swap` rotates the agents round the seats from game to game (2 agents: seats swapped half
the time) and reports each agent's win rate with a 95% confidence interval (Wilson; a shared
first place counts as half a win); `--workers 2` spreads the games over two processes.

Prints wins and mean final position per seat, errors (any exception inside the engine or an
agent, which must stay at 0) and mean decisions per game; `--json` prints one JSON object,
`--log` prints the log of the first game. `--deterministic` counts iterations, never the
clock; `python -m lab.compare` pairs two agents on the same deals for experiments.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import traceback

from ai.play import play_game
from loyang_game.engine import GameConfig, solo
from loyang_game.text.log import log_lines

from .processes import worker_pool
from .yardsticks import AGENTS, make_agent


def _play_one(job: tuple) -> dict:
    seats, names, game_seed, want_log, deterministic = job
    agents = [make_agent(name, game_seed * 31 + i, deterministic)
              for i, name in enumerate(names)]
    log: list[str] | None = [] if want_log else None
    try:
        state, n = play_game(GameConfig(seats=seats, seed=game_seed), agents, log,
                             tell=log_lines)
    except Exception:  # an error is a finding, reported with its seed
        return {"error": f"seed {game_seed}: {traceback.format_exc(limit=3)}"}
    out = {"decisions": n, "standings": state.standings(), "log": log}
    if seats == 1:
        out["score"] = solo.result(state)["score"]
    return out


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run_arena(seats: int, agent_names: list[str], games: int, seed: int,
              log: list[str] | None = None, swap: bool = False, workers: int = 1,
              deterministic: bool = False) -> dict:
    wins = [0] * seats
    position_sum = [0] * seats
    decisions = 0
    errors: list[str] = []
    finished = 0
    scores: list[int] = []
    by_agent: dict[str, list[float]] = {}  # name -> [wins, games, position sum]
    jobs = []
    for game in range(games):
        shift = game % seats if swap else 0
        names = agent_names[shift:] + agent_names[:shift]
        jobs.append((seats, names, seed + game, log is not None and game == 0, deterministic))
    if workers > 1:
        with worker_pool(workers) as pool:
            results = pool.map(_play_one, jobs, chunksize=1)
    else:
        results = [_play_one(job) for job in jobs]
    for job, res in zip(jobs, results):
        if "error" in res:
            errors.append(res["error"])
            continue
        names = job[1]
        if res["log"] is not None and log is not None:
            log.extend(res["log"])
        finished += 1
        decisions += res["decisions"]
        if seats == 1:
            scores.append(res["score"])
        standings = res["standings"]
        firsts = sum(1 for row in standings if row["place"] == 1)
        for row in standings:
            position_sum[row["seat"]] += row["position"]
            wins[row["seat"]] += row["place"] == 1
            entry = by_agent.setdefault(names[row["seat"]], [0.0, 0, 0.0])
            entry[0] += (1.0 / firsts) if row["place"] == 1 else 0.0
            entry[1] += 1
            entry[2] += row["position"]
    result = {
        "seats": seats, "agents": agent_names, "games": games, "errors": len(errors),
        "error_details": errors[:5], "wins": wins,
        "mean_position": [round(s / finished, 3) if finished else None for s in position_sum],
        "mean_decisions": round(decisions / finished, 1) if finished else None,
    }
    if seats > 1:
        result["by_agent"] = {
            name: {"win_rate": round(w / n, 3), "ci95": [round(v, 3) for v in wilson(w, int(n))],
                   "games": n, "mean_position": round(pos / n, 2)}
            for name, (w, n, pos) in by_agent.items()}
    if scores:
        result["solo_scores"] = score_summary(scores)
    return result


def score_summary(scores: list[int]) -> dict:
    """The solo score distribution, with how many games reached each rulebook band."""
    bands = {name: 0 for name in ("below good", "good", "very good", "master")}
    for score in scores:
        bands[solo.band(score)] += 1
    return {"mean": round(statistics.mean(scores), 2), "median": statistics.median(scores),
            "best": max(scores), "worst": min(scores), "bands": bands}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.arena", description=__doc__)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--agents", default=None,
                        help=f"comma-separated, one per seat, from: {', '.join(AGENTS)}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", action="store_true", help="print the first game's log")
    parser.add_argument("--swap", action="store_true",
                        help="rotate the agents round the seats from game to game")
    parser.add_argument("--workers", type=int, default=1, help="processes to play in")
    parser.add_argument("--deterministic", action="store_true",
                        help="search levels count iterations only, never the clock")
    args = parser.parse_args(argv)
    names = (args.agents or ",".join(["random"] * args.seats)).split(",")
    if len(names) != args.seats:
        parser.error(f"--agents names {len(names)} agents for {args.seats} seats")
    for name in names:
        try:
            make_agent(name)
        except ValueError as error:
            parser.error(str(error))
    log: list[str] | None = [] if args.log else None
    result = run_arena(args.seats, names, args.games, args.seed, log, args.swap, args.workers,
                       args.deterministic)
    if log is not None:
        print("\n".join(log))
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['games']} games, {result['errors']} errors, "
              f"{result['mean_decisions']} decisions per game")
        for seat, name in enumerate(names):
            print(f"  seat {seat + 1} ({name}): {result['wins'][seat]} wins, "
                  f"mean final position {result['mean_position'][seat]}")
        for name, row in result.get("by_agent", {}).items():
            low, high = row["ci95"]
            print(f"  {name}: win rate {row['win_rate']:.3f} (95% CI {low:.3f}-{high:.3f}) "
                  f"over {row['games']} games, mean position {row['mean_position']}")
        if "solo_scores" in result:
            print(f"  solo scores: {result['solo_scores']}")
        for detail in result["error_details"]:
            print(detail, file=sys.stderr)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
