"""The table's loop: a fixed-timestep update (60 per second) with drawing decoupled from it.

`App.frame()` reads input, runs as many fixed updates as the time passed calls for
(animations, AI seats, the pass-and-play gate) and draws one picture: the still table
(re-drawn only when something changed) with the animation layer and overlays on top.
"""

from __future__ import annotations

import time
from datetime import datetime

import pygame

from .. import commands
from ..commands import BUTTON_LABELS, Picker, UndoStack, option_moves
from ..engine import GameState, IllegalMove, Move, flow
from ..engine.cards import CARDS
from ..engine.moves import NONE
from ..log import describe_events, describe_move
from . import choreo, layout, overlay, render
from . import theme as t
from .aiseat import make_worker
from .anim import Timeline
from .sprites import Sprites
from .summary import final_rows

STEP = 1 / 60
BUTTON_ORDER = ("play", "keeponly", "keepnone", "supply", "stay", "twopack", "upgrade", "loan",
                "pass", "done", "end")
AREA_TARGETS = {"courtyard", "seat"}
PRIORITY = {"keep": 0, "btn": 1, "courtyard": 9, "seat": 9}
PRIVATE_PHASES = {"cards"}
CARD_TARGETS = {"field", "stall", "helper", "hand", "court", "offer", "regular", "casual",
                "keep"}
LONG_HOVER = 0.9  # seconds on a card before its whole text shows


class App:
    def __init__(self, state: GameState, kinds: list[str], names: list[str] | None = None, *,
                 size: tuple[int, int] = (1280, 800), game_id: str | None = None,
                 autosave: bool = True, speed: str = "normal", ai_seed: int = 0,
                 fps_cap: int = 60, screen: pygame.Surface | None = None,
                 sprites: Sprites | None = None, confirm_unserved: bool = True,
                 record: bool = True) -> None:
        pygame.display.init()
        pygame.font.init()
        if screen is None:
            pygame.display.set_caption("Loyang")
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = screen
        self.windowed_size = size
        self.fullscreen = False
        self.on_fullscreen = None  # set by the scene stack, which owns the window
        self.request: tuple | None = None  # ("menu",) or ("card", id): for the scene stack
        self.confirm_unserved = confirm_unserved
        self.record = record
        self.record_lines: list[str] = []
        self.hover_target = None
        self.hover_since = 0.0
        self.sprites = sprites or Sprites()
        self.state = state
        self.kinds = list(kinds)
        self.names = list(names or t.SEAT_NAMES[: state.config.seats])
        self.game_id = game_id or datetime.now().strftime("game-%Y%m%d-%H%M%S")
        self.autosave_on = autosave
        self.ai_seed = ai_seed
        self.fps_cap = fps_cap
        self.picker = Picker()
        self.undo = UndoStack()
        self.timeline = Timeline()
        self.timeline.speed = speed
        self.worker = make_worker()
        self.ai_thinking = False
        self.ai_pause = 0.0
        self.persons = [s for s, k in enumerate(self.kinds) if k == "person"]
        self.viewer: int | None = self.persons[0] if len(self.persons) == 1 else None
        self.pass_to: int | None = None
        self.focus_override: int | None = None
        self.focus_lock: int | None = None
        self.version = 0
        self.static: pygame.Surface | None = None
        self.static_key = None
        self.drawn = render.Drawn()
        self.L: layout.Layout | None = None
        self.overlay_targets: dict = {}
        self.log: list[str] = [f"A game of Loyang: {state.config.seats} "
                               f"{'player (solo)' if state.config.solo else 'players'}, "
                               f"seed {state.config.seed}."]
        self.log_scroll = 0
        self.log_cache = None
        self.message = ""
        self.message_time = 0.0
        self.clock_time = 0.0
        self.scoring_open = False
        self.scoring_rows: list[dict] | None = None
        self.solo_lines: list[str] = []
        self.running = True
        self.frame_log: list[tuple[float, float]] = []  # (interval, work) per frame
        self._last = time.perf_counter()
        self._acc = 0.0
        self._deadline = time.perf_counter()
        self.mouse = (0, 0)
        self.error: str | None = None

    # --- who sees what -------------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def decider(self) -> int | None:
        return self.state.current_player

    def person_to_play(self) -> bool:
        seat = self.decider()
        return (seat is not None and self.kinds[seat] == "person" and self.pass_to is None
                and self.viewer == seat)

    def focus(self) -> int:
        if self.focus_override is not None:
            return self.focus_override
        if self.focus_lock is not None and self.timeline.busy:
            return self.focus_lock
        seat = self.decider()
        if seat is None:
            return self.viewer if self.viewer is not None else 0
        return seat

    def hand_seat(self) -> int | None:
        v = self.viewer
        if v is None or self.pass_to is not None:
            return None
        p = self.state.players[v]
        return v if (p.hand or p.intro != NONE) else None

    def _needs_pass(self, seat: int) -> bool:
        p = self.state.players[seat]
        return len(self.persons) >= 2 and bool(p.hand or p.intro != NONE)

    # --- layout --------------------------------------------------------------------------------

    def bar_buttons(self) -> list[tuple[tuple, str]]:
        if not self.person_to_play() or self.focus() != self.decider():
            return []
        nxt = self.picker.next_targets(self.state)
        out = []
        for name in BUTTON_ORDER:
            if ("btn", name) in nxt:
                label = BUTTON_LABELS[name]
                if name == "twopack":
                    label = commands.two_pack_label(self.state, self.decider())
                out.append((("btn", name), label))
        return out

    def layout(self) -> layout.Layout:
        self.L = layout.build(self.state, self.focus(), self.size, hand_seat=self.hand_seat(),
                              bar_buttons=self.bar_buttons())
        return self.L

    # --- the loop ------------------------------------------------------------------------------

    def run(self) -> None:
        while self.running:
            self.frame()
        self.close()

    def close(self) -> None:
        self.worker.cancel()

    def frame(self, dt: float | None = None) -> None:
        start = time.perf_counter()
        interval = start - self._last
        self._last = start
        for event in pygame.event.get():
            self.handle(event)
        self.advance(interval if dt is None else dt)
        self.draw()
        pygame.display.flip()
        work = time.perf_counter() - start
        self.frame_log.append((interval, work))
        if len(self.frame_log) > 100_000:
            del self.frame_log[:50_000]
        if self.fps_cap:
            self._pace()

    def advance(self, dt: float) -> None:
        """Run the fixed updates that `dt` seconds call for."""
        self._acc += min(dt, 0.25)
        while self._acc >= STEP:
            self.update(STEP)
            self._acc -= STEP

    def _pace(self) -> None:
        """Wait for the next frame's deadline: sleep most of the way, then spin the last
        3 ms (sleep alone overshoots by a few ms, which shows in the worst frames)."""
        period = 1 / self.fps_cap
        now = time.perf_counter()
        self._deadline = max(self._deadline + period, now - period)
        if self._deadline - now > 0.003:
            time.sleep(self._deadline - now - 0.003)
        while time.perf_counter() < self._deadline:
            pass

    def update(self, dt: float) -> None:
        self.clock_time += dt
        self.timeline.update(dt)
        if self.message and self.clock_time - self.message_time > 3.5:
            self.message = ""
        if self.timeline.busy:
            return
        self.focus_lock = None
        if self.state.is_over:
            if self.scoring_rows is None:
                self._finish()
            return
        seat = self.decider()
        if self.kinds[seat] == "person":
            if self.viewer != seat and self.pass_to is None:
                if self._needs_pass(seat):
                    self.pass_to = seat
                    self.viewer = None
                else:
                    self.viewer = seat
            return
        self._ai_update(seat, dt)

    def _ai_update(self, seat: int, dt: float) -> None:
        if self.ai_pause > 0:
            self.ai_pause -= dt
            return
        if not self.ai_thinking:
            self.worker.start(self.state, seat, self.kinds[seat], self.ai_seed + seat)
            self.ai_thinking = True
            return
        move = self.worker.poll()
        if move is None and self.worker.error is not None:
            self.toast(f"The AI stumbled ({self.worker.error}); it plays a random move.")
            move = self.state.legal_moves()[0]
            self.worker.cancel()
        if move is not None:
            self.ai_thinking = False
            self.apply(move, person=False)
            self.ai_pause = 0.35 * self.timeline.factor

    # --- making moves --------------------------------------------------------------------------

    def apply(self, move: Move, person: bool) -> bool:
        state = self.state
        seat = state.current_player
        before = state.clone()
        L0 = self.L or self.layout()
        try:
            state.apply(move)
        except IllegalMove as error:
            self.toast(str(error))
            return False
        if person:
            self.undo.record(before, seat, state)
        else:
            self.undo.forget()
        rnd = before.round
        self.log.append(f"R{max(1, rnd)} {self.names[seat]}: {describe_move(move, self.names)}")
        self.log.extend(f"   {line}" for line in describe_events(state.events, self.names))
        self.log_scroll = 0
        self.picker.reset()
        self.version += 1
        self.focus_override = None
        self._autosave()
        if self.timeline.factor > 0:
            self.focus_lock = seat if seat is not None else None
            L1 = self.layout()
            if L0.focus != L1.focus or L0.size != L1.size:
                L0 = layout.build(before, L1.focus, self.size, hand_seat=self.hand_seat(),
                                  bar_buttons=[])
            choreo.plan(self.timeline, before, state, move, seat, L0, L1, self.sprites,
                        self.viewer)
        return True

    def _autosave(self) -> None:
        if not self.autosave_on:
            return
        try:
            from ..save import autosave

            autosave(self.state, self.game_id, seat_kinds=self.kinds, names=self.names)
        except Exception as error:  # a full disk must not end the game
            self.toast(f"Autosave failed: {error}")

    def do_undo(self) -> None:
        if not self.undo.can_undo() or not self.person_to_play():
            self.toast("Nothing to undo: only your own moves this turn, back to the last "
                       "revealed card or draw.")
            return
        self.worker.cancel()
        self.ai_thinking = False
        self.timeline.skip()
        self.state = self.undo.pop()
        self.picker.reset()
        self.version += 1
        self.log.append(f"   {self.names[self.state.current_player]} takes back a move.")
        self._autosave()

    def _finish(self) -> None:
        self.scoring_rows = final_rows(self.state)
        self.scoring_open = True
        if self.record:
            self._record_game()
        if self.state.config.solo:
            from .. import highscores
            from ..engine import solo

            result = solo.result(self.state)
            self.solo_lines = [f"Solo result: space {result['score']} — {result['band']} "
                               "(17 good, 18 very good, 19 master)"]
            try:
                table = highscores.load()
                rank = table.add(highscores.result_of(self.state, self.names[0]))
                self.solo_lines.append(f"High scores{f' (you are #{rank})' if rank else ''}:")
                for i, r in enumerate(table.results[:5], 1):
                    self.solo_lines.append(f"  {i}. {r.name}  {r.score} ({r.band})  Cash {r.cash}"
                                           f"  seed {r.seed}  {r.date}")
            except Exception as error:
                self.solo_lines.append(f"(The high-score table could not be written: {error})")

    def _record_game(self) -> None:
        """Add the finished game to the record of games; one line of statistics from it."""
        from .. import records

        try:
            book = records.load()
            book.add(records.entry_of(self.state, self.kinds, self.names))
        except Exception as error:  # the record must never cost the end of a game
            self.record_lines = [f"(The record of games could not be written: {error})"]
            return
        levels = sorted({k for k in self.kinds if k != "person"})
        tally = book.wins_by_level()
        parts = [f"against {lv}: {tally[lv][1]} of {tally[lv][0]} won" for lv in levels
                 if lv in tally and "person" in self.kinds]
        if parts:
            self.record_lines = ["Your record " + "; ".join(parts) + "."]
        elif self.state.config.solo and book.best_solo() is not None:
            self.record_lines = [f"Your best solo score so far: space {book.best_solo()}."]

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            if event.button == 1:
                self.click(event.pos)
            elif event.button == 3:
                self.right_click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            if self.L and self.L.regions["log"].collidepoint(self.mouse):
                self.log_scroll = max(0, self.log_scroll + event.y * 3)
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if (self.picker.selection or self.picker.choosing
                        or self.focus_override is not None):
                    self.put_back()
                elif self.scoring_open:
                    self.scoring_open = False
                else:
                    self.request = ("menu",)
            elif event.key in (pygame.K_F11, pygame.K_f):
                self.toggle_fullscreen()
            elif event.key in (pygame.K_z, pygame.K_u) and (
                    event.mod & pygame.KMOD_CTRL or event.key == pygame.K_u):
                self.do_undo()
            elif event.key == pygame.K_SPACE:
                self.timeline.skip()
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.static_key = None

    def card_at(self, pos) -> int | None:
        """The card under `pos` on the table (for its rules text), if any."""
        target = self.target_at(pos)
        if target and target[0] in CARD_TARGETS and isinstance(target[1], int):
            return target[1]
        return None

    def right_click(self, pos) -> None:
        """Right-click puts back what is picked up; on a card (nothing picked up) it opens
        the card's rules text."""
        if self.picker.selection or self.picker.choosing or self.pass_to is not None:
            self.put_back()
            return
        card = self.card_at(pos)
        if card is not None:
            self.request = ("card", card)
        else:
            self.put_back()

    def put_back(self) -> None:
        if self.picker.selection or self.picker.choosing:
            self.picker.reset()
        self.focus_override = None

    def toast(self, message: str) -> None:
        self.message = message
        self.message_time = self.clock_time

    def toggle_fullscreen(self) -> None:
        if self.on_fullscreen is not None:
            self.on_fullscreen()
            self.static_key = None
            return
        if self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        else:
            self.windowed_size = self.size
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        self.fullscreen = not self.fullscreen
        self.static_key = None

    def top_buttons(self) -> list[tuple[tuple, str]]:
        out = []
        if self.state.is_over and not self.scoring_open:
            out.append((("ui", "scores"), "Scores"))
        if self.focus_override is not None:
            out.append((("ui", "back"), "Back"))
        out.append((("ui", "menu"), "Menu"))
        out.append((("ui", "undo"), "Undo"))
        out.append((("ui", "speed"), f"Speed: {self.timeline.speed}"))
        out.append((("ui", "full"), "Full screen"))
        return out

    def top_rects(self) -> dict:
        L = self.L or self.layout()
        out = {}
        x = L.R(1274, 3, 0, 0).x
        for target, label in reversed(self.top_buttons()):
            w = L.px(130 if target[1] in ("speed", "full") else 90)
            r = pygame.Rect(x - w, L.R(0, 3, 0, 0).y, w, L.px(28))
            out[target] = (r, label)
            x -= w + L.px(6)
        return out

    def target_at(self, pos) -> tuple | None:
        for target, r in self.overlay_targets.items():
            if r.collidepoint(pos):
                return target
        if self.pass_to is not None or self.scoring_open or self.dialog_open():
            return None
        for target, (r, _label) in self.top_rects().items():
            if r.collidepoint(pos):
                return target
        L = self.L or self.layout()
        hits = [target for target, r in L.targets.items() if r.collidepoint(pos)]
        if not hits:
            return None
        return min(hits, key=lambda x: PRIORITY.get(x[0], 5))

    def click(self, pos) -> None:
        if self.timeline.busy:
            self.timeline.skip()
            return
        target = self.target_at(pos)
        if target is None:
            if self.picker.selection:
                self.picker.reset()
            return
        if target[0] == "ui":
            self._ui(target[1])
            return
        if target[0] == "seat" and not self.picker.selection:
            self.focus_override = None if target[1] == self.decider() else target[1]
            return
        if not self.person_to_play():
            seat = self.decider()
            if seat is not None:
                self.toast(f"It is {self.names[seat]}'s turn.")
            return
        if self.focus() != self.decider():
            self.toast("You are looking at another player's board: click Back (or Esc).")
            return
        result = self.picker.click(self.state, target)
        if (result.kind == "choose" and not self.confirm_unserved and len(result.options) == 1
                and result.options[0].kind == "end" and target == ("btn", "end")):
            self.picker.reset()  # the setting turns off the question about unserved customers
            result = commands.Result("apply", result.options[0])
        if result.kind == "apply":
            self.apply(result.move, person=True)
        elif result.kind == "reject":
            self.toast(result.message)

    def _ui(self, name: str) -> None:
        if name == "ready" and self.pass_to is not None:
            self.viewer = self.pass_to
            self.pass_to = None
        elif name == "close":
            self.scoring_open = False
        elif name == "scores":
            self.scoring_open = True
        elif name == "cancel":
            self.picker.reset()
        elif name == "undo":
            self.do_undo()
        elif name == "speed":
            self.timeline.cycle_speed()
        elif name == "full":
            self.toggle_fullscreen()
        elif name == "back":
            self.focus_override = None
        elif name == "menu":
            self.request = ("menu",)

    # --- drawing -------------------------------------------------------------------------------

    def dialog_open(self) -> bool:
        return bool(self.picker.choosing) or (self.person_to_play() and bool(
            option_moves(self.state)))

    def prompt(self) -> str:
        seat = self.decider()
        if seat is None:
            return "The game is over."
        name = self.names[seat]
        if self.kinds[seat] != "person":
            return f"{name} (AI) is playing."
        if self.pass_to is not None:
            return f"Pass the table to {name}."
        p = self.state.players[seat]
        d = flow.decision(self.state)
        if d == "home":
            return f"{name}: buy your Home vegetable — click Wheat, Pumpkin or Turnip in the Shop."
        if d == "cards":
            if self.state.config.solo:
                return (f"{name}: buy cards from the Offer (row price shown), then Done buying.")
            return (f"{name}: click a hand card, then the Courtyard (place it) or a Courtyard "
                    "card (take both).")
        if d == "act":
            return (f"{name}: click a Cart vegetable, then the Shop, a field, a stall or a "
                    "customer; or buy from the Shop; End when done.")
        if d == "store":
            return f"{name}: the Storehouse holds {p.capacity}: sell or return vegetables."
        if d == "path":
            return f"{name}: click a Path space to walk there (hover for the price), or Stay."
        if d == "pay":
            debt = self.state.pending[-1]
            return (f"{name}: raise {debt[2]} Cash for the {debt[3]} (you have {p.cash}): sell, "
                    "take a Loan or discard a Helper.")
        if d == "keep":
            return f"{name}: choose what to keep from the Two-pack."
        if d == "harvest":
            return f"{name}: use your Harvest helper before the harvest, or Pass."
        if d == "claim":
            return f"{name}: the Foreman may take the Helper just discarded."
        if d == "partner":
            return f"{name}: choose your partner for the Action phase."
        return f"{name}: {d}"

    def view(self) -> render.View:
        return render.View(names=self.names, kinds=self.kinds, viewer=self.viewer,
                           hide=self.timeline.hidden_cards(), prompt=self.prompt())

    def draw(self) -> None:
        surf = self.screen
        L = self.layout()
        view = self.view()
        key = (self.version, L.focus, self.viewer, self.size, frozenset(view.hide),
               self.pass_to, view.prompt)
        if key != self.static_key:
            if self.static is None or self.static.get_size() != self.size:
                self.static = pygame.Surface(self.size).convert()
            self.drawn = render.draw_table(self.static, self.state, L, self.sprites, view)
            self.static_key = key
        surf.blit(self.static, (0, 0))
        self.overlay_targets = {}
        if self.pass_to is not None:
            self.drawn = render.Drawn()  # nothing of the table is visible
            self.overlay_targets = overlay.pass_screen(surf, L, self.names[self.pass_to],
                                                       t.SEAT_COLOURS[self.pass_to])
            return
        self._draw_highlights(surf, L)
        self.timeline.draw(surf)
        for _target, label, r in L.buttons:
            overlay.button(surf, r, label, L, hover=r.collidepoint(self.mouse))
        for target, (r, label) in self.top_rects().items():
            enabled = target[1] != "undo" or self.undo.can_undo()
            overlay.button(surf, r, label, L, hover=r.collidepoint(self.mouse),
                           colour=(110, 70, 40) if enabled else (80, 70, 60))
        self._draw_log(surf, L)
        self._draw_keep(surf, L)
        self._draw_dialog(surf, L)
        seat = self.decider()
        if seat is not None and self.kinds[seat] != "person" and self.ai_thinking:
            overlay.thinking(surf, L, self.names[seat], self.clock_time, self.worker.progress)
        if not self.dialog_open():
            card = self.card_at(self.mouse)
            if card != self.hover_target:
                self.hover_target, self.hover_since = card, self.clock_time
            if card is not None and self.clock_time - self.hover_since >= LONG_HOVER:
                overlay.card_info(surf, L, self.sprites, card, self.mouse)
            else:
                overlay.tooltip(surf, L, self.mouse, self.hover_lines())
        if self.message:
            age = self.clock_time - self.message_time
            overlay.toast(surf, L, self.message, min(1.0, max(0.0, 3.5 - age)))
        if self.scoring_open and self.scoring_rows is not None:
            self.overlay_targets = overlay.scoring_screen(surf, L, self.state,
                                                          self.scoring_rows, self.names,
                                                          self.solo_lines + self.record_lines)

    def _draw_highlights(self, surf, L) -> None:
        if not self.person_to_play() or L.focus != self.decider() or self.timeline.busy:
            return
        nxt = self.picker.next_targets(self.state)
        sel = self.picker.selection
        decision = flow.decision(self.state)
        if sel or decision != "act":
            rects = [L.targets[x] for x in nxt if x in L.targets and x[0] != "btn"]
            overlay.highlights(surf, rects, self.clock_time, L)
        overlay.picked(surf, [L.targets[x] for x in sel if x in L.targets], L)
        hover = self.target_at(self.mouse)
        if hover in nxt and hover in L.targets and hover[0] not in AREA_TARGETS:
            pygame.draw.rect(surf, t.HOVER, L.targets[hover].inflate(L.px(4), L.px(4)),
                             L.px(2), border_radius=L.px(7))

    def _draw_log(self, surf, L) -> None:
        r = L.regions["log"]
        key = (len(self.log), self.log_scroll, r.size)
        if self.log_cache is None or self.log_cache[0] != key:
            tmp = pygame.Surface(self.size, pygame.SRCALPHA)
            overlay.log_panel(tmp, L, self.log, self.log_scroll)
            self.log_cache = (key, tmp.subsurface(r).copy())
        surf.blit(self.log_cache[1], r)

    def _draw_keep(self, surf, L) -> None:
        pend = self.state.pending
        if not pend or pend[-1][0] != "keep" or not self.person_to_play():
            return
        first = self.picker.selection[0][1] if self.picker.selection else None
        overlay.keep_panel(surf, L, self.sprites, pend[-1][2], first)
        for _target, label, r in L.buttons:  # the buttons stay above the panel
            overlay.button(surf, r, label, L, hover=r.collidepoint(self.mouse))
        nxt = self.picker.next_targets(self.state)
        overlay.highlights(surf, [L.targets[x] for x in nxt if x in L.targets and x[0] == "keep"],
                           self.clock_time, L)

    def _draw_dialog(self, surf, L) -> None:
        if not self.dialog_open():
            return
        if self.picker.choosing:
            moves = self.picker.choosing
            title = self.picker.choose_title
            last = self.picker.selection[-1] if self.picker.selection else None
            card = last[1] if last and last[0] in ("helper", "regular", "casual") else None
        else:
            moves = option_moves(self.state)
            d = self.state.pending[-1] if self.state.pending else None
            card = d[2] if d and d[0] == "claim" else None
            title = {"claim": "Foreman: take this Helper?", "shop": "Book-keeper: set the Shop",
                     "partner": "Choose a partner"}.get(flow.decision(self.state), "Choose")
        options = []
        for m in moves:
            label = describe_move(m, self.names)
            if m.kind == "end":
                label = "End the Action phase anyway"
            options.append((("opt", m), label[0].upper() + label[1:]))
        detail = ""
        if card is not None and CARDS[card].kind == "casual":
            detail = commands.casual_preview(self.state, self.decider(), card)
        self.overlay_targets = overlay.choice_dialog(surf, L, self.sprites, title, card, options,
                                                     self.mouse, detail,
                                                     cancel=bool(self.picker.choosing))

    def hover_lines(self) -> list[str]:
        target = self.target_at(self.mouse)
        if target is None or self.L is None:
            return []
        kind = target[0]
        seat = self.focus()
        st = self.state
        if kind == "path":
            return [commands.path_preview(st, seat, target[1])]
        if kind == "shop":
            return [commands.shop_preview(target[1])]
        if kind == "casual":
            return [commands.casual_preview(st, seat, target[1])]
        if kind in ("helper", "hand", "court", "offer", "regular", "keep", "field"):
            card = CARDS[target[1]]
            lines = [card.name]
            if card.kind == "helper":
                lines += overlay._wrap(overlay._card_text(card.id), self.L.px(18), self.L.px(380))
            if kind == "offer":
                from ..engine.solo import price

                lines.append(f"costs {price(st, st.offer.index(card.id))} Cash")
            if card.kind == "casual" and kind != "casual":
                lines.append(commands.casual_preview(st, seat, card.id))
            return lines
        if kind == "store":
            return ["Storehouse: what stays in it at the end of your Action phase.",
                    "Upgrade (2 Cash): holds 4 instead of 1."]
        if kind == "btn" and target[1] == "end":
            due = commands.due_unserved(st, seat)
            if due:
                return ["Unserved due customers: " + ", ".join(CARDS[c].code for c in due)]
        return []

    # --- for tests and tools -------------------------------------------------------------------

    def position_of(self, target: tuple) -> tuple[int, int] | None:
        """Screen position to click for `target` as the table is now (None: not on it)."""
        self.draw()
        r = self.overlay_targets.get(target)
        if r is None and target[0] == "ui":
            r = self.top_rects().get(target, (None,))[0]
        if r is None and self.L is not None:
            r = self.L.targets.get(target)
        if r is None:
            return None
        if self.target_at(r.center) == target:
            return r.center
        for fy in (0.1, 0.3, 0.5, 0.7, 0.9):  # a point not covered by something in front
            for fx in (0.1, 0.3, 0.5, 0.7, 0.9):
                pos = (int(r.x + r.w * fx), int(r.y + r.h * fy))
                if self.target_at(pos) == target:
                    return pos
        return None

    def frame_stats(self, skip: int = 10) -> dict:
        data = self.frame_log[skip:]
        if not data:
            return {}
        intervals = sorted(i for i, _ in data)
        works = sorted(w for _, w in data)
        total = sum(i for i, _ in data)
        p99 = intervals[min(len(intervals) - 1, int(len(intervals) * 0.99))]
        return {"frames": len(data), "fps": len(data) / total if total else 0.0,
                "p99_ms": p99 * 1000, "max_ms": intervals[-1] * 1000,
                "work_p99_ms": works[min(len(works) - 1, int(len(works) * 0.99))] * 1000,
                "work_mean_ms": sum(works) / len(works) * 1000}

    def screenshot(self, path: str) -> None:
        self.draw()
        pygame.image.save(self.screen, path)
