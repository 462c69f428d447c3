"""One sweep of fitted value iteration on the board sampler's data (issue 49, item 2), and the
offline gate a fitted evaluator must pass before it is screened (docs/ai-lab.md, entry 110).

    python -m lab.fit_generation --dir /work/data/boards/1p --horizon 3 \\
        --out /work/data/fits/sweep1.json                 # labelled by hard-v3's evaluator
    python -m lab.fit_generation --dir /work/data/boards/1p --horizon 3 \\
        --label /work/data/fits/sweep1.json --out /work/data/fits/sweep2.json
    python -m lab.fit_generation --dir /work/data/boards/1p --gate /work/data/fits/sweep2.json
    python -m lab.fit_generation --dir /work/data/boards/2p --out /work/data/fits/duel1.json
    python -m lab.fit_generation --dir /work/data/boards/1p --more --horizon 9 \\
        --out /work/data/fits/gen2.json                   # with lab.board_resampler's samples
    python -m lab.fit_generation --dir docs/lab/boards/1p docs/lab/boards-gen5/1p --more \
        --fresh 60300-60349 --match-spread --out docs/lab/gen6/gen6.json   # and a candidate's
    python -m lab.fit_generation --dir docs/lab/boards/1p --more --fresh 60300-60349 \
        --start lab/frozen/hard-v4-correction.json --alpha 30000 --out FILE  # a step from one

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
base projection's leaf value on the correction's features and that value `b`, within groups,
ordering as `value + w / (1 + b) . x`; or with `--keep-scale` on the features alone (`b` = 0:
the projection's own differences kept as they are). Written as a correction file (`names`,
`weights`, `round_means`, `projection_scale`) that `corrected.corrected_evaluator` reads, and
the next sweep labels with. `1 + b` is printed, and a fit whose `1 + b` is below 0.5 is refused:
its correction would be more than doubled, louder than the search can use (entry 150: at
0.046 the correction was twenty times too loud and lost almost a space). With
`--match-spread` such a fit is kept in the order it found but played as loud as hard-v3's
evaluator: scaled, the projection with it (`projection_scale`), to hard-v3's within-decision
spread on the training games, each round's level restored by the round means. With
`--start FILE` the fit is a step from that correction instead (entry 169): the miss of its
own value (its projection scale and weights) fitted on the features and the projection's
value, the ridge penalty on the change, so that a large `--alpha` moves only the directions
the rows determine well.

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
its 95% interval over the held-out games; and the level check (entry 150): the evaluator's
within-decision spread (the standard deviation of its values of a decision's siblings,
averaged over the decisions), the candidate's at most 1.5 times hard-v3's. A candidate that
passes is screened as
`hard-v3+correction=FILE` (`lab.candidates`) with `lab.compare`.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import numpy as np

from ai import correction_inputs
from ai.corrected import CorrectedEvaluator, corrected_evaluator
from ai.evaluate import Evaluator
from ai.evaluators import projection
from loyang_game.engine.cards import ROUNDS, path_cost

from .board_sampler import board, games
from .corrections import evaluation
from .fit_residual import ridge, round_means, within
from .yardsticks import CORRECTIONS

Z95 = 1.959964
MIN_SCALE = 0.5  # the least 1 + b of a fit: its correction at most doubled (entry 150)
MAX_SPREAD = 1.5  # the most a candidate's within-decision spread may be of hard-v3's
Predict = Callable[..., float]


class Fitted(NamedTuple):
    """A sweep's correction: its weights (in the projection's scale), its mean by round, the
    rows it was fitted on, `1 + b`, how the fit scaled the projection's own differences (1
    with `--keep-scale`), and the projection scale its evaluator plays with
    (`--match-spread`)."""

    weights: np.ndarray
    round_means: list[float]
    rows: int
    scale: float
    projection_scale: float = 1.0


class Judged(NamedTuple):
    """A held-out decision as an evaluator judged it: the top-1 regret, the pairs of siblings
    a space or more apart it ordered alike, those pairs, and the spread of its values."""

    regret: float
    alike: int
    pairs: int
    spread: float


def held_out(deal: int) -> bool:
    """Entry 110's held-out games: a fifth of the deals."""
    return deal % 5 == 0


def fresh_from(first: int, last: int | None = None) -> Callable[[int], bool]:
    """Held out: the games from deal `first` on (to `last`, if given), sampled after the
    earlier games were looked at (`--fresh`, entries 147 and 158); every other game is
    fitted on."""
    return lambda deal: first <= deal and (last is None or deal <= last)


def fresh_range(text: str) -> tuple[int, int | None]:
    """`--fresh`'s `DEAL` or `FIRST-LAST`."""
    first, _, last = text.partition("-")
    try:
        bounds = int(first), (int(last) if last else None)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: a deal or FIRST-LAST") from None
    if bounds[1] is not None and bounds[1] < bounds[0]:
        raise argparse.ArgumentTypeError(f"{text!r}: the range ends before it begins")
    return bounds


def evaluator(path: str | None, solo: bool = True) -> CorrectedEvaluator:
    """hard-v3's evaluation (its frozen correction), or the projection with a correction
    file's weights and round means (`FILE*SHARE`: a share of the way from hard-v3's): solo's
    or the duels' projection under it."""
    hard_v3 = CORRECTIONS["hard-v3"]
    return evaluation(hard_v3 if path is None else path, hard_v3, solo)


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
    more = {game["deal"]: game
            for game in games(folder.rstrip("/") + "-more", {game["deal"] for game in kept})}
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


def rows(kept: list[dict[str, Any]], label: Evaluator, horizon: int, solo: bool = True,
         inputs: Callable[..., list[float]] = correction_inputs.features
         ) -> tuple[np.ndarray, ...]:
    """Features at each sibling's leaf (the correction's, or `inputs`' of the board, its round,
    Path and Cash: a probe's wider set), the base projection's leaf value there, the target by
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
            xs.append(inputs(p, leaf["round"], path, cash))
            values.append(base.predict(p, leaf["round"], path, cash))
            targets.append(best_step(later[0], label.predict)[0] if later
                           else final_position(sib, seat))
            groups.append(group * 100 + leaf["round"])
    return np.array(xs), np.array(values), np.array(targets), np.array(groups)


def level_kept(x: np.ndarray, value: np.ndarray, groups: np.ndarray, w: np.ndarray,
               scale: float) -> list[float]:
    """The round means that keep the projection's level, by round, for the value
    `scale` times the projection plus `w . x` on these rows: the correction's own mean, and
    the share of the projection's level the scale takes away."""
    levels = round_means(value[:, None], np.ones(1), groups)  # the projection's, by round
    return [c + (scale - 1) * m for c, m in zip(round_means(x, w, groups), levels, strict=True)]


def step_from(kept: list[dict[str, Any]], label: Evaluator, start: CorrectedEvaluator,
              horizon: int, alpha: float, solo: bool = True,
              held: Callable[[int], bool] = held_out) -> Fitted:
    """A step from the correction `start` plays with (entry 169): ridge of the target less
    `start`'s own leaf value (its projection scale and weights), within groups, on the
    features and the projection's value, the penalty on the change, so that a large `alpha`
    moves only the directions the rows determine well; the new correction is `start`'s plus
    the change, each round's level kept (the projection's mean by round)."""
    train = [game for game in kept if not held(game["deal"])]
    x, value, target, groups = rows(train, label, horizon, solo)
    w0, s0 = np.array(start.correction), start.projection_scale
    change = ridge(within(np.column_stack([x, value]), groups),
                   within(target - (s0 * value + x @ w0), groups), alpha)
    w, scale = w0 + change[:-1], s0 + float(change[-1])
    return Fitted(w, level_kept(x, value, groups, w, scale), len(target),
                  1.0 + float(change[-1]), scale)


def rank_step(kept: list[dict[str, Any]], label: Evaluator, start: CorrectedEvaluator,
              horizon: int, alpha: float, solo: bool = True,
              held: Callable[[int], bool] = held_out, margin: float = 0.5) -> Fitted:
    """A step from `start` that fits the order of siblings rather than their values (entry
    173): for every pair of siblings of one sample whose targets differ by `margin` or more,
    the logistic loss of the value putting the better one first (one space of value
    difference a logit), plus `alpha` times the squared change of the projection scale and
    weights, each in the spread of its pairs' differences (Newton's method). The value's
    scale stays the start's own unless the pairs say otherwise; each round's level kept."""
    train = [game for game in kept if not held(game["deal"])]
    x, value, target, groups = rows(train, label, horizon, solo)
    inputs = np.column_stack([x, value])
    better, worse = [], []
    for group in np.unique(groups):
        members = np.flatnonzero(groups == group)
        for i in members:
            for j in members:
                if target[i] - target[j] >= margin:
                    better.append(i)
                    worse.append(j)
    if not better:
        raise ValueError("no pair of siblings apart by the margin")
    d = inputs[better] - inputs[worse]
    spread = d.std(axis=0)
    spread[spread == 0] = 1.0
    start_at = np.append(np.array(start.correction), start.projection_scale)
    theta = start_at.copy()
    penalty = 2 * alpha * spread ** 2
    for _ in range(25):
        p = 1 / (1 + np.exp(np.clip(d @ theta, -30, 30)))  # the chance the order is wrong
        gradient = -(d * p[:, None]).mean(axis=0) + penalty * (theta - start_at)
        hessian = (d * (p * (1 - p))[:, None]).T @ d / len(d) + np.diag(penalty)
        move = np.linalg.solve(hessian, gradient)
        theta -= move
        if np.abs(move).max() < 1e-9:
            break
    w, scale = theta[:-1], float(theta[-1])
    return Fitted(w, level_kept(x, value, groups, w, scale), len(d), 1.0, scale)


def fit(kept: list[dict[str, Any]], label: Evaluator, horizon: int, alpha: float,
        solo: bool = True, held: Callable[[int], bool] = held_out, keep_scale: bool = False,
        match_spread: bool = False) -> Fitted:
    """The correction fitted on the training games' rows. ValueError when its `1 + b` is
    below `MIN_SCALE`, unless `match_spread` scales the fitted order by the ratio of hard-v3's
    within-decision spread on the training games to its own (about hard-v3's spread then:
    the last round's leaves are exact, unscaled), its level kept round by round."""
    train = [game for game in kept if not held(game["deal"])]
    x, value, target, groups = rows(train, label, horizon, solo)
    miss = within(target - value, groups)
    if keep_scale:
        w, scale = ridge(within(x, groups), miss, alpha), 1.0
    else:
        coef = ridge(within(np.column_stack([x, value]), groups), miss, alpha)
        scale = 1.0 + float(coef[-1])
        if scale < MIN_SCALE and not match_spread:
            raise ValueError(f"1 + b is {scale:.3f}, below {MIN_SCALE}: the fit would scale "
                             "its correction up more than twice (try --keep-scale or "
                             "--match-spread)")
        w = coef[:-1] / scale
    means = round_means(x, w, groups)
    if not match_spread:
        return Fitted(w, means, len(target), scale)
    k = spread_ratio(kept, w, means, solo, held)
    return Fitted(k * w, level_kept(x, value, groups, k * w, k), len(target), scale, k)


def spread_ratio(kept: list[dict[str, Any]], w: np.ndarray, means: list[float], solo: bool,
                 held: Callable[[int], bool]) -> float:
    """hard-v3's within-decision spread on the training games over that of the projection
    corrected by `w`: what `--match-spread` scales the fitted order by."""
    base = projection(solo, True, ())
    assert isinstance(base, Evaluator)

    def fitted_on(deal: int) -> bool:
        return not held(deal)

    return (mean_spread(gate(kept, evaluator(None, solo), fitted_on))
            / mean_spread(gate(kept, CorrectedEvaluator(base, list(w), means), fitted_on)))


def gate(kept: list[dict[str, Any]], ev: Evaluator, held: Callable[[int], bool] = held_out
         ) -> dict[int, list[Judged]]:
    """Per held-out game, per decision: how `ev` judged its siblings against their
    outcomes."""
    out: dict[int, list[Judged]] = {}
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
        out.setdefault(deal, []).append(Judged(max(finals) - finals[first], alike, pairs,
                                               statistics.pstdev(judged)))
    return out


def mean_spread(judged: dict[int, list[Judged]]) -> float:
    """The evaluator's within-decision spread, averaged over the decisions."""
    return statistics.fmean(j.spread for rows in judged.values() for j in rows)


def gate_report(kept: list[dict[str, Any]], candidate: Evaluator, solo: bool = True,
                held: Callable[[int], bool] = held_out) -> str:
    base = gate(kept, evaluator(None, solo), held)
    new = gate(kept, candidate, held)
    if not base:
        return "no held-out decision with two siblings yet"

    def regret(per: dict[int, list[Judged]], deal: int) -> float:
        return statistics.fmean(j.regret for j in per[deal])

    def agreement(per: dict[int, list[Judged]]) -> float:
        pairs = sum(j.pairs for rows in per.values() for j in rows)
        return sum(j.alike for rows in per.values() for j in rows) / pairs if pairs else math.nan

    deals = sorted(base)
    diffs = [regret(new, d) - regret(base, d) for d in deals]
    mean = statistics.fmean(diffs)
    half = Z95 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else math.inf
    decisions = sum(len(base[d]) for d in deals)
    ratio = mean_spread(new) / mean_spread(base) if mean_spread(base) else math.inf
    level = "within" if ratio <= MAX_SPREAD else "above"
    return (f"{len(deals)} held-out games, {decisions} decisions: top-1 regret hard-v3 "
            f"{statistics.fmean(regret(base, d) for d in deals):.3f}, candidate "
            f"{statistics.fmean(regret(new, d) for d in deals):.3f}, candidate - hard-v3 "
            f"{mean:+.3f} (95% {mean - half:+.3f} .. {mean + half:+.3f}); sibling agreement "
            f"hard-v3 {agreement(base):.3f}, candidate {agreement(new):.3f}; within-decision "
            f"spread hard-v3 {mean_spread(base):.3f}, candidate {mean_spread(new):.3f} "
            f"({ratio:.2f} times, {level} the level check's {MAX_SPREAD})")


def fresh_label(fresh: tuple[int, int | None] | None) -> int | str | None:
    """`--fresh` as the fitted file keeps it: the deal alone, as before ranges, or FIRST-LAST."""
    if fresh is None or fresh[1] is None:
        return None if fresh is None else fresh[0]
    return f"{fresh[0]}-{fresh[1]}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_generation",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, nargs="+", help="the sampler's games (a "
                        "<seats>p folder; several: all their games, e.g. a candidate's own)")
    parser.add_argument("--horizon", type=int, default=3, help="rounds the target looks on")
    parser.add_argument("--label", help="the correction file of the labelling evaluator "
                        "(hard-v3's unless told)")
    parser.add_argument("--alpha", type=float, default=300.0, help="the ridge penalty")
    parser.add_argument("--out", help="write the fitted correction here")
    parser.add_argument("--gate", help="only the offline gate for this correction file")
    parser.add_argument("--more", action="store_true", help="with the resampler's hidden "
                        "samples (DIR-more, `lab.board_resampler`): every game must have them")
    parser.add_argument("--keep-scale", action="store_true", help="fit the target's miss on "
                        "the features alone, the projection's own differences kept (b = 0)")
    parser.add_argument("--match-spread", action="store_true", help="scale the fitted "
                        "order so that its within-decision spread on the training games is "
                        "hard-v3's (the projection scaled too: `projection_scale`)")
    parser.add_argument("--start", help="a correction file to step from: fit the miss of "
                        "its own value, the ridge penalty on the change (entry 169)")
    parser.add_argument("--rank", action="store_true", help="with --start: fit the order "
                        "of siblings (a logistic loss on pairs), not their values (entry 173)")
    parser.add_argument("--fresh", type=fresh_range, metavar="DEAL[-LAST]", help="hold out "
                        "the games from this deal on (to LAST), sampled later, fit on all "
                        "others (default: a fifth of the deals, deal %% 5 == 0)")
    args = parser.parse_args(argv)
    if args.horizon < 1:
        parser.error("--horizon must be at least 1")
    kept = []
    for folder in args.dir:
        found = games(folder)
        if not found:
            parser.error(f"no games in {folder}")
        if args.more:
            try:
                found = with_more(found, folder)
            except ValueError as error:
                parser.error(str(error))
        kept += found
    deals = [game["deal"] for game in kept]
    if len(set(deals)) < len(deals):
        parser.error("a deal's game in two of the folders: each deal once")
    seats = {game["seats"] for game in kept}
    if len(seats) > 1:
        parser.error(f"games of {sorted(seats)} seats in {' '.join(args.dir)}: one kind")
    solo = seats == {1}
    held = held_out if args.fresh is None else fresh_from(*args.fresh)
    if args.gate:
        print(gate_report(kept, evaluator(args.gate, solo), solo, held))
        return 0
    if all(held(game["deal"]) for game in kept):
        parser.error("no game to fit on yet: every game there is held out")
    if args.rank and not args.start:
        parser.error("--rank steps from a correction: give --start")
    if args.start and (args.keep_scale or args.match_spread):
        parser.error("--start takes neither --keep-scale nor --match-spread: its step keeps "
                     "the start's scale and moves it")
    try:
        if args.rank:
            w, means, count, scale, projection_scale = rank_step(
                kept, evaluator(args.label, solo), evaluator(args.start, solo), args.horizon,
                args.alpha, solo, held)
        elif args.start:
            w, means, count, scale, projection_scale = step_from(
                kept, evaluator(args.label, solo), evaluator(args.start, solo), args.horizon,
                args.alpha, solo, held)
        else:
            w, means, count, scale, projection_scale = fit(
                kept, evaluator(args.label, solo), args.horizon, args.alpha, solo, held,
                args.keep_scale, args.match_spread)
    except ValueError as error:
        print(f"refused: {error}", file=sys.stderr)
        return 1
    fitted = {"names": list(correction_inputs.NAMES), "weights": [round(float(v), 6) for v in w],
              "round_means": [round(m, 6) for m in means], "rows": count,
              "games": len(kept), "seats": min(seats), "alpha": args.alpha,
              "horizon": args.horizon, "fresh": fresh_label(args.fresh), "scale": round(scale, 6),
              "keep_scale": args.keep_scale, "projection_scale": round(projection_scale, 6),
              "label": args.label or "hard-v3", "start": args.start, "rank": args.rank,
              "command": "python -m lab.fit_generation " + " ".join(argv or sys.argv[1:])}
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(fitted, f, indent=1)
    fitted_on = sum(not held(game["deal"]) for game in kept)
    print(f"{count} rows of {fitted_on} games fitted ({len(kept) - fitted_on} held out); "
          f"1 + b {scale:.3f}, weights' norm {float(np.linalg.norm(w)):.2f}, projection "
          f"scale {projection_scale:.3f}")
    base = projection(solo, True, ())
    assert isinstance(base, Evaluator)
    played = corrected_evaluator(base, [float(v) for v in w], means, projection_scale)
    print(gate_report(kept, played, solo, held))
    return 0


if __name__ == "__main__":
    sys.exit(main())
