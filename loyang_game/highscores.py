"""The solo challenge's high-score table: the best 20 results, kept in the save folder.

Stored as msgpack (`highscores.msgpack`), written atomically. A missing file is an empty table.
An unreadable one is never silently lost: it is renamed aside (`highscores.msgpack.bad-<time>`),
the problem reported (`HighScores.problem`), and a fresh table takes its place.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path

from .engine import GameState, solo
from .paths import save_dir
from .storage import DocumentError, put_aside, read_document, write_document

FILE_NAME = "highscores.msgpack"
FORMAT = "loyang-highscores"
VERSION = 1
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

    def sort_key(self) -> tuple:
        return (-self.score, -self.cash, -self.vegetables, self.date)


def result_of(state: GameState, name: str, when: date | None = None) -> Result:
    """The table entry for a finished solo game."""
    if not state.config.solo or not state.is_over:
        raise ValueError("only a finished solo game has a solo result")
    row = solo.result(state)
    return Result(name=name[:MAX_NAME] or "Player", date=(when or date.today()).isoformat(),
                  seed=state.config.seed, score=row["score"], band=row["band"],
                  cash=row["cash"], vegetables=row["vegetables"])


def daily_seed(day: date | None = None) -> int:
    """Today's deal: the same seed for everyone on the same date."""
    day = day or date.today()
    return day.year * 10_000 + day.month * 100 + day.day


@dataclass
class HighScores:
    path: Path
    results: list[Result] = field(default_factory=list)
    problem: str | None = None  # set when a damaged file was put aside

    def add(self, result: Result) -> int | None:
        """Insert and save; the 1-based rank, or None if it did not make the table."""
        self.results.append(result)
        self.results.sort(key=Result.sort_key)
        del self.results[TABLE_SIZE:]
        self.save()
        return self.results.index(result) + 1 if result in self.results else None

    def save(self) -> None:
        write_document(self.path, FORMAT, VERSION, {"results": [asdict(r) for r in self.results]})


def load(folder: str | os.PathLike | None = None) -> HighScores:
    """The table in `folder` (the save folder by default)."""
    path = (Path(folder) if folder is not None else save_dir()) / FILE_NAME
    try:
        doc = read_document(path, FORMAT, VERSION)
        if doc is None:
            return HighScores(path)
        rows = doc.get("results")
        if not isinstance(rows, list) or len(rows) > TABLE_SIZE:
            raise DocumentError("the results are damaged")
        return HighScores(path, sorted((_result(row) for row in rows), key=Result.sort_key))
    except DocumentError as error:
        table = HighScores(path, problem=put_aside(path, error, "high-score file"))
        table.save()
        return table


def _result(row: object) -> Result:
    types = {"name": str, "date": str, "seed": int, "score": int, "band": str, "cash": int,
             "vegetables": int}
    if not isinstance(row, dict) or set(row) != set(types):
        raise DocumentError("a result is damaged")
    for key, kind in types.items():
        if type(row[key]) is not kind:
            raise DocumentError(f"a result's {key} is damaged")
    if len(row["name"]) > MAX_NAME or not -1000 <= row["score"] <= 100:
        raise DocumentError("a result is out of range")
    return Result(**row)
