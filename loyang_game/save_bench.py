"""Save and load times of a late-game 4-player state: `python -m loyang_game.save_bench`.

An autosave follows every move of a person's turn, so a save must not be felt (the aim is at
most 50 ms). The files go to a temporary folder inside the save folder, so that the timing
includes the fsync of the disk real saves go to.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from .engine import GameConfig, new_game
from .paths import save_dir
from .save import load_game, save_game


def late_game(seed: int, moves_from_end: int = 5):
    """A random 4-player game `moves_from_end` moves before its end."""
    def play(limit: int | None):
        rng = random.Random(seed)
        state = new_game(GameConfig(seats=4, seed=seed))
        while not state.is_over and (limit is None or len(state.moves()) < limit):
            legal = state.legal_moves()
            state.apply(legal[rng.randrange(len(legal))])
        return state

    return play(len(play(None).moves()) - moves_from_end)


def _median_ms(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=50)
    args = parser.parse_args(argv)
    state = late_game(args.seed)
    folder = save_dir()
    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".bench-") as temporary:
        path = Path(temporary) / "bench.msgpack"
        save_ms = _median_ms(lambda: save_game(state, path), args.repeats)
        load_ms = _median_ms(lambda: load_game(path), args.repeats)
        size = path.stat().st_size
    print(f"late-game 4-player state: round {state.round}, {len(state.moves())} moves, "
          f"{size} bytes")
    print(f"save (atomic, fsync): {save_ms:.2f} ms median of {args.repeats}")
    print(f"load (replay, check): {load_ms:.2f} ms median of {args.repeats}")


if __name__ == "__main__":
    main()
