"""How long the title screen and the Load list take with many saves: `python -m
lab.list_bench`.

For 0, 100 and 1,000 saved games (autosaves of finished and unfinished games, in a fresh
temporary save folder) it prints, in milliseconds:

- title first: the title screen shown for the first time (its look at the folder and its
  first frame), with no summary known yet; the longest frame while the first scan goes on
  in the background, and how long that scan took;
- title again: shown again (back from another scene) once the folder has been read, and
  (look) the same without drawing the frame: the scene's own look at the saves;
- load first / again: the Load list, likewise (an empty folder's list draws no rows, so its
  frame is cheaper by the rows' drawing; compare the looks, or 100 saves with 1,000);
- warm start: the title in a new start of the game (the summaries from the cache file).

"Again" is a folder that has not changed in the last second: one that has is read again
(its files' identities, in the background), as after a game's autosaves.

The aims (issue 32): "again" within 1.5x of the empty folder's, and no frame longer than
50 ms while a first scan goes on. Timings are of this machine as it is: run it idle.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

# The drivers are chosen before pygame starts: no window or sound is needed to time the code.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from loyang_game.engine import GameConfig, new_game, play, random_moves
from loyang_game.files import save_index
from loyang_game.files.paths import SAVE_DIR_VARIABLE
from loyang_game.files.save import autosave
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

COUNTS = (0, 100, 1000)


def fill(count: int, seed: int = 0) -> None:
    """`count` autosaves in the save folder: every third game finished, the others cut in
    their middle, 2 to 4 players, each its own deal."""
    rng = random.Random(seed)
    for n in range(count):
        state = new_game(GameConfig(seats=2 + n % 3, seed=1000 + n))
        limit = None if n % 3 == 0 else rng.randrange(20, 200)
        play(state, random_moves(rng), limit=limit)
        autosave(state, f"game-bench-{n:05d}", seat_kinds=["person"] + ["hard"] * (
            state.config.seats - 1))


def timed(action: Callable[[], None]) -> float:
    start = time.perf_counter()
    action()
    return (time.perf_counter() - start) * 1000


def show(d: Director, scene: str | None, draw: bool = True) -> Callable[[], None]:
    """Open `scene` on top (None: go back to the title) and draw its first frame (`draw`)."""
    def action() -> None:
        if scene is None:
            d.back_to("title")
        else:
            d.open(scene)
        if draw:
            d.frame(dt=1 / 60)
    return action


def settle(d: Director) -> tuple[float, float]:
    """Frames until the scan under way is done: (the longest frame, the scan's time) in ms."""
    index = save_index.index_for()
    longest, start = 0.0, time.perf_counter()
    while index.scanning or index.listing is None:
        longest = max(longest, timed(lambda: d.frame(dt=1 / 60)))
    return longest, (time.perf_counter() - start) * 1000


def measure(count: int, repeats: int, still: float = 1.1) -> dict:
    """One row of the table; `still`: the seconds the folder is left alone before "again"."""
    with tempfile.TemporaryDirectory(prefix="loyang-list-bench-") as folder:
        os.environ[SAVE_DIR_VARIABLE] = folder
        fill(count)
        time.sleep(still)  # the folder as a player finds it: not changed this very second
        d = Director(SCENES, size=(1280, 800), fullscreen=False, fps_cap=0)
        d.open("rules")  # the sprites and fonts are loaded: no part of the saves' time
        d.frame(dt=1 / 60)
        save_index._INDEXES.clear()  # as at a start of the game, with no cache yet
        row: dict = {"saves": count}
        row["title_first"] = timed(show(d, "title"))
        row["scan_frame_max"], row["scan"] = settle(d)
        time.sleep(still)  # the first scan made the cache's folder: "again" is a second later
        row["title_again"] = again(d, repeats, "rules", None)
        row["title_again_look"] = again(d, repeats, "rules", None, draw=False)
        save_index._INDEXES.clear()  # a new start, the summaries in the cache file
        d.open("rules")
        d.frame(dt=1 / 60)
        row["warm_start"] = timed(show(d, None))
        settle(d)
        save_index._INDEXES.clear()
        row["load_first"] = timed(show(d, "load"))
        settle(d)
        d.back_to("title")
        row["load_again"] = again(d, repeats, None, "load")
        row["load_again_look"] = again(d, repeats, None, "load", draw=False)
        d.close()
    return row


def again(d: Director, repeats: int, away: str | None, back: str | None,
          draw: bool = True) -> float:
    """The median time of showing `back` (None: the title) after `away` (None: the title);
    without `draw`, of opening it only (its look at the saves and its buttons)."""
    times = []
    for _ in range(repeats):
        show(d, away)()
        settle(d)
        times.append(timed(show(d, back, draw)))
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.list_bench",
                                     description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", default=",".join(map(str, COUNTS)),
                        help="numbers of saves, comma-separated")
    parser.add_argument("--repeats", type=int, default=9, help="showings timed for 'again'")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [measure(int(n), args.repeats) for n in args.counts.split(",")]
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    columns = (("saves", "saves", "d"), ("title first", "title_first", ".1f"),
               ("scan", "scan", ".0f"), ("frame max", "scan_frame_max", ".1f"),
               ("title again", "title_again", ".1f"), ("(look)", "title_again_look", ".2f"),
               ("warm start", "warm_start", ".1f"), ("load first", "load_first", ".1f"),
               ("load again", "load_again", ".1f"), ("(look)", "load_again_look", ".2f"))
    print("  ".join(f"{name:>11}" for name, _, _ in columns) + "   (ms)")
    for r in rows:
        print("  ".join(f"{r[key]:>11{form}}" for _, key, form in columns))
    empty = rows[0]
    for r in rows[1:]:
        ratios = [r[key] / empty[key] for key in ("title_again", "load_again",
                                                  "title_again_look", "load_again_look")]
        print(f"{r['saves']} saves, shown again: title {ratios[0]:.2f}x, Load {ratios[1]:.2f}x "
              f"the empty folder's (their looks at the saves: {ratios[2]:.2f}x, "
              f"{ratios[3]:.2f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
