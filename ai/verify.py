"""Solo: the search's best few plans checked a round further, by playing them on.

The search judges every plan by the board it leaves at this round's Path step, and that
judgement (the projection, with the next Offer's best cheap card) misses by about 0.37 spaces
against what the board is really worth a round later, in ways no linear function of the board
explains (docs/ai-lab.md, entry 24). The miss is not noise: played on twice from fresh samples
of the hidden cards, one board's round-later values agree to within 0.14 spaces. So the few
plans the search rates best are each played on, on one shared sample of the hidden cards, by
a lighter search (the follower) through the rest of this round and all of the next, and the
plan whose board is worth most at the next Path step is played.

This is the "horizon past the round" done by playing rather than searching: the follower
decides with what its own seat may see of that sample, so no plan can win by a lucky draw
it was shown, and every plan faces the same draws.
"""

from __future__ import annotations

import random

from loyang_game.engine import flow

from .view import determinise

LIMIT = 2000  # moves of one play-on, far beyond a round and a half
# Iterations a second of the follower's search at its slowest (solo leaves count the next
# Offer): on the clock a play-on stops this long before the decision's cap, since one
# follower move cannot be cut short (`python -m ai.bench --solo` measured hard's worst other
# turn at 2.28 s against its 2 s cap without this margin).
SLOWEST_RATE = 700


def candidates(root, legal: set, count: int) -> list[tuple]:
    """The `count` root options legal here that the search explored most, most first."""
    visited = [(edge.visits, option) for option, edge in root.edges.items()
               if edge.visits and option[0] in legal]
    visited.sort(key=lambda pair: -pair[0])
    return [option for _, option in visited[:count]]


def play_on(state, seat: int, option: tuple, follower, leaf_value, final_value,
            apply_option, halted=None, rounds: int = 1) -> list[float]:
    """`option` played on `state` (a sample), then the follower's play through the seat's
    Path steps of the next `rounds` rounds: the leaf value of the board at each (the final
    position for those after the game ends); all -inf if the option cannot be played on this
    sample; fewer than `rounds` values if `halted()` says stop on the way."""
    if not apply_option(state, option):
        return [float("-inf")] * rounds
    start, values = state.round, []
    for _ in range(LIMIT):
        if halted is not None and halted():
            return values
        if state.is_over:
            return values + [final_value(state, seat)] * (rounds - len(values))
        if (state.round > start + len(values) and state.current_player == seat
                and flow.decision(state) == "path"):
            values.append(leaf_value(state, seat))
            if len(values) == rounds:
                return values
        state.apply(follower.choose(state))
    return values + [leaf_value(state, seat)] * (rounds - len(values))


def verified(view, seat: int, options: list[tuple], make_follower, seed: int, leaf_value,
             final_value, apply_option, halted=None, samples: int = 1,
             rounds: int = 1) -> tuple | None:
    """The option of `options` worth most `rounds` rounds later on average over `samples`
    samples of the hidden cards, every option played on each sample by a fresh follower with
    that sample's seed. If `halted()` (stopped, or out of time) says stop, the samples played
    in full decide; in the first, the deepest Path step every option reached; None if not
    even one was."""
    totals = [0.0] * len(options)
    for k in range(samples):
        reached = []
        for option in options:
            sample = determinise(view, seat, random.Random(seed + k))
            reached.append(play_on(sample, seat, option, make_follower(seed + k), leaf_value,
                                   final_value, apply_option, halted, rounds))
            if len(reached[-1]) < rounds:
                break
        if len(reached) == len(options) and len(reached[-1]) == rounds:
            totals = [total + values[-1] for total, values in zip(totals, reached)]
            continue
        if k:
            return _best(options, totals)
        depth = min(len(values) for values in reached)
        if len(reached) < len(options) or depth == 0:
            return None
        return _best(options, [values[depth - 1] for values in reached])
    return _best(options, totals)


def _best(options: list[tuple], totals: list[float]) -> tuple | None:
    """The first of `options` with the highest total; None if none can be played."""
    best = max(range(len(options)), key=lambda i: (totals[i], -i))
    return options[best] if totals[best] > float("-inf") else None
