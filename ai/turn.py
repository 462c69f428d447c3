"""The searching seat's turn as the search plays it: which decisions are its own plan, options
played on a state, the rules of thumb that finish a turn, and the choices left out.

`search.MCTSAgent` grows its tree over these, the greedy agent (`greedy.py`) finishes its
tries with them, the coach's plan (`plan.py`) and the review (`review.py`, `weighing.py`)
read a turn the same way. On the hot path (compiled with the search, `setup.py`).
"""

from __future__ import annotations

from loyang_game.engine import GameState, Move, flow
from loyang_game.engine.moves import DISCARD, END, LOAN, TWO_PACK, MoveKind
from loyang_game.engine.state import ACTIONS, CARDS_PHASE, HARVEST_PHASE, Decision

from .options import Option, store_options
from .policy import (
    ACT_DECISION,
    CLAIM_DECISION,
    KEEP_DECISION,
    PAY_DECISION,
    STORE_DECISION,
    default_move,
)
from .rule_of_thumb import rollout_act

OWN_PHASE_DECISIONS = (ACT_DECISION, STORE_DECISION, KEEP_DECISION, PAY_DECISION, Decision.SHOP,
                       CLAIM_DECISION)


def planning(s: GameState, seat: int) -> bool:
    """Is `seat` at a decision of its own turn whose outcome no hidden card and no other
    player can change until the turn ends (but for the Two-pack, a chance edge)? Its own
    Action phase; in the solo game the whole round, the Offer included."""
    if s.current_player != seat:
        return False
    if s.phase == ACTIONS:
        return s.order[s.turn] == seat and flow.decision(s) in OWN_PHASE_DECISIONS
    return s.config.solo and s.phase in (CARDS_PHASE, HARVEST_PHASE)


def prune(decision: str, moves: list[Move], cash: int, loan_below: int = 1) -> list[Move]:
    """Drop choices that are rarely right outside the Action step: no unused discard and no
    Loan (-1 space at the end) unless money must be raised or the farmer has less than
    `loan_below` Cash. A broke farmer without Loans can be stuck for good (a farm of Wheat
    with the Shop's Wheat spaces full: solo deal 6 ended on 6 with no Loan, 12 with one)."""
    if decision == PAY_DECISION:
        return moves
    drop: tuple[MoveKind, ...] = (LOAN, DISCARD) if decision == ACT_DECISION else (LOAN,)
    if cash < loan_below:
        drop = tuple(kind for kind in drop if kind != LOAN)
    kept = [m for m in moves if m.kind not in drop]
    return kept or moves


def kind_chance(option: Option) -> bool:
    """Does the outcome of `option` depend on the sample (cards drawn)?"""
    # Loops rather than any()/all() of a generator, here and below: compiled, a generator
    # is an object made at every call, and these are called at every step of the search.
    for m in option:  # noqa: SIM110
        if m.kind == TWO_PACK:
            return True
    return False


def apply_option(s: GameState, option: Option) -> bool:
    """Apply the option's moves; False (with `s` partly moved) if one is not legal."""
    for move in option:  # noqa: SIM110
        if s.is_over or not s.try_apply(move):
            return False
    return True


def planned_move(det: GameState, seat: int) -> None:
    """One step of a turn by rules of thumb: in the Action step the plan `rollout_act`
    picks, when storing the first way to keep, else the default policy."""
    decision = flow.decision(det)
    if decision == ACT_DECISION:
        if not apply_option(det, rollout_act(det, seat)):
            det.apply(Move(END))
    elif decision == STORE_DECISION:
        apply_option(det, store_options(det, seat)[0])
    else:
        det.apply(default_move(det))


def default_play(state: GameState) -> bool:
    """The default policy's move, made (a `playout.Play`)."""
    state.apply(default_move(state))
    return True


def forced_play(state: GameState) -> bool:
    """The one legal move, made; False at a real choice (a `playout.Play`)."""
    move = state.only_move()
    if move is None:
        return False
    state.apply(move)
    return True
