"""The record of finished games and the statistics drawn from it (`records.msgpack`).

Each finished game adds one entry: when, who sat where (a person or an AI level), the final
standings. From them: wins per opponent level for the people at the table, and the best solo
score. A damaged file is kept aside and reported, like the other documents; a damaged entry
is left out, the others kept, after the file is copied aside; a file from a newer Loyang is
left as it is and the games of this session are not written to it. Two windows that finish
games at once keep both: a game is added to the record as the file holds it at that moment,
under the file's lock (`storage.update_document`).

The texts of an entry (names, kinds, date) are made displayable as they are read.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from ..engine import GameState
from ..text.safe_text import displayable
from .paths import save_dir
from .storage import Kind, change_shared, open_document, sound_entries, unwritten

FILE_NAME = "records.msgpack"
FORMAT = "loyang-records"
VERSION = 1
KEEP = 500  # the newest entries kept
MAX_NAME = 40  # a name's characters, as a save holds them
# KEEP entries of four seats with the longest names (4-byte characters) take about 420 KB:
# the cap leaves room, so the record never outgrows its own reader (a test writes them).
KIND = Kind(FORMAT, VERSION, "record of games", 1 << 20)
PERSON = "person"


def entry_of(state: GameState, kinds: list[str], names: list[str],
             when: date | None = None, hinted: bool = False) -> dict:
    """The record of a finished game; `hinted`: the coach's hints were used (written only
    then, so the records of games without hints stay as older versions wrote them)."""
    rows = sorted(state.standings(), key=lambda r: r["seat"])
    entry = {"date": (when or date.today()).isoformat(), "seed": state.config.seed,
             "seats": state.config.seats, "kinds": [k[:MAX_NAME] for k in kinds],
             "names": [n[:MAX_NAME] for n in names],
             "positions": [r["position"] for r in rows], "places": [r["place"] for r in rows]}
    if hinted:
        entry["hinted"] = True
    return entry


@dataclass
class Records:
    path: Path
    games: list[dict] = field(default_factory=list)
    problem: str | None = None  # what was wrong with the file, for the player
    read_only: bool = False  # the file is a newer Loyang's: never written over
    unwritten: list[dict] = field(default_factory=list)  # added, not yet in the file

    def add(self, entry: dict) -> None:
        """Add a finished game to the record as the file holds it now (another window's
        games included, and any this window could not write before) and save it."""
        def change(doc: dict | None) -> dict:
            if doc is not None:
                games, problem = _games_in(doc, self.path)
                self.problem = problem or self.problem
                self.games = [*games, *self.unwritten]
            self.games = [*self.games, entry][-KEEP:]
            return {"games": self.games}

        if change_shared(self, KIND, change):
            self.unwritten = []
        else:
            self.unwritten.append(entry)

    def wins_by_level(self) -> dict[str, tuple[int, int]]:
        """Per AI level: (games a person played against it, games a person won)."""
        out: dict[str, list[int]] = {}
        for game in self.games:
            people = [i for i, kind in enumerate(game["kinds"]) if kind == PERSON]
            levels = {kind for kind in game["kinds"] if kind != PERSON}
            won = any(game["places"][i] == 1 for i in people)
            for level in levels:
                if people:
                    tally = out.setdefault(level, [0, 0])
                    tally[0] += 1
                    tally[1] += won
        return {level: (n, w) for level, (n, w) in sorted(out.items())}

    def solo_scores(self) -> list[tuple[str, int]]:
        """(date, final space) of every solo game on record, oldest first (games of one day
        in the order they were played)."""
        return sorted(((g["date"], g["positions"][0]) for g in self.games if g["seats"] == 1),
                      key=lambda scored: scored[0])

    def best_solo(self) -> int | None:
        """The best solo score played without the coach's hints."""
        return max((g["positions"][0] for g in self.games
                    if g["seats"] == 1 and not g.get("hinted")), default=None)


_FIELDS = {"date": str, "seed": int, "seats": int, "kinds": list, "names": list,
           "positions": list, "places": list}


def _valid(entry: object) -> bool:
    if not isinstance(entry, dict) or set(entry) - {"hinted"} != set(_FIELDS):
        return False
    if entry.get("hinted", True) is not True:  # present only when true
        return False
    if any(type(entry[key]) is not kind for key, kind in _FIELDS.items()):
        return False
    seats = entry["seats"]
    return 1 <= seats <= 4 and all(
        len(entry[key]) == seats for key in ("kinds", "names", "positions", "places")) and all(
        isinstance(v, str) for v in entry["kinds"] + entry["names"]) and all(
        type(v) is int and -1000 <= v <= 1000 for v in entry["positions"]) and all(
        type(v) is int and 1 <= v <= seats for v in entry["places"]) and len(entry["date"]) < 40


def load(folder: str | os.PathLike | None = None) -> Records:
    path = (Path(folder) if folder is not None else save_dir()) / FILE_NAME
    kept = unwritten(path)
    if kept is not None:  # this window's record holds games the file could not take
        return kept
    opened = open_document(path, KIND)
    book = Records(path, problem=opened.problem, read_only=opened.read_only)
    if opened.doc is not None:
        book.games, problem = _games_in(opened.doc, path)
        book.problem = problem or book.problem
    return book


def _games_in(doc: dict, path: Path) -> tuple[list[dict], str | None]:
    """The newest KEEP games a document holds, their texts displayable; the message if
    damaged entries were left out."""
    games, problem = sound_entries(doc, "games", lambda g: _shown(g) if _valid(g) else None,
                                   path, "games in the record of games")
    return games[-KEEP:], problem


def _shown(entry: dict) -> dict:
    return {**entry, "date": displayable(entry["date"]),
            "kinds": [displayable(k) for k in entry["kinds"]],
            "names": [displayable(n) for n in entry["names"]]}
