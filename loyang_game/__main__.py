"""`loyang`: the title screen, with New game, Continue, Load, the Solo challenge, High
scores, Rules, Statistics and Settings. Options start a game directly (for tests and docs):

    loyang --seats 2                you against an AI (normal), 2 players
    loyang --seats 3 --ai hard      you against two hard AIs
    loyang --seats 3 --hotseat      pass-and-play, three people at one screen
    loyang --solo --seed 7          the solo challenge
    loyang --load FILE              carry on a saved (or autosaved) game
    loyang --screenshot out.png --moves 40   the table after 40 moves, to a PNG
    loyang --screenshot out.png --scene title  a menu scene to a PNG (see --scene)
    loyang --screenshot out.png --scene save --save-name NAME   the Save dialog, NAME typed
    loyang --bench 20 --ai hard     AI seats play with animations; frame times printed
    loyang --bench 20 --hint        ... you (seat 1) play the coach's hints, asked on every
                                    decision: frame times while the hint thinks
    loyang --screenshot out.png --moves 12 --hint   the table with the coach's hint shown
    loyang --terminal               the old terminal game between agents
    loyang --version                the version, and nothing else

A mistake in the options (or a LOYANG_SAVE_DIR that is no usable folder) is told in one line,
and nothing starts; a save given with --load that cannot be loaded is said on the title
screen, with the reason, and the game opens there. The window's modules are
imported only once a window is wanted, so the terminal game and the option checks never load
pygame.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
import time
from pathlib import Path

from ai.agents import PLAYER_LEVELS, make_agent
from ai.play import play_game
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import card_by_code, helper_id
from loyang_game.files import logs
from loyang_game.files.paths import PROJECT_DIR, in_checkout, save_dir_problem, settle_save_dir
from loyang_game.files.save import MAX_NAME, SaveError, load_with_info, validate_seed
from loyang_game.files.settings import MAX_SIZE, MIN_SIZE, stored_language
from loyang_game.files.settings import load as load_settings
from loyang_game.play.session import SEAT_NAMES, GameSession, playable_kinds
from loyang_game.text.log import log_lines
from loyang_game.words import (
    LANGUAGES,
    N_,
    NATIVE_NAMES,
    PSEUDO,
    _,
    language_of,
    ngettext,
    set_language,
)

SCENES = ("title", "new", "solo", "load", "settings", "scores", "rules", "stats", "table",
          "pause", "save", "hint", "card")
TABLE_SCENES = ("table", "pause", "save", "hint", "card")
# What `loyang --help` says above the options (translated: the words layer's catalogues).
DESCRIPTION = N_("""`loyang`: the title screen, with New game, Continue, Load, the Solo challenge,
High scores, Rules, Statistics and Settings. Options start a game directly:

    loyang --seats 2                you against an AI (normal), 2 players
    loyang --seats 3 --ai hard      you against two hard AIs
    loyang --seats 3 --hotseat      pass-and-play, three people at one screen
    loyang --solo --seed 7          the solo challenge
    loyang --load FILE              carry on a saved (or autosaved) game
    loyang --lang de                this run in German (en, de, it, fr)
    loyang --screenshot out.png --moves 40   the table after 40 moves, to a PNG
    loyang --screenshot out.png --scene title  a menu scene to a PNG (see --scene)
    loyang --bench 20 --ai hard     AI seats play with animations; frame times printed
    loyang --terminal               a game between agents, printed
    loyang --version                the version, and nothing else""")


class Parser(argparse.ArgumentParser):
    def error(self, message: str):
        """One line, no usage block: what was wrong."""
        self.exit(2, f"{self.prog}: {message}\n")


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, its own words ("usage:") in the game's language too."""

    def add_usage(self, usage, actions, groups, prefix=None):
        super().add_usage(usage, actions, groups, prefix or _("usage: "))


def language_code(value: str) -> str:
    """--lang's value as a language code: "de" for "de", "DE", "de_DE" or "de-AT" (one the
    game does not speak is left as it is, for argparse to refuse with the list)."""
    code = language_of(value)
    return code if code in LANGUAGES or code == PSEUDO else value


def chosen_language(argv: list[str]) -> str:
    """The language of this run: --lang's (as argparse reads it: `--lang de`, `--lang=de`, or
    the option cut short, `--lan de`; an unknown one is argparse's to refuse), else the one
    chosen in Settings, else the system's."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        name, equals, value = arg.partition("=")
        if len(name) >= 4 and "--lang".startswith(name):  # --la, --lan, --lang: argparse's
            if equals:
                return language_code(value)
            if i + 1 < len(argv):
                return language_code(argv[i + 1])
    return stored_language()


def version() -> str:
    """The game's version: the installed package's metadata (which the download carries
    too), or, run from a checkout, its pyproject.toml (what runs is the checkout's code,
    whatever copy may be installed besides)."""
    if in_checkout():
        import tomllib

        try:
            with open(PROJECT_DIR / "pyproject.toml", "rb") as file:
                return str(tomllib.load(file)["project"]["version"])
        except (OSError, KeyError, tomllib.TOMLDecodeError):
            pass
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed_version

    try:
        return installed_version("loyang")
    except PackageNotFoundError:
        return "unknown"


class VersionAction(argparse.Action):
    """--version: "loyang X.Y.Z" on stdout, and nothing starts (the version looked up only
    when asked for)."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, default=argparse.SUPPRESS,
                 help=None):
        super().__init__(option_strings, dest=dest, default=default, nargs=0, help=help)

    def __call__(self, parser, namespace, values, option_string=None):
        print(f"loyang {version()}")
        parser.exit()


def seed_option(text: str) -> int:
    """--seed: a whole number within 64 bits, or the one-line reason it is not."""
    try:
        return validate_seed(text)
    except ValueError as error:  # argparse shows only this kind of error's own words
        raise argparse.ArgumentTypeError(str(error)) from None


def standings_lines(state, names) -> list[str]:
    lines = ["", _("Final standings (position after Loans, then Cash, then vegetables):")]
    for row in sorted(state.standings(), key=lambda r: r["place"]):
        lines.append("  " + ngettext(
            "{place}. {name}  space {space}  ({n} Loan)  Cash {cash}  vegetables {vegetables}",
            "{place}. {name}  space {space}  ({n} Loans)  Cash {cash}  vegetables {vegetables}",
            row["loans"], place=row["place"], name=format(names[row["seat"]], "<8"),
            space=format(row["position"], ">3"), cash=format(row["cash"], ">3"),
            vegetables=row["vegetables"]))
    return lines


def parse(argv: list[str] | None) -> argparse.Namespace:
    argv = sys.argv[1:] if argv is None else list(argv)
    set_language(chosen_language(argv))
    parser = Parser(prog="loyang", description=_(DESCRIPTION), formatter_class=HelpFormatter,
                    add_help=False)
    parser._optionals.title = _("options")
    parser.add_argument("-h", "--help", action="help", help=_("show this help and stop"))
    parser.add_argument("--version", action=VersionAction, help=_("print the version and stop"))
    parser.add_argument("--lang", default=None, type=language_code,
                        choices=(*LANGUAGES, PSEUDO), metavar="LANG",
                        help=_("the language of this run: {languages} (default: the one "
                               "chosen in Settings, else the system's)",
                               languages=", ".join(f"{code} ({NATIVE_NAMES[code]})"
                                                   for code in LANGUAGES)))
    parser.add_argument("--seats", type=int, default=None, choices=(1, 2, 3, 4),
                        help=_("number of players, 1 to 4"))
    parser.add_argument("--solo", action="store_true", help=_("the solo game (1 seat)"))
    parser.add_argument("--seed", type=seed_option, default=None,
                        help=_("deal (random if omitted)"))
    parser.add_argument("--ai", default=None, choices=PLAYER_LEVELS,
                        help=_("level of the AI seats (every seat but the first)"))
    parser.add_argument("--hotseat", "--pass-and-play", action="store_true", dest="hotseat",
                        help=_("every seat is a person at this screen"))
    parser.add_argument("--kinds", default=None,
                        help=_("who plays each seat, comma-separated: person or an AI level"))
    parser.add_argument("--intro", action="store_true", help=_("the Introductory version"))
    parser.add_argument("--load", metavar="FILE", help=_("carry on a saved game"))
    parser.add_argument("--size", default=None,
                        help=_("window size, e.g. 1024x640 (default: from the settings)"))
    parser.add_argument("--fullscreen", action="store_true", help=_("start in full screen"))
    parser.add_argument("--speed", default=None, choices=("off", "fast", "normal", "slow"),
                        help=_("animation speed"))
    parser.add_argument("--screenshot", metavar="PATH",
                        help=_("render the table after --moves moves to a PNG and exit"))
    parser.add_argument("--scene", default=None, choices=SCENES,
                        help=_("with --screenshot: which scene to draw (default: the table)"))
    parser.add_argument("--card", default=None,
                        help=_("with --scene rules or card: the card's code, e.g. H:Maid, S7"))
    parser.add_argument("--save-name", metavar="NAME", default=None,
                        help=_("with --scene save: the name typed; a taken one shows the "
                               "question asked before replacing a save (nothing is saved)"))
    parser.add_argument("--moves", type=int, default=0,
                        help=_("with --screenshot: moves to play first (by built-in agents)"))
    parser.add_argument("--bench", type=float, default=0.0, metavar="SECONDS",
                        help=_("play AI moves with animations for SECONDS and print frame "
                               "times"))
    parser.add_argument("--hint", action="store_true",
                        help=_("with --bench or --screenshot: the coach's hint for seat 1"))
    parser.add_argument("--terminal", action="store_true",
                        help=_("no window: one game between agents, printed (old behaviour)"))
    parser.add_argument("--agents", default=None,
                        help=_("with --terminal: an AI level per seat, comma-separated"))
    args = parser.parse_args(argv)
    args.direct = bool(args.seats or args.solo or args.load or args.kinds or args.hotseat
                       or args.seed is not None or args.intro or args.ai)
    if args.solo:
        if args.seats not in (None, 1):
            parser.error(_("--solo is one seat, not --seats {seats}", seats=args.seats))
        args.seats = 1
    args.seats = args.seats or 2
    args.ai = args.ai or "normal"
    if args.intro and args.seats == 1:
        parser.error(_("the Introductory version is for 2 to 4 players, not the solo game"))
    if args.save_name is not None and args.scene != "save":
        parser.error(_("--save-name goes with --scene save"))
    if args.moves < 0 or args.bench < 0:
        parser.error(_("--moves and --bench count up from 0"))
    if args.hint and not (args.bench or (args.screenshot and args.scene in (None, "table"))):
        parser.error(_("--hint goes with --bench or a --screenshot of the table"))
    args.size = window_size(parser, args.size)
    args.card = card_of(parser, args.card)
    args.kinds = kinds_of(parser, args)
    if args.screenshot and not Path(args.screenshot).resolve().parent.is_dir():
        parser.error(_("--screenshot: there is no folder {folder}",
                             folder=Path(args.screenshot).parent))
    if args.terminal:
        args.agents = agents_of(parser, args)
    return args


def window_size(parser: argparse.ArgumentParser, size: str | None) -> tuple[int, int] | None:
    """WIDTHxHEIGHT within the sizes a window (or a screenshot) can have: from the smallest
    the table is laid out for to an 8K screen, so a typo never asks for gigabytes."""
    if not size:
        return None
    found = re.fullmatch(r"([0-9]{1,6})[xX]([0-9]{1,6})", size.strip())
    if not found:
        parser.error(_("--size is WIDTHxHEIGHT in pixels, e.g. 1280x800, not {size}",
                       size=format(repr(size), ".40")))
    w, h = int(found.group(1)), int(found.group(2))
    if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
        parser.error(_("--size {size} is outside {smallest} to {largest}", size=by(w, h),
                       smallest=by(*MIN_SIZE), largest=by(*MAX_SIZE)))
    return w, h


def by(width: int, height: int) -> str:
    """A size as --size takes it: '1024x640'."""
    return "x".join((str(width), str(height)))


def card_of(parser: argparse.ArgumentParser, code: str | None) -> int | None:
    """The card id for --card: a code as in docs/rules/CARDS.md (S7) or H: and a Helper's name."""
    if code is None:
        return None
    try:
        return helper_id(code[2:]) if code.startswith("H:") else card_by_code(code).id
    except KeyError:
        parser.error(_("--card: no card {code} (a code such as S7 or R12, or H:Maid)",
                       code=repr(code)))


def kinds_of(parser: argparse.ArgumentParser, args) -> list[str]:
    """Who plays each seat: --kinds, or the first seat a person and the rest --ai."""
    seats = args.seats
    if args.kinds:
        kinds = [k.strip() for k in args.kinds.split(",")]
        if len(kinds) != seats:
            parser.error(ngettext("--kinds names {n} player for {seats} seats",
                                  "--kinds names {n} players for {seats} seats", len(kinds),
                                  seats=seats))
    elif args.hotseat or seats == 1:
        kinds = ["person"] * seats
    else:
        kinds = ["person"] + [args.ai] * (seats - 1)
    for k in kinds:
        if k != "person" and k not in PLAYER_LEVELS:
            parser.error(_("unknown player kind {kind}: person or one of {levels}",
                           kind=repr(k), levels=", ".join(PLAYER_LEVELS)))
    return kinds


def agents_of(parser: argparse.ArgumentParser, args) -> list[str]:
    seats = 1 if args.solo else max(2, args.seats)
    names = (args.agents or ",".join(["random"] * seats)).split(",")
    if len(names) != seats:
        parser.error(ngettext("--agents names {n} agent for {seats} seats",
                              "--agents names {n} agents for {seats} seats", len(names),
                              seats=seats))
    for name in names:
        if name not in PLAYER_LEVELS:
            parser.error(_("--agents: no agent {name}: one of {levels}", name=repr(name),
                           levels=", ".join(PLAYER_LEVELS)))
    return names


def terminal(args) -> int:
    seats = len(args.agents)
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4))
    names = list(SEAT_NAMES[:seats])
    agents = [make_agent(name, seed + i) for i, name in enumerate(args.agents)]
    config = GameConfig(seats=seats, seed=seed, introductory=args.intro)
    log: list[str] = []
    state, _events = play_game(config, agents, log, names, tell=log_lines)
    print(_("At the Gates of Loyang: {seats} players, seed {seed}", seats=seats, seed=str(seed)))
    print("\n".join(log + standings_lines(state, names)))
    return 0


def new_state(args):
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(3))
    return new_game(GameConfig(seats=args.seats, seed=seed, introductory=args.intro))


def tool_game(args, kinds: list[str]) -> GameSession:
    """A game for a screenshot or the bench: never autosaved or put on record."""
    if args.load:
        try:
            state, info = load_with_info(args.load)
        except SaveError as error:
            raise SystemExit(f"loyang: {error}") from None
        kinds = playable_kinds(info.kinds)
        names = list(info.names)
    else:
        state, names = new_state(args), None
    return GameSession(state, kinds, names, autosave=False, record=False,
                       ai_seed=state.config.seed)


def play_moves(game: GameSession, count: int) -> None:
    """Play `count` moves by built-in agents (for screenshots)."""
    agents = [make_agent("greedy", game.state.config.seed + i)
              for i in range(game.state.config.seats)]
    for _move in range(count):
        if game.state.is_over:
            break
        seat = game.state.to_move
        game.apply(agents[seat].choose(game.state.clone()), person=game.is_person(seat))


def director(**options):
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES as registry

    return Director(registry, **options)


def screenshot(args) -> int:
    """Draw one scene, as a player would see it, to a PNG."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame  # the window's modules only once a window is wanted (module docstring)

    name = args.scene or "table"
    settings = load_settings()
    if name in TABLE_SCENES:
        settings.hints = name == "hint"
    d = director(settings=settings, size=args.size or (1280, 800), fullscreen=False, fps_cap=0)
    d.open("title")
    if name in TABLE_SCENES:
        game = tool_game(args, args.kinds)
        play_moves(game, args.moves)
        table = d.open("table", game=game)
        for _frame in range(3):
            d.frame(dt=1 / 60)
        table.show_scores(False)
        if name in ("pause", "save"):
            dialog = d.open(name, game=game, tell=table.toast)
            if args.save_name is not None:
                dialog.field.value = args.save_name[:MAX_NAME]
                dialog.ask_before_replacing(dialog.field.value.strip())
        elif name == "card":
            targets = table.view.L.targets
            target = next((t for t in targets if t[0] in ("helper", "regular", "stall", "casual",
                                                          "hand", "field")
                           and (args.card is None or t[1] == args.card)), None)
            if target is not None:
                table.view.point_at(targets[target].center, long=True)
        elif args.hint:
            await_hint(table)
    elif name == "rules":
        d.open("rules", card=args.card)
    elif name != "title":
        d.open(name)
    try:
        d.screenshot(args.screenshot)
    except (pygame.error, OSError) as error:  # a folder that cannot be written, a bad suffix
        raise SystemExit(_("loyang: --screenshot: {error}", error=error)) from None
    finally:
        d.close()
    print(_("wrote {path}", path=args.screenshot))
    return 0


def await_hint(table) -> None:
    """--screenshot --hint: ask the coach about seat 1's decision and draw until it is shown."""
    problem = table.hint_problem() or table.game.ask_hint()
    if problem:
        table.d.close()
        raise SystemExit(_("loyang: --hint: {problem}", problem=problem))
    while table.game.hint is None and table.game.coach.thinking:
        table.d.frame(dt=1 / 60)


def follow_hints(table) -> int:
    """--bench --hint, each frame: on seat 1's decision ask the coach, then make the move it
    suggests (as its clicks would); 1 when a hint was followed."""
    game = table.game
    if table.timeline.busy or table.hint_problem():
        return 0
    if game.hint is not None:
        table.apply(game.hint.move, person=True)
        return 1
    if not game.coach.thinking:
        table.ask_hint()
    return 0


def bench(args) -> int:
    """AI seats play with animations for `args.bench` seconds; frame statistics printed.
    `--hint`: seat 1 plays the coach's hints, so the coach thinks on every decision of it."""
    kinds = [args.ai] * args.seats
    if args.hint:
        kinds[0] = "person"
    game = tool_game(args, kinds)
    settings = load_settings()
    settings.speed = args.speed or "normal"
    settings.hints = False  # the first-game guide would wait for a click
    d = director(settings=settings, size=args.size or (1280, 800), fullscreen=False)
    table = d.open("table", game=game)
    hints, thinking = 0, []  # hints followed; the frames drawn while the coach thought
    end = time.perf_counter() + args.bench
    while time.perf_counter() < end and d.running and not game.state.is_over:
        if args.hint:
            hints += follow_hints(table)
        coaching = game.coach.thinking
        d.frame()
        if coaching and len(d.frame_log) > 10:
            thinking.append(len(d.frame_log) - 1)
    stats = {**d.frame_stats(), "moves": len(game.state.moves())}
    if args.hint:
        while_hint = d.frame_stats(only=thinking)
        stats.update(hints=hints, **{f"hint_{k}": v for k, v in while_hint.items()
                                     if k in ("frames", "fps", "p99_ms", "work_p99_ms")})
    d.close()
    print(" ".join(f"{k}={v:.2f}" if isinstance(v, float) else f"{k}={v}"
                   for k, v in stats.items()))
    return 0


def run_menus(args) -> int:
    """The title screen; with game options, their game on top of it."""
    from loyang_game.ui.start import resume, start_table

    moved = settle_save_dir()  # an older copy's save folder moved over, before the log opens
    logs.start()
    if moved.note:
        logging.getLogger("loyang_game.files.paths").log(moved.level, moved.note)
    settings = load_settings()
    if args.speed:
        settings.speed = args.speed
    d = director(settings=settings, size=args.size, fullscreen=True if args.fullscreen else None)
    title = d.open("title")
    if moved.kept_old and moved.note:
        title.tell(moved.note[0].upper() + moved.note[1:])
    if args.direct:
        if args.load:
            refusal = resume(d, args.load)
            if refusal:
                title.tell(refusal.message)
        else:
            start_table(d, new_state(args), args.kinds, list(SEAT_NAMES[: args.seats]))
    d.run()
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if args.terminal:
        return terminal(args)
    problem = save_dir_problem()
    if problem:
        print(f"loyang: {problem}", file=sys.stderr)
        return 2
    from loyang_game.ui.director import NoDisplay

    try:
        if args.screenshot:
            return screenshot(args)
        if args.bench:
            return bench(args)
        return run_menus(args)
    except NoDisplay as error:
        print(_("loyang: no display to open a window on ({error}).", error=error),
              file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
