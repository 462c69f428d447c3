"""A game told again at the table: a `Replay` stepped move by move (forward, back, to a
round's start, or played at a chosen speed), drawn by the table's own `render.draw_table`
with the log as it read then.

Nothing here can change the game or a save: the scene only reads the `Replay`, whose states
are fresh copies. Hands stay hidden as they were at the table while the game is unfinished
(only `viewer`'s cards, as the person playing that seat saw them); a finished game shows every
hand. Opened from a review, the step `at` carries a `note` (shown on the top bar) and the
AI's `suggestion` (its clicks lit on the table) while the replay stands there.
"""

from __future__ import annotations

from typing import Any

import pygame

from ... import words
from ...engine import GameState, Move
from ...engine.state import KeepChoice
from ...play import commands
from ...play.replay import Replay
from ...text.log import describe_move
from ...words import N_, _, decimal, pgettext
from .. import overlay, render, replaybar, table_model
from ..layout import BUTTONS_LEFT, Layout
from ..prompts import hover_lines
from ..scene import Scene
from ..tableview import LogView, card_of, topmost

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # moves a second when playing
FIRST_SPEED = 1.0
KEYS = {pygame.K_LEFT: "back", pygame.K_RIGHT: "forward", pygame.K_HOME: "start",
        pygame.K_END: "end", pygame.K_SPACE: "play", pygame.K_PAGEUP: "previous round",
        pygame.K_PAGEDOWN: "next round"}

HINTS = {("rp", "start"): N_("To the deal (Home)"), ("rp", "back"): N_("Back one move (Left)"),
         ("rp", "play"): N_("Play or pause (Space)"), ("rp", "forward"): N_("On one move (Right)"),
         ("rp", "end"): N_("To the last move (End)"),
         ("rp", "speed"): N_("Moves a second when playing"),
         ("ui", "close"): N_("Close the replay (Esc)"),
         ("ui", "look"): N_("Back to the player's board")}
ROUND_HINT = N_("The round's first move (Page Up / Page Down: the previous / next round)")


def speed_words(speed: float) -> str:
    shown = f"{speed:g}" if speed >= 1 or words.language() == "en" else decimal(speed)
    return (_("{speed} move/s", speed=shown) if speed <= 1
            else _("{speed} moves/s", speed=shown))


class ReplayScene(Scene):
    name = "replay"

    def __init__(self, d, replay: Replay, at: int | None = None, viewer: int | None = None,
                 note: str = "", suggestion: Move | None = None) -> None:
        """`at`: the step to open at (None: the last; clamped to the game); `viewer`: the
        seat whose hidden cards may be shown while the game is unfinished."""
        super().__init__(d)
        self.replay = replay
        self.starts = replay.round_starts()  # round -> its first step
        last = len(replay)
        self.at = last if at is None else min(max(at, 0), last)
        self.step = self.at
        self.viewer = viewer
        self.note = note
        self.suggestion = suggestion
        self.suggested: list[tuple] = []  # the suggestion's clicks at `at`
        if suggestion is not None:
            try:
                self.suggested = commands.clicks_for(replay.state_at(self.at), suggestion)
            except ValueError:
                self.suggestion = None  # not a move of that moment: nothing to show
        self.speed = FIRST_SPEED
        self.playing = False
        self.wait = 0.0  # seconds until the next move while playing
        self.focus_override: int | None = None  # another seat's board, clicked to look at
        self.log_scroll = 0
        self.clock_time = 0.0
        self.mouse = (-1, -1)
        self.drawn = render.Drawn()  # what the last picture showed
        self.L: Layout | None = None
        self._state: tuple[int, GameState] | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None  # what the cached picture shows
        self.log_view = LogView()

    def enter(self) -> None:
        self._static_key = None  # the palette or the window may have changed
        self.log_view.invalidate()

    # --- what is shown -------------------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The game as it was after the first `step` moves."""
        if self._state is None or self._state[0] != self.step:
            self._state = (self.step, self.replay.state_at(self.step))
        return self._state[1]

    def shows_all(self) -> bool:
        """A finished game hides nothing."""
        return self.replay.finished

    def decider(self) -> int | None:
        return self.state.current_player

    def own_focus(self) -> int:
        """The board shown unless another is looked at: the deciding seat's, as at the table."""
        return table_model.board_seat(self.state, self.viewer)

    def focus(self) -> int:
        return table_model.board_seat(self.state, self.viewer, self.focus_override)

    def revealed(self) -> int | None:
        """The seat whose hand and private cards may be drawn face up: in a finished game the
        board shown, else the viewer's."""
        return self.focus() if self.shows_all() else self.viewer

    def model(self, prompt: str | None = None) -> table_model.TableModel:
        """What the replay shows at this step (see ui/table_model.py); `prompt` given: with
        that top line (the layout needs none, and the prompt looks at the layout)."""
        r = self.replay
        return table_model.TableModel(state=self.state, names=r.names, kinds=r.kinds,
                                      viewer=self.revealed(), focus=self.focus(),
                                      prompt=self.prompt() if prompt is None else prompt,
                                      mode=table_model.Mode.REPLAY)

    def prompt(self) -> str:
        """The top bar's line: at `at` the note, or without one the suggestion in words if
        not all of its clicks are on the table (a review's note already names the AI's move:
        saying it twice would crowd the bar); else what the move just shown did."""
        if self.step == self.at:
            if self.note:
                return self.note
            if self.suggestion is not None and not self._suggestion_on_table():
                return _("(AI: {move})",
                         move=describe_move(self.suggestion, self.replay.names))
        if self.step == 0:
            return _("The deal: nobody has moved yet.")
        return self.replay.lines[self.step - 1][0].strip()

    def counter_words(self) -> str:
        r = self.replay
        seat = r.seats[self.step - 1] if self.step > 0 else None
        if seat is not None:
            return _("Move {step} of {moves} · Round {round} · {name}", step=self.step,
                     moves=len(r), round=max(1, self.state.round), name=r.names[seat])
        return _("Move {step} of {moves} · Round {round}", step=self.step, moves=len(r),
                 round=max(1, self.state.round))

    def log_lines(self) -> list[str]:
        """The log as it read at this step."""
        return self.replay.log_until(self.step)

    def _suggestion_on_table(self) -> bool:
        L = self.L or self.layout()
        return all(target in L.targets for target in self.suggested)

    def layout(self) -> Layout:
        # its controls fill the bar's three columns: the hand stays left of them
        self.L = self.model(prompt="").layout(self.d.size, bar_left=BUTTONS_LEFT)
        return self.L

    # --- stepping ------------------------------------------------------------------------------

    def go(self, step: int) -> None:
        """Stand at `step` (clamped to the game)."""
        step = min(max(step, 0), len(self.replay))
        if step != self.step:
            self.step = step
            self.log_scroll = 0

    def next_round(self) -> None:
        later = [s for s in self.starts.values() if s > self.step]
        self.go(min(later) if later else len(self.replay))

    def previous_round(self) -> None:
        earlier = [s for s in self.starts.values() if s < self.step]
        self.go(max(earlier) if earlier else 0)

    def toggle_play(self) -> None:
        if self.playing or not self.replay.moves:
            self.playing = False
            return
        if self.step >= len(self.replay):
            self.go(0)  # played to the end: play from the start
        self.playing = True
        self.wait = 1 / self.speed

    def cycle_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def update(self, dt: float) -> None:
        self.clock_time += dt
        if not self.playing:
            return
        self.wait -= dt
        while self.wait <= 0 and self.playing:
            self.go(self.step + 1)
            self.wait += 1 / self.speed
            if self.step >= len(self.replay):
                self.playing = False

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.d.pop()
            elif event.key in KEYS:
                self.control(KEYS[event.key])
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                self.click(event.pos)
            elif event.button == 3:
                card = self.card_at(event.pos)
                if card is not None:
                    self.d.open("rules", card=card)
        elif event.type == pygame.MOUSEWHEEL:
            L = self.L
            if L and L.regions["log"].collidepoint(self.mouse):
                most = self.log_view.most_scroll(L, (self.step,), self.log_lines)
                self.log_scroll = max(0, min(most, self.log_scroll + event.y * 3))
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.enter()

    def control(self, name: str) -> None:
        """One of the controls (a button or its key)."""
        if name not in ("play", "speed"):
            self.playing = False  # stepping by hand stops the play
        if name == "play":
            self.toggle_play()
        elif name == "speed":
            self.cycle_speed()
        elif name == "back":
            self.go(self.step - 1)
        elif name == "forward":
            self.go(self.step + 1)
        elif name == "start":
            self.go(0)
        elif name == "end":
            self.go(len(self.replay))
        elif name == "previous round":
            self.previous_round()
        elif name == "next round":
            self.next_round()

    def target_at(self, pos) -> tuple | None:
        """What a click at `pos` meets at this step (the layout now, not the last drawn)."""
        L = self.layout()
        for target, r in replaybar.rects(L).items():
            if r.collidepoint(pos) and self.enabled().get(target, True):
                return target
        return topmost([target for target, r in L.targets.items() if r.collidepoint(pos)
                        and (target[0] != "keep" or self.keep_shown())])

    def card_at(self, pos) -> int | None:
        """The card under `pos` on the table, if one shows there."""
        return card_of(self.target_at(pos))

    def click(self, pos) -> None:
        target = self.target_at(pos)
        if target is None:
            return
        kind = target[0]
        what: Any = target[1] if len(target) > 1 else None  # the control's name, round, seat
        if kind == "rp":
            self.control(what)
        elif kind == "round":
            self.playing = False
            self.go(self.starts[what])
        elif target == ("ui", "close"):
            self.d.pop()
        elif target == ("ui", "look"):
            self.focus_override = None
        elif kind == "seat":
            self.focus_override = None if what == self.own_focus() else what

    def enabled(self) -> dict[tuple, bool]:
        """Which controls do something now (the others are drawn greyed and ignore clicks)."""
        last = len(self.replay)
        out = {("rp", "start"): self.step > 0, ("rp", "back"): self.step > 0,
               ("rp", "forward"): self.step < last, ("rp", "end"): self.step < last,
               ("rp", "play"): last > 0, ("ui", "look"): self.focus_override is not None}
        for target in replaybar.rects(self.L or self.layout()):
            if target[0] == "round":
                out[target] = target[1] in self.starts
        return out

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> None:
        L = self.layout()
        model = self.model()
        size = surf.get_size()
        key = (self.step, size, *model.picture_key())
        if key != self._static_key:
            if self._static is None or self._static.get_size() != size:
                self._static = pygame.Surface(size).convert()
            self.drawn = render.draw_table(self._static, self.state, L, self.d.sprites,
                                           model.view())
            self._static_key = key
        assert self._static is not None  # drawn above with its key
        surf.blit(self._static, (0, 0))
        self._keep(surf, L)
        if self.step == self.at and self.suggested:
            overlay.highlights(surf, [L.targets[x] for x in self.suggested if x in L.targets],
                               self.clock_time, L)
        self._log(surf, L)
        self._controls(surf, L)
        replaybar.counter(surf, L, self.counter_words())
        target = self.target_at(self.mouse)
        hint = (_(ROUND_HINT) if target and target[0] == "round"
                else _(HINTS[target]) if target in HINTS else None)
        overlay.tooltip(surf, L, self.mouse,
                        [hint] if hint else hover_lines(self.state, target, L.focus, L))

    def _log(self, surf, L: Layout) -> None:
        """The log as it read at this step."""
        self.log_view.draw(surf, L, (self.step,), self.log_lines, self.log_scroll)

    def keep_shown(self) -> bool:
        """A Two-pack's cards are being chosen from, by a seat whose cards may be seen, and
        that seat's board is shown (the panel would cover another's)."""
        pend = self.state.pending
        return (bool(pend) and isinstance(pend[-1], KeepChoice)
                and self.focus() == self.decider()
                and (self.shows_all() or self.decider() == self.viewer))

    def _keep(self, surf, L: Layout) -> None:
        keep = self.state.pending[-1] if self.state.pending else None
        if isinstance(keep, KeepChoice) and self.keep_shown():
            overlay.keep_panel(surf, L, self.d.sprites, keep.cards, None)

    def _controls(self, surf, L: Layout) -> None:
        places = replaybar.rects(L)
        if self.focus_override is None:
            del places[("ui", "look")]
        labels = {("rp", "play"): _("Pause") if self.playing else _("Play"),
                  ("rp", "speed"): speed_words(self.speed), ("ui", "close"): _("Close"),
                  ("ui", "look"): pgettext("button", "Back")}
        labels.update({target: str(target[1]) for target in places if target[0] == "round"})
        rnd = max(1, self.state.round)
        replaybar.draw(surf, L, places, self.enabled(), labels, ("round", rnd), self.mouse)
