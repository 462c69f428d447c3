"""Another farmer's draft inside a level's search: the Card phase's Distribution round at a
table of 2-4 (issue 49, item 3).

Inside hard's search the other seats draft by the default policy (`policy.cards_move`), which
takes the first pair worth something, early; hard itself mostly places cards first, takes
late, and takes other cards: the default policy makes a sixth of hard's draft moves
(docs/ai-lab.md, entry 134). A model fitted to hard's drafts, two and a half times closer,
lost duels as the rival inside hard's search (win share 0.395) and gained nothing in hard's
own rollouts (entries 134-135; at commit 3d0762b): the early taker is the more cautious
rival to choose one's own draft against. `value_draft` keeps that haste and mends only which
pair is taken: the one the level's evaluation likes best (entry 136). A level with
`value_draft` plays the others' drafts inside its search by it
(`leaves.LeafValues.other_move`).
"""

from __future__ import annotations

from loyang_game.engine import GameState, Move
from loyang_game.engine.moves import TAKE

from .evaluate import Evaluation
from .policy import default_move


def value_draft(state: GameState, ev: Evaluation, moves: list[Move] | None = None) -> Move:
    """A draft that takes when the default policy takes (early: the first pair worth
    something), but the pair `ev` says adds most to the seat's board (the first of equals);
    otherwise the default policy's move."""
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
