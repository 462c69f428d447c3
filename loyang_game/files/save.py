"""Save files: the settings and every move of a game, with a snapshot to check the replay by.

A save is one msgpack map:

    {"format": "loyang-save", "version": 1,
     "config": {the GameConfig fields}, "moves": [[kind, a, ...], ...],
     "snapshot": state.to_data(), "meta": {"title", "date", "kinds", "names", "hints"}}

Loading trusts nothing in the file. The size is capped before reading and msgpack is unpacked
with limits, every field is checked for type and range before use, and the game is rebuilt by
replaying the moves through the engine's own `apply`, which refuses anything illegal. The
snapshot is only compared with the replayed state, never used, so a file cannot smuggle in a
position the rules would not reach; a mismatch (an edited file, or a save from different
rules) is refused rather than giving a silently different game. Every failure is a
`SaveError` whose message a player can read, and nothing in a file is executed or used as a
path.

Writes are atomic (temporary file in the same folder, fsync, rename), so a crash while saving
leaves the previous file whole. Saving never raises anything but `SaveError` either: a game
that cannot be encoded (a seed beyond 64 bits) is refused with the reason.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import msgpack

from ..engine import GameConfig, GameState, IllegalMove, Move, new_game
from ..text.reasons import reason_words
from ..text.safe_text import displayable, file_name_shown
from ..words import N_, _
from .disk import NotKept, read_bounded, write_atomically
from .paths import save_dir

FORMAT = "loyang-save"
VERSION = 1
# UPGRADES[n] turns a version-n document into a version-(n + 1) one. When the format changes,
# bump VERSION and register the upgrader of the old version here, so every old save still
# loads. An upgrader sees a document that has not been checked yet: whatever it raises
# becomes a SaveError.
UPGRADES: dict[int, Callable[[dict], dict]] = {}

SUFFIX = ".msgpack"
AUTOSAVE_PREFIX = "autosave-"

# A 4-player game has about 650 moves and its save is about 6 KB; these bounds are far above
# any real game (20,000 moves fit in 512 KB) and far below what could hurt: the worst file
# within them unpacks into about 35 MB of Python objects, briefly.
MAX_FILE_BYTES = 1 << 19
MAX_MOVES = 20_000
MAX_TITLE = 100
MAX_NAME = 40
# A new game's seed is from MIN_SEED to MAX_SEED (`validate_seed`). msgpack writes whole
# numbers from -2**63 to 2**64 - 1, so a save refuses a seed beyond those.
MIN_SEED, MAX_SEED = 0, 2**64 - 1

_UNPACK_LIMITS = {
    "raw": False,
    "strict_map_key": True,  # keys are text: no hashing of arbitrary values
    "max_buffer_size": MAX_FILE_BYTES,
    "max_str_len": 4096,
    "max_bin_len": 0,  # a save holds no binary data and no extension types
    "max_ext_len": 0,
    "max_array_len": MAX_MOVES,
    "max_map_len": 256,
}

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")

log = logging.getLogger(__name__)

# What a value of the save is, as a message about a damaged save names it.
_TYPE_WORDS = {dict: N_("a map"), list: N_("a list"), str: N_("text"), int: N_("a number"),
               bool: N_("true/false"), float: N_("a fraction"), type(None): N_("nothing")}


class SaveError(Exception):
    """Any problem with a save file. `reason` is in words a player can read; the message
    adds the file's name."""

    def __init__(self, reason: str, path: Path | None = None) -> None:
        super().__init__(f"{path.name}: {reason}" if path else reason)
        self.reason = reason
        self.path = path


@dataclass(frozen=True)
class SaveInfo:
    """What the menus show of a save file, read from the file without replaying it
    (`read_summary`) or after a full load (`load_with_info`). An unreadable file has only
    `path` and `error`, which says why it cannot be loaded. Every text is displayable."""

    path: Path
    title: str = ""
    seats: int = 0
    kinds: tuple[str, ...] = ()
    names: tuple[str, ...] = ()
    round: int = 0
    over: bool = False
    date: datetime | None = None
    error: str | None = None
    config: GameConfig | None = None  # the deal
    move_count: int = 0
    hints_used: bool = False  # the coach's hints were used (a solo result is marked)

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith(AUTOSAVE_PREFIX)

    @property
    def shown_name(self) -> str:
        """The file's name as the player reads it (any bytes: see `file_name_shown`)."""
        return file_name_shown(self.path)

    @property
    def game_id(self) -> str | None:
        """The game an autosave belongs to (its id), None for a named save or a file renamed
        by hand into no game id."""
        if not self.is_autosave:
            return None
        game_id = self.path.name.removesuffix(SUFFIX).removeprefix(AUTOSAVE_PREFIX)
        return game_id if _GAME_ID.fullmatch(game_id) else None

    def same_deal(self, other: SaveInfo) -> bool:
        """Both readable, with the same deal and players: one may carry the other's game on."""
        return (self.error is None and other.error is None and self.config == other.config
                and self.names == other.names)


# --- saving --------------------------------------------------------------------------------------

def save_game(state: GameState, path: str | os.PathLike, *, seat_kinds: Sequence[str] | None = None,
              names: Sequence[str] | None = None, title: str | None = None,
              hints_used: bool = False) -> None:
    """Save `state` to `path`, replacing any file there only once the new one is complete.

    `seat_kinds` says who plays each seat ("person" or an AI level's name; all "person" by
    default) and `names` what each seat is called, so a loaded game resumes with the same
    players; `hints_used` whether the coach's hints were used, which stays with the game.
    Raises SaveError if the file cannot be written or the details are too long.
    """
    path = Path(path)
    try:
        write_atomically(path, _encode(state, seat_kinds, names, title, hints_used))
    except SaveError as error:
        raise SaveError(error.reason, path) from None
    except OSError as error:
        log.warning("%s could not be saved: %s", path, error)
        raise SaveError(_("the game could not be saved ({error})",
                          error=error.strerror or error), path) from None


def validate_seed(seed: str | int) -> int:
    """The seed typed or given, as a number; ValueError with a one-line message for the
    player if it is no whole number from MIN_SEED to MAX_SEED (a game with a larger seed
    could not be saved). A text is digits only; spaces around them are ignored."""
    bounds = {"low": str(MIN_SEED), "high": str(MAX_SEED)}  # (digits, never grouped)
    if isinstance(seed, str):
        digits = seed.strip()
        if not (digits.isascii() and digits.isdigit()):
            raise ValueError(_("a seed is a whole number from {low} to {high}, not {typed}",
                               typed=repr(digits)[:30], **bounds))
        if len(digits) > len(str(MAX_SEED)):
            raise ValueError(_("a seed is a whole number from {low} to {high}; this one has "
                               "{count} digits", count=str(len(digits)), **bounds))
        seed = int(digits)
    if type(seed) is not int:
        raise ValueError(_("a seed is a whole number from {low} to {high}, not {typed}",
                           typed=repr(seed)[:30], **bounds))
    if seed < MIN_SEED:
        raise ValueError(_("a seed is a whole number from {low} to {high}, not a negative "
                           "number", **bounds))
    if seed > MAX_SEED:
        raise ValueError(_("a seed is a whole number from {low} to {high}; this one is {bits} "
                           "bits long", bits=str(seed.bit_length()), **bounds))
    return seed


def new_autosave_id(when: datetime | None = None) -> str:
    """A fresh id for a new game's autosave: the start time (`when`, now by default) to
    read, then 32 random bits, so that games started in the same second (two windows, a
    quick restart) never share a file; an id whose file exists is never handed out."""
    stamp = f"game-{when or datetime.now():%Y%m%d-%H%M%S}"
    while True:
        game_id = f"{stamp}-{secrets.token_hex(4)}"
        if not os.path.lexists(autosave_path(game_id)):
            return game_id


def autosave_path(game_id: str) -> Path:
    """The autosave file of game `game_id` (letters, digits, '-' and '_' only)."""
    if not _GAME_ID.fullmatch(game_id):
        raise ValueError(f"a game id is 1 to 64 letters, digits, '-' or '_', not {game_id!r:.80}")
    return save_dir() / f"{AUTOSAVE_PREFIX}{game_id}{SUFFIX}"


def autosave(state: GameState, game_id: str, **details) -> Path:
    """Save `state` to the game's own autosave file (called after every move of a person's
    turn; a late-game save takes a few milliseconds). `details` as for `save_game`."""
    path = autosave_path(game_id)
    save_game(state, path, **details)
    return path


def _encode(state: GameState, seat_kinds: Sequence[str] | None, names: Sequence[str] | None,
            title: str | None, hints_used: bool = False) -> bytes:
    seed = state.config.seed
    if not -(2**63) <= seed <= MAX_SEED:
        raise SaveError(_("the seed is beyond 64 bits (a save holds seeds from {low} to "
                          "{high})", low=str(-(2**63)), high=str(MAX_SEED)))
    seats = state.config.seats
    names = list(names) if names is not None else [f"Player {seat + 1}" for seat in range(seats)]
    meta = {
        "title": ", ".join(names)[:MAX_TITLE] if title is None else title,
        "date": datetime.now().astimezone().isoformat(timespec="seconds"),
        "kinds": ["person"] * seats if seat_kinds is None else list(seat_kinds),
        "names": names,
        "hints": bool(hints_used),
    }
    _check_meta(meta, seats)  # what is written must pass the loader's checks
    try:
        return msgpack.packb({
            "format": FORMAT,
            "version": VERSION,
            "config": dataclasses.asdict(state.config),
            "moves": [move.to_data() for move in state.moves()],
            "snapshot": state.to_data(),
            "meta": meta,
        })
    except Exception as error:  # whatever the game holds, saving fails with a reason
        log.exception("a game could not be encoded as a save")
        raise SaveError(_("the game could not be encoded as a save ({error})",
                          error=type(error).__name__ + ": " + str(error))) from error


# --- loading -------------------------------------------------------------------------------------

def load_game(path: str | os.PathLike) -> GameState:
    """The game saved in `path`, rebuilt from its moves. Raises SaveError, and nothing else,
    for any file that is not a whole, valid save."""
    return load_with_info(path)[0]


def load_with_info(path: str | os.PathLike) -> tuple[GameState, SaveInfo]:
    """Like `load_game`, with the file's details (who plays each seat) to resume it with."""
    path = Path(path)
    try:
        doc, config, meta, moves = _parts(path)
        state = _replay(config, moves)
        _check_snapshot(state, _get(doc, "snapshot", dict, N_("the saved position")))
    except SaveError as error:
        raise SaveError(error.reason, path) from None
    return state, _info(path, config, meta, state.round, state.is_over, len(moves))


def read_summary(path: str | os.PathLike) -> SaveInfo:
    """The menu's view of one file, read without replaying it (a late-game save is read in
    well under a millisecond); never raises: a bad file comes back with `error` set.

    The round and whether the game is over are the saved position's own; whether the moves
    really lead there is checked when the game is opened (`load_with_info`), which reports a
    file that fails with the reason.
    """
    path = Path(path)
    try:
        doc, config, meta, moves = _parts(path)
        snapshot = _get(doc, "snapshot", dict, N_("the saved position"))
        round_number, phase = snapshot.get("round"), snapshot.get("phase")
        if type(round_number) is not int or not 0 <= round_number <= 99 or type(phase) is not str:
            raise SaveError(_("the saved position is damaged (no round or phase)"))
    except SaveError as error:
        return SaveInfo(path=path, error=displayable(error.reason))
    return _info(path, config, meta, round_number, phase == "over", len(moves))


def read_moves(path: str | os.PathLike) -> tuple[Move, ...]:
    """The moves a save holds, read without replaying them (to tell which saves carry which
    games on); SaveError if the file is no readable save."""
    path = Path(path)
    try:
        return tuple(_moves(_upgrade(_decode(_read(path)))))
    except SaveError as error:
        raise SaveError(error.reason, path) from None


def _parts(path: Path) -> tuple[dict, GameConfig, dict, list[Move]]:
    """The save at `path` read and checked, but not replayed: the document, its game
    settings, its details and its moves."""
    doc = _upgrade(_decode(_read(path)))
    config = _config(doc)
    meta = _check_meta(_get(doc, "meta", dict, N_("the save's details")), config.seats)
    return doc, config, meta, _moves(doc)


def _info(path: Path, config: GameConfig, meta: dict, round_number: int, over: bool,
          move_count: int) -> SaveInfo:
    return SaveInfo(path=path, title=displayable(meta["title"]), seats=config.seats,
                    kinds=tuple(map(displayable, meta["kinds"])),
                    names=tuple(map(displayable, meta["names"])), round=round_number,
                    over=over, date=meta["date"], config=config, move_count=move_count,
                    hints_used=meta["hints"])


def _read(path: Path) -> bytes:
    try:
        data = read_bounded(path, MAX_FILE_BYTES)
    except NotKept as error:
        raise SaveError(str(error)) from None
    if data is None:
        raise SaveError(_("there is no save file there"))
    if not data:
        raise SaveError(_("the file is empty"))
    return data


def _decode(data: bytes) -> dict:
    unpacker = msgpack.Unpacker(**_UNPACK_LIMITS)
    unpacker.feed(data)
    try:
        doc = unpacker.unpack()
    except msgpack.OutOfData:
        raise SaveError(_("the file is truncated: it ends in the middle of the save")) from None
    except ValueError:  # msgpack's errors for malformed data, bad text or exceeded limits
        raise SaveError(_("this is not a Loyang save (it is not readable msgpack data)")) \
            from None
    if type(doc) is not dict or doc.get("format") != FORMAT:
        raise SaveError(_("this is not a Loyang save (it has no Loyang format marker)"))
    if unpacker.tell() != len(data):
        raise SaveError(_("the file is damaged: there is unexpected data after the save"))
    return doc


def _upgrade(doc: dict) -> dict:
    version = _get(doc, "version", int, N_("the save format version"))
    if version > VERSION:
        raise SaveError(_("this save was written by a newer version of Loyang (save format "
                          "{version}; this version reads up to {newest}): update the game",
                          version=version, newest=VERSION))
    if version < 1:
        raise SaveError(_("unknown save format version {version}", version=version))
    while version < VERSION:
        try:
            doc = UPGRADES[version](doc)
        except SaveError:
            raise
        except Exception as error:  # an upgrader meets a file it was not written for
            log.info("a save could not be upgraded from format %s", version, exc_info=True)
            raise SaveError(_("the save could not be upgraded from format {version} ({error})",
                              version=version, error=type(error).__name__)) from None
        if type(doc) is not dict:
            raise SaveError(_("the save could not be upgraded from format {version}",
                              version=version))
        version += 1
    return doc


def _config(doc: dict) -> GameConfig:
    """The game settings, field by field as GameConfig declares them: a setting a save does
    not have (it predates the setting) takes its default."""
    data = _get(doc, "config", dict, N_("the game settings"))
    fields = {field.name: field for field in dataclasses.fields(GameConfig)}
    unknown = sorted(str(key) for key in data if key not in fields)
    if unknown:
        raise SaveError(_("the save has a game setting this version does not know: {name}",
                          name=str(unknown[0])[:40]))
    settings = {name: _get(data, name, type(field.default), N_("the game setting '{name}'"))
                for name, field in fields.items() if name in data}
    try:
        return GameConfig(**settings)
    except (TypeError, ValueError) as error:
        raise SaveError(_("the game settings are invalid: {error}", error=error)) from None


def _check_meta(meta: dict, seats: int) -> dict:
    """The save's details, checked; the date is parsed (on loading it comes back a datetime).
    `hints` (whether the coach's hints were used) is absent in saves from before hints: False."""
    title = _get(meta, "title", str, N_("the title"))
    if len(title) > MAX_TITLE:
        raise SaveError(_("the title is longer than {most} characters", most=str(MAX_TITLE)))
    for key, what in (("kinds", N_("the list of player kinds")),
                      ("names", N_("the list of names"))):
        texts = _get(meta, key, list, what)
        if len(texts) != seats or any(type(t) is not str or len(t) > MAX_NAME for t in texts):
            raise SaveError(_("{what} should hold {seats} texts of at most {most} characters",
                              what=_(what), seats=seats, most=str(MAX_NAME)))
    try:
        date = datetime.fromisoformat(_get(meta, "date", str, N_("the date")))
    except ValueError:
        raise SaveError(_("the date is not a date")) from None
    if date.tzinfo is None:  # naive and aware dates cannot be compared when listing
        raise SaveError(_("the date has no time zone"))
    hints = _get(meta, "hints", bool, N_("whether hints were used")) if "hints" in meta else False
    return {**meta, "date": date, "hints": hints}


def _moves(doc: dict) -> list[Move]:
    # unpacking caps the list's length at MAX_MOVES
    return moves_from_data(_get(doc, "moves", list, N_("the move list")))


def moves_from_data(raw: list) -> list[Move]:
    """The moves of a list as `Move.to_data()` writes them, each checked for its shape
    first; SaveError naming the first damaged one (or a list too long to be a game's)."""
    if type(raw) is not list or len(raw) > MAX_MOVES:
        raise SaveError(_("the move list is not a list of at most {most} moves",
                          most=str(MAX_MOVES)))
    moves = []
    for number, data in enumerate(raw, 1):
        # The shape is checked first: Move.from_data quotes bad data in its message, and
        # quoting a deeply nested value would itself fail.
        if type(data) is not list or not data or type(data[0]) is not str or any(
                type(arg) is not int for arg in data[1:]):
            raise SaveError(_("move {number} is damaged: it is not a move", number=str(number)))
        try:
            moves.append(Move.from_data(data))
        except ValueError as error:
            raise SaveError(_("move {number} is damaged: {error}", number=str(number),
                              error=error)) from None
    return moves


def _replay(config: GameConfig, moves: list[Move]) -> GameState:
    """Rebuild the game move by move, stopping at the first move the rules refuse."""
    state = new_game(config)
    for number, move in enumerate(moves, 1):
        try:
            state.apply(move)
        except IllegalMove as error:
            raise SaveError(_("move {number} of {moves} is not legal when the game is "
                              "replayed: {reason}", number=str(number), moves=str(len(moves)),
                              reason=reason_words(error.reason))) from None
        except Exception as error:  # the engine is not written for hostile moves
            log.warning("move %s of a save broke the engine", number, exc_info=True)
            raise SaveError(_("move {number} of {moves} cannot be replayed ({error})",
                              number=str(number), moves=str(len(moves)),
                              error=type(error).__name__)) from None
    return state


def _check_snapshot(state: GameState, snapshot: dict) -> None:
    # Through msgpack and back, the replayed state's data takes the form read from the file.
    replayed = msgpack.unpackb(msgpack.packb(state.to_data()))
    if snapshot != replayed:
        differing = [key for key in replayed if snapshot.get(key) != replayed[key]]
        raise SaveError(_("the moves do not lead to the saved position (it differs in "
                          "{where}): the file was changed, or it was saved by a version of "
                          "Loyang with different rules",
                          where=", ".join(differing) or _("extra entries")))


def _get(mapping: dict, key: str, kind: type, what: str):
    """`mapping[key]`, which must be exactly a `kind` (True is not a number here)."""
    if key not in mapping:
        raise SaveError(_("{what} is missing", what=_(what, name=key)))
    value = mapping[key]
    if type(value) is not kind:
        found = _TYPE_WORDS.get(type(value), N_("something else"))
        raise SaveError(_("{what} should be {kind}, not {found}", what=_(what, name=key),
                          kind=_(_TYPE_WORDS[kind]) if kind in _TYPE_WORDS else kind.__name__,
                          found=_(found)))
    return value
