"""The table: a `GameSession` played with the mouse. Clicks become targets, the `Picker` of
`commands` turns them into moves, and the session makes them; animations play on a fixed
update step (60 a second), and `TableView` draws the picture and says what is where. Over
the game sit the game menu (Esc), the rules of a right-clicked card, the pass-and-play screen
and the first-game guide (`Guide`). The Hint button (or H) asks the session's coach about
the person's decision; its lit targets are clicked like any others.

An AI's turn plays as one sequence: the AI thinks about its next move while the last one is
still moving (`ai_move` holds a move found early), and a click on the table or any key
without a job of its own finishes the AI seats' moves on the screen at once (`hurry`): the
same moves, made as soon as they are found, without animations or pauses, the log and the
news telling all of them.

In a 4-player Action phase two players act at the same time (the rulebook: the starting and
second players, then their partners), so an AI seat's Action phase is shown aside, on its
own small board, while the board in view stays where it is: its moves are made as soon as
they are found and shown one after another in the seat's lane (`Timeline.lane`), the next
seat (a person too) does not wait for them, and two AI seats acting together are seen at
once. A move on the board in view, or the end of the game, waits until the lanes are over.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from ...engine import GameState, Move
from ...engine.moves import NONE
from ...engine.state import Phase
from ...play import commands
from ...play.session import GameSession
from ...words import _
from .. import choreo, layout, table_model
from ..anim import Cue, Timeline
from ..choice_cursor import ChoiceCursor, TableCursor
from ..endpanel import EndPanel
from ..guide import Guide
from ..layout import Layout
from ..news import News
from ..prompts import gather_prompt, prompt
from ..scene import Scene
from ..tableview import TOAST_TIME, TableView

STEP = 1 / 60
AI_PAUSE = 0.35  # seconds between an AI's moves at speed factor 1 (the "slow" setting)
BRISK_AFTER, BRISK_RATE, BRISK_MOST = 3, 0.85, 0.5  # see `tempo`
CATCH_UP = 2.0  # seconds a lane is behind its AI that show its next move twice as fast
THINKING_SHOWN = 0.3  # seconds an AI thinks before "... is thinking" shows (no flicker)
# Keys with a job of their own at the table; any other key (or a click on the table) during
# an AI's turn finishes that turn on the screen at once.
COMMAND_KEYS = (pygame.K_ESCAPE, pygame.K_f, pygame.K_u, pygame.K_z, pygame.K_h, pygame.K_m)


class TableScene(Scene):
    name = "table"

    def __init__(self, d, game: GameSession) -> None:
        super().__init__(d)
        self.game = game
        game.report_to(self.toast)
        self.sprites = d.sprites
        self.picker = commands.Picker()
        self.choice = ChoiceCursor()  # the keyboard's and the wheel's place in a choice
        self.cursor = TableCursor()  # the keyboard's place in a choice made on the table
        self.timeline = Timeline()
        self.view = TableView(self)
        self.confirm_unserved = True
        persons = game.persons
        self.viewer: int | None = persons[0] if len(persons) == 1 else None
        self.pass_to: int | None = None  # the seat the pass screen waits for
        self.focus_override: int | None = None  # another seat's board, clicked to look at
        self.focus_lock: int | None = None  # the board shown while a move's animation plays
        self.version = 0  # bumped by every change of the state
        self.log_scroll = 0
        self.message = ""
        self.message_time = 0.0
        self.clock_time = 0.0
        self.ai_pause = 0.0
        self.ai_move: tuple[int, Move] | None = None  # (version, move) found while showing
        self.hurry = False  # finish the AI seats' moves at once, until a person decides
        self.think_since: float | None = None  # when the AI began its current thought
        self.run: tuple[int | None, int] = (None, 0)  # (AI seat, its moves in a row)
        self.scoring_open = False
        self.end_panel: EndPanel | None = None  # made when the game is over
        self.guide = Guide(d.settings, d.save_settings)
        self.news = News()  # the AI's latest move and what moves did to a person's board
        self.sound = d.sound  # opened and loaded now, so the first effect waits for nothing
        self._acc = 0.0

    def enter(self) -> None:
        s = self.d.settings
        self.timeline.speed = s.speed
        self.confirm_unserved = s.confirm_unserved
        self.game.hints_ahead = s.hints_ahead
        self.view.invalidate()  # the palette or the window may have changed

    def close(self) -> None:
        self.game.close()

    # --- who sees what -------------------------------------------------------------------------

    def decider(self) -> int | None:
        return self.game.state.current_player

    def person_to_play(self) -> bool:
        seat = self.decider()
        return self.game.is_person(seat) and self.pass_to is None and self.viewer == seat

    def focus(self) -> int:
        looked_at = self.focus_override
        if looked_at is None and self.focus_lock is not None and self.timeline.busy:
            looked_at = self.focus_lock
        if looked_at is None and (self.timeline.aside_busy or self.shown_aside(self.decider())):
            # (the person's board, until the lanes are over: the next seat's board may still
            # wait for moves of the Action phase shown there)
            looked_at = self.viewer if self.viewer is not None else self.game.persons[0]
        return table_model.board_seat(self.game.state, self.viewer, looked_at)

    def hand_seat(self) -> int | None:
        return self.model().hand_seat

    def model(self) -> table_model.TableModel:
        """What the table shows now (see ui/table_model.py): nobody's private cards while the
        pass screen waits."""
        game = self.game
        return table_model.TableModel(
            state=game.state, names=game.names, kinds=game.kinds,
            viewer=self.viewer if self.pass_to is None else None, focus=self.focus(),
            hidden=frozenset(self.timeline.hidden_cards()),
            prompt=prompt(game, self.pass_to, self.picker),
            mode=self.mode())

    def mode(self) -> table_model.Mode:
        """What the table waits for now (see table_model.Mode)."""
        if self.pass_to is not None:
            return table_model.Mode.PASS
        if self.scoring_open:
            return table_model.Mode.SCORES
        if self.dialog_open():
            return table_model.Mode.CHOICE
        return table_model.Mode.TABLE

    def _needs_pass(self, seat: int) -> bool:
        p = self.game.state.players[seat]
        return len(self.game.persons) >= 2 and bool(p.hand or p.intro != NONE)

    def drawn_over(self, L: Layout) -> dict[tuple, pygame.Rect]:
        """The click targets this scene draws over the table view, placed without drawing
        (none here; the tutorial's panel has its buttons)."""
        return {}

    def dialog_open(self) -> bool:
        return bool(self.picker.choosing) or (self.person_to_play() and bool(
            commands.option_moves(self.game.state)))

    # --- time ----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        """Run the fixed updates that `dt` seconds call for, then look for a guide's hint."""
        self._acc += min(dt, 0.25)
        while self._acc >= STEP:
            self.step(STEP)
            self._acc -= STEP
        if not self.timeline.busy and self.person_to_play():
            self.guide.look(self.game.state)

    def step(self, dt: float) -> None:
        self.clock_time += dt
        self.timeline.update(dt)
        self.sound.update()
        if self.game.coach.thinking:
            self.game.poll_hint()
        self.game.ponder()  # the AI seats think ahead while others play
        if not self.game.state.is_over and self.game.is_person(self.decider()):
            self.game.think_ahead()  # only once hints are wanted in this game (the session)
        if self.message and self.clock_time - self.message_time > TOAST_TIME:
            self.message = ""
        self.view.follow_hover()
        if self.timeline.busy:
            self._think_ahead()
            return
        self.focus_lock = None
        game = self.game
        if game.state.is_over:
            if self.timeline.aside_busy:
                return  # the last Action phase shown aside ends first
            self.hurry = False
            if game.scoring_rows is None:
                game.finish()
                self.end_panel = EndPanel(game)
                self.scoring_open = True
            return
        seat = self.decider()
        if game.is_person(seat):
            self.hurry = False
            if self.viewer != seat and self.pass_to is None:
                if self._needs_pass(seat):
                    self.pass_to, self.viewer = seat, None
                else:
                    self.viewer = seat
            return
        if self.hurry:
            self._hurry_on()
            return
        aside = self.shown_aside(seat)
        if not aside and self.timeline.aside_busy:
            self._think_ahead()  # a move on the board in view waits for the lanes
            return
        if aside:
            self.ai_pause = 0.0  # the lane spaces the moves
        elif self.ai_pause > 0:
            self.ai_pause -= dt
            self._think_ahead()
            return
        move = self._ai_found()
        if move is not None:
            self.apply(move, person=False)
            if not aside:
                self.ai_pause = AI_PAUSE * self.timeline.factor  # the tempo of this move

    def shown_aside(self, seat: int | None) -> bool:
        """Is `seat`'s next move shown in its lane, on its own small board (see the module's
        docstring)? An AI seat's, in a 4-player Action phase with a person at the table (whose
        board stays in view), at a speed with animations (at "slow", every move keeps the
        first editions' pace on the board in view)."""
        game = self.game
        return (seat is not None and game.state.config.seats == 4 and bool(game.persons)
                and game.state.phase == Phase.ACTIONS and not game.is_person(seat)
                and self.timeline.speed not in ("slow", "off"))

    # --- the AI seats --------------------------------------------------------------------------

    def tempo(self, ai_seat: int | None, behind: float = 0.0) -> float:
        """How fast the next move is shown, against the speed setting: an AI's moves in a
        row after the first `BRISK_AFTER` go faster and faster (`BRISK_RATE` a move) down
        to `BRISK_MOST`, so that a long turn of 13 moves is seen in about 4 s at the
        default speed; a move shown in a lane that is `behind` its AI by some seconds (the
        AI found its moves faster than they are shown, and the table may be waiting for the
        lane to end) goes faster still, as fast as `BRISK_MOST` at most; at "slow" every
        move keeps the first editions' pace."""
        seat, count = self.run
        count = count + 1 if ai_seat is not None and seat == ai_seat else 1
        self.run = (ai_seat, count)
        if ai_seat is None or self.timeline.speed == "slow":
            return 1.0
        brisk = BRISK_RATE ** max(0, count - BRISK_AFTER)
        return max(BRISK_MOST, brisk / (1.0 + behind / CATCH_UP))

    def ai_turn(self) -> bool:
        """Is an AI seat to move (or its last move still shown, before a person's turn)?"""
        game = self.game
        if game.state.is_over:
            return self.timeline.busy and self.focus_lock is not None \
                and not game.is_person(self.focus_lock)
        return not game.is_person(self.decider()) or (
            self.timeline.busy and self.focus_lock is not None
            and not game.is_person(self.focus_lock))

    def _think_ahead(self) -> None:
        """While a move is shown (or the pause after it runs), the AI to move next thinks."""
        game = self.game
        if game.state.is_over or game.is_person(self.decider()) or self.ai_move is not None:
            return
        move = self._think()
        if move is not None:
            self.ai_move = (self.version, move)

    def _think(self) -> Move | None:
        game = self.game
        if not game.thinking:
            self.think_since = self.clock_time
        move = game.think()
        if move is not None:
            self.think_since = None
        return move

    def _ai_found(self) -> Move | None:
        """The AI's move: the one found early for this very position, or the search's."""
        held, self.ai_move = self.ai_move, None
        if held is not None and held[0] == self.version:
            return held[1]
        return self._think()

    def thinking_shown(self) -> bool:
        """Does "... is thinking" show? Once an AI has thought a moment (a move of a plan
        being played out takes no time, and shows none)."""
        since = self.think_since
        return self.game.thinking and (since is None
                                       or self.clock_time - since >= THINKING_SHOWN)

    def hurry_up(self) -> None:
        """A click or a key during an AI's turn: its moves (and those of the AI seats after
        it) are made at once, up to the next person's decision."""
        self.timeline.skip()
        if not self.game.state.is_over and not self.game.is_person(self.decider()):
            self.hurry = True
            self.ai_pause = 0.0
            self._hurry_on()

    def _hurry_on(self, most: int = 200) -> None:
        """Make the AI's moves found so far without animation; the rest as they come."""
        game = self.game
        for _step in range(most):
            if game.state.is_over or game.is_person(self.decider()):
                return
            move = self._ai_found()
            if move is None:
                return
            self.apply(move, person=False, animate=False)

    def show_scores(self, shown: bool) -> None:
        """Open or close the scoring screen of a finished game."""
        self.scoring_open = shown

    # --- moves ---------------------------------------------------------------------------------

    def apply(self, move: Move, person: bool, animate: bool = True) -> bool:
        """Make `move` through the session and plan its animation (`animate`)."""
        aside = animate and not person and self.shown_aside(self.decider())
        L0 = self.view.layout() if aside else self.view.L or self.view.layout()
        before = self.game.apply(move, person)
        if before is None:
            return False
        seat = before.to_move  # the seat that made the move
        game = self.game
        if aside:
            lane = self.timeline.lane(seat)
            lane.add(Cue(self._told_later(before, move)))
        else:
            self.news.moved(before, game.state, move, game.names, game.kinds, self.clock_time)
            self.sound.moved(move, game.state.events)
        self.log_scroll = 0
        self.picker.reset()
        self.version += 1
        self.focus_override = None
        self.ai_move = None
        self.timeline.tempo = self.tempo(None if person else seat,
                                         behind=lane.start if aside else 0.0)
        if aside:
            choreo.plan(lane, game.state, move, seat, L0, self.view.layout(), self.sprites,
                        self.viewer)
            lane.close(AI_PAUSE)
        elif self.timeline.factor > 0 and animate:
            self.focus_lock = seat
            L1 = self.view.layout()
            if L0.focus != L1.focus or L0.size != L1.size:
                L0 = layout.build(before, L1.focus, self.d.size, hand_seat=self.hand_seat(),
                                  bar_buttons=[])
            choreo.plan(self.timeline, self.game.state, move, seat, L0, L1, self.sprites,
                        self.viewer)
        return True

    def _told_later(self, before: GameState, move: Move) -> Callable[[], None]:
        """The news and the sound of `move` (from `before`), for when its lane shows it."""
        game = self.game
        after = game.state.clone()
        after.events = list(game.state.events)

        def tell() -> None:
            self.news.moved(before, after, move, game.names, game.kinds, self.clock_time)
            self.sound.moved(move, after.events)
        return tell

    def undo_possible(self) -> bool:
        """Can the person at the screen take a move back now (the Undo button is lit)?"""
        return self.person_to_play() and self.game.undo.can_undo()

    def undo(self) -> None:
        if not self.person_to_play() or not self.game.take_back():
            self.sound.refused()
            self.toast(_("Nothing to undo: only your own moves this turn, back to the last "
                         "revealed card or draw."))
            return
        while commands.mid_shop(self.game.state) and self.game.take_back():
            pass  # the Book-keeper's Shop, set by one confirm, is taken back whole
        self.timeline.skip()
        self.picker.reset()
        self.version += 1

    def hint_problem(self) -> str:
        """Why no hint can be asked for now ("" if one can). A person's turn that the table
        has not come to yet (another seat's move still shown) waits for it."""
        if self.pass_to is not None:
            return _("Hints wait until the player is at the screen.")
        problem = self.game.hint_problem()
        if not problem and not self.person_to_play():
            return _("Hints wait until the last move has been shown.")
        return problem

    def ask_hint(self) -> None:
        """The Hint button or H: ask (again: stop, or put the hint away); if no hint can be
        asked for now, say why and change nothing."""
        problem = self.hint_problem() or self.game.ask_hint()
        if problem:
            self.toast(problem)

    def toast(self, message: str) -> None:
        self.message = message
        self.message_time = self.clock_time

    # --- input ---------------------------------------------------------------------------------

    def handle(self, event) -> None:
        used, problem = self.guide.handle(event, self.view.guide_targets())
        if problem:
            self.toast(problem)
        if used:
            return
        if event.type == pygame.MOUSEMOTION:
            self.view.point_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN:
            self.view.point_at(event.pos)
            self.view.clicked(event.pos)
            if event.button == 1:
                self.click(event.pos)
            elif event.button == 3:
                self.right_click(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            L = self.view.L
            if self.dialog_open():  # a long choice scrolls, wherever the pointer is
                self.choice.scroll(-event.y, self.view.choice_place(L or self.view.layout()))
            elif L and L.regions["log"].collidepoint(self.view.mouse):
                most = self.view.log_scroll_limit()  # never into blank space
                self.log_scroll = max(0, min(most, self.log_scroll + event.y * 3))
        elif event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            self.view.invalidate()

    def _key(self, event) -> None:
        if self.ai_turn() and event.key not in COMMAND_KEYS:
            self.hurry_up()
            return
        if self.dialog_open() and self._choice_key(event):
            return
        if not self.dialog_open() and self._table_key(event):
            return
        if event.key == pygame.K_ESCAPE:
            if self.picker.selection or self.picker.choosing or self.focus_override is not None:
                self.put_back()
            elif self.scoring_open:
                self.scoring_open = False
            else:
                self.open_menu()
        elif event.key == pygame.K_f:
            self.d.toggle_fullscreen()
        elif event.key == pygame.K_u or (event.key == pygame.K_z
                                         and event.mod & pygame.KMOD_CTRL):
            self.undo()
        elif event.key == pygame.K_SPACE:
            self.timeline.skip()
        elif event.key == pygame.K_h:
            self.ask_hint()
        elif event.key == pygame.K_m:
            self.toggle_mute()

    def _choice_key(self, event) -> bool:
        """The keyboard in an open choice: Up, Down and Tab move the focus through its
        options (the list scrolls with it), Page Up and Down scroll, Enter chooses the
        option in focus. Whether the key was the choice's."""
        place = self.view.choice_place(self.view.layout())
        steps = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_TAB: 1}
        if event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT:
            steps[pygame.K_TAB] = -1
        if event.key in steps:
            self.choice.move(steps[event.key], place)
        elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN) and place is not None:
            shown = sum(1 for target, *_rest in place.rows if target[0] == "opt")
            self.choice.scroll(shown if event.key == pygame.K_PAGEDOWN else -shown, place)
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.choice.focused():
            self.press(self.choice.focused())
        else:
            return False
        return True

    def _table_key(self, event) -> bool:
        """The keyboard while a choice is made on the table: Tab and the arrow keys step
        through what may be clicked (Shift+Tab, Left and Up back), Space clicks the target
        in focus, Enter uses (once Use is lit; before, it clicks the target in focus).
        Whether the key was the choice's (Esc puts the choice back, as everywhere)."""
        if self.view.gathering() is None or self.timeline.busy:
            return False
        targets = self.view.key_targets(self.view.layout())
        back = event.key in (pygame.K_LEFT, pygame.K_UP) or (
            event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
        if event.key in (pygame.K_TAB, pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                         pygame.K_DOWN):
            self.cursor.move(-1 if back else 1, targets)
            return True
        if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
            focused = self.cursor.focused(targets)
            if event.key != pygame.K_SPACE and (
                    ("btn", "confirm") in self.picker.next_targets(self.game.state)):
                focused = ("btn", "confirm")
            if focused is None:
                return False
            self.press(focused)
            if focused == ("btn", "confirm"):
                self.cursor.focus = None
            return True
        return False

    def toggle_mute(self) -> None:
        """M: the sound effects off, or on again (remembered in the settings)."""
        s = self.d.settings
        s.mute = not s.mute
        problem = self.d.save_settings()
        self.toast(problem or (_("Sound off (M turns it on again).") if s.mute
                               else _("Sound on.")))

    def open_menu(self) -> None:
        self.d.open("pause", game=self.game, tell=self.toast)

    def click(self, pos) -> None:
        self.press(self.view.target_at(pos))

    def press(self, target: tuple | None) -> None:
        """What a click on `target` (None: on nothing) does, or the keyboard's Enter."""
        if self.ai_turn() and (target is None or target[0] not in ("ui", "seat")):
            self.hurry_up()
            return
        if self.timeline.busy:
            # A click while the person's own move is shown ends its showing and is their
            # next click, unless it fell where a card still in flight will land (not drawn
            # there yet); a click while anything else is shown only ends the showing.
            own = self.person_to_play() and self.focus_lock == self.decider()
            landing = target is not None and len(target) > 1 and (
                target[1] in self.timeline.hidden_cards())
            self.timeline.skip(lanes=not own)
            if not own or landing:
                return
        if target is None:
            if self.picker.selection:
                self.picker.reset()
            return
        if target[0] == "ui":
            self._ui(target[1])
            return
        if target[0] == "seat" and self.person_to_play() and (
                target in self.picker.next_targets(self.game.state)):
            # A partner chosen on the table: their board shows while it is considered.
            result = self.picker.click(self.game.state, target)
            if result.kind == "pick":
                self.focus_override = target[1]
            return
        gathering = self.picker.gathering
        if target[0] == "seat" and (not self.picker.selection or (
                gathering is not None and gathering.helper is not None)):
            # (while cards are pointed at, another board may hold some of them)
            self.focus_override = None if target[1] == self.decider() else target[1]
            return
        if not self.person_to_play():
            seat = self.decider()
            if seat is not None:
                self.sound.refused()
                self.toast(_("It is {name}'s turn.", name=self.game.names[seat]))
            return
        state = self.game.state
        if self.focus() != self.decider() and not self._on_shown_board(target):
            self.sound.refused()
            self.toast(_("You are looking at another player's board: click Back (or Esc)."))
            return
        result = self.picker.click(state, target)
        if (result.kind == "choose" and not self.confirm_unserved and len(result.options) == 1
                and result.options[0].kind == "end" and target == ("btn", "end")):
            self.picker.reset()  # the setting turns off the question about unserved customers
            result = commands.Result("apply", result.options[0])
        if result.kind == "apply":
            assert result.move is not None, "an 'apply' result carries its move"
            self.apply(result.move, person=True)
            for move in result.then:  # the rest of a choice made on the table (the Shop)
                if move not in self.game.state.legal_moves() or not self.apply(move, True):
                    break
        elif result.kind == "reject":
            self.sound.refused()
            gathering = self.picker.gathering or commands.decision_gathering(state)
            self.toast(result.message or (gather_prompt(state, gathering, self.game.names)
                                          if gathering is not None else ""))
        elif result.kind == "cancel":
            self.focus_override = None  # back to one's own board (a partner's was shown)
        elif result.kind == "pick":
            self.follow_gathering()

    def _on_shown_board(self, target: tuple) -> bool:
        """May `target` be clicked on the other player's board shown big? A bar button, or
        what a choice made on the table points at there (never a Cart or Shop: those are
        the deciding player's, on their own board)."""
        gathering = self.picker.gathering or commands.decision_gathering(self.game.state)
        if gathering is None:
            return False
        if target[0] == "btn":
            return True
        seat = commands.seat_of(self.game.state, target)
        return seat is None or (seat == self.focus() and target[0] not in commands.BOARD_BOUND)

    def follow_gathering(self) -> None:
        """While a Helper's choice is made on the table, show the board that holds what is
        to be pointed at next: another player's (the Trader's stall) until something on it
        is picked, then one's own again."""
        gathering = self.picker.gathering
        state = self.game.state
        me = self.decider()
        if gathering is None or gathering.helper is None or me is None:
            return
        picked_there = any(commands.seat_of(state, t) not in (None, me)
                           for t in gathering.picked)
        others = {commands.seat_of(state, t) for t in gathering.candidates()
                  if t not in gathering.picked} - {None, me}
        if not picked_there and len(others) == 1:
            self.focus_override = others.pop()
        elif picked_there and self.focus_override is not None:
            self.focus_override = None

    def _ui(self, name: str) -> None:
        if name == "ready" and self.pass_to is not None:
            self.viewer, self.pass_to = self.pass_to, None
        elif name in ("close", "scores"):
            self.show_scores(name == "scores")
        elif name in ("new", "title", "replay", "review") and self.end_panel is not None:
            self.end_panel.leave(self.d, name)
        elif name == "cancel":
            self.picker.reset()
        elif name in ("choice_up", "choice_down"):
            place = self.view.choice_place(self.view.layout())
            if place is not None:
                shown = sum(1 for target, *_rest in place.rows if target[0] == "opt")
                self.choice.scroll(shown if name == "choice_down" else -shown, place)
        elif name == "seen":
            self.news.seen(self.viewer)
        elif name == "undo":
            self.undo()
        elif name == "hint":
            self.ask_hint()
        elif name == "speed":
            self.timeline.cycle_speed()
        elif name == "full":
            self.d.toggle_fullscreen()
        elif name == "back":
            self.focus_override = None
        elif name == "menu":
            self.open_menu()

    def right_click(self, pos) -> None:
        """Right-click puts back what is picked up; on a card (nothing picked up) it opens
        the card's rules text."""
        if self.picker.selection or self.picker.choosing or self.pass_to is not None:
            self.put_back()
            return
        card = self.view.card_at(pos)
        if card is not None:
            self.d.open("rules", card=card)
        else:
            self.put_back()

    def put_back(self) -> None:
        if self.picker.selection or self.picker.choosing:
            self.picker.reset()
        self.focus_override = None

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surf) -> None:
        self.view.draw(surf)
