"""The saves of a folder, listed without replaying them, and in the background.

Every game is autosaved and autosaves are kept (they are the games' replays and reviews), so
a regular player's folder holds hundreds of saves. Listing them must not cost a replay each:

- a file is summarised once (`save.read_summary`: decoded, never replayed) and the summary
  kept in memory and in `.cache/save-index.msgpack` in the save folder, keyed by the file's
  identity (name, size, modification time, inode); a file whose identity changed is read
  again, so a later autosave or a file edited by hand is never shown stale;
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
import logging
import os
import threading
import time
from collections import defaultdict
from dataclasses import dataclass, fields
from datetime import datetime
from pathlib import Path
from typing import Any

import msgpack

from ..engine import GameConfig, Move
from ..text.safe_text import displayable
from .atomic import write_atomically
from .paths import save_dir
from .save import SUFFIX, SaveError, SaveInfo, read_moves, read_summary
from .save_names import DOCUMENTS
from .storage import DocumentError, read_bounded

# The cache lives in a folder of its own, so that writing it leaves the save folder's
# modification time (which `look` watches) alone.
CACHE_NAME = ".cache/save-index.msgpack"
# Seconds a scene waits for a look at the folder before it draws: a folder read before (its
# summaries cached) is listed by then; a large new one goes on in the background. The tests
# wait for ever (None), so that a busy machine cannot change what they see.
FIRST_LOOK: float | None = 0.05
CACHE_FORMAT, CACHE_VERSION = "loyang-save-index", 1
MAX_CACHE_BYTES = 64 << 20

# (size, modification time in ns, inode): every atomic write makes a new inode, so even two
# writes of one size within one tick of the file system's clock differ.
Identity = tuple[int, int, int]


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
                logging.getLogger(__name__).exception("the save folder could not be listed")
                listing = Listing(())
            if listing != self.listing:  # the same listing stays the same object
                self.listing = listing
            with self._guard:
                if not self._again:
                    self._thread = None
                    return

    def _scan(self) -> Listing:
        if self.folder.is_dir():  # the cache's folder first: making it changes the folder
            with contextlib.suppress(OSError):
                (self.folder / CACHE_NAME).parent.mkdir(exist_ok=True)
        stamp = _stamp(self.folder)
        if not self._cache_read:
            self._summaries.update(_read_cache(self.folder))
            self._cache_read = True
        found = _save_files(self.folder)
        self.progress = (0, len(found))
        fresh: dict[bytes, tuple[Identity, SaveInfo]] = {}
        for number, (key, path, identity) in enumerate(found, 1):
            known = self._summaries.get(key)
            if known and known[0] == identity:
                fresh[key] = known
            else:
                fresh[key] = (identity, read_summary(path))
                time.sleep(0)  # the window's thread takes its turn between two files
            self.progress = (number, len(found))
        changed, self._failed = fresh != self._summaries or self._failed, False
        self._summaries = fresh
        live = {(key, identity) for key, (identity, _) in fresh.items()}
        self._moves = {k: v for k, v in self._moves.items() if k in live}
        if changed:
            _write_cache(self.folder, fresh)
        infos = [info for _, info in fresh.values()]
        stale = self._stale(infos)
        readable = sorted((i for i in infos if i.error is None and i.path not in stale),
                          key=_newness, reverse=True)
        unreadable = sorted((i for i in infos if i.error is not None),
                            key=lambda i: os.fsencode(i.path.name))
        self._stamp = stamp
        return Listing(tuple(readable + unreadable))

    def _stale(self, infos: list[SaveInfo]) -> set[Path]:
        """The autosaves that a later-written autosave carries on (of two alike, one is
        kept). A newer game of the same deal that began with the same moves is not stale.
        Only autosaves of one deal and players are compared, so a folder of many games costs
        no more than one."""
        games = defaultdict(list)
        for info in infos:
            if info.is_autosave and info.error is None:
                games[(info.config, info.names)].append(info)
        stale = set()
        for group in games.values():
            for info in group:
                if any(other is not info and _newness(other) > _newness(info)
                       and self.carries_on(other, info) for other in group):
                    stale.add(info.path)
        return stale


def _stamp(folder: Path) -> int | None:
    """The folder's modification time, if it tells a change for sure: None when the folder
    changed in the last second, where two changes may share one tick of the file system's
    clock."""
    try:
        mtime = os.stat(folder).st_mtime_ns
    except OSError:
        return None
    return mtime if time.time_ns() - mtime > 1_000_000_000 else None


def _identity(stat: os.stat_result) -> Identity:
    """A file's identity as the index keys it (see `Identity`)."""
    return stat.st_size, stat.st_mtime_ns, stat.st_ino


def _newness(info: SaveInfo) -> tuple:
    return info.date, info.move_count, os.fsencode(info.path.name)


def _save_files(folder: Path) -> list[tuple[bytes, Path, Identity]]:
    """(name as bytes, path, identity) of every save file in `folder`: a regular file (links
    followed) whose name ends in the save suffix, but no hidden file and no document."""
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
            if entry.is_file():
                stat = entry.stat()
                found.append((os.fsencode(name), Path(entry.path),
                              _identity(stat)))
    return found


# --- the cache file ------------------------------------------------------------------------------
# {"format", "version", "saves": [[name bytes, size, mtime_ns, inode, summary], ...]}. It is only a
# cache: anything in it that does not read back as a summary is dropped and its file read again.

_TEXT_TUPLES = ("kinds", "names")


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
        key, size, mtime, inode, summary = row
        if type(key) is not bytes or any(type(n) is not int for n in (size, mtime, inode)):
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
        info = SaveInfo(path=folder / os.fsdecode(key), **values)
        if not _well_typed(info):
            return None
    except (TypeError, ValueError, KeyError, AttributeError):
        return None
    return key, ((size, mtime, inode), info)


def _well_typed(info: SaveInfo) -> bool:
    checks: tuple[tuple[object, type | tuple[type, ...]], ...] = (
        (info.title, str), (info.seats, int), (info.round, int), (info.over, bool),
        (info.error, (str, type(None))), (info.move_count, int), (info.hints_used, bool),
        (info.date, (datetime, type(None))), (info.config, (GameConfig, type(None))))
    return all(type(value) in (kinds if isinstance(kinds, tuple) else (kinds,))
               for value, kinds in checks) and (info.error is not None or (
                   info.date is not None and info.date.tzinfo is not None
                   and info.config is not None))


def _read_cache(folder: Path) -> dict[bytes, tuple[Identity, SaveInfo]]:
    try:
        data = read_bounded(folder / CACHE_NAME, MAX_CACHE_BYTES)
        doc = msgpack.unpackb(data, raw=False, strict_map_key=True) if data else None
    except (DocumentError, ValueError, TypeError):  # msgpack's errors for damaged data
        return {}
    if (not isinstance(doc, dict) or doc.get("format") != CACHE_FORMAT
            or doc.get("version") != CACHE_VERSION or not isinstance(doc.get("saves"), list)):
        return {}
    rows = (_from_row(folder, row) for row in doc["saves"])
    return dict(row for row in rows if row is not None)


def _write_cache(folder: Path, summaries: dict[bytes, tuple[Identity, SaveInfo]]) -> None:
    """Best effort: a cache that cannot be written only costs the next start a scan. Two
    windows may write it in turn; each writes a whole file (atomically), and an entry one of
    them lacks is read again from its save."""
    if not summaries and not (folder / CACHE_NAME).exists():
        return
    rows = [_to_row(key, identity, info) for key, (identity, info) in summaries.items()]
    with contextlib.suppress(OSError, ValueError, TypeError):
        write_atomically(folder / CACHE_NAME, msgpack.packb(
            {"format": CACHE_FORMAT, "version": CACHE_VERSION, "saves": rows},
            use_bin_type=True))


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

