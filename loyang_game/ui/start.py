"""Starting and resuming games from the menus: a new deal, a save loaded onto the table, the
newest unfinished autosave (Continue). The table always sits on the title screen."""

from __future__ import annotations

import os
import random

from ..engine import GameConfig, new_game
from ..save import (
    AUTOSAVE_PREFIX,
    SUFFIX,
    SaveError,
    autosave_path,
    list_saves,
    load_with_info,
    validate_seed,
)
from ..save_names import DOCUMENTS
from ..session import GameSession, playable_kinds
from .scene import Scene


def game_saves() -> list:
    """Every saved game in the save folder (newest first, unreadable ones last)."""
    return [info for info in list_saves() if info.path.name not in DOCUMENTS]


def latest_autosave():
    """The newest autosave of an unfinished game, or None."""
    for info in game_saves():
        if info.error is None and info.is_autosave and not info.over:
            return info
    return None


def start_table(d, state, kinds: list[str], names: list[str], *,
                game_id: str | None = None, hints_used: bool = False) -> Scene:
    """Put the table for `state` on top of the title screen (`hints_used`: a loaded game
    in which the coach's hints were used)."""
    game = GameSession(state, kinds, names, game_id=game_id, ai_seed=state.config.seed,
                       hints_used=hints_used)
    d.back_to("title")
    return d.open("table", game=game)


def new_table(d, seats: int, seed: int | str | None, kinds: list[str], names: list[str],
              intro: bool = False, starter: int | None = None) -> str | None:
    """A new game; `seed` a number or the text typed for one (None draws a deal), `starter`
    (a seat) the starting player, or None to draw one. Returns the problem instead, and
    starts nothing, if `seed` cannot be a seed."""
    if seed is None:
        seed = random.SystemRandom().randrange(1, 1_000_000)
    try:
        seed = validate_seed(seed)
    except ValueError as error:
        return f"Not started: {error}."
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
    start_table(d, state, playable_kinds(info.kinds), list(info.names), game_id=_game_id_of(path),
                hints_used=info.hints_used)
    return None


def _game_id_of(path) -> str | None:
    """The game id whose autosave a loaded save goes on in: its file's name without the
    autosave prefix and suffix, or None (a fresh id) if that is no game id."""
    stem = os.path.basename(str(path)).removesuffix(SUFFIX).removeprefix(AUTOSAVE_PREFIX)
    try:
        autosave_path(stem)
    except ValueError:
        return None
    return stem
