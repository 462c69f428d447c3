"""The end of the game in numbers: standings with tie-breaks, and a short summary per
player (deliveries, Cash earned, Helpers used), found by replaying the move list. A Helper
counts as used whenever it does its work and leaves: by a Helper move (a Merchant with a
Haggler and a Shopper is three), or the Foreman by its claim; one discarded unused does not."""

from __future__ import annotations

from ..engine import GameState, new_game
from ..engine.moves import CASUAL, CLAIM, NONE, REGULAR, USE
from ..words import N_, _

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
