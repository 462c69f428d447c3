"""The order of play, and the one door to it: `GameState.legal_moves()` and `apply()`.

Setup, then nine rounds of Harvest, Card and Action phase. `legal_moves` and `apply` dispatch
on the decision at hand: an interrupt on the `pending` stack first (RULINGS R13), otherwise the
phase's own decision. `run` then carries the game on through everything that needs no decision
(harvest, payments that can be made, storing what fits) until someone must choose again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actionphase, cardphase, harvest, helpers, money, setup, solo
from . import rng as rngmod
from .cards import ACTION_CARDS, NONE, START_REGULARS, field_sets
from .moves import (
    ADVANCE,
    BUY,
    CASUAL,
    DISCARD,
    DONE,
    END,
    FLIP,
    HOME,
    LOAN,
    OFFER,
    PARTNER,
    PASS,
    PLACE,
    REGULAR,
    RETURN,
    SELL,
    SOW,
    TAKE,
    TRADE,
    TWO_PACK,
    UPGRADE,
    USE,
    Move,
    MoveKind,
)
from .state import (
    ACT,
    ACTIONS,
    CARDS_PHASE,
    HARVEST_PHASE,
    OVER,
    PATH,
    SETUP,
    STORE,
    Decision,
    GameConfig,
    IllegalMove,
    Reason,
    State,
    reason,
)
from .turns import choose_partner, partner_choices


class GameState(State):
    """A game of Loyang, always waiting for exactly one decision of one seat (or over)."""

    __slots__ = ()

    def legal_moves(self) -> list[Move]:
        """Every legal choice for the decision at hand (empty once the game is over)."""
        if self._legal is None:
            self._legal = legal_moves(self)
        return self._legal[:]

    def apply(self, move: Move) -> None:
        """Make `move` and run the game on to the next decision.

        Raises IllegalMove, with the reason, for anything not in `legal_moves()`; the state is
        then unchanged. Something merely equal to a legal move (a tuple, a float or a bool for
        a number) is not one; a move from `legal_moves()` itself is recognised at once.
        """
        found = self._found(move)
        if found is None:
            raise IllegalMove(_reason(self, move))
        self._make(found)

    def try_apply(self, move: Move) -> bool:
        """`apply`, for a caller that expects a refusal now and then (the AI plays plans made
        on another sample of the hidden cards): False, the state unchanged, if `move` is not
        legal."""
        found = self._found(move)
        if found is None:
            return False
        self._make(found)
        return True

    def only_move(self) -> Move | None:
        """The decision's one legal move; None at a real choice (and once the game is over).
        The Action step always offers a choice (a Loan and its end are always legal), so
        there the moves are not even listed."""
        if not self.pending and self.phase == ACTIONS and self.step == ACT:
            return None
        moves = self.legal_moves()
        return moves[0] if len(moves) == 1 else None

    def _found(self, move: object) -> Move | None:
        """The engine's own move equal to `move` if that is legal now, else None. Before the
        legal moves are listed, an engine move of the Action step is looked for among its
        kind's only (`actionphase.legal_act_of_kind`): a search's most frequent check."""
        legal = self._legal
        if legal is None:
            if (type(move) is Move and type(move[0]) is MoveKind and not self.pending
                    and self.phase == ACTIONS and self.step == ACT):
                legal = actionphase.legal_act_of_kind(
                    self, self.players[self.order[self.turn]], move[0])
            else:
                legal = self._legal = legal_moves(self)
        try:
            found = legal[legal.index(move)]  # type: ignore[arg-type]
        except Exception:  # not in the list, or an object whose == itself raises
            return None
        if found is not move and (type(move) is not Move or not move.is_well_formed):
            return None
        return found

    def _make(self, move: Move) -> None:
        """Make the legal `move` (the engine's own, typed, for the history)."""
        self._legal = None
        self.events = []
        self.history = (self.history, move)
        apply(self, move)


def new_game(config: GameConfig) -> GameState:
    """Set up a game (RULINGS R2) and run it to its first decision."""
    state = GameState(config)
    state.draw = list(ACTION_CARDS)
    if config.introductory:
        starts = list(START_REGULARS)
        state.shuffle(starts)
        for p in state.players:
            p.intro = starts.pop()
            state.draw.remove(p.intro)
    state.shuffle(state.draw)
    for p in state.players:
        first, second = list(field_sets(p.seat)[0]), list(field_sets(p.seat)[1])
        state.shuffle(first)
        state.shuffle(second)
        p.pile = second + first  # the first set lies on top (top card last)
    if config.solo:
        solo.set_up(state)  # the opponent's cards and the Offer, before the Home field
    elif config.start_seat != NONE:
        state.start_seat = config.start_seat
    else:
        state.rng, state.start_seat = rngmod.below(state.rng, config.seats)
    setup.begin(state)
    state.events = []  # the deal is no move's doing: `events` tell the last `apply`
    return state


# --- dispatch ------------------------------------------------------------------------------------

# The interrupts (RULINGS R13): what each offers, given the state and the pending decision,
# and how a move answers it.
_INTERRUPT_MOVES: dict[Decision, Callable[[State, Any], list[Move]]] = {
    Decision.PAY: lambda s, d: money.legal_pay(s, s.players[d.seat]),
    Decision.KEEP: lambda s, d: actionphase.legal_keep(d.cards),
    Decision.PARTNER: lambda s, d: [Move(PARTNER, seat) for seat in partner_choices(s)],
    Decision.CLAIM: lambda s, d: helpers.legal_claim(d.card),
    Decision.SHOP: lambda s, d: helpers.legal_shop(s.players[d.seat], d.veg),
}
_INTERRUPT_ANSWERS: dict[Decision, Callable[[State, Move], None]] = {
    Decision.PAY: money.apply_pay,
    Decision.KEEP: actionphase.apply_keep,
    Decision.PARTNER: lambda s, move: choose_partner(s, move.a),
    Decision.CLAIM: helpers.apply_claim,
    Decision.SHOP: helpers.apply_shop,
}


def legal_moves(s: State) -> list[Move]:
    if s.pending:
        decision = s.pending[-1]
        return _INTERRUPT_MOVES[decision[0]](s, decision)
    if s.phase == ACTIONS:
        p = s.players[s.order[s.turn]]
        if s.step == ACT:
            return actionphase.legal_act(s, p)
        if s.step == STORE:
            return actionphase.legal_store(p)
        return actionphase.legal_path(p)
    if s.phase == CARDS_PHASE:
        if s.config.solo:
            return solo.legal(s, s.players[0])
        return cardphase.legal(s, s.players[s.turn])
    if s.phase == HARVEST_PHASE:
        return harvest.legal(s)
    if s.phase == SETUP:
        return setup.legal(s)
    return []


def apply(s: State, move: Move) -> None:
    if s.pending:
        _INTERRUPT_ANSWERS[s.pending[-1][0]](s, move)
    elif s.phase == ACTIONS:
        actionphase.apply(s, move)
    elif s.phase == CARDS_PHASE:
        (solo if s.config.solo else cardphase).apply(s, move)
    elif s.phase == HARVEST_PHASE:
        harvest.apply(s, move)
    else:
        setup.apply(s, move)
    run(s)


def run(s: State) -> None:
    """Carry the game on until a decision is needed."""
    while True:
        if s.pending:
            if money.settle(s) or helpers.drop_stale_claim(s):
                continue
            return
        if s.phase == CARDS_PHASE and cardphase.taker_has_paid(s):
            cardphase.next_turn(s)
            continue
        if s.phase == ACTIONS and s.step == STORE:
            if not actionphase.store_if_it_fits(s, s.players[s.order[s.turn]]):
                return
            continue
        if s.phase == HARVEST_PHASE:
            if harvest.next_helper(s):
                return
            harvest.harvest(s)
            (solo.begin_card_phase if s.config.solo else cardphase.begin)(s)
            continue
        return


_PHASE_DECISION = {SETUP: Decision.HOME, HARVEST_PHASE: Decision.HARVEST,
                   CARDS_PHASE: Decision.CARDS, OVER: Decision.OVER}
_STEP_DECISION = {ACT: Decision.ACT, STORE: Decision.STORE, PATH: Decision.PATH}


def decision(s: State) -> Decision:
    """The decision at hand: an interrupt waiting on the stack, else the phase's (in the
    Action phase, the step's)."""
    if s.pending:
        at_hand: Decision = s.pending[-1][0]  # every record's decision
        return at_hand
    if s.phase == ACTIONS:
        return _STEP_DECISION[s.step]
    return _PHASE_DECISION[s.phase]


# The kinds of move each decision can ever offer: a move of another kind gets the general
# answer, one of these kinds the decision's own reason.
_KINDS = {
    Decision.HOME: {HOME}, Decision.HARVEST: {USE, PASS},
    Decision.CARDS: {PLACE, TAKE, FLIP, USE, OFFER, DONE, SELL, LOAN, DISCARD},
    Decision.ACT: {SOW, BUY, SELL, TRADE, DISCARD, REGULAR, CASUAL, TWO_PACK, LOAN, UPGRADE,
                   END, USE},
    Decision.STORE: {SELL, RETURN, UPGRADE, LOAN}, Decision.PATH: {ADVANCE, LOAN},
    Decision.PAY: {SELL, LOAN, DISCARD, USE},
}


def _reason(s: State, move: object) -> Reason:
    """`why_illegal`, for anything a caller may pass: an object whose comparison or repr
    raises is still refused with a reason, never with its own exception."""
    try:
        return why_illegal(s, move)  # type: ignore[arg-type]
    except Exception:
        return reason("not_a_move", what=type(move).__name__)


def why_illegal(s: State, move: Move) -> Reason:
    """The reason `move` is not legal now: a code and its values (text/reasons.py words it)."""
    if s.is_over:
        return reason("game_over")
    if not isinstance(move, Move):
        return reason("not_a_move", what=f"{move!r:.60}")
    if not move.is_well_formed:
        return reason("malformed", what=f"{move!r:.80}")
    at_hand = decision(s)
    found = None
    if move.kind in _KINDS.get(at_hand, ()):
        try:
            found = _specific_reason(s, move, at_hand)
        except (IndexError, KeyError, ValueError):
            found = None  # a malformed move: the general answer below
    if found:
        return found
    kinds = ", ".join(sorted({m.kind for m in legal_moves(s)}))
    return reason("not_now", kind=str(move.kind), seat=s.to_move, decision=str(at_hand),
                  possible=kinds)


def _specific_reason(s: State, move: Move, at_hand: Decision) -> Reason | None:
    if at_hand == Decision.PAY:
        return money.why_illegal(s, move)
    if at_hand in (Decision.ACT, Decision.STORE, Decision.PATH):
        return actionphase.why_illegal(s, move)
    if at_hand == Decision.CARDS:
        return solo.why_illegal(s, move) if s.config.solo else cardphase.why_illegal(s, move)
    if at_hand == Decision.HOME:
        return setup.why_illegal(move.a)
    return None
