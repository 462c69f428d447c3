"""The table's news: what an AI seat just did, in a player's words (until its next move or a
few seconds), and call-outs of what another seat's move did to a person's board (a Trader at
their stall, a Deliveryman at their customer, their card taken from the Courtyard). Each
call-out is for the one person it concerns and is shown only while that person is at the
screen (in pass-and-play, when they sit down, never to whoever happens to be there); all of a
person's call-outs show together, one line per move, oldest first, and stay until that person
clicks them away, makes a move of their own, or has had a long read. An AI seat's moves in a
row are told together, one line each (the newest `TURN_LINES`), so its turn reads as one
sequence. The log tells all of it too. Each is `Said`: after a switch of language it reads
in the new one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..engine import GameState, Move
from ..engine.events import IntoCourtyard
from ..text.log import before_move, headline, touched
from ..words import generation, ngettext, said
from ..words import now as now_words

NEWS_TIME = 5.0  # seconds an AI's move stays told
CALLOUT_TIME = 30.0  # seconds a person's call-outs stay once shown to that person
MOST_CALLOUTS = 8  # per person, the newest kept; older ones are in the log
TURN_LINES = 5  # an AI's moves in a row told together, the newest this many
ANYONE = -2  # `shown`'s viewer for every person's call-outs (a test's look at them all)


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
        self.shown_at: dict[Item, float] = {}  # a call-out -> when its person first saw it
        self.turn: list[str] = []  # the moves of the AI seat moving now, in a row
        self.turn_seat: int | None = None
        self.spoken = generation()  # the language the items were made in

    def moved(self, before: GameState, after: GameState, move: Move, names: Sequence[str],
              kinds: Sequence[str], now: float) -> None:
        """`move` took the game from `before` to `after` at the table's time `now`; a person
        who moves has read what was called out to them."""
        seat = before.to_move  # a move was made in `before`: a seat was to move
        events = list(after.events)  # a clone has none: the words read them
        before, after, names = before.clone(), after.clone(), tuple(names)  # kept for words
        after.events = events
        placed_by = dict(self.placed_by)
        told = said(lambda: headline(before_move(before, move), move, after, names))
        persons = [s for s, kind in enumerate(kinds) if kind == "person"]
        for person in persons:
            if person == seat:
                continue

            def callout(person: int = person) -> str:
                clauses = "; ".join(touched(before, after, move, person, names, placed_by,
                                            you=True))
                return f"{now_words(told)}. {clauses[:1].upper()}{clauses[1:]}." \
                    if clauses else ""

            if touched(before, after, move, person, names, placed_by, you=True):
                self.callouts.append(Item(said(callout), seat, now, person))
        kept = []
        for person in persons:
            kept += [c for c in self.callouts if c.to == person != seat][-MOST_CALLOUTS:]
        self.callouts = [c for c in self.callouts if c in kept]
        self.shown_at = {c: t for c, t in self.shown_at.items() if c in kept}
        self.placed_by = {card: who for card, who in self.placed_by.items()
                          if card in after.courtyard}
        self.placed_by.update({e.card: e.seat for e in after.events
                               if isinstance(e, IntoCourtyard) and e.card in after.courtyard})
        if kinds[seat] != "person":
            if self.turn_seat != seat:
                self.turn = []
            self.turn.append(told)
            self.turn_seat = seat
            turn = tuple(self.turn)
            self.last = Item(said(lambda: _turn_text(turn)), seat, now)
        else:
            self.turn, self.turn_seat = [], None

    def _reword(self) -> None:
        """After a switch of language, every item in the new one (`words.now`)."""
        self.spoken = generation()
        again = {item: replace(item, text=now_words(item.text))
                 for item in [*self.callouts, *([self.last] if self.last else [])]}
        self.callouts = [again[c] for c in self.callouts]
        self.shown_at = {again.get(c, c): t for c, t in self.shown_at.items()}
        self.last = again[self.last] if self.last else None
        self.turn = [now_words(line) for line in self.turn]

    def seen(self, viewer: int | None = ANYONE) -> None:
        """The person at the screen (`viewer`) has read their call-outs."""
        self.callouts = [c for c in self.callouts if viewer != ANYONE and c.to != viewer]

    def shown(self, now: float, viewer: int | None = ANYONE) -> list[Item]:
        """What to show at `now` to the person at the screen (`viewer`; None: nobody is):
        their call-outs, oldest first, then the AI's latest move."""
        if self.spoken != generation():
            self._reword()
        out = [c for c in self.callouts if viewer == ANYONE or c.to == viewer]
        for c in out:
            self.shown_at.setdefault(c, now)
        old = {c for c in out if now - self.shown_at[c] >= CALLOUT_TIME}
        self.callouts = [c for c in self.callouts if c not in old]
        out = [c for c in out if c not in old]
        last = self.last
        if last is not None and now - last.since < NEWS_TIME:
            # A move a call-out tells (its headline first) is not told twice.
            lines = [line for line in last.text.split("\n")
                     if not any(c.text.startswith(f"{line}.") for c in out)]
            if any(not line.startswith("(") for line in lines):
                out.append(last if len(lines) == last.text.count("\n") + 1
                           else Item("\n".join(lines), last.seat, last.since))
        return out


def _turn_text(turn: Sequence[str]) -> str:
    """The AI's moves in a row, one a line, the newest `TURN_LINES` of them."""
    lines = [now_words(line) for line in turn[-TURN_LINES:]]
    earlier = len(turn) - len(lines)
    if earlier:
        lines = [ngettext("({n} earlier: see the log)", "({n} earlier: see the log)",
                          earlier), *lines]
    return "\n".join(lines)
