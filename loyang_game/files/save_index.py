"""The saves of a folder, listed without replaying them, and in the background.

Every game is autosaved and autosaves are kept (they are the games' replays and reviews), so
a regular player's folder holds hundreds of saves. Listing them must not cost a replay each:

- a file is summarised once (`save.read_summary`: decoded, never replayed) and the summary
  kept in memory and in `.cache/save-index.msgpack` in the save folder, keyed by the file's
  identity (name, size, modification and change times, inode); a file whose identity
  changed is read again, so a later autosave or a file edited by hand (even one whose
  modification time was set back) is never shown stale;
- a scene looks at the folder's own modification time first: unchanged (every save is
  written by a rename in it), the last listing stands as it is;
- a scan runs on a thread of its own (`refresh`), so a first look at a large folder never
  holds up the window: the scenes show the last listing, or its progress, meanwhile;
- the full check, the replay against the saved position, happens when a game is opened.

An autosave that a later autosave of the same game carries on (left by a Loyang from before
each game kept one autosave) is not listed; to tell, the moves of saves of the same deal and
players are read, only for those, and kept with their file's identity.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import struct
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import msgpack

from ..engine import GameConfig, Move
from ..text.safe_text import displayable
from .disk import NotKept, own_folder, read_bounded, remove_leftovers, write_atomically
from .locks import tidy_game_locks
from .paths import save_dir
from .save import AUTOSAVE_PREFIX, SUFFIX, SaveError, SaveInfo, read_moves, read_summary
from .save_names import DOCUMENTS

# The cache lives in a folder of its own, so that writing it leaves the save folder's
# modification time (which `look` watches) alone.
CACHE_FOLDER, CACHE_FILE = ".cache", "save-index.bin"
# Seconds a scene waits for a look at the folder before it draws: a folder read before (its
# summaries cached) is listed by then; a large new one goes on in the background. The tests
# wait for ever (None), so that a busy machine cannot change what they see.
FIRST_LOOK: float | None = 0.05
MAX_CACHE_BYTES = 32 << 20  # 100,000 saves' summaries
# A save dated later than this past the clock is dated in the future (not the newest).
FUTURE_SLACK = timedelta(days=1)
log = logging.getLogger(__name__)

# (size, modification time in ns, inode, change time in ns): every atomic write makes a new
# inode, so even two writes of one size within one tick of the file system's clock differ;
# and a file written in place whose modification time was set back (`touch -r`) has a new
# change time, which no program can set.
Identity = tuple[int, int, int, int]


@dataclass(frozen=True)
class Listing:
    """One complete look at the folder: the saved games, newest first, unreadable ones last
    (stale autosaves left out)."""

    saves: tuple[SaveInfo, ...]

    def latest_unfinished(self) -> SaveInfo | None:
        """The newest autosave of an unfinished game: what Continue resumes."""
        return next((info for info in self.saves
                     if info.error is None and info.is_autosave and not info.over), None)


class SaveIndex:
    """The saves of one folder. `refresh()` starts a scan on a thread; `listing` is the last
    complete one (None before the first), `progress` what a scan under way has read."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.listing: Listing | None = None
        self.progress = (0, 0)  # (files read, files found) by the scan under way
        self._summaries: dict[bytes, tuple[Identity, SaveInfo]] = {}
        self._moves: dict[tuple[bytes, Identity], tuple[Move, ...] | None] = {}
        self._cache_read = False
        self._guard = threading.Lock()
        self._thread: threading.Thread | None = None
        self._again = False  # a refresh was asked for while a scan ran
        self._stamp: int | None = None  # the folder's time when the last scan began, if sure
        self._failed = False  # a summary was replaced by a failure: the cache is written anew

    @property
    def scanning(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def refresh(self) -> None:
        """Look at the folder again, on a thread; returns at once."""
        with self._guard:
            if self.scanning:
                self._again = True
                return
            self._thread = threading.Thread(target=self._run, name="save-index", daemon=True)
            self._thread.start()

    def wait(self, timeout: float | None = None) -> Listing | None:
        """Wait up to `timeout` seconds (for ever: None) for a listing that has seen the
        folder as it is now (a scan is started if none runs); the last complete listing if
        time ran out."""
        if not self.scanning:
            self.refresh()
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        while timeout is None and self.scanning:  # a scan asked for meanwhile
            thread = self._thread
            if thread is not None:
                thread.join()
        return self.listing

    def look(self) -> Listing | None:
        """The listing for a scene being shown. If the folder has not changed since the last
        scan, that listing at once: every save, ours or another window's, is written by a
        rename in the folder, which changes its modification time. Else a fresh one, waited
        for up to FIRST_LOOK seconds (the last listing, or None before the first, while it
        goes on)."""
        if self.listing is not None and self._stamp is not None and self._stamp == _stamp(
                self.folder):
            return self.listing
        return self.wait(FIRST_LOOK)

    def report_failure(self, path: Path, reason: str) -> None:
        """A save that failed its full check when it was opened: listed from now on (and in
        the cache, until its file changes) as unreadable, with the reason, so that it can be
        deleted rather than tried again."""
        key = os.fsencode(path.name)
        try:
            stat = path.stat()
        except OSError:
            return
        identity = _identity(stat)
        self._summaries[key] = (identity, SaveInfo(path=path, error=displayable(reason)))
        self._failed = True
        self._stamp = None  # the next look lists it anew
        self.refresh()

    def moves_of(self, info: SaveInfo) -> tuple[Move, ...] | None:
        """The moves of a listed save (None: it cannot be read), kept with its identity."""
        key = os.fsencode(info.path.name)
        try:
            stat = info.path.stat()
        except OSError:
            return None
        identity = _identity(stat)
        if (key, identity) not in self._moves:
            try:
                moves: tuple[Move, ...] | None = read_moves(info.path)
            except SaveError:
                moves = None
            self._moves[(key, identity)] = moves
        return self._moves[(key, identity)]

    def carries_on(self, info: SaveInfo, other: SaveInfo,
                   moves: tuple[Move, ...] | None = None) -> bool:
        """`info`'s game is `other`'s, played on or not: the same deal and players, and
        `other`'s moves are `info`'s first (`moves`: `info`'s, if already at hand)."""
        if not info.same_deal(other) or other.move_count > info.move_count:
            return False
        mine = self.moves_of(info) if moves is None else moves
        theirs = self.moves_of(other)
        return mine is not None and theirs is not None and mine[:len(theirs)] == theirs

    # --- the scan ------------------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            self._again = False
            try:
                listing = self._scan()
            except Exception:  # never a scene waiting for ever: an empty listing, logged
                log.exception("the save folder could not be listed")
                listing = Listing(())
            if listing != self.listing:  # the same listing stays the same object
                self.listing = listing
            with self._guard:
                if not self._again:
                    self._thread = None
                    return

    def _scan(self) -> Listing:
        cache = _cache_folder(self.folder)  # made first: making it changes the folder's time
        stamp = _stamp(self.folder)
        found = _save_files(self.folder)
        if not self._cache_read:
            cached, sound = _read_cache(cache, len(found) + SPARE_ROWS)
            if not sound and cache is not None and os.path.lexists(cache / CACHE_FILE):
                log.info("the save index's cache was damaged or out of date: written anew")
            self._summaries.update(cached)
            self._failed = self._failed or not sound  # a damaged cache is written anew
            self._cache_read = True
            if cache is not None:
                remove_leftovers(cache)
            tidy_game_locks(self.folder, {info.game_id for _, info in cached.values()
                                          if info.game_id} | _game_ids(found))
        self.progress = (0, len(found))
        fresh: dict[bytes, tuple[Identity, SaveInfo]] = {}
        for number, (key, path, identity) in enumerate(found, 1):
            known = self._summaries.get(key)
            if known and known[0] == identity:
                fresh[key] = known
            else:
                fresh[key] = (identity, read_summary(path))
                if fresh[key][1].error is not None:
                    log.info("%s is listed as unreadable: %s", path, fresh[key][1].error)
                time.sleep(0)  # the window's thread takes its turn between two files
            self.progress = (number, len(found))
        changed, self._failed = fresh != self._summaries or self._failed, False
        self._summaries = fresh
        live = {(key, identity) for key, (identity, _) in fresh.items()}
        self._moves = {k: v for k, v in self._moves.items() if k in live}
        if changed and cache is not None:
            _write_cache(cache, fresh)
        infos = [info for _, info in fresh.values()]
        stale = self._stale(infos)
        now = datetime.now(UTC)
        readable = sorted((i for i in infos if i.error is None and i.path not in stale),
                          key=lambda info: _newness(info, now), reverse=True)
        unreadable = sorted((i for i in infos if i.error is not None),
                            key=lambda i: os.fsencode(i.path.name))
        self._stamp = stamp
        return Listing(tuple(readable + unreadable))

    def _stale(self, infos: list[SaveInfo]) -> set[Path]:
        """The autosaves that a later-written autosave carries on (of two alike, one is
        kept). A newer game of the same deal that began with the same moves is not stale.
        Only autosaves of one deal and players are compared, and within one the newer
        saves' move lists are kept by every prefix's hash, so a folder of a thousand saves
        of one deal costs a look-up each, not a comparison with each of the others."""
        games = defaultdict(list)
        for info in infos:
            if info.is_autosave and info.error is None:
                games[(info.config, info.names)].append(info)
        stale = set()
        for group in games.values():
            if len(group) < 2:
                continue
            prefixes: dict[tuple[int, int], tuple[Move, ...]] = {}  # of the newer saves
            for info in sorted(group, key=_written, reverse=True):
                moves = self.moves_of(info)
                if moves is None:
                    continue
                keys = _prefix_keys(moves)
                other = prefixes.get(keys[-1])
                if other is not None and other[:len(moves)] == moves:
                    stale.add(info.path)
                for key in keys:
                    prefixes.setdefault(key, moves)
        return stale

def _prefix_keys(moves: tuple[Move, ...]) -> list[tuple[int, int]]:
    """(length, hash) of every beginning of `moves`, the empty one and the whole included:
    the hashes chain, so all of them cost one pass."""
    keys, running = [(0, 0)], 0
    for length, move in enumerate(moves, 1):
        running = hash((running, move))
        keys.append((length, running))
    return keys


def _stamp(folder: Path) -> int | None:
    """The folder's modification time, if it tells a change for sure: None when it is within
    a second of now, where two changes may share one tick of the file system's clock. A time
    in the future (a clock set back, a copied folder) tells changes as well as any: the next
    change sets it to now."""
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return None
    return mtime if abs(time.time_ns() - mtime) > 1_000_000_000 else None


def _identity(stat: os.stat_result) -> Identity:
    """A file's identity as the index keys it (see `Identity`)."""
    return stat.st_size, stat.st_mtime_ns, stat.st_ino, stat.st_ctime_ns


def _written(info: SaveInfo) -> tuple:
    """The order saves were written in, as their dates say."""
    return info.date, info.move_count, os.fsencode(info.path.name)


def _newness(info: SaveInfo, now: datetime) -> tuple:
    """The listing's order, newest first: a save dated in the future (a clock that was
    ahead, or set back since, or a date typed into a file) is not the newest, but listed
    after every save of a date that has been."""
    sane = info.date is not None and info.date <= now + FUTURE_SLACK
    return sane, *_written(info)


def _save_files(folder: Path) -> list[tuple[bytes, Path, Identity]]:
    """(name as bytes, path, identity) of every save file in `folder`: whatever has a name
    ending in the save suffix, but no folder, no hidden file and no document. A link or a
    pipe of such a name is listed too (as unreadable, with the reason, so that it can be seen
    and deleted); its identity is its own, never its target's."""
    found: list[tuple[bytes, Path, Identity]] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:  # no folder yet, or one that cannot be read: no saves
        return found
    for entry in entries:
        name = entry.name
        if not name.endswith(SUFFIX) or name.startswith(".") or name in DOCUMENTS:
            continue
        with contextlib.suppress(OSError):
            if not entry.is_dir(follow_symlinks=False):
                found.append((os.fsencode(name), Path(entry.path),
                              _identity(entry.stat(follow_symlinks=False))))
    return found


# --- the cache file ------------------------------------------------------------------------------
# "LOYANG-INDEX 2\n", then one frame a save: the payload's length (2 bytes), its BLAKE2b
# digest (8 bytes) and the payload, the msgpack of [name bytes, size, mtime_ns, inode,
# ctime_ns, summary]. The frames are read by this module, not by msgpack, and each payload
# is unpacked on its own with limits, so however the file was made, no more than one small
# payload is decoded at a time: the file (at most MAX_CACHE_BYTES) and the summaries it
# holds are all the memory a read takes. A frame whose digest fails is dropped (a flipped
# bit shows no wrong title) and its save read again; it is only a cache.

_MAGIC = b"LOYANG-INDEX 2\n"
_FRAME = struct.Struct(">H8s")
MAX_ROW_BYTES = 8192  # a summary is about 300 bytes; names and a title at their caps, 2 KB
SPARE_ROWS = 64  # frames read beyond the saves found (others' saves written meanwhile)
_ROW_LIMITS = {"raw": False, "strict_map_key": True, "max_str_len": 4096, "max_bin_len": 1024,
               "max_ext_len": 0, "max_array_len": 16, "max_map_len": 32}
_TEXT_TUPLES = ("kinds", "names")


def _cache_folder(folder: Path) -> Path | None:
    """The cache's folder (`.cache`, made if need be), None if it cannot be had: the save
    folder is missing or read-only, or `.cache` is a file or a link (then said in the log,
    and the index is kept in memory only)."""
    if not folder.is_dir():
        return None
    try:
        return own_folder(folder, CACHE_FOLDER)
    except OSError as error:
        log.warning("the save index is not cached: %s", error)
        return None


def _to_row(key: bytes, identity: Identity, info: SaveInfo) -> list:
    summary = {f.name: getattr(info, f.name) for f in fields(SaveInfo) if f.name != "path"}
    summary["date"] = info.date.isoformat() if info.date else None
    summary["config"] = None if info.config is None else {
        f.name: getattr(info.config, f.name) for f in fields(GameConfig)}
    for name in _TEXT_TUPLES:
        summary[name] = list(summary[name])
    return [key, *identity, summary]


def _from_row(folder: Path, row: Any) -> tuple[bytes, tuple[Identity, SaveInfo]] | None:
    """`row` is whatever the cache file held: every part of it is checked here."""
    try:
        key, size, mtime, inode, ctime, summary = row
        if type(key) is not bytes or any(type(n) is not int
                                         for n in (size, mtime, inode, ctime)):
            return None
        config = summary["config"]
        date = summary["date"]
        values = {**summary,
                  "config": None if config is None else GameConfig(**config),
                  "date": None if date is None else datetime.fromisoformat(date)}
        for name in ("title", "error"):
            if values[name] is not None:
                values[name] = displayable(values[name])
        for name in _TEXT_TUPLES:
            values[name] = tuple(map(displayable, values[name]))
        info = SaveInfo(path=folder.parent / os.fsdecode(key), **values)
        if not _well_typed(info):
            return None
    except (TypeError, ValueError, KeyError, AttributeError, OverflowError):
        return None
    return key, ((size, mtime, inode, ctime), info)


def _well_typed(info: SaveInfo) -> bool:
    checks: tuple[tuple[object, type | tuple[type, ...]], ...] = (
        (info.title, str), (info.seats, int), (info.round, int), (info.over, bool),
        (info.error, (str, type(None))), (info.move_count, int), (info.hints_used, bool),
        (info.date, (datetime, type(None))), (info.config, (GameConfig, type(None))))
    return all(type(value) in (kinds if isinstance(kinds, tuple) else (kinds,))
               for value, kinds in checks) and (info.error is not None or (
                   info.date is not None and info.date.tzinfo is not None
                   and info.config is not None))


def _read_cache(cache: Path | None,
                most: int) -> tuple[dict[bytes, tuple[Identity, SaveInfo]], bool]:
    """The summaries the cache in folder `cache` holds (at most `most` frames are read), and
    whether it was sound: a missing, damaged, older or overfull cache is written anew."""
    if cache is None:
        return {}, True
    try:
        data = read_bounded(cache / CACHE_FILE, MAX_CACHE_BYTES)
    except NotKept as error:
        log.warning("the save index's cache is not read: %s", error)
        return {}, False
    if data is None:
        return {}, False
    if not data.startswith(_MAGIC):
        return {}, False
    rows: dict[bytes, tuple[Identity, SaveInfo]] = {}
    at, sound, frames = len(_MAGIC), True, 0
    while at < len(data):
        frames += 1
        if frames > most or at + _FRAME.size > len(data):
            return rows, False
        length, digest = _FRAME.unpack_from(data, at)
        payload = data[at + _FRAME.size:at + _FRAME.size + length]
        at += _FRAME.size + length
        if length > MAX_ROW_BYTES or len(payload) != length:
            return rows, False
        row = None
        if hashlib.blake2b(payload, digest_size=8).digest() == digest:
            try:
                row = _from_row(cache, msgpack.unpackb(payload, **_ROW_LIMITS))
            except (ValueError, TypeError, RecursionError):  # msgpack's, for damaged data
                row = None
        if row is None:
            sound = False
        else:
            rows[row[0]] = row[1]
    return rows, sound


def _write_cache(cache: Path, summaries: dict[bytes, tuple[Identity, SaveInfo]]) -> None:
    """Best effort: a cache that cannot be written only costs the next start a scan. Two
    windows may write it in turn; each writes a whole file (atomically), and an entry one of
    them lacks is read again from its save."""
    if not summaries and not os.path.lexists(cache / CACHE_FILE):
        return
    payloads = []
    for key, (identity, info) in summaries.items():
        try:
            payloads.append(msgpack.packb(_to_row(key, identity, info), use_bin_type=True))
        except (ValueError, TypeError, OverflowError):
            continue
    try:
        write_atomically(cache / CACHE_FILE, encoded(payloads))
    except OSError as error:
        log.warning("the save index's cache could not be written: %s", error)


def encoded(payloads: list[bytes]) -> bytes:
    """The cache file holding `payloads` (one a save; one too long is left out)."""
    frames = [_MAGIC]
    for payload in payloads:
        if len(payload) <= MAX_ROW_BYTES:
            frames.append(_FRAME.pack(len(payload),
                                      hashlib.blake2b(payload, digest_size=8).digest()))
            frames.append(payload)
    return b"".join(frames)


def _game_ids(found: list[tuple[bytes, Path, Identity]]) -> set[str]:
    """The game ids of the autosaves among `found` (their lock files are kept)."""
    ids = set()
    for _, path, _ in found:
        name = path.name
        if name.startswith(AUTOSAVE_PREFIX):
            ids.add(name.removesuffix(SUFFIX).removeprefix(AUTOSAVE_PREFIX))
    return ids


# --- one index per folder ------------------------------------------------------------------------

_INDEXES: dict[Path, SaveIndex] = {}


def index_for(folder: str | os.PathLike | None = None) -> SaveIndex:
    """The index of `folder` (the save folder by default): one per folder and process, so
    what one scene read the next one has."""
    path = save_dir() if folder is None else Path(folder)
    if path not in _INDEXES:
        _INDEXES[path] = SaveIndex(path)
    return _INDEXES[path]


def list_saves(folder: str | os.PathLike | None = None) -> list[SaveInfo]:
    """Every saved game in `folder` (the save folder by default), newest first, unreadable
    ones last, waiting for the scan: for callers off the window's thread and for tests."""
    listing = index_for(folder).wait()
    return list(listing.saves) if listing else []

