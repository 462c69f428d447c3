"""The search's best few plans checked a round further, by playing them on (solo, and at fuller
tables where a level's `verify_seats` allows it).

The search judges every plan by the board it leaves at this round's Path step, and that
judgement (the projection, with the next Offer's best cheap card) misses by about 0.37 spaces
against what the board is really worth a round later, in ways no linear function of the board
explains (docs/ai-lab.md, entry 24). The miss is not noise: played on twice from fresh samples
of the hidden cards, one board's round-later values agree to within 0.14 spaces. So the few
plans the search rates best are each played on, on one shared sample of the hidden cards, by
a lighter search (the follower) through the rest of this round and all of the next, and the
plan whose board is worth most at the next Path step is played. Half the time the two plans
explored most reach the same board (a trade before or after a delivery, two Offer cards in
either order), so a level may look further down the list until two different boards have
been compared (`distinct`; docs/ai-lab.md, entries 38-39).

This is the "horizon past the round" done by playing rather than searching: the follower
decides with what its own seat may see of that sample, so no plan can win by a lucky draw
it was shown, and every plan faces the same draws.

`verified` plays the plans on in the searching thread; a level with `parallel` has worker
processes play them (`playons.py`), and both end in the same rule (`decide`); when and where a
level checks is `checking.py`'s.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Protocol

from loyang_game.engine import GameState, Move, flow

from .options import Option
from .policy import PATH_DECISION
from .view import determinise

# a board's worth for a seat: at its Path step (the leaf), or once the game is over (final)
ValueOf = Callable[[GameState, int], float]
Apply = Callable[[GameState, Option], bool]  # plays an option on; False if it is not legal


class Visited(Protocol):
    """A root option's edge, as far as the choice of candidates reads it (`tree.Edge`)."""

    visits: int


class Root(Protocol):
    """The searched root, as far as the choice of candidates reads it (`tree.Node`)."""

    @property
    def edges(self) -> Mapping[Option, Visited]: ...


class Follower(Protocol):
    """The lighter search that plays a plan on (`search.MCTSAgent`, made by `checking.py`): its
    moves, and the random state a play-on's look-up keys on."""

    rng: random.Random

    def choose(self, state: GameState) -> Move: ...

LIMIT = 2000  # moves of one play-on, far beyond a round and a half
# Iterations a second of the follower's search at its slowest (solo leaves count the next
# Offer): on the clock a play-on stops this long before the decision's cap, since one
# follower move cannot be cut short (`python -m lab.bench --solo` measured hard's worst other
# turn at 2.28 s against its 2 s cap without this margin).
SLOWEST_RATE = 700
# Play-ons in worker processes (`playons.py`) are dropped at once: they stop only this long
# before the cap, for the pool's polling and the hand-back (0.05 s left a worst other turn of
# 1.97 s against the 2 s cap: docs/ai-lab.md, entry 102).
POOL_MARGIN = 0.1


def candidates(root: Root, legal: set[Move], count: int) -> list[Option]:
    """The `count` root options legal here that the search explored most, most first."""
    visited = [(edge.visits, option) for option, edge in root.edges.items()
               if edge.visits and option[0] in legal]
    visited.sort(key=lambda pair: -pair[0])
    return [option for _, option in visited[:count]]


def play_on(state: GameState, seat: int, option: Option, follower: Follower,
            leaf_value: ValueOf, final_value: ValueOf, apply_option: Apply,
            halted: Callable[[], bool] | None = None,
            known: dict[bytes, float | None] | None = None) -> float | None:
    """`option` played on `state` (a sample), then the follower's play to the seat's Path step
    in the next round: that board's leaf value (the final position if the game ends first);
    -inf if the option cannot be played on this sample; None if `halted()` says stop.

    `known`: the values of earlier play-ons, by where each stood when the round turned. There
    a follower starts its turn afresh (a new table, no plan: `MCTSAgent._new_turn`), so what
    it does next depends only on the state and its random state; a play-on that stands where
    an earlier one stood takes that one's value instead of playing the next round again."""
    if not apply_option(state, option):
        return float("-inf")
    start, mark = state.round, None
    for _ in range(LIMIT):
        if halted is not None and halted():
            return None
        if state.is_over:
            value = final_value(state, seat)
            break
        if state.round > start:
            if mark is None and known is not None:
                mark = pickle.dumps((state.to_data(), follower.rng.getstate()))
                if mark in known:
                    return known[mark]
            if state.current_player == seat and flow.decision(state) == PATH_DECISION:
                value = leaf_value(state, seat)
                break
        state.apply(follower.choose(state))
    else:
        value = leaf_value(state, seat)
    if mark is not None and known is not None:  # a mark is only made with `known`
        known[mark] = value
    return value


def play_ons(view: GameState, seat: int, options: list[Option],
             make_follower: Callable[[int], Follower], seed: int, leaf_value: ValueOf,
             final_value: ValueOf, apply_option: Apply, halted: Callable[[], bool] | None = None,
             known: dict[bytes, float | None] | None = None) -> Iterator[float | None]:
    """`play_on`'s values of `options` in turn, each played on when asked for, on the same
    sample of the hidden cards by a fresh follower with the same seed; `decide` takes as many
    as its rule needs. Two plans that reach the same board (a customer served before or
    after a trade, two cards bought in either order) get the same value to the last digit,
    since the follower is deterministic given its seed and the board. `halted()` (stopped,
    or out of time) ends a play-on with None. `known`: the values of earlier play-ons to
    look up (`play_on`), kept from one check to the next (a fresh table if None)."""
    if known is None:
        known = {}
    for option in options:
        yield play_on(determinise(view, seat, random.Random(seed)), seat, option,
                      make_follower(seed), leaf_value, final_value, apply_option, halted, known)


def decide(options: list[Option], values: Iterable[float | None],
           distinct: int = 0) -> Option | None:
    """The verification's rule over the play-ons' values, taken in the order of `options`
    (lazily: a value not needed is never asked for): the option worth most, once `distinct`
    different values are found (all of them with 0); at a None (halted), the best so far if
    two different boards were compared, else None. The same rule whether the values come
    from this thread (`verified`) or from worker processes (`playons.PlayOnPool`)."""
    best, best_value = None, float("-inf")
    seen: set[float] = set()
    for option, value in zip(options, values):
        if value is None:
            return best if len(seen) >= 2 else None
        if value > best_value:
            best, best_value = option, value
        seen.add(value)
        if distinct and len(seen) >= distinct:
            break
    return best
