"""Playing the table by posting real mouse events at the positions of its sprites, through the
director's own loop (`step` is one frame of 1/60 s)."""

from __future__ import annotations

import random
import time

import pygame

from loyang_game.engine import GameConfig, Move, flow, new_game
from loyang_game.engine.moves import SHOP
from loyang_game.files.settings import Settings
from loyang_game.play.commands import clicks_for, seat_of
from loyang_game.play.session import GameSession
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES, TableScene
from loyang_game.ui.scenes.table import STEP


def make_app(seats: int, kinds: list[str], seed: int, speed: str = "off",
             size=(1280, 800), clock=None) -> TableScene:
    """A director showing the table of a new game (no first-game hints)."""
    d = Director(SCENES, Settings(speed=speed, hints=False), size=size, fullscreen=False,
                 fps_cap=0, **({"clock": clock} if clock else {}))
    game = GameSession(new_game(GameConfig(seats=seats, seed=seed)), kinds, ai_seed=seed)
    return d.open("table", game=game)


def step(app: TableScene, n: int = 1) -> None:
    for _ in range(n):
        app.d.frame(dt=STEP)


def await_hint(app: TableScene) -> None:
    """Run frames until the coach has answered (a bound, not a timing: it never fails on a
    slow machine before about a minute)."""
    for _ in range(6000):
        if not app.game.coach.thinking:
            return
        time.sleep(0.01)
        step(app)
    raise AssertionError("the coach never answered")


def settle(app: TableScene, limit: int = 20000) -> None:
    """Run frames until the table waits for a person (or the game is over)."""
    game = app.game
    for _ in range(limit):
        step(app)
        if app.timeline.busy:
            continue
        if game.state.is_over and game.scoring_rows is not None:
            return
        seat = game.state.current_player
        if game.is_person(seat) and (app.pass_to is not None or app.viewer == seat):
            return
    raise AssertionError("the table did not settle")


def click(app: TableScene, pos, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    step(app)


def click_target(app: TableScene, target) -> None:
    """Click `target`; an option of a long choice is scrolled into view first, with the
    wheel, as a player would."""
    pos = app.view.position_of(target)
    for _ in range(200):
        if pos is not None or target[0] != "opt" or not app.dialog_open():
            break
        options = app.choice.options
        first = app.choice.first
        wanted = options.index(target) if target in options else 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1 if wanted < first
                                             else -1, flipped=False))
        step(app)
        pos = app.view.position_of(target)
    if pos is None and app.view.gathering() is not None and target[0] != "opt":
        # a choice made on the table: the board that holds the target is looked at first
        seat = seat_of(app.game.state, target)
        if seat is not None and seat != app.focus():
            click(app, app.view.position_of(("seat", seat)))
            pos = app.view.position_of(target)
    assert pos is not None, f"{target} is not on the table"
    click(app, pos)


def play_move(app: TableScene, move: Move) -> None:
    """Make `move` by clicking; asserts the engine saw exactly that move (the Book-keeper's
    Shop, set on the table, is confirmed whole: the moves of the vegetables after it follow,
    each keeping its count)."""
    state = app.game.state
    before = len(state.moves())
    targets = clicks_for(state, move)
    assert targets, f"no clicks make {move}"
    for target in targets:
        while app.timeline.busy:
            step(app)
        click_target(app, target)
    moves = app.game.state.moves()
    made = moves[before:]
    assert made[:1] == [move], (move, targets, made)
    assert len(made) == 1 or all(m.kind == SHOP and m.a > move.a for m in made[1:]), made


def choose(game: GameSession, rng: random.Random) -> Move:
    """A person's choice: random, but biased to end a game in reasonable time."""
    moves = game.state.legal_moves()
    useful = [m for m in moves if m.kind not in ("loan",)] or moves
    if any(m.kind == "end" for m in useful) and rng.random() < 0.25:
        return next(m for m in useful if m.kind == "end")
    return rng.choice(useful)


def play_moves(app: TableScene, rng: random.Random, count: int) -> None:
    """Play `count` random moves by clicking, then settle at the decision reached."""
    for _ in range(count):
        settle(app)
        play_move(app, choose(app.game, rng))
    settle(app)


def play_while(app: TableScene, rng: random.Random, going) -> None:
    """Play random moves by clicking (passing the screen between persons when asked) while
    `going()` holds; then settle at the decision reached, handed to its person."""
    while going():
        settle(app)
        if app.pass_to is not None:
            click_target(app, ("ui", "ready"))
            continue
        play_move(app, choose(app.game, rng))
    settle(app)
    if app.pass_to is not None:
        click_target(app, ("ui", "ready"))


def reach(seats: int, seed: int, wanted, limit: int = 5000):
    """Play random legal moves from a new deal until `wanted(state)`."""
    state = new_game(GameConfig(seats=seats, seed=seed))
    rng = random.Random(seed)
    for _ in range(limit):
        if wanted(state):
            return state
        assert not state.is_over, "the deal ended before the position was reached"
        state.apply(rng.choice(state.legal_moves()))
    raise AssertionError("position not reached")


def act(state) -> bool:
    return not state.is_over and flow.decision(state) == "act"
