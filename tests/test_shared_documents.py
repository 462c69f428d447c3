"""Two copies of the game on one save folder lose nothing: high scores, the record of games
and the settings are changed under a lock, on the file as it is at that moment; a lock left
by a process that was killed never blocks the next one."""

from __future__ import annotations

import multiprocessing
import os
import signal
from pathlib import Path

import pytest

from loyang_game.files import highscores, records, settings
from loyang_game.files.locks import GameInUse, hold_game

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
