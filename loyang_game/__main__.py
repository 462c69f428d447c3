"""`loyang`: the table. Until the menus exist, options start a game directly:

    loyang                          you against an AI (normal), 2 players
    loyang --seats 3 --ai hard      you against two hard AIs
    loyang --seats 3 --hotseat      pass-and-play, three people at one screen
    loyang --solo --seed 7          the solo challenge
    loyang --load FILE              carry on a saved (or autosaved) game
    loyang --screenshot out.png --moves 40   the table after 40 moves, to a PNG
    loyang --terminal               the old terminal game between agents
"""

from __future__ import annotations

import argparse
import os
import sys

from ai.agents import AGENTS, make_agent
from loyang_game.engine import GameConfig, new_game


def standings_lines(state, names) -> list[str]:
    lines = ["", "Final standings (position after Loans, then Cash, then vegetables):"]
    for row in sorted(state.standings(), key=lambda r: r["place"]):
        lines.append(
            f"  {row['place']}. {names[row['seat']]:<8} space {row['position']:>3}  "
            f"({row['loans']} Loans)  Cash {row['cash']:>3}  vegetables {row['vegetables']}")
    return lines


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="loyang", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seats", type=int, default=2, choices=(1, 2, 3, 4))
    parser.add_argument("--solo", action="store_true", help="the solo game (1 seat)")
    parser.add_argument("--seed", type=int, default=None, help="deal (random if omitted)")
    parser.add_argument("--ai", default="normal",
                        help=f"level of the AI seats (every seat but the first): "
                             f"{', '.join(AGENTS)}")
    parser.add_argument("--hotseat", "--pass-and-play", action="store_true", dest="hotseat",
                        help="every seat is a person at this screen")
    parser.add_argument("--kinds", default=None,
                        help="who plays each seat, comma-separated: person or an AI level")
    parser.add_argument("--intro", action="store_true", help="the Introductory version")
    parser.add_argument("--load", metavar="FILE", help="carry on a saved game")
    parser.add_argument("--size", default="1280x800", help="window size, e.g. 1024x640")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--speed", default="normal", choices=("off", "fast", "normal", "slow"),
                        help="animation speed")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="render the table after --moves moves to a PNG and exit")
    parser.add_argument("--moves", type=int, default=0,
                        help="with --screenshot: moves to play first (by built-in agents)")
    parser.add_argument("--bench", type=float, default=0.0, metavar="SECONDS",
                        help="play AI moves with animations for SECONDS and print frame times")
    parser.add_argument("--terminal", action="store_true",
                        help="no window: one game between agents, printed (old behaviour)")
    parser.add_argument("--agents", default=None, help="with --terminal: one agent per seat")
    args = parser.parse_args(argv)
    if args.solo:
        args.seats = 1
    return args


def terminal(args) -> int:
    from ai.play import play_game

    seats = max(2, args.seats) if not args.solo else 1
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4))
    names = ["Anna", "Bao", "Chen", "Dara"][:seats]
    agent_names = (args.agents or ",".join(["random"] * seats)).split(",")
    if len(agent_names) != seats:
        raise SystemExit(f"--agents names {len(agent_names)} agents for {seats} seats")
    agents = [make_agent(name, seed + i) for i, name in enumerate(agent_names)]
    config = GameConfig(seats=seats, seed=seed, introductory=args.intro)
    log: list[str] = []
    state, _ = play_game(config, agents, log, names)
    print(f"At the Gates of Loyang: {seats} players, seed {seed}")
    print("\n".join(log + standings_lines(state, names)))
    return 0


def kinds_for(args, seats: int) -> list[str]:
    if args.kinds:
        kinds = [k.strip() for k in args.kinds.split(",")]
        if len(kinds) != seats:
            raise SystemExit(f"--kinds names {len(kinds)} players for {seats} seats")
    elif args.hotseat or seats == 1:
        kinds = ["person"] * seats
    else:
        kinds = ["person"] + [args.ai] * (seats - 1)
    for k in kinds:
        if k != "person" and k not in AGENTS:
            raise SystemExit(f"unknown player kind {k!r}: person or one of {', '.join(AGENTS)}")
    return kinds


def build_app(args):
    from loyang_game.ui.app import App

    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size is WIDTHxHEIGHT, not {args.size!r}") from None
    names = None
    game_id = None
    if args.load:
        from loyang_game.save import SaveError, load_with_info

        try:
            state, info = load_with_info(args.load)
        except SaveError as error:
            raise SystemExit(str(error)) from None
        kinds = [k if k == "person" or k in AGENTS else "normal" for k in info.kinds]
        names = list(info.names)
        stem = os.path.basename(args.load).removesuffix(".msgpack").removeprefix("autosave-")
        game_id = stem if stem.replace("-", "").replace("_", "").isalnum() else None
    else:
        seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3))
        state = new_game(GameConfig(seats=args.seats, seed=seed, introductory=args.intro))
        kinds = kinds_for(args, args.seats)
    speed = "off" if args.screenshot else args.speed
    app = App(state, kinds, names, size=(w, h), game_id=game_id,
              autosave=not (args.screenshot or args.bench), speed=speed,
              ai_seed=state.config.seed)
    if args.fullscreen:
        app.toggle_fullscreen()
    return app


def screenshot(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    app = build_app(args)
    agents = [make_agent("greedy" if "greedy" in AGENTS else "random", app.state.config.seed + i)
              for i in range(app.state.config.seats)]
    for _ in range(args.moves):
        if app.state.is_over:
            break
        seat = app.state.current_player
        app.apply(agents[seat].choose(app.state.clone()), person=app.kinds[seat] == "person")
    app.timeline.skip()
    for _ in range(3):
        app.frame(dt=1 / 60)
    app.scoring_open = False
    app.screenshot(args.screenshot)
    app.close()
    print(f"wrote {args.screenshot}")
    return 0


def bench(args) -> int:
    app = build_app(args)
    app.kinds = [args.ai] * app.state.config.seats
    app.persons = []
    import time

    end = time.perf_counter() + args.bench
    while time.perf_counter() < end and app.running and not app.state.is_over:
        app.frame()
    stats = app.frame_stats()
    app.close()
    print(" ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}"
                   for k, v in stats.items()))
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.terminal:
        return terminal(args)
    if args.screenshot:
        return screenshot(args)
    if args.bench:
        return bench(args)
    app = build_app(args)
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
