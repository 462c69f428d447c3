"""The AI seats thinking about their coming Action-phase turns while others play (issue 46).

Once the Card phase is over, each AI seat whose turn is still to come is thought about, one
after another in the order of the round, by a thinker of its own (a process: the other core,
while the window and the seat to move share this one). When the seat's turn comes, the table
asks `take`: a plan that still holds (`ai.ponder.holds`) is played at once; a seat still being
thought about on a view that holds is waited for (its search began earlier, with the same
budget); anything else is thought about as before. See `ai/ponder.py` for what the early
search cannot know, and why it is only the clock mode's.
"""

from __future__ import annotations

from ai.agents import searching
from ai.ponder import Pondered, holds, turn_ahead
from ai.thinker import Job, Request, Thinker, open_thinker

from ..engine import GameState


class Pondering:
    """Thinking ahead for the AI seats `kinds` names (their levels), seeded as they are."""

    def __init__(self, kinds: list[str], ai_seed: int, backend: str | None = None) -> None:
        self.kinds = kinds
        self.ai_seed = ai_seed
        self.backend = backend  # None: LOYANG_THINKER's, else a process (`open_thinker`)
        self._thinker: Thinker | None = None  # started at the first turn thought about
        self.asked: tuple[int, GameState] | None = None  # (seat, view) being thought about
        self.found: dict[int, tuple[GameState, Pondered]] = {}  # seat: (view, its turn)
        self._considered = -1  # the game's version last looked at for a turn to think about

    @property
    def seat(self) -> int | None:
        """The seat being thought about now, if any."""
        return self.asked[0] if self.asked is not None else None

    def update(self, state: GameState, version: int) -> None:
        """Each frame: take a finished thought; on a new position, drop what no longer holds
        and begin on the next seat to come that has none."""
        self._receive()
        if version == self._considered:
            return
        self._considered = version
        for seat, (view, _turn) in list(self.found.items()):
            if view.round != state.round:
                del self.found[seat]
        if self.asked is not None:
            seat, view = self.asked
            ahead = turn_ahead(state, seat)
            if ahead is None or state.current_player == seat or holds(view, ahead, seat):
                return  # still worth finishing (its turn may have come: `take` waits)
            self._cancel()
        for seat in self._coming(state):
            ahead = turn_ahead(state, seat)
            if ahead is None:
                continue
            kept = self.found.get(seat)
            if kept is not None and holds(kept[0], ahead, seat):
                continue
            self.found.pop(seat, None)
            self._ask(seat, ahead)
            return

    def take(self, state: GameState, seat: int) -> tuple[bool, Pondered | None]:
        """At `seat`'s decision: (False, None) while its turn, thought about on a view that
        holds, is still being thought about; else (True, the turn found ahead that holds, or
        None to think as before)."""
        self._receive()
        view = state.observe(seat)
        kept = self.found.pop(seat, None)
        if kept is not None and holds(kept[0], view, seat):
            return True, kept[1]
        if self.asked is not None and self.asked[0] == seat:
            if holds(self.asked[1], view, seat):
                return False, None
            self._cancel()
        return True, None

    def close(self) -> None:
        if self._thinker is not None:
            self._thinker.close()
            self._thinker = None
        self.asked = None
        self.found.clear()

    def _coming(self, state: GameState) -> list[int]:
        """The searching AI seats whose turns come after the current one, in order."""
        order = state.order[state.turn + 1:] if state.order else []
        return [seat for seat in order if searching(self.kinds[seat])]

    def _ask(self, seat: int, view: GameState) -> None:
        if self._thinker is None:
            self._thinker = open_thinker(self.backend, default="process")
        asked = view.clone()
        moves = tuple(asked.moves())
        asked.history = None  # the moves say it (as `Request.about`)
        self._thinker.submit(Request(Job.PONDER, asked.config, moves, seat, self.kinds[seat],
                                     self.ai_seed + seat, False, asked))
        self.asked = (seat, view)

    def _receive(self) -> None:
        if self.asked is None or self._thinker is None:
            return
        result = self._thinker.poll()
        if result is None:
            return
        seat, view = self.asked
        self.asked = None
        self._considered = -1  # the next seat to come is looked for
        if result.move is not None and not result.error:
            self.found[seat] = (view, Pondered(result.move, result.plan, result.iterations,
                                               result.seconds))

    def _cancel(self) -> None:
        if self._thinker is not None:
            self._thinker.cancel()
        self.asked = None
        self._considered = -1
