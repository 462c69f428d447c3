"""Frames while the coach's review thinks: `python -m lab.review_bench 10`.

The Review scene runs in a Director (SDL's dummy video driver unless `--window`) paced at 60
frames a second while it reviews a whole 2-player game of easy agents in its thinker (a
thread, or a process with `LOYANG_THINKER=process`), opened afresh whenever a review ends,
so that every frame measured has the review thinking beside it; `--idle` measures the same
scene with no review thinking (the machine's own baseline). Prints frames a second, the
99th-percentile and worst frame interval.
"""

from __future__ import annotations

import argparse
import os


def measure(seconds: float, size: tuple[int, int], idle: bool = False) -> dict:
    from ai.review import bench_game
    from loyang_game.play.replay import Replay
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES
    from loyang_game.ui.scenes.review import ReviewScene

    config, moves = bench_game(2, 100, "easy")
    replay = Replay(config, moves, ["Anna", "Bao"], ["person", "easy"])
    d = Director(SCENES, size=size, fullscreen=False, fps_cap=60)
    d.open("title")

    def open_review() -> ReviewScene:
        scene = d.open("review", replay=replay, seat=0)
        assert isinstance(scene, ReviewScene), "the director's \"review\" is the Review scene"
        return scene

    scene = open_review()
    if idle:
        scene.thinker.cancel()
    end = d.clock() + seconds
    reviews = 0
    while d.clock() < end:
        d.frame()
        if not idle and not scene.thinker.busy:
            reviews += 1
            d.back_to("title")
            scene = open_review()
    stats = d.frame_stats()
    d.close()
    return {"review": "idle" if idle else "thinking", "fps": round(stats["fps"], 1),
            "p99_ms": round(stats["p99_ms"], 2), "max_ms": round(stats["max_ms"], 2),
            "frames": stats["frames"], "reviews_finished": reviews}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.review_bench",
                                     description=__doc__)
    parser.add_argument("seconds", type=float, nargs="?", default=10.0)
    parser.add_argument("--idle", action="store_true", help="no review thinking (baseline)")
    parser.add_argument("--window", action="store_true", help="a real window, not SDL dummy")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    print(measure(args.seconds, (1280, 800), args.idle))


if __name__ == "__main__":
    main()
