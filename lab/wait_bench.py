"""How long a person waits for three hard AIs (issue 46, item 5): `python -m lab.wait_bench`.

A person plays seat 0 of a 4-player game against three hard AIs at the table, drawn at 60
frames a second at the "normal" animation speed, as a player sees it. The person is a bot
that takes `--person` seconds over each of its decisions (from the moment the table lets it
decide: when nothing is shown, or while its own last move is, since a click then is taken at
once, `TableScene.press`) and then makes the greedy agent's move, as a click would. A second
of the person's is a second the AIs may use: their thinking during it is not waiting.

It prints, for each round, the seconds the person waited: the time in which the table gave
the person nothing to decide (an AI thinking, a move being shown), and how much of it no
move was being shown (an AI thinking with nothing to show); then the median and the worst
round of the game, and the frames drawn while an AI thought (frames a second, the
99th-percentile interval). Timings are of this machine as it is (the load average is
printed with them): run it on an idle machine, and compare before and after on the same
deal and the same `--person`.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ai.agents import make_agent
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession


def waits(seed: int, person_seconds: float, level: str = "hard", rounds: int = 99,
          skip: bool = False) -> tuple[dict[int, float], dict[int, float], dict[str, float],
                                       dict]:
    """Seconds waited in each round of a 4-player deal `seed`, those of them with no move
    shown (by round, and by the kind of decision the AI faced), and the frames while an AI
    thought. `skip`: the person clicks through the AI
    seats' moves as soon as each is shown (what is left is the thinking)."""
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES
    from loyang_game.ui.scenes.table import TableScene

    d = Director(SCENES, Settings(speed="normal", hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=60)
    game = GameSession(new_game(GameConfig(seats=4, seed=seed)),
                       ["person", level, level, level], ai_seed=seed, autosave=False,
                       record=False)
    table = d.open("table", game=game)
    assert isinstance(table, TableScene)
    person = make_agent("greedy", seed)
    waited: dict[int, float] = {}
    idle: dict[int, float] = {}  # of it, no move shown
    idle_at: dict[str, float] = {}  # ... by the decision at hand
    marks: list[int] = []
    ready_since: float | None = None
    last = time.perf_counter()
    while not game.state.is_over and game.state.round <= rounds:
        d.frame()
        now = time.perf_counter()
        round_ = game.state.round
        own_shown = table.timeline.busy and table.focus_lock == table.decider()
        if table.person_to_play() and (not table.timeline.busy or own_shown):
            if ready_since is None:
                ready_since = now
            elif now - ready_since >= person_seconds:
                table.timeline.skip(lanes=False)  # the click ends its own move's showing
                table.apply(person.choose(game.state.clone()), person=True)
                ready_since = None
        else:
            if skip and table.ai_turn() and table.timeline.busy:
                table.hurry_up()
            waited[round_] = waited.get(round_, 0.0) + (now - last)
            if not table.timeline.busy and table.ai_pause <= 0:
                idle[round_] = idle.get(round_, 0.0) + (now - last)
                at = str(flow.decision(game.state))
                idle_at[at] = idle_at.get(at, 0.0) + (now - last)
            if game.thinking and len(d.frame_log) > 10:
                marks.append(len(d.frame_log) - 1)
        last = now
    stats = d.frame_stats(only=marks) if marks else {}
    d.close()
    return waited, idle, idle_at, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.wait_bench")
    parser.add_argument("--seed", type=int, default=46, help="the deal")
    parser.add_argument("--person", type=float, default=1.0,
                        help="seconds the person takes over each decision")
    parser.add_argument("--rounds", type=int, default=99, help="stop after this round")
    parser.add_argument("--level", default="hard")
    parser.add_argument("--skip", action="store_true",
                        help="the person clicks through the AI seats' moves (a click skips)")
    args = parser.parse_args(argv)
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    started = time.perf_counter()
    waited, idle, idle_at, stats = waits(args.seed, args.person, args.level, args.rounds,
                                 args.skip)
    for round_, seconds in sorted(waited.items()):
        print(f"round {round_}: waited {seconds:.1f} s, of which nothing shown "
              f"{idle.get(round_, 0.0):.1f} s", flush=True)
    values = list(waited.values())
    print(f"4 players, a person taking {args.person:g} s a decision"
          f"{', clicking through the AI moves,' if args.skip else ''} against three "
          f"{args.level} AIs, deal {args.seed}: median {statistics.median(values):.1f} s a "
          f"round, worst {max(values):.1f} s ({len(values)} rounds, "
          f"{time.perf_counter() - started:.0f} s in all); nothing shown: median "
          f"{statistics.median([idle.get(r, 0.0) for r in waited]):.1f} s a round")
    print("nothing shown, by the decision the AI faced: " + ", ".join(
        f"{kind} {seconds:.1f} s" for kind, seconds in sorted(idle_at.items(),
                                                                 key=lambda kv: -kv[1])))
    if stats:
        print(f"frames while an AI thought: {stats['frames']}, {stats['fps']:.1f} fps, "
              f"p99 {stats['p99_ms']:.1f} ms")
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
