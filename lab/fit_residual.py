"""Fit the solo projection's learned corrections from self-play: the linear one on board
totals (`residual.py`, no level uses it), and the sibling correction hard plays with
(`ai/corrected.py`).

    python -m lab.fit_residual record --deals 1000-1400 --dir runs/boards   # both cores
    python -m lab.fit_residual fit --dir runs/boards --out runs/residual.json
    python -m lab.fit_residual sample --deals 5000-6000 --dir runs/leaves   # both cores
    python -m lab.fit_residual fit-siblings --dir runs/leaves --alpha 300 --out runs/correction.json

`record` plays solo games with an agent (the shipped `hard` by default: the data come from the
policy that will use them) and keeps, for every round, the board at the farmer's Path step: the
place where the search asks the evaluation for a value. Games are written one file per deal
(pickles of our own engine states: lab data, never loaded from anywhere else), so a stopped
run resumes where it was.

`fit` is fitted value evaluation. A board's target is the leaf value of the same game's board
one round later (exact in the last round), computed with the correction fitted so far, and
the correction is fitted again on those targets (ridge least squares, numpy), a few times
over. A one-round target spreads about 0.3 spaces, against about one space for the final
score. Games are split by deal into a training and a held-out part, and the held-out
bootstrap error is printed for the projection alone and with the correction.

`sample` keeps every N-th board hard's search judges at a leaf and plays each a round on
twice; `fit-siblings` fits the correction on how the boards of one game's round differ from
one another, their round-later values against their leaf values (docs/ai-lab.md, entries
91-92). hard-v3's correction (`lab/frozen/hard-v3-correction.json`, shipped until hard-v4)
was fitted so, on boards sampled with hard as it was before it used a correction. A new fit
goes to a file of its own and is screened as a candidate (`lab.candidates`).
"""

from __future__ import annotations

import argparse
import glob
import itertools
import json
import os
import pickle
import random
import sys
from collections.abc import Callable
from multiprocessing import Pool

import numpy as np

from ai import correction_inputs, verify
from ai.evaluate import default_evaluator
from ai.leaves import final_value
from ai.offer_ahead import next_offer_gain
from ai.search import MCTSAgent
from ai.turn import apply_option
from loyang_game.engine import GameConfig, GameState, Hook, Move, flow, new_game, play, solo
from loyang_game.engine.cards import ROUNDS, path_cost
from loyang_game.engine.moves import ADVANCE

from . import residual
from .compare import Job, agent_seed
from .yardsticks import make_agent


def record_one(job: tuple[str, str, int]) -> int:
    """Play `deal` alone with `agent`; store each round's board at the Path step."""
    folder, agent_name, deal = job
    path = os.path.join(folder, f"{deal}.pkl")
    if os.path.exists(path):
        return deal
    agent = make_agent(agent_name, agent_seed(deal, 0), True)
    state = new_game(GameConfig(seats=1, seed=deal))
    boards = PathBoards()
    play(state, agent.choose, hooks=[boards])
    write(path, {"deal": deal, "agent": agent_name, "score": solo.result(state)["score"],
                  "boards": boards.boards})
    return deal


class PathBoards(Hook):
    """Every board at the farmer's Path step, pickled as the agent left it after choosing."""

    def __init__(self) -> None:
        self.boards: list[bytes] = []

    def chosen(self, state: GameState, move: Move) -> None:
        if flow.decision(state) == "path":
            self.boards.append(pickle.dumps(state))


def write(path: str, data: dict) -> None:
    """One game's file, whole or not at all (a stopped run resumes at the next deal)."""
    with open(path + ".tmp", "wb") as f:
        pickle.dump(data, f)
    os.replace(path + ".tmp", path)


def recorded(folder: str, deals: range | None = None) -> list[dict]:
    """The recorded games of `folder` (those of `deals` only, if given), in deal order."""
    games = []
    for name in sorted(glob.glob(os.path.join(folder, "*.pkl"))):
        with open(name, "rb") as f:
            game = pickle.load(f)
        if deals is None or game["deal"] in deals:
            games.append(game)
    return games


Step = tuple[float, float, list[float] | None]  # (projected, next-Offer gain, features)


def steps_of(state) -> list[Step]:
    """Every Path step of a recorded board: what the shipped evaluation makes of it, and the
    correction's features there (none in the last round, where the value is exact)."""
    ev = default_evaluator(True)
    p = state.players[0]
    steps = []
    for m in state.legal_moves():
        if m.kind != ADVANCE:
            continue
        path, cash = p.path + m.a, p.cash - path_cost(p.path, m.a)
        x = residual.features(p, state.round, path, cash) if state.round < ROUNDS else None
        steps.append((ev.predict(p, state.round, path, cash),
                      next_offer_gain(state, 0, ev, path, cash), x))
    return steps


def load_games(folder: str) -> list[list[list[Step]]]:
    """Each recorded game as its rounds' Path steps, in deal order."""
    return [[steps_of(pickle.loads(blob)) for blob in data["boards"]]
            for data in recorded(folder)]


def leaf(steps: list[Step], w: np.ndarray | None) -> tuple[float, Step]:
    """The leaf value as the search takes it: the step the (corrected) evaluation prefers,
    plus the next Offer's gain there."""
    def value(step: Step) -> float:
        base, _, x = step
        return base + (float(np.dot(w, x)) if w is not None and x is not None else 0.0)
    best = max(steps, key=value)
    return value(best) + best[1], best


def targets(games, w: np.ndarray | None) -> tuple[np.ndarray, np.ndarray]:
    """Features and residual targets (next round's leaf less this board's uncorrected leaf)."""
    xs, ys = [], []
    for rounds in games:
        leaves = [leaf(steps, w) for steps in rounds]
        for (_, (base, gain, x)), (target, _) in itertools.pairwise(leaves):
            if x is not None:
                xs.append(x)
                ys.append(target - base - gain)
    return np.array(xs), np.array(ys)


class LeafSampler(MCTSAgent):
    """The shipped search, keeping every `every`-th board it judges at a leaf: the boards the
    search compares, good and bad, not only those its own games pass through."""

    def __init__(self, level: str, seed: int, every: int) -> None:
        super().__init__(level, seed, deterministic=True)
        self.every, self.seen = every, 0
        self.kept: list[bytes] = []

    def _path_leaf(self, det, seat: int) -> float:
        self.seen += 1
        if self.seen % self.every == 0 and det.round < ROUNDS:
            self.kept.append(pickle.dumps(det))
        return super()._path_leaf(det, seat)


def round_later(board, agent, rng: random.Random) -> float:
    """Play `board` (at the farmer's Path step) on with `agent` through the next round, with
    the hidden cards drawn afresh; the leaf value at the next Path step (final position if
    the game ends first)."""
    value = verify.play_on(board.observe(0, rng), 0, (), agent,
                           lambda state, _seat: leaf(steps_of(state), None)[0], final_value,
                           apply_option)
    assert value is not None  # None only for a play-on told to halt, and this one is not
    return value


def sample_one(job: tuple[str, str, int, int, str, int]) -> int:
    """One game of `level` on `deal`, every `every`-th leaf board kept with `continuations`
    round-later values by `follower`."""
    folder, level, deal, every, follower, continuations = job
    path = os.path.join(folder, f"{deal}.pkl")
    if os.path.exists(path):
        return deal
    sampler = LeafSampler(level, agent_seed(deal, 0), every)
    play(new_game(GameConfig(seats=1, seed=deal)), sampler.choose)
    rng = random.Random(deal)
    leaves = []
    for blob in sampler.kept:
        board = pickle.loads(blob)
        values = [round_later(board, make_agent(follower, rng.getrandbits(32), True), rng)
                  for _ in range(continuations)]
        leaves.append((blob, values))
    write(path, {"deal": deal, "level": level, "follower": follower, "leaves": leaves})
    return deal


def load_leaves(folder: str) -> list[list[tuple[list[Step], float]]]:
    """Each game's sampled leaf boards: their Path steps and mean round-later value."""
    return [[(steps_of(pickle.loads(blob)), sum(v) / len(v)) for blob, v in data["leaves"]]
            for data in recorded(folder)]


def leaf_targets(games) -> tuple[np.ndarray, ...]:
    """Features, residual targets (round-later value less the board's leaf value), leaf
    values, and each board's sibling group (its game and round: boards one search compared)."""
    xs, ys, values, groups = [], [], [], []
    for number, boards in enumerate(games):
        for steps, later in boards:
            value, (_, _, x) = leaf(steps, None)
            assert x is not None  # a sampled board keeps its features (steps_of)
            xs.append(x)
            ys.append(later - value)
            values.append(value)
            groups.append(number * 100 + round(x[0] * ROUNDS))  # x[0]: rounds still to come
    return np.array(xs), np.array(ys), np.array(values), np.array(groups)


def sibling_agreement(later: np.ndarray, judged: np.ndarray, groups: np.ndarray,
                      gap: float = 0.3) -> float:
    """Of the pairs of boards of one sibling group whose round-later values differ by more
    than `gap` spaces, the share that `judged` orders the same way."""
    agree = pairs = 0
    for group in np.unique(groups):
        index = np.flatnonzero(groups == group)
        a, b = np.triu_indices(len(index), k=1)
        diff = later[index[a]] - later[index[b]]
        keep = np.abs(diff) > gap
        judged_diff = judged[index[a]] - judged[index[b]]
        pairs += int(keep.sum())
        agree += int((np.sign(diff[keep]) == np.sign(judged_diff[keep])).sum())
    return agree / pairs if pairs else float("nan")


def fit_leaves(games, alpha: float, out=None) -> np.ndarray:
    """The correction fitted on sampled leaf boards; the held-out part's error and sibling
    agreement printed for the projection alone and with the correction."""
    held, train = games[::5], [g for i, g in enumerate(games) if i % 5]
    x, y, _, _ = leaf_targets(train)
    w = ridge(x, y, alpha)
    xh, yh, value, groups = leaf_targets(held)
    later, corrected = yh + value, value + xh @ w
    print(f"{len(x)} boards to fit, {len(xh)} held out. Held-out error: projection "
          f"{np.mean(yh ** 2):.4f}, corrected {np.mean((yh - xh @ w) ** 2):.4f}; "
          f"sibling agreement: projection {sibling_agreement(later, value, groups):.3f}, "
          f"corrected {sibling_agreement(later, corrected, groups):.3f}", file=out)
    return w


def sibling_rows(folder: str, deals: range | None = None) -> tuple[np.ndarray, ...]:
    """The sampled leaf boards of `folder` for the sibling correction (`ai/corrected.py`):
    each board's features at the Path step the uncorrected leaf takes, its round-later value,
    its leaf value, and its sibling group (game and round)."""
    ev = default_evaluator(True)
    xs, later, values, groups = [], [], [], []
    for number, data in enumerate(recorded(folder, deals)):
        for blob, plays in data["leaves"]:
            state = pickle.loads(blob)
            p = state.players[0]
            best = -1e9, p.path, p.cash
            for m in state.legal_moves():
                if m.kind == ADVANCE:
                    path, cash = p.path + m.a, p.cash - path_cost(p.path, m.a)
                    value = (ev.predict(p, state.round, path, cash)
                             + next_offer_gain(state, 0, ev, path, cash))
                    best = max(best, (value, path, cash))
            xs.append(correction_inputs.features(p, state.round, best[1], best[2]))
            later.append(sum(plays) / len(plays))
            values.append(best[0])
            groups.append(number * 100 + state.round)
    return np.array(xs), np.array(later), np.array(values), np.array(groups)


def within(a: np.ndarray, groups: np.ndarray) -> np.ndarray:
    """`a` with each sibling group's mean taken out: what is left is how siblings differ."""
    out = a.astype(float)
    for group in np.unique(groups):
        rows = groups == group
        out[rows] -= out[rows].mean(axis=0)
    return out


def fit_within(x: np.ndarray, later: np.ndarray, value: np.ndarray, groups: np.ndarray,
               alpha: float) -> np.ndarray:
    """The sibling correction's weights: ridge of the leaf's miss on the features and the
    leaf value itself, within groups. The fitted value, (1 + b) * value + w . x, orders
    siblings as value + w / (1 + b) . x does, which keeps the projection's scale (the
    search's exploration is set in spaces)."""
    z = within(np.column_stack([x, value]), groups)
    coef = ridge(z, within(later - value, groups), alpha)
    assert coef[-1] > -1, "a correction that turns the projection's order around"
    return coef[:-1] / (1 + coef[-1])


def round_means(x: np.ndarray, w: np.ndarray, groups: np.ndarray) -> list[float]:
    """The correction's mean over the boards of each round (index 0 and rounds without
    boards 0, the last round 0: it is exact), which `ai/corrected.py` takes off again so
    that the corrected value keeps the projection's level."""
    rounds = groups % 100
    return [float(np.mean(x[rounds == r] @ w)) if 0 < r < ROUNDS and (rounds == r).any()
            else 0.0 for r in range(ROUNDS + 1)]


def fit_siblings(folder: str, alpha: float, folds: int = 5, out=None,
                 deals: range | None = None) -> tuple[np.ndarray, list[float]]:
    """The sibling correction fitted on every sampled board of `folder` (of `deals`, if
    given), and its mean by round; the order of siblings `folds`-fold cross-validated by
    game printed first, for the projection alone and with the correction."""
    x, later, value, groups = sibling_rows(folder, deals)
    games = groups // 100
    fold_of = np.random.default_rng(0).permutation(int(games.max()) + 1) % folds
    held_out = np.zeros(len(later))
    for fold in range(folds):
        train, test = fold_of[games] != fold, fold_of[games] == fold
        w = fit_within(x[train], later[train], value[train], groups[train], alpha)
        held_out[test] = x[test] @ w
    print(f"{len(later)} boards of {len(np.unique(games))} games; sibling agreement "
          f"({folds} folds by game): projection {sibling_agreement(later, value, groups):.3f}, "
          f"corrected {sibling_agreement(later, value + held_out, groups):.3f}", file=out)
    w = fit_within(x, later, value, groups, alpha)
    return w, round_means(x, w, groups)


def ridge(x: np.ndarray, y: np.ndarray, alpha: float) -> np.ndarray:
    """Least squares with an L2 penalty on the standardised features."""
    scale = x.std(axis=0)
    scale[scale == 0] = 1.0
    z = x / scale
    return np.linalg.solve(z.T @ z + alpha * np.eye(z.shape[1]), z.T @ y) / scale


def fit(games, alpha: float, sweeps: int = 6, out=None) -> np.ndarray:
    """The correction fitted on recorded games by bootstrapped targets, `sweeps` times over;
    the held-out part's error printed for the projection alone and after each sweep."""
    held, train = games[::5], [g for i, g in enumerate(games) if i % 5]
    _, y0 = targets(held, None)
    print(f"{len(games)} games ({len(train)} to fit, {len(held)} held out); "
          f"held-out bootstrap error, projection alone: {np.mean(y0 ** 2):.4f}", file=out)
    w = None
    for sweep in range(sweeps):
        w = ridge(*targets(train, w), alpha)
        xh, yh = targets(held, w)
        error = np.mean((yh - xh @ w) ** 2)
        print(f"sweep {sweep + 1}: held-out error with the correction {error:.4f}", file=out)
    assert w is not None, "fit needs a sweep at least"
    return w


def play_deals(work: Callable[[Job], int], jobs: list[Job], workers: int) -> None:
    """`record` and `sample`: each deal's game played in one of `workers` processes, its
    number printed once its file is written."""
    with Pool(workers) as pool:
        for deal in pool.imap_unordered(work, jobs):
            print(deal, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.fit_residual",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("command",
                        choices=("record", "fit", "sample", "fit-leaves", "fit-siblings"))
    parser.add_argument("--dir", required=True, help="the folder of recorded games")
    parser.add_argument("--deals",
                        help="record, sample: first-last (exclusive; 1000-1400 unless told); "
                             "fit-siblings: only the boards of these deals")
    parser.add_argument("--agent", default="hard", help="record: the agent that plays")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--every", type=int, default=400,
                        help="sample: keep every N-th leaf board the search judges")
    parser.add_argument("--follower",
                        default="hard:act_iterations=400,other_iterations=120,verify=0",
                        help="sample: the agent that plays each kept board a round on "
                             "(a quarter of hard, without play-ons of its own)")
    parser.add_argument("--continuations", type=int, default=2,
                        help="sample: round-later plays per kept board")
    parser.add_argument("--alpha", type=float, default=30.0, help="fit: the ridge penalty")
    parser.add_argument("--out", help="fit: a JSON file for the fitted weights, to inspect")
    args = parser.parse_args(argv)
    first, _, last = (args.deals or "1000-1400").partition("-")
    deals = range(int(first), int(last))
    if args.command in ("record", "sample"):
        os.makedirs(args.dir, exist_ok=True)
        if args.command == "record":
            play_deals(record_one, [(args.dir, args.agent, d) for d in deals], args.workers)
        else:
            play_deals(sample_one, [(args.dir, args.agent, d, args.every, args.follower,
                                     args.continuations) for d in deals], args.workers)
        return 0
    names: tuple[str, ...] = residual.NAMES
    extra: dict[str, list[float]] = {}
    if args.command == "fit":
        recorded_games = load_games(args.dir)
        random.Random(0).shuffle(recorded_games)
        w, count = fit(recorded_games, args.alpha), len(recorded_games)
    elif args.command == "fit-leaves":
        sampled_games = load_leaves(args.dir)
        random.Random(0).shuffle(sampled_games)
        w, count = fit_leaves(sampled_games, args.alpha), len(sampled_games)
    else:
        chosen = deals if args.deals else None
        w, means = fit_siblings(args.dir, args.alpha, deals=chosen)
        count, names = len(recorded(args.dir, chosen)), correction_inputs.NAMES
        extra["round_means"] = [round(m, 6) for m in means]
    if not args.out:
        return 0
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump({"names": list(names), "weights": [round(float(v), 6) for v in w],
                   **extra, "games": count, "alpha": args.alpha,
                   "command": "python -m lab.fit_residual " + " ".join(argv or sys.argv[1:])},
                  f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
