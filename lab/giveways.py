"""How often hard's play-ons give way to the clock at the table: `python -m lab.giveways`.

hard plays solo deals on the clock, as at the table (not in deterministic mode). Each time it
verifies its best plans by playing them on (`ai/verify.py`), the verification is counted as
checked in full, as **given way** (the clock stopped it before two different boards were
compared, so the search's own choice was played unchecked), or as **kept the better** (stopped
after two different boards: the better of those was played). Issue 35's bar: under 10% given
way. Run it on an idle machine, or say the load with the figure (docs/ai-lab.md, entries 55
and 62).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import time
from collections.abc import Iterable, Iterator

from ai import verify
from ai.options import Option
from loyang_game.engine import GameConfig, new_game

from .yardsticks import make_agent


class Counter:
    """Wraps `verify.decide` (the rule every verification ends in, its play-ons played in
    the searching thread or in worker processes) and counts how each verification ended."""

    def __init__(self) -> None:
        self.verifications = self.gave_way = self.kept_better = 0
        self.real = verify.decide

    def __enter__(self) -> Counter:
        verify.decide = self.decide
        return self

    def __exit__(self, *_exc: object) -> None:
        verify.decide = self.real

    def decide(self, options: list[Option], values: Iterable[float | None],
               distinct: int = 0) -> Option | None:
        """`verify.decide`, its values watched: did the clock stop the play-ons?"""
        stopped = False

        def watched() -> Iterator[float | None]:
            nonlocal stopped
            for value in values:
                stopped = stopped or value is None
                yield value

        out = self.real(options, watched(), distinct)
        self.verifications += 1
        if stopped:
            if out is None:
                self.gave_way += 1
            else:
                self.kept_better += 1
        return out


@dataclasses.dataclass
class Deal:
    deal: int
    verifications: int
    gave_way: int
    kept_better: int
    score: int
    seconds: float


def play(deal: int, level: str = "hard") -> Deal:
    """One solo deal of `level` on the clock: its counts, its score and its wall time."""
    with Counter() as counter:
        agent = make_agent(level, deal * 31, deterministic=False)
        state = new_game(GameConfig(seats=1, seed=deal))
        start = time.perf_counter()
        while not state.is_over:
            state.apply(agent.choose(state))
    return Deal(deal, counter.verifications, counter.gave_way, counter.kept_better,
                state.standings()[0]["position"], round(time.perf_counter() - start, 1))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m lab.giveways",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=102, help="the first deal")
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--level", default="hard")
    args = parser.parse_args(argv)
    rows = []
    for deal in range(args.first, args.first + args.deals):
        rows.append(play(deal, args.level))
        print(json.dumps(dataclasses.asdict(rows[-1])), flush=True)
    total = sum(r.verifications for r in rows)
    gave = sum(r.gave_way for r in rows)
    print(f"{gave} of {total} verifications gave way "
          f"({100 * gave / max(1, total):.1f}%) over {len(rows)} deals")


if __name__ == "__main__":
    main()
