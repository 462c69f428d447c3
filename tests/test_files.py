"""Files in the save folder: reads refuse what is no regular file or a link and stop at their
cap, writes replace a link rather than follow it and keep permissions, and a crash's temporary
files are swept."""

from __future__ import annotations

import os
import stat
import threading
import tracemalloc

import msgpack
import pytest

from loyang_game.files import highscores, records, settings, storage
from loyang_game.files.disk import (
    LEFTOVER_AGE,
    NotKept,
    read_bounded,
    remove_leftovers,
    write_atomically,
)
from loyang_game.files.storage import DocumentError, read_document

MODULES = [settings, highscores, records]


def _in_thread(action):
    """Run `action` on a thread; what it returned or raised. The join's timeout only keeps a
    hang (the very defect looked for) from stopping the suite; no time is measured."""
    outcome = {}

    def run():
        try:
            outcome["value"] = action()
        except Exception as error:
            outcome["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=60)
    assert not thread.is_alive(), "the read blocked"
    return outcome


# --- reading -------------------------------------------------------------------------------------

@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".")[-1])
def test_a_fifo_in_place_of_a_document_is_refused_not_waited_on(tmp_path, module):
    os.mkfifo(tmp_path / module.FILE_NAME)
    outcome = _in_thread(lambda: module.load(tmp_path))
    assert "error" not in outcome, outcome
    loaded = outcome["value"]
    assert "not a regular file" in loaded.problem and not loaded.read_only
    assert stat.S_ISFIFO(os.lstat(next(tmp_path.glob(f"{module.FILE_NAME}.bad-*"))).st_mode)


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_a_link_to_a_device_is_refused_without_reading_it(tmp_path, device):
    path = tmp_path / settings.FILE_NAME
    path.symlink_to(device)
    tracemalloc.start()
    try:
        outcome = _in_thread(lambda: read_document(path, settings.KIND))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert isinstance(outcome.get("error"), DocumentError)
    assert "a link" in str(outcome["error"])
    assert peak < storage.MAX_BYTES


def test_a_huge_file_is_read_no_further_than_the_cap(tmp_path):
    path = tmp_path / "huge.msgpack"
    with path.open("wb") as file:
        file.truncate(4 * 2**30)  # sparse: 4 GB long, next to nothing on the disk
    tracemalloc.start()
    try:
        with pytest.raises(NotKept, match="larger than 256 KB"):
            read_bounded(path, storage.MAX_BYTES)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * storage.MAX_BYTES + 2**16


def test_a_file_at_the_cap_is_read_whole(tmp_path):
    path = tmp_path / "full.bin"
    path.write_bytes(b"x" * 1000)
    assert read_bounded(path, 1000) == b"x" * 1000
    with pytest.raises(NotKept):
        read_bounded(path, 999)
    assert read_bounded(tmp_path / "missing.bin", 1000) is None
    (tmp_path / "dangling").symlink_to(tmp_path / "nowhere")
    with pytest.raises(NotKept, match="a link"):
        read_bounded(tmp_path / "dangling", 1000)


def test_a_folder_or_a_bad_name_is_refused(tmp_path):
    (tmp_path / "folder").mkdir()
    for path in (tmp_path / "folder", tmp_path / "bad\0name"):
        with pytest.raises(NotKept):
            read_bounded(path, 1000)


# --- writing -------------------------------------------------------------------------------------

def test_a_write_replaces_a_link_and_never_touches_its_target(tmp_path):
    target = tmp_path / "real" / "photo.jpg"
    target.parent.mkdir()
    target.write_bytes(b"the player's own file")
    target.chmod(0o644)
    link = tmp_path / "settings.msgpack"
    link.symlink_to(target)
    write_atomically(link, b"new")
    assert not link.is_symlink() and link.read_bytes() == b"new"
    assert target.read_bytes() == b"the player's own file"
    assert stat.S_IMODE(target.stat().st_mode) == 0o644
    assert stat.S_IMODE(link.stat().st_mode) == 0o600  # a file of its own, private


def test_settings_in_place_of_a_link_are_kept_beside_it_not_through_it(tmp_path):
    target = tmp_path / "dotfiles" / "loyang-settings.msgpack"
    target.parent.mkdir()
    target.write_bytes(b"not ours")
    (tmp_path / settings.FILE_NAME).symlink_to(target)
    loaded = settings.load(tmp_path)
    assert "a link" in loaded.problem  # put aside (the link itself), defaults used
    loaded.speed = "slow"
    loaded.save()
    assert not (tmp_path / settings.FILE_NAME).is_symlink()
    assert settings.load(tmp_path).speed == "slow"
    assert target.read_bytes() == b"not ours"


@pytest.mark.parametrize("mode", [0o644, 0o600, 0o640])
def test_a_rewritten_file_keeps_its_permissions(tmp_path, mode):
    path = tmp_path / "records.msgpack"
    path.write_bytes(b"old")
    path.chmod(mode)
    write_atomically(path, b"new")
    assert path.read_bytes() == b"new"
    assert stat.S_IMODE(path.stat().st_mode) == mode


def test_a_new_file_is_private_to_its_owner(tmp_path):
    write_atomically(tmp_path / "new.msgpack", b"new")
    assert stat.S_IMODE((tmp_path / "new.msgpack").stat().st_mode) == 0o600


# --- what a crash leaves -------------------------------------------------------------------------

def _crash_leftover(folder, name: str, age: float, now: float):
    path = folder / name
    path.write_bytes(b"half a save")
    os.utime(path, (now - age, now - age))
    return path


def test_temporary_files_a_crash_left_are_removed_at_start_up(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    now = 2_000_000_000.0
    old = _crash_leftover(folder, ".evening.msgpack.k2x_9abc.tmp", LEFTOVER_AGE + 1, now)
    fresh = _crash_leftover(folder, ".settings.msgpack.a1b2c3d4.tmp", 1, now)
    keep = [_crash_leftover(folder, name, LEFTOVER_AGE * 10, now) for name in (
        "evening.msgpack", "notes.tmp", ".hidden.tmp", ".evening.msgpack.TOOLONG99.tmp")]
    assert remove_leftovers(folder, now) == [old.name]
    assert not old.exists() and fresh.exists()  # a save under way in another window stays
    assert all(path.exists() for path in keep)
    assert remove_leftovers(tmp_path / "missing", now) == []


def test_loading_the_settings_sweeps_the_save_folder(tmp_path):
    leftover = tmp_path / ".highscores.msgpack.zz11yy22.tmp"
    leftover.write_bytes(b"half a table")
    os.utime(leftover, (1_000_000_000, 1_000_000_000))  # long ago
    settings.load(tmp_path)
    assert not leftover.exists()


# --- newer versions and damaged entries ----------------------------------------------------------

@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__.rsplit(".")[-1])
def test_a_document_from_a_newer_loyang_is_reported_and_never_replaced(tmp_path, module):
    path = tmp_path / module.FILE_NAME
    newer = msgpack.packb({"format": module.FORMAT, "version": module.VERSION + 1,
                           "a field this version does not know": [1, 2, 3]})
    path.write_bytes(newer)
    loaded = module.load(tmp_path)
    assert loaded.read_only
    assert "made by a newer Loyang (version 2; this Loyang reads up to version 1)" in (
        loaded.problem)
    if module is settings:
        loaded.speed = "fast"
        loaded.save()
    elif module is highscores:
        loaded.add(highscores.Result("Ana", "2026-11-24", 7, 15, "good", 3, 1))
    else:
        loaded.add({"date": "2026-11-24", "seed": 7, "seats": 1, "kinds": ["person"],
                    "names": ["Ana"], "positions": [15], "places": [1]})
    assert path.read_bytes() == newer
    assert [p.name for p in tmp_path.iterdir()] == [module.FILE_NAME]


@pytest.mark.parametrize("version", [0, "2", None, True])
def test_a_document_of_an_unknown_version_is_damaged(tmp_path, version):
    path = tmp_path / settings.FILE_NAME
    path.write_bytes(msgpack.packb({"format": settings.FORMAT, "version": version}))
    loaded = settings.load(tmp_path)
    assert not loaded.read_only and "unknown version" in loaded.problem
    assert not path.exists()  # put aside, not lost
