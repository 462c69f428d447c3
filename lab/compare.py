"""Paired comparison of two agents on the same deals, in deterministic mode.

    python -m lab.compare --seats 1 --a hard --b hard-v1 --deals 100 --workers 2
    python -m lab.compare --seats 2 --a hard --b greedy --deals 100 --workers 2
    python -m lab.compare --seats 3 --a hard --b hard-v2 --deals 34 --workers 2

Every deal (a game seed) is played by both agents, with iteration budgets only (no clock), so
the figures do not depend on how busy the machine is and a rerun repeats them exactly. Pairing
removes most of the deal-to-deal spread (one solo deal's score spreads ±2 between deals), so a
difference of a few tenths of a space is visible over 100 deals where two unpaired means are not.

- Solo (`--seats 1`): each agent plays the deal alone; the paired figure is A's score minus
  B's, with its 95% interval.
- Duels (`--seats 2`): each deal is played twice with the seats swapped (A first, then B
  first); per deal, A's share of the two games' wins (a tie is half) and A's final position
  minus B's. Both are reported with their 95% intervals over deals.
- Three and four seats: each deal is played once with A in each seat and B in all the
  others; per deal, A's mean place (2.0 or 2.5 if they are equal), its share of the wins and
  its position minus the best B's.
- With two to four seats, the games that end with A level with the best B on the Path, and
  A's share of their wins: the tiebreakers (the Cash left) decide a fifth to a third of the
  duels between two hards (docs/ai-lab.md, entry 74).

`--jsonl FILE` appends one line per game (solo) or deal (2-4 seats) as it finishes, so a long
run can be watched and its lines kept with the lab notebook; `--reuse FILE` takes the solo
games (or the deals of the same two agents at the same seats) already in such a file rather
than playing them again (for a frozen yardstick such as hard-v1, or to take up a stopped run).
Agent names may carry knob overrides for experiments: `hard:exploration=0.6` (see
`agents.make_agent`), and a lab-only device on top: `hard-v3+take-regular` (`take_regular`).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import statistics
import sys
import time
from collections.abc import Callable
from typing import TypeVar

from ai.agents import Agent
from ai.play import play_game
from loyang_game.engine import GameConfig, GameState, Hook, Move, new_game, play, solo

from .processes import worker_pool

Job = TypeVar("Job")  # what one worker process is handed: a deal and how to play it

Z95 = 1.96


def mean_ci(values: list[float]) -> dict:
    """Mean and normal-approximation 95% interval (n >= 30 makes the approximation fair)."""
    n = len(values)
    mean = statistics.fmean(values) if values else float("nan")
    half = Z95 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("inf")
    return {"mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)],
            "n": n}


def lab_agent(name: str, seed: int = 0, deterministic: bool = False) -> Agent:
    """An agent by its name (`lab.yardsticks.make_agent`: the game's and the frozen
    yardsticks), or a lab-only device on top of one: `hard-v3+take-regular` (`lab.forcing`,
    issue 49's diagnosis screen), `hard-v3+correction=FILE` (`lab.candidates`: a fitted
    correction of `lab.fit_generation`, a generation's candidate)."""
    from .candidates import searcher
    from .forcing import SUFFIX, take_regular

    if name.endswith(SUFFIX):
        return take_regular(name.removesuffix(SUFFIX), seed, deterministic)
    return searcher(name, seed, deterministic)


def agent_seed(deal: int, seat: int) -> int:
    """The agents' RNG seed for a deal: the same for both agents of a pair."""
    return deal * 31 + seat


class RoundEnds(Hook):
    """The solo farmer's board at the end of every round: [Path space, Cash, Loans]."""

    def __init__(self) -> None:
        self.rounds: list[list[int]] = []
        self.round = 0

    def before(self, state: GameState) -> None:
        self.round = state.round

    def moved(self, state: GameState, move: Move, seat: int) -> None:
        if self.round >= 1 and (state.round != self.round or state.is_over):  # 0: the set-up
            p = state.players[0]
            self.rounds.append([p.path, p.cash, p.loans])


def play_solo(job: tuple[str, int]) -> dict:
    """One agent alone on one solo deal (as `play.play_game` plays it), with the board at the
    end of every round, [Path space, Cash, Loans], and the game's CPU seconds."""
    name, deal = job
    agent = lab_agent(name, agent_seed(deal, 0), True)
    state = new_game(GameConfig(seats=1, seed=deal))
    ends = RoundEnds()
    start = time.process_time()
    play(state, agent.choose, hooks=[ends])
    return {"seats": 1, "agent": name, "deal": deal, "score": solo.result(state)["score"],
            "rounds": ends.rounds, "cpu": round(time.process_time() - start, 1)}


def play_table(job: tuple[str, str, int, int]) -> dict:
    """One deal of 2-4 seats played once with A in each seat and B in all the others (in two
    seats: the seats swapped, A first then B first): per game A's share of the wins (a tie
    for first shares it), its place and its position against the best B's."""
    a, b, seats, deal = job
    games = []
    for a_seat in range(seats):
        order = [a if seat == a_seat else b for seat in range(seats)]
        agents = [lab_agent(name, agent_seed(deal, i), True) for i, name in enumerate(order)]
        state, _ = play_game(GameConfig(seats=seats, seed=deal), agents)
        rows = sorted(state.standings(), key=lambda r: r["seat"])
        a_row = rows[a_seat]
        best_b = max((r for r in rows if r["seat"] != a_seat), key=lambda r: r["position"])
        firsts = sum(r["place"] == 1 for r in rows)
        games.append({"a_first": a_seat == 0, "a_seat": a_seat, "place": a_row["place"],
                      "share": (a_row["place"] == 1) / firsts,
                      "a_pos": a_row["position"], "b_pos": best_b["position"]})
    return {"seats": seats, "a": a, "b": b, "deal": deal, "games": games,
            "share": statistics.fmean(g["share"] for g in games),
            "place": statistics.fmean(g["place"] for g in games),
            "margin": statistics.fmean(g["a_pos"] - g["b_pos"] for g in games)}


def earlier_rows(path: str | None) -> list[dict]:
    """The rows of earlier runs (their `--jsonl` lines); none if the file is not there yet
    (the first run of a command that takes itself up)."""
    if not path or not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def known_scores(path: str | None) -> dict[tuple[str, int], int]:
    """Solo scores of earlier runs, by (agent, deal)."""
    return {(row["agent"], row["deal"]): row["score"] for row in earlier_rows(path)
            if row.get("seats") == 1}


def known_tables(path: str | None, seats: int, a: str, b: str) -> dict[int, dict]:
    """Games of `a` against `b` at `seats` seats in earlier runs, by deal: a long screen can
    be stopped and taken up again."""
    return {row["deal"]: row for row in earlier_rows(path)
            if row.get("seats") == seats and row.get("a") == a and row.get("b") == b}


def summarise(seats: int, a: str, b: str, rows: list[dict]) -> dict:
    out: dict = {"seats": seats, "a": a, "b": b, "deals": len(rows)}
    if seats == 1:
        rows = [{"a": r[a], "b": r[b]} for r in rows]
        out["a_score"] = mean_ci([r["a"] for r in rows])
        out["b_score"] = mean_ci([r["b"] for r in rows])
        out["a_minus_b"] = mean_ci([r["a"] - r["b"] for r in rows])
        out["a_better_equal_worse"] = [sum(r["a"] > r["b"] for r in rows),
                                       sum(r["a"] == r["b"] for r in rows),
                                       sum(r["a"] < r["b"] for r in rows)]
    else:
        out["a_win_share"] = mean_ci([r["share"] for r in rows])
        out["a_margin"] = mean_ci([r["margin"] for r in rows])
        if seats > 2:  # (rows of two seats before the place was kept have none)
            out["a_place"] = mean_ci([r["place"] for r in rows])
        games = [g for r in rows for g in r["games"]]
        level = [g for g in games if g["a_pos"] == g["b_pos"]]
        out["level_games"] = [len(level), sum(g["share"] for g in level), len(games)]
    return out


def report(result: dict) -> str:
    def fmt(stat: dict) -> str:
        low, high = stat["ci95"]
        return f"{stat['mean']:+.3f} (95% {low:+.3f} .. {high:+.3f})"

    a, b = result["a"], result["b"]
    lines = [f"{result['deals']} deals, {result['seats']} seat(s), deterministic"]
    if result["seats"] == 1:
        lines += [f"  {a}: mean score {result['a_score']['mean']:.2f}",
                  f"  {b}: mean score {result['b_score']['mean']:.2f}",
                  f"  {a} - {b}: {fmt(result['a_minus_b'])} spaces; better/equal/worse "
                  + "/".join(map(str, result["a_better_equal_worse"]))]
    else:
        best = "the best of " if result["seats"] > 2 else ""
        lines += [f"  {a} win share against {b}: {fmt(result['a_win_share'])}",
                  f"  {a} position minus {best}{b}'s: {fmt(result['a_margin'])} spaces"]
        if "a_place" in result:
            lines.append(f"  {a} mean place: {fmt(result['a_place'])} "
                         f"({(result['seats'] + 1) / 2:.1f} if equal)")
        level, won, games = result["level_games"]
        lines.append(f"  level on the Path with {best}{b}: {level} of {games} games; "
                     f"{a}'s share of their wins {won:g} (the Cash left decides them)")
    return "\n".join(lines)


def play_all(play: Callable[[Job], dict], jobs: list[Job], workers: int,
             jsonl: str | None) -> list[dict]:
    """The jobs' rows, played in `workers` processes, each appended to `jsonl` as it comes
    (so that a stopped run keeps what it played)."""
    played = []
    sink = open(jsonl, "a", encoding="utf-8") if jsonl else None  # noqa: SIM115
    try:
        with worker_pool(workers) as pool:
            for row in pool.imap_unordered(play, jobs):
                played.append(row)
                if sink is not None:
                    sink.write(json.dumps(row) + "\n")
                    sink.flush()
    finally:
        if sink is not None:
            sink.close()
    return played


def run(seats: int, a: str, b: str, deals: range, workers: int = 1,
        jsonl: str | None = None, reuse: str | None = None) -> dict:
    """Play the deals (solo: each agent's game is a job of its own, and a game found in
    `reuse` is not played again) and summarise them."""
    known = known_scores(reuse)
    tables = known_tables(reuse, seats, a, b) if seats > 1 else {}
    if seats == 1:
        played = play_all(play_solo, [(name, deal) for deal in deals
                                      for name in dict.fromkeys((a, b))
                                      if (name, deal) not in known], workers, jsonl)
    else:
        played = play_all(play_table, [(a, b, seats, deal) for deal in deals
                                       if deal not in tables], workers, jsonl)
    if seats == 1:
        for row in played:
            known[(row["agent"], row["deal"])] = row["score"]
        rows = [{"deal": deal, a: known[(a, deal)], b: known[(b, deal)]} for deal in deals]
    else:
        rows = sorted([*played, *(tables[deal] for deal in deals if deal in tables)],
                      key=lambda r: r["deal"])
    return summarise(seats, a, b, rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.compare", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", type=int, choices=(1, 2, 3, 4), default=1)
    parser.add_argument("--a", required=True, help="the agent under test, e.g. hard")
    parser.add_argument("--b", required=True, help="the yardstick, e.g. hard-v1")
    parser.add_argument("--deals", type=int, default=100, help="how many deals")
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=2, help="processes to play in")
    parser.add_argument("--jsonl", help="append one line per deal to this file")
    parser.add_argument("--reuse", help="take the games (solo) or deals (duels of the same "
                        "A and B) already in this --jsonl file instead of playing them again "
                        "(only for agents unchanged since, such as the frozen hard-v1, or to "
                        "take up a stopped run)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    for name in (args.a, args.b):
        try:
            lab_agent(name, deterministic=True)
        except ValueError as error:
            parser.error(str(error))
    start = time.perf_counter()
    result = run(args.seats, args.a, args.b, range(args.first, args.first + args.deals),
                 args.workers, args.jsonl, args.reuse)
    result["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(result) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
