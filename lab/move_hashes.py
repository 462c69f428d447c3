"""Move-list hashes of deterministic games: a change that should not change the AI's play
(a refactor, a compiled build, another Python) must print the same hashes.

    python -m lab.move_hashes [NAME ...]          LOYANG_PURE=1 for the plain source

Each game is deal 11 played by the level's agents seeded 11, 12, ... in deterministic mode
to the end of its last round; the hash is the first 16 hex digits of the sha256 of the JSON
of `[m.to_data() for m in state.moves()]`. `hint1`/`hint2` hash the coach's advice to seat
0 at every choice of a deal-3 game of easy, `review1`/`review2` the review of a deal-5 game.
The figures of the notebook (entry 107 on): greedy2 16fb20530fbff9b9, easy2
cc5b53751269d149, normal4 94e11396fbe176c7; with hard-v4's correction (entry 166), hard2
915e8740e574dbd8, hardsolo f3d62b5d28cb8029 (hard-v3's: 28b96bd7ba56a3b2,
f93e999065ed294a; be272063641f0d09 before entry 136).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time

import ai
from ai.agents import make_agent
from loyang_game.engine import GameConfig, GameState, new_game

GAMES = {"greedy2": ("greedy", 2, 99), "easy2": ("easy", 2, 3), "normal4": ("normal", 4, 3),
         "hard2": ("hard", 2, 3), "hardsolo": ("hard", 1, 2)}
COACHED = ("hint1", "hint2", "review1", "review2")
COACH = "hard:act_iterations=60,other_iterations=20,verify_iterations=30"


def game(level: str, seats: int, rounds: int, seed: int = 11) -> GameState:
    state = new_game(GameConfig(seats=seats, seed=seed))
    agents = [make_agent(level, seed + i, deterministic=True) for i in range(seats)]
    while not state.is_over and state.round <= rounds:
        state.apply(agents[state.to_move].choose(state.clone()))
    return state


def played(name: str) -> tuple[int, str]:
    """(how many moves or answers, what is hashed) for one named game."""
    if name in GAMES:
        state = game(*GAMES[name])
        return len(state.moves()), json.dumps([m.to_data() for m in state.moves()])
    seats = 1 if name.endswith("1") else 2
    if name.startswith("review"):
        from ai.review import review
        state = game("easy", seats, 2, 5)
        found = review(state.config, list(state.moves()), 0, level=COACH)
        return len(found), repr(found)
    from ai.plan import advise
    state = new_game(GameConfig(seats=seats, seed=3))
    agents = [make_agent("easy", 3 + i, deterministic=True) for i in range(seats)]
    advices = []
    while not state.is_over and state.round <= 2:
        if state.to_move == 0 and len(state.legal_moves()) > 1:
            answer = advise(COACH, 9, state.observe(0), 0)
            assert answer is not None  # None only once told to stop
            advices.append(answer[1])
        state.apply(agents[state.to_move].choose(state.clone()))
    return len(advices), repr(advices)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.move_hashes",
                                     description=__doc__.split("\n\n")[0])
    known = [*GAMES, *COACHED]
    parser.add_argument("names", nargs="*", metavar="NAME",
                        help=f"the games to hash (all unless told): {', '.join(known)}")
    names = parser.parse_args(argv).names or known
    unknown = [name for name in names if name not in known]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; games: {', '.join(known)}")
    print(f"python {sys.version.split()[0]}, hot path: {ai.hot_path()}", flush=True)
    for name in names:
        start = time.process_time()
        count, text = played(name)
        digest = hashlib.sha256(text.encode()).hexdigest()[:16]
        print(f"{name} {count} {digest} {time.process_time() - start:.1f}s cpu", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
