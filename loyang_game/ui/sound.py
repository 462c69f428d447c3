"""The table's sound effects: what happened on the table, heard.

`EFFECT_OF` is the one table from what can happen to the effect it plays: every kind of
move, every kind of event the engine reports after a move (`GameState.events`, named by
`EVENT_KIND`) and the kinds the events add up to (Cash up or down, a step on the Path, the
round's turn) or the table's own (a refused click). `kinds_of` says which kinds one move made
happen, from the move and its events; `choose` picks the effects to play for
them: the most telling of the move's own, at most `MOST_AT_ONCE`, played together as one
sound, and what followed it (a harvest, the round's turn, the game's end) `AFTER` seconds
later, so that the last step on the Path is heard before the new round's chime.

`SoundPlayer` plays them. The mixer is opened once (per process) and every effect is loaded
when the player is made, so playing one is handing it to a free mixer channel: it never
delays a frame. No sound device (or SDL's dummy audio driver, or no effect files) means
silence, with no error and nothing printed. The volume and the mute are the settings'
(`Settings.volume`, `Settings.mute`), read at every play, so a change counts at once.

A quick run of AI moves must not become a racket, so the player thins: the same effect is
not started again within `SAME_GAP` seconds, and at most `MOST_IN_WINDOW` effects start
within any `WINDOW` seconds (the harvest, the round's turn and the game's end always
sound). The clock is given (tests give their own).

The effects are made by tools/make_sounds.py into assets/sounds/.
"""

from __future__ import annotations

import contextlib
import logging
import math
import os
import sys
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

import pygame

from ..engine import Move
from ..engine.events import (
    Cash,
    Claimed,
    Dealt,
    Delivered,
    Discarded,
    Event,
    FieldRemoved,
    Flipped,
    GameOver,
    GoodTaken,
    Handed,
    Harvested,
    IntoCourtyard,
    IntoOffer,
    MarkerRed,
    NewField,
    PathStep,
    Penalty,
    PhaseBegan,
    PileSeen,
    Placed,
    Reshuffled,
    Revealed,
    ToDiscardPile,
    TokenTaken,
    TwoPackDrawn,
    UnderPile,
    Vegetables,
)
from ..engine.moves import ADVANCE, MoveKind
from ..engine.state import HARVEST_PHASE
from ..files.paths import asset_dir
from ..words import _

RATE = 22050  # the files' sample rate (tools/make_sounds.py), and the mixer's
CHANNELS = 8  # mixer channels: more than MOST_IN_WINDOW, so a new effect seldom cuts one off
SAME_GAP = 0.08  # seconds before the same effect may start again
WINDOW = 0.5  # seconds ...
MOST_IN_WINDOW = 3  # ... in which at most this many effects start
MOST_AT_ONCE = 2  # effects played together for one move
LATER = ("game_end", "round", "veg_harvest")  # what follows a move, heard after its own
URGENT = LATER  # once a round at most: never thinned by the window (the same-effect gap holds)
AFTER = 0.35  # seconds from a move's own effects to what followed
STALE = 1.0  # seconds after which a waiting effect is dropped (the table was covered)

# The effects, the most telling first (`choose` keeps the first ones of a move).
EFFECTS = ("game_end", "round", "penalty", "serve", "trade", "veg_harvest", "path_step",
           "coins_get", "coins_pay", "veg_sow", "card_flip", "card_take", "card_place",
           "veg_place", "refused")

# The engine's events (engine/events.py) by the kind each is heard as; None: heard through
# the kinds they add up to (below), or through the move itself. The tests check that every
# kind of event is here.
EVENT_KIND: dict[type[Event], str | None] = {
    Placed: "place", Revealed: "reveal", Discarded: "discard", NewField: "new field",
    FieldRemoved: "removed", Flipped: "flip", MarkerRed: "red", Penalty: "penalty",
    Claimed: "claim", Harvested: "harvest", TwoPackDrawn: "two-pack", GameOver: "game over",
    Reshuffled: "reshuffle", Handed: None, IntoCourtyard: None, GoodTaken: None,
    TokenTaken: None, Delivered: None, Cash: None, PathStep: None, PhaseBegan: None,
    UnderPile: None, IntoOffer: None, Vegetables: None, Dealt: None, ToDiscardPile: None,
    PileSeen: None,
}
DEBT_PAID = "paid"  # a `Cash` event paying a debt (a common field, a penalty)
ENGINE_EVENTS = (*(kind for kind in EVENT_KIND.values() if kind is not None), DEBT_PAID)
# What a move's events add up to: somebody's Cash up or down, a step on the Path, a new round;
# and the table's own: a refused click.
CASH_UP, CASH_DOWN, PATH, ROUND, REFUSED = "cash up", "cash down", "path", "round", "refused"
TABLE_KINDS = (CASH_UP, CASH_DOWN, PATH, ROUND, REFUSED)

EFFECT_OF: dict[str, str] = {
    # moves (MoveKind values)
    MoveKind.HOME: "veg_sow",  # a vegetable bought and sown on the Home field
    MoveKind.PLACE: "card_place",  # a hand card into the Courtyard
    MoveKind.TAKE: "card_take",
    MoveKind.FLIP: "card_flip",  # the draw pile's top card turned into the Courtyard
    MoveKind.PARTNER: "card_take",  # 4 players: a partner chosen
    MoveKind.SOW: "veg_sow",
    MoveKind.BUY: "veg_place",  # the Cash paid is its own kind, below
    MoveKind.SELL: "coins_get",
    MoveKind.TRADE: "trade",
    MoveKind.DISCARD: "card_place",  # a Helper put on the discard pile
    MoveKind.REGULAR: "serve",
    MoveKind.CASUAL: "serve",
    MoveKind.TWO_PACK: "card_take",
    MoveKind.KEEP: "card_take",
    MoveKind.LOAN: "coins_get",
    MoveKind.UPGRADE: "card_flip",  # the Storehouse turned to its bigger side
    MoveKind.END: "card_place",
    MoveKind.RETURN: "veg_place",  # a vegetable back to the supply
    MoveKind.ADVANCE: "path_step",  # (no step taken: `kinds_of` leaves the move out)
    MoveKind.USE: "card_flip",  # a Helper used
    MoveKind.CLAIM: "card_take",
    MoveKind.SHOP: "veg_place",
    MoveKind.PASS: "card_place",
    MoveKind.OFFER: "card_take",
    MoveKind.DONE: "card_place",
    # the engine's events ("place", "flip", "discard" and "claim" are also kinds of move,
    # above, with the same effect)
    "reveal": "card_flip",
    "new field": "card_flip",
    "removed": "card_place",
    "red": "penalty",  # a Regular customer not served: its marker turns red
    "penalty": "penalty",
    "harvest": "veg_harvest",
    "two-pack": "card_flip",
    "game over": "game_end",
    DEBT_PAID: "coins_pay",
    "reshuffle": "card_flip",
    # the table's own
    CASH_UP: "coins_get",
    CASH_DOWN: "coins_pay",
    PATH: "path_step",
    ROUND: "round",
    REFUSED: "refused",
}


def kinds_of(move: Move | None, events: Iterable[Event]) -> list[str]:
    """What `move` (None: an automatic step) made happen, told by its `events`, as keys of
    `EFFECT_OF`. Cash is heard by each seat's sum: a Deliveryman's proceeds less the fee he
    pays on are Cash up only."""
    kinds: list[str] = []
    if move is not None and not (move.kind == ADVANCE and move.a <= 0):
        kinds.append(str(move.kind))
    cash: dict[int, int] = {}
    for event in events:
        kind = EVENT_KIND[type(event)]
        if kind is not None:
            kinds.append(kind)
        match event:
            case Cash(seat=seat, amount=amount):
                cash[seat] = cash.get(seat, 0) + amount
                if event.is_debt:
                    kinds.append(DEBT_PAID)
            case PathStep():
                kinds.append(PATH)
            case PhaseBegan(phase=phase) if phase == HARVEST_PHASE:
                kinds.append(ROUND)
    if any(d > 0 for d in cash.values()):
        kinds.append(CASH_UP)
    if any(d < 0 for d in cash.values()):
        kinds.append(CASH_DOWN)
    return kinds


def choose(kinds: Iterable[str]) -> tuple[list[str], list[str]]:
    """The effects to play for `kinds`, each once, the most telling first: those of the move
    itself and those of what followed (`LATER`), `MOST_AT_ONCE` at most of each (kinds
    without an effect are left out)."""
    found = sorted({EFFECT_OF[k] for k in kinds if k in EFFECT_OF}, key=EFFECTS.index)
    return ([e for e in found if e not in LATER][:MOST_AT_ONCE],
            [e for e in found if e in LATER][:MOST_AT_ONCE])


def sound_dir() -> Path:
    return asset_dir() / "sounds"


# --- the mixer -------------------------------------------------------------------------------

_opened: dict[str, str] = {}  # "problem": why the real mixer could not be opened


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Nothing the audio libraries print while looking for a device reaches the terminal
    (ALSA tells of every missing card on its own); a missing device is simply silence."""
    try:
        fd = sys.stderr.fileno()
        saved = os.dup(fd)
    except (OSError, ValueError, AttributeError):  # no real stderr (a test's capture)
        yield
        return
    try:
        sys.stderr.flush()
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), fd)
        yield
    finally:
        os.dup2(saved, fd)
        os.close(saved)


def open_mixer() -> tuple[Any, str | None]:
    """pygame's mixer, opened once, or None and why there is no sound (tried once)."""
    if pygame.mixer.get_init():
        return pygame.mixer, None
    if "problem" in _opened:
        return None, _opened["problem"]
    try:
        with _quiet_stderr():
            pygame.mixer.init(frequency=RATE, size=-16, channels=1, buffer=512)
        pygame.mixer.set_num_channels(CHANNELS)
    except (pygame.error, NotImplementedError, OSError) as error:
        _opened["problem"] = _("no sound device ({error})", error=error).replace("\n", " ")
        return None, _opened["problem"]
    return pygame.mixer, None


class SoundPlayer:
    def __init__(self, settings, *, mixer: Any = None,
                 clock: Callable[[], float] = time.perf_counter,
                 folder: Path | None = None) -> None:
        """`settings`: where the volume and the mute are read; `mixer`: something like
        `pygame.mixer` (its `Sound`), the real one if None; `clock`: seconds."""
        self.settings = settings
        self.clock = clock
        self.problem: str | None = None  # why there is no sound, if there is none
        if mixer is None:
            mixer, self.problem = open_mixer()
        self.mixer = mixer
        self.sounds: dict[str, Any] = {}  # the mixer's Sound objects (Any: a test's mixer too)
        self.last: dict[str, float] = {}  # effect -> when it last started
        self.recent: deque[float] = deque()  # when the effects of the last WINDOW started
        self.pending: list[tuple[float, str]] = []  # (when, effect) to play later
        if mixer is not None:
            self._load(folder or sound_dir())

    def _load(self, folder: Path) -> None:
        missing = []
        for name in EFFECTS:
            try:
                self.sounds[name] = self.mixer.Sound(str(folder / f"{name}.wav"))
            except Exception:  # pygame.error, FileNotFoundError: that one stays silent
                logging.getLogger(__name__).warning("sound %s not loaded", name, exc_info=True)
                missing.append(name)
        if missing:
            self.problem = _("sound effects missing: {names}", names=", ".join(missing))

    @property
    def volume(self) -> float:
        """0 to 1: the settings' volume (percent, squared, so that each step of the setting
        sounds about as big as the last: 50% is -12 dB, 10% -40 dB), 0 when muted."""
        if getattr(self.settings, "mute", False):
            return 0.0
        return (max(0, min(100, getattr(self.settings, "volume", 70))) / 100) ** 2

    def play(self, name: str) -> bool:
        """Start the effect `name` unless it is thinned out, muted or silent; True if it
        was started (or would have been, without a sound device)."""
        volume = self.volume
        if volume <= 0:
            return False
        now = self.clock()
        if now - self.last.get(name, -math.inf) < SAME_GAP:
            return False
        while self.recent and now - self.recent[0] >= WINDOW:
            self.recent.popleft()
        if len(self.recent) >= MOST_IN_WINDOW and name not in URGENT:
            return False
        self.last[name] = now
        self.recent.append(now)
        sound = self.sounds.get(name)
        if sound is not None:
            try:
                sound.set_volume(volume)
                sound.play()
            except Exception as error:  # the mixer was closed under us: silence from now on
                logging.getLogger(__name__).warning("sound stopped", exc_info=True)
                self.sounds.clear()
                self.problem = _("sound stopped ({error})", error=error)
        return True

    def play_all(self, kinds: Iterable[str]) -> list[str]:
        """Play the effects of `kinds` (see `choose`): the move's own now, what followed
        `AFTER` seconds later (now if the move itself made no sound); the ones started."""
        now, later = choose(kinds)
        started = [name for name in now if self.play(name)]
        if now:
            due = self.clock() + AFTER
            self.pending += [(due, name) for name in later]
        else:
            started += [name for name in later if self.play(name)]
        return started

    def update(self) -> None:
        """Start the effects whose time has come (the table calls this every step)."""
        if not self.pending:
            return
        now = self.clock()
        due = [name for when, name in self.pending if when <= now < when + STALE]
        self.pending = [(when, name) for when, name in self.pending if when > now]
        for name in due:
            self.play(name)

    def moved(self, move: Move | None, events: Iterable[Event]) -> list[str]:
        """`move` was made and `events` happened: play what it made happen."""
        return self.play_all(kinds_of(move, events))

    def refused(self) -> bool:
        """A click the table could not take."""
        return self.play(EFFECT_OF[REFUSED])
