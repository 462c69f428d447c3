"""Walking the menus with real events: key presses, typing and mouse clicks posted to pygame's
queue and read by the scene stack's own loop."""

from __future__ import annotations

import pygame

from loyang_game.play.commands import clicks_for
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES
from loyang_game.ui.scenes.table import STEP


def make_director(size=(1280, 800)) -> Director:
    d = Director(SCENES, size=size, fullscreen=False, fps_cap=0)
    d.open("title")
    d.frame(dt=STEP)
    return d


def frames(d: Director, n: int = 1) -> None:
    for _ in range(n):
        d.frame(dt=STEP)


def key(d: Director, k: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="",
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode="", scancode=0))
    frames(d)


def type_text(d: Director, s: str) -> None:
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s))
    frames(d)


def click(d: Director, pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    frames(d)


def click_item(d: Director, key_name: str, where: float = 0.7) -> None:
    """Click the control `key_name` of the top scene's form (at `where` of its width)."""
    d.draw()
    item = d.top.form.get(key_name)
    assert item.visible and item.rect.w > 0, f"{key_name} is not on the screen"
    click(d, (item.rect.x + item.rect.w * where, item.rect.centery))


def settle_table(d: Director, limit: int = 20000) -> None:
    """Run frames until the table waits for a person."""
    table = d.find("table")
    game = table.game
    for _ in range(limit):
        frames(d)
        if d.top is not table or table.timeline.busy:
            continue
        seat = game.state.current_player
        if game.state.is_over or (game.is_person(seat) and table.viewer == seat
                                  and table.pass_to is None):
            return
    raise AssertionError("the table did not settle")


def play_move(d: Director, move) -> None:
    """Make `move` on the table by clicking its targets."""
    table = d.find("table")
    game = table.game
    before = len(game.state.moves())
    for target in clicks_for(game.state, move):
        while table.timeline.busy:
            frames(d)
        pos = table.view.position_of(target)
        assert pos is not None, f"{target} is not on the table"
        click(d, pos)
    assert len(game.state.moves()) == before + 1 and game.state.moves()[-1] == move
