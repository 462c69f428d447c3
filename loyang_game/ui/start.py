"""Starting and resuming games from the menus: a new deal, a save loaded onto the table, the
newest unfinished autosave (Continue). The table always sits on the title screen."""

from __future__ import annotations

import os
import random
import re

from ai.agents import AGENTS

from ..engine import GameConfig, new_game
from ..save import AUTOSAVE_PREFIX, SUFFIX, SaveError, list_saves, load_with_info
from ..session import GameSession, seed_problem
from .scene import Scene

# The save folder also keeps these documents; they are not games.
NOT_SAVES = {"settings.msgpack", "highscores.msgpack", "records.msgpack"}


def ai_levels() -> list[str]:
    """The AI levels a player can choose in the menus."""
    return [k for k in AGENTS if k != "helper-happy"]


def game_saves() -> list:
    """Every saved game in the save folder (newest first, unreadable ones last)."""
    return [info for info in list_saves() if info.path.name not in NOT_SAVES]


def latest_autosave():
    """The newest autosave of an unfinished game, or None."""
    for info in game_saves():
        if info.error is None and info.is_autosave and not info.over:
            return info
    return None


def start_table(d, state, kinds: list[str], names: list[str], *,
                game_id: str | None = None) -> Scene:
    """Put the table for `state` on top of the title screen."""
    game = GameSession(state, kinds, names, game_id=game_id, ai_seed=state.config.seed)
    d.back_to("title")
    return d.open("table", game=game)


def new_table(d, seats: int, seed: int | None, kinds: list[str], names: list[str],
              intro: bool = False, starter: int | None = None) -> str | None:
    """A new game; `starter` (a seat) is the starting player, or None to draw one. Returns
    the problem instead if `seed` cannot be a seed."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    problem = seed_problem(seed)
    if problem:
        return problem
    start = -1 if starter is None or seats == 1 else starter
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=intro, start_seat=start))
    start_table(d, state, kinds, names)
    return None


def resume(d, path) -> str | None:
    """Load the save at `path` onto the table; the reason if it cannot be loaded."""
    try:
        state, info = load_with_info(path)
    except SaveError as error:
        return f"That save cannot be loaded: {error.reason}."
    levels = ai_levels()
    kinds = [k if k == "person" or k in levels else "normal" for k in info.kinds]
    stem = os.path.basename(str(path)).removesuffix(SUFFIX).removeprefix(AUTOSAVE_PREFIX)
    game_id = stem if re.fullmatch(r"[A-Za-z0-9_-]{1,64}", stem) else None
    start_table(d, state, kinds, list(info.names), game_id=game_id)
    return None
