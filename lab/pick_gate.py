"""The pick gate (issue 49, item 2; docs/ai-lab.md, entry 157): a candidate judged by the move
its own search picks at the held-out decisions, among all its options, against the move
hard-v3's search picks there, each played on from the same hidden samples.

    python -m lab.pick_gate --dir docs/lab/boards --first 60300 --games 50 \\
        --a "hard-v3+correction=docs/lab/gen5/gen5.json" --b hard-v3 --workers 2 \\
        --jsonl docs/lab/gen5/pick-gate-60300-60349.jsonl

`lab.fit_generation`'s gate scores how a candidate's leaf orders the siblings hard-v3 kept
(its best four first moves). Generations 3 and 5 passed it and lost almost a space in play
(entries 150, 154): the search maximises over every option and finds the boards where the
learned correction errs in its favour, which hard-v3 never kept. Here both agents search
each kept decision of the sampled games (`lab.board_sampler`, with `lab.board_resampler`'s
samples) from the game's true state, deterministic, with one seed; where they pick
differently, each pick is valued by its continuations to the game's end (the deciding
seat's final position, less the best other's in a duel) from the decision's hidden samples
(the sampler's and the resampler's, drawn again), by the game's follower with the
samples' seeds: a kept sibling's continuations are read from its files, any other move is
played on here exactly as the sampler plays a sibling. So two agents that pick alike score
exactly 0, and what A's picks are worth against B's is paired, decision by decision.

Printed: the decisions where the picks differ, how many of A's picks hard-v3's sampler never
kept (played on here), and A's outcome less B's, per decision, averaged by game, with its 95%
interval over the games. `--jsonl FILE` appends one line per game as it ends and takes a
stopped run up.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from multiprocessing import Pool
from typing import Any

from .board_resampler import kept_decisions, more_views
from .board_sampler import continuation, games, games_arguments
from .candidates import searcher
from .compare import earlier_rows, mean_ci
from .fit_generation import outcome, with_more

BASELINE = "hard-v3"


def pick_seed(deal: int, number: int) -> int:
    """Both agents' seed at a game's kept decision `number`: the same for A and B."""
    return deal * 1000 + number


def kept_outcomes(decision: dict[str, Any]) -> dict[tuple, list[float]]:
    """Each kept sibling's outcomes for the deciding seat, one a hidden sample (the
    sampler's first, then the resampler's), by its move."""
    seat = decision["seat"]
    per_sample = [decision["siblings"], *decision.get("more", [])]
    return {tuple(sibling["move"]): [outcome(sample[i], seat) for sample in per_sample]
            for i, sibling in enumerate(decision["siblings"])}


def judge_game(job: tuple[str, int, str, str]) -> dict[str, Any] | None:
    """A's and B's picks at every kept decision of the game of `deal`, and what each is worth
    on the decision's samples; None when the folder holds no such game."""
    folder, deal, a_name, b_name = job
    found = games(folder, range(deal, deal + 1))
    if not found:
        return None
    game = with_more(found, folder)[0]
    rows = []
    for number, (point, decision) in enumerate(zip(kept_decisions(game), game["decisions"],
                                                   strict=True)):
        seat = decision["seat"]
        seed = pick_seed(deal, number)
        picks = [searcher(name, seed, True).search(point.state, seat).move
                 for name in (a_name, b_name)]
        valued = kept_outcomes(decision)
        kept = [tuple(move.to_data()) in valued for move in picks]
        a = b = 0.0
        if picks[0] != picks[1]:  # only then are the samples drawn again and played on
            views = [(point.view, point.seed),
                     *more_views(game, number, point.state, len(decision.get("more", [])))]
            for move, known in zip(picks, kept, strict=True):
                if not known:
                    valued[tuple(move.to_data())] = [
                        outcome(continuation(view, move, game["follower"], s), seat)
                        for view, s in views]
            a, b = (statistics.fmean(valued[tuple(m.to_data())]) for m in picks)
        rows.append({"number": number, "round": decision["round"],
                     "decision": decision["decision"], "a": picks[0].to_data(),
                     "b": picks[1].to_data(), "a_value": round(a, 4), "b_value": round(b, 4),
                     "a_kept": kept[0], "b_kept": kept[1]})
    samples = 1 + len(game["decisions"][0].get("more", [])) if rows else 0
    return {"deal": deal, "a": a_name, "b": b_name, "samples": samples,
            "decisions": rows}


def summary(rows: list[dict[str, Any]]) -> str:
    """What the judged games say of A's picks against B's."""
    judged = [row for row in rows if row["decisions"]]
    if not judged:
        return "no kept decisions judged yet"
    decisions = [d for row in judged for d in row["decisions"]]
    differ = [d for d in decisions if d["a"] != d["b"]]
    by_game = [statistics.fmean(d["a_value"] - d["b_value"] for d in row["decisions"])
               for row in judged]
    stat = mean_ci(by_game)
    low, high = stat["ci95"]
    gap = (f"{statistics.fmean(d['a_value'] - d['b_value'] for d in differ):+.3f}"
           if differ else "none")
    return (f"{len(judged)} games, {len(decisions)} kept decisions; A {judged[0]['a']} "
            f"against B {judged[0]['b']}\n"
            f"  picks differ at {len(differ)} ({len(differ) / len(decisions):.0%}); "
            f"A's pick not among the sampler's siblings at "
            f"{sum(1 for d in differ if not d['a_kept'])}, B's at "
            f"{sum(1 for d in differ if not d['b_kept'])}\n"
            f"  A less B where they differ: {gap} a decision\n"
            f"  A less B, a decision averaged by game: {stat['mean']:+.3f} "
            f"(95% {low:+.3f} .. {high:+.3f})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.pick_gate",
                                     description=__doc__.split("\n\n")[0])
    games_arguments(parser)
    parser.add_argument("--a", required=True, help="the candidate (BASE+correction=FILE, or "
                        "any agent lab.compare seats)")
    parser.add_argument("--b", default=BASELINE, help="what it is judged against")
    parser.add_argument("--jsonl", help="append one line per game; a stopped run is taken up")
    args = parser.parse_args(argv)
    if not 1 <= args.seats <= 4 or min(args.games, args.workers) < 1:
        parser.error("--seats 1-4; --games and --workers at least 1")
    folder = os.path.join(args.dir, f"{args.seats}p")
    for name in (args.a, args.b):
        try:
            searcher(name)
        except (ValueError, OSError) as error:
            parser.error(str(error))
    deals = range(args.first, args.first + args.games)
    done = {row["deal"]: row for row in earlier_rows(args.jsonl)
            if row.get("a") == args.a and row.get("b") == args.b}
    jobs = [(folder, deal, args.a, args.b) for deal in deals if deal not in done]
    try:
        with Pool(args.workers) as pool:
            for row in pool.imap_unordered(judge_game, jobs):
                if row is None:
                    continue
                done[row["deal"]] = row
                if args.jsonl:
                    with open(args.jsonl, "a", encoding="utf-8") as sink:
                        sink.write(json.dumps(row) + "\n")
                print(f"deal {row['deal']}: {len(row['decisions'])} decisions", flush=True)
    except ValueError as error:  # a game without the resampler's samples
        print(f"python -m lab.pick_gate: {error}", file=sys.stderr)
        return 1
    print(summary([done[deal] for deal in deals if deal in done]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
