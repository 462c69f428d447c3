"""The table's news: what an AI seat just did, in a player's words (until its next move or a
few seconds), and call-outs of what another seat's move did to a person's board (a Trader at
their stall, a Deliveryman at their customer, their card taken from the Courtyard), which
stay until that person clicks them away, makes a move of their own, or has had a long read.
The log tells all of it too."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import GameState, Move
from ..log import before_move, headline, touched

NEWS_TIME = 5.0  # seconds an AI's move stays told
CALLOUT_TIME = 30.0  # seconds a call-out waits at most to be seen
MOST_CALLOUTS = 3  # the newest kept; older ones are in the log


@dataclass(frozen=True)
class Item:
    text: str
    seat: int  # whose move it tells (drawn in that seat's colour)
    since: float  # the table's clock when it came
    to: int | None = None  # a call-out's person, None for an AI's move


class News:
    def __init__(self) -> None:
        self.last: Item | None = None  # an AI seat's latest move
        self.callouts: list[Item] = []
        self.placed_by: dict[int, int] = {}  # Courtyard card -> the seat that put it there

    def moved(self, before: GameState, after: GameState, move: Move, names: Sequence[str],
              kinds: Sequence[str], now: float) -> None:
        """`move` took the game from `before` to `after` at the table's time `now`; a person
        who moves has read what was called out to them."""
        seat = before.current_player
        told = headline(before_move(before, move), move, after, names)
        persons = [s for s, kind in enumerate(kinds) if kind == "person"]
        for person in persons:
            if person == seat:
                continue
            clauses = touched(before, after, move, person, names, self.placed_by,
                              you=len(persons) == 1)
            if clauses:
                said = "; ".join(clauses)
                self.callouts.append(Item(f"{told}. {said[0].upper()}{said[1:]}.", seat, now,
                                          person))
        self.callouts = [c for c in self.callouts if c.to != seat][-MOST_CALLOUTS:]
        hand = [*before.players[seat].hand, before.players[seat].intro]
        self.placed_by = {card: who for card, who in self.placed_by.items()
                          if card in after.courtyard}
        self.placed_by.update({card: seat for card in after.courtyard
                               if card not in before.courtyard and card in hand})
        if kinds[seat] != "person":
            self.last = Item(told, seat, now)

    def seen(self) -> None:
        """The person has read the call-outs."""
        self.callouts = []

    def shown(self, now: float) -> list[Item]:
        """What to show at `now`: the call-outs, then the AI's latest move."""
        self.callouts = [c for c in self.callouts if now - c.since < CALLOUT_TIME]
        out = list(self.callouts)
        if self.last is not None and now - self.last.since < NEWS_TIME:
            out.append(self.last)
        return out
