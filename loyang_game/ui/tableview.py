"""The table's picture and what is where on it. `TableView` lays the table out for the state
the table scene shows (`layout`), says which target is under a point (`target_at`) from the
table as it is now, never from the last frame drawn (what the overlays offer, and where, is
placed without drawing: `targets`; each overlay is drawn from the same placing), follows
the mouse (a card rested on long enough shows its whole text), and draws a frame: the still
picture of the state (re-drawn only when something it shows changed), the lit targets, the
animation layer, the buttons, the log, the Two-pack panel, the in-place choice, the coach's
hint (`coach`), the thinking indicator, the news (the AI's latest move, call-outs), a small
card shown big, the tooltip or a card's text, messages and the end-of-game panel.
"""

from __future__ import annotations

import functools
from collections import ChainMap

import pygame

from ..engine import flow
from ..engine.cards import CARDS
from ..engine.state import ClaimChoice, Decision, KeepChoice
from ..play import commands
from ..words import N_, NP_, _, pgettext
from . import coach, endpanel, layout, overlay, render, thinking_marks
from . import theme as t
from .draw import button
from .layout import Layout
from .options import helper_detail, option_cards, option_label
from .prompts import hover_lines, market_crier_cash
from .table_model import Mode

# Which of two targets under one point is on top.
PRIORITY = {"keep": 0, "btn": 1, "space": 4, "courtyard": 9, "seat": 9}
CARD_TARGETS = {"field", "stall", "helper", "hand", "court", "offer", "regular", "casual",
                "keep"}
AREA_TARGETS = {"courtyard", "seat"}
RAISED = {"hand", "court", "offer"}  # small cards shown big under the mouse
IN_COLUMN = {"court", "offer"}  # ... big in the right-hand column, their words there too
LONG_HOVER = 0.9  # seconds on a card before its whole text shows
TIP_DELAY = 0.6  # seconds the pointer rests before a tooltip shows
RAISE_DELAY = 0.25  # seconds the pointer rests on a small card before it is shown big
STILL = 4  # pixels the pointer may drift and still be resting
TOAST_TIME = 3.5  # seconds a message stays
CHOICE_TITLES = {"claim": N_("Foreman: take this Helper?"),
                 "shop": N_("Book-keeper: set the Shop"), "partner": N_("Choose a partner")}
# The confirm button of each Helper used by pointing at the table, a whole label each (the
# Helper's name takes its article as each language wants).
USE_HELPER = {"Squire": N_("Use the Squire"), "Book-keeper": N_("Use the Book-keeper"),
              "Trader": N_("Use the Trader"), "Plough-man": N_("Use the Plough-man"),
              "Market woman": N_("Use the Market woman"),
              "Deliveryman": N_("Use the Deliveryman"), "Con man": N_("Use the Con man"),
              "Subsistence farmer": N_("Use the Subsistence farmer"), "Tout": N_("Use the Tout"),
              "Market crier": N_("Use the Market crier")}
# The animation speeds as the top bar's Speed button names them (the Settings' words).
# A top button's width (design pixels): its words and a margin, within these bounds; the
# margin is small so that the prompt has the bar's width for its words.
TOP_LEAST, TOP_MOST, TOP_PAD = 64, 150, 14


def top_width(target: tuple, label: str) -> int:
    """A top bar button's design width: its words at the buttons' size and a margin, the
    longest of the words it can show (Hint or Stop hint, every speed), so that no button
    grows or moves when its words change (nothing moves under the pointer)."""
    return _top_width(target[1], label)


@functools.lru_cache(maxsize=64)
def _top_width(kind: str, label: str) -> int:
    """`top_width` by the button's kind and its words now (which change with the language,
    so a switch of language measures again)."""
    labels = [label]
    if kind == "hint":
        labels = [_("Stop hint"), _(coach.LABEL)]
    elif kind == "speed":
        labels = [_("Speed: {speed}", speed=pgettext("speed", words))
                  for words in SPEED_WORDS.values()]
    need = max(t.font(19, True).size(words)[0] for words in labels) + TOP_PAD
    return min(TOP_MOST, max(TOP_LEAST, need))


SPEED_WORDS = {"slow": NP_("speed", "slow"), "normal": NP_("speed", "normal"),
               "fast": NP_("speed", "fast"), "off": NP_("speed", "off")}


def topmost(hits: list[tuple]) -> tuple | None:
    """Of the targets under one point, the one drawn on top."""
    return min(hits, key=lambda x: PRIORITY.get(x[0], 5)) if hits else None


def card_of(target: tuple | None) -> int | None:
    """The card a target is, if it is one."""
    if target and target[0] in CARD_TARGETS and isinstance(target[1], int):
        return target[1]
    return None


class LogView:
    """The log panel, wrapped and drawn once per `key` (what it shows, its scroll, its size)
    and blitted from then on: wrapping a long log every frame would cost the frame."""

    def __init__(self) -> None:
        self.cache: tuple | None = None
        self.depth: tuple | None = None  # (what it is for, how far the log scrolls back)

    def invalidate(self) -> None:
        self.cache = None
        self.depth = None

    def most_scroll(self, L: Layout, key: tuple, lines) -> int:
        """How far back the log can scroll: until its first line is at the panel's top."""
        key = (*key, L.regions["log"].size)
        if self.depth is None or self.depth[0] != key:
            self.depth = (key, max(0, len(overlay.log_wrapped(L, lines())) - overlay.log_rows(L)))
        return self.depth[1]

    def draw(self, surf, L: Layout, key: tuple, lines, scroll: int) -> None:
        """`lines()`: the log's lines, asked for only when `key` changed."""
        r = L.regions["log"]
        key = (*key, scroll, r.size)
        if self.cache is None or self.cache[0] != key:
            tmp = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            overlay.log_panel(tmp, L, lines(), scroll)
            self.cache = (key, tmp.subsurface(r).copy())
        surf.blit(self.cache[1], r)


class TableView:
    def __init__(self, table) -> None:
        """`table`: the table scene whose state is shown (read, never changed, here)."""
        self.table = table
        self.L: Layout | None = None
        self.frame_targets: dict = {}  # what the last frame drew over the table
        self.static: pygame.Surface | None = None
        self.static_key: tuple | None = None
        self.log_view = LogView()
        self.drawn = render.Drawn()  # what the last still picture showed
        self.mouse = (0, 0)
        self.rest_since = 0.0  # the table's clock when the pointer last moved
        self.clicked_at: tuple[int, int] | None = None  # a click's place, until the pointer moves
        self.hover_target: int | None = None  # the card under the mouse
        self.hover_since = 0.0  # the table's clock when the mouse came to it
        self.hint_cache: tuple = (None, [])  # (what the lit targets depend on, the targets)
        self.plan_cache: tuple = (None, [])  # (hint, version): the plan's later steps
        self.steady = layout.Steady()  # cards kept in place until the turn passes
        self.held_key: tuple = ()

    def invalidate(self) -> None:
        """Draw everything afresh next time (the palette or the window changed)."""
        self.static_key = None
        self.log_view.invalidate()

    # --- what is where -------------------------------------------------------------------------

    def bar_buttons(self) -> list[tuple[tuple, str, bool]]:
        """(target, label, enabled) of the bottom bar: the decision's buttons; in the Action
        phase all four of its own, those not possible now greyed (all of them while a
        choice is made on the table, whose Use and Cancel stay in view)."""
        table = self.table
        seat = table.decider()
        state = table.game.state
        picker = table.picker
        gathering = picker.gathering or commands.decision_gathering(state)
        # A choice made on the table may look at another player's board: its buttons stay.
        if not table.person_to_play() or (table.focus() != seat and gathering is None):
            return []
        nxt = picker.next_targets(state)
        acting = flow.decision(state) == Decision.ACT
        # (a Helper is discarded unused in the Action phase, or raising money after a take
        # in the Card phase: the hand is played out by then, and never under the button)
        discard = gathering is not None and gathering.discard is not None
        out = []
        for name in layout.BUTTON_SLOTS:
            target = ("btn", name)
            shown = acting and name in commands.ACTION_BUTTONS
            if gathering is not None and name in ("confirm", "cancel"):
                # Both stay in view while cards are pointed at: Use is lit once they name
                # a move, so nothing appears under the pointer.
                out.append((target, self._gather_label(gathering, name), target in nxt))
                continue
            if name == "discard" or (name == "upgrade" and discard):
                if name == "discard" and discard:  # in the Upgrade's place, while it is off
                    out.append((target, _("Discard unused"), True))
                continue
            if target not in nxt and not shown:
                continue
            label = commands.button_label(name)
            if name == "twopack":
                label = commands.two_pack_label(state, seat)
            enabled = not commands.button_reason(state, name) if shown else True
            out.append((target, label, enabled and picker.gathering is None))
        return out

    def _gather_label(self, gathering: commands.Gathering | commands.ShopSetting,
                      name: str) -> str:
        """The confirm and cancel buttons of a choice made on the table."""
        if name == "cancel":
            return commands.button_label("cancel")
        if isinstance(gathering, commands.ShopSetting):
            return _("Set the Shop")
        if gathering.helper is not None:
            helper = CARDS[gathering.helper[1]].name
            if helper == "Market crier":
                goods = [t for t in gathering.picked if t[0] == "stall"]
                if not goods:
                    return _("Refill all stalls")
                return _("Sell for {cash} Cash", cash=market_crier_cash(goods))
            if helper == "Plough-man" and not gathering.picked:
                return _("Harvest 1-token fields")
            if helper == "Tout" and len(gathering.picked) == 1:
                return _("Buy and serve (2 Cash)")
            if helper == "Tout" and len(gathering.picked) == 2:
                return _("Swap them")
            return _(USE_HELPER.get(helper, N_("Use the Helper")))
        move = gathering.complete()
        return (_("Partner with {name}", name=self.table.game.names[move.a])
                if move is not None else _("Choose a partner"))

    def layout(self) -> Layout:
        table = self.table
        L = table.model().layout(table.d.size, self.bar_buttons())
        self.held_key = self.steady.hold(L, table.game.state)
        self.L = L
        return L

    def top_buttons(self) -> list[tuple[tuple, str]]:
        table = self.table
        out = []
        if table.game.state.is_over and not table.scoring_open:
            out.append((("ui", "scores"), _("Scores")))
        if table.focus_override is not None and self.gathering() is None:
            # (not while a choice is made on the table: one's own board on the left, or
            # Cancel, goes back; the prompt keeps its room)
            out.append((("ui", "back"), pgettext("button", "Back")))
        # Hint is always there, greyed when no hint can be asked for: the buttons to its right
        # never move, and those that come and go appear on its left.
        label = _("Stop hint") if table.game.hint_thinking else _(coach.LABEL)
        speed = table.timeline.speed
        out += [(("ui", "hint"), label), (("ui", "menu"), _("Menu")), (("ui", "undo"), _("Undo")),
                (("ui", "speed"), _("Speed: {speed}", speed=pgettext(
                    "speed", SPEED_WORDS[speed]) if speed in SPEED_WORDS else speed)),
                (("ui", "full"), _("Full screen"))]
        return out

    def top_rects(self, L: Layout | None = None) -> dict:
        """The top bar's buttons: target -> (rect, label), each as wide as its words need
        (the prompt on their left has the rest of the bar)."""
        L = L or self.L or self.layout()
        out = {}
        x = L.R(1274, 3, 0, 0).x
        for target, label in reversed(self.top_buttons()):
            w = L.px(top_width(target, label))
            out[target] = (pygame.Rect(x - w, L.R(0, layout.TOP_BUTTON_Y, 0, 0).y, w,
                                       L.px(layout.TOP_BUTTON_H)), label)
            x -= w + L.px(6)
        return out

    @property
    def overlay_targets(self) -> ChainMap:
        """What the last frame drew over the table: what its scene draws over the view (the
        tutorial's panel), then the view's own."""
        over = self.table.drawn_over(self.L) if self.L is not None else {}
        return ChainMap(over, self.frame_targets)

    def targets(self, L: Layout | None = None, pointer=None) -> dict:
        """The targets drawn over the table as it is now (`L`: its layout now), found without
        drawing: the same map, in the same order, that a frame of it leaves with the pointer
        at `pointer` (None: where it is); the first that holds a point is the one on top."""
        table = self.table
        L = L or self.layout()
        pointer = self.mouse if pointer is None else pointer
        mode = table.mode()
        if mode is Mode.PASS:
            return {("ui", "ready"): overlay.pass_button(L)}
        if mode is Mode.SCORES and table.end_panel is not None:
            return endpanel.targets(L)
        choice = self.choice_place(L)
        targets = choice.targets() if choice is not None else {}
        news = self.news_args(L, self.strip(L, pointer))
        if news is not None:
            targets.update(overlay.place_news(L, *news).targets())
        return targets

    def target_at(self, pos) -> tuple | None:
        """The target a click at `pos` meets as the table is now (the pointer there): what
        is drawn over the table first (and what the scene drew over that), then the top bar,
        then the board."""
        L = self.layout()
        for target, r in {**self.targets(L, pos), **self.table.drawn_over(L)}.items():
            if r.collidepoint(pos):
                return target
        return self.table_target_at(pos, L)

    def table_target_at(self, pos, L: Layout) -> tuple | None:
        """The target under `pos` on the table itself, under whatever is drawn over it (none
        while the pass screen, the end panel or a choice covers the table)."""
        table = self.table
        if table.mode() is not Mode.TABLE:
            return None
        for target, (r, _label) in self.top_rects(L).items():
            if r.collidepoint(pos):
                return target
        return topmost([target for target, r in L.targets.items() if r.collidepoint(pos)])

    def card_at(self, pos) -> int | None:
        """The card under `pos` on the table (for its rules text), if any."""
        return card_of(self.target_at(pos))

    def point_at(self, pos, long: bool = False) -> None:
        """The mouse is at `pos`; `long`: as if it had rested there (a card's whole text)."""
        moved = pos != self.mouse
        self.mouse = pos
        if moved:
            self.rest_since = self.table.clock_time
        if self.clicked_at is not None and max(abs(pos[0] - self.clicked_at[0]),
                                               abs(pos[1] - self.clicked_at[1])) > STILL:
            self.clicked_at = None  # the pointer moved on: its tooltips may show again
        if long:
            self.hover_target = self.card_at(pos)
            self.hover_since = self.table.clock_time - 2 * LONG_HOVER
            self.rest_since = self.table.clock_time - 2 * LONG_HOVER
            self.clicked_at = None

    def clicked(self, pos) -> None:
        """A click at `pos`: no tooltip or big card covers what was clicked until the
        pointer moves on."""
        self.clicked_at = pos

    def resting(self, delay: float) -> bool:
        """The pointer has rested `delay` seconds, and not on what it just clicked."""
        return (self.clicked_at is None
                and self.table.clock_time - self.rest_since >= delay)

    def follow_hover(self) -> None:
        """Note when the mouse came to the card it is on (none while a choice is open)."""
        card = None if self.table.dialog_open() else self.card_at(self.mouse)
        if card != self.hover_target:
            self.hover_target, self.hover_since = card, self.table.clock_time

    def position_of(self, target: tuple) -> tuple[int, int] | None:
        """Screen position to click for `target` as the table is now (None: not on it)."""
        L = self.layout()
        r = {**self.targets(L), **self.table.drawn_over(L)}.get(target)
        if r is None and target[0] == "ui":
            r = self.top_rects(L).get(target, (None,))[0]
        if r is None:
            r = L.targets.get(target)
        if r is None:
            return None
        if self.target_at(r.center) == target:
            return r.center
        for fy in (0.1, 0.3, 0.5, 0.7, 0.9):  # a point not covered by something in front
            for fx in (0.1, 0.3, 0.5, 0.7, 0.9):
                pos = (int(r.x + r.w * fx), int(r.y + r.h * fy))
                if self.target_at(pos) == target:
                    return pos
        return None

    # --- drawing -------------------------------------------------------------------------------

    def draw(self, surf: pygame.Surface) -> Layout:
        """Draw the table as it is now; returns its layout."""
        L = self.layout()
        self.frame_targets = self._draw(surf, L)
        return L

    def _draw(self, surf: pygame.Surface, L: Layout) -> dict:
        table = self.table
        game = table.game
        model = table.model()
        view = model.view()
        size = surf.get_size()
        view.prompt_end = min((r.x for r, _label in self.top_rects(L).values()),
                              default=None)
        key = (table.version, size, table.pass_to, self.held_key, view.prompt_end,
               *model.picture_key())
        static = self.static
        if key != self.static_key or static is None:
            if static is None or static.get_size() != size:
                static = self.static = pygame.Surface(size).convert()
            self.drawn = render.draw_table(static, game.state, L, table.sprites, view)
            self.static_key = key
        surf.blit(static, (0, 0))
        if table.pass_to is not None:
            self.drawn = render.Drawn()  # nothing of the table is visible
            return overlay.pass_screen(surf, L, game.names[table.pass_to],
                                       t.SEAT_COLOURS[table.pass_to])
        mouse = self.mouse
        dialog = table.dialog_open()  # what lies under a dialog is drawn inactive
        self._highlights(surf, table, L)
        table.timeline.draw(surf)
        self._buttons(surf, L, live=not dialog)
        for target, (r, label) in self.top_rects(L).items():
            enabled = ((target[1] != "undo" or table.undo_possible())
                       and (target[1] != "hint" or not table.hint_problem()))
            button(surf, r, label, L, hover=r.collidepoint(mouse) and not dialog,
                   colour=(110, 70, 40), enabled=enabled and not dialog)
        self._log(surf, table, L)
        self._keep(surf, table, L)
        if dialog:  # the coach's strip and markers go under the dialog, its lights on it
            strip = self._hint(surf, table, L, {})
            targets = self._dialog(surf, table, L)
            rects = [targets[x] for x in self.hint_targets() if x in targets]
            coach.lights(surf, L, rects, table.clock_time, False)
        else:
            targets = {}
            strip = self._hint(surf, table, L, targets)
        thinking_marks.draw(surf, L, game.thinking_seats(), table.clock_time)
        seat = game.state.current_player
        if seat is not None and not game.is_person(seat) and table.thinking_shown():
            overlay.thinking(surf, L, game.names[seat], table.clock_time)
        targets.update(self._news(surf, table, L, strip))
        if self.guide_targets(L):  # a choice's options and the call-outs stay clear
            table.guide.draw(surf, L, mouse)
        if not table.dialog_open():
            self._tips(surf, table, L)  # over the guide: what the pointer asked for
        if table.message:  # above the coach's strip, never over it
            age = table.clock_time - table.message_time
            bottom = L.regions["board"].bottom - L.px(8)
            if strip is not None:
                bottom = min(bottom, strip.y - L.px(6))
            overlay.toast(surf, L, table.message, min(1.0, max(0.0, TOAST_TIME - age)),
                          bottom)
        if table.scoring_open and table.end_panel is not None:
            targets = table.end_panel.draw(surf, L, mouse)
        return targets

    def _tips(self, surf, table, L: Layout) -> None:
        """What the resting pointer is on, told: a card's whole text after a long rest, a
        small card shown big, or the tooltip; each waits for the pointer to rest, none shows
        over what was just clicked, and none covers the target it tells about."""
        game, mouse = table.game, self.mouse
        solo = game.state.config.solo
        target = self.table_target_at(mouse, L)  # the tips tell of the table under the news
        under = self.top_rects(L).get(target, (None,))[0] or (L.targets.get(target)
                                                               if target else None)
        raised = (target[1] if target is not None and target[0] in RAISED
                  and not table.timeline.busy and self.resting(RAISE_DELAY) else None)
        if raised is not None and target and target[0] in IN_COLUMN:
            # shown big in its column, and its words there too
            big = overlay.raised_card(surf, L, table.sprites, raised, solo)
            if self.resting(TIP_DELAY):
                overlay.column_note(surf, L, hover_lines(game.state, target, table.focus(), L),
                                    big)
            return
        if raised is not None:
            overlay.raised_card(surf, L, table.sprites, raised, solo)
        card = self.hover_target
        if (card is not None and table.clock_time - self.hover_since >= LONG_HOVER
                and self.resting(LONG_HOVER)):
            now = (commands.casual_preview(game.state, L.focus, card)
                   if CARDS[card].kind == "casual" else "")
            overlay.card_info(surf, L, table.sprites, card, mouse, now, solo, under)
            return
        if (not target or target[0] != "hand") and self.resting(TIP_DELAY):
            lines = (self._hint_tip() if target == ("ui", "hint") else
                     hover_lines(game.state, target, table.focus(), L))
            overlay.tooltip(surf, L, mouse, lines, under)

    def news_args(self, L: Layout, strip: pygame.Rect | None) -> tuple | None:
        """The news shown now and the room it has (items, bottom, top): below the Storehouse
        and above the coach's `strip` if it shows (None: kept back while a choice is open,
        so that its options stay clear)."""
        table = self.table
        if table.dialog_open():
            return None
        bottom = L.regions["board"].bottom - L.px(6)
        if strip is not None:
            bottom = min(bottom, strip.y - L.px(4))
        top = L.anchors[("store", L.focus)].bottom + L.px(4)  # the Cart and Storehouse clear
        viewer = table.viewer if table.pass_to is None else None
        return table.news.shown(table.clock_time, viewer), bottom, top

    def _news(self, surf, table, L: Layout, strip: pygame.Rect | None) -> dict:
        """The AI's latest move and the call-outs (`news_args`)."""
        args = self.news_args(L, strip)
        return overlay.news(surf, L, *args) if args is not None else {}

    def guide_targets(self, L: Layout | None = None) -> dict[str, pygame.Rect]:
        """Where the first-game guide's box and buttons are now ({}: it does not show): not
        over a choice, the end panel or the pass screen (which shows nothing but whose turn
        it is), and not while call-outs show (they go in the same place, and both at once
        would cover the Storehouse above them)."""
        table = self.table
        if not table.guide.hint or table.mode() is not Mode.TABLE:
            return {}
        L = L or self.layout()
        return {} if ("ui", "seen") in self.targets(L) else table.guide.place(L)

    def gathering(self) -> commands.Gathering | commands.ShopSetting | None:
        """The choice being made on the table by the person at the screen (None: none)."""
        table = self.table
        if not table.person_to_play():
            return None
        return table.picker.gathering or commands.decision_gathering(table.game.state)

    def shown_here(self, target: tuple, L: Layout) -> bool:
        """Is a target of a choice made on the table on the board shown big in `L` (or off
        the boards)? A Cart's or Shop's only on the deciding player's own."""
        seat = commands.seat_of(self.table.game.state, target)
        return seat is None or seat == L.focus

    def key_targets(self, L: Layout) -> list[tuple]:
        """What Tab steps through while a choice is made on the table: its lit targets on
        the board shown, top to bottom and left to right, then Use (once it is lit)."""
        gathering = self.gathering()
        if gathering is None:
            return []
        nxt = self.table.picker.next_targets(self.table.game.state)
        board = sorted((x for x in nxt if x[0] != "btn" and x in L.targets
                        and self.shown_here(x, L)),
                       key=lambda x: (L.targets[x].y // L.px(20), L.targets[x].x))
        buttons = [x for x in (("btn", "confirm"), ("btn", "discard")) if x in nxt
                   and x in L.targets]
        return [*board, *buttons]

    def _highlights(self, surf, table, L: Layout) -> None:
        state = table.game.state
        gathering = self.gathering()
        if not table.person_to_play() or table.timeline.busy or (
                L.focus != state.current_player and gathering is None):
            return
        nxt = table.picker.next_targets(state)
        sel = table.picker.selection
        if gathering is not None:
            self._gathering(surf, table, L, gathering, nxt)
            return
        if sel or flow.decision(state) != Decision.ACT:
            rects = [L.targets[x] for x in nxt if x in L.targets and x[0] != "btn"]
            overlay.highlights(surf, rects, table.clock_time, L)
        overlay.picked(surf, [L.targets[x] for x in sel if x in L.targets], L)
        self._hover(surf, L, nxt)

    def _hover(self, surf, L: Layout, nxt: set) -> None:
        hover = self.table_target_at(self.mouse, L)
        if (hover is not None and hover in nxt and hover in L.targets
                and hover[0] not in AREA_TARGETS):
            pygame.draw.rect(surf, t.HOVER, L.targets[hover].inflate(L.px(4), L.px(4)),
                             L.px(2), border_radius=L.px(7))

    def _gathering(self, surf, table, L: Layout, gathering, nxt: set) -> None:
        """A choice made on the table: the Shop as it will be set, what may be clicked lit,
        what is picked framed (a vegetable given twice marked so), the Helper in use and the
        keyboard's place."""
        here = [x for x in nxt if x in L.targets and x[0] != "btn" and self.shown_here(x, L)]
        if isinstance(gathering, commands.ShopSetting):
            overlay.shop_plan(surf, L, table.sprites, gathering.levels, gathering.first)
        # the boards on the left that hold what may be picked, where it is not shown here
        elsewhere = self.boards_holding(table.game.state, nxt, L)
        overlay.highlights(surf, [L.targets[x] for x in here]
                           + [L.targets[("seat", seat)] for seat in elsewhere],
                           table.clock_time, L)
        picks = [x for x in gathering.shown_picked() if x in L.targets
                 and self.shown_here(x, L)]
        overlay.picked(surf, [L.targets[x] for x in dict.fromkeys(picks)], L)
        for x in dict.fromkeys(picks):
            if picks.count(x) > 1:
                overlay.pick_count(surf, L, L.targets[x], picks.count(x))
        if gathering.helper is not None and gathering.helper in L.targets:
            overlay.picked(surf, [L.targets[gathering.helper]], L)
        focused = table.cursor.focused(self.key_targets(L))
        if focused is not None and focused in L.targets:
            overlay.key_focus(surf, L, L.targets[focused])
        self._hover(surf, L, nxt)

    def boards_holding(self, state, targets, L: Layout) -> list[int]:
        """The seats whose boards on the left hold some of `targets` not shown on the board
        shown big (with three or more players, a Trader's offers may lie on two boards)."""
        seats = {commands.seat_of(state, x) for x in targets
                 if x[0] != "btn" and not (x in L.targets and self.shown_here(x, L))}
        return sorted(s for s in seats if s is not None and s != L.focus
                      and ("seat", s) in L.targets)

    def hint_targets(self) -> list[tuple]:
        """The targets lit for the hint shown, in click order (none while none is shown,
        while an animation plays, or while another board is looked at, except for a choice
        made on the table: then those on that board)."""
        table = self.table
        hint, state, picker = table.game.hint, table.game.state, table.picker
        looking = table.focus() != state.current_player
        if (hint is None or table.timeline.busy or not table.person_to_play()
                or (looking and self.gathering() is None)):
            return []
        key = (hint, table.version, tuple(picker.selection), bool(picker.choosing))
        if self.hint_cache[0] != key:
            choosing = bool(picker.choosing) or table.dialog_open()
            self.hint_cache = (key, coach.lit(state, hint, picker.selection, choosing))
        if looking:
            L = self.L or self.layout()
            return [x for x in self.hint_cache[1] if x[0] == "btn" or self.shown_here(x, L)]
        return self.hint_cache[1]

    def _hint_tip(self) -> list[str]:
        """The Hint button's tooltip: why it is greyed, or what it does now."""
        table = self.table
        if table.game.hint_thinking:
            return [_("Stop thinking about a hint (H)")]
        return [table.hint_problem()
                or _("Ask the AI for a move; click again to put it away (H)")]

    def plan_compact(self, L: Layout, hint, pointer) -> bool:
        """Is the plan listed short? While the pointer is over the board its whole list
        covers, so that what lies under it can be clicked."""
        return coach.place_plan(L, hint).rect.collidepoint(pointer)

    def strip(self, L: Layout, pointer) -> pygame.Rect | None:
        """Where the coach's strip at the board's foot goes with the pointer at `pointer`
        (`_hint` draws it; None: none)."""
        game = self.table.game
        if game.hint_thinking:
            return coach.thinking_strip(L, game.coach.percent())
        hint = game.hint
        if hint is None:
            return None
        if len(hint.plan) <= 1:
            return coach.reason_strip(L, hint.reason)
        return coach.place_plan(L, hint, self.plan_compact(L, hint, pointer)).rect

    def _hint(self, surf, table, L: Layout, targets: dict) -> pygame.Rect | None:
        """The hint's lit targets and reason, or the progress of the coach thinking; returns
        the strip drawn at the board's foot (None: none)."""
        game = table.game
        if game.hint_thinking:
            return coach.thinking(surf, L, game.coach.percent())
        hint = game.hint
        if hint is not None:
            lit = self.hint_targets()
            rects = self.hint_rects(lit, targets, L)
            if len(hint.plan) <= 1:
                coach.lights(surf, L, rects, table.clock_time, len(rects) > 1)
                return coach.reason(surf, L, hint.reason)
            coach.lights(surf, L, rects, table.clock_time, False)
            n = hint.at + 1
            marks = [(f"{n}{'abcdefgh'[k]}" if len(rects) > 1 else str(n), r, True)
                     for k, r in enumerate(rects[:8])]
            if lit:  # the later steps, on the board as it is now
                marks += [(str(m), L.targets[x], False) for m, x in self.later_steps()
                          if x in L.targets]
            coach.badges(surf, L, marks)
            return coach.plan(surf, L, hint, compact=self.plan_compact(L, hint, self.mouse))
        return None

    def hint_rects(self, lit: list[tuple], targets: dict, L: Layout) -> list[pygame.Rect]:
        """Where the hint's `lit` targets are, in click order; one on another player's board
        not shown big is lit on that board's panel on the left (a Trader's offer with three
        or more players), once."""
        rects: list[pygame.Rect] = []
        panels: list[pygame.Rect] = []
        for x in lit:
            r = targets.get(x) or L.targets.get(x)
            if r is not None:
                rects.append(r)
            elif x[0] != "btn":
                board = self.boards_holding(self.table.game.state, [x], L)
                panel = L.targets[("seat", board[0])] if board else None
                if panel is not None and panel not in panels:
                    panels.append(panel)
                    rects.append(panel)
        return rects

    def later_steps(self) -> list[tuple[int, tuple]]:
        """The later steps of the hint's plan and where each will click first."""
        table = self.table
        key = (table.game.hint, table.version)
        if self.plan_cache[0] != key:
            self.plan_cache = (key, coach.later(table.game.state, table.game.hint))
        return self.plan_cache[1]

    def _buttons(self, surf, L: Layout, live: bool = True) -> None:
        """The bar's buttons (`live`: False under a dialog, all drawn inactive)."""
        for _target, label, r, enabled in L.buttons:
            button(surf, r, label, L, hover=live and r.collidepoint(self.mouse),
                   enabled=enabled and live)

    def log_scroll_limit(self) -> int:
        """How far back the game log can scroll now."""
        lines = self.table.game.log
        return self.log_view.most_scroll(self.L or self.layout(), (len(lines),), lambda: lines)

    def _log(self, surf, table, L: Layout) -> None:
        lines = table.game.log
        self.log_view.draw(surf, L, (len(lines),), lambda: lines, table.log_scroll)

    def _keep(self, surf, table, L: Layout) -> None:
        state = table.game.state
        keep = state.pending[-1] if state.pending else None
        if not isinstance(keep, KeepChoice) or not table.person_to_play():
            return
        picker = table.picker
        first = picker.selection[0][1] if picker.selection else None
        overlay.keep_panel(surf, L, table.sprites, keep.cards, first)
        self._buttons(surf, L)  # the buttons stay above the panel
        nxt = picker.next_targets(state)
        overlay.highlights(surf, [L.targets[x] for x in nxt if x in L.targets and x[0] == "keep"],
                           table.clock_time, L)

    def choice_place(self, L: Layout) -> overlay.ChoicePlace | None:
        """Where the in-place choice open now goes and what it offers (None: none is open):
        the picker's question, or the decision's options (uses first)."""
        table = self.table
        if not table.dialog_open():
            return None
        game, picker = table.game, table.picker
        state = game.state
        if picker.choosing:
            moves = picker.choosing
            title = picker.choose_title
            last = picker.selection[-1] if picker.selection else None
            card = last[1] if last and last[0] in ("helper", "regular", "casual") else None
        else:
            moves = commands.option_moves(state)
            d = state.pending[-1] if state.pending else None
            card = d.card if isinstance(d, ClaimChoice) else None
            title = _(CHOICE_TITLES.get(flow.decision(state), N_("Choose")))
        options = [(("opt", m), option_label(state, m, game.names))
                   for m in sorted(moves, key=lambda m: m.kind == "discard")]  # uses first
        detail = picker.choose_detail if picker.choosing else ""
        if card is not None and CARDS[card].kind == "casual":
            detail = commands.casual_preview(state, state.current_player, card)
        elif card is not None and CARDS[card].kind == "helper":
            detail = helper_detail(state, card)
        table.choice.follow([target for target, _label in options])
        return overlay.place_choice(L, title, card, options, detail,
                                    cancel=bool(picker.choosing), solo=state.config.solo,
                                    first=table.choice.first)

    def _dialog(self, surf, table, L: Layout) -> dict:
        place = self.choice_place(L)
        if place is None:
            return {}
        targets = overlay.choice_dialog(surf, L, table.sprites, place, self.mouse,
                                        solo=table.game.state.config.solo,
                                        focused=table.choice.focused())
        self._option_cards(surf, L, targets)
        return targets

    def _option_cards(self, surf, L: Layout, targets: dict) -> None:
        """The cards of the board that the option under the pointer works on, lit above the
        dimmed table (the Harvest helper's fields, the stall a Helper swaps)."""
        hover = next((target for target, r in targets.items()
                      if target[0] == "opt" and r.collidepoint(self.mouse)), None)
        if hover is None or self.static is None:
            return
        for card in option_cards(self.table.game.state, hover[1]):
            r = L.cards.get(card)
            if r is None:
                continue
            surf.blit(self.static, r, r)  # the card as bright as before the dimming
            overlay.highlights(surf, [r], self.table.clock_time, L)
