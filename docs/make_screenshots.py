"""Draw the README's screenshots of every scene at 1280x800 (the table, the coach's hint,
the end of a game, the replay, the review, the table's questions, a raised Offer card, a
hand of six cards, a Helper's rules page and three moments of the tutorial at 1024x640 too,
and the two-player table at 2560x1600) into docs/.

    python3 docs/make_screenshots.py
    python3 docs/make_screenshots.py --pointing /tmp/shots46   (issue 46's choices only)
    python3 docs/make_screenshots.py --table   (the table's, its hint's and questions' only)
    python3 docs/make_screenshots.py --lang de   (issue 47's pictures in German, into docs/de/)

A throw-away save folder is filled first (a few saves, one damaged file, finished games for
the statistics and the high-score table), so the menus show what a player would see.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

DOCS = Path(__file__).resolve().parent
sys.path.insert(0, str(DOCS.parent))


def on_copies(agents):
    """A `choose` for `engine.play`: the seat's agent chooses, on a copy of the game."""
    return lambda state: agents[state.to_move].choose(state.clone())


@contextlib.contextmanager
def saves_home() -> Iterator[dict[str, str]]:
    """The environment of a game run under a home of its own, its save folder filled
    (`fill`) where an installed copy keeps it: the Save dialog shows
    "~/.local/share/loyang/saves", as a player's would."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / ".local" / "share" / "loyang" / "saves"
        folder.mkdir(parents=True)
        fill(folder)
        yield {**os.environ, "LOYANG_SAVE_DIR": str(folder), "HOME": tmp,
               "SDL_VIDEODRIVER": "dummy"}


def fill(folder: Path) -> None:
    os.environ["LOYANG_SAVE_DIR"] = str(folder)
    from ai.agents import make_agent
    from loyang_game.engine import GameConfig, new_game, play
    from loyang_game.engine.solo import band as solo_band
    from loyang_game.files import highscores, records
    from loyang_game.files.save import autosave, save_game

    def game(seats, seed, levels, moves=None):
        state = new_game(GameConfig(seats=seats, seed=seed))
        agents = [make_agent(lv, seed + i) for i, lv in enumerate(levels)]
        play(state, on_copies(agents), limit=moves)
        return state

    names = ["Anna", "Bao", "Chen", "Dara"]
    book = records.load()
    for i, (kinds, levels) in enumerate([
            (["person", "easy"], ["greedy", "random"]),
            (["person", "normal", "normal"], ["greedy", "random", "random"]),
            (["person", "hard"], ["random", "greedy"]),
            (["person", "easy", "normal", "hard"], ["greedy", "random", "random", "random"]),
            (["person", "easy"], ["greedy", "random"])]):
        state = game(len(kinds), 100 + i, levels)
        book.add(records.entry_of(state, kinds, names[:len(kinds)],
                                  date.today() - timedelta(days=9 - i)))
    table = highscores.load()
    for i, who in enumerate(["Anna", "Mei", "Anna", "Jun", "Lin", "Anna"]):
        seed = highscores.daily_seed() if i % 3 == 0 else 5000 + i
        state = game(1, seed, ["greedy"])
        table.add(highscores.result_of(state, who, date.today() - timedelta(days=i % 2)))
        book.add(records.entry_of(state, ["person"], [who]))
    # Example entries, so that the screenshot shows every band's colour.
    for who, score, cash in (("Mei", 19, 12), ("Jun", 18, 4), ("Lin", 17, 9)):
        table.add(highscores.Result(who, date.today().isoformat(), highscores.daily_seed(),
                                    score, solo_band(score), cash, 6))
    state = game(3, 7, ["greedy", "random", "random"], moves=120)
    save_game(state, folder / "evening-game.msgpack", seat_kinds=["person", "hard", "normal"],
              names=names[:3], title="Evening game with two AIs")
    state = game(2, 8, ["greedy", "random"], moves=60)
    autosave(state, "game-demo", seat_kinds=["person", "normal"], names=names[:2])
    state = game(4, 9, ["greedy", "random", "random", "random"], moves=30)
    save_game(state, folder / "family.msgpack", seat_kinds=["person"] * 4, names=names,
              title="Family table (pass and play)")
    (folder / "old-laptop.msgpack").write_bytes(b"\x82\xa6format\xa4junk")


def replay_shots() -> None:
    """The Replay scene at both sizes: a finished three-player game at a Card phase of round
    4, the person's hand shown."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from ai.agents import make_agent
    from loyang_game.engine import GameConfig, flow, new_game, play
    from loyang_game.files.settings import Settings
    from loyang_game.play.replay import Replay
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES

    state = new_game(GameConfig(seats=3, seed=7))
    agents = [make_agent(level, 7 + i) for i, level in enumerate(["greedy", "greedy", "random"])]
    play(state, on_copies(agents))
    replay = Replay.of_game(state, ["Anna", "Bao", "Chen"], ["person", "hard", "normal"])
    at = next(step for step in range(replay.round_starts()[4], len(replay))
              if replay.seats[step] == 0 and flow.decision(replay.state_at(step)) == "cards")
    for size in ((1280, 800), (1024, 640)):
        d = Director(SCENES, Settings(hints=False), size=size, fullscreen=False, fps_cap=0)
        d.open("replay", replay=replay, at=at, viewer=0)
        d.frame(dt=1 / 60)
        d.screenshot(str(DOCS / f"replay-{size[0]}x{size[1]}.png"))
        d.close()


def finished_game():
    """A whole two-player game (greedy against normal, quick to play): its final state."""
    from ai.agents import make_agent
    from loyang_game.engine import GameConfig, new_game, play

    state = new_game(GameConfig(seats=2, seed=7))
    agents = [make_agent("greedy", 7), make_agent("normal", 8, deterministic=True)]
    play(state, on_copies(agents))
    return state


def end_and_review_shots(out: Path = DOCS, sizes=((1280, 800), (1024, 640))) -> None:
    """The end-of-game panel and the review of the person's decisions, at both sizes."""
    import time

    from loyang_game.files.settings import Settings
    from loyang_game.play.replay import Replay
    from loyang_game.play.session import GameSession
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES

    state = finished_game()
    names, kinds = ["Anna", "Bao"], ["person", "hard"]
    for size in sizes:
        d = Director(SCENES, Settings(hints=False, speed="off"), size=size, fullscreen=False,
                     fps_cap=0)
        d.open("title")
        d.open("table", game=GameSession(state.clone(), kinds, names, autosave=False,
                                         record=False))
        while not d.top.scoring_open:
            d.frame(dt=1 / 60)
        d.frame(dt=1 / 60)
        d.screenshot(str(out / f"end-{size[0]}x{size[1]}.png"))
        review = d.open("review", replay=Replay.of_game(state, names, kinds), seat=0)
        while review.findings is None:
            d.frame(dt=1 / 60)
            time.sleep(0.01)
        d.frame(dt=1 / 60)
        d.screenshot(str(out / f"review-{size[0]}x{size[1]}.png"))
        d.close()


def person_at(state, seat: int, size):
    """The table of `state` with a person at `seat` (AIs elsewhere), drawn once."""
    from loyang_game.files.settings import Settings
    from loyang_game.play.session import GameSession
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES

    kinds = ["normal"] * state.config.seats
    kinds[seat] = "person"
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    app = d.open("table", game=GameSession(state, kinds, ai_seed=1, autosave=False,
                                           record=False))
    d.frame(dt=1 / 60)
    return d, app


def rest_on(d, app, target) -> None:
    """The pointer resting on `target` long enough for what it shows there."""
    app.view.point_at(app.view.position_of(target))
    app.clock_time += 2.0
    d.frame(dt=1 / 60)


def choice_shots() -> None:
    """The questions the table asks, and a card read where it lies, at both sizes: ending the
    Action phase with a due customer unserved, the Harvest helper's choices (the pointer on
    one lights its fields), and an Offer card of the solo game the pointer rests on."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from loyang_game.engine import GameConfig, new_game
    from tests.engine.helper_scenarios import C, T, W, put_regular, to_harvest_decision, turn
    from tests.engine.scenario import put
    from tests.engine.test_helper_fields import private

    for size in ((1280, 800), (1024, 640)):
        tag = f"{size[0]}x{size[1]}"
        s, seat = turn()
        put_regular(s, seat, "R1")
        d, app = person_at(s, seat, size)
        app.click(app.view.position_of(("btn", "end")))
        d.frame(dt=1 / 60)
        d.screenshot(str(DOCS / f"unserved-{tag}.png"))
        d.close()

        s, seat = turn()
        helper = put(s, seat, "Harvest helper").card
        for veg, n in ((C, 4), (W, 5), (T, 3)):
            put(s, seat, private(s, seat), veg=veg, count=n)
        to_harvest_decision(s, seat)
        d, app = person_at(s, seat, size)
        app.click(app.view.position_of(("helper", helper)))
        d.frame(dt=1 / 60)
        option = next(t for t in app.view.overlay_targets if t[0] == "opt")
        app.view.point_at(app.view.overlay_targets[option].center)
        d.frame(dt=1 / 60)
        d.screenshot(str(DOCS / f"harvest-helper-{tag}.png"))
        d.close()

        d, app = person_at(new_game(GameConfig(seats=1, seed=5)), 0, size)
        offer = [t for t in app.view.L.targets if t[0] == "offer"]
        rest_on(d, app, offer[4])
        d.screenshot(str(DOCS / f"offer-card-{tag}.png"))
        d.close()


def pointing_shots(out: Path) -> None:
    """Issue 46's choices made by pointing at the table, at both sizes, into `out`: a
    Squire's take (the hand card and two Courtyard cards picked), the Book-keeper (a field
    picked, then the Shop being set on its spaces), the Market crier (two goods picked), the
    Trader (an offer picked on the other player's board, then a Wheat from the Cart), and a
    hint shown while a dialog is open (the coach asked first, then the Saleswoman's choice)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from loyang_game.files.settings import Settings
    from loyang_game.play.coach import Coach
    from loyang_game.play.session import GameSession
    from loyang_game.tutorial import script
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES
    from tests.engine.helper_scenarios import (
        B,
        C,
        L,
        P,
        T,
        W,
        card_turn,
        set_courtyard,
        set_hand,
        turn,
    )
    from tests.engine.scenario import put, set_player
    from tests.engine.test_helper_fields import private

    out.mkdir(parents=True, exist_ok=True)

    def clicks(d, app, *targets) -> None:
        for target in targets:
            app.click(app.view.position_of(target))
            d.frame(dt=1 / 60)
        app.view.point_at((app.d.size[0] // 2, 4))  # the pointer off the board
        for _ in range(3):
            d.frame(dt=1 / 60)

    for size in ((1280, 800), (1024, 640)):
        tag = f"{size[0]}x{size[1]}"
        s, seat = card_turn(4, 3)
        squire = put(s, seat, "Squire").card
        k13, *_ = set_hand(s, seat, ["K13", "R2", "S12", "K5"])
        s3, _r14, _k9, maid, _s7 = set_courtyard(s, ["S3", "R14", "K9", "Maid", "S7"])
        d, app = person_at(s, seat, size)
        clicks(d, app, ("helper", squire), ("court", maid), ("hand", k13), ("court", s3))
        d.screenshot(str(out / f"squire-{tag}.png"))
        d.close()

        s, seat = turn(2, 3)
        keeper = put(s, seat, "Book-keeper").card
        f1 = put(s, seat, private(s, seat), veg=C, count=4).card
        put(s, seat, private(s, seat), veg=C, count=2)
        put(s, seat, private(s, seat), veg=T, count=3)
        set_player(s, seat, shop={W: 2, P: 2, T: 1, C: 0, B: 1, L: 1})
        d, app = person_at(s, seat, size)
        clicks(d, app, ("helper", keeper), ("field", f1))
        d.screenshot(str(out / f"bookkeeper-{tag}.png"))
        clicks(d, app, ("btn", "confirm"), ("space", W, 3), ("space", P, 1), ("space", C, 2))
        d.screenshot(str(out / f"bookkeeper-shop-{tag}.png"))
        d.close()

        s, seat = turn(2, 3)
        crier = put(s, seat, "Market crier").card
        s3 = put(s, seat, "S3").card
        s7 = put(s, seat, "S7", mask=0b011).card
        set_player(s, seat, shop={W: 1, P: 0, T: 0, C: 0, B: 0, L: 0})
        d, app = person_at(s, seat, size)
        clicks(d, app, ("helper", crier), ("stall", s3, 2), ("stall", s7, 0))
        d.screenshot(str(out / f"crier-{tag}.png"))
        for _ in range(3):  # the keyboard's place: Tab steps through what is lit
            app.cursor.move(1, app.view.key_targets(app.view.layout()))
        d.frame(dt=1 / 60)
        d.screenshot(str(out / f"crier-keyboard-{tag}.png"))
        d.close()

        s, seat = turn(2, 3)
        trader = put(s, seat, "Trader").card
        s6 = put(s, 1 - seat, "S6").card
        put(s, 1 - seat, "S2")
        set_player(s, seat, cart={W: 2, P: 1})
        d, app = person_at(s, seat, size)
        clicks(d, app, ("helper", trader))
        d.screenshot(str(out / f"trader-stalls-{tag}.png"))
        clicks(d, app, ("stall", s6, 0), ("cart", W))
        d.screenshot(str(out / f"trader-cart-{tag}.png"))
        d.close()

        state = script.run_to(5, 2)
        saleswoman = put(state, state.current_player, "Saleswoman").card
        d = Director(SCENES, Settings(speed="off", hints=False), size=size,
                     fullscreen=False, fps_cap=0)
        game = GameSession(state, ["person", "normal"], ai_seed=3, autosave=False,
                           record=False,
                           coach=Coach("hard:act_iterations=24,other_iterations=12",
                                       deterministic=True))
        app = d.open("table", game=game)
        for _ in range(5):
            d.frame(dt=1 / 60)
        app.ask_hint()
        for _ in range(6000):
            d.frame(dt=1 / 60)
            if not game.coach.thinking:
                break
        clicks(d, app, ("helper", saleswoman))
        d.screenshot(str(out / f"hint-dialog-{tag}.png"))
        d.close()


def hand_shots(out: Path = DOCS) -> None:
    """A hand of six cards on the bottom bar at both sizes: a two-player game played on to
    the person's Card phase of round 3, its hand made six cards of every kind (two stalls,
    a Regular and a Casual customer, two Helpers) taken from the draw pile."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from loyang_game.engine import GameConfig, flow, new_game
    from loyang_game.engine.cards import CARDS
    from tests.engine.helper_scenarios import advance, set_hand

    state = new_game(GameConfig(seats=2, seed=3))
    advance(state, lambda s: flow.decision(s) == "cards" and s.round >= 3
            and s.current_player == 0)
    wanted = {"stall": 2, "regular": 1, "casual": 1, "helper": 2}
    refs = []
    for card in state.draw:
        c = CARDS[card]
        if wanted.get(c.kind, 0) > 0:
            wanted[c.kind] -= 1
            refs.append(c.code if c.kind != "helper" else c.name)
    set_hand(state, 0, refs)
    for size in ((1280, 800), (1024, 640)):
        d, _app = person_at(state.clone(), 0, size)
        d.screenshot(str(out / f"hand-six-{size[0]}x{size[1]}.png"))
        d.close()


def big_shots(env: dict, out: Path = DOCS) -> None:
    """One table at 2560x1600 (the two-player table of the README, drawn at twice the
    design size: every piece and word drawn at its size, nothing scaled up)."""
    subprocess.run([sys.executable, "-m", "loyang_game", "--screenshot",
                    str(out / "table-2seat-2560x1600.png"), "--size", "2560x1600", "--seats",
                    "2", "--seed", "3", "--moves", "60"], check=True, env=env, cwd=DOCS.parent)


def rules_shots(env: dict, out: Path = DOCS) -> None:
    """A Helper's rules page at 1024x640 too (the 1280x800 one is among the scenes')."""
    subprocess.run([sys.executable, "-m", "loyang_game", "--screenshot",
                    str(out / "scene-rules-helper-1024x640.png"), "--size", "1024x640",
                    "--scene", "rules", "--card", "H:Foreman"], check=True, env=env,
                   cwd=DOCS.parent)


def tutorial_shots(out: Path = DOCS, sizes=((1280, 800), (1024, 640)),
                   names=("cards", "twopack", "path")) -> None:
    """Moments of the tutorial (`names`) at both sizes: the Card phase's take, the Two-pack's
    keep, the Path's two steps; reached by following its guided clicks (a step known by its
    English words, the message the step shows in any language)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from loyang_game.files.settings import Settings
    from loyang_game.tutorial import script
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES

    shots = (("The Card phase", "Now take:", "cards"), ("The Two-pack", "Keep both", "twopack"),
             ("The Path of Prosperity", "two steps", "path"))
    titles = [chapter.title for chapter in script.CHAPTERS]
    for size in sizes:
        for title, words, name in (shot for shot in shots if shot[2] in names):
            d = Director(SCENES, Settings(hints=False), size=size, fullscreen=False,
                         fps_cap=0)
            scene = d.open("tutorial", chapter=titles.index(title))
            for _ in range(3000):
                d.frame(dt=1 / 60)
                if scene.timeline.busy or not (scene.person_to_play() or scene.current.move
                                               is None):
                    continue
                if words in scene.current.text:
                    break
                if "next" in scene.buttons_now():
                    scene.panel_click("next")
                elif scene.lit() is not None:
                    scene.click(scene.view.position_of(scene.lit()))
            else:
                raise RuntimeError(f"the tutorial never said {words!r}")
            for _ in range(30):
                d.frame(dt=1 / 60)
            d.screenshot(str(out / f"tutorial-{name}-{size[0]}x{size[1]}.png"))
            d.close()


def table_shots(env: dict) -> None:
    """The table of 2, 4 and 1 players and the coach's hint, at both sizes, drawn by the
    game's own --screenshot (`env`: a save folder of their own)."""
    tables = {"2seat": ["--seats", "2", "--seed", "3", "--moves", "60"],
              "4seat": ["--seats", "4", "--seed", "5", "--moves", "90"],
              "solo": ["--solo", "--seed", "7", "--moves", "40"]}
    for name, args in tables.items():
        for size in ("1280x800", "1024x640"):
            out = DOCS / f"table-{name}-{size}.png"
            subprocess.run([sys.executable, "-m", "loyang_game", "--screenshot", str(out),
                            "--size", size, *args], check=True, env=env, cwd=DOCS.parent)
    for size in ("1280x800", "1024x640"):
        out = DOCS / f"hint-{size}.png"
        subprocess.run([sys.executable, "-m", "loyang_game", "--screenshot", str(out),
                        "--size", size, "--solo", "--seed", "7", "--moves", "11",
                        "--hint"], check=True, env=env, cwd=DOCS.parent)


def language_shots(language: str) -> None:
    """Issue 47's pictures in `language` (de, it or fr) into docs/<language>/, at 1280x800:
    the title, the 2- and 4-player tables (at 1024x640 too), the coach's hint with its plan,
    a Helper's rules page, the end panel, the review and a tutorial step."""
    from loyang_game import words

    out = DOCS / language
    out.mkdir(exist_ok=True)
    with saves_home() as env:
        shots = {"scene-title-1280x800": ["--scene", "title"],
                 "scene-rules-helper-1280x800": ["--scene", "rules", "--card", "H:Foreman"],
                 "hint-1280x800": ["--solo", "--seed", "7", "--moves", "11", "--hint"]}
        for size in ("1280x800", "1024x640"):
            shots[f"table-2seat-{size}"] = ["--size", size, "--seats", "2", "--seed", "3",
                                            "--moves", "60"]
            shots[f"table-4seat-{size}"] = ["--size", size, "--seats", "4", "--seed", "5",
                                            "--moves", "90"]
        for name, args in shots.items():
            subprocess.run([sys.executable, "-m", "loyang_game", "--lang", language,
                            "--screenshot", str(out / f"{name}.png"), *args], check=True,
                           env=env, cwd=DOCS.parent)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    words.set_language(language)
    end_and_review_shots(out, sizes=((1280, 800),))
    tutorial_shots(out, sizes=((1280, 800),), names=("twopack",))


def main() -> None:
    if sys.argv[1:2] == ["--lang"]:  # issue 47's pictures in one language, into docs/LANG/
        language = sys.argv[2] if len(sys.argv) > 2 else ""
        if language not in ("de", "it", "fr"):
            sys.exit("--lang takes one of de, it, fr")
        language_shots(language)
        return
    if sys.argv[1:2] == ["--pointing"]:  # issue 46's shots only, into the folder named
        pointing_shots(Path(sys.argv[2] if len(sys.argv) > 2 else "/tmp/shots46"))
        return
    if sys.argv[1:2] == ["--table"]:  # the table's shots only (the menus left as they are)
        with tempfile.TemporaryDirectory() as tmp:
            env = {**os.environ, "LOYANG_SAVE_DIR": str(Path(tmp) / "saves"), "HOME": tmp,
                   "SDL_VIDEODRIVER": "dummy"}
            table_shots(env)
            big_shots(env)
            rules_shots(env)
        choice_shots()
        hand_shots()
        return
    with saves_home() as env:
        shots = [(s, []) for s in ("title", "new", "solo", "load", "settings", "scores",
                                   "stats")]
        shots += [("rules", []), ("rules-helper", ["--scene", "rules", "--card", "H:Foreman"]),
                  ("pause", ["--seats", "3", "--seed", "7", "--moves", "40"]),
                  ("save", ["--seats", "3", "--seed", "7", "--moves", "40"]),
                  ("save-replace", ["--scene", "save", "--save-name", "evening GAME!",
                                    "--seats", "3", "--seed", "7", "--moves", "40"]),
                  ("hint", ["--solo", "--seed", "3"]),
                  ("card", ["--seats", "2", "--seed", "3", "--moves", "40",
                            "--card", "H:Deliveryman"])]
        for name, extra in shots:
            args = extra if "--scene" in extra else ["--scene", name, *extra]
            out = DOCS / f"scene-{name}-1280x800.png"
            subprocess.run([sys.executable, "-m", "loyang_game", "--screenshot", str(out),
                            *args], check=True, env=env, cwd=DOCS.parent)
        table_shots(env)
        big_shots(env)
        rules_shots(env)
    hand_shots()
    replay_shots()
    end_and_review_shots()
    choice_shots()
    tutorial_shots()


if __name__ == "__main__":
    main()
