"""How often a cheap policy makes hard's own move at its Action steps (issue 49, item 3): the
yardstick a model of the rival must beat before it stands in for hard's play where the search
plays the others (`leaves.other_move`) or a check plays a rival on (`checking.py`).

    python -m lab.policy_agreement --dir /work/data/boards/1p
    python -m lab.policy_agreement --dir /work/data/boards/2p

It replays the board sampler's games (`lab.board_sampler`: hard-v3 in every seat, its moves
kept) and at each decision of an Action step asks each policy what it would play there:
`rule`, the first move of the search's rule of thumb (`rule_of_thumb.rollout_act`, the
others' plans inside hard's search); `default`, the default policy's move
(`policy.default_move`). It prints the share of hard's moves each policy makes, overall and
by the kind of hard's move. Then the same for every other decision with a choice (the Card
phase's draft, storing, paying, the Path step...): the share of hard's moves made by the
model the search plays the others by there (`turn.planned_move`'s choice: the first way to
keep when storing, else the default policy), by decision.
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from ai.policy import default_move
from ai.rule_of_thumb import rollout_act
from ai.turn import planned_move
from loyang_game.engine import GameConfig, GameState, Move, flow, new_game
from loyang_game.engine.state import Decision

from .board_sampler import games


def _rule(state: GameState) -> Move:
    seat = state.current_player
    assert seat is not None, "an Action step is a seat's"
    return rollout_act(state, seat)[0]


POLICIES: dict[str, Callable[[GameState], Move]] = {"rule": _rule, "default": default_move}


def others_model(state: GameState) -> Move:
    """The first move `turn.planned_move` makes at a decision other than an Action step:
    the one the search's model of the others makes there."""
    seat = state.current_player
    assert seat is not None, "a decision is a seat's"
    played = state.clone()
    planned_move(played, seat)
    return played.moves()[len(state.moves())]


def agreement(kept: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Over the games' Action-step decisions: their count, and per policy the share of
    hard's moves it makes, overall and by the kind of hard's move."""
    steps: Counter[str] = Counter()
    agreed: dict[str, Counter[str]] = {name: Counter() for name in POLICIES}
    others: Counter[str] = Counter()
    others_agreed: Counter[str] = Counter()
    for game in kept:
        state = new_game(GameConfig(seats=game["seats"], seed=game["deal"]))
        for data in game["moves"]:
            move = Move.from_data(data)
            decision = flow.decision(state)
            if decision == Decision.ACT:
                kind = str(move.kind)
                steps[kind] += 1
                for name, policy in POLICIES.items():
                    agreed[name][kind] += policy(state) == move
            elif len(state.legal_moves()) > 1:
                others[str(decision)] += 1
                others_agreed[str(decision)] += others_model(state) == move
            state.apply(move)
    total = sum(steps.values())
    return {"steps": total, "by_kind": dict(steps.most_common()),
            **{name: {"share": sum(hits.values()) / total if total else 0.0,
                      "by_kind": {kind: hits[kind] / steps[kind] for kind in steps}}
               for name, hits in agreed.items()},
            "others": {decision: {"decisions": count, "share": others_agreed[decision] / count}
                       for decision, count in others.most_common()}}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.policy_agreement",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="a <seats>p folder of the board sampler")
    args = parser.parse_args(argv)
    kept = games(args.dir)
    if not kept:
        print(f"no games in {args.dir}")
        return 1
    found = agreement(kept)
    print(f"{len(kept)} games, {found['steps']} Action-step decisions of hard")
    for name in POLICIES:
        kinds = ", ".join(f"{kind} {share:.2f}" for kind, share in
                          sorted(found[name]["by_kind"].items(),
                                 key=lambda item: -found["by_kind"][item[0]]))
        print(f"{name}: {found[name]['share']:.3f} of hard's moves ({kinds})")
    for decision, seen in found["others"].items():
        print(f"{decision}: {seen['decisions']} decisions with a choice, the others' model "
              f"makes {seen['share']:.3f} of hard's moves")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
