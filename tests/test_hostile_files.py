"""Every file the game keeps, driven through what a save folder may hold in its place: a link
to a file of the player's, a link to a device, a dangling link, a pipe, a folder, a huge
file, a deeply nested document and hostile values. Each is read as the game reads it and then
written as the game writes it, on a thread that must come back: no hang, no crash, the link's
target untouched, the game's own value sane, and the file's problem in the log.

`python -m pytest tests/test_hostile_files.py -q -s` prints the cases each file held.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import msgpack
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import highscores, logs, records, settings
from loyang_game.files.save import SaveError, load_game, save_game
from loyang_game.files.save_index import CACHE_FILE, CACHE_FOLDER, SaveIndex, encoded
from loyang_game.tutorial import progress

PRECIOUS = b"the player's own letter, which no game may touch"


def _in_thread(action: Callable[[], object]) -> object:
    """Run `action` on a thread; what it returned (its exception re-raised). The join's
    timeout only keeps a hang (the very defect looked for) from stopping the suite."""
    outcome: dict[str, object] = {}

    def run() -> None:
        try:
            outcome["value"] = action()
        except BaseException as error:  # handed to the test below
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "the game hung on the file"
    if "error" in outcome:
        raise outcome["error"]  # type: ignore[misc]
    return outcome.get("value")


@dataclass(frozen=True)
class Kept:
    """A file the game keeps: where, how the game reads it and writes it (each returning
    what the game then shows), and what a sane reading and a sane write look like."""

    name: str
    read: Callable[[Path], object]
    write: Callable[[Path], object]
    read_sane: Callable[[Any], bool]
    written: Callable[[Any], bool]


def _solo_result() -> highscores.Result:
    return highscores.Result("Ana", "2026-11-28", 7, 15, "good", 3, 1)


def _record() -> dict:
    return {"date": "2026-11-28", "seed": 7, "seats": 1, "kinds": ["person"],
            "names": ["Ana"], "positions": [15], "places": [1]}


def _write_settings(folder: Path) -> object:
    loaded = settings.load(folder)
    loaded.speed = "slow"
    loaded.save()
    return settings.load(folder)


def _game(seed: int = 3):
    state = new_game(GameConfig(seats=2, seed=seed))
    for _ in range(10):
        state.apply(state.legal_moves()[0])
    return state


def _read_save(folder: Path) -> object:
    listing = SaveIndex(folder).wait()
    try:
        load_game(folder / "evening.msgpack")
    except SaveError as error:
        return listing, error.reason
    return listing, None


def _write_save(folder: Path) -> object:
    try:
        save_game(_game(), folder / "evening.msgpack")
    except SaveError as error:  # a folder of its name cannot be written over
        return None, error.reason
    return _read_save(folder)


@contextlib.contextmanager
def _own_log_handlers() -> Iterator[None]:
    """The game's loggers as they were once the block ends: the handlers `logs.start` added
    closed and taken off."""
    before = {name: list(logging.getLogger(name).handlers) for name in logs.LOGGERS}
    try:
        yield
    finally:
        for name, handlers in before.items():
            for handler in logging.getLogger(name).handlers:
                if handler not in handlers:
                    handler.close()
            logging.getLogger(name).handlers = handlers


def _write_log(folder: Path) -> object:
    with _own_log_handlers():
        logs.start(folder)
        logging.getLogger("loyang_game.test").warning("a line for the log")
    return True


KEPT = [
    Kept(settings.FILE_NAME, lambda f: settings.load(f), _write_settings,
         lambda s: s.width == 1280, lambda s: s.speed == "slow" or s.read_only),
    Kept(highscores.FILE_NAME, lambda f: highscores.load(f),
         lambda f: highscores.load(f).add(_solo_result()) and highscores.load(f),
         lambda t: isinstance(t.results, list),
         lambda t: _solo_result() in t.results or t.read_only),
    Kept(records.FILE_NAME, lambda f: records.load(f),
         lambda f: records.load(f).add(_record()) or records.load(f),
         lambda r: isinstance(r.games, list),
         lambda r: r.read_only or r.games[-1] == _record()),
    Kept(progress.FILE_NAME, lambda f: progress.load(),
         lambda f: progress.save(progress.Progress(1, 0)) or progress.load(),
         # a folder in its place cannot be written over: that is said, in a line
         lambda p: p.chapter == 0,
         lambda p: "could not be saved" in p if isinstance(p, str) else p.chapter == 1),
    Kept(f"{CACHE_FOLDER}/{CACHE_FILE}", lambda f: SaveIndex(f).wait(),
         lambda f: SaveIndex(f).wait(),
         lambda listing: [i.path.name for i in listing.saves] == ["g.msgpack"],
         lambda listing: [i.path.name for i in listing.saves] == ["g.msgpack"]),
    Kept("evening.msgpack", _read_save, _write_save,
         lambda read: read[1] is not None, lambda read: read[1] is None or "folder" in read[1]),
    Kept(logs.LOG_NAME, lambda f: True, _write_log, bool, bool),
]


def _deep_document(name: str) -> bytes:
    if name.endswith(".json"):
        return b"[" * 200_000 + b"]" * 200_000
    if name.endswith(".bin"):
        return encoded([b"\x91" * 4000 + b"\xc0"])
    return b"\x91" * 200_000 + b"\xc0"  # an array in an array ... 200,000 deep


def _hostile_values(name: str) -> list[bytes]:
    """Documents of the right shape whose values are out of range or of the wrong type."""
    if name.endswith(".json"):
        return [b'{"chapter": Infinity, "step": 0}', b'{"chapter": NaN, "step": NaN}',
                b'{"chapter": 1e999, "step": -1e999}', b'{"chapter": 1, "step": 0, "moves": 7}',
                b'{"chapter": 1, "step": 0, "moves": [[1e308], ["x", 99999999999999999999]]}',
                json.dumps({"chapter": 10**400, "step": 0}).encode(), b'"just text"']
    if name.endswith(".bin"):
        big = 2**64 - 1
        return [encoded([msgpack.packb([b"g.msgpack", big, big, big, big,
                                        {"title": 1.5e308, "seats": float("nan")}])]),
                encoded([msgpack.packb([b"g.msgpack", -1, -1, -1, -1, {"date": "9999-99-99"}])])]
    if name == logs.LOG_NAME:
        return []
    fmt = {settings.FILE_NAME: settings.FORMAT, highscores.FILE_NAME: highscores.FORMAT,
           records.FILE_NAME: records.FORMAT}.get(name, "loyang-save")
    values = [float("inf"), float("nan"), -(2**63), 2**64 - 1, "x" * 4000, [[[[]]]], None,
              True, {"a": 1}]
    docs = [msgpack.packb({"format": fmt, "version": 1, "width": v, "height": v, "speed": v,
                           "player_name": v, "volume": v, "results": [
                               {"name": v, "date": v, "seed": v, "score": v, "band": v,
                                "cash": v, "vegetables": v}],
                           "games": [{**_record(), "positions": [v], "places": [v]}],
                           "config": v, "moves": v, "meta": v, "snapshot": v})
            for v in values]
    return [*docs, msgpack.packb({"format": fmt, "version": float("inf")}),
            msgpack.packb({"format": fmt, "version": 2**64 - 1})]


def _cases(kept: Kept) -> list[tuple[str, Callable[[Path], None]]]:
    """(kind, how to put it in place at `path`) for one kept file."""
    cases: list[tuple[str, Callable[[Path], None]]] = [
        ("link to a file of the player's", lambda p: p.symlink_to(p.parent.parent / "letter")),
        ("link to /dev/zero", lambda p: p.symlink_to("/dev/zero")),
        ("dangling link", lambda p: p.symlink_to(p.parent / "nowhere")),
        ("pipe", lambda p: os.mkfifo(p)),
        ("folder", lambda p: p.mkdir()),
        ("huge file", lambda p: _sparse(p, 100 << 20)),
        ("deep document", lambda p: p.write_bytes(_deep_document(kept.name))),
    ]
    for number, data in enumerate(_hostile_values(kept.name)):
        cases.append((f"hostile values {number}", lambda p, d=data: p.write_bytes(d)))
    return cases


def _sparse(path: Path, size: int) -> None:
    with path.open("wb") as file:
        file.truncate(size)


@pytest.mark.parametrize("kept", KEPT, ids=lambda k: k.name)
def test_every_kept_file_holds_against_what_a_folder_may_hold(tmp_path, monkeypatch, kept,
                                                               caplog):
    caplog.set_level(logging.INFO)
    cases = _cases(kept)
    for number, (kind, put) in enumerate(cases):
        folder = tmp_path / f"case{number}" / "saves"
        folder.mkdir(parents=True)
        monkeypatch.setenv("LOYANG_SAVE_DIR", str(folder))
        letter = folder.parent / "letter"
        letter.write_bytes(PRECIOUS)
        if kept.name.startswith(CACHE_FOLDER):
            save_game(_game(), folder / "g.msgpack")
        path = folder / kept.name
        path.parent.mkdir(exist_ok=True)
        put(path)
        caplog.clear()
        try:
            shown = _in_thread(partial(kept.read, folder))
            assert kept.read_sane(shown), (kind, shown)
            written = _in_thread(partial(kept.write, folder))
            assert kept.written(written), (kind, written)
        except AssertionError:
            raise
        except Exception as error:
            raise AssertionError(f"{kept.name}, {kind}: {type(error).__name__}: {error}") \
                from error
        assert letter.read_bytes() == PRECIOUS, (kind, "the link's target was written")
        assert not (folder.parent / "nowhere").exists(), (kind, "a dangling link was followed")
        if kept.name != logs.LOG_NAME:  # the log's own trouble goes to stderr
            assert any(r.levelno >= logging.INFO for r in caplog.records), (
                kind, "nothing in the log")
    assert len(cases) >= 7
    print(f"\n{kept.name}: {len(cases)} cases held")


def test_a_log_file_that_turns_into_a_pipe_never_holds_the_window(tmp_path, capfd):
    """The log is opened at its first line (`delay`): a pipe put in its place after the
    start, with no reader, is refused at that moment and the lines go to stderr."""
    with _own_log_handlers():
        path = logs.start(tmp_path)
        os.mkfifo(path)
        _in_thread(lambda: logging.getLogger("loyang_game.test").warning("first line"))
        _in_thread(lambda: logging.getLogger("loyang_game.test").warning("second line"))
    err = capfd.readouterr().err
    assert err.count("the log file cannot be written") == 1
    assert "first line" in err and "second line" in err
