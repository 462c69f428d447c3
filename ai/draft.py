"""A model of another farmer's draft: the Card phase's Distribution round at a table of 2-4,
distilled from hard's own choices (issue 49, item 3).

Inside hard's search the other seats draft by the default policy (`policy.cards_move`), which
takes a pair as soon as one is worth something; hard itself mostly places cards first and
takes late, and different cards. In hard's own duels the default policy made only a sixth of
hard's draft moves (docs/ai-lab.md, entry 134). This model scores each legal
move by a weighted sum of features (`features`: the default policy's rough Cash values of the
cards, their kinds, what the evaluation says a pair adds to the board, and for a card placed
how far the round has gone) and plays the best; the weights are `draft.json`, fitted to
hard's duel drafts by `python -m lab.fit_draft`. A level with `learned_draft` plays the
others' drafts inside its search by it, with its own evaluation
(`leaves.LeafValues.other_move`).
"""

from __future__ import annotations

import json
import os
from functools import cache

from loyang_game.engine import GameState, Move
from loyang_game.engine.cards import CARDS, CASUAL, COMMON_FIELD, HELPER, REGULAR, ROUNDS, STALL
from loyang_game.engine.moves import FLIP, NONE, PLACE, TAKE, USE

from .evaluate import Evaluation
from .policy import card_value, default_move

DRAFT_FILE = os.path.join(os.path.dirname(__file__), "draft.json")

_KINDS = (STALL, REGULAR, CASUAL, COMMON_FIELD, HELPER)
_DRAFT_KINDS = frozenset((PLACE, TAKE, FLIP, USE))

# The features of a move, in the order `features` gives them (and `draft.json` names them).
NAMES = (
    "place", "take", "flip", "squire",
    "taken courtyard value", "taken hand value", "placed value", "taken hand card alone",
    *(f"taken courtyard {kind}" for kind in _KINDS),
    *(f"taken hand {kind}" for kind in _KINDS),
    *(f"placed {kind}" for kind in _KINDS),
    "place x hand", "place x seats drafting", "place x courtyard", "place x round",
    "place x best pair's value", "flip x courtyard", "the best pair", "the least card placed",
    "pair's value less the best", "pair's gain", "pair's gain less the best",
)


def is_draft(moves: list[Move]) -> bool:
    """Are these the moves of a Distribution round (not the solo Offer's, not raising the
    Cash a common field costs)?"""
    return all(m.kind in _DRAFT_KINDS for m in moves)


def _kind(card: int) -> str | None:
    """The card's kind as `NAMES` spell it, or None (no card: a hand card taken alone)."""
    if card == NONE:
        return None
    kind = CARDS[card].kind
    return str(kind) if kind in _KINDS else None


def features(state: GameState, moves: list[Move], ev: Evaluation) -> list[list[float]]:
    """One row of `NAMES` per move of the Distribution round, for the seat to move; a pair's
    gain is what `ev` says taking it adds to the seat's board."""
    seat = state.current_player
    assert seat is not None, "a draft is a seat's"
    p = state.players[seat]
    values: dict[int, float] = {NONE: 0.0}

    def value(card: int) -> float:
        found = values.get(card)
        if found is None:
            found = values[card] = card_value(state, p, card)
        return found

    best_pair = max((value(m.a) + value(m.b) for m in moves if m.kind == TAKE), default=0.0)
    least_in_hand = min((value(card) for card in p.hand), default=0.0)
    base = ev.value(state, seat)
    gains: dict[Move, float] = {}
    for m in moves:
        if m.kind == TAKE:
            taken = state.clone()
            taken.apply(m)
            gains[m] = ev.value(taken, seat) - base
    best_gain = max(gains.values(), default=0.0)
    rows = []
    for m in moves:
        row: dict[str, float] = {}
        if m.kind == TAKE:
            pair = value(m.a) + value(m.b)
            row = {"take": 1.0, "taken courtyard value": value(m.a),
                   "taken hand value": value(m.b), "taken hand card alone": float(m.a == NONE),
                   "the best pair": float(pair == best_pair),
                   "pair's value less the best": pair - best_pair,
                   "pair's gain": gains[m], "pair's gain less the best": gains[m] - best_gain}
            for where, card in (("courtyard", m.a), ("hand", m.b)):
                kind = _kind(card)
                if kind is not None:
                    row[f"taken {where} {kind}"] = 1.0
        elif m.kind == PLACE:
            row = {"place": 1.0, "placed value": value(m.a),
                   "place x hand": len(p.hand), "place x seats drafting": len(state.active),
                   "place x courtyard": len(state.courtyard),
                   "place x round": state.round / ROUNDS, "place x best pair's value": best_pair,
                   "the least card placed": float(value(m.a) == least_in_hand)}
            kind = _kind(m.a)
            if kind is not None:
                row[f"placed {kind}"] = 1.0
        elif m.kind == FLIP:
            row = {"flip": 1.0, "flip x courtyard": len(state.courtyard)}
        elif m.kind == USE:
            row = {"squire": 1.0, "taken hand value": value(m.b)}
        rows.append([row.get(name, 0.0) for name in NAMES])
    return rows


@cache
def weights() -> tuple[float, ...]:
    """The fitted weights, one per `NAMES` (checked by name: a file for other features is
    refused rather than misread)."""
    with open(DRAFT_FILE, encoding="utf-8") as f:
        data = json.load(f)
    if tuple(data["names"]) != NAMES:
        raise ValueError(f"{DRAFT_FILE} was fitted on other features than ai/draft.py's")
    return tuple(float(w) for w in data["weights"])


def draft_move(state: GameState, ev: Evaluation, moves: list[Move] | None = None) -> Move:
    """The move the model makes at a decision of the Card phase, its pairs' gains by `ev`:
    the best scored move of the Distribution round (the first of equals); anything else (the
    solo Offer, raising the Cash a common field costs) the default policy's."""
    if moves is None:
        moves = state.legal_moves()
    if len(moves) == 1 or not is_draft(moves):
        return default_move(state, moves)
    w = weights()
    best, best_score = moves[0], -1e18
    for m, row in zip(moves, features(state, moves, ev), strict=True):
        score = 0.0
        for x, wx in zip(row, w, strict=True):
            score += x * wx
        if score > best_score:
            best, best_score = m, score
    return best


def value_draft(state: GameState, ev: Evaluation, moves: list[Move] | None = None) -> Move:
    """A draft that takes when the default policy takes (early: the first pair worth
    something), but the pair `ev` says adds most to the seat's board (the first of equals);
    otherwise the default policy's move. Another model of the rival than `draft_move`: one
    that keeps the default policy's haste (docs/ai-lab.md, entries 134 and 136)."""
    if moves is None:
        moves = state.legal_moves()
    chosen = default_move(state, moves)
    if chosen.kind != TAKE:
        return chosen
    seat = state.current_player
    assert seat is not None, "a draft is a seat's"
    best_value = -1e18
    for m in moves:
        if m.kind == TAKE:
            taken = state.clone()
            taken.apply(m)
            value = ev.value(taken, seat)
            if value > best_value:
                chosen, best_value = m, value
    return chosen
