"""The compiled hot path plays the moves the plain source plays (issue 49, item 8).

The suite imports the AI from the checkout, whose sources are plain Python; an installed
package (`pip install .` with a C compiler at hand, as CI's) carries the compiled modules.
Here that installed package plays deterministic games twice in processes of their own, once
compiled and once with `LOYANG_PURE=1`, and the move lists must be the same: a compiled
module that drifted from its source (a typed local that rounds, a changed loop) shows as
another move. Skipped where no compiled package is installed, or where the installed one is
of other sources than the checkout's.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import ai

ROOT = Path(__file__).resolve().parents[2]
# A whole 2-player game, and the solo game's first round (its verification's play-ons):
# hard with small budgets, so that both fit in seconds.
GAMES = (("hard:act_iterations=80,other_iterations=24", 2, 9),
         ("hard:act_iterations=80,other_iterations=24,verify_iterations=40", 1, 1))
PLAY = """
import hashlib, json, sys
import ai
from ai.agents import make_agent
from loyang_game.engine import GameConfig, new_game
level, seats, rounds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
state = new_game(GameConfig(seats=seats, seed=7))
agents = [make_agent(level, 7 + i, deterministic=True) for i in range(seats)]
while not state.is_over and state.round <= rounds:
    state.apply(agents[state.to_move].choose(state.clone()))
moves = json.dumps([m.to_data() for m in state.moves()])
print(ai.hot_path())
print(len(state.moves()), hashlib.sha256(moves.encode()).hexdigest())
"""


def installed_compiled() -> Path | None:
    """The installed `ai` package, if it has compiled modules of the checkout's sources."""
    folder = Path(sysconfig.get_paths()["platlib"]) / "ai"
    if folder.resolve() == (ROOT / "ai").resolve() or not folder.is_dir():
        return None
    if not any(folder.glob("search.*.so")) and not any(folder.glob("search.*.pyd")):
        return None
    for name in ai.COMPILED:
        mine, theirs = ROOT / "ai" / f"{name}.py", folder / f"{name}.py"
        if not theirs.exists() or _digest(mine) != _digest(theirs):
            return None
    return folder


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def play(level: str, seats: int, rounds: int, pure: bool, cwd: Path) -> tuple[str, str]:
    """(the hot path the installed package ran, the game's moves' count and digest)."""
    env = {k: v for k, v in os.environ.items() if k not in ("LOYANG_PURE", "PYTHONPATH")}
    if pure:
        env["LOYANG_PURE"] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY, level, str(seats), str(rounds)],
                          cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    path, moves = done.stdout.strip().splitlines()[-2:]
    return path, moves


@pytest.mark.parametrize("level,seats,rounds", GAMES)
def test_the_compiled_ai_plays_the_plain_sources_moves(level, seats, rounds, tmp_path):
    if installed_compiled() is None:
        pytest.skip("no compiled AI of these sources installed (pip install . with a C "
                    "compiler makes one)")
    compiled_path, compiled = play(level, seats, rounds, False, tmp_path)
    pure_path, pure = play(level, seats, rounds, True, tmp_path)
    assert compiled_path == "compiled" and pure_path.startswith("pure Python")
    assert compiled == pure
