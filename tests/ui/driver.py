"""Playing the table by posting real mouse events at the positions of its sprites."""

from __future__ import annotations

import random

import pygame

from loyang_game.commands import clicks_for
from loyang_game.engine import GameConfig, Move, new_game
from loyang_game.ui.app import STEP, App


def make_app(seats: int, kinds: list[str], seed: int, speed: str = "off",
             size=(1280, 800)) -> App:
    state = new_game(GameConfig(seats=seats, seed=seed))
    return App(state, kinds, size=size, speed=speed, ai_seed=seed, fps_cap=0)


def settle(app: App, limit: int = 20000) -> None:
    """Run frames until the table waits for a person (or the game is over)."""
    for _ in range(limit):
        app.frame(dt=STEP)
        if app.timeline.busy:
            continue
        if app.state.is_over and app.scoring_rows is not None:
            return
        seat = app.state.current_player
        if seat is not None and app.kinds[seat] == "person":
            if app.pass_to is None and app.viewer == seat:
                return
            if app.pass_to is not None:
                return
    raise AssertionError("the table did not settle")


def click(app: App, pos, button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.frame(dt=STEP)


def click_target(app: App, target) -> None:
    pos = app.position_of(target)
    assert pos is not None, f"{target} is not on the table"
    click(app, pos)


def play_move(app: App, move: Move) -> None:
    """Make `move` by clicking; asserts the engine saw exactly that move."""
    before = len(app.state.moves())
    targets = clicks_for(app.state, move)
    assert targets, f"no clicks make {move}"
    for target in targets:
        while app.timeline.busy:
            app.frame(dt=STEP)
        click_target(app, target)
    moves = app.state.moves()
    assert len(moves) == before + 1 and moves[-1] == move, (move, targets, moves[-1:])


def choose(app: App, rng: random.Random) -> Move:
    """A person's choice: random, but biased to end a game in reasonable time."""
    moves = app.state.legal_moves()
    useful = [m for m in moves if m.kind not in ("loan",)] or moves
    if any(m.kind == "end" for m in useful) and rng.random() < 0.25:
        return next(m for m in useful if m.kind == "end")
    return rng.choice(useful)
