"""Starting and resuming games from the menus: a new deal, a save loaded onto the table, the
newest unfinished autosave (Continue). The table always sits on the title screen.

Each game has one autosave, its newest state. A loaded save goes on in the autosave of its own
game (the one whose moves it all holds), so loading a named save of a game, or its autosave,
never starts a second autosave beside the first; an autosave left from before that (all of it
held by a later-written autosave of the game) is not listed.
"""

from __future__ import annotations

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
    """Every saved game in the save folder (newest first, unreadable ones last), less the
    stale autosaves."""
    saves = [info for info in list_saves() if info.path.name not in DOCUMENTS]
    return [info for info in saves if not _stale(info, saves)]


def _stale(info, saves) -> bool:
    """An autosave that a later-written autosave carries on (of two alike, one is kept). A
    newer game of the same deal that began with the same moves as an older one is not stale."""
    def newness(s):
        return s.date, len(s.moves), s.path.name

    return info.is_autosave and any(
        other.is_autosave and other is not info and other.carries_on(info)
        and newness(other) > newness(info) for other in saves)


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
    start_table(d, state, playable_kinds(info.kinds), list(info.names),
                game_id=_game_id_of(info), hints_used=info.hints_used)
    return None


def _game_id_of(info) -> str | None:
    """The game id whose autosave the loaded save `info` goes on in: its own if it is an
    autosave, else that of the furthest autosave written before it whose game it carries on
    (the one it was saved from), so none is left stale; None (a fresh id) if there is none.
    An autosave with moves the loaded game lacks (the game was played on after this save was
    made) is never written over: nothing played is lost."""
    own = [other for other in list_saves() if other.is_autosave and info.carries_on(other)
           and (other.path == info.path or other.date <= info.date)]
    for other in sorted(own, key=lambda o: (o.path == info.path, len(o.moves)), reverse=True):
        game_id = other.path.name.removesuffix(SUFFIX).removeprefix(AUTOSAVE_PREFIX)
        try:
            autosave_path(game_id)
        except ValueError:
            continue  # a file renamed by hand: its name is no game id
        return game_id
    return None
