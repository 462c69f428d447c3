"""Starting and resuming games from the menus: a new deal, a save loaded onto the table, the
newest unfinished autosave (Continue). The table always sits on the title screen.

Each game has one autosave, its newest state. A loaded save goes on in the autosave of its own
game (the one whose moves it all holds), so loading a named save of a game, or its autosave,
never starts a second autosave beside the first; an autosave left from before that (all of it
held by a later-written autosave of the game) is not listed. While a table is open, its
game's autosave is that window's alone (`locks.hold_game`): a second window that opens the
same game is told so, and may open a copy instead.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from ..engine import GameConfig, new_game
from ..files.locks import GameInUse, LocksUnusable, hold_game
from ..files.paths import save_dir
from ..files.save import SaveError, load_with_info, new_autosave_id, validate_seed
from ..files.save_index import Listing, index_for
from ..play.session import GameSession, playable_kinds
from ..words import _
from .scene import Scene

log = logging.getLogger(__name__)


def start_table(d, state, kinds: list[str], names: list[str], *,
                game_id: str | None = None, hints_used: bool = False) -> Scene:
    """Put the table for `state` on top of the title screen (`hints_used`: a loaded game
    in which the coach's hints were used). The game's autosave is this window's to write
    while the table is open: GameInUse if another window has it, LocksUnusable if no lock
    can be taken for a saved game (`game_id`), which another window could then open too. A
    new game (no `game_id`) is played without a lock if none can be had: no other window
    has it, and none can open it without its lock."""
    saved, game_id = game_id is not None, game_id or new_autosave_id()
    table = d.find("table")
    if table is not None and table.game.game_id == game_id:
        d.back_to("title")  # this window's own table of the game lets go of it first
    try:
        lock: FileLock | None = hold_game(save_dir(), game_id)
    except LocksUnusable as error:
        if saved:
            raise
        log.warning("a new game is played without a lock: %s", error)
        lock = None
    game = GameSession(state, kinds, names, game_id=game_id, ai_seed=state.config.seed,
                       hints_used=hints_used, lock=lock)
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
        return _("Not started: {reason}.", reason=error)
    start = -1 if starter is None or seats == 1 else starter
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=intro, start_seat=start))
    start_table(d, state, kinds, names)
    return None


@dataclass(frozen=True)
class Refusal:
    """Why a save was not opened, in words; `copy`: the game is open in another window, and
    choosing it again opens a copy (a game of its own, with an autosave of its own)."""

    message: str
    copy: bool = False


def resume(d, path, as_copy: bool = False) -> Refusal | None:
    """Load the save at `path` onto the table (`as_copy`: as a new game of its own); why
    not, if it cannot be loaded or its game is open in another window."""
    try:
        state, info = load_with_info(path)
    except SaveError as error:
        index_for().report_failure(Path(path), error.reason)
        return Refusal(_("That save cannot be loaded: {reason}.", reason=error.reason))
    try:
        start_table(d, state, playable_kinds(info.kinds), list(info.names),
                    game_id=None if as_copy else _game_id_of(state, info),
                    hints_used=info.hints_used)
    except GameInUse:
        return Refusal(_("This game is open in another Loyang window, which saves its moves. "
                         "Choose it again to play on in a copy here."), copy=True)
    except LocksUnusable as error:
        return Refusal(_("This game cannot be opened safely: {reason}, so another window "
                         "could open it too. Choose it again to play on in a copy here.",
                         reason=error), copy=True)
    return None


def _game_id_of(state, info) -> str | None:
    """The game id whose autosave the loaded save `info` goes on in: its own if it is an
    autosave, else that of the furthest autosave written before it whose game it carries on
    (the one it was saved from), so none is left stale; None (a fresh id) if there is none.
    An autosave with moves the loaded game lacks (the game was played on after this save was
    made) is never written over: nothing played is lost."""
    index = index_for()
    listing = index.wait() or Listing(())
    moves = tuple(state.moves())
    own = [other for other in listing.saves if other.game_id and (
        other.path == info.path or (other.date <= info.date
                                    and index.carries_on(info, other, moves)))]
    if info.game_id and all(other.path != info.path for other in own):
        own.append(info)  # an autosave listed as stale is still its own game
    best = max(own, key=lambda o: (o.path == info.path, o.move_count), default=None)
    return best.game_id if best else None
