"""More hidden samples for the board sampler's decisions (issue 49, item 2, generation 2): each
sibling of a kept decision played on from several hidden samples, not one, so that what it
is worth is a mean, with a quarter of one sample's noise at four.

    python -m lab.board_resampler --dir /work/data/boards --seats 1 --first 60000 --games 200 \\
        --samples 3 --workers 2

Generation 1 failed its gate on labels too noisy to find the small margin between siblings
(docs/ai-lab.md, entry 122: one hidden sample each, 0.51 spaces between the best and the
worst sibling of a decision on average). This tool takes up the games `lab.board_sampler`
kept (`DIR/<seats>p/<deal>.json.gz`) without playing hard-v3's games again: it replays each
game's moves from its deal, with the sampler's own random stream, to the states of its kept
decisions (checking that the view it draws there is the one kept), draws `--samples` more
hidden samples there from a stream of its own, and plays every kept sibling on from each of
them to the game's end, by the game's follower (the same seeds for every sibling of one
sample, as the sampler does). Written beside the game, in `DIR/<seats>p-more/<deal>.json.gz`,
whole: a stopped run is taken up by running the same command again.

`lab.fit_generation` reads them with the games (`samples`): each sample's siblings are a group
of their own in the fit, and the gate judges a sibling by its mean over the samples.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from multiprocessing import Pool
from typing import Any, NamedTuple

from loyang_game.engine import GameConfig, GameState, Move, flow, new_game

from .board_sampler import (
    continuation,
    decision_stream,
    games,
    games_arguments,
    hidden_sample,
    keeps,
    table,
    write,
)


class KeptDecision(NamedTuple):
    """A kept decision replayed: the game's state there, and the hidden sample the sampler
    drew for it (the view its siblings were played on from, and their followers' seed)."""

    state: GameState
    view: GameState
    seed: int


def kept_decisions(game: dict[str, Any]) -> list[KeptDecision]:
    """The game's kept decisions, in order: the game replayed from its deal by its moves,
    drawing on the sampler's random stream exactly as the sampler did (which decisions it
    kept, their one hidden sample, its seed), so that each kept view can be checked against
    the view drawn again. AssertionError when the replay strays."""
    seats, deal, rates = game["seats"], game["deal"], tuple(game["rates"])
    rng = decision_stream(deal, seats)
    state = new_game(GameConfig(seats=seats, seed=deal))
    found: list[KeptDecision] = []
    for data in game["moves"]:
        if keeps(state, flow.decision(state), rates, rng):
            kept = game["decisions"][len(found)]
            view, seed = hidden_sample(state, state.to_move, rng)
            assert table(view) == {k: kept[k] for k in ("round", "offer", "boards")}, \
                f"deal {deal}: the replay strays at kept decision {len(found)}"
            found.append(KeptDecision(state.clone(), view, seed))
        state.apply(Move.from_data(data))
    assert len(found) == len(game["decisions"]), f"deal {deal}: kept decisions missed"
    return found


def more_views(game: dict[str, Any], number: int, state: GameState, samples: int
               ) -> list[tuple[GameState, int]]:
    """The resampler's `samples` hidden samples of the game's kept decision `number` (at
    `state`), each a view and its followers' seed: drawn from a stream of their own, so
    `lab.pick_gate` plays another move on from the very same samples."""
    rng = random.Random(f"more {game['seats']} {game['deal']} {number}")
    return [hidden_sample(state, state.to_move, rng) for _ in range(samples)]


def more_samples(game: dict[str, Any], samples: int) -> list[list[list[dict[str, Any]]]]:
    """Per kept decision, per new sample: each kept sibling's continuation from that sample."""
    out = []
    for number, (point, kept) in enumerate(zip(kept_decisions(game), game["decisions"],
                                               strict=True)):
        moves = [Move.from_data(s["move"]) for s in kept["siblings"]]
        out.append([[continuation(view, move, game["follower"], seed) for move in moves]
                    for view, seed in more_views(game, number, point.state, samples)])
    return out


def resample_game(job: tuple[str, int, int]) -> int | None:
    """The kept game of `deal` given `samples` more hidden samples a decision, written to its
    file (nothing if the file is there: taken up); None when the sampler kept no such game."""
    folder, deal, samples = job
    path = os.path.join(folder + "-more", f"{deal}.json.gz")
    if os.path.exists(path):
        return deal
    kept = games(folder, range(deal, deal + 1))
    if not kept:
        return None
    game = kept[0]
    os.makedirs(folder + "-more", exist_ok=True)
    write(path, {"deal": deal, "seats": game["seats"], "follower": game["follower"],
                 "samples": samples, "decisions": more_samples(game, samples)})
    return deal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.board_resampler",
                                     description=__doc__.split("\n\n")[0])
    games_arguments(parser)
    parser.add_argument("--samples", type=int, default=3, help="more hidden samples a decision")
    args = parser.parse_args(argv)
    if not 1 <= args.seats <= 4 or min(args.games, args.samples, args.workers) < 1:
        parser.error("--seats 1-4; --games, --samples and --workers at least 1")
    folder = os.path.join(args.dir, f"{args.seats}p")
    if not os.path.isdir(folder):
        parser.error(f"no sampled games in {folder}: run lab.board_sampler first")
    jobs = [(folder, deal, args.samples) for deal in range(args.first, args.first + args.games)]
    with Pool(args.workers) as pool:
        for deal in pool.imap_unordered(resample_game, jobs):
            if deal is not None:
                print(deal, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
