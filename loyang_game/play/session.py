"""One game being played at the table, without the table: the state, who plays each seat,
the log, undo (`commands.UndoStack`), autosave after every move, the AI seats thinking through
a thinker (`ai.thinker`), the coach's hint for a person's decision (`coach.Coach`, a thinker
of its own: the session starts both and stops both when it closes; a game in which a hint
was shown stays marked, in its saves and its solo result; a hint is the whole plan of the
turn, followed step by step without asking again; once a hint was shown in the game, or with
`hints_ahead` on, the coach starts on a person's decision as it comes up, so that asking
finds the answer ready or nearly), and at the end the standings, the high scores (solo) and
the record of games. The table scene turns clicks into moves with `commands` and hands them
here; whatever the session has to tell the player goes to `on_message`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeGuard

from filelock import FileLock

from ai.agents import PLAYER_LEVELS, searching
from ai.thinker import Job, Request, open_thinker

from ..engine import GameState, IllegalMove, Move, solo
from ..files import highscores, records
from ..files.save import autosave, new_autosave_id
from ..text.log import before_move, first_line, replay_log, taken_back_line, turn_lines
from ..text.reasons import reason_words
from ..text.summary import (
    best_solo_line,
    final_rows,
    high_score_lines,
    record_line,
    solo_result_line,
    unwritten_record_line,
    unwritten_scores_line,
)
from ..words import _
from .coach import Coach, Hint
from .commands import UndoStack
from .pondering import Pondering

SEAT_NAMES = ("Anna", "Bao", "Chen", "Dara")
log = logging.getLogger(__name__)


def playable_kinds(kinds) -> list[str]:
    """Who plays each seat of a loaded game: "person" or one of `PLAYER_LEVELS`; any other
    kind (an agent for measurements, a level from another version) plays "normal"."""
    return [k if k == "person" or k in PLAYER_LEVELS else "normal" for k in kinds]


class GameSession:
    def __init__(self, state: GameState, kinds: list[str], names: list[str] | None = None, *,
                 game_id: str | None = None, autosave: bool = True, record: bool = True,
                 ai_seed: int = 0, on_message: Callable[[str], None] | None = None,
                 hints_used: bool = False, coach: Coach | None = None,
                 lock: FileLock | None = None, deterministic: bool = False) -> None:
        """`deterministic`: the AI seats count iterations, never the clock (the same moves on
        any machine: tests)."""
        self.state = state
        self.kinds = list(kinds)
        self.names = list(names or SEAT_NAMES[: state.config.seats])
        self.game_id = game_id or new_autosave_id()
        self.lock = lock  # this window's hold on the game's autosave (`locks.hold_game`)
        self.autosave_on = autosave
        self.record = record
        self.ai_seed = ai_seed
        self.on_message = on_message or (lambda _message: None)
        self.undo = UndoStack()
        # The AI seats' thinker. Searching AI seats at a table with others think in a
        # process of their own: their searches then run beside the window's frames rather
        # than sharing its interpreter (a 4-player round's thinking about a third shorter,
        # the frames steadier: issue 46). Solo on a thread: hard's solo play-ons start worker
        # processes, which a thinking process may not. The deterministic mode (tests,
        # measurements) gives the same moves on either, and a thread costs a test no
        # process; so does an agent that does not search.
        apart = not (deterministic or state.config.solo) and any(map(searching, self.kinds))
        self.thinker = open_thinker(default="process" if apart else "thread")
        self.deterministic = deterministic
        self.thinking = False
        self.asking = False  # thinking, but not yet asked of the thinker (a turn pondered)
        # the AI seats' coming turns thought about while others play (never in the
        # deterministic mode: its moves stay those it always made)
        self.pondering = None if deterministic or state.config.solo else Pondering(
            self.kinds, ai_seed)
        self.coach = coach or Coach()
        self.hint: Hint | None = None  # the hint shown for the decision at hand
        self.hints_used = hints_used  # a hint was shown in this game (kept in its saves)
        self.hints_ahead = False  # the setting: think ahead on a person's decisions
        self.version = 0  # bumped by every change of the state
        self.wanted = False  # the person asked: the coach's answer is shown when found
        self.ready: tuple[int, Hint] | None = None  # (version, hint) found ahead, not shown
        self.ahead_for = -1  # the version the coach last began thinking ahead about
        self.saved = False  # autosaved at least once in this session
        self.log: list[str] = [first_line(state.config)]
        # A loaded game's moves, told again.
        self.log += replay_log(state.config, state.moves(), self.names)
        self.scoring_rows: list[dict] | None = None  # the standings, once the game is over
        self.end_lines: list[str] = []  # the solo result, high scores and record, at the end

    def report_to(self, tell: Callable[[str], None]) -> None:
        """Send what the session has to tell the player to `tell` from now on."""
        self.on_message = tell

    @property
    def persons(self) -> list[int]:
        """The seats played by people at this screen."""
        return [s for s, k in enumerate(self.kinds) if k == "person"]

    def is_person(self, seat: int | None) -> TypeGuard[int]:
        """Is `seat` played by a person? (True only for a seat, so a seat it accepts is one.)"""
        return seat is not None and self.kinds[seat] == "person"

    # --- moves ---------------------------------------------------------------------------------

    def apply(self, move: Move, person: bool) -> GameState | None:
        """Make `move`; returns the state before it (None, with a message, if illegal)."""
        state = self.state
        before = state.clone()
        told = before_move(state, move)
        try:
            state.apply(move)
        except IllegalMove as error:
            self.on_message(reason_words(error.reason))
            return None
        self.version += 1
        self._follow(move)
        if person:  # `before` had a seat to move; the log's place goes with it
            self.undo.record(before, before.to_move, state, len(self.log))
        else:
            self.undo.forget()
        self.log += turn_lines(told, move, state, self.names)
        self.autosave()
        return before

    def take_back(self) -> bool:
        """Undo the last of a person's moves this turn (False: there is none)."""
        if not self.undo.can_undo():
            return False
        self.stop_thinking()
        self.drop_hint()
        self.version += 1
        start = self.undo.mark()
        self.state = self.undo.pop()
        line = self.log[start] if start < len(self.log) else None
        del self.log[start:]  # the move's lines go: the log tells what stands
        self.log.append(taken_back_line(self.names[self.state.to_move], line))
        self.autosave()
        return True

    def autosave(self) -> None:
        if not self.autosave_on:
            return
        try:
            autosave(self.state, self.game_id, seat_kinds=self.kinds, names=self.names,
                     hints_used=self.hints_used)
            self.saved = True
        except Exception as error:  # a full disk must not end the game
            log.exception("autosave of game %s failed", self.game_id)
            self.on_message(_("Autosave failed: {error}", error=error))

    # --- the AI seats --------------------------------------------------------------------------

    def think(self) -> Move | None:
        """For an AI seat's decision: start thinking, or the move once it is found. A new
        game is autosaved before the AI's first move, so an AI-first game is never lost. A
        turn thought about ahead that still holds is played as found (`pondering`); one still
        being thought about is waited for."""
        seat = self.state.to_move
        if not self.thinking:
            if not self.saved:
                self.autosave()
            self.thinking = self.asking = True
        if self.asking:
            ready, given = (True, None) if self.pondering is None else \
                self.pondering.take(self.state, seat)
            if not ready:
                return None
            self.thinker.submit(Request.about(Job.MOVE, self.state, seat, self.kinds[seat],
                                              self.ai_seed + seat, self.deterministic,
                                              given))
            self.asking = False
            return None
        result = self.thinker.poll()
        if result is None:
            return None
        self.thinking = False
        if result.error or result.move is None:
            log.error("the AI of seat %s failed:\n%s", seat, result.trace)
            self.on_message(_("The AI stumbled ({error}); it plays its first possible move.",
                              error=result.error))
            return self.state.legal_moves()[0]
        return result.move

    def ponder(self) -> None:
        """Each frame: the AI seats think about their coming turns while others play."""
        if self.pondering is not None and not self.state.is_over:
            self.pondering.update(self.state, self.version)

    def thinking_seats(self) -> list[int]:
        """The AI seats thinking now: the one to move, and the one thought about ahead."""
        seats = [self.state.to_move] if self.thinking and not self.state.is_over else []
        ahead = self.pondering.seat if self.pondering is not None else None
        if ahead is not None and ahead not in seats:
            seats.append(ahead)
        return seats

    def stop_thinking(self) -> None:
        self.thinker.cancel()
        self.thinking = self.asking = False

    def close(self) -> None:
        """The game leaves the table: its thinkers stop (a process backend's processes end)."""
        self.thinker.close()
        if self.pondering is not None:
            self.pondering.close()
        self.coach.close()
        if self.lock is not None:
            self.lock.release()
            self.lock = None

    # --- the coach -----------------------------------------------------------------------------

    def hint_problem(self) -> str:
        """Why no hint can be asked for now ("" if one can): only for a person's decision."""
        seat = self.state.current_player
        if seat is None:
            return _("The game is over: no hint.")
        if not self.is_person(seat):
            return _("It is {name}'s turn: hints are for your own decisions.",
                     name=self.names[seat])
        return ""

    def ask_hint(self) -> str:
        """Ask the coach about the decision at hand; asked again, it stops thinking (or
        puts the hint shown away). The problem (and nothing changes) if no hint can be asked
        for now."""
        problem = self.hint_problem()
        if problem:
            return problem
        if self.hint_thinking or self.hint is not None:
            self.drop_hint()
            return ""
        if self.ready is not None and self.ready[0] == self.version:
            self._show(self.ready[1])  # thought out ahead
            return ""
        self.wanted = True
        if not self.coach.thinking:  # else the look-ahead's search goes on, now wanted
            self.coach.ask(self.state, self.state.to_move, self.names)
        return ""

    @property
    def hint_thinking(self) -> bool:
        """The coach thinks about a hint the person asked for (not only ahead)."""
        return self.wanted and self.coach.thinking

    def think_ahead(self) -> bool:
        """On a person's decision, once a hint was shown in this game (or with
        `hints_ahead`): start the coach on it now, its answer kept until asked for (not
        shown, and the game not marked, until then). True if it started."""
        if not (self.hints_used or self.hints_ahead) or self.hint_problem():
            return False
        if (self.hint is not None or self.coach.thinking or self.ahead_for == self.version
                or (self.ready is not None and self.ready[0] == self.version)):
            return False
        self.ahead_for = self.version
        self.coach.ask(self.state, self.state.to_move, self.names)
        return True

    def poll_hint(self) -> Hint | None:
        """The hint, once the coach has found it and the person asked for it (then shown,
        and the game marked as played with hints: saved at once, so quitting now cannot
        unmark it); an answer found ahead is kept for when they ask."""
        hint = self.coach.poll()
        if self.coach.failure:
            if self.wanted:
                self.on_message(self.coach.failure)
            self.coach.failure = ""
            self.wanted = False
        if hint is None:
            return None
        if not self.wanted:
            self.ready = (self.version, hint)
            return None
        self._show(hint)
        return hint

    def _show(self, hint: Hint) -> None:
        self.hint, self.ready, self.wanted = hint, None, False
        if not self.hints_used:
            self.hints_used = True
            self.autosave()

    def _follow(self, move: Move) -> None:
        """A move was made: the hint shown goes on to its plan's next step if the move was
        its step (and the next step can be made now); else it is gone, like any search or
        answer about the decision before."""
        hint = self.hint
        following = hint.followed() if hint is not None and move == hint.move else None
        self.drop_hint()
        if following is not None and not self.state.is_over \
                and following.move in self.state.legal_moves():
            self.hint = following

    def drop_hint(self) -> None:
        """The state changes: the hint (shown, in progress or found ahead) is for a
        decision gone by."""
        self.coach.cancel()
        self.hint, self.ready, self.wanted = None, None, False

    # --- the end -------------------------------------------------------------------------------

    def finish(self) -> None:
        """The standings; for a solo game its result and the high scores; the record."""
        if self.scoring_rows is not None:
            return
        self.scoring_rows = final_rows(self.state)
        if self.state.config.solo:
            self.end_lines += self._high_scores()
        if self.record:
            self.end_lines += self._record_game()

    def _high_scores(self) -> list[str]:
        result = solo.result(self.state)
        lines = [solo_result_line(result["score"], result["band"], self.hints_used)]
        try:
            table = highscores.load()
            rank = table.add(highscores.result_of(self.state, self.names[0],
                                                  hinted=self.hints_used))
        except Exception as error:  # the table must never cost the end of a game
            log.exception("the high-score table could not be written")
            return [*lines, unwritten_scores_line(error)]
        return lines + high_score_lines(table.results, rank)

    def _record_game(self) -> list[str]:
        """Add the finished game to the record of games; one line of statistics from it."""
        try:
            book = records.load()
            book.add(records.entry_of(self.state, self.kinds, self.names,
                                        hinted=self.hints_used))
        except Exception as error:  # the record must never cost the end of a game
            log.exception("the record of games could not be written")
            return [unwritten_record_line(error)]
        tally = book.wins_by_level()
        won = {level: tally[level] for level in self.kinds
               if level != "person" and level in tally and "person" in self.kinds}
        if won:
            return [record_line(won)]
        best = book.best_solo()
        if self.state.config.solo and best is not None:
            return [best_solo_line(best)]
        return []
