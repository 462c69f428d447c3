"""The save index: a save is read once per identity (never replayed to be listed), the
summaries outlive the process in a cache, a scan runs on a thread of its own, and a save
the listing cannot judge is judged, with its reason, when it is opened."""

from __future__ import annotations

import os
import threading
import time

import msgpack
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import save, save_index
from loyang_game.files.save import SaveError, autosave, load_with_info, save_game
from loyang_game.files.save_index import CACHE_FILE, CACHE_FOLDER, SaveIndex, encoded

CACHE = f"{CACHE_FOLDER}/{CACHE_FILE}"


def _game(seed: int, moves: int = 12):
    state = new_game(GameConfig(seats=2, seed=seed))
    for _ in range(moves):
        state.apply(state.legal_moves()[0])
    return state


@pytest.fixture
def reads(monkeypatch) -> list:
    """The files the index reads (each a `read_summary`); replays are refused outright."""
    seen = []
    real = save_index.read_summary

    def counted(path):
        seen.append(path.name)
        return real(path)

    def no_replay(*_args):
        raise AssertionError("a save was replayed to be listed")

    monkeypatch.setattr(save_index, "read_summary", counted)
    monkeypatch.setattr(save, "_replay", no_replay)
    return seen


def test_a_save_is_read_once_and_again_only_when_its_file_changes(tmp_path, reads):
    for seed in range(5):
        save_game(_game(seed), tmp_path / f"g{seed}.msgpack")
    index = SaveIndex(tmp_path)
    assert len(index.wait().saves) == 5 and sorted(reads) == [f"g{s}.msgpack" for s in range(5)]
    reads.clear()
    index.wait()
    assert reads == []
    save_game(_game(2, moves=20), tmp_path / "g2.msgpack")  # played on
    (tmp_path / "g4.msgpack").unlink()
    listing = index.wait()
    assert reads == ["g2.msgpack"]
    assert {info.path.name: info.move_count for info in listing.saves} == {
        "g0.msgpack": 12, "g1.msgpack": 12, "g2.msgpack": 20, "g3.msgpack": 12}


def test_the_summaries_outlive_the_process_in_the_cache(tmp_path, reads):
    for seed in range(3):
        save_game(_game(seed), tmp_path / f"g{seed}.msgpack")
    first = SaveIndex(tmp_path).wait()
    reads.clear()
    again = SaveIndex(tmp_path).wait()  # as a new start of the game would
    assert reads == [] and again == first


def _row(name: bytes, **summary) -> bytes:
    return msgpack.packb([name, 0, 0, 0, 0, summary], use_bin_type=True)


@pytest.mark.parametrize("damage", [
    b"", b"\xc1\xc1", msgpack.packb([1, 2, 3]),
    msgpack.packb({"format": "loyang-save-index", "version": 1, "saves": [[b"g0.msgpack", 1]]}),
    encoded([_row(b"g0.msgpack", title="x\x00", seats="two")]),
    encoded([msgpack.packb([[[[]]]] * 3)]),
    encoded([b"\xc1"]) + b"\x00\x05",  # a frame cut short
    encoded([]) + b"\xff\xff" + b"\x00" * 8,  # a frame longer than any
])
def test_a_damaged_cache_only_costs_a_fresh_read_and_is_written_anew(tmp_path, reads, damage):
    save_game(_game(0), tmp_path / "g0.msgpack")
    (tmp_path / CACHE).parent.mkdir(exist_ok=True)
    (tmp_path / CACHE).write_bytes(damage)
    listing = SaveIndex(tmp_path).wait()
    assert [info.path.name for info in listing.saves] == ["g0.msgpack"] and reads
    reads.clear()
    assert SaveIndex(tmp_path).wait() == listing and reads == []  # the cache was replaced


def _cached_rows(tmp_path) -> list:
    """The rows of the cache file, decoded (the test's own reading of its frames)."""
    data = (tmp_path / CACHE).read_bytes()
    rows, at = [], len(encoded([]))
    while at < len(data):
        length = int.from_bytes(data[at:at + 2], "big")
        rows.append(msgpack.unpackb(data[at + 10:at + 10 + length]))
        at += 10 + length
    return rows


def test_a_cache_entry_with_odd_text_is_made_displayable(tmp_path):
    save_game(_game(0), tmp_path / "g0.msgpack", names=["Ann", "Bo"])
    SaveIndex(tmp_path).wait()
    (row,) = _cached_rows(tmp_path)
    row[5]["names"] = ["A\x00n", "B\x1bo"]
    (tmp_path / CACHE).write_bytes(encoded([msgpack.packb(row, use_bin_type=True)]))
    (info,) = SaveIndex(tmp_path).wait().saves
    assert info.names == ("A?n", "B?o")


def test_a_flipped_bit_in_the_cache_shows_nothing_wrong(tmp_path, reads):
    """Every bit of one summary's frame flipped in turn: the listing is always the saves'
    own (the frame's digest fails, and that save is read again)."""
    save_game(_game(0), tmp_path / "g0.msgpack", names=["Ann", "Bo"], title="Evening")
    truth = SaveIndex(tmp_path).wait()
    good = (tmp_path / CACHE).read_bytes()
    header = len(encoded([]))
    flips = range(header * 8, len(good) * 8, 7)
    for bit in flips:
        damaged = bytearray(good)
        damaged[bit // 8] ^= 1 << (bit % 8)
        (tmp_path / CACHE).write_bytes(bytes(damaged))
        assert SaveIndex(tmp_path).wait() == truth, bit
    assert len(flips) > 100


def test_a_save_written_in_place_with_its_time_set_back_is_read_again(tmp_path, reads):
    path = tmp_path / "g0.msgpack"
    save_game(_game(0), path, title="Before")
    SaveIndex(tmp_path).wait()
    before = os.stat(path)
    edited = path.read_bytes().replace(b"Before", b"Edited")
    with open(path, "r+b") as file:  # in place: the same inode, size and, below, time
        file.write(edited)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # as `touch -r` does
    reads.clear()
    (info,) = SaveIndex(tmp_path).wait().saves
    assert info.title == "Edited" and reads == ["g0.msgpack"]


def test_a_first_scan_goes_on_in_the_background_with_its_progress(tmp_path, monkeypatch):
    for seed in range(4):
        save_game(_game(seed), tmp_path / f"g{seed}.msgpack")
    gate, reading = threading.Event(), threading.Event()
    real = save_index.read_summary

    def slow(path):
        reading.set()
        gate.wait(30)
        return real(path)

    monkeypatch.setattr(save_index, "read_summary", slow)
    index = SaveIndex(tmp_path)
    assert index.wait(0.01) is None and reading.wait(30)  # the caller did not wait for it
    assert index.scanning and index.progress == (0, 4)
    gate.set()
    assert len(index.wait().saves) == 4 and index.progress == (4, 4)


def test_a_save_whose_moves_do_not_lead_to_its_position_is_reported_when_opened(tmp_path):
    path = tmp_path / "edited.msgpack"
    save_game(_game(1), path)
    doc = msgpack.unpackb(path.read_bytes())
    doc["snapshot"]["round"] = 7
    path.write_bytes(msgpack.packb(doc))
    (info,) = SaveIndex(tmp_path).wait().saves  # listed from its own words...
    assert info.error is None
    with pytest.raises(SaveError, match="do not lead to the saved position"):
        load_with_info(path)  # ...and refused, with the reason, when opened


def test_stale_autosaves_are_found_among_many_games(tmp_path, monkeypatch):
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path))
    early, later = _game(3, moves=10), _game(3, moves=30)
    autosave(early, "game-early")
    autosave(later, "game-later")  # carries the early one's game on: the early one is stale
    for seed in range(10, 20):
        autosave(_game(seed), f"game-{seed}")
    names = [info.path.name for info in SaveIndex(tmp_path).wait().saves]
    assert "autosave-game-later.msgpack" in names and "autosave-game-early.msgpack" not in names
    assert len(names) == 11


def test_a_file_name_in_any_bytes_is_listed_and_shown(tmp_path):
    if os.name != "posix":
        pytest.skip("only POSIX file names hold any bytes")
    folder = os.fsencode(tmp_path)
    odd = os.path.join(folder, b"\xe9t\xe9.msgpack")  # Latin-1, not UTF-8
    save_game(_game(0), os.fsdecode(odd))
    (info,) = SaveIndex(tmp_path).wait().saves
    assert info.shown_name == "?t?.msgpack" and info.error is None
    again = SaveIndex(tmp_path).wait()  # through the cache, too
    assert again.saves[0].path == info.path


def _dated(path, when: str) -> None:
    """Rewrite the save at `path` as if written at `when` (its date is in its details)."""
    doc = msgpack.unpackb(path.read_bytes())
    doc["meta"]["date"] = when
    path.write_bytes(msgpack.packb(doc))


def test_a_save_dated_in_the_future_is_not_the_one_continue_offers(tmp_path, monkeypatch):
    """A date typed into a file, or a clock set back since: the game written last by a sane
    clock is the latest, and the future-dated one is listed after it."""
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path))
    autosave(_game(1), "game-future")
    autosave(_game(2), "game-now")
    _dated(tmp_path / "autosave-game-future.msgpack", "9999-12-31T23:59:59+00:00")
    listing = SaveIndex(tmp_path).wait()
    assert listing.latest_unfinished().game_id == "game-now"
    assert [i.game_id for i in listing.saves] == ["game-now", "game-future"]


def test_a_folder_dated_in_the_future_is_not_scanned_at_every_look(tmp_path, reads):
    save_game(_game(0), tmp_path / "g0.msgpack")
    future = time.time() + 10 * 365 * 86400
    os.utime(tmp_path, (future, future))
    index = SaveIndex(tmp_path)
    first = index.wait()
    reads.clear()
    assert index.look() is first and not index.scanning and reads == []
    save_game(_game(1), tmp_path / "g1.msgpack")  # a change sets the folder's time to now
    assert save_index._stamp(tmp_path) is None  # changed this second: looked at again


def test_a_thousand_autosaves_of_one_deal_are_judged_stale_in_one_pass(tmp_path, monkeypatch):
    """Autosaves of one deal and players, each a beginning of the next: only the last is
    listed; and the comparisons made are one look-up a save, not one a pair (`_prefix_keys`
    is called once for each save)."""
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path))
    state = new_game(GameConfig(seats=2, seed=77))
    for n in range(200):
        state.apply(state.legal_moves()[0])
        autosave(state, f"game-{n:04d}")
    calls = []
    real = save_index._prefix_keys
    monkeypatch.setattr(save_index, "_prefix_keys", lambda moves: calls.append(1) or real(moves))
    listing = SaveIndex(tmp_path).wait()
    assert [i.game_id for i in listing.saves] == ["game-0199"] and len(calls) == 200


def test_a_cache_made_to_unpack_into_millions_of_objects_costs_no_more_than_its_bytes(
        tmp_path, reads):
    """Issue 45's memory bomb: a cache near its cap whose every frame is a payload of empty
    lists. Frames are read no further than the saves found (plus a few) and each is decoded
    on its own: the read's peak memory is the file's bytes, not gigabytes of objects."""
    import tracemalloc

    save_game(_game(0), tmp_path / "g0.msgpack")
    bomb = msgpack.packb([[]] * 15)  # 16 bytes a frame, about 60 objects each
    data = encoded([bomb] * (save_index.MAX_CACHE_BYTES // 30))
    (tmp_path / CACHE).parent.mkdir(exist_ok=True)
    (tmp_path / CACHE).write_bytes(data)
    tracemalloc.start()
    try:
        listing = SaveIndex(tmp_path).wait()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [i.path.name for i in listing.saves] == ["g0.msgpack"]
    assert peak < 2 * len(data) + (8 << 20)
    assert (tmp_path / CACHE).stat().st_size < 4096  # replaced by a sound cache
