"""Two copies of the game on one save folder lose nothing: high scores, the record of games
and the settings are changed under a lock, on the file as it is at that moment; a lock left
by a process that was killed never blocks the next one."""

from __future__ import annotations

import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from loyang_game.files import highscores, records, settings, storage
from loyang_game.files.locks import (
    DOCUMENT_WAIT,
    LOCK_FOLDER,
    GameInUse,
    LocksUnusable,
    document_lock,
    forget_game,
    hold_game,
)

ROUNDS = 150  # per process


def _score(who: str, n: int) -> highscores.Result:
    # Scores from -1000 up, each unique, so the table's 20 best are known in advance.
    return highscores.Result(name=who, date="2026-11-26", seed=n, score=-1000 + n, band="-",
                             cash=0, vegetables=0)


def _add_scores(folder: str, who: str, first: int, start) -> None:
    start.wait()
    for n in range(first, first + ROUNDS):
        highscores.load(folder).add(_score(who, n))


def _add_games(folder: str, who: str, start) -> None:
    start.wait()
    for n in range(ROUNDS):
        entry = {"date": "2026-11-26", "seed": n, "seats": 1, "kinds": ["person"],
                 "names": [f"{who}{n}"], "positions": [15], "places": [1]}
        records.load(folder).add(entry)


def _change_settings(folder: str, who: str, start) -> None:
    """Each window adds hints of its own, and sets a setting only it changes."""
    start.wait()
    mine = settings.load(folder)
    for n in range(40):
        mine.hints_seen.append(f"{who}{n}")
        if who == "a":
            mine.speed = ("fast", "slow")[n % 2]
        else:
            mine.colour_blind = n % 2 == 0
        mine.save()


def _run_two(target, folder: Path, *args_per_process) -> None:
    context = multiprocessing.get_context("spawn")
    start = context.Event()
    workers = [context.Process(target=target, args=(str(folder), *args, start))
               for args in args_per_process]
    for worker in workers:
        worker.start()
    start.set()
    for worker in workers:
        worker.join(300)
        assert worker.exitcode == 0


def test_two_processes_adding_high_scores_keep_the_best_of_both(tmp_path):
    _run_two(_add_scores, tmp_path, ("a", 0), ("b", ROUNDS))
    table = highscores.load(tmp_path)
    every = [_score("a", n) for n in range(ROUNDS)]
    every += [_score("b", n) for n in range(ROUNDS, 2 * ROUNDS)]
    assert table.problem is None
    assert table.results == sorted(every, key=highscores.Result.sort_key)[:highscores.TABLE_SIZE]


def test_two_processes_finishing_games_keep_every_game_in_the_record(tmp_path):
    _run_two(_add_games, tmp_path, ("a",), ("b",))
    names = sorted(game["names"][0] for game in records.load(tmp_path).games)
    assert names == sorted([f"a{n}" for n in range(ROUNDS)] + [f"b{n}" for n in range(ROUNDS)])


def test_two_processes_changing_settings_keep_both_changes(tmp_path):
    _run_two(_change_settings, tmp_path, ("a",), ("b",))
    both = settings.load(tmp_path)
    assert sorted(both.hints_seen) == sorted([f"a{n}" for n in range(40)]
                                             + [f"b{n}" for n in range(40)])
    assert both.speed == "slow" and both.colour_blind is False  # the last each one set


def test_a_setting_changed_in_another_window_is_kept_and_taken_on(tmp_path):
    one, two = settings.load(tmp_path), settings.load(tmp_path)
    one.player_name = "Mei"
    one.save()
    two.speed = "fast"
    two.hints_seen.append("cards")
    two.save()
    assert two.player_name == "Mei"  # taken on from the file
    one.hints_seen.append("harvest")
    one.save()
    again = settings.load(tmp_path)
    assert (again.player_name, again.speed, sorted(again.hints_seen)) == (
        "Mei", "fast", ["cards", "harvest"])
    two.hints_seen.remove("cards")  # a removal is merged too
    two.save()
    assert settings.load(tmp_path).hints_seen == ["harvest"]


def _hold_and_die(folder: str, ready) -> None:
    hold_game(Path(folder), "game-killed")
    ready.set()
    os.kill(os.getpid(), signal.SIGKILL)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL on this system")
def test_a_lock_left_by_a_killed_process_is_taken_over(tmp_path):
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    killed = context.Process(target=_hold_and_die, args=(str(tmp_path), ready))
    killed.start()
    killed.join(60)
    assert ready.is_set() and killed.exitcode == -signal.SIGKILL
    lock = hold_game(tmp_path, "game-killed")
    assert lock is not None and lock.is_locked
    with pytest.raises(GameInUse):  # and now it is this window's
        hold_game(tmp_path, "game-killed")
    lock.release()
    hold_game(tmp_path, "game-killed").release()  # let go of, it is free again


# --- a folder where no lock can be had -----------------------------------------------------------

def _locks_a_file(folder: Path) -> None:
    (folder / LOCK_FOLDER).write_bytes(b"in the way")


def _locks_a_link(folder: Path) -> None:
    elsewhere = folder.parent / "elsewhere"
    elsewhere.mkdir()
    (folder / LOCK_FOLDER).symlink_to(elsewhere)


def _lock_file_a_link(folder: Path) -> None:
    (folder / LOCK_FOLDER).mkdir()
    (folder / LOCK_FOLDER / "game-g1.lock").symlink_to(folder.parent / "letter")
    (folder / LOCK_FOLDER / "settings.msgpack.lock").symlink_to(folder.parent / "letter")
    (folder / LOCK_FOLDER / "records.msgpack.lock").symlink_to(folder.parent / "letter")
    (folder / LOCK_FOLDER / "highscores.msgpack.lock").symlink_to(folder.parent / "letter")


UNLOCKABLE = [_locks_a_file, _locks_a_link, _lock_file_a_link]


@pytest.mark.parametrize("spoil", UNLOCKABLE, ids=lambda f: f.__name__.strip("_"))
def test_a_game_that_cannot_be_locked_is_not_opened(tmp_path, spoil):
    folder = tmp_path / "saves"
    folder.mkdir()
    (tmp_path / "letter").write_bytes(b"precious")
    spoil(folder)
    with pytest.raises(LocksUnusable):
        hold_game(folder, "g1")
    assert (tmp_path / "letter").read_bytes() == b"precious"
    assert not (tmp_path / "elsewhere").exists() or not list((tmp_path / "elsewhere").iterdir())


@pytest.mark.parametrize("spoil", UNLOCKABLE, ids=lambda f: f.__name__.strip("_"))
def test_documents_that_cannot_be_locked_say_so_once_and_keep_working_in_memory(tmp_path,
                                                                               spoil):
    folder = tmp_path / "saves"
    folder.mkdir()
    (tmp_path / "letter").write_bytes(b"precious")
    spoil(folder)
    mine = settings.load(folder)
    mine.speed = "slow"
    first = mine.save()
    assert "cannot be saved now" in first and "kept in this window" in first
    mine.volume = 20
    assert mine.save() is None  # said once
    assert (mine.speed, mine.volume) == ("slow", 20)
    for n in range(3):
        book = records.load(folder)
        book.add({"date": "2026-11-28", "seed": n, "seats": 1, "kinds": ["person"],
                  "names": ["Ana"], "positions": [15], "places": [1]})
    assert [g["seed"] for g in records.load(folder).games] == [0, 1, 2]  # this window's
    assert "cannot be saved now" in records.load(folder).problem
    highscores.load(folder).add(_score("Ana", 1))
    assert [r.seed for r in highscores.load(folder).results] == [1]
    assert (tmp_path / "letter").read_bytes() == b"precious"
    assert sorted(p.name for p in folder.iterdir()) == [LOCK_FOLDER]  # nothing written


def test_what_was_kept_in_memory_is_written_with_the_next_change_that_can_be(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    _locks_a_file(folder)
    for n in range(2):
        records.load(folder).add({"date": "2026-11-28", "seed": n, "seats": 1,
                                  "kinds": ["person"], "names": ["Ana"], "positions": [15],
                                  "places": [1]})
    mine = settings.load(folder)
    mine.speed = "slow"
    mine.save()
    (folder / LOCK_FOLDER).unlink()  # the player tidied the folder
    records.load(folder).add({"date": "2026-11-28", "seed": 2, "seats": 1,
                              "kinds": ["person"], "names": ["Ana"], "positions": [15],
                              "places": [1]})
    mine.save()
    assert [g["seed"] for g in records.load(folder).games] == [0, 1, 2]
    assert settings.load(folder).speed == "slow"
    storage._UNWRITTEN.clear()
    assert [g["seed"] for g in records.load(folder).games] == [0, 1, 2]  # from the file


def test_a_lock_held_by_a_stopped_window_delays_a_change_a_second_not_ten(tmp_path):
    """Another window stopped while holding the record's lock: the change is kept in memory
    after the lock's wait (one second: `locks.DOCUMENT_WAIT`), not after ten."""
    other = document_lock(tmp_path / records.FILE_NAME)
    other.acquire()
    try:
        assert DOCUMENT_WAIT <= 1.0
        book = records.load(tmp_path)
        book.add({"date": "2026-11-28", "seed": 1, "seats": 1, "kinds": ["person"],
                  "names": ["Ana"], "positions": [15], "places": [1]})
        assert [g["seed"] for g in book.games] == [1] and "cannot be saved now" in book.problem
    finally:
        other.release()


def test_lock_files_go_with_their_saves(tmp_path):
    from loyang_game.files.save_index import SaveIndex

    for n in range(5):
        hold_game(tmp_path, f"gone{n}").release()
    kept = hold_game(tmp_path, "open-here")  # a window plays it: its lock stays
    (tmp_path / "autosave-live.msgpack").write_bytes(b"x")
    hold_game(tmp_path, "live").release()
    SaveIndex(tmp_path).wait()
    assert sorted(p.name for p in (tmp_path / LOCK_FOLDER).iterdir()) == [
        "game-live.lock", "game-open-here.lock"]
    kept.release()
    forget_game(tmp_path, "live")  # as Delete does once the save is gone
    assert not (tmp_path / LOCK_FOLDER / "game-live.lock").exists()
