"""The solo challenge's high-score table: the best 20 results, kept in the save folder.

Stored as msgpack (`highscores.msgpack`), written atomically. A missing file is an empty table.
Nothing in the file is silently lost (`HighScores.problem` says what happened): an unreadable
file is renamed aside (`highscores.msgpack.bad-<time>`) and the table starts empty; a
damaged result is dropped, the others kept, after the file is copied aside; a file from a
newer Loyang is left as it is, and results of this session are shown but not written to it.
Two windows that add results at once keep both: a result is added to the table as the file
holds it at that moment, under the file's lock (`storage.update_document`).

A game played with the coach's hints (`Result.hinted`) ranks with the others, by the same
rules: the table is the player's own record, and hiding a good game would lose it. It is
marked wherever it is shown ("hint"), so nobody mistakes it for an unaided score. The field
is written only when true, so an unhinted result reads the same in an older Loyang; a file
without it (from before hints) reads every result as unhinted.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

from ..engine import GameState, solo
from ..text.safe_text import displayable
from .paths import save_dir
from .storage import Kind, change_shared, open_document, sound_entries, unwritten

FILE_NAME = "highscores.msgpack"
FORMAT = "loyang-highscores"
VERSION = 1
KIND = Kind(FORMAT, VERSION, "high-score file")  # 20 results: at most about 8 KB
TABLE_SIZE = 20
MAX_NAME = 40


@dataclass(frozen=True)
class Result:
    """One finished solo game. Ordered best first by score, then Cash, then vegetables
    (the rulebook's tie-breaks), then the earlier date."""

    name: str
    date: str  # ISO date, e.g. "2026-11-22"
    seed: int
    score: int
    band: str
    cash: int
    vegetables: int
    hinted: bool = False  # the coach's hints were used in the game

    def sort_key(self) -> tuple:
        return (-self.score, -self.cash, -self.vegetables, self.date)


def result_of(state: GameState, name: str, when: date | None = None,
              hinted: bool = False) -> Result:
    """The table entry for a finished solo game (`hinted`: played with the coach's hints)."""
    if not state.config.solo or not state.is_over:
        raise ValueError("only a finished solo game has a solo result")
    row = solo.result(state)
    return Result(name=name[:MAX_NAME] or "Player", date=(when or date.today()).isoformat(),
                  seed=state.config.seed, score=row["score"], band=row["band"],
                  cash=row["cash"], vegetables=row["vegetables"], hinted=hinted)


def daily_seed(day: date | None = None) -> int:
    """Today's deal: the same seed for everyone on the same date."""
    day = day or date.today()
    return day.year * 10_000 + day.month * 100 + day.day


@dataclass
class HighScores:
    path: Path
    results: list[Result] = field(default_factory=list)
    problem: str | None = None  # what was wrong with the file, for the player
    read_only: bool = False  # the file is a newer Loyang's: never written over
    unwritten: list[Result] = field(default_factory=list)  # added, not yet in the file

    def add(self, result: Result) -> int | None:
        """Insert and save; the 1-based rank, or None if it did not make the table. The
        table becomes the file's as it is now (another window's results included) with this
        result added, and any this window could not write before."""
        def change(doc: dict | None) -> dict:
            if doc is not None:
                results, problem = _results_in(doc, self.path)
                self.problem = problem or self.problem
                self.results = [*results, *self.unwritten]
            self.results = _ranked([*self.results, result])
            return {"results": [_row(r) for r in self.results]}

        if change_shared(self, KIND, change):
            self.unwritten = []
        else:
            self.unwritten.append(result)
        return self.results.index(result) + 1 if result in self.results else None


def load(folder: str | os.PathLike | None = None) -> HighScores:
    """The table in `folder` (the save folder by default)."""
    path = (Path(folder) if folder is not None else save_dir()) / FILE_NAME
    kept = unwritten(path)
    if kept is not None:  # this window's table holds results the file could not take
        return kept
    opened = open_document(path, KIND)
    table = HighScores(path, problem=opened.problem, read_only=opened.read_only)
    if opened.doc is not None:
        table.results, problem = _results_in(opened.doc, path)
        table.problem = problem or table.problem
    return table


def _results_in(doc: dict, path: Path) -> tuple[list[Result], str | None]:
    """The table a document holds, best first; the message if damaged results were left out."""
    results, problem = sound_entries(doc, "results", _result, path,
                                     "results in the high-score file")
    return _ranked(results), problem


def _ranked(results: list[Result]) -> list[Result]:
    return sorted(results, key=Result.sort_key)[:TABLE_SIZE]


_TYPES = {"name": str, "date": str, "seed": int, "score": int, "band": str, "cash": int,
          "vegetables": int}
_OPTIONAL = {"hinted": bool}  # absent in files from before hints: False


def _row(result: Result) -> dict:
    """A result as the file holds it: `hinted` only when true (see the module docstring)."""
    row = asdict(result)
    if not result.hinted:
        del row["hinted"]
    return row


def _result(row: object) -> Result | None:
    """The result a row of the file holds, None if it is damaged."""
    if not isinstance(row, dict) or not set(_TYPES) <= set(row) <= set(_TYPES) | set(_OPTIONAL):
        return None
    kinds = {**_TYPES, **_OPTIONAL}
    if any(type(row[key]) is not kinds[key] for key in row):
        return None
    if len(row["name"]) > MAX_NAME or not -1000 <= row["score"] <= 100:
        return None
    texts = {key: displayable(row[key]) for key in ("name", "date", "band")}
    return Result(**{**row, **texts})
