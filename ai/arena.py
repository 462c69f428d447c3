"""Matches between agents: `python -m ai.arena --seats 4 --agents random,random,random,random`.

`--seats 1` plays the solo game and reports the score distribution.

Prints wins and mean final position per seat, errors (any exception inside the engine or an
agent, which must stay at 0) and mean decisions per game; `--json` prints one JSON object,
`--log` prints the log of the first game.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import traceback

from loyang_game.engine import GameConfig, solo

from .agents import AGENTS, make_agent
from .play import play_game


def run_arena(seats: int, agent_names: list[str], games: int, seed: int,
              log: list[str] | None = None) -> dict:
    wins = [0] * seats
    position_sum = [0] * seats
    decisions = 0
    errors: list[str] = []
    finished = 0
    scores: list[int] = []
    for game in range(games):
        game_seed = seed + game
        agents = [make_agent(name, game_seed * 31 + i) for i, name in enumerate(agent_names)]
        try:
            state, n = play_game(GameConfig(seats=seats, seed=game_seed), agents,
                                 log if game == 0 else None)
        except Exception:  # an error is a finding, reported with its seed
            errors.append(f"seed {game_seed}: {traceback.format_exc(limit=3)}")
            continue
        finished += 1
        decisions += n
        if seats == 1:
            scores.append(solo.result(state)["score"])
        for row in state.standings():
            position_sum[row["seat"]] += row["position"]
            wins[row["seat"]] += row["place"] == 1
    result = {
        "seats": seats, "agents": agent_names, "games": games, "errors": len(errors),
        "error_details": errors[:5], "wins": wins,
        "mean_position": [round(s / finished, 3) if finished else None for s in position_sum],
        "mean_decisions": round(decisions / finished, 1) if finished else None,
    }
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
    parser = argparse.ArgumentParser(prog="python -m ai.arena", description=__doc__)
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--agents", default=None,
                        help=f"comma-separated, one per seat, from: {', '.join(AGENTS)}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--log", action="store_true", help="print the first game's log")
    args = parser.parse_args(argv)
    names = (args.agents or ",".join(["random"] * args.seats)).split(",")
    if len(names) != args.seats:
        parser.error(f"--agents names {len(names)} agents for {args.seats} seats")
    for name in names:
        if name not in AGENTS:
            parser.error(f"unknown agent {name!r}; choose from {', '.join(AGENTS)}")
    log: list[str] | None = [] if args.log else None
    result = run_arena(args.seats, names, args.games, args.seed, log)
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
        if "solo_scores" in result:
            print(f"  solo scores: {result['solo_scores']}")
        for detail in result["error_details"]:
            print(detail, file=sys.stderr)
    return 1 if result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
