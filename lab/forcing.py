"""The treated agent of issue 49's diagnosis screen (`lab.take_regular`): hard made to buy the
free Regular customer it leaves in round 1's Card phase. A module of its own, importing only
the AI and the engine, so that `lab.compare` can seat it by name (`hard-v3+take-regular`)
while the screen's runner uses `lab.compare`'s pairing; the forcing's rule is told in
`lab.take_regular`'s docstring."""

from __future__ import annotations

from typing import Any

from loyang_game.engine import GameState, Move
from loyang_game.engine.cards import CARDS, REGULAR
from loyang_game.engine.moves import DONE, OFFER
from loyang_game.engine.solo import COLUMNS
from loyang_game.engine.state import CARDS_PHASE

from .yardsticks import make_agent

TOP_ROWS = 2  # row 1 free, row 2 one Cash
SUFFIX = "+take-regular"


def top_regular_buys(state: GameState) -> list[Move]:
    """The legal buys of a Regular customer in the Offer's top two rows, in Offer order."""
    top = state.offer[:TOP_ROWS * COLUMNS]
    return [m for m in state.legal_moves()
            if m.kind == OFFER and CARDS[m.a].kind == REGULAR and m.a in top]


def forced_regular(state: GameState, move: Move,
                   ranking: list[tuple[Move, float]]) -> Move | None:
    """The top-row Regular to buy instead of `move` (see the module docstring), or None when
    the forcing leaves `move` as it is; `ranking` is the agent's estimates, best first."""
    if not state.config.solo or state.round != 1 or state.phase != CARDS_PHASE:
        return None
    if any(CARDS[card].kind == REGULAR for card in state.bought):
        return None
    if move.kind == OFFER:
        if CARDS[move.a].kind == REGULAR or len(state.bought) + 1 < state.buy_limit:
            return None
    elif move.kind != DONE:
        return None
    buys = top_regular_buys(state)
    if not buys:
        return None
    rated = [m for m, _ in ranking if m in buys]
    return rated[0] if rated else buys[0]


class TakeRegular:
    """An MCTS agent (hard-v3 in the screen) with the round-1 forcing on top; `forced` lists
    what the forcing changed: the card bought, its Offer index, and the move it replaced."""

    def __init__(self, inner: Any, name: str = "") -> None:
        self.inner = inner  # an MCTSAgent: `estimates()`, `last_choice`, `plan`
        self.name = name
        self.forced: list[dict[str, Any]] = []

    def choose(self, state: GameState) -> Move:
        move: Move = self.inner.choose(state)
        forced = forced_regular(state, move, self.inner.estimates())
        if forced is None:
            return move
        self.forced.append({"card": CARDS[forced.a].code, "index": state.offer.index(forced.a),
                            "instead": move.to_data(), "bought": [CARDS[c].code
                                                                  for c in state.bought]})
        view, _ = self.inner.last_choice  # the agent goes on as if it had chosen the buy
        self.inner.last_choice = (view, forced)
        self.inner.plan = []
        return forced


def take_regular(base: str, seed: int = 0, deterministic: bool = False) -> TakeRegular:
    """`base` (an MCTS agent's name, knobs allowed) with the forcing on top."""
    inner = make_agent(base, seed, deterministic)
    if not hasattr(inner, "estimates"):
        raise ValueError(f"{base!r} has no search to rank the Regulars by")
    return TakeRegular(inner, base + SUFFIX)
