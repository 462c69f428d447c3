"""Frame timing while the AI thinks: `python -m lab.framebench --json`.

A pygame loop (SDL's dummy video driver unless `--window`) draws a table-like frame at 60
frames per second (`Clock.tick(60)`: a few hundred rectangles, some text, a full flip) while
a thinker (`ai.thinker`: on a thread of this process, or with `--backend process` in a
process of its own) searches at the given level, asked again, by a fresh agent, whenever it
hands back a move. Reports frames per second, the mean, p99 and worst frame time and the
search's iterations, for each thread switch interval given (`--intervals`), in a 2-player game
or another (`--seats 1`: solo, where hard also plays its best plans on a round). The
interval a thinking thread runs under (`worker.SWITCH_INTERVAL`) was chosen on this
measurement.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from ai import worker as worker_module
from ai.policy import default_move
from ai.thinker import Job, Request, open_thinker
from loyang_game.engine import GameConfig, new_game, play


def measure(level: str, seconds: float, interval: float | None, seed: int = 3,
            seats: int = 2, backend: str | None = None) -> dict:
    import pygame  # here: `--help` needs no display

    pygame.init()
    screen = pygame.display.set_mode((1280, 800))
    font = pygame.font.Font(None, 22)
    clock = pygame.time.Clock()
    saved = worker_module.SWITCH_INTERVAL
    if interval is not None:
        worker_module.SWITCH_INTERVAL = interval
    state = new_game(GameConfig(seats=seats, seed=seed))
    # an Action phase: the widest decision
    play(state, default_move, until=lambda s: s.phase == "actions" and s.step == "act")
    seat = state.to_move
    thinker = open_thinker(backend)
    if interval is not None:
        thinker.submit(Request.about(Job.MOVE, state, seat, level, seed=1))
    frames: list[float] = []
    iterations = 0
    moves = 0
    start = last = time.perf_counter()
    try:
        while time.perf_counter() - start < seconds:
            for _event in pygame.event.get():
                pass
            screen.fill((30, 60, 40))
            for i in range(300):
                x, y = (i * 37) % 1240, (i * 53) % 760
                pygame.draw.rect(screen, (200, 180 - i % 100, 90), (x, y, 36, 24), 2)
            for row in range(12):
                text = font.render(f"row {row}: {thinker.progress}", True, (240, 240, 240))
                screen.blit(text, (10, 10 + row * 22))
            pygame.display.flip()
            if interval is not None:
                result = thinker.poll()
                iterations = max(iterations, thinker.progress.done)
                if result is not None:
                    if result.error:
                        raise RuntimeError(f"the thinker failed: {result.error}")
                    moves += 1
                    # another seed, another agent: it thinks afresh, a worst case for the
                    # frame rate
                    thinker.submit(Request.about(Job.MOVE, state, seat, level, seed=moves + 1))
            clock.tick(60)
            now = time.perf_counter()
            frames.append(now - last)
            last = now
    finally:
        thinker.close()
        worker_module.SWITCH_INTERVAL = saved
        pygame.quit()
    frames = frames[5:]  # start-up
    ms = sorted(f * 1000 for f in frames)
    return {
        "level": level, "backend": type(thinker).__name__,
        "switch_interval": interval if interval is not None else "no AI",
        "fps": round(len(frames) / sum(frames), 1), "mean_ms": round(statistics.mean(ms), 2),
        "p99_ms": round(ms[int(len(ms) * 0.99) - 1], 2), "worst_ms": round(ms[-1], 2),
        "moves": moves, "iterations_seen": iterations,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.framebench", description=__doc__)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--intervals", default="none,0.005,0.002,0.001,0.0005",
                        help="comma-separated switch intervals; 'none' runs without the AI")
    parser.add_argument("--seats", type=int, choices=range(1, 5), default=2,
                        help="players in the game the AI thinks about (1: solo)")
    parser.add_argument("--backend", choices=("thread", "process"),
                        help="where the AI thinks (default: LOYANG_THINKER's, else thread)")
    parser.add_argument("--window", action="store_true", help="a real window, not SDL dummy")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    rows = []
    for text in args.intervals.split(","):
        interval = None if text == "none" else float(text)
        rows.append(measure(args.level, args.seconds, interval, seats=args.seats,
                            backend=args.backend))
        if not args.json:
            print(rows[-1], flush=True)
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
