"""The AI's tables of values by board, and when they are let go.

Three modules keep what the search worked out about a board, to look it up when the search
meets the board again: the projection's values (`projection.project`), the best Path steps
(`leaves.path_value`) and the next Offer's gains (`offer_ahead.next_offer_gain`), the last two
keyed on what the evaluation reads of the view (`evaluate.Evaluation.key`). Each keeps
one table per evaluation (or its knobs), `{id(owner): (owner, {key: value})}`, registered here
with `kept` and found with `table_of`; each table is bounded by its module (emptied when
full). A value looked up is the one worked out, to the last bit, so the tables decide no
move: only how soon it is found.

Every key holds a whole board, so a table helps within one game (the same leaf in sample
after sample, the same boards from one decision of a turn to the next) and never across
games: another deal never deals the same boards. So the window lets them go with the game:
`forget` empties them all, and the thinkers of this process call it when the last of them is
closed (`thinker.ThreadThinker`: the table's seats and its coach close with the table, a
review with its page), as a thinking process's end lets its own go. Tools that play many
games with no thinker (the lab) keep them, bounded, from game to game.
"""

from __future__ import annotations

from typing import Any

_KEPT: list[dict[int, tuple[Any, dict[Any, Any]]]] = []


def kept(tables: dict[int, tuple[Any, dict[Any, Any]]]) -> dict[int, tuple[Any, dict[Any, Any]]]:
    """Register a module's tables (returned, for its own name) so that `forget` empties them."""
    _KEPT.append(tables)
    return tables


def table_of(tables: dict[int, tuple[Any, dict[Any, Any]]], owner: object) -> dict[Any, Any]:
    """`owner`'s table among a module's `tables` (made empty if it has none yet; all of
    them let go once 64 owners have come and gone)."""
    entry = tables.get(id(owner))
    if entry is None or entry[0] is not owner:
        if len(tables) >= 64:
            tables.clear()
        entry = tables[id(owner)] = (owner, {})
    table: dict[Any, Any] = entry[1]
    return table


def forget() -> None:
    """Empty every table: the boards of the games thought about so far are let go. Safe while
    a search runs on another thread (it makes a table afresh, or fills one let go)."""
    for tables in _KEPT:
        for _owner, table in list(tables.values()):
            table.clear()
        tables.clear()


def entries() -> int:
    """The values held in all the tables now."""
    return sum(len(table) for tables in _KEPT for _owner, table in list(tables.values()))
