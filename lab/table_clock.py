"""Hard's strength at the table on a slow machine: the same deals played on the clock and in
deterministic mode (issue 49, item 5).

    python -m lab.table_clock --seats 1 --first 2200 --deals 50 --core 1 \\
        --det docs/lab/diag-take-regular-2200-2399.jsonl --jsonl docs/lab/clock-1p.jsonl
    python -m lab.table_clock --seats 2 --first 2900 --deals 50 --core 1 --jsonl FILE

The lab's screens count iterations only, so that a rerun repeats them; a player's AI thinks
on the clock (`Level.act_seconds`, `other_seconds`), and a player's laptop is slower than the
lab and busy with the game's own window. Here each game on the clock is a process of its own
pinned to one core (`--core`), with a busy process (a loop that never sleeps) pinned to the
same core for the whole run: the AI gets about half a core, as on a 2-core laptop with the
window drawing beside it. Its play-on workers start inside the pinned process, so they share
that core too (`ai.playons.cores` sees one). Its searches run on a thread of the table's
thinker (`ai.worker.start_thread`), so they hand the GIL over as at the table.

- Solo: hard's score on the clock less its score on the same deal in deterministic mode
  (played here, unpinned, and kept in the `--jsonl` file beside the clock's rows, or read
  from a `--det` file of `lab.compare`'s rows for `hard` or the same play frozen as
  `hard-v3`): the paired gap, with its 95% interval and how many deals it is above, at and
  below 0.
- Duels: each deal twice, hard on the clock in each seat against hard in deterministic mode
  in the other. In deterministic mode against itself hard's share is exactly a half (the two
  seatings are the same game), so the clock's share less 0.5 is the gap.

`--jsonl FILE` appends one line per game (solo) or deal (duels) as it ends and takes a
stopped run up: what the file holds is not played again.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from functools import partial

from ai.play import play_game
from ai.worker import run_beside_table
from loyang_game.engine import GameConfig, new_game, play, solo

from .compare import RoundEnds, agent_seed, earlier_rows, lab_agent, mean_ci, play_solo

CLOCK = "hard"
SAME_PLAY = ("hard", "hard-v3")  # deterministic rows of either are hard's play (yardsticks.py)


def pin(core: int) -> None:
    """This process (and what it starts from now on) runs on `core` only."""
    os.sched_setaffinity(0, {core})


def clock_solo(deal: int) -> dict:
    """Hard alone on `deal`, on the clock: its score, its boards at the round ends, its wall
    and CPU seconds."""
    agent = lab_agent(CLOCK, agent_seed(deal, 0), False)
    state = new_game(GameConfig(seats=1, seed=deal))
    ends = RoundEnds()
    wall, cpu = time.perf_counter(), time.process_time()
    run_beside_table(lambda: play(state, agent.choose, hooks=[ends]))
    return {"seats": 1, "agent": f"{CLOCK}@clock", "deal": deal,
            "score": solo.result(state)["score"], "rounds": ends.rounds,
            "wall": round(time.perf_counter() - wall, 1),
            "cpu": round(time.process_time() - cpu, 1)}


def clock_duel(deal: int) -> dict:
    """Hard on the clock against hard in deterministic mode on `deal`, in both seatings: the
    clock's share of the wins (a tie shares it) and its position less the other's."""
    games = []
    wall = time.perf_counter()
    for clock_seat in (0, 1):
        agents = [lab_agent(CLOCK, agent_seed(deal, seat), seat != clock_seat)
                  for seat in (0, 1)]
        state, _ = run_beside_table(partial(play_game, GameConfig(seats=2, seed=deal), agents))
        rows = sorted(state.standings(), key=lambda r: r["seat"])
        mine, other = rows[clock_seat], rows[1 - clock_seat]
        firsts = sum(r["place"] == 1 for r in rows)
        games.append({"clock_seat": clock_seat, "share": (mine["place"] == 1) / firsts,
                      "margin": mine["position"] - other["position"]})
    return {"seats": 2, "agent": f"{CLOCK}@clock", "deal": deal, "games": games,
            "share": sum(g["share"] for g in games) / 2,
            "margin": sum(g["margin"] for g in games) / 2,
            "wall": round(time.perf_counter() - wall, 1)}


def busy(core: int) -> subprocess.Popen:
    """A process that never sleeps, pinned to `core`: the game's window on a slow laptop."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    os.sched_setaffinity(spinner.pid, {core})
    return spinner


def played_pinned(seats: int, deal: int, core: int) -> dict:
    """One deal on the clock in a process of its own, pinned to `core` (not a pool's worker:
    those are daemons, and a daemon may not start hard's play-on workers)."""
    out = subprocess.run([sys.executable, "-m", "lab.table_clock", "--one", str(deal),
                          "--seats", str(seats), "--core", str(core)],
                         check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def deterministic_scores(path: str | None) -> dict[int, int]:
    """Hard's deterministic solo scores by deal, from `lab.compare`-style rows."""
    return {row["deal"]: row["score"] for row in earlier_rows(path)
            if row.get("seats") == 1 and row.get("agent") in SAME_PLAY}


def summary(seats: int, rows: list[dict], det: dict[int, int]) -> str:
    wall = [row["wall"] for row in rows]
    lines = [f"{len(rows)} deals, {seats} seat(s), hard on the clock, pinned beside a busy "
             f"process; {sum(wall) / max(1, len(wall)):.0f} s a deal"]

    def fmt(stat: dict) -> str:
        low, high = stat["ci95"]
        return f"{stat['mean']:+.3f} (95% {low:+.3f} .. {high:+.3f})"

    if seats == 1:
        clock = [row["score"] for row in rows]
        same = [float(det[row["deal"]]) for row in rows]
        gaps = [c - d for c, d in zip(clock, same, strict=True)]
        counts = "/".join(str(sum(1 for g in gaps if test(g)))
                          for test in (lambda g: g > 0, lambda g: g == 0, lambda g: g < 0))
        lines += [f"  on the clock: mean {mean_ci(clock)['mean']:.2f}",
                  f"  deterministic: mean {mean_ci(same)['mean']:.2f}",
                  f"  clock - deterministic: {fmt(mean_ci(gaps))}, better/equal/worse {counts}"]
    else:
        lines += ["  share of the wins against deterministic hard (0.5 with no gap): "
                  + fmt(mean_ci([row["share"] for row in rows])),
                  "  position less the other's: " + fmt(mean_ci([row["margin"] for row in rows]))]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.table_clock", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", type=int, choices=(1, 2), default=1)
    parser.add_argument("--first", type=int, default=0, help="the first deal's seed")
    parser.add_argument("--deals", type=int, default=50, help="how many deals")
    parser.add_argument("--core", type=int, default=0, help="the core the clock games share "
                        "with the busy process")
    parser.add_argument("--det", help="solo: a file of lab.compare's rows with hard's "
                        "deterministic scores (the deals neither it nor --jsonl has are "
                        "played here, and kept in --jsonl)")
    parser.add_argument("--jsonl", help="append one line per deal; a stopped run is taken up")
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # a pinned deal's process
    args = parser.parse_args(argv)
    if args.core not in os.sched_getaffinity(0):
        parser.error(f"--core {args.core} is not one of this machine's cores "
                     f"{sorted(os.sched_getaffinity(0))}")
    if args.one is not None:
        pin(args.core)
        print(json.dumps((clock_solo if args.seats == 1 else clock_duel)(args.one)))
        return 0
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    deals = range(args.first, args.first + args.deals)
    done = {row["deal"]: row for row in earlier_rows(args.jsonl)
            if row.get("seats") == args.seats and row.get("agent") == f"{CLOCK}@clock"}
    spinner = busy(args.core)
    try:
        for deal in deals:
            if deal in done:
                continue
            row = played_pinned(args.seats, deal, args.core)
            done[deal] = row
            if args.jsonl:
                with open(args.jsonl, "a", encoding="utf-8") as sink:
                    sink.write(json.dumps(row) + "\n")
            print(f"deal {deal}: {row.get('score', row.get('share'))}, {row['wall']} s",
                  flush=True)
    finally:
        spinner.kill()
        spinner.wait()
    det = {**deterministic_scores(args.jsonl), **deterministic_scores(args.det)}
    for deal in deals:
        if args.seats == 1 and deal not in det:
            row = play_solo((CLOCK, deal))  # deterministic, unpinned; kept with the clock's
            det[deal] = row["score"]
            if args.jsonl:
                with open(args.jsonl, "a", encoding="utf-8") as sink:
                    sink.write(json.dumps(row) + "\n")
    print(summary(args.seats, [done[deal] for deal in deals], det))
    return 0


if __name__ == "__main__":
    sys.exit(main())
