"""The end of the game in numbers: standings with tie-breaks, and a short summary per
player (deliveries, Cash earned, Helpers used), found by replaying the move list. A Helper
counts as used whenever it does its work and leaves: by a Helper move (a Merchant with a
Haggler and a Shopper is three), or the Foreman by its claim; one discarded unused does not."""

from __future__ import annotations

from ..engine import GameState, new_game
from ..engine.moves import CASUAL, CLAIM, NONE, REGULAR, USE
from ..words import N_, _, ngettext, said
from .names import band_words, level_words, name_words

# How a tie on the Path was broken, by its code in the standings' rows.
TIE_WORDS = {"cash": N_("tie on the Path: decided by Cash"),
             "cash_veg": N_("tie on the Path: decided by Cash, then vegetables")}


def tie_words(code: str) -> str:
    """The line under a row of the standings that tied on the Path ('' when none)."""
    return _(TIE_WORDS[code]) if code in TIE_WORDS else code


def final_rows(state: GameState) -> list[dict]:
    replay = new_game(state.config)
    seats = state.config.seats
    deliveries, earned, helpers = [0] * seats, [0] * seats, [0] * seats
    for move in state.moves():
        seat = replay.to_move
        cash = [p.cash for p in replay.players]
        had = {slot.card for slot in replay.players[seat].helpers}
        replay.apply(move)
        if move.kind in (REGULAR, CASUAL):
            deliveries[seat] += 1
        if move.kind == USE or (move.kind == CLAIM and move.a != NONE):
            helpers[seat] += len(had - {slot.card for slot in replay.players[seat].helpers})
        for p, before in zip(replay.players, cash):
            if p.cash > before and move.kind != "loan":
                earned[p.seat] += p.cash - before
    rows = []
    standings = state.standings()
    for row in standings:
        seat = row["seat"]
        tie = ""  # how a tie on the Path was broken, a code (`tie_words` says it)
        same = [o for o in standings if o is not row and o["position"] == row["position"]]
        if same:
            tie = "cash_veg" if any(o["cash"] == row["cash"] for o in same) else "cash"
        rows.append({**row, "path": state.players[seat].path, "deliveries": deliveries[seat],
                     "earned": earned[seat], "helpers": helpers[seat], "tie": tie})
    rows.sort(key=lambda r: (r["place"], r["seat"]))
    return rows


# --- the end panel's lines: the solo result, the high scores, the record of games -------------
# Each a `Said`, made from the values the files keep (codes and numbers), so a switch of
# language words them again; for play/session.py's `end_lines`.

def solo_result_line(score: int, band: str, hinted: bool) -> str:
    """'Solo result: space 18 — very good (17 good, 18 very good, 19 master)'."""
    if hinted:
        return said(lambda: _("Solo result: space {space} — {band} (17 good, 18 very good, 19 "
                              "master), played with hints", space=score, band=band_words(band)))
    return said(lambda: _("Solo result: space {space} — {band} (17 good, 18 very good, 19 "
                          "master)", space=score, band=band_words(band)))


def high_score_lines(results: list, rank: int | None, most: int = 5) -> list[str]:
    """The head ('High scores (you are #2):') and the best `most` results of the table, one a
    line; `results`: highscores.Result, best first."""
    if rank:
        head = said(lambda: _("High scores (you are #{rank}):", rank=rank))
    else:
        head = said(lambda: _("High scores:"))
    return [head, *(_high_score_line(place, result)
                    for place, result in enumerate(results[:most], 1))]


def _high_score_line(place: int, r) -> str:
    def line() -> str:
        said_line = _("  {place}. {name}  {space} ({band})  Cash {cash}  seed {seed}  {date}",
                      place=place, name=name_words(r.name), space=r.score,
                      band=band_words(r.band), cash=r.cash, seed=str(r.seed), date=r.date)
        return _("{line}  [hint]", line=said_line) if r.hinted else said_line

    return said(line)


def unwritten_scores_line(error: object) -> str:
    return said(lambda: _("(The high-score table could not be written: {error})",
                          error=error))


def unwritten_record_line(error: object) -> str:
    return said(lambda: _("(The record of games could not be written: {error})",
                          error=error))


def record_line(won: dict[str, tuple[int, int]]) -> str:
    """'Your record against hard: 2 of 5 won; against normal: 4 of 4 won.' from the games
    played and won against each AI level (records.wins_by_level, only the levels that
    played)."""
    def line() -> str:
        parts = [ngettext("against {level}: {won} of {n} won", "against {level}: {won} of {n} "
                          "won", played, level=level_words(level), won=wins)
                 for level, (played, wins) in sorted(won.items())]
        return _("Your record {parts}.", parts="; ".join(parts))

    return said(line)


def best_solo_line(best: int) -> str:
    return said(lambda: _("Your best solo score so far: space {space}.", space=best))
