"""Learn to play: the table, guided. The tutorial's game (`tutorial.script`) is played on the
real table scene, with three differences: a panel tells each step's what and why (with Next,
Skip chapter and Leave), a guided step lights the one target to click and refuses any other
click with a kind word, and the opponent's moves come at once from its fixed rules
(`tutorial.opponent`), never from a search. The place reached is kept (`tutorial.progress`),
so the tutorial can be left and resumed; the last step offers a first real game."""

from __future__ import annotations

import pygame

from ...engine import GameState, Move
from ...play import commands
from ...play.session import SEAT_NAMES, GameSession
from ...text.names import NO_NAME
from ...tutorial import progress as saved
from ...tutorial import script
from ...words import N_, _, now, said
from .. import coach as coach_lights
from .. import theme as t
from ..draw import button, panel, text, wrap
from ..layout import Layout
from ..start import new_table
from .table import STEP, TableScene

GUIDE_INK = (60, 40, 20)
KIND_WORDS = (N_("Not that one yet: follow the lit outline."),
              N_("Almost! The lit outline shows where to click."),
              N_("Patience: click the lit outline first."))
NO_HINT = N_("In the tutorial the guide shows the way: no Hint or Undo here.")


class TutorialSession(GameSession):
    """The tutorial's game: never autosaved, never in the record, and the opponent's move is
    its rules' answer, at once."""

    def __init__(self, state: GameState, names: list[str]) -> None:
        super().__init__(state, ["person", "tutor"], names, autosave=False, record=False)

    def think(self) -> Move | None:
        return script.opponent.choose(self.state)


class TutorialScene(TableScene):
    name = "tutorial"

    def __init__(self, d, chapter: int | None = None) -> None:
        """`chapter`: start there afresh (None: go on where the tutorial was left)."""
        self.progress = saved.load()
        state = None
        if chapter is None and not self.progress.finished and self.progress.begun:
            state = self.progress.state()
            if state is None:  # the deal changed under the saved moves: that chapter afresh
                chapter = self.progress.chapter
        if state is None:
            chapter = chapter or 0
            state = script.run_to(chapter)
            self.progress.chapter, self.progress.step = chapter, 0
            self.progress.finished = False
        me = d.settings.player_name if d.settings.player_name != NO_NAME else SEAT_NAMES[0]
        names = [me, SEAT_NAMES[1] if me != SEAT_NAMES[1] else SEAT_NAMES[0]]
        super().__init__(d, TutorialSession(state, names))
        self.refusals = 0
        self.remark = ""  # the comment on the person's last free choice
        self.problem = self.remember()

    # --- where we are --------------------------------------------------------------------------

    @property
    def place(self) -> tuple[int, int]:
        return self.progress.chapter, self.progress.step

    @property
    def chapter(self) -> script.Chapter:
        return script.CHAPTERS[self.progress.chapter]

    @property
    def current(self) -> script.Step:
        return self.chapter.steps[self.progress.step]

    def last(self) -> bool:
        return self.place == script.steps()[-1]

    def remember(self) -> str | None:
        self.progress.moves = [m.to_data() for m in self.game.state.moves()]
        return saved.save(self.progress)

    def advance(self) -> None:
        order = script.steps()
        at = order.index(self.place)
        if at + 1 < len(order):
            self.progress.chapter, self.progress.step = order[at + 1]
        if not self.current.free:
            self.remark = ""
        self.refusals = 0
        self.problem = self.remember()

    def skip_chapter(self) -> None:
        """On to the next chapter's start, the game played there by the script."""
        nxt = self.progress.chapter + 1
        if nxt >= len(script.CHAPTERS):
            return
        self.timeline.skip()
        self.picker.reset()
        self.game.stop_thinking()
        self.game.state = script.run_to(nxt)
        title = script.CHAPTERS[nxt].title
        self.game.log.append(said(lambda: "   " + _("(The tutorial skips to: {chapter}.)",
                                                    chapter=_(title))))
        self.game.undo.forget()
        self.version += 1
        self.news = type(self.news)()
        self.progress.chapter, self.progress.step = nxt, 0
        self.remark = ""
        self.refusals = 0
        self.problem = self.remember()

    def leave(self) -> None:
        self.problem = self.remember()
        self.d.back_to("title")

    def finish(self, play: bool) -> None:
        """The end: the tutorial is marked finished (replayed from the start next time);
        `play` starts a first real game, 2 players against easy, Introductory variant."""
        self.progress = saved.Progress(finished=True, offered=True)
        saved.save(self.progress)
        if play:
            names = self.game.names
            new_table(self.d, 2, None, ["person", "easy"], list(names), intro=True)
        else:
            self.d.back_to("title")

    # --- the steps -----------------------------------------------------------------------------

    def expected(self) -> set[tuple]:
        """The targets that go on with the guided move (empty outside a guided step, or
        when it is not the person's turn)."""
        move = self.current.guided
        state = self.game.state
        if move is None or not self.person_to_play() or move not in state.legal_moves():
            return set()
        picker = self.picker
        if picker.choosing:
            return {("opt", move)} if move in picker.choosing else set()
        n = len(picker.selection)
        return {seq[n] for seq in commands.sequences(state, move)
                if len(seq) > n and seq[:n] == picker.selection}

    def lit(self) -> tuple | None:
        """The one target lit: the next click of the guided move's usual sequence."""
        move = self.current.guided
        if move is None:
            return None
        expected = self.expected()
        if not expected:
            return None
        try:
            clicks = commands.clicks_for(self.game.state, move)
        except ValueError:
            return None
        n = len(self.picker.selection) + (1 if self.picker.choosing else 0)
        if self.picker.choosing:
            return ("opt", move)
        if clicks[:n] == list(self.picker.selection) and n < len(clicks) \
                and clicks[n] in expected:
            return clicks[n]
        return sorted(expected, key=repr)[0]

    def told(self) -> bool:
        """Whether the step's words may show: a note waits until the table is still and
        what it tells has happened there (its `when`); meanwhile the game plays on."""
        step = self.current
        if step.move or step.free:
            return True
        return not self.timeline.busy and (step.when is None or step.when(self.game.state))

    def step(self, dt: float) -> None:
        step = self.current
        if not step.move and not step.free and (step.when is None
                                                  or step.when(self.game.state)):
            self.ai_pause = max(self.ai_pause, 2 * STEP)  # the opponent waits while we talk
        super().step(dt)
        until = step.until  # set on a free step
        if until is not None and not self.timeline.busy and until(self.game.state):
            self.advance()

    def update(self, dt: float) -> None:
        """The table's fixed updates without its first-game guide: the tutorial is the
        guide."""
        self._acc += min(dt, 0.25)
        while self._acc >= STEP:
            self.step(STEP)
            self._acc -= STEP

    def apply(self, move: Move, person: bool, animate: bool = True) -> bool:
        before = self.game.state.clone()
        if not super().apply(move, person, animate):
            return False
        step = self.current
        if person and step.move and move == step.guided:
            self.advance()
        elif person and step.free:
            after = self.game.state.clone()
            self.remark = said(lambda: script.comment(before, move, after))
            self.problem = self.remember()
        return True

    def refuse(self, words: str) -> None:
        self.sound.refused()
        self.toast(words)

    def undo_possible(self) -> bool:
        """The guide shows the way: Undo is refused, and drawn so."""
        return False

    def hint_problem(self) -> str:
        return _(NO_HINT)

    def press(self, target: tuple | None) -> None:
        """A click (or the keyboard's Enter in a choice) on `target`, as the guide allows."""
        if target is not None and target[0] == "tut":
            self.panel_click(target[1])
            return
        if self.timeline.busy or target is None or target[0] == "seat":
            super().press(target)
            return
        if target[0] == "ui":
            if target[1] in ("hint", "undo"):
                self.refuse(_(NO_HINT))
            elif target[1] == "menu":
                self.leave()
            else:
                super().press(target)
            return
        step = self.current
        if step.free:
            super().press(target)
        elif step.move:
            if not self.person_to_play():
                super().press(target)  # "It is Bao's turn."
            elif target in self.expected():
                super().press(target)
            else:
                self.refuse(_(KIND_WORDS[self.refusals % len(KIND_WORDS)]))
                self.refusals += 1
        elif self.told():
            self.refuse(_("Read the note first, then click Next."))
        else:
            self.refuse(_("Watch the table a moment: the guide goes on when it is ready."))

    def panel_click(self, name: str) -> None:
        if name == "next":
            if self.last():
                self.finish(play=True)
            else:
                self.advance()
        elif name == "skip":
            self.skip_chapter()
        elif name == "leave":
            if self.last():
                self.finish(play=False)
            else:
                self.leave()

    def _key(self, event) -> None:
        if event.key == pygame.K_ESCAPE and not (self.picker.selection or self.picker.choosing
                                                 or self.focus_override is not None):
            self.leave()
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.buttons_now().get(
                "next"):
            self.panel_click("next")
        elif event.key in (pygame.K_h, pygame.K_u):
            self.refuse(_(NO_HINT))
        else:
            super()._key(event)

    def open_menu(self) -> None:
        self.leave()

    # --- drawing -------------------------------------------------------------------------------

    def buttons_now(self) -> dict[str, str]:
        """The panel's buttons: name -> label."""
        step = self.current
        out = {}
        if self.last():
            out["next"] = _("Play a real game")
            out["leave"] = _("Back to the title")
            return out
        if not step.move and not step.free and self.told():
            out["next"] = _("Next")
        if self.progress.chapter + 1 < len(script.CHAPTERS):
            out["skip"] = _("Skip chapter")
        out["leave"] = _("Leave")
        return out

    def words(self) -> str:
        step = self.current
        if not self.told():  # the note's event is still to come on the table
            mover = self.game.state.current_player
            return (_("{name} is playing: watch the table.", name=self.game.names[mover])
                    if mover == script.OPPONENT else _("Watch the table."))
        words = _(step.text)
        if step.free and self.remark:
            words = f"{now(self.remark)}  {words}"
        if step.move and not self.person_to_play() and not self.timeline.busy:
            words = _("{name} is playing.  {words}", name=self.game.names[script.OPPONENT],
                      words=words)
        return words

    def draw(self, surf) -> None:
        L = self.view.draw(surf)
        lit = self.lit() if not self.timeline.busy else None
        if lit is not None:
            r = (self.view.overlay_targets.get(lit) or L.targets.get(lit)
                 or self.view.top_rects().get(lit, (None,))[0])
            if r is not None:
                coach_lights.lights(surf, L, [r], self.clock_time, False)
        self.draw_panel(surf, L)

    def drawn_over(self, L: Layout) -> dict[tuple, pygame.Rect]:
        """The panel's buttons, as ("tut", name) targets."""
        return {("tut", name): r for name, r in self.panel_buttons(L).items()}

    def panel_buttons(self, L: Layout) -> dict[str, pygame.Rect]:
        """Where the panel's buttons are now: Next on its own row, Skip chapter and Leave
        under it, at the foot."""
        r = self.panel_rect(L)
        pad = L.px(10)
        names = self.buttons_now()
        bh = L.px(32)
        row2 = pygame.Rect(r.x + pad, r.bottom - pad - bh, r.w - 2 * pad, bh)
        row1 = row2.move(0, -bh - L.px(8))
        targets = {}
        if "next" in names:
            targets["next"] = row1
        rest = [n for n in ("skip", "leave") if n in names]
        if len(rest) == 2:  # shared by their labels' widths, so a long one is not cut
            room = row2.w - L.px(8)
            wide = [t.font(L.px(16), True).size(names[n])[0] + L.px(14) for n in rest]
            first = min(max(room * wide[0] // sum(wide), room // 3), room - room // 3)
            targets[rest[0]] = pygame.Rect(row2.x, row2.y, first, bh)
            targets[rest[1]] = pygame.Rect(row2.x + first + L.px(8), row2.y, room - first, bh)
        elif rest:
            targets[rest[0]] = row2
        return targets

    def panel_rect(self, L: Layout) -> pygame.Rect:
        """The left column under the opponent's board, down to the window's foot: always
        the same place, so its buttons never move under the pointer."""
        column = L.regions["left"]
        seat = L.targets.get(("seat", script.OPPONENT))
        top = seat.bottom + L.px(10) if seat is not None else L.R(0, 300, 0, 0).y
        return pygame.Rect(column.x, top, column.w, column.bottom - top)

    def draw_panel(self, surf, L: Layout) -> None:
        r = self.panel_rect(L)
        pad = L.px(10)
        panel(surf, r, (250, 240, 205), border=t.GOLD, radius=L.px(10), alpha=250)
        order = script.steps()
        at = order.index(self.place) + 1
        text(surf, _("LEARN TO PLAY"), L.px(15), (150, 100, 20),
             midleft=(r.x + pad, r.y + L.px(16)), bold=True)
        text(surf, f"{at}/{len(order)}", L.px(14), (150, 120, 80),
             midright=(r.right - pad, r.y + L.px(16)))
        y = r.y + L.px(30)
        chapter = f"{self.progress.chapter + 1}. {_(self.chapter.title)}"
        for line in wrap(chapter, L.px(19), r.w - 2 * pad, bold=True):
            text(surf, line, L.px(19), (110, 60, 20), topleft=(r.x + pad, y), bold=True)
            y += L.px(23)
        y += L.px(6)
        names = self.buttons_now()
        targets = self.panel_buttons(L)
        row1 = pygame.Rect(r.x + pad, r.bottom - pad - 2 * L.px(32) - L.px(8), r.w - 2 * pad,
                           L.px(32))  # the Next row, whether Next shows or not
        bottom = row1.y - L.px(8)
        size = L.px(17)
        for line in wrap(self.words(), size, r.w - 2 * pad):
            if y + L.px(LINE) > bottom:
                break
            text(surf, line, size, GUIDE_INK, topleft=(r.x + pad, y))
            y += L.px(LINE)
        self.draw_chapters(surf, L, r, y, row1.y - L.px(10))
        mouse = self.view.mouse
        for name, b in targets.items():
            colour = (50, 110, 60) if name == "next" else (90, 80, 70)
            button(surf, b, names[name], L, colour=colour, hover=b.collidepoint(mouse))
        if self.problem:
            for i, line in enumerate(wrap(self.problem, L.px(13), r.w - 2 * pad)[:2]):
                text(surf, line, L.px(13), (160, 40, 30),
                     topleft=(r.x + pad, row1.y - L.px(36) + i * L.px(15)))

    def draw_chapters(self, surf, L: Layout, r: pygame.Rect, top: int, bottom: int) -> None:
        """The chapters, the one at hand marked, above the buttons when there is room."""
        row = L.px(17)
        y = bottom - row * len(script.CHAPTERS)
        if y < top + L.px(12):
            return
        pygame.draw.line(surf, (200, 170, 110), (r.x + L.px(10), y - L.px(6)),
                         (r.right - L.px(10), y - L.px(6)), max(1, L.px(1)))
        for i, chapter in enumerate(script.CHAPTERS):
            now = i == self.progress.chapter
            colour = (110, 60, 20) if now else (120, 110, 95) if i < self.progress.chapter \
                else (170, 155, 130)
            label = f"{'>' if now else ' '} {i + 1}. {_(chapter.title)}"
            text(surf, label, L.px(14), colour, topleft=(r.x + L.px(10), y), bold=now)
            y += row


LINE = 21  # design pixels: a line of the panel's words
