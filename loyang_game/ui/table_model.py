"""What the table shows at one moment, decided in one place for the game being played and for
the replay alike: the state, whose private cards may be face up, whose board is big, whose
hand lies on the bottom bar, which cards are in flight and the top bar's line.

The table scene and the replay scene each build a `TableModel`; the layout and the picture
are made from it (`layout`, `view`, `picture_key`), so the rules below exist once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from ..engine import GameState
from ..engine.cards import NONE
from . import layout
from .layout import Layout
from .render import View

TUTOR = "tutor"  # the tutorial's opponent, whose scene keeps the left column's foot


class Mode(StrEnum):
    """What the table is waiting for, which decides what a click can reach: the first of these
    that holds."""

    PASS = "pass"  # the pass screen: only "I am ..., show my cards"
    SCORES = "scores"  # the end panel over the table: only its buttons
    CHOICE = "choice"  # a choice's options over the table: only them (and Cancel)
    TABLE = "table"  # the table itself: the board, the bars, the news
    REPLAY = "replay"  # a game looked back at: the replay's controls and the boards


def board_seat(state: GameState, viewer: int | None, looked_at: int | None = None) -> int:
    """The seat whose board is shown big: one looked at (a click on a seat's panel, or the
    board a move's animation plays on), else the deciding seat's, else (the game over) the
    viewer's or the first."""
    if looked_at is not None:
        return looked_at
    seat = state.current_player
    if seat is None:
        return viewer if viewer is not None else 0
    return seat


def hand_seat(state: GameState, viewer: int | None) -> int | None:
    """The seat whose hand lies face up on the bottom bar: the viewer's, if it holds a card
    (nobody's when no one may see private cards: a pass screen, a hidden replay)."""
    if viewer is None:
        return None
    p = state.players[viewer]
    return viewer if (p.hand or p.intro != NONE) else None


@dataclass(frozen=True)
class TableModel:
    state: GameState
    names: Sequence[str]
    kinds: Sequence[str]  # "person" or an AI level per seat
    viewer: int | None  # whose private cards may be drawn face up (None: nobody's)
    focus: int  # the seat whose board is big
    hidden: frozenset[int] = field(default=frozenset())  # cards the animation draws
    prompt: str = ""
    mode: Mode = Mode.TABLE

    @property
    def hand_seat(self) -> int | None:
        return hand_seat(self.state, self.viewer)

    @property
    def left_kept(self) -> bool:
        """Whether the scene draws a panel of its own in the left column under the seat's
        panel: the tutorial's lesson, in a game against the tutor (the layout then keeps
        the seat's panel compact and the log on the right)."""
        return TUTOR in self.kinds

    def layout(self, size: tuple[int, int],
               bar_buttons: list[tuple[tuple, str, bool]] | None = None,
               bar_left: float | None = None) -> Layout:
        """The places of everything for a window of `size`; `bar_left`: the design x where
        the hand must end whatever the phase, for a scene whose controls fill the bottom
        bar's three columns of buttons (the replay's: `layout.BUTTONS_LEFT`)."""
        return layout.build(self.state, self.focus, size, hand_seat=self.hand_seat,
                            bar_buttons=bar_buttons or [], left_kept=self.left_kept,
                            bar_left=bar_left)

    def view(self) -> View:
        return View(names=list(self.names), kinds=list(self.kinds), viewer=self.viewer,
                    hide=set(self.hidden), prompt=self.prompt, solo=self.state.config.solo)

    def picture_key(self) -> tuple:
        """What the still picture of the table depends on besides the state's version."""
        return (self.focus, self.viewer, self.hand_seat, self.hidden, self.prompt)
