"""One sweep of fitted value iteration on the board sampler's data (issue 49, item 2), and the
offline gate a fitted evaluator must pass before it is screened (docs/ai-lab.md, entry 110).

    python -m lab.fit_generation --dir /work/data/boards/1p --horizon 3 \\
        --out /work/data/fits/sweep1.json                 # labelled by hard-v3's evaluator
    python -m lab.fit_generation --dir /work/data/boards/1p --horizon 3 \\
        --label /work/data/fits/sweep1.json --out /work/data/fits/sweep2.json
    python -m lab.fit_generation --dir /work/data/boards/1p --gate /work/data/fits/sweep2.json
    python -m lab.fit_generation --dir /work/data/boards/2p --out /work/data/fits/duel1.json
    python -m lab.fit_generation --dir /work/data/boards/1p --more --horizon 9 \
        --out /work/data/fits/gen2.json                   # with lab.board_resampler's samples

**Rows**, from solo games or from duels (item 3: a duel's boards, fitted on the duel's own
projection; the folder's games all of one kind). Every continuation of a kept decision
(`lab.board_sampler`) is a row, the deciding seat's: its leaf (the
board at the seat's Path step in the decision's round, the step the labelling evaluator
likes best) and its target, the labelling evaluator's value of the continuation's board
`--horizon` rounds later (again at its best step), or the continuation's final position if
the game ends first (or the horizon reaches past the last round). The siblings of a decision
are one group: the fit sees only how they differ from one another (`fit_residual.within`), so
it spends nothing on a round's level. With `--more`, each further hidden sample of a decision
(`lab.board_resampler`) gives its siblings' rows again, a group of their own.

**The fit** is the sibling correction's (`ai/corrected.py`): ridge of the target less the
base projection's leaf value on the correction's features and that value, within groups;
written as a correction file (`names`, `weights`, `round_means`) that
`CorrectedEvaluator(base, weights, round_means)` reads, and the next sweep labels with.

**The gate**, on the held-out games (deal % 5 == 0, never fitted on), against one fixed label
set, the siblings' outcomes on their shared hidden sample (solo: the deciding seat's final
position; duels: its final position less the other's, what a duel is won by), or with
`--more` their means over the samples (and the evaluator's leaf values so too): top-1 regret
(the best sibling's outcome less that of the sibling the evaluator ranks first, its leaf
value at its best step) per decision, averaged by game; and sibling agreement (pairs of
siblings whose outcomes differ by at least one space, the share the evaluator orders alike).
The evaluator ranks by the deciding seat's own board, as the correction corrects it (hard's
rivalry term reads the other's board through the same evaluation).
Printed for hard-v3's evaluator and the candidate, with the paired difference of regret and
its 95% interval over the held-out games. A candidate that passes is screened as
`hard-v3+correction=FILE` (`lab.candidates`) with `lab.compare`.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from ai import correction_inputs
from ai.corrected import CorrectedEvaluator
from ai.evaluate import Evaluator
from ai.evaluators import corrected as shipped_corrected
from ai.evaluators import projection
from loyang_game.engine.cards import ROUNDS, path_cost

from .board_sampler import board, games
from .candidates import evaluation
from .fit_residual import ridge, round_means, within

Z95 = 1.959964
Predict = Callable[..., float]


def held_out(deal: int) -> bool:
    """Entry 110's held-out games: a fifth of the deals."""
    return deal % 5 == 0


def fresh_from(first: int) -> Callable[[int], bool]:
    """Held out: the games from deal `first` on, sampled after the earlier games were looked
    at (`--fresh`, entry 147); every earlier game is fitted on."""
    return lambda deal: deal >= first


def evaluator(path: str | None, solo: bool = True) -> Evaluator:
    """hard-v3's evaluation (the shipped correction), or the projection with a correction
    file's weights and round means: solo's or the duels' projection under it."""
    if path is None:
        ev = shipped_corrected(solo, True, ())
        assert isinstance(ev, Evaluator)
        return ev
    return evaluation(path, solo)


def best_step(step: dict[str, Any], predict: Predict) -> tuple[float, int, float]:
    """(value, path, cash) of a kept Path step (the seat's board before it) at the step
    `predict` values most, of the steps the rules allowed."""
    seat = step["seat"]
    p = board(step["boards"][seat], seat)
    best = (-math.inf, p.path, float(p.cash))
    for a in step["steps"]:
        path, cash = p.path + a, p.cash - path_cost(p.path, a)
        best = max(best, (predict(p, step["round"], path, cash), path, float(cash)))
    return best


def branches(kept: list[dict[str, Any]]
             ) -> Iterator[tuple[int, int, list[list[dict[str, Any]]]]]:
    """(deal, decision number, its samples) of every kept decision with two siblings or more:
    per hidden sample (the sampler's, then the resampler's, if `with_more` added them), the
    siblings played on from it, each sibling's steps those of the deciding seat only."""
    for game in kept:
        for number, decision in enumerate(game["decisions"]):
            seat = decision["seat"]
            samples = [[{**s, "path_steps": [t for t in s["path_steps"] if t["seat"] == seat]}
                        for s in sibs]
                       for sibs in [decision["siblings"], *decision.get("more", [])]]
            if len(samples[0]) > 1 and all(s["path_steps"] for sibs in samples for s in sibs):
                yield game["deal"], number, samples


def with_more(kept: list[dict[str, Any]], folder: str) -> list[dict[str, Any]]:
    """The games, each kept decision given the resampler's hidden samples (`more`: per
    sample, the siblings in the sampler's order) from `folder`-more
    (`lab.board_resampler`). ValueError when a game has none there: a gate's labels are of
    one kind."""
    more = {game["deal"]: game for game in games(folder.rstrip("/") + "-more")}
    missing = [game["deal"] for game in kept if game["deal"] not in more]
    if missing:
        raise ValueError(f"{len(missing)} games without more samples yet (deal {missing[0]} "
                         "first): run python -m lab.board_resampler")
    return [{**game, "decisions": [{**d, "more": extra} for d, extra
                                   in zip(game["decisions"], more[game["deal"]]["decisions"],
                                          strict=True)]}
            for game in kept]


def final_position(sibling: dict[str, Any], seat: int) -> float:
    return float(sibling["final"][seat]["position"])


def outcome(sibling: dict[str, Any], seat: int) -> float:
    """What the sibling ended on for the deciding seat: its final position (solo), less the
    best other's (a duel)."""
    others = [final_position(sibling, s) for s in range(len(sibling["final"])) if s != seat]
    return final_position(sibling, seat) - (max(others) if others else 0.0)


def rows(kept: list[dict[str, Any]], label: Evaluator, horizon: int, solo: bool = True
         ) -> tuple[np.ndarray, ...]:
    """Features at each sibling's leaf, the base projection's leaf value there, the target by
    `label` `horizon` rounds on, and the group (one per decision)."""
    base = projection(solo, True, ())
    assert isinstance(base, Evaluator)
    xs, values, targets, groups = [], [], [], []
    samples = [sibs for _deal, _number, per in branches(kept) for sibs in per]
    for group, sibs in enumerate(samples):  # a sample's siblings: a group of their own
        for sib in sibs:
            leaf, later = sib["path_steps"][0], sib["path_steps"][horizon:horizon + 1]
            if leaf["round"] >= ROUNDS:
                continue  # exact: never corrected
            seat = leaf["seat"]
            _, path, cash = best_step(leaf, label.predict)
            p = board(leaf["boards"][seat], seat)
            xs.append(correction_inputs.features(p, leaf["round"], path, cash))
            values.append(base.predict(p, leaf["round"], path, cash))
            targets.append(best_step(later[0], label.predict)[0] if later
                           else final_position(sib, seat))
            groups.append(group * 100 + leaf["round"])
    return np.array(xs), np.array(values), np.array(targets), np.array(groups)


def fit(kept: list[dict[str, Any]], label: Evaluator, horizon: int, alpha: float,
        solo: bool = True, held: Callable[[int], bool] = held_out
        ) -> tuple[np.ndarray, list[float], int]:
    """The correction's weights fitted on the training games' rows, its round means, rows."""
    train = [game for game in kept if not held(game["deal"])]
    x, value, target, groups = rows(train, label, horizon, solo)
    z = within(np.column_stack([x, value]), groups)
    coef = ridge(z, within(target - value, groups), alpha)
    assert coef[-1] > -1, "a correction that turns the projection's order around"
    w = coef[:-1] / (1 + coef[-1])
    return w, round_means(x, w, groups), len(target)


def gate(kept: list[dict[str, Any]], ev: Evaluator, held: Callable[[int], bool] = held_out
         ) -> dict[int, list[tuple[float, int, int]]]:
    """Per held-out game, per decision: (top-1 regret, pairs ordered alike, pairs) of `ev`
    against the siblings' outcomes."""
    out: dict[int, list[tuple[float, int, int]]] = {}
    for deal, _number, samples in branches([g for g in kept if held(g["deal"])]):
        seat = samples[0][0]["path_steps"][0]["seat"]
        sibs = range(len(samples[0]))
        finals = [statistics.fmean(outcome(per[i], seat) for per in samples) for i in sibs]
        judged = [statistics.fmean(best_step(per[i]["path_steps"][0], ev.predict)[0]
                                   for per in samples) for i in sibs]
        first = max(sibs, key=lambda i: (judged[i], -i))  # the search's order
        alike = pairs = 0
        for i in sibs:
            for j in range(i + 1, len(sibs)):
                if abs(finals[i] - finals[j]) >= 1:
                    pairs += 1
                    alike += (finals[i] - finals[j]) * (judged[i] - judged[j]) > 0
        out.setdefault(deal, []).append((max(finals) - finals[first], alike, pairs))
    return out


def gate_report(kept: list[dict[str, Any]], candidate: Evaluator, solo: bool = True,
                held: Callable[[int], bool] = held_out) -> str:
    base = gate(kept, evaluator(None, solo), held)
    new = gate(kept, candidate, held)
    if not base:
        return "no held-out decision with two siblings yet"

    def regret(per: dict[int, list[tuple[float, int, int]]], deal: int) -> float:
        return statistics.fmean(r for r, _, _ in per[deal])

    def agreement(per: dict[int, list[tuple[float, int, int]]]) -> float:
        pairs = sum(n for rows in per.values() for _, _, n in rows)
        return sum(a for rows in per.values() for _, a, _ in rows) / pairs if pairs else math.nan

    deals = sorted(base)
    diffs = [regret(new, d) - regret(base, d) for d in deals]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    decisions = sum(len(base[d]) for d in deals)
    return (f"{len(deals)} held-out games, {decisions} decisions: top-1 regret hard-v3 "
            f"{statistics.fmean(regret(base, d) for d in deals):.3f}, candidate "
            f"{statistics.fmean(regret(new, d) for d in deals):.3f}, candidate - hard-v3 "
            f"{mean:+.3f} (95% {mean - half:+.3f} .. {mean + half:+.3f}); sibling agreement "
            f"hard-v3 {agreement(base):.3f}, candidate {agreement(new):.3f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_generation",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="the sampler's games (a <seats>p folder)")
    parser.add_argument("--horizon", type=int, default=3, help="rounds the target looks on")
    parser.add_argument("--label", help="the correction file of the labelling evaluator "
                        "(hard-v3's unless told)")
    parser.add_argument("--alpha", type=float, default=300.0, help="the ridge penalty")
    parser.add_argument("--out", help="write the fitted correction here")
    parser.add_argument("--gate", help="only the offline gate for this correction file")
    parser.add_argument("--more", action="store_true", help="with the resampler's hidden "
                        "samples (DIR-more, `lab.board_resampler`): every game must have them")
    parser.add_argument("--fresh", type=int, metavar="DEAL", help="hold out the games from "
                        "this deal on (sampled later), fit on all others (default: a fifth "
                        "of the deals, deal %% 5 == 0)")
    args = parser.parse_args(argv)
    if args.horizon < 1:
        parser.error("--horizon must be at least 1")
    kept = games(args.dir)
    if not kept:
        parser.error(f"no games in {args.dir}")
    if args.more:
        try:
            kept = with_more(kept, args.dir)
        except ValueError as error:
            parser.error(str(error))
    seats = {game["seats"] for game in kept}
    if len(seats) > 1:
        parser.error(f"games of {sorted(seats)} seats in {args.dir}: one kind a folder")
    solo = seats == {1}
    held = held_out if args.fresh is None else fresh_from(args.fresh)
    if args.gate:
        print(gate_report(kept, evaluator(args.gate, solo), solo, held))
        return 0
    if all(held(game["deal"]) for game in kept):
        parser.error("no game to fit on yet: every game there is held out")
    w, means, count = fit(kept, evaluator(args.label, solo), args.horizon, args.alpha, solo,
                          held)
    fitted = {"names": list(correction_inputs.NAMES), "weights": [round(float(v), 6) for v in w],
              "round_means": [round(m, 6) for m in means], "rows": count,
              "games": len(kept), "seats": min(seats), "alpha": args.alpha,
              "horizon": args.horizon, "fresh": args.fresh,
              "label": args.label or "hard-v3",
              "command": "python -m lab.fit_generation " + " ".join(argv or sys.argv[1:])}
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(fitted, f, indent=1)
    fitted_on = sum(not held(game["deal"]) for game in kept)
    print(f"{count} rows of {fitted_on} games fitted ({len(kept) - fitted_on} held out)")
    base = projection(solo, True, ())
    assert isinstance(base, Evaluator)
    print(gate_report(kept, CorrectedEvaluator(base, [float(v) for v in w], means), solo, held))
    return 0


if __name__ == "__main__":
    sys.exit(main())
