"""Issue 49's diagnosis screen: hard made to take the free Regular customer it leaves in round 1.

    python -m lab.take_regular --base hard-v3 --first 2200 --deals 200 --workers 2 \\
        --jsonl docs/lab/diag-take-regular-2200-2399.jsonl

The diagnosis (issue 49): hard's leaf under-values engines that pay 3-6 rounds later, so it
leaves a Regular customer free in the Offer's top rows. The screen forces that one choice in
round 1 and lets hard play on as it would; a paired gain says the leaf is where it goes wrong.

**The forcing** (`forced_regular`), in the solo game's round 1 Card phase only: at a decision
where
- no Regular customer has been bought this Card phase and the move chosen buys none,
- the move chosen closes the Card phase's buying: Done, or the phase's last allowed purchase
  (`len(bought) + 1 >= buy_limit`), and
- some Regular customer in the Offer's rows 1-2 (row 1 free, row 2 one Cash) is a legal buy,

the move played is, of those buys, the one the agent's last search rated highest
(`estimates()`: its value for each first move it tried), or the first in Offer order if it
tried none of them. A sale, a Loan or a first purchase with another still allowed is left to
the agent, and the test is made again at its next decision. Elsewhere the agent's own move is
played. After a forced buy the agent goes on as if it had chosen that buy itself (its search
tree of the turn is kept), hard-v3 in every later decision.

So on a deal where the forcing never fires the treated agent plays the base agent's game move
for move: the runner stops it at the end of round 1's Card phase and counts the deal as a
difference of exactly 0 (`"same_as"` rows), and plays on only the deals where it fired.
`lab.compare` can also seat the treated agent by name, `hard-v3+take-regular`; the agent
itself is `lab.forcing`'s, so that `lab.compare` seats it without importing this screen.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from loyang_game.engine import GameConfig, GameState, new_game, play, solo
from loyang_game.engine.state import CARDS_PHASE

from .compare import RoundEnds, agent_seed, earlier_rows, mean_ci, play_all, play_solo
from .forcing import SUFFIX, take_regular


def round_one_bought(state: GameState) -> bool:
    """Is round 1's Card phase over (the forcing can no longer fire)?"""
    return state.round > 1 or (state.round == 1 and state.phase != CARDS_PHASE)


def play_treated(job: tuple[str, int]) -> dict[str, Any]:
    """The treated agent on one solo deal: a `lab.compare` solo row with what was forced, or,
    if the forcing did not fire in round 1, a row saying the game is the base agent's."""
    base, deal = job
    agent = take_regular(base, agent_seed(deal, 0), True)
    state = new_game(GameConfig(seats=1, seed=deal))
    ends = RoundEnds()
    start = time.process_time()
    play(state, agent.choose, hooks=[ends], until=round_one_bought)
    if not agent.forced:
        return {"agent": agent.name, "deal": deal, "same_as": base, "forced": [],
                "cpu": round(time.process_time() - start, 1)}
    play(state, agent.choose, hooks=[ends])
    return {"seats": 1, "agent": agent.name, "deal": deal,
            "score": solo.result(state)["score"], "rounds": ends.rounds,
            "cpu": round(time.process_time() - start, 1), "forced": agent.forced}


def play_job(job: tuple[str, str, int]) -> dict[str, Any]:
    kind, base, deal = job
    return play_treated((base, deal)) if kind == "treated" else play_solo((base, deal))


def summarise(base: str, deals: range, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The paired figures over the deals whose two games are both in `rows`."""
    treated = base + SUFFIX
    scores = {(r["agent"], r["deal"]): r["score"] for r in rows if r.get("seats") == 1}
    same = {r["deal"] for r in rows if r.get("agent") == treated and "same_as" in r}
    pairs = []
    for deal in deals:
        b = scores.get((base, deal))
        a = b if deal in same else scores.get((treated, deal))
        if a is not None and b is not None:
            pairs.append((deal, a, b, deal not in same))
    diffs = [float(a - b) for _, a, b, _ in pairs]
    changed = [float(a - b) for _, a, b, fired in pairs if fired]
    out: dict[str, Any] = {"base": base, "treated": treated, "deals": len(pairs),
                           "of": len(deals), "forced_deals": len(changed)}
    if pairs:
        out["a_score"] = mean_ci([float(a) for _, a, _, _ in pairs])
        out["b_score"] = mean_ci([float(b) for _, _, b, _ in pairs])
        out["a_minus_b"] = mean_ci(diffs)
        out["a_better_equal_worse"] = [sum(d > 0 for d in diffs), sum(d == 0 for d in diffs),
                                       sum(d < 0 for d in diffs)]
    if changed:
        out["forced_a_minus_b"] = mean_ci(changed)
        out["forced_better_equal_worse"] = [sum(d > 0 for d in changed),
                                            sum(d == 0 for d in changed),
                                            sum(d < 0 for d in changed)]
    return out


def report(result: dict[str, Any]) -> str:
    def fmt(stat: dict[str, Any]) -> str:
        low, high = stat["ci95"]
        return f"{stat['mean']:+.3f} (95% {low:+.3f} .. {high:+.3f})"

    a, b = result["treated"], result["base"]
    lines = [f"{result['deals']} of {result['of']} deals paired, solo, deterministic; "
             f"the forcing fired on {result['forced_deals']}"]
    if "a_minus_b" in result:
        lines += [f"  {a}: mean score {result['a_score']['mean']:.2f}",
                  f"  {b}: mean score {result['b_score']['mean']:.2f}",
                  f"  {a} - {b}: {fmt(result['a_minus_b'])} spaces; better/equal/worse "
                  + "/".join(map(str, result["a_better_equal_worse"]))]
    if "forced_a_minus_b" in result:
        lines.append(f"  on the {result['forced_deals']} deals it fired: "
                     f"{fmt(result['forced_a_minus_b'])}; better/equal/worse "
                     + "/".join(map(str, result["forced_better_equal_worse"])))
    return "\n".join(lines)


def run(base: str, deals: range, workers: int = 1, jsonl: str | None = None) -> dict[str, Any]:
    """Play what `jsonl` does not hold yet (a stopped run is taken up), deal by deal the
    treated agent then the base, and summarise."""
    rows = earlier_rows(jsonl)
    treated = base + SUFFIX
    have = {(r["agent"], r["deal"]) for r in rows if r.get("seats") == 1 or "same_as" in r}
    jobs = [(kind, base, deal) for deal in deals
            for kind, name in (("treated", treated), ("base", base))
            if (name, deal) not in have]
    rows += play_all(play_job, jobs, workers, jsonl)
    return summarise(base, deals, rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.take_regular", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--base", default="hard-v3", help="the agent forced, and the yardstick")
    parser.add_argument("--deals", type=int, default=200, help="how many deals")
    parser.add_argument("--first", type=int, default=2200, help="the first deal's seed")
    parser.add_argument("--workers", type=int, default=2, help="processes to play in")
    parser.add_argument("--jsonl", help="append one line per game to this file, and take up "
                        "the games already in it")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.deals < 1 or args.workers < 1:
        parser.error("--deals and --workers must be at least 1")
    try:
        take_regular(args.base, deterministic=True)
    except ValueError as error:
        parser.error(str(error))
    start = time.perf_counter()
    result = run(args.base, range(args.first, args.first + args.deals), args.workers,
                 args.jsonl)
    result["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(result) if args.json else report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())

