"""The save index: a save is read once per identity (never replayed to be listed), the
summaries outlive the process in a cache, a scan runs on a thread of its own, and a save
the listing cannot judge is judged, with its reason, when it is opened."""

from __future__ import annotations

import os
import threading

import msgpack
import pytest

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import save, save_index
from loyang_game.files.save import SaveError, autosave, load_with_info, save_game
from loyang_game.files.save_index import CACHE_NAME, SaveIndex


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


@pytest.mark.parametrize("damage", [
    b"", b"\xc1\xc1", msgpack.packb([1, 2, 3]),
    msgpack.packb({"format": "loyang-save-index", "version": 1, "saves": [[b"g0.msgpack", 1]]}),
    msgpack.packb({"format": "loyang-save-index", "version": 1,
                   "saves": [[b"g0.msgpack", 0, 0, 0, {"title": "x\x00", "seats": "two"}]]}),
])
def test_a_damaged_cache_only_costs_a_fresh_read(tmp_path, reads, damage):
    save_game(_game(0), tmp_path / "g0.msgpack")
    (tmp_path / CACHE_NAME).parent.mkdir(exist_ok=True)
    (tmp_path / CACHE_NAME).write_bytes(damage)
    listing = SaveIndex(tmp_path).wait()
    assert [info.path.name for info in listing.saves] == ["g0.msgpack"] and reads


def test_a_cache_entry_with_odd_text_is_made_displayable(tmp_path):
    save_game(_game(0), tmp_path / "g0.msgpack", names=["Ann", "Bo"])
    SaveIndex(tmp_path).wait()
    doc = msgpack.unpackb((tmp_path / CACHE_NAME).read_bytes())
    doc["saves"][0][4]["names"] = ["A\x00n", "B\x1bo"]
    (tmp_path / CACHE_NAME).write_bytes(msgpack.packb(doc, use_bin_type=True))
    (info,) = SaveIndex(tmp_path).wait().saves
    assert info.names == ("A?n", "B?o")


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
