"""Save and load times of a late-game 4-player state, and how long the hardest hostile files
take to refuse: `python -m lab.save_bench`.

An autosave follows every move of a person's turn, so a save must not be felt (the aim is at
most 50 ms), and no file, however built, may hold up the Load menu (the aim is well under a
second each). The files go to a temporary folder inside the save folder, so that the timing
includes the fsync of the disk real saves go to.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

import msgpack

from loyang_game.engine import GameConfig, new_game, play, random_moves
from loyang_game.files.paths import save_dir
from loyang_game.files.save import MAX_MOVES, SaveError, load_game, save_game


def late_game(seed: int, moves_from_end: int = 5):
    """A random 4-player game `moves_from_end` moves before its end."""
    def game(limit: int | None):
        state = new_game(GameConfig(seats=4, seed=seed))
        play(state, random_moves(random.Random(seed)), limit=limit)
        return state

    return game(len(game(None).moves()) - moves_from_end)


def nested(depth: int) -> list:
    """A list inside a list... `depth` deep."""
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


def heavy_files(doc: dict) -> dict[str, bytes]:
    """Hostile files that give the loader the most work, built from the save document `doc`
    (tests/test_save_fuzz.py loads them among its cases)."""
    return {
        "deep nesting": b"\x91" * 100_000 + b"\xc0",
        "deep maps": b"\x81\xa1k" * 50_000 + b"\xc0",
        "nested just under the limit": msgpack.packb({**doc, "moves": nested(500)}),
        "many empty lists": b"\xdc\x27\x10" + (b"\xdc\x00\x31" + b"\x90" * 49) * 10_000,
        "longest move list": msgpack.packb({**doc, "moves": [["loan"]] * MAX_MOVES}),
        "move list too long": msgpack.packb({**doc, "moves": [["end"]] * (MAX_MOVES + 1)}),
    }


def _refuse(path: Path) -> None:
    try:
        load_game(path)
    except SaveError:
        return
    raise AssertionError(f"{path.name} loaded")


def _median_ms(action, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.save_bench",
                                     description=__doc__.splitlines()[0])
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
        doc = msgpack.unpackb(path.read_bytes())
        hostile = Path(temporary) / "hostile.msgpack"
        refuse_ms: dict[str, float] = {}
        for label, data in heavy_files(doc).items():
            hostile.write_bytes(data)
            refuse_ms[label] = _median_ms(lambda: _refuse(hostile), max(1, args.repeats // 10))
    print(f"late-game 4-player state: round {state.round}, {len(state.moves())} moves, "
          f"{size} bytes")
    print(f"save (atomic, fsync): {save_ms:.2f} ms median of {args.repeats}")
    print(f"load (replay, check): {load_ms:.2f} ms median of {args.repeats}")
    label = max(refuse_ms, key=refuse_ms.__getitem__)
    print(f"slowest hostile file to refuse: {label}, {refuse_ms[label]:.2f} ms median of "
          f"{max(1, args.repeats // 10)}")


if __name__ == "__main__":
    main()
