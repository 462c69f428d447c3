"""`loyang`: the title screen, with New game, Continue, Load, the Solo challenge, High
scores, Rules, Statistics and Settings. Options start a game directly (for tests and docs):

    loyang --seats 2                you against an AI (normal), 2 players
    loyang --seats 3 --ai hard      you against two hard AIs
    loyang --seats 3 --hotseat      pass-and-play, three people at one screen
    loyang --solo --seed 7          the solo challenge
    loyang --load FILE              carry on a saved (or autosaved) game
    loyang --screenshot out.png --moves 40   the table after 40 moves, to a PNG
    loyang --screenshot out.png --scene title  a menu scene to a PNG (see --scene)
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
    parser.add_argument("--seats", type=int, default=None, choices=(1, 2, 3, 4))
    parser.add_argument("--solo", action="store_true", help="the solo game (1 seat)")
    parser.add_argument("--seed", type=int, default=None, help="deal (random if omitted)")
    parser.add_argument("--ai", default=None,
                        help=f"level of the AI seats (every seat but the first): "
                             f"{', '.join(AGENTS)}")
    parser.add_argument("--hotseat", "--pass-and-play", action="store_true", dest="hotseat",
                        help="every seat is a person at this screen")
    parser.add_argument("--kinds", default=None,
                        help="who plays each seat, comma-separated: person or an AI level")
    parser.add_argument("--intro", action="store_true", help="the Introductory version")
    parser.add_argument("--load", metavar="FILE", help="carry on a saved game")
    parser.add_argument("--size", default=None,
                        help="window size, e.g. 1024x640 (default: from the settings)")
    parser.add_argument("--fullscreen", action="store_true")
    parser.add_argument("--speed", default=None, choices=("off", "fast", "normal", "slow"),
                        help="animation speed")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="render the table after --moves moves to a PNG and exit")
    parser.add_argument("--scene", default=None, choices=SCENES,
                        help="with --screenshot: which scene to draw (default: the table)")
    parser.add_argument("--card", default=None,
                        help="with --scene rules or card: the card's code, e.g. H:Maid, S7")
    parser.add_argument("--moves", type=int, default=0,
                        help="with --screenshot: moves to play first (by built-in agents)")
    parser.add_argument("--bench", type=float, default=0.0, metavar="SECONDS",
                        help="play AI moves with animations for SECONDS and print frame times")
    parser.add_argument("--terminal", action="store_true",
                        help="no window: one game between agents, printed (old behaviour)")
    parser.add_argument("--agents", default=None, help="with --terminal: one agent per seat")
    args = parser.parse_args(argv)
    args.direct = bool(args.seats or args.solo or args.load or args.kinds or args.hotseat
                       or args.seed is not None or args.intro or args.ai)
    if args.solo:
        args.seats = 1
    args.seats = args.seats or 2
    args.ai = args.ai or "normal"
    return args


SCENES = ("title", "new", "solo", "load", "settings", "scores", "rules", "stats", "table",
          "pause", "save", "hint", "card")


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


def window_size(args) -> tuple[int, int] | None:
    if not args.size:
        return None
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        raise SystemExit(f"--size is WIDTHxHEIGHT, not {args.size!r}") from None
    return w, h


def build_app(args, **extra):
    from loyang_game.ui.app import App

    w, h = window_size(args) or (1280, 800)
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
    speed = "off" if args.screenshot else (args.speed or "normal")
    app = App(state, kinds, names, size=(w, h), game_id=game_id,
              autosave=not (args.screenshot or args.bench), speed=speed,
              ai_seed=state.config.seed, record=not (args.screenshot or args.bench), **extra)
    if args.fullscreen:
        app.toggle_fullscreen()
    return app


def play_moves(app, count: int) -> None:
    """Play `count` moves by built-in agents (for screenshots)."""
    agents = [make_agent("greedy" if "greedy" in AGENTS else "random", app.state.config.seed + i)
              for i in range(app.state.config.seats)]
    for _ in range(count):
        if app.state.is_over:
            break
        seat = app.state.current_player
        app.apply(agents[seat].choose(app.state.clone()), person=app.kinds[seat] == "person")
    app.timeline.skip()


def screenshot(args) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if args.scene:
        return scene_screenshot(args)
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


def scene_screenshot(args) -> int:
    """Draw one scene, as a player would see it, to a PNG."""
    from loyang_game.engine.cards import card_by_code, helper_id
    from loyang_game.ui import browse, menus, settings_scene
    from loyang_game.ui.scenes import Director
    from loyang_game.ui.table import TableScene

    d = Director(size=window_size(args) or (1280, 800), fullscreen=False, fps_cap=0)
    d.push(menus.TitleScene(d))
    name = args.scene
    card = None
    if args.card:
        card = helper_id(args.card[2:]) if args.card.startswith("H:") else card_by_code(
            args.card).id
    if name in ("table", "pause", "save", "hint", "card"):
        app = build_app(args, screen=d.screen, sprites=d.sprites, fps_cap=0)
        app.confirm_unserved = d.settings.confirm_unserved
        play_moves(app, args.moves)
        table = d.push(TableScene(d, app))
        if name != "hint":
            d.settings.hints = False
        for _ in range(3):
            d.frame(dt=1 / 60)
        app.scoring_open = False
        if name == "pause":
            d.push(menus.PauseScene(d, table))
        elif name == "save":
            d.push(menus.SaveScene(d, table))
        elif name == "card":
            target = next((t for t in app.L.targets if t[0] in ("helper", "regular", "stall",
                                                                 "casual", "hand", "field")
                           and (card is None or t[1] == card)), None)
            if target is not None:
                app.mouse = app.L.targets[target].center
                app.hover_target = app.card_at(app.mouse)
                app.hover_since = app.clock_time - 5
    else:
        scenes = {"new": menus.NewGameScene, "solo": menus.SoloScene, "load": browse.LoadScene,
                  "settings": settings_scene.SettingsScene, "scores": browse.HighScoresScene,
                  "stats": browse.StatsScene}
        if name == "rules":
            d.push(browse.RulesScene(d, card=card))
        elif name in scenes:
            d.push(scenes[name](d))
    d.mouse = (-1, -1) if name != "card" else d.mouse
    d.screenshot(args.screenshot)
    d.close()
    print(f"wrote {args.screenshot}")
    return 0


def run_menus(args) -> int:
    """The title screen; with game options, their game on top of it."""
    from loyang_game.ui.menus import TitleScene, start_table
    from loyang_game.ui.scenes import Director

    d = Director(size=window_size(args), fullscreen=True if args.fullscreen else None)
    if args.speed:
        d.settings.speed = args.speed
    d.push(TitleScene(d))
    if args.direct:
        if args.load:
            from loyang_game.ui.menus import resume

            problem = resume(d, args.load)
            if problem:
                d.find("title").message = problem
        else:
            seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3))
            state = new_game(GameConfig(seats=args.seats, seed=seed, introductory=args.intro))
            kinds = kinds_for(args, args.seats)
            from loyang_game.ui import theme

            start_table(d, state, kinds, list(theme.SEAT_NAMES[: args.seats]))
    d.run()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.terminal:
        return terminal(args)
    if args.screenshot:
        return screenshot(args)
    if args.bench:
        return bench(args)
    return run_menus(args)


if __name__ == "__main__":
    sys.exit(main())
