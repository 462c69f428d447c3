"""Drawing one frame of the table scene: the still picture of the state (re-drawn only when
something it shows changed), the lit targets, the animation layer, the buttons, the log, the
Two-pack panel, the in-place choice, the thinking indicator, the tooltip or a card's whole
text, messages and the scoring screen.

`TablePainter.draw` reads the table scene and returns the click targets drawn over the table
(the choice's options, the pass screen's button, ...), which the scene keeps for its clicks.
"""

from __future__ import annotations

import pygame

from .. import commands
from ..engine import flow
from ..engine.cards import CARDS
from . import overlay, render
from . import theme as t
from .draw import button
from .layout import Layout
from .prompts import hover_lines, prompt

AREA_TARGETS = {"courtyard", "seat"}
LONG_HOVER = 0.9  # seconds on a card before its whole text shows
TOAST_TIME = 3.5  # seconds a message stays
CHOICE_TITLES = {"claim": "Foreman: take this Helper?", "shop": "Book-keeper: set the Shop",
                 "partner": "Choose a partner"}


class TablePainter:
    def __init__(self) -> None:
        self.static: pygame.Surface | None = None
        self.static_key = None
        self.log_cache: tuple | None = None
        self.drawn = render.Drawn()  # what the last still picture showed

    def invalidate(self) -> None:
        """Draw everything afresh next time (the palette or the window changed)."""
        self.static_key = None
        self.log_cache = None

    def draw(self, surf: pygame.Surface, table, L: Layout) -> dict:
        """Draw `table` (the table scene) laid out as `L`; returns the overlay's targets."""
        game = table.game
        view = render.View(names=game.names, kinds=game.kinds, viewer=table.viewer,
                           hide=table.timeline.hidden_cards(), prompt=prompt(game, table.pass_to))
        size = surf.get_size()
        key = (table.version, L.focus, table.viewer, size, frozenset(view.hide), table.pass_to,
               view.prompt)
        if key != self.static_key:
            if self.static is None or self.static.get_size() != size:
                self.static = pygame.Surface(size).convert()
            self.drawn = render.draw_table(self.static, game.state, L, table.sprites, view)
            self.static_key = key
        surf.blit(self.static, (0, 0))
        if table.pass_to is not None:
            self.drawn = render.Drawn()  # nothing of the table is visible
            return overlay.pass_screen(surf, L, game.names[table.pass_to],
                                       t.SEAT_COLOURS[table.pass_to])
        mouse = table.mouse
        self._highlights(surf, table, L)
        table.timeline.draw(surf)
        for _target, label, r in L.buttons:
            button(surf, r, label, L, hover=r.collidepoint(mouse))
        for target, (r, label) in table.top_rects().items():
            enabled = target[1] != "undo" or game.undo.can_undo()
            button(surf, r, label, L, hover=r.collidepoint(mouse),
                   colour=(110, 70, 40) if enabled else (80, 70, 60))
        self._log(surf, table, L)
        self._keep(surf, table, L)
        targets = self._dialog(surf, table, L)
        seat = game.state.current_player
        if seat is not None and not game.is_person(seat) and game.thinking:
            overlay.thinking(surf, L, game.names[seat], table.clock_time, game.worker.progress)
        if not table.dialog_open():
            card = table.hover_target
            if card is not None and table.clock_time - table.hover_since >= LONG_HOVER:
                overlay.card_info(surf, L, table.sprites, card, mouse)
            else:
                overlay.tooltip(surf, L, mouse, hover_lines(game.state, table.target_at(mouse),
                                                            table.focus(), L))
        if table.message:
            age = table.clock_time - table.message_time
            overlay.toast(surf, L, table.message, min(1.0, max(0.0, TOAST_TIME - age)))
        if table.scoring_open and game.scoring_rows is not None:
            targets = overlay.scoring_screen(surf, L, game.state, game.scoring_rows, game.names,
                                             game.end_lines)
        return targets

    def _highlights(self, surf, table, L: Layout) -> None:
        state = table.game.state
        if not table.person_to_play() or L.focus != state.current_player or table.timeline.busy:
            return
        nxt = table.picker.next_targets(state)
        sel = table.picker.selection
        if sel or flow.decision(state) != "act":
            rects = [L.targets[x] for x in nxt if x in L.targets and x[0] != "btn"]
            overlay.highlights(surf, rects, table.clock_time, L)
        overlay.picked(surf, [L.targets[x] for x in sel if x in L.targets], L)
        hover = table.target_at(table.mouse)
        if hover in nxt and hover in L.targets and hover[0] not in AREA_TARGETS:
            pygame.draw.rect(surf, t.HOVER, L.targets[hover].inflate(L.px(4), L.px(4)),
                             L.px(2), border_radius=L.px(7))

    def _log(self, surf, table, L: Layout) -> None:
        r = L.regions["log"]
        lines = table.game.log
        key = (len(lines), table.log_scroll, r.size)
        if self.log_cache is None or self.log_cache[0] != key:
            tmp = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
            overlay.log_panel(tmp, L, lines, table.log_scroll)
            self.log_cache = (key, tmp.subsurface(r).copy())
        surf.blit(self.log_cache[1], r)

    def _keep(self, surf, table, L: Layout) -> None:
        state = table.game.state
        pend = state.pending
        if not pend or pend[-1][0] != "keep" or not table.person_to_play():
            return
        picker = table.picker
        first = picker.selection[0][1] if picker.selection else None
        overlay.keep_panel(surf, L, table.sprites, pend[-1][2], first)
        for _target, label, r in L.buttons:  # the buttons stay above the panel
            button(surf, r, label, L, hover=r.collidepoint(table.mouse))
        nxt = picker.next_targets(state)
        overlay.highlights(surf, [L.targets[x] for x in nxt if x in L.targets and x[0] == "keep"],
                           table.clock_time, L)

    def _dialog(self, surf, table, L: Layout) -> dict:
        if not table.dialog_open():
            return {}
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
            card = d[2] if d and d[0] == "claim" else None
            title = CHOICE_TITLES.get(flow.decision(state), "Choose")
        options = []
        for m in moves:
            label = "End the Action phase anyway" if m.kind == "end" else m.describe(game.names)
            options.append((("opt", m), label[0].upper() + label[1:]))
        detail = ""
        if card is not None and CARDS[card].kind == "casual":
            detail = commands.casual_preview(state, state.current_player, card)
        return overlay.choice_dialog(surf, L, table.sprites, title, card, options, table.mouse,
                                     detail, cancel=bool(picker.choosing))

