"""Statistics from the record of games: wins against each AI level, the solo challenge's scores
over time as a chart with the 17/18/19 bands, and the recent games."""

from __future__ import annotations

from datetime import date

import pygame

from ...files import records
from ...words import N_, _, date_words, ngettext, pgettext
from .. import theme as t
from ..chart import Band, Line, Look, line_chart
from ..draw import fit, text, wrap
from ..menu import GREY, SOFT, MenuScene, message_box, page
from ..names import level_words
from ..scene import frame_layout
from ..widgets import BUTTON, Item

# The solo challenge's bands (the rulebook's 17 good, 18 very good, 19 master), see-through.
SOLO_BANDS = (Band(17, 18, (205, 140, 80, 70), N_("17 good")),
              Band(18, 19, (200, 205, 215, 70), N_("18 very good")),
              Band(19, None, (240, 196, 60, 90), N_("19 master")))


def solo_bands() -> tuple[Band, ...]:
    """The bands, their labels in the player's language."""
    return tuple(Band(b.low, b.high, b.colour, _(b.label)) for b in SOLO_BANDS)
CHART_LOOK = Look(ink=SOFT, grid=(70, 56, 44), size=18)
SOLO_CHART = (640, 196, 510, 250)  # design pixels: x, y, width, height
RECENT_BOTTOM = 672  # design y the recent games stay above (the Back button is below)


def day_label(iso: str) -> str:
    """"24 Nov" for "2026-11-24", the language's way ("24. Nov.", "24 nov"); a date that does
    not read as one is shown as it is."""
    try:
        day = date.fromisoformat(iso)
    except ValueError:
        return iso
    return date_words(day, "d MMM")


def solo_steps(dates: list[str]) -> list[str]:
    """The labels along the solo chart: each game's day, told once for a day's games."""
    return [day_label(d) if i == 0 or d != dates[i - 1] else "" for i, d in enumerate(dates)]


class StatsScene(MenuScene):
    name = "stats"

    def __init__(self, d) -> None:
        super().__init__(d)
        self.book: records.Records | None
        try:
            self.book = records.load()
            self.message = self.book.problem or ""
        except OSError as error:
            self.book, self.message = None, _("The record of games cannot be read ({error}).",
                                              error=error)
        self.form.add(Item("back", BUTTON, pgettext("button", "Back"), action=d.pop,
                           colour=GREY))

    def draw(self, surf) -> None:
        L = frame_layout(surf.get_size())
        games = self.book.games if self.book else []
        page(surf, self.d.sprites, L, _("Statistics"),
             ngettext("{n} finished game on record", "{n} finished games on record",
                      len(games)))
        y = self._wins(surf, L)
        self._solo(surf, L)
        self._recent(surf, L, games, max(y, SOLO_CHART[1] + SOLO_CHART[3]) + 20)
        self.form.get("back").rect = L.R(540, 690, 200, 46)
        self.form.draw(surf, L, self.d.mouse)
        message_box(surf, L, self.message)

    def _wins(self, surf, L) -> int:
        """Wins against each AI level, from the top left; returns the design y below them."""
        y = 130
        text(surf, _("Wins against each AI level"), L.px(26), t.GOLD,
             topleft=L.R(150, y, 0, 0).topleft, bold=True)
        tally = self.book.wins_by_level() if self.book else {}
        y += 40
        if not tally:
            text(surf, _("No games against the AI finished yet."), L.px(20), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
            y += 28
        for level, (n, won) in tally.items():
            share = _("{percent}%", percent=100 * won // n) if n else "-"
            text(surf, level_words(level), L.px(21), t.WHITE,
                 topleft=L.R(170, y, 0, 0).topleft, bold=True)
            text(surf, ngettext("{won} won of {n} ({share})", "{won} won of {n} ({share})", n,
                                won=won, share=share), L.px(21), t.WHITE,
                 topleft=L.R(280, y, 0, 0).topleft)
            bar = L.R(460, y + 2, 140, 16)
            pygame.draw.rect(surf, (70, 55, 40), bar)
            if n:
                pygame.draw.rect(surf, (90, 170, 90), (bar.x, bar.y, bar.w * won // n, bar.h))
            y += 28
        return y

    def _solo(self, surf, L) -> None:
        """The solo challenge: how many, the best, and every score in date order as a chart."""
        x, y, w, h = SOLO_CHART
        text(surf, _("Solo challenge"), L.px(26), t.GOLD, topleft=L.R(x, 130, 0, 0).topleft,
             bold=True)
        scores = self.book.solo_scores() if self.book else []
        best = self.book.best_solo() if self.book else None
        summary = (ngettext("{n} played; best score without hints: space {best}",
                            "{n} played; best score without hints: space {best}",
                            len(scores), best=best) if best is not None else
                   ngettext("{n} played; best score without hints: none yet",
                            "{n} played; best score without hints: none yet", len(scores)))
        text(surf, summary, L.px(20), SOFT, topleft=L.R(x + 20, 170, 0, 0).topleft)
        if not scores:
            lines = wrap(_("No solo games finished yet: play the Solo challenge from the title "
                           "screen, and each score is drawn here against the bands."),
                         L.px(20), L.px(w - 20))
            for i, line in enumerate(lines):
                text(surf, line, L.px(20), SOFT,
                     topleft=L.R(x + 20, y + 10 + 26 * i, 0, 0).topleft)
            return
        dates = [d for d, _score in scores]
        line_chart(surf, L.R(x, y, w, h), L, [Line([s for _d, s in scores], t.GOLD)],
                   solo_steps(dates), CHART_LOOK, title=_("Solo scores, oldest first"),
                   y_label=_("space"), x_label=_("day played"), bands=solo_bands())

    def _recent(self, surf, L, games: list[dict], y: int) -> None:
        """The newest games, as many as fit above the Back button."""
        text(surf, _("Recent games"), L.px(26), t.GOLD, topleft=L.R(150, y, 0, 0).topleft,
             bold=True)
        y += 40
        if not games:
            text(surf, _("No games finished yet."), L.px(20), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
        room = max(0, (RECENT_BOTTOM - y) // 25)
        for g in reversed(games[-room:] if room else []):
            winner = [g["names"][i] for i, p in enumerate(g["places"]) if p == 1]
            people = ", ".join(
                _("{name} at {space}", name=n, space=pos) if k == "person" else
                _("{name} (AI {level}) at {space}", name=n, level=level_words(k), space=pos)
                for n, k, pos in zip(g["names"], g["kinds"], g["positions"]))
            outcome = (_("solo score {space}", space=g["positions"][0]) if g["seats"] == 1
                       else _("won by {names}", names=_(" and ").join(winner)))
            line = _("{date}  seed {seed}:  {people}  -  {outcome}", date=g["date"],
                     seed=str(g["seed"]), people=people, outcome=outcome)
            if g.get("hinted"):
                line = _("{line}  (with hints)", line=line)
            text(surf, fit(line, L.px(19), L.px(960)), L.px(19), SOFT,
                 topleft=L.R(170, y, 0, 0).topleft)
            y += 25
