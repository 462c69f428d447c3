"""The coach's hint: the strongest AI level is asked, through a thinker of its own
(`ai.thinker`), what it would do at a person's decision, and why, in a player's words.

    coach = Coach()
    coach.ask(state, seat, names)   # starts thinking; the search sees only observe(seat)
    coach.percent()                 # how far it has got, 0-99, while it thinks
    hint = coach.poll()             # the Hint once found (the coach is then idle), else None
    coach.cancel()                  # a move, an undo, the table closed

The reason is what the search itself expects: in the solo game (and whenever the level plays
for its own position alone) the final Path space after the move and after the next-best
first move; in a game with others the level plays a race (its own position less half the
best other's), so the reason gives the difference to the next best in Path spaces.

A hint is the whole plan for the rest of the turn (`ai.plan.whole_plan`, read out beside the
search): its steps in words, the move to make now being the first, and the reason says what
the plan accepts leaving undone (a due customer unserved) and why. Everything the words need
comes back in the thinker's Result (the plan, the estimates): the coach never looks inside
an agent.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from functools import partial

from ai.agents import PLAYER_LEVELS
from ai.plan import CLOSE_CALL, coach_seed
from ai.thinker import Job, Request, Result, Thinker, open_thinker

from ..engine import GameState, Move
from ..engine.moves import ADVANCE, TWO_PACK
from ..text.log import nth_line
from ..text.moves import move_words
from ..words import _, decimal, said
from . import coach_plan

STRONGEST = PLAYER_LEVELS[-1]


@dataclass(frozen=True)
class Hint:
    """The suggested move for the decision at hand, and why; with the whole plan it starts
    (`plan`, its steps in words `steps`; `at`: the step to make now, `plan[at] == move`)."""

    move: Move
    reason: str
    plan: tuple[Move, ...] = ()
    steps: tuple[str, ...] = ()
    at: int = 0

    def followed(self) -> Hint | None:
        """The hint for the next step, once this step is made (None: the plan is done)."""
        if self.at + 1 >= len(self.plan):
            return None
        return replace(self, move=self.plan[self.at + 1], at=self.at + 1)


class Coach:
    def __init__(self, level: str = STRONGEST, deterministic: bool = False,
                 clock=time.monotonic, thinker: Thinker | None = None) -> None:
        """`level`: an AI level's name, knobs allowed (tests give small budgets:
        'hard:act_iterations=24'); `deterministic`: iteration counts only, never the clock;
        `clock`: seconds, for the progress of a search capped by time; `thinker`: where it
        thinks (by default one of its own, of the backend `open_thinker` picks)."""
        self.level = level
        self.deterministic = deterministic
        self.thinker = thinker or open_thinker()
        self.clock = clock
        self._asked: tuple[GameState, int, list[str], float] | None = None
        self.failure = ""  # what went wrong with the last search, for the player

    @property
    def thinking(self) -> bool:
        return self._asked is not None

    def ask(self, state: GameState, seat: int, names: list[str]) -> None:
        """Start thinking about `seat`'s decision in `state` (any hint in progress is
        dropped). ValueError if it is not `seat`'s decision."""
        if state.current_player != seat:
            raise ValueError(f"it is not seat {seat}'s decision")
        self.thinker.submit(Request.about(Job.HINT, state, seat, self.level,
                                          coach_seed(state.config, seat), self.deterministic))
        self._asked = (state.clone(), seat, list(names), self.clock())

    def cancel(self) -> None:
        self.thinker.cancel()
        self._asked = None

    def close(self) -> None:
        self._asked = None
        self.thinker.close()

    def percent(self) -> int:
        """How far the search has got: the larger of its iterations and its time against
        the level's budget for this kind of decision; 99 at most until the hint is found."""
        if self._asked is None:
            return 0
        progress = self.thinker.progress
        if not progress.total:
            return 0
        done = progress.done / progress.total
        if progress.seconds:
            done = max(done, (self.clock() - self._asked[3]) / progress.seconds)
        return max(0, min(99, int(done * 100)))

    def poll(self) -> Hint | None:
        """The hint once it is found (the coach is then idle), else None. A search that
        failed leaves the coach idle with `failure` saying so."""
        if self._asked is None:
            return None
        result = self.thinker.poll()
        if result is None:
            return None
        state, seat, names, _started = self._asked
        self._asked = None
        if result.error or result.move is None:
            self.failure = _("The coach stumbled ({error}): no hint this time.",
                             error=result.error)
            return None
        return self.explain(state, seat, names, result)

    def explain(self, state: GameState, seat: int, names: list[str], result: Result) -> Hint:
        """The hint in words from the thinker's answer about `seat`'s decision in `state`
        (its reason and steps `Said`: a switch of language makes them again, `words.now`)."""
        move = result.move
        assert move is not None
        plan = list(result.plan)
        if not plan or plan[0] != move:
            plan = [move]
        estimates = dict(result.estimates)
        serving = dict(result.serving)

        def reason_words() -> str:
            reason = self._reason(state, names, move, estimates, result.racing)
            accepts = coach_plan.accepted(state, seat, plan, estimates, serving)
            if accepts:
                reason += " " + _("Accepts {what}.", what="; ".join(accepts))
            if len(plan) > 1 and plan[-1].kind == TWO_PACK:
                reason += " " + _("After the Two-pack, ask again: its cards decide the rest.")
            return reason

        def steps_words() -> list[str]:
            return coach_plan.describe_steps(state, seat, plan, names, advice=True)

        steps = steps_words()
        return Hint(move, said(reason_words), tuple(plan), tuple(
            said(partial(nth_line, steps_words, index), first)
            for index, first in enumerate(steps)))

    def _reason(self, state: GameState, names: list[str], move: Move,
                estimates: dict[Move, float], racing: bool) -> str:
        what = move_words(move, names, advice=True)
        if len(state.legal_moves()) == 1:
            return _("Hint: {move} — it is the only move.", move=what)
        if move not in estimates:
            return _("Hint: {move} — the next step of the AI's plan for this turn.", move=what)
        estimates = dict(estimates)
        value = estimates.pop(move)
        if not estimates:
            if move.kind == ADVANCE or not racing:
                return _("Hint: {move} — the AI expects you to finish on about space {value}.",
                         move=what, value=decimal(value))
            return _("Hint: {move} — the AI’s plan.", move=what)
        other, other_value = max(estimates.items(), key=lambda item: item[1])
        instead = move_words(other, names, advice=True)
        gain = value - other_value
        if gain < 0:  # the other looked better at the Path step; a round further on, this
            return _("Hint: {move} — looked at a round further on, it comes out ahead of "
                     "“{instead}”, which at first looked {gain} spaces better.", move=what,
                     instead=instead, gain=decimal(-gain))
        if racing:
            if gain < CLOSE_CALL:
                return _("Hint: {move} — a close call: “{instead}” is about as good.",
                         move=what, instead=instead)
            return _("Hint: {move} — {gain} Path spaces better in the race than “{instead}”.",
                     move=what, gain=decimal(gain), instead=instead)
        if gain < CLOSE_CALL:
            return _("Hint: {move} — the AI expects you to finish on about space {value}; "
                     "“{instead}” is about as good.", move=what, value=decimal(value),
                     instead=instead)
        return _("Hint: {move} — the AI expects you to finish on about space {value}, {other} if "
                 "you {instead}.", move=what, value=decimal(value), other=decimal(other_value),
                 instead=instead)
