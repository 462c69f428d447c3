"""`loyang`: until the pygame table exists, one full game between built-in agents, played in
the terminal: its log, then the final standings."""

from __future__ import annotations

import argparse
import sys

from ai.agents import AGENTS, make_agent
from ai.play import play_game
from loyang_game.engine import GameConfig


def standings_lines(state, names) -> list[str]:
    lines = ["", "Final standings (position after Loans, then Cash, then vegetables):"]
    for row in sorted(state.standings(), key=lambda r: r["place"]):
        lines.append(
            f"  {row['place']}. {names[row['seat']]:<8} space {row['position']:>3}  "
            f"({row['loans']} Loans)  Cash {row['cash']:>3}  vegetables {row['vegetables']}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="loyang", description=__doc__)
    parser.add_argument("--seats", type=int, default=2, choices=(2, 3, 4))
    parser.add_argument("--seed", type=int, default=None, help="deal (random if omitted)")
    parser.add_argument("--agents", default=None,
                        help=f"comma-separated, one per seat, from: {', '.join(AGENTS)}")
    parser.add_argument("--intro", action="store_true", help="the Introductory version")
    args = parser.parse_args(argv)
    seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(4))
    names = ["Anna", "Bao", "Chen", "Dara"][: args.seats]
    agent_names = (args.agents or ",".join(["random"] * args.seats)).split(",")
    if len(agent_names) != args.seats:
        parser.error(f"--agents names {len(agent_names)} agents for {args.seats} seats")
    try:
        agents = [make_agent(name, seed + i) for i, name in enumerate(agent_names)]
    except ValueError as error:
        parser.error(str(error))
    config = GameConfig(seats=args.seats, seed=seed, introductory=args.intro)
    log: list[str] = []
    state, _ = play_game(config, agents, log, names)
    print(f"At the Gates of Loyang: {args.seats} players, seed {seed}")
    print("\n".join(log + standings_lines(state, names)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
