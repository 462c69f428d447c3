"""Settings and the record of games: defaults, persistence, damaged files."""

from __future__ import annotations

import random
from datetime import date

import msgpack

from loyang_game.engine import GameConfig, new_game
from loyang_game.files import records, settings


def test_settings_default_then_persist(tmp_path):
    s = settings.load(tmp_path)
    assert (s.width, s.height, s.speed, s.confirm_unserved) == (1280, 800, "normal", True)
    s.speed, s.colour_blind, s.width = "fast", True, 1024
    s.hints_seen.append("cards")
    s.save()
    again = settings.load(tmp_path)
    assert (again.speed, again.colour_blind, again.width, again.hints_seen) == (
        "fast", True, 1024, ["cards"])
    assert again.problem is None


def test_a_corrupt_settings_file_gives_defaults_and_a_message(tmp_path):
    (tmp_path / settings.FILE_NAME).write_bytes(b"\xc1\xc1 garbage")
    s = settings.load(tmp_path)
    assert s == settings.Settings()
    assert "could not be read" in s.problem
    assert any(p.name.startswith("settings.msgpack.bad-") for p in tmp_path.iterdir())


def test_bad_values_fall_back_one_by_one(tmp_path):
    doc = {"format": settings.FORMAT, "version": 1, "width": 10, "speed": "warp",
           "fullscreen": True, "player_name": "Mei", "unknown": 3}
    (tmp_path / settings.FILE_NAME).write_bytes(msgpack.packb(doc))
    s = settings.load(tmp_path)
    assert (s.width, s.speed, s.fullscreen, s.player_name) == (1280, "normal", True, "Mei")
    assert s.problem is None


def _finished(seats: int, seed: int):
    state = new_game(GameConfig(seats=seats, seed=seed))
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    return state


def test_records_count_wins_per_level_and_the_best_solo_score(tmp_path):
    table = records.load(tmp_path)
    duel = _finished(2, 1)
    table.add(records.entry_of(duel, ["person", "hard"], ["Ana", "AI"], date(2026, 1, 1)))
    table.add(records.entry_of(_finished(1, 2), ["person"], ["Ana"]))
    again = records.load(tmp_path)
    games, wins = again.wins_by_level()["hard"]
    assert games == 1 and wins == (duel.standings()[0]["place"] == 1)
    assert again.best_solo() == _finished(1, 2).standings()[0]["position"]


def test_a_damaged_record_is_kept_aside(tmp_path):
    doc = {"format": records.FORMAT, "version": 1, "games": [{"date": 1}]}
    (tmp_path / records.FILE_NAME).write_bytes(msgpack.packb(doc))
    table = records.load(tmp_path)
    assert table.games == [] and "damaged" in table.problem


def test_one_damaged_game_among_many_drops_only_that_game(tmp_path):
    table = records.load(tmp_path)
    for seed in (1, 2, 3):
        table.add({"date": "2026-11-24", "seed": seed, "seats": 2, "kinds": ["person", "hard"],
                   "names": ["Ana", "AI"], "positions": [15, 12], "places": [1, 2]})
    path = tmp_path / records.FILE_NAME
    doc = msgpack.unpackb(path.read_bytes())
    doc["games"][1]["places"] = [1]  # two seats, one place
    path.write_bytes(msgpack.packb(doc))
    damaged = path.read_bytes()
    again = records.load(tmp_path)
    assert [game["seed"] for game in again.games] == [1, 3]
    assert again.wins_by_level() == {"hard": (2, 2)}
    assert again.problem.startswith("1 of the 3 games in the record of games was damaged and "
                                    "left out; the file as it was is kept as records.msgpack.bad-")
    aside = next(tmp_path.glob(f"{records.FILE_NAME}.bad-*"))
    assert aside.read_bytes() == damaged


def test_a_hinted_solo_game_is_kept_marked_and_not_the_best_without_hints(tmp_path):
    table = records.load(tmp_path)
    plain, hinted = _finished(1, 2), _finished(1, 5)
    low, high = sorted((plain, hinted), key=lambda s: s.standings()[0]["position"])
    table.add(records.entry_of(low, ["person"], ["Ana"]))
    table.add(records.entry_of(high, ["person"], ["Ana"], hinted=True))
    again = records.load(tmp_path)
    assert again.problem is None and len(again.games) == 2  # the marked entry reads back
    assert [g.get("hinted", False) for g in again.games] == [False, True]
    assert "hinted" not in again.games[0]  # written only when true
    assert again.best_solo() == low.standings()[0]["position"]
    assert len(again.solo_scores()) == 2  # the chart shows every game


def test_the_largest_record_its_writer_writes_is_read_back_whole(tmp_path):
    """KEEP four-player games with the longest names in 4-byte characters: the file stays
    under its cap, so the record is never put aside while valid (issue 45: after 480 such
    games it was, and started again empty)."""
    name = "\U0001F955" * 60  # longer than any name: cut to records.MAX_NAME
    state = _finished(4, 5)
    book = records.load(tmp_path)
    for _ in range(records.KEEP + 20):
        book.add(records.entry_of(state, ["person", "hard", "normal", "easy"], [name] * 4))
    size = (tmp_path / records.FILE_NAME).stat().st_size
    again = records.load(tmp_path)
    assert again.problem is None and len(again.games) == records.KEEP
    assert size < records.KIND.limit / 2
    assert again.games[0]["names"] == ["\U0001F955" * records.MAX_NAME] * 4


def test_a_name_with_control_characters_stays_displayable_after_a_save(tmp_path):
    """Issue 45: after a settings save, the name went back to the file's raw control
    characters (the merge took the file's value as it was)."""
    doc = {"format": settings.FORMAT, "version": settings.VERSION, "player_name": "An\x1bna"}
    (tmp_path / settings.FILE_NAME).write_bytes(msgpack.packb(doc))
    mine = settings.load(tmp_path)
    assert mine.player_name == "An?na"
    mine.speed = "fast"
    mine.save()
    assert mine.player_name == "An?na"
    assert settings.load(tmp_path).player_name == "An?na"
