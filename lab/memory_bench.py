"""The window's memory over a long evening: `python -m lab.memory_bench`.

Plays `--games` games (30) one after another in ONE window process, the way a player does,
through the director and its scenes (SDL's dummy drivers: nothing is shown). From the title
screen: New game, where the seats, the AI's level and a seed are set, and Start. At the table
each move of the person's seat is made by clicking its targets (the clicks
`commands.clicks_for` gives, where the table's view places them; a long choice scrolled with
the wheel, the call-out of the AI's moves put away when it lies over one), the move chosen by
the greedy agent (one move ahead: cheap); the coach's hint is asked for and followed `--hints`
times a game (from then on the coach thinks ahead on the person's decisions, as in any game
where a hint was shown); every `--undo-every` moves one is taken back (U) and made again; the
AI seats think through the session's thinker, on the clock as at the table. At the end the end
panel shows the standings and the race, and its Title button leads back to the title screen,
from where the Load list and the Statistics page are looked at before the next game. Games
alternate between the solo game (the high scores written) and a game against the AI
(`--seats`); each is autosaved at every move and added to the record of games at its end, and
the save index reads the folder at each look. All of it in a temporary save folder.

After each game, back at the title (the table closed, a full garbage collection made), it
prints the main process's resident memory (RSS), and a summary: RSS after game 10 (`--first`)
and after the last, the difference, and the MB a game between them. The aim (issue 45): after
game 30 within a few MB of game 10. `--types` also prints which kinds of object grew in
number between those two games (the garbage collector's, by type); `--trace` also follows
allocations with tracemalloc and prints what grew, by file and by traceback, and the traced
size after each game (tracing slows the AI several times: a smaller `--games` and `--first`).
`--json` prints the rows and the summary.

The AI seats play `--level` (normal by default: a game against it takes about 25 s, a solo
game about 15 s, so 30 games take about 10 minutes on an idle machine with 2 cores); the
coach's hints are the game's own (hard, with its worker processes for the play-ons: only the
window's process is measured), so hard's tables are filled too. A game against hard takes
about a minute.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import sys
import tempfile
import time
import tracemalloc
from collections import Counter
from typing import Any

# The drivers are chosen before pygame starts: no window or sound is needed.
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from ai.agents import PLAYER_LEVELS
from ai.greedy import GreedyAgent
from loyang_game.engine import Move
from loyang_game.engine.moves import SHOP
from loyang_game.files.paths import SAVE_DIR_VARIABLE
from loyang_game.files.save_index import index_for
from loyang_game.files.settings import Settings
from loyang_game.play.coach import STRONGEST
from loyang_game.play.commands import clicks_for, seat_of
from loyang_game.ui.director import Director
from loyang_game.ui.menu import MenuScene
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.scenes.table import STEP, TableScene

FRAMES_MOST = 200_000  # frames one wait may take before the bench gives up (a stuck table)
THINKING_NAP = 0.004  # seconds slept a frame while an AI thinks: the thread gets the core


def rss_mb() -> float:
    """This process's resident memory now, in MB (Linux: /proc; elsewhere the peak)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / 2**20 if sys.platform == "darwin" else peak / 1024


class Stuck(RuntimeError):
    """The window did not reach what the bench waited for."""


class Player:
    """The person at the window: reads the screen's targets, clicks, waits."""

    def __init__(self, d: Director, seed: int, hints: int, undo_every: int) -> None:
        self.d = d
        self.rng = random.Random(seed)
        self.hints = hints
        self.undo_every = undo_every
        self.frames = 0

    # --- the window ------------------------------------------------------------------------

    def frame(self) -> None:
        self.d.frame(dt=STEP)
        self.frames += 1

    def click(self, pos: tuple[float, float]) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        self.frame()

    def key(self, key: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="",
                                             scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="",
                                             scancode=0))
        self.frame()

    def menu(self) -> MenuScene:
        top = self.d.top
        if not isinstance(top, MenuScene):
            raise Stuck(f"no menu on top but {top}")
        return top

    def click_item(self, key: str) -> None:
        """Click the control `key` of the menu on top."""
        self.d.draw()  # the form's items are placed when drawn
        item = self.menu().form.get(key)
        if not (item.visible and item.rect.w > 0):
            raise Stuck(f"{key} is not on the screen")
        self.click(item.rect.center)

    def table(self) -> TableScene:
        table = self.d.find("table")
        if not isinstance(table, TableScene):
            raise Stuck("no table")
        return table

    def click_target(self, target: tuple) -> None:
        table = self.table()
        while table.timeline.busy:
            self.frame()
        pos = table.view.position_of(target)
        if pos is None and target != ("ui", "seen"):
            seen = table.view.position_of(("ui", "seen"))
            if seen is not None:  # the call-out of the AI's moves lies over it: put away
                self.click(seen)
                pos = table.view.position_of(target)
        for _ in range(200):  # an option of a long choice: scrolled into view, with the wheel
            if pos is not None or target[0] != "opt" or not table.dialog_open():
                break
            options, first = table.choice.options, table.choice.first
            wanted = options.index(target) if target in options else 0
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if wanted < first
                                                 else -1, flipped=False))
            self.frame()
            pos = table.view.position_of(target)
        if pos is None and table.view.gathering() is not None and target[0] != "opt":
            # a choice made on the table: the board that holds the target is looked at first
            seat = seat_of(table.game.state, target)
            if seat is not None and seat != table.focus():
                seat_pos = table.view.position_of(("seat", seat))
                if seat_pos is not None:
                    self.click(seat_pos)
                    pos = table.view.position_of(target)
        if pos is None:
            raise Stuck(f"{target} is not on the table")
        self.click(pos)

    def settle(self) -> None:
        """Frames until the table waits for the person (or shows the end of the game)."""
        table = self.table()
        game = table.game
        for _ in range(FRAMES_MOST):
            self.frame()
            if self.d.top is not table or table.timeline.busy:
                continue
            if game.state.is_over:
                if table.end_panel is not None and table.scoring_open:
                    return
                continue
            if table.person_to_play() and not game.hint_thinking:
                return
            if game.thinking or game.hint_thinking:
                time.sleep(THINKING_NAP)  # the AI's thread has the core, as between frames
        raise Stuck("the table did not settle")

    # --- a game ----------------------------------------------------------------------------

    def start(self, seats: int, level: str, seed: int) -> TableScene:
        """From the title screen: New game, the seats, the seed, Start."""
        if self.d.top is None or self.d.top.name != "title":
            raise Stuck("not at the title screen")
        self.click_item("new")
        form = self.menu().form
        form.get("seats").value = seats
        form.get("seats").changed()
        if seats > 1:
            form.get("kind1").value = level
            form.get("kind1").changed()
            form.get("intro").value = False
        form.get("seed").value = str(seed)
        self.click_item("start")
        self.frame()
        return self.table()

    def play(self, seed: int) -> int:
        """Play the game on the table to its end panel; the person's moves made."""
        table = self.table()
        game = table.game
        greedy = GreedyAgent(seed)
        hint_turns = set(self.rng.sample(range(2, 9), min(self.hints, 7)))
        made = 0
        while True:
            self.settle()
            if game.state.is_over:
                return made
            state = game.state
            if (state.round in hint_turns and game.hint is None and table.hint_problem() == ""
                    and state.phase == "actions"):
                hint_turns.discard(state.round)
                self.click_target(("ui", "hint"))
                self.settle()
            hint = game.hint
            move = hint.move if hint is not None else greedy.choose(state.clone())
            self.make(move)
            made += 1
            if self.undo_every and made % self.undo_every == 0 and table.undo_possible():
                self.key(pygame.K_u)  # Undo
                self.settle()
                if game.state.moves()[-1:] != [move]:
                    self.make(move)  # the same move again

    def make(self, move: Move) -> None:
        """Click the targets that make `move`."""
        table = self.table()
        state = table.game.state
        before = len(state.moves())
        targets = clicks_for(state, move)
        if not targets:
            raise Stuck(f"no clicks make {move}")
        for target in targets:
            try:
                self.click_target(target)
            except Stuck as error:
                raise Stuck(f"{error}; clicks {targets}, mode {table.mode()}, choosing "
                            f"{table.picker.choosing}, hint {table.game.hint}") from None
        made = table.game.state.moves()[before:]
        # the Book-keeper's Shop, set on the table, is confirmed whole: the moves of the
        # vegetables after it follow
        if made[:1] != [move] or not all(m.kind == SHOP and m.a > move.a for m in made[1:]):
            raise Stuck(f"clicking {targets} did not make {move} (made {made})")

    def leave(self) -> None:
        """The end panel's Title button: back to the title screen."""
        self.click_target(("ui", "title"))
        self.frame()
        if self.d.top is None or self.d.top.name != "title":
            raise Stuck("the end panel's Title did not lead to the title screen")

    def look_around(self) -> None:
        """From the title: the Load list (once the saves are listed) and the Statistics
        page, each left with its Back button."""
        for scene in ("load", "stats"):
            self.click_item(scene)
            for _ in range(FRAMES_MOST):
                self.frame()
                if index_for().listing is not None and not index_for().scanning:
                    break
                time.sleep(THINKING_NAP)
            self.frame()
            self.click_item("back")
            if self.d.top is None or self.d.top.name != "title":
                raise Stuck(f"{scene}'s Back did not lead to the title screen")


def collected() -> None:
    """A full collection, as a long evening's idle moments would make."""
    gc.collect()
    gc.collect()


def by_type() -> Counter[str]:
    return Counter(type(o).__qualname__ for o in gc.get_objects())


def run(games: int, level: str, coach: str, seats: list[int], hints: int, undo_every: int,
        speed: str, first: int, seed: int, types: bool = False, trace: bool = False,
        frames: int = 8, out: Any = sys.stdout) -> dict[str, Any]:
    """Play the games; print a row after each and the summary; the rows and the summary."""
    types = types or trace
    saved = os.environ.get(SAVE_DIR_VARIABLE)
    try:
        with tempfile.TemporaryDirectory(prefix="loyang-memory-bench-") as folder:
            os.environ[SAVE_DIR_VARIABLE] = folder
            return _run(games, level, coach, seats, hints, undo_every, speed, first, seed, types,
                        trace, frames, out)
    finally:
        if saved is None:
            os.environ.pop(SAVE_DIR_VARIABLE, None)
        else:
            os.environ[SAVE_DIR_VARIABLE] = saved


def _run(games: int, level: str, coach: str, seats: list[int], hints: int, undo_every: int,
         speed: str, first: int, seed: int, types: bool, trace: bool, frames: int,
         out: Any) -> dict[str, Any]:
    """`run` in the temporary save folder."""
    if trace:
        tracemalloc.start(frames)
    d = Director(SCENES, Settings(speed=speed, hints=False), size=(1280, 800),
                 fullscreen=False, fps_cap=0)
    d.open("title")
    player = Player(d, seed, hints, undo_every)
    player.frame()
    rows: list[dict[str, Any]] = []
    snapshots: dict[int, Any] = {}
    counts: dict[int, Counter[str]] = {}
    collected()
    start_rss = rss_mb()
    print(f"start: RSS {start_rss:.1f} MB", file=out, flush=True)
    for number in range(1, games + 1):
        n_seats = seats[(number - 1) % len(seats)]
        deal = seed * 1000 + number
        began, cpu = time.perf_counter(), time.process_time()
        table = player.start(n_seats, level, deal)
        table.game.coach.level = coach or STRONGEST
        made = player.play(deal)
        game = table.game
        result = game.scoring_rows[0]["position"] if game.scoring_rows else None
        player.leave()
        player.look_around()
        del table, game
        for _ in range(3):
            player.frame()
        collected()
        row: dict[str, Any] = {
            "game": number, "seats": n_seats, "person_moves": made, "first": result,
            "seconds": round(time.perf_counter() - began, 1),
            "cpu": round(time.process_time() - cpu, 1), "rss_mb": round(rss_mb(), 1),
            "objects": len(gc.get_objects())}
        if trace:
            row["traced_mb"] = round(tracemalloc.get_traced_memory()[0] / 2**20, 1)
        rows.append(row)
        print("game {game:>2} ({seats} seat{s}): {person_moves:>3} moves, {seconds:6.1f} s "
              "({cpu:.1f} s CPU), RSS {rss_mb:7.1f} MB{traced}, {objects:,} objects"
              .format(**row, s="s" if n_seats > 1 else " ",
                      traced=f", traced {row['traced_mb']:.1f} MB" if trace else ""),
              file=out, flush=True)
        if types and number in (first, games):
            counts[number] = by_type()
        if trace and number in (first, games):
            snapshots[number] = tracemalloc.take_snapshot().filter_traces((
                tracemalloc.Filter(False, tracemalloc.__file__),))
    d.close()
    if trace:
        tracemalloc.stop()
    summary = summarise(rows, first, start_rss)
    print(f"RSS: start {start_rss:.1f} MB; " + summary["text"], file=out)
    if games != first:
        if trace:
            traced_growth(snapshots[first], snapshots[games], out)
        if types:
            type_growth(counts[first], counts[games], out)
    return {"rows": rows, "summary": summary}


def summarise(rows: list[dict[str, Any]], first: int, start_rss: float) -> dict[str, Any]:
    """RSS after game `first` and after the last, their difference, and MB a game between."""
    last = rows[-1]
    early = next((r for r in rows if r["game"] == first), rows[0])
    games = last["game"] - early["game"]
    diff = last["rss_mb"] - early["rss_mb"]
    per_game = diff / games if games else 0.0
    return {"start_mb": round(start_rss, 1), "first": early["game"],
            "first_mb": early["rss_mb"], "last": last["game"], "last_mb": last["rss_mb"],
            "diff_mb": round(diff, 1), "mb_per_game": round(per_game, 2),
            "text": f"after game {early['game']} {early['rss_mb']:.1f} MB, after game "
                    f"{last['game']} {last['rss_mb']:.1f} MB: {diff:+.1f} MB, "
                    f"{per_game:+.2f} MB a game"}


def traced_growth(a: Any, b: Any, out: Any, top: int = 15) -> None:
    """What grew between the tracemalloc snapshots `a` and `b`: by file, by traceback."""
    print("\ngrowth by file (tracemalloc):", file=out)
    for stat in b.compare_to(a, "filename")[:top]:
        print(f"  {stat.size_diff / 2**20:+8.2f} MB {stat.count_diff:+8d} blocks  "
              f"{stat.traceback[0].filename}", file=out)
    print("\ngrowth by traceback (tracemalloc), the innermost frames first:", file=out)
    for stat in b.compare_to(a, "traceback")[:top]:
        print(f"  {stat.size_diff / 2**20:+8.2f} MB {stat.count_diff:+8d} blocks", file=out)
        for line in stat.traceback.format(limit=4, most_recent_first=True):
            print(f"      {line.strip()}", file=out)


def type_growth(a: Counter[str], b: Counter[str], out: Any, top: int = 15) -> None:
    """Which kinds of object grew in number from the count `a` to `b`."""
    print("\ngrowth by type (objects the garbage collector follows):", file=out)
    grown = Counter({k: b[k] - a.get(k, 0) for k in b})
    for name, count in grown.most_common(top):
        if count <= 0:
            break
        print(f"  {count:+8d}  {name}", file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.memory_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--level", default="normal", choices=PLAYER_LEVELS,
                        help="the AI seats' level, as chosen in New game (default normal)")
    parser.add_argument("--coach", default="",
                        help="the coach's level (default: the game's own, hard)")
    parser.add_argument("--seats", default="1,2",
                        help="seats of each game in turn, comma-separated (default 1,2: a "
                             "solo game, then one against the AI)")
    parser.add_argument("--hints", type=int, default=1, help="hints asked for a game")
    parser.add_argument("--undo-every", type=int, default=12,
                        help="a move taken back and made again every this many (0: never)")
    parser.add_argument("--speed", default="fast", help="the animations' speed setting")
    parser.add_argument("--first", type=int, default=10,
                        help="the game the last is compared with (default 10)")
    parser.add_argument("--seed", type=int, default=45)
    parser.add_argument("--types", action="store_true",
                        help="what grew in number between --first and the last game, by type")
    parser.add_argument("--trace", action="store_true",
                        help="tracemalloc too: the traced size, what grew by file and traceback")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    seats = [int(s) for s in args.seats.split(",")]
    out = sys.stderr if args.json else sys.stdout
    report = run(args.games, args.level, args.coach, seats, args.hints, args.undo_every,
                 args.speed, min(args.first, args.games), args.seed, types=args.types,
                 trace=args.trace, out=out)
    if args.json:
        print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
