"""Turning one move into animations: what travelled where. The coins and the scoring marker's
walk are read from the move's events (`GameState.events`); the cards and the vegetable
tokens are still found by comparing the state before and after the move, and the cards'
places on the table before and after (a card that slides because others came or went
moves too)."""

from __future__ import annotations

import pygame

from ..engine import GameState, Move
from ..engine.cards import CARDS
from ..engine.events import Cash, PathStep
from ..engine.moves import BUY, CASUAL, REGULAR, SELL, TRADE
from ..engine.state import CARD, COUNT, MASK, VEG
from .anim import Flight, Timeline
from .layout import Layout
from .sprites import Sprites

TOKEN_TIME = 0.45
CARD_TIME = 0.5


def _centre(r: pygame.Rect) -> tuple[float, float]:
    return (r.centerx, r.centery)


def card_places(state: GameState) -> dict[int, tuple]:
    """Where each visible card is: ("hand", seat), ("court",), ("offer",), ("played", seat),
    ("keep",), ("discard",)."""
    out: dict[int, tuple] = {}
    for p in state.players:
        for card in p.hand:
            out[card] = ("hand", p.seat)
        for area in (p.fields, p.stalls, p.helpers, p.regulars, p.casuals):
            for slot in area:
                out[slot[CARD]] = ("played", p.seat)
    if state.opponent:
        for area in (state.opponent.stalls, state.opponent.regulars, state.opponent.casuals):
            for slot in area:
                out[slot[CARD]] = ("played", -1)
    for card in state.courtyard:
        out[card] = ("court",)
    for card in state.offer:
        if card >= 0:
            out[card] = ("offer",)
    for d in state.pending:
        if d[0] == "keep":
            for card in d[2]:
                out[card] = ("keep",)
    for card in state.discard[-3:]:
        out.setdefault(card, ("discard",))
    return out


def plan(tl: Timeline, before: GameState, after: GameState, move: Move | None, seat: int,
         L0: Layout, L1: Layout, sp: Sprites, viewer: int | None) -> None:
    """Queue the animations of `move` (None: the Harvest and other automatic steps)."""
    token = max(12, L1.px(34))
    delay = 0.0
    cash: dict[int, int] = {}  # seat -> the Cash the move gave it (taken: negative)
    walks: dict[int, PathStep] = {}
    for event in after.events:
        if isinstance(event, Cash):
            cash[event.seat] = cash.get(event.seat, 0) + event.amount
        elif isinstance(event, PathStep):
            walks[event.seat] = event
    # --- cards that moved ---------------------------------------------------------------------
    p0, p1 = card_places(before), card_places(after)
    for card, place in p1.items():
        if p0.get(card) == place and card in L0.cards and card in L1.cards \
                and L0.cards[card].topleft == L1.cards[card].topleft:
            continue
        if card not in L1.cards:
            continue
        dest = L1.cards[card]
        src = L0.cards.get(card)
        if src is None or p0.get(card) is None:
            src = L1.anchors["draw"]
        if place[0] == "hand" and place[1] != viewer:
            img = sp.back(False, src.w, src.h)
        elif CARDS[card].kind in ("stall", "regular", "casual", "helper") and place[0] == "played":
            img = sp.tile(card, src.w, src.h) if src.w > src.h else sp.card(card, src.w, src.h)
        else:
            img = sp.card(card, src.w, src.h)
        tl.add(Flight(img, [_centre(src), _centre(dest)], CARD_TIME, delay, arc=L1.px(20),
                      end_size=dest.size, hide_card=card))
        delay += 0.08
    for card in p0:  # cards that left for the discard pile
        if card not in p1 and card in L0.cards and card in after.discard:
            src = L0.cards[card]
            img = sp.card(card, src.w, src.h) if src.h > src.w else sp.tile(card, src.w, src.h)
            dest = L1.anchors["discard"]
            tl.add(Flight(img, [_centre(src), _centre(dest)], CARD_TIME, delay, arc=L1.px(30),
                          end_size=dest.size))
    # --- tokens --------------------------------------------------------------------------------
    for p, q in zip(before.players, after.players):
        s = p.seat
        sources: list[tuple[int, pygame.Rect]] = []  # (veg, rect) a token left
        sinks: list[tuple[int, pygame.Rect]] = []
        for veg in range(6):
            d = q.cart[veg] - p.cart[veg] + q.store[veg] - p.store[veg]
            _push(d, veg, L1.anchors[("cart", s, veg)], sources, sinks)
            _push(q.shop[veg] - p.shop[veg], veg, L1.anchors[("shop", s, veg)], sources, sinks)
        fields0 = {f[CARD]: f for f in p.fields}
        for f in q.fields:
            old = fields0.get(f[CARD])
            n0 = old[COUNT] if old and old[VEG] == f[VEG] else 0
            if f[VEG] >= 0 and f[COUNT] != n0:
                r = L1.anchors.get(("field", f[CARD]), L1.anchors[("pile", s)])
                _push(min(3, f[COUNT] - n0) if f[COUNT] > n0 else f[COUNT] - n0, f[VEG], r,
                      sources, sinks)
        for card, f in fields0.items():  # an emptied field that left
            if f[VEG] >= 0 and card not in {x[CARD] for x in q.fields}:
                _push(-f[COUNT], f[VEG], L0.anchors.get(("field", card), L1.anchors["supply"]),
                      sources, sinks)
        stalls1 = {st[CARD]: st for st in q.stalls}
        for st in p.stalls:
            new = stalls1.get(st[CARD])
            mask = new[MASK] if new else 0
            for i in range(3):
                if st[MASK] & (1 << i) and not mask & (1 << i):
                    r = L0.targets.get(("stall", st[CARD], i), L1.anchors["supply"]) \
                        if s == L0.focus else L1.anchors[("plate", s)]
                    sources.append((CARDS[st[CARD]].offers[i][0], r))
        # where unmatched tokens come from / go to
        other = L1.anchors["supply"]
        if move is not None and s == seat and move.kind in (REGULAR, CASUAL, TRADE):
            other = L0.cards.get(move.a, other) if s == L0.focus else L1.anchors[("plate", s)]
        for veg, dst in sinks:
            match = next((i for i, (v, _r) in enumerate(sources) if v == veg), None)
            src = sources.pop(match)[1] if match is not None else other
            tl.add(Flight(sp.veg(veg, token), [_centre(src), _centre(dst)], TOKEN_TIME, delay,
                          arc=L1.px(40)))
            delay += 0.06
        for veg, src in sources:
            tl.add(Flight(sp.veg(veg, token), [_centre(src), _centre(other)], TOKEN_TIME, delay,
                          arc=L1.px(40)))
            delay += 0.06
        # coins
        d = cash.get(s, 0)
        if d:
            purse = L1.anchors[("purse", s)]
            far = L1.anchors["supply"]
            if move is not None and s == seat:
                if move.kind in (REGULAR, CASUAL) and move.a in L0.cards:
                    far = L0.cards[move.a]
                elif move.kind in (BUY, SELL):
                    far = L1.anchors[("shop", s, move.a)]
            coin = sp.get("coin", (L1.px(26), L1.px(26)))
            for k in range(min(abs(d), 5)):
                pts = [_centre(far), _centre(purse)] if d > 0 else [_centre(purse), _centre(far)]
                tl.add(Flight(coin, pts, TOKEN_TIME, delay + 0.05 * k, arc=L1.px(30)))
            delay += 0.1
        # the scoring marker walks
        walk = walks.get(s)
        if walk is not None:
            pts = [_centre(L1.anchors[("path", sp_)]) for sp_ in range(walk.start, walk.end + 1)]
            size = L1.px(30)
            tl.add(Flight(sp.pawn(s, size), pts,
                          0.18 * (len(pts) - 1) + 0.1, delay, arc=0, hide_card=("marker", s)))


def _push(d: int, veg: int, r: pygame.Rect, sources: list, sinks: list) -> None:
    if d > 0:
        sinks.extend((veg, r) for _ in range(min(d, 4)))
    elif d < 0:
        sources.extend((veg, r) for _ in range(min(-d, 4)))
