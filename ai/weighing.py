"""The review's weighing of lines (`review.py`): what a line of moves is worth on a sample of
the hidden cards, as the coach's search values its leaves (`Yardstick`), and two lines weighed
against each other on the same FRESH samples, paired (`Judge`): the mean gain and its 95%
interval. A card turned over from the draw pile is followed by the place or take that looks
best from what the seat then sees (`Yardstick.follow_up`), never by one chosen knowing the
sample's hidden cards. `Stopped` is raised between two small pieces of work once the review is
cancelled.
"""

from __future__ import annotations

import pickle
import random
import threading
import zlib

from loyang_game.engine import GameState, Move, flow
from loyang_game.engine.cards import path_cost
from loyang_game.engine.moves import ADVANCE, FLIP

from .evaluators import make_evaluation
from .knobs import level_named
from .leaves import LeafValues
from .offer_ahead import next_offer_gain
from .playout import to_path_step
from .turn import apply_option, planned_move, prune
from .view import canonical_view, determinise

# Fresh determinisations on which the longer look's line and the person's are weighed,
# paired: a finding's cost is their mean difference, with a 95% interval from its spread.
FRESH = 32
Z95 = 1.96
# Samples of what the seat sees after turning over the draw pile's card, on which the place
# or take that follows is chosen (the same ones for every fresh sample showing that card).
FOLLOW_UP_LOOKS = 2


class Stopped(Exception):
    """The review was cancelled: raised between two small pieces of work, so that a cancel
    is obeyed within milliseconds wherever the review is."""


def check(stop: threading.Event | None) -> None:
    if stop is not None and stop.is_set():
        raise Stopped


def judging_values(level: str, solo: bool) -> LeafValues:
    """How the coach's `level` (a searching level, knobs allowed) values the boards where its
    plays stop, in a game solo or not: the review's yardstick."""
    played = level_named(level)
    if played is None:
        raise ValueError(f"the coach's level {level!r} does not search")
    return LeafValues(played, make_evaluation(played.evaluator, solo, played.fitted,
                                              played.evaluation))


class Yardstick:
    """What a line is worth on a sample, as the coach's search values its leaves: the line
    played, the seat's turn finished by the rules of thumb (the other seats' moves as the
    search plays them), the board valued at the seat's Path step with the next solo Offer
    counted, and in a game with others less `rivalry` times the best other's position. Each
    worth is (that value, the seat's own expected final space)."""

    def __init__(self, level: str, solo: bool, seat: int,
                 stop: threading.Event | None = None) -> None:
        self.leaves = judging_values(level, solo)
        self.ev, self.seat, self.stop = self.leaves.ev, seat, stop
        self.race = not solo and self.leaves.level.rivalry > 0
        self._follow_ups: dict[bytes, Move] = {}

    def worth(self, s: GameState, line: tuple[Move, ...]) -> tuple[float, float] | None:
        """The seat's worth once `line` is played on the sample `s`; None if it is not legal
        there (cannot happen when legality is public)."""
        *first, last = line
        if not apply_option(s, tuple(first)) or last not in s.legal_moves():
            return None
        if last.kind == ADVANCE:  # the Path step ends the turn: valued as the search's step
            return self.step_worth(s, last)
        s.apply(last)
        if last.kind == FLIP and not s.is_over and s.current_player == self.seat:
            s.apply(self.follow_up(s))
        return self.finish(s)

    def finish(self, s: GameState) -> tuple[float, float]:
        """The seat's turn finished on `s` as the search's rollouts finish it, and valued."""
        leaves, seat = self.leaves, self.seat
        reached = to_path_step(s, seat, self._by_thumb, leaves.other_move)
        own = leaves.own_where_stopped(s, seat, reached)
        return leaves.against(s, seat, own), own

    def _by_thumb(self, s: GameState) -> bool:
        planned_move(s, self.seat)
        return True

    def step_worth(self, s: GameState, step: Move) -> tuple[float, float]:
        """A Path step of `step.a` spaces from `s`, valued as the level's own Path choice
        values it (the next solo Offer counted at that step)."""
        leaves, seat, level = self.leaves, self.seat, self.leaves.level
        p = s.players[seat]
        path, cash = p.path + step.a, p.cash - path_cost(p.path, step.a)
        own = self.ev.value(s, seat, path, cash)
        if level.offer_ahead:
            own += level.offer_weight * next_offer_gain(s, seat, self.ev, path, cash,
                                                        level.offer_rows, level.offer_cards,
                                                        base=own)
        return leaves.against(s, seat, own), own

    def follow_up(self, s: GameState) -> Move:
        """The place or take after a card turned over: the one worth most on FOLLOW_UP_LOOKS
        samples of what the seat now sees (the card, and nothing more), so that a turned-over
        card is never valued by choices made knowing the hidden cards of the sample."""
        view = canonical_view(s, self.seat)
        key = pickle.dumps(view.to_data())
        known = self._follow_ups.get(key)
        if known is not None:
            return known
        moves = prune(flow.decision(view), view.legal_moves(), view.players[self.seat].cash,
                      self.leaves.level.loan_below)
        best, best_value = moves[0], float("-inf")
        if len(moves) > 1:
            rng = random.Random(zlib.crc32(key))  # what the seat sees, and nothing else
            looks = [determinise(view, self.seat, rng) for _ in range(FOLLOW_UP_LOOKS)]
            for move in moves:
                total = 0.0
                for look in looks:
                    check(self.stop)
                    after = look.clone()
                    after.apply(move)
                    total += self.finish(after)[0]
                if total > best_value:
                    best, best_value = move, total
        self._follow_ups[key] = best
        return best


class Judge:
    """The weighing of one decision, at the game's `step` in `state`: lines valued on the
    same fresh samples."""

    def __init__(self, state: GameState, step: int, seat: int, stick: Yardstick, seed: int,
                 stop: threading.Event | None = None) -> None:
        self.seat, self.stick, self.stop = seat, stick, stop
        self.view = canonical_view(state, seat)  # the only look at the game: what seat saw
        rng = random.Random(seed * 1_000_003 + step)
        self.fresh = [determinise(self.view, seat, rng) for _ in range(FRESH)]
        self.round = self.view.round

    def difference(self, better: tuple[Move, ...], worse: tuple[Move, ...]
                   ) -> dict[str, float] | None:
        """How much `better` gains over `worse` on the fresh samples, paired: the mean gain
        ("cost"), its 95% interval ("low", "high"), the samples, and each line's mean own
        final space ("theirs", "yours"); None if a line is not legal on one of them."""
        gains, theirs, yours = [], 0.0, 0.0
        for sample in self.fresh:
            check(self.stop)
            a = self.stick.worth(sample.clone(), better)
            check(self.stop)
            b = self.stick.worth(sample.clone(), worse)
            if a is None or b is None:
                return None
            gains.append(a[0] - b[0])
            theirs += a[1]
            yours += b[1]
        n = len(gains)
        total = squares = 0.0
        for g in gains:
            total += g
        mean = total / n
        for g in gains:
            squares += (g - mean) ** 2
        spread = (squares / (n - 1)) ** 0.5 if n > 1 else 0.0
        half = Z95 * spread / n ** 0.5
        return {"cost": mean, "low": mean - half, "high": mean + half, "samples": n,
                "theirs": theirs / n, "yours": yours / n}
