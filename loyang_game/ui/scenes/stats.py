"""Statistics from the record of games: wins against each AI level, the solo challenge, and
the recent games."""

from __future__ import annotations

import pygame

from ... import records
from .. import theme as t
from ..draw import fit, text
from ..menu import GREY, SOFT, MenuScene, message_box, page
from ..scene import frame_layout
from ..widgets import BUTTON, Item


class StatsScene(MenuScene):
    name = "stats"

    def __init__(self, d) -> None:
        super().__init__(d)
        try:
            self.book = records.load()
            self.message = self.book.problem or ""
        except OSError as error:
            self.book, self.message = None, f"The record of games cannot be read ({error})."
        self.form.add(Item("back", BUTTON, "Back", action=d.pop, colour=GREY))

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        games = self.book.games if self.book else []
        page(surf, self.d.sprites, L, "Statistics",
             f"{len(games)} finished game{'s' if len(games) != 1 else ''} on record")
        y = 110
        text(surf, "Wins against each AI level", L.px(26), t.GOLD,
             topleft=L.R(150, y, 0, 0).topleft, bold=True)
        tally = self.book.wins_by_level() if self.book else {}
        y += 40
        if not tally:
            text(surf, "No games against the AI finished yet.", L.px(20), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
            y += 28
        for level, (n, won) in tally.items():
            share = f"{100 * won // n}%" if n else "-"
            text(surf, f"{level:<8}", L.px(21), t.WHITE, topleft=L.R(170, y, 0, 0).topleft,
                 bold=True)
            text(surf, f"{won} won of {n} ({share})", L.px(21), t.WHITE,
                 topleft=L.R(300, y, 0, 0).topleft)
            bar = L.R(520, y + 2, 200, 16)
            pygame.draw.rect(surf, (70, 55, 40), bar)
            if n:
                pygame.draw.rect(surf, (90, 170, 90), (bar.x, bar.y, bar.w * won // n, bar.h))
            y += 28
        best = self.book.best_solo() if self.book else None
        text(surf, "Solo challenge", L.px(26), t.GOLD, topleft=L.R(780, 110, 0, 0).topleft,
             bold=True)
        solos = [g for g in games if g["seats"] == 1]
        text(surf, f"{len(solos)} played; best score: "
             f"{'space ' + str(best) if best is not None else 'none yet'}", L.px(21), t.WHITE,
             topleft=L.R(800, 150, 0, 0).topleft)
        y = max(y, 200) + 20
        text(surf, "Recent games", L.px(26), t.GOLD, topleft=L.R(150, y, 0, 0).topleft,
             bold=True)
        y += 40
        for g in reversed(games[-12:]):
            winner = [g["names"][i] for i, p in enumerate(g["places"]) if p == 1]
            people = ", ".join(f"{n}{'' if k == 'person' else ' (AI ' + k + ')'} at {pos}"
                               for n, k, pos in zip(g["names"], g["kinds"], g["positions"]))
            line = (f"{g['date']}  seed {g['seed']}:  {people}  -  "
                    + (f"solo score {g['positions'][0]}" if g["seats"] == 1
                       else f"won by {' and '.join(winner)}"))
            text(surf, fit(line, L.px(19), L.px(960)), L.px(19), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
            y += 25
        self.form.get("back").rect = L.R(540, 690, 200, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)
