"""The level the coach quotes: how far an evaluation's value of a board at its Path step lies
from where the game then ends (issue 49: a check before a learned correction ships).

    python -m lab.quoted_level --agents greedy normal --deals 30

A hint says "the AI expects you to finish on about space N", N an evaluation's value of the
board; a correction is fitted on how boards of one round differ, its level by round taken
from hard's own boards, so on a weaker player's boards its level may drift from the
projection's. Solo games of each agent (deterministic, deals 0 to DEALS-1) are played to the
end; at the Path step of rounds 2 to 7 the board is valued as the search values a leaf (at
the step the evaluation likes best, `leaves.path_value`) by the projection, by hard-v3's and
hard-v4's frozen corrections and by the shipped one, and each value less the game's final
position (`leaves.final_value`) is averaged: the mean (the level's drift) and its root mean
square.
"""

from __future__ import annotations

import argparse
import math
import statistics

from ai.agents import make_agent
from ai.evaluate import Evaluator, default_evaluator
from ai.evaluators import make_evaluation
from ai.leaves import final_value, path_value
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import ROUNDS
from loyang_game.engine.moves import ADVANCE

from .corrections import evaluation
from .yardsticks import CORRECTIONS


def evaluations() -> dict[str, Evaluator]:
    """The solo evaluations compared, by name."""
    shipped = make_evaluation("corrected", solo=True)
    assert isinstance(shipped, Evaluator)
    return {"projection": default_evaluator(True),
            **{name: evaluation(path, path, True) for name, path in CORRECTIONS.items()},
            "shipped": shipped}


def misses(agent: str, deals: int, judged: dict[str, Evaluator]) -> dict[str, list[float]]:
    """Each evaluation's value less the final position, at the Path step of rounds 2 to
    ROUNDS - 2 of `agent`'s solo games on deals 0 to `deals` - 1."""
    out: dict[str, list[float]] = {name: [] for name in judged}
    for deal in range(deals):
        player = make_agent(agent, deal, deterministic=True)
        state = new_game(GameConfig(seats=1, seed=deal))
        values: list[dict[str, float]] = []
        while not state.is_over:
            stepping = any(m.kind == ADVANCE for m in state.legal_moves())
            if stepping and 2 <= state.round <= ROUNDS - 2:
                values.append({name: path_value(state, 0, ev)[1]
                               for name, ev in judged.items()})
            state.apply(player.choose(state))
        final = final_value(state, 0)
        for row in values:
            for name, value in row.items():
                out[name].append(value - final)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.quoted_level",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", nargs="+", default=["greedy", "normal"],
                        help="whose solo games' boards are valued (the game's agents)")
    parser.add_argument("--deals", type=int, default=30, help="games of each agent")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    judged = evaluations()
    for agent in args.agents:
        try:
            make_agent(agent)
        except ValueError as error:
            parser.error(str(error))
        found = misses(agent, args.deals, judged)
        cells = [f"{name} {statistics.fmean(v):+.2f} (rms "
                 f"{math.sqrt(statistics.fmean(x * x for x in v)):.2f})"
                 for name, v in found.items()]
        print(f"{agent}, {args.deals} games, {len(found['projection'])} boards: value less "
              f"final position: " + "; ".join(cells), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
