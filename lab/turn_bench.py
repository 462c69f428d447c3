"""How long a player waits at the table (issue 34): `python -m lab.turn_bench`.

It prints:

- **AI turn on screen**, per animation speed: two hard AIs play a 2-player deal at the
  table, drawn at 60 frames a second as a player sees it (thinking on the clock, as at the
  table); for each Action-phase turn, from the moment the table came to that seat (the last
  move before it shown) to the moment its last move has been shown: median and longest, in
  seconds, with the moves per turn.
- **Hint answer**: at Card-phase decisions and at the start of Action phases of a person's
  seat (positions of hard-against-hard deals, 2-player and solo), the time from asking to
  the hint shown, with the look-ahead off (the coach starts when asked) and on (it started
  when the decision came up, and the person asks 0, 1 or 2 seconds later).
- **Frames while the look-ahead thinks**: the table with a person against a hard AI, the
  person following the hints, asked once the look-ahead has its answer; the frames drawn
  while the coach thinks ahead: frames a second and the 99th-percentile interval.
- **Hard AI seats**: two hard AIs play a 2-player deal at the table with no animation, the
  table drawn at 60 frames a second while they think: their moves a second, and the frames
  drawn while an AI thinks.

The AIs and the coach think in the thinker `LOYANG_THINKER` picks (a thread by default;
`LOYANG_THINKER=process` measures the process backend). Timings are of this machine as it is
(the load average is printed with them): run it idle.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from ai.agents import make_agent
from ai.thinker import ENV
from loyang_game.engine import GameConfig, flow, new_game
from loyang_game.engine.state import ACTIONS, Decision
from loyang_game.files.settings import Settings
from loyang_game.play.session import GameSession


def director(settings: Settings, fps_cap: int = 60):
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES

    return Director(SCENES, settings, size=(1280, 800), fullscreen=False, fps_cap=fps_cap)


def ai_turns(speed: str, seed: int, turns: int, level: str = "hard") -> dict:
    """Watch `turns` Action-phase turns of two `level` AIs at `speed`."""
    d = director(Settings(speed=speed, hints=False))
    game = GameSession(new_game(GameConfig(seats=2, seed=seed)), [level, level],
                       ai_seed=seed, autosave=False, record=False)
    table = d.open("table", game=game)
    seen: set = set()
    current: tuple | None = None  # (key, started, moves made before it)
    out: list[tuple[float, int]] = []
    while len(out) < turns and not game.state.is_over:
        d.frame()
        s, now = game.state, time.perf_counter()
        idle = not table.timeline.busy
        key = (s.round, s.current_player) if s.phase == ACTIONS and not s.is_over else None
        if current is not None and key != current[0] and idle:
            out.append((now - current[1], len(s.moves()) - current[2]))
            current = None
        if current is None and key is not None and key not in seen and idle:
            seen.add(key)
            current = (key, now, len(s.moves()))
    d.close()
    times = [t for t, _ in out]
    return {"turns": len(out), "median_s": statistics.median(times) if times else 0.0,
            "max_s": max(times, default=0.0),
            "moves_median": statistics.median([m for _, m in out]) if out else 0}


def positions(seats: int, seed: int, count: int) -> list[tuple[str, object]]:
    """Seat 0's Card-phase decisions and Action-phase starts in a deal of hard AIs."""
    state = new_game(GameConfig(seats=seats, seed=seed))
    agents = [make_agent("hard", seed + i, deterministic=True) for i in range(seats)]
    out: list[tuple[str, object]] = []
    kinds_seen: dict[str, int] = {"card": 0, "act": 0}
    last_act_round = -1
    while not state.is_over and min(kinds_seen.values()) < count:
        seat = state.to_move
        decision = flow.decision(state)
        if seat == 0 and len(state.legal_moves()) > 1:
            if decision == Decision.ACT and state.round != last_act_round and state.round >= 2:
                last_act_round = state.round
                if kinds_seen["act"] < count:
                    out.append(("act", state.clone()))
                    kinds_seen["act"] += 1
            elif (decision == Decision.CARDS and state.round >= 2 and seats != 1
                  and kinds_seen["card"] < count):
                out.append(("card", state.clone()))
                kinds_seen["card"] += 1
        if seats == 1:
            kinds_seen["card"] = count
        state.apply(agents[seat].choose(state.clone()))
    return out


def answer_time(state, ahead: bool, delay: float) -> float:
    """Seconds from asking to the hint shown, the look-ahead started `delay` s before."""
    kinds = ["person"] + ["hard"] * (state.config.seats - 1)
    game = GameSession(state.clone(), kinds, autosave=False, record=False)
    game.hints_ahead = ahead
    if ahead:
        assert game.think_ahead()
        end = time.perf_counter() + delay
        while time.perf_counter() < end:
            game.poll_hint()
            time.sleep(1 / 60)
    asked = time.perf_counter()
    game.ask_hint()
    while game.hint is None:
        game.poll_hint()
        if game.hint is None:
            time.sleep(1 / 120)
    took = time.perf_counter() - asked
    game.close()
    return took


def hint_times(count: int, delays: tuple[float, ...]) -> list[str]:
    lines = []
    cases = [("2p", p) for p in positions(2, 11, count)] + \
        [("solo", p) for p in positions(1, 11, count)]
    table: dict[tuple[str, str, str], list[float]] = {}
    for deal, (kind, state) in cases:
        table.setdefault((deal, kind, "off"), []).append(answer_time(state, False, 0.0))
        for delay in delays:
            table.setdefault((deal, kind, f"on, asked after {delay:g} s"), []).append(
                answer_time(state, True, delay))
    for (deal, kind, mode), times in table.items():
        what = "Card-phase decision" if kind == "card" else "start of the Action phase"
        lines.append(f"hint {deal} {what}, look-ahead {mode}: median "
                     f"{statistics.median(times):.2f} s, longest {max(times):.2f} s "
                     f"({len(times)} positions)")
    return lines


def frames_while_ahead(seconds: float, seed: int) -> dict:
    """The table's frames while the look-ahead thinks (a person following the hints)."""
    settings = Settings(speed="normal", hints=False, hints_ahead=True)
    d = director(settings)
    game = GameSession(new_game(GameConfig(seats=2, seed=seed)), ["person", "hard"],
                       ai_seed=seed, autosave=False, record=False)
    table = d.open("table", game=game)
    table.game.hints_used = False
    marks: list[int] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end and not game.state.is_over:
        if not table.timeline.busy and table.person_to_play():
            if game.hint is not None:
                table.apply(game.hint.move, person=True)
            elif game.ready is not None:
                table.ask_hint()
        ahead = game.coach.thinking and not game.hint_thinking
        d.frame()
        if ahead and len(d.frame_log) > 10:
            marks.append(len(d.frame_log) - 1)
    stats = d.frame_stats(only=marks) if marks else {}
    d.close()
    return stats


def ai_seats(seconds: float, seed: int, level: str = "hard") -> dict:
    """Two `level` AIs at the table, no animation, for `seconds`: their moves a second and the
    table's frames while one of them thinks."""
    d = director(Settings(speed="off", hints=False))
    game = GameSession(new_game(GameConfig(seats=2, seed=seed)), [level, level],
                       ai_seed=seed, autosave=False, record=False)
    d.open("table", game=game)
    marks: list[int] = []
    start = time.perf_counter()
    while time.perf_counter() - start < seconds and not game.state.is_over:
        thinking = game.thinking
        d.frame()
        if thinking and len(d.frame_log) > 10:
            marks.append(len(d.frame_log) - 1)
    took = time.perf_counter() - start
    stats = d.frame_stats(only=marks) if marks else {}
    moves = len(game.state.moves())
    d.close()
    return {"moves": moves, "moves_per_s": moves / took, **stats}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.turn_bench")
    parser.add_argument("--turns", type=int, default=6, help="AI turns watched per speed")
    parser.add_argument("--positions", type=int, default=3,
                        help="positions of each kind for the hint's answer time")
    parser.add_argument("--frames", type=float, default=40.0,
                        help="seconds of play for the frames while the look-ahead thinks")
    parser.add_argument("--speeds", default="normal,fast,slow")
    parser.add_argument("--seats-seconds", type=float, default=60.0,
                        help="seconds of the hard AI seats' play")
    parser.add_argument("--skip", default="",
                        help="parts to leave out: turns,hints,frames,seats")
    args = parser.parse_args(argv)
    skip = set(args.skip.split(","))
    print(f"load average at the start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; "
          f"thinker: {os.environ.get(ENV) or 'thread'}")
    if "turns" not in skip:
        for speed in args.speeds.split(","):
            r = ai_turns(speed, 5, args.turns)
            print(f"AI turn on screen at speed {speed}: median {r['median_s']:.1f} s, "
                  f"longest {r['max_s']:.1f} s ({r['turns']} turns, median "
                  f"{r['moves_median']} moves)", flush=True)
    if "hints" not in skip:
        for line in hint_times(args.positions, (0.0, 1.0, 2.0)):
            print(line, flush=True)
    if "frames" not in skip:
        r = frames_while_ahead(args.frames, 7)
        if r:
            print(f"frames while the look-ahead thinks: {r['frames']} frames, "
                  f"{r['fps']:.1f} fps, p99 {r['p99_ms']:.1f} ms, work p99 "
                  f"{r['work_p99_ms']:.1f} ms")
        else:
            print("frames while the look-ahead thinks: none (it never thought)")
    if "seats" not in skip:
        r = ai_seats(args.seats_seconds, 5)
        print(f"hard AI seats at the table: {r['moves']} moves, {r['moves_per_s']:.2f} moves/s; "
              f"frames while an AI thinks: {r.get('frames', 0)} frames, "
              f"{r.get('fps', 0.0):.1f} fps, p99 {r.get('p99_ms', 0.0):.1f} ms", flush=True)
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
