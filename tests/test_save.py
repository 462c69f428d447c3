"""Save files: exact round trips, readable errors, versioning, atomic writes, the listing."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from datetime import datetime, timedelta

import msgpack
import pytest

from ai.agents import AGENTS, make_agent
from loyang_game.engine import GameConfig, new_game
from loyang_game.files import paths, save
from loyang_game.files.save import (
    SaveError,
    autosave,
    autosave_path,
    load_game,
    load_with_info,
    read_summary,
    save_game,
)
from loyang_game.files.save_index import list_saves

SEATS = [1, 2, 3, 4]
AGENT_NAMES = ["random", "helper-happy"]
assert set(AGENT_NAMES) <= set(AGENTS), "an agent these tests play was renamed"


def _played(seats: int, seed: int, moves: int | None = None, introductory: bool = False):
    """A random game after `moves` moves (None: to the end)."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=introductory))
    while not state.is_over and (moves is None or len(state.moves()) < moves):
        legal = state.legal_moves()
        state.apply(legal[rng.randrange(len(legal))])
    return state


def _read_doc(path) -> dict:
    return msgpack.unpackb(path.read_bytes())


def _write_doc(path, doc) -> None:
    path.write_bytes(msgpack.packb(doc))


def _edited(tmp_path, edit, state=None):
    """Path of a save of `state` (a short game by default) whose document `edit` changed."""
    path = tmp_path / "edited.msgpack"
    save_game(_played(2, seed=3, moves=30) if state is None else state, path)
    doc = _read_doc(path)
    edit(doc)
    _write_doc(path, doc)
    return path


# --- round trips ---------------------------------------------------------------------------------

@pytest.mark.parametrize("agent_name", AGENT_NAMES)
@pytest.mark.parametrize("seats", SEATS)
@pytest.mark.parametrize("seed", [1, 2])
def test_saved_game_loads_equal_and_goes_on_identically(tmp_path, seats, agent_name, seed):
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=seats, seed=seed, introductory=seed == 2 and seats > 1))
    agent = make_agent(agent_name, seed)
    copies = []  # games loaded at random decisions, carried along with the original
    for decision in itertools.count():
        if decision == 0 or state.is_over or rng.random() < 0.03:
            path = tmp_path / f"at-{decision}.msgpack"
            save_game(state, path)
            copy = load_game(path)
            assert copy.to_data() == state.to_data()
            assert copy.moves() == state.moves()
            copies.append(copy)
        if state.is_over:
            break
        move = agent.choose(state)
        for copy in copies:
            assert copy.legal_moves() == state.legal_moves()
            copy.apply(move)
        state.apply(move)
    for copy in copies:
        assert copy.to_data() == state.to_data()
        assert copy.is_over


def test_a_new_game_saves_and_loads(tmp_path):
    state = new_game(GameConfig(seats=3, seed=11))
    save_game(state, tmp_path / "new.msgpack")
    assert load_game(tmp_path / "new.msgpack").to_data() == state.to_data()


def test_details_come_back_with_the_game(tmp_path):
    state = _played(3, seed=4, moves=80)
    path = tmp_path / "details.msgpack"
    save_game(state, path, seat_kinds=["person", "mcts-hard", "person"],
              names=["Anna", "Bo", "Chen"], title="Sunday game")
    loaded, info = load_with_info(path)
    assert loaded.to_data() == state.to_data()
    assert (info.title, info.seats, info.round, info.over) == ("Sunday game", 3, state.round, False)
    assert info.kinds == ("person", "mcts-hard", "person")
    assert info.names == ("Anna", "Bo", "Chen")
    assert abs(datetime.now().astimezone() - info.date) < timedelta(minutes=1)
    assert read_summary(path) == info


def test_details_default_to_people_named_by_seat(tmp_path):
    path = tmp_path / "plain.msgpack"
    save_game(_played(2, seed=1, moves=10), path)
    info = read_summary(path)
    assert info.kinds == ("person", "person")
    assert info.names == ("Player 1", "Player 2")
    assert info.title == "Player 1, Player 2"
    save_game(_played(4, seed=1, moves=10), path, names=["N" * 40] * 4)
    assert read_summary(path).title == ", ".join(["N" * 40] * 4)[:100]


@pytest.mark.parametrize("details", [
    {"seat_kinds": ["person"]},
    {"names": ["Anna", "Bo", "Chen"]},
    {"names": ["x" * 41, "Bo"]},
    {"title": "x" * 101},
])
def test_details_a_save_cannot_hold_are_refused_when_saving(tmp_path, details):
    with pytest.raises(SaveError):
        save_game(_played(2, seed=1, moves=10), tmp_path / "bad.msgpack", **details)
    assert not (tmp_path / "bad.msgpack").exists()


def test_a_setting_missing_from_an_older_save_takes_its_default(tmp_path):
    # How a GameConfig field added later reads from a save written before it existed.
    path = _edited(tmp_path, lambda doc: doc["config"].pop("introductory"))
    assert load_game(path).config.introductory is False


# --- errors a player can read --------------------------------------------------------------------

def _set(keys, value):
    def edit(doc):
        target = doc
        for key in keys[:-1]:
            target = target[key]
        target[keys[-1]] = value
    return edit


@pytest.mark.parametrize(("edit", "reason"), [
    (_set(["format"], "chess-save"), "no Loyang format marker"),
    (_set(["version"], save.VERSION + 1), "newer version of Loyang"),
    (_set(["version"], 0), "unknown save format version 0"),
    (_set(["version"], "1"), "the save format version should be a number, not text"),
    (_set(["config", "seats"], 9), "the game settings are invalid"),
    (_set(["config", "seats"], True), "'seats' should be a number, not true/false"),
    (_set(["config", "seed"], 1.5), "'seed' should be a number, not a fraction"),
    (_set(["config", "speed"], 3), "a game setting this version does not know: speed"),
    (_set(["moves"], {}), "the move list should be a list, not a map"),
    (_set(["moves", 4], ["fly", 1]), "move 5 is damaged: unknown move kind"),
    (_set(["moves", 4], ["buy", 5000]), "move 5 is damaged"),
    (_set(["moves", 4], ["buy", [[[1]]]]), "move 5 is damaged"),
    (_set(["moves", 0], ["loan"]), "move 1 of 30 is not legal"),
    (_set(["snapshot", "round"], 7), "do not lead to the saved position (it differs in round)"),
    (_set(["snapshot", "extra"], 7), "differs in extra entries"),
    (_set(["meta", "title"], 5), "the title should be text, not a number"),
    (_set(["meta", "names"], ["Anna"]), "the list of names should hold 2 texts"),
    (_set(["meta", "date"], "yesterday"), "the date is not a date"),
    (_set(["meta", "date"], "2024-05-01T10:00:00"), "the date has no time zone"),
    (lambda doc: doc.pop("snapshot"), "the saved position is missing"),
    (lambda doc: doc["moves"].append(["home", 0]), "move 31 of 31 is not legal"),
])
def test_a_damaged_save_is_refused_with_its_reason(tmp_path, edit, reason):
    path = _edited(tmp_path, edit)
    with pytest.raises(SaveError, match=r"^edited\.msgpack: ") as caught:
        load_game(path)
    assert reason in caught.value.reason
    # The listing reads a file without replaying it: what only the replay finds (an illegal
    # move, a position the moves do not reach) is reported when the game is opened.
    found_by_replay = ("when the game is replayed" in caught.value.reason
                       or "do not lead to the saved position" in caught.value.reason)
    assert read_summary(path).error == (None if found_by_replay else caught.value.reason)


@pytest.mark.parametrize(("data", "reason"), [
    (b"", "the file is empty"),
    (b"\xc1 definitely not msgpack", "not readable msgpack data"),
    (b"Hello, this is a text file.", "no Loyang format marker"),
    (msgpack.packb([1, 2, 3]), "no Loyang format marker"),
    (b"\x00" * (save.MAX_FILE_BYTES + 1), "larger than 512 KB, far larger than any Loyang"),
])
def test_a_file_that_is_no_save_is_refused(tmp_path, data, reason):
    path = tmp_path / "other.msgpack"
    path.write_bytes(data)
    with pytest.raises(SaveError, match=reason):
        load_game(path)


def test_a_truncated_or_extended_save_is_refused(tmp_path):
    path = tmp_path / "cut.msgpack"
    save_game(_played(2, seed=3, moves=30), path)
    whole = path.read_bytes()
    path.write_bytes(whole[: len(whole) // 2])
    with pytest.raises(SaveError, match="truncated"):
        load_game(path)
    path.write_bytes(whole + b"\x00")
    with pytest.raises(SaveError, match="unexpected data after the save"):
        load_game(path)


def test_a_missing_file_or_a_folder_is_refused(tmp_path):
    for path in (tmp_path / "nowhere.msgpack", tmp_path, "bad\0name.msgpack"):
        with pytest.raises(SaveError):
            load_game(path)


# --- versions ------------------------------------------------------------------------------------

def test_a_save_from_a_newer_version_is_refused_clearly(tmp_path):
    path = _edited(tmp_path, _set(["version"], save.VERSION + 1))
    with pytest.raises(SaveError) as caught:
        load_game(path)
    assert caught.value.reason == (
        f"this save was written by a newer version of Loyang (save format {save.VERSION + 1}; "
        f"this version reads up to {save.VERSION}): update the game")


def test_an_older_save_goes_through_the_upgraders(tmp_path, monkeypatch):
    # Until a format 2 exists, pretend it does: format-1 files must then pass its upgrader.
    state = _played(2, seed=3, moves=30)
    path = tmp_path / "old.msgpack"
    save_game(state, path, title="format 1")
    upgraded = []

    def upgrade_1_to_2(doc):
        upgraded.append(doc["version"])
        return {**doc, "meta": {**doc["meta"], "title": "format 1, upgraded"}}

    monkeypatch.setattr(save, "VERSION", 2)
    monkeypatch.setattr(save, "UPGRADES", {1: upgrade_1_to_2})
    loaded, info = load_with_info(path)
    assert loaded.to_data() == state.to_data()
    assert (upgraded, info.title) == ([1], "format 1, upgraded")
    save_game(state, path)  # written as format 2: no upgrade
    assert load_game(path).to_data() == state.to_data()
    assert upgraded == [1]


def test_an_upgrader_that_fails_is_a_save_error(tmp_path, monkeypatch):
    # Upgraders meet documents nothing has checked yet.
    path = _edited(tmp_path, lambda doc: doc.pop("meta"))
    monkeypatch.setattr(save, "VERSION", 2)
    monkeypatch.setattr(save, "UPGRADES", {1: lambda doc: doc["meta"]["title"]})
    with pytest.raises(SaveError, match="could not be upgraded from format 1"):
        load_game(path)


# --- atomic writes -------------------------------------------------------------------------------

class _Crash(Exception):
    pass


@pytest.mark.parametrize("step", ["fsync", "replace"])
def test_a_save_that_fails_half_way_leaves_the_old_file(tmp_path, monkeypatch, step):
    path = tmp_path / "game.msgpack"
    old = _played(2, seed=1, moves=20)
    save_game(old, path)
    before = path.read_bytes()

    def crash(*args, **kwargs):
        raise _Crash

    with monkeypatch.context() as patch, pytest.raises(_Crash):
        patch.setattr(os, step, crash)
        save_game(_played(2, seed=1, moves=60), path)
    assert path.read_bytes() == before
    assert load_game(path).to_data() == old.to_data()
    assert [p.name for p in tmp_path.iterdir()] == ["game.msgpack"]  # no temporary file left


def test_a_process_killed_between_write_and_rename_leaves_the_old_file(tmp_path):
    path = tmp_path / "game.msgpack"
    old = _played(2, seed=1, moves=20)
    save_game(old, path)
    before = path.read_bytes()
    script = (
        "import os, sys\n"
        "from tests.test_save import _played\n"
        "from loyang_game.files.save import save_game\n"
        "os.replace = lambda *args, **kwargs: os._exit(9)  # die after the write, not renamed\n"
        "save_game(_played(2, seed=1, moves=60), sys.argv[1])\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=paths.PROJECT_DIR,
                          timeout=60, capture_output=True)
    assert done.returncode == 9, done.stderr
    leftovers = [p for p in tmp_path.iterdir() if p.name != "game.msgpack"]
    assert len(leftovers) == 1 and leftovers[0].name.endswith(".tmp")
    assert path.read_bytes() == before
    assert [info.path for info in list_saves(tmp_path)] == [path]


def test_a_folder_that_cannot_be_written_is_a_save_error(tmp_path):
    (tmp_path / "file").write_text("in the way")
    with pytest.raises(SaveError, match="could not be saved"):
        save_game(_played(2, seed=1, moves=5), tmp_path / "file" / "game.msgpack")


# --- autosave and the save folder ----------------------------------------------------------------

def test_the_save_folder_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("LOYANG_SAVE_DIR", str(tmp_path / "elsewhere"))
    assert paths.save_dir() == tmp_path / "elsewhere"
    monkeypatch.delenv("LOYANG_SAVE_DIR")
    assert paths.save_dir() == paths.PROJECT_DIR / "saves"
    assert (paths.PROJECT_DIR / "loyang_game" / "files" / "paths.py").is_file()


def test_autosave_keeps_one_file_per_game_in_the_save_folder():
    state = _played(3, seed=2, moves=40)
    path = autosave(state, "game-1", names=["A", "B", "C"])
    assert path == paths.save_dir() / "autosave-game-1.msgpack"
    state.apply(state.legal_moves()[0])
    assert autosave(state, "game-1") == path
    assert load_game(path).to_data() == state.to_data()
    assert [(info.path, info.is_autosave) for info in list_saves()] == [(path, True)]


@pytest.mark.parametrize("game_id", ["", "../escape", "a/b", "x" * 65, "dot.dot"])
def test_an_autosave_id_cannot_name_another_path(game_id):
    with pytest.raises(ValueError):
        autosave_path(game_id)


# --- the listing ---------------------------------------------------------------------------------

def test_the_listing_shows_bad_files_as_unreadable_and_never_fails(tmp_path):
    folder = tmp_path / "listing"
    folder.mkdir()
    early, late = folder / "early.msgpack", folder / "late.msgpack"
    save_game(_played(2, seed=1, moves=10), early, title="early")
    save_game(_played(2, seed=2, moves=10), late, title="late")
    doc = _read_doc(early)
    doc["meta"]["date"] = "2001-01-01T12:00:00+00:00"
    _write_doc(early, doc)
    (folder / "broken.msgpack").write_bytes(late.read_bytes()[:-7])
    (folder / "empty.msgpack").write_bytes(b"")
    (folder / "dir.msgpack").mkdir()
    (folder / "notes.txt").write_text("not a save")
    (folder / ".late.msgpack.x1.tmp").write_bytes(b"left by a crash")
    listing = list_saves(folder)
    assert [(i.path.name, i.title) for i in listing] == [
        ("late.msgpack", "late"), ("early.msgpack", "early"),
        ("broken.msgpack", ""), ("empty.msgpack", "")]
    assert listing[2].error == "the file is truncated: it ends in the middle of the save"
    assert listing[3].error == "the file is empty"
    assert listing[0].error is None and listing[0].seats == 2


def test_a_missing_save_folder_lists_nothing(tmp_path):
    assert list_saves(tmp_path / "none") == []
    assert list_saves() == []  # the test's own LOYANG_SAVE_DIR does not exist yet


# --- what a save cannot hold ---------------------------------------------------------------------

@pytest.mark.parametrize("seed", [2**64, 2**200, -(2**63) - 1])
def test_a_seed_beyond_64_bits_is_refused_when_saving(tmp_path, seed):
    state = new_game(GameConfig(seats=2, seed=seed))
    path = tmp_path / "big.msgpack"
    with pytest.raises(SaveError, match="the seed is beyond 64 bits"):
        save_game(state, path)
    assert not path.exists()
    with pytest.raises(SaveError):
        autosave(state, "big-seed")


@pytest.mark.parametrize("seed", [save.MAX_SEED, 0, -(2**63)])
def test_the_widest_seeds_a_save_holds_round_trip(tmp_path, seed):
    save_game(new_game(GameConfig(seats=2, seed=seed)), tmp_path / "wide.msgpack")
    assert load_game(tmp_path / "wide.msgpack").config.seed == seed


def test_any_failure_to_encode_is_a_save_error(tmp_path, monkeypatch):
    state = _played(2, seed=1, moves=5)

    def unencodable(self):
        return {"deck": {1, 2}}  # a set: msgpack cannot write it

    monkeypatch.setattr(type(state), "to_data", unencodable)
    with pytest.raises(SaveError, match=r"could not be encoded as a save \(TypeError"):
        save_game(state, tmp_path / "odd.msgpack")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("given", "seed"), [("0", 0), (" 42 ", 42), (7, 7),
                                              (str(2**64 - 1), 2**64 - 1)])
def test_a_seed_within_64_bits_is_accepted(given, seed):
    assert save.validate_seed(given) == seed


@pytest.mark.parametrize(("given", "words"), [
    (str(2**64), "is 65 bits long"), (2**64, "is 65 bits long"), ("9" * 5000, "has 5000 digits"),
    (-1, "not a negative number"), ("-1", "not '-1'"), ("", "not ''"), ("seven", "not 'seven'"),
    ("\u0661\u0662", "not"), (1.5, "not 1.5"), (True, "not True"),
])
def test_a_seed_out_of_range_is_refused_in_one_line(given, words):
    with pytest.raises(ValueError) as caught:
        save.validate_seed(given)
    assert str(caught.value).startswith("a seed is a whole number from 0 to 18446744073709551615")
    assert words in str(caught.value) and "\n" not in str(caught.value)


# --- autosave ids --------------------------------------------------------------------------------

def test_games_started_in_the_same_second_get_their_own_autosaves():
    second = datetime(2026, 11, 24, 8, 15, 51)
    ids = {save.new_autosave_id(second) for _ in range(2000)}
    assert len(ids) == 2000
    assert all(game_id.startswith("game-20261124-081551-") for game_id in ids)
    assert all(autosave_path(game_id).name.startswith("autosave-game-") for game_id in ids)


def test_an_autosave_id_whose_file_exists_is_never_handed_out(monkeypatch):
    second = datetime(2026, 11, 24, 8, 15, 51)
    taken = autosave_path("game-20261124-081551-0000aaaa")
    taken.parent.mkdir(parents=True)
    taken.write_bytes(b"another game's autosave")
    draws = iter(["0000aaaa", "0000aaaa", "0000bbbb"])
    monkeypatch.setattr(save.secrets, "token_hex", lambda n: next(draws))
    assert save.new_autosave_id(second) == "game-20261124-081551-0000bbbb"
    assert taken.read_bytes() == b"another game's autosave"


# --- files that are no regular file --------------------------------------------------------------

def test_a_fifo_or_a_device_named_like_a_save_is_refused_at_once(tmp_path):
    fifo = tmp_path / "pipe.msgpack"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.msgpack"
    zero.symlink_to("/dev/zero")
    for path, why in ((fifo, "not a regular file"), (zero, "a link"),
                      (tmp_path, "not a regular file")):
        with pytest.raises(SaveError, match=why):
            load_game(path)  # a pipe with no writer would block a plain open() for ever
    listed = list_saves(tmp_path)  # shown, to be seen and deleted, never read through
    assert [(info.path.name, info.error) for info in listed] == [
        ("pipe.msgpack", "it is not a regular file (a folder, a pipe or a device)"),
        ("zero.msgpack", "it is a link to another file, which Loyang does not follow")]
