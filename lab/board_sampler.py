"""Boards for learning a value in generations (issue 49, item 2): hard's own games, with what
its options led to, kept so that a later evaluator can label them again without replaying.

    python -m lab.board_sampler --seats 1 --first 60000 --games 200 --dir /work/data/boards
    python -m lab.board_sampler --summary --seats 1 --dir /work/data/boards

Each game is a deterministic game of `--agent` (the frozen yardstick hard-v3) on a fresh
deal. At about `--card-rate` of its Card-phase decisions that have a choice (where it buys
the customers and fields that pay rounds later: the engines issue 49 says its leaf
under-values) and `--rate` of its others (not the Path steps, which the evaluation takes
exactly), the file keeps:
- the seat's view of the table: every board (`PlayerState.to_data`) as the seat sees it,
  with the others' hidden cards drawn by the shared sample below, the Offer and the round;
- the sibling options: every first move the search tried with the value it expects after it
  (`Searched.estimates`, best first) and the move played;
- for the best `--siblings` of them (and the move played), a continuation: the view drawn
  once for the decision (`state.observe(seat, rng)`: the same hidden cards for every
  sibling, so the siblings are compared on one sample, paired), the sibling's move played,
  and the game played out to its end by `--follower` in every seat (a lighter hard-v3, the
  same seeds for every sibling); each Path step of the game that follows is kept (every
  board of the table before the step, the steps allowed and the one taken), and the final
  standings. A Path step is where the search asks its evaluation for a value: the first kept
  is the sibling's own leaf board (the end of its turn), the later ones its round ends;
- with `--beyond N`, N more such continuations, for first moves the search ranked below
  those (drawn at random among them, listed after them; the decision's `passed_over` says
  how many): the boards a search passes over, which a fit on its best moves never sees and
  where a learned correction that errs in their favour leads the search astray
  (docs/ai-lab.md, entry 188).
The game's own Path steps and final standings are kept as well. So a target can be a leaf
value one or several rounds later by any evaluator (fitted value iteration: each sweep
labels with the previous sweep's evaluator), or the final outcome.

One gzip'd JSON file per game (`DIR/<seats>p/<deal>.json.gz`), written whole: a stopped run
is taken up by running the same command again. The boards are lab data: `board()` makes an
engine `PlayerState` of one again.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Collection
from multiprocessing import Pool
from typing import Any, NamedTuple

from ai.searcher import Searcher
from loyang_game.engine import GameConfig, GameState, Move, flow, new_game
from loyang_game.engine.moves import ADVANCE
from loyang_game.engine.state import (
    Decision,
    FieldSlot,
    PlayerState,
    RegularSlot,
    Slot,
    StallSlot,
)

from .candidates import searcher
from .compare import agent_seed

AGENT = "hard-v3"
# a quarter of hard-v3's budget, without play-ons of its own (as fit_residual's follower)
FOLLOWER = "hard-v3:act_iterations=400,other_iterations=120,verify=0"
SLOTS = {"fields": FieldSlot, "stalls": StallSlot, "helpers": Slot, "regulars": RegularSlot,
         "casuals": Slot}


def board(data: dict[str, Any], seat: int = 0) -> PlayerState:
    """The engine's board of a kept `PlayerState.to_data()` (what the evaluations read)."""
    p = PlayerState(seat)
    for name, value in data.items():
        if name in SLOTS:
            value = [SLOTS[name](*slot) for slot in value]
        elif name == "effects":
            value = tuple(value)
        elif isinstance(value, list):
            value = value[:]
        setattr(p, name, value)
    return p


def table(state: GameState) -> dict[str, Any]:
    """Every board of the table, the Offer and the round, as plain data."""
    return {"round": state.round, "offer": state.offer[:],
            "boards": [p.to_data() for p in state.players]}


def path_step(state: GameState, seat: int, move: Move) -> dict[str, Any]:
    """A Path step about to be taken: the table before it, the steps allowed, the one taken."""
    steps = sorted(m.a for m in state.legal_moves() if m.kind == ADVANCE)
    return {**table(state), "seat": seat, "steps": steps, "step": move.a}


def standings(state: GameState) -> list[dict[str, int]]:
    return sorted(state.standings(), key=lambda row: row["seat"])


def play_out(state: GameState, agents: list[Searcher]) -> list[dict[str, Any]]:
    """`state` played to its end by `agents`, one a seat; its Path steps, kept."""
    steps = []
    while not state.is_over:
        seat = state.to_move
        move = agents[seat].choose(state)
        if flow.decision(state) == Decision.PATH:
            steps.append(path_step(state, seat, move))
        state.apply(move)
    return steps


def continuation(view: GameState, move: Move, follower: str, seed: int) -> dict[str, Any]:
    """`move` played in (a copy of) the sampled `view`, then the game to its end by
    `follower` in every seat, seeded from `seed` (the same for every sibling)."""
    state = view.clone()
    agents = [searcher(follower, seed + seat, True) for seat in range(state.config.seats)]
    state.apply(move)
    steps = play_out(state, agents)
    return {"move": move.to_data(), "path_steps": steps, "final": standings(state)}


def siblings(estimates: tuple[tuple[Move, float], ...], played: Move, count: int
             ) -> list[Move]:
    """The `count` best first moves tried, and the move played if it is not among them."""
    best = [move for move, _ in estimates[:count]]
    return best if played in best else [*best, played]


def passed_over(estimates: tuple[tuple[Move, float], ...], chosen: list[Move], count: int,
                seed: int) -> list[Move]:
    """`count` of the first moves tried that are not `chosen`, drawn at random by a stream of
    their own (from the decision's continuation seed), so the decision stream the resampler
    replays is the same with them or without."""
    rest = [move for move, _ in estimates if move not in chosen]
    return random.Random(f"beyond {seed}").sample(rest, min(count, len(rest)))


def decision_stream(deal: int, seats: int) -> random.Random:
    """The random stream that picks a game's kept decisions and draws their hidden samples
    (`lab.board_resampler` replays it)."""
    return random.Random(deal * 1009 + seats)


def keeps(state: GameState, decision: Decision, rates: tuple[float, float],
          rng: random.Random) -> bool:
    """Is `state`'s decision kept? At `rates[0]` of the Card-phase decisions with a choice, at
    `rates[1]` of the others (never a Path step: the evaluation takes those exactly)."""
    rate = rates[0] if decision == Decision.CARDS else rates[1]
    return decision != Decision.PATH and len(state.legal_moves()) > 1 and rng.random() < rate


def hidden_sample(state: GameState, seat: int, rng: random.Random) -> tuple[GameState, int]:
    """What the seat may know, the hidden cards drawn from `rng`, and the seed its siblings'
    continuations share."""
    view = state.observe(seat, rng)
    return view, rng.getrandbits(32)


def sampled(state: GameState, agent: Searcher, seat: int, rng: random.Random,
            follower: str, count: int, beyond: int = 0) -> tuple[Move, dict[str, Any]]:
    """`agent`'s move at this decision, and what the sampler keeps of it."""
    found = agent.search(state, seat)
    view, seed = hidden_sample(state, seat, rng)  # the hidden cards drawn once
    moves = siblings(found.estimates, found.move, count)
    extra = passed_over(found.estimates, moves, beyond, seed)
    kept = {**table(view), "seat": seat, "phase": state.phase,
            "decision": str(flow.decision(state)), "played": found.move.to_data(),
            "estimates": [[m.to_data(), round(v, 4)] for m, v in found.estimates],
            "siblings": [continuation(view, m, follower, seed) for m in moves + extra],
            "passed_over": len(extra)}
    return found.move, kept


class SampleJob(NamedTuple):
    """One game for a worker: where it goes, the table, who plays it, what is kept."""

    folder: str
    seats: int
    deal: int
    agent: str
    follower: str
    rates: tuple[float, float]
    siblings: int
    beyond: int = 0


def sample_game(job: SampleJob) -> int:
    """One game of `agent` on `deal`, its sampled decisions and Path steps written to a file
    of its own (nothing if the file is there: taken up)."""
    folder, seats, deal, agent_name, follower, rates, count, beyond = job
    path = os.path.join(folder, f"{deal}.json.gz")
    if os.path.exists(path):
        return deal
    start = time.process_time()
    agents = [searcher(agent_name, agent_seed(deal, seat), True) for seat in range(seats)]
    rng = decision_stream(deal, seats)
    state = new_game(GameConfig(seats=seats, seed=deal))
    decisions, steps = [], []
    while not state.is_over:
        seat = state.to_move
        agent = agents[seat]
        decision = flow.decision(state)
        if keeps(state, decision, rates, rng):
            move, kept = sampled(state, agent, seat, rng, follower, count, beyond)
            decisions.append(kept)
        else:
            move = agent.choose(state)
        if decision == Decision.PATH:
            steps.append(path_step(state, seat, move))
        state.apply(move)
    write(path, {"deal": deal, "seats": seats, "agent": agent_name, "follower": follower,
                 "rates": rates, "siblings": count, "beyond": beyond,
                 "moves": [m.to_data() for m in state.moves()],
                 "path_steps": steps, "final": standings(state), "decisions": decisions,
                 "cpu": round(time.process_time() - start, 1)})
    return deal


def write(path: str, data: dict[str, Any]) -> None:
    """One game's file, whole or not at all."""
    with gzip.open(path + ".tmp", "wt", encoding="utf-8") as f:
        json.dump(data, f, separators=(",", ":"))
    os.replace(path + ".tmp", path)


def games(folder: str, deals: Collection[int] | None = None) -> list[dict[str, Any]]:
    """The games kept in `folder` (of `deals` only, if given), in deal order."""
    found = []
    for name in os.listdir(folder) if os.path.isdir(folder) else []:
        if name.endswith(".json.gz") and (deals is None or int(name.split(".")[0]) in deals):
            with gzip.open(os.path.join(folder, name), "rt", encoding="utf-8") as f:
                found.append(json.load(f))
    return sorted(found, key=lambda game: game["deal"])


def summary(kept: list[dict[str, Any]]) -> str:
    if not kept:
        return "no games kept yet"
    decisions = [d for game in kept for d in game["decisions"]]
    branches = [s for d in decisions for s in d["siblings"]]
    boards = sum(len(s["path_steps"]) for s in branches) + sum(len(g["path_steps"])
                                                               for g in kept)
    mine = [game["final"][0]["position"] for game in kept]
    return (f"{len(kept)} games (deals {kept[0]['deal']}-{kept[-1]['deal']}), "
            f"{len(decisions)} sampled decisions, {len(branches)} continuations, {boards} "
            f"Path-step tables; seat 0's mean final position {statistics.fmean(mine):.2f}; "
            f"CPU {statistics.fmean(g['cpu'] for g in kept):.0f} s a game")


def games_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that say which games (the data folder, the seats, the deals), and the
    worker processes that play them."""
    parser.add_argument("--dir", required=True, help="the data folder (a <seats>p folder in it)")
    parser.add_argument("--seats", type=int, default=1)
    parser.add_argument("--first", type=int, default=60000, help="the first deal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--workers", type=int, default=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.board_sampler",
                                     description=__doc__.split("\n\n")[0])
    games_arguments(parser)
    parser.add_argument("--agent", default=AGENT, help="the agent whose games are sampled "
                        "(a yardstick or level, or a candidate BASE+correction=FILE)")
    parser.add_argument("--follower", default=FOLLOWER, help="plays the continuations")
    parser.add_argument("--card-rate", type=float, default=0.15,
                        help="the share of Card-phase decisions with a choice kept")
    parser.add_argument("--rate", type=float, default=0.015,
                        help="the share of other decisions with a choice (not a Path step) kept")
    parser.add_argument("--siblings", type=int, default=4,
                        help="continuations for the best first moves tried, at most")
    parser.add_argument("--beyond", type=int, default=0,
                        help="continuations for first moves ranked below those, drawn at random")
    parser.add_argument("--summary", action="store_true", help="say what the folder holds")
    args = parser.parse_args(argv)
    if not 1 <= args.seats <= 4 or args.games < 1 or args.workers < 1 or args.siblings < 1 \
            or args.beyond < 0 or not 0 <= args.rate <= 1 or not 0 <= args.card_rate <= 1:
        parser.error("--seats 1-4, --games, --workers and --siblings at least 1, --beyond at "
                     "least 0, the rates in [0, 1]")
    folder = os.path.join(args.dir, f"{args.seats}p")
    if args.summary:
        print(summary(games(folder)))
        return 0
    for name in (args.agent, args.follower):
        try:
            searcher(name)
        except (ValueError, OSError) as error:
            parser.error(str(error))
    os.makedirs(folder, exist_ok=True)
    rates = (args.card_rate, args.rate)
    jobs = [SampleJob(folder, args.seats, deal, args.agent, args.follower, rates, args.siblings,
                      args.beyond) for deal in range(args.first, args.first + args.games)]
    with Pool(args.workers) as pool:
        for deal in pool.imap_unordered(sample_game, jobs):
            print(deal, flush=True)
    print(summary(games(folder)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
