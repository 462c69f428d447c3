"""The end-of-game panel over the finished table: the final standings (each AI seat marked with
its level), the solo result and the records, the race (each seat's Path space and Cash at the
end of every round, as two small charts), and the ways on: New game, Title, Replay, Review,
and "Look at the table" (which only closes the panel: the top bar's Scores opens it again).

The buttons stand in fixed places whatever the game, so a click meant for one never lands on
another. Review needs a person's decisions: in a game only the AI played it is greyed, with
the reason beside it, and a click on it does nothing.
"""

from __future__ import annotations

import pygame

from ..play.race import race_of
from ..play.replay import Replay
from ..play.session import GameSession
from ..text.summary import tie_words
from ..words import N_, _, now
from . import theme as t
from .chart import Line, Look, line_chart
from .draw import button, dim, fit, panel, text, wrap
from .layout import Layout
from .names import level_words

PERSON = "person"
BUTTONS = (("new", N_("New game")), ("title", N_("Title")), ("replay", N_("Replay")),
           ("review", N_("Review")), ("close", N_("Look at the table")))
BUTTON_W, BUTTON_H, BUTTON_GAP, BUTTON_Y = 200, 44, 20, 708  # design pixels
COLOURS = {"new": (50, 110, 60)}  # the others brown; grey is for a button greyed
NO_REVIEW = N_("No person played: nothing to review")
# The standings' columns, marked for the catalogues (the heads are said by `_`).
COLUMNS = ((N_("Place"), 60), (N_("Player"), 250), (N_("Path"), 70), (N_("Loans"), 70),
           (N_("Final"), 70), (N_("Cash"), 70), (N_("Veg."), 60), (N_("Deliveries"), 100),
           (N_("Earned"), 80), (N_("Helpers"), 80))
CHART_LOOK = Look(ink=t.INK, grid=(200, 186, 158), size=18)


def column_widths(L: Layout) -> list[int]:
    """The standings' columns' widths on the screen: each as designed (COLUMNS), or as wide as
    its head in the language where that is wider, the Player column giving back what the
    others took (it keeps at least two thirds of its width)."""
    widths = [max(L.px(w), t.font(L.px(18), True).size(_(name))[0] + L.px(6))
              for name, w in COLUMNS]
    player = [name for name, _w in COLUMNS].index("Player")
    over = sum(widths) - L.px(sum(w for _name, w in COLUMNS))
    if over > 0:
        widths[player] = max(L.px(COLUMNS[player][1] * 2 // 3), widths[player] - over)
    return widths


def seat_label(name: str, kind: str) -> str:
    """A seat's name, with its AI level when the AI played it ("Bao (AI, hard)")."""
    if kind == PERSON:
        return name
    return _("{name} (AI, {level})", name=name, level=level_words(kind))


def button_rects(L: Layout) -> dict[str, pygame.Rect]:
    """Each button's place: the same in every finished game."""
    width = len(BUTTONS) * BUTTON_W + (len(BUTTONS) - 1) * BUTTON_GAP
    x0 = 640 - width / 2
    return {name: L.R(x0 + i * (BUTTON_W + BUTTON_GAP), BUTTON_Y, BUTTON_W, BUTTON_H)
            for i, (name, _label) in enumerate(BUTTONS)}


def targets(L: Layout) -> dict[tuple, pygame.Rect]:
    """The panel's click targets, without drawing it: its buttons, Review even when greyed
    (a click on it then does nothing)."""
    return {("ui", name): r for name, r in button_rects(L).items()}


class EndPanel:
    """The panel of one finished game; `game` is the table's session (read, never changed)."""

    def __init__(self, game: GameSession) -> None:
        self.game = game
        self.replay = Replay.of_game(game.state, game.names, game.kinds)
        self.race = race_of(self.replay)

    @property
    def review_seat(self) -> int | None:
        """The seat a review goes through: the first person's (None: only the AI played)."""
        persons = self.game.persons
        return persons[0] if persons else None

    def leave(self, d, name: str) -> None:
        """Do what the button `name` says (all but "close", which the table does)."""
        if name == "new":
            d.back_to("title")  # closes the table, as the game menu's Title screen does
            d.open("new")
        elif name == "title":
            d.back_to("title")
        elif name == "replay":
            d.open("replay", replay=self.replay, at=None, viewer=None)
        elif name == "review" and self.review_seat is not None:
            d.open("review", replay=self.replay, seat=self.review_seat)

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface, L: Layout, mouse) -> dict:
        """Draw the panel over the table; returns its click targets."""
        dim(surf, None, 190)
        r = L.R(60, 20, 1160, 760)
        panel(surf, r, t.PANEL, border=t.GOLD, radius=L.px(16))
        text(surf, _("Final standings"), L.px(38), t.INK, center=(r.centerx, r.y + L.px(30)),
             bold=True)
        text(surf, _("Path space minus one per Loan; ties: more Cash, then more vegetables "
                     "left"), L.px(18), t.INK_SOFT, center=(r.centerx, r.y + L.px(58)))
        y = self._standings(surf, L, L.R(90, 96, 0, 0).y)
        lines = self._end_lines(L)
        charts_bottom = L.R(0, 684, 0, 0).y - len(lines) * L.px(21)
        self._race(surf, L, y + L.px(14), charts_bottom)
        y = charts_bottom + L.px(6)
        for line in lines:
            text(surf, line, L.px(18), t.INK, topleft=(L.R(90, 0, 0, 0).x, y))
            y += L.px(21)
        return self._buttons(surf, L, mouse)

    def _standings(self, surf, L: Layout, y: int) -> int:
        """The table of final standings from `y` down; returns where it ends."""
        game = self.game
        x0 = L.R(90, 0, 0, 0).x
        x = x0
        widths = column_widths(L)
        for (name, _w), w in zip(COLUMNS, widths):
            text(surf, fit(_(name), L.px(18), w - L.px(4), True), L.px(18), t.INK_SOFT,
                 topleft=(x, y), bold=True)
            x += w
        y += L.px(26)
        for row in game.scoring_rows or []:
            seat = row["seat"]
            vals = [f"{row['place']}.", seat_label(game.names[seat], game.kinds[seat]),
                    str(row["path"]), str(row["loans"]),
                    str(row["position"]),
                    str(row["cash"]), str(row["vegetables"]), str(row["deliveries"]),
                    str(row["earned"]), str(row["helpers"])]
            pygame.draw.rect(surf, t.SEAT_COLOURS[seat], (x0 - L.px(14), y + L.px(2), L.px(6),
                                                          L.px(20)))
            x = x0
            for (name, _w), w, v in zip(COLUMNS, widths, vals):
                bold = name in ("Place", "Final")
                text(surf, fit(v, L.px(21), w - L.px(8), bold), L.px(21), t.INK,
                     topleft=(x, y), bold=bold)
                x += w
            y += L.px(28)
            if row.get("tie"):
                text(surf, tie_words(row["tie"]), L.px(16), t.INK_SOFT,
                     topleft=(x0 + L.px(60), y - L.px(5)))
                y += L.px(14)
        return y

    def _end_lines(self, L: Layout) -> list[str]:
        """The solo result, high scores and record lines, wrapped to the panel."""
        width = L.px(1100)
        return [part for line in self.game.end_lines
                for part in wrap(now(line), L.px(18), width)]

    def _race(self, surf, L: Layout, top: int, bottom: int) -> None:
        """The Path chart (wide, with the legend) and the Cash chart beside it."""
        game, race = self.game, self.race
        steps = [_("start") if r == 0 else str(r) for r in race.rounds]
        path = [Line(values, t.SEAT_COLOURS[seat], game.names[seat])
                for seat, values in enumerate(race.path)]
        cash = [Line(values, t.SEAT_COLOURS[seat]) for seat, values in enumerate(race.cash)]
        left, middle, right = L.R(90, 0, 0, 0).x, L.R(700, 0, 0, 0).x, L.R(1190, 0, 0, 0).x
        line_chart(surf, pygame.Rect(left, top, middle - left, bottom - top), L, path, steps,
                   CHART_LOOK, title=_("The race: Path space at the end of each round"),
                   y_label=_("space"), x_label=_("round"), floor=1)
        start = middle + L.px(40)
        line_chart(surf, pygame.Rect(start, top, right - start, bottom - top), L, cash, steps,
                   CHART_LOOK, title=_("Cash at the end of each round"), y_label=_("Cash"),
                   x_label=_("round"), floor=0)

    def _buttons(self, surf, L: Layout, mouse) -> dict:
        rects = button_rects(L)
        can_review = self.review_seat is not None
        for name, label in BUTTONS:
            b = rects[name]
            if name == "review" and not can_review:
                button(surf, b, _(label), L, enabled=False)
                text(surf, _(NO_REVIEW), L.px(15), t.INK_SOFT, center=(b.centerx, b.y - L.px(11)))
            else:
                button(surf, b, _(label), L, hover=b.collidepoint(mouse),
                       colour=COLOURS.get(name, (120, 70, 40)))
        return targets(L)
