"""Issue 46's measurement of the coach's one voice: a player who always follows the hint, each
game reviewed.

    python -m lab.hint_follower --games 50 --seats 2,1 --first 46000 --jsonl FILE
    python -m lab.hint_follower --summary FILE

A person's seat is played by following the hint, through the table's own session and coach
(`GameSession`, `Coach` counted in iterations): at each of its decisions with more than one
legal move it plays the step of the hint in force, or asks for a hint when none is (the
session moves a hint on step by step as the table does); a decision with one legal move is
simply made. The other seat plays `--opponent` (hard, counted in iterations); `--seats 1`
is the solo game. Each finished game is reviewed for the person with the coach's own level
(`ai.review.review`, as the Review scene asks it) and one line per game goes to the jsonl
file (a run stopped and started again plays only the games not there yet):

- `decisions`: the decisions judged; `followed`: of them, those whose move was the hint's
  (as the review saw it); `hinted_moves`: the person's moves that were a hint's step;
- `findings`: decisions charged (cost > 0); `on_followed`: those on a move the table's hint
  had given; `overturned`: of these, charged with the label "the hint suggested this" (the
  longer look confident against the hint), `overturned_shown` the ones shown;
- `unlabelled`: charged on a move the table's hint had given without the label (must be 0),
  `mismatched`: decisions where the review's hint was not the hint the table had shown;
- `words`: every finding's sentence, and `banned`: any jargon in them ("rated", "played on");
- `moves` (as a save keeps them) and `hinted` (the steps made from a hint): the game, to be
  judged again.

`--coach` and `--opponent` take a level with knobs (`hard:act_iterations=400`); the default
is the table's hard.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from pathlib import Path
from typing import Any

from ai import review as review_module
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.play.coach import Coach
from loyang_game.play.session import GameSession

POLL = 0.002  # seconds between looks at a thinker (a bound on waiting, no timing is taken)
BANNED = re.compile(r"\b(rated|rates|rating|played on)\b", re.IGNORECASE)


def wait(poll: Any) -> Any:
    """`poll()` until it answers something other than None."""
    while True:
        answer = poll()
        if answer is not None:
            return answer
        time.sleep(POLL)


def play_following(seats: int, seed: int, coach: str, opponent: str
                   ) -> tuple[GameConfig, list[Move], dict[int, Move], dict[str, Any]]:
    """A game in which seat 0 follows the hint: its config, its moves, the hint's move at each
    step the person made from a hint, and counts."""
    config = GameConfig(seats=seats, seed=seed)
    kinds = ["person"] + [opponent] * (seats - 1)
    session = GameSession(new_game(config), kinds, autosave=False, record=False,
                          ai_seed=seed, coach=Coach(coach, deterministic=True),
                          deterministic=True)
    shown: dict[int, Move] = {}
    asked = 0
    started = time.process_time()
    try:
        while not session.state.is_over:
            state = session.state
            seat = state.current_player
            assert seat is not None
            if session.is_person(seat):
                legal = state.legal_moves()
                if len(legal) == 1:
                    move = legal[0]
                else:
                    if session.hint is None:
                        assert session.ask_hint() == ""
                        asked += 1
                        wait(session.poll_hint)
                    assert session.hint is not None
                    move = session.hint.move
                    shown[len(state.moves())] = move
                assert session.apply(move, person=True) is not None
            else:
                move = wait(session.think)
                assert session.apply(move, person=False) is not None
        state = session.state
    finally:
        session.close()
    standing = state.players[0]
    return config, list(state.moves()), shown, {
        "asked": asked, "hinted_moves": len(shown), "space": standing.path,
        "cash": standing.cash, "loans": standing.loans,
        "play_cpu": round(time.process_time() - started, 1)}


def measure(seats: int, seed: int, coach: str, opponent: str) -> dict[str, Any]:
    """One game followed and reviewed: its line of the jsonl file."""
    from loyang_game.ui.scenes.review import verdict

    config, moves, shown, row = play_following(seats, seed, coach, opponent)
    started = time.process_time()
    findings = review_module.review(config, moves, 0, level=coach)
    row["review_cpu"] = round(time.process_time() - started, 1)
    charged = [f for f in findings if f.cost > 0]
    on_followed = [f for f in charged if f.step in shown and shown[f.step] == f.played]
    shown_findings = review_module.worth_showing(findings)
    words = [verdict(f) for f in charged]
    row.update({
        "seats": seats, "seed": seed, "coach": coach, "opponent": opponent,
        "decisions": len(findings), "followed": sum(f.followed for f in findings),
        "findings": len(charged), "shown": len(shown_findings),
        "on_followed": len(on_followed),
        "overturned": sum(f.followed for f in on_followed),
        "overturned_shown": sum(f.followed for f in shown_findings),
        "unlabelled": sum(not f.followed for f in on_followed),
        "mismatched": sum(1 for f in findings
                          if f.step in shown and f.hint is not None and f.hint != shown[f.step]),
        "costs": [[f.where, f.cost, f.low, f.high, f.followed] for f in charged],
        # the game itself, to judge again (`save.moves_from_data`), and the hinted steps
        "moves": [m.to_data() for m in moves], "hinted": sorted(shown),
        "words": words, "banned": [w for w in words if BANNED.search(w)],
    })
    return row


def done_games(path: Path) -> set[tuple[int, int]]:
    if not path.exists():
        return set()
    out = set()
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            out.add((row["seats"], row["seed"]))
    return out


def summary(path: Path) -> dict[str, Any]:
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    out: dict[str, Any] = {}
    for name, group in (("all", rows), ("2 players", [r for r in rows if r["seats"] == 2]),
                        ("solo", [r for r in rows if r["seats"] == 1])):
        if not group:
            continue
        keys = ("decisions", "followed", "hinted_moves", "findings", "shown", "on_followed",
                "overturned", "overturned_shown", "unlabelled", "mismatched")
        totals = {key: sum(r[key] for r in group) for key in keys}
        totals["games"] = len(group)
        totals["banned"] = sum(len(r["banned"]) for r in group)
        totals["overturned_per_followed_decision"] = round(
            totals["overturned"] / max(1, totals["followed"]), 4)
        totals["cpu_per_game"] = round(sum(r["play_cpu"] + r["review_cpu"] for r in group)
                                       / len(group), 1)
        out[name] = totals
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.hint_follower", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seats", default="2", help="2, 1, or 2,1 (alternating by game)")
    parser.add_argument("--first", type=int, default=46000, help="the first game's seed")
    parser.add_argument("--coach", default=review_module.COACH_LEVEL)
    parser.add_argument("--opponent", default="hard")
    parser.add_argument("--jsonl", type=Path, help="one line per game; resumes a run")
    parser.add_argument("--summary", type=Path, help="only print the totals of a jsonl file")
    args = parser.parse_args(argv)
    if args.summary:
        print(json.dumps(summary(args.summary), indent=1))
        return
    kinds = [int(s) for s in args.seats.split(",")]
    done = done_games(args.jsonl) if args.jsonl else set()
    for game in range(args.games):
        seats, seed = kinds[game % len(kinds)], args.first + game
        if (seats, seed) in done:
            continue
        row = measure(seats, seed, args.coach, args.opponent)
        line = json.dumps(row)
        if args.jsonl:
            with args.jsonl.open("a") as out:
                out.write(line + "\n")
        print(f"{seats} seats, seed {seed}: {row['decisions']} decisions, "
              f"{row['followed']} followed, {row['on_followed']} charged on a hinted move "
              f"({row['overturned']} labelled, {row['unlabelled']} unlabelled), "
              f"{row['mismatched']} hints mismatched; CPU {row['play_cpu']} + "
              f"{row['review_cpu']} s", file=sys.stderr, flush=True)
        if not args.jsonl:
            print(line)
    if args.jsonl:
        print(json.dumps(summary(args.jsonl), indent=1))


if __name__ == "__main__":
    main()
