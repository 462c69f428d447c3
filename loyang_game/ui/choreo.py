"""Turning one move into animations: what travelled where, read from the move's events
(`GameState.events`): the cards, the vegetable tokens, the coins, the scoring marker's walk.
What the layouts before and after the move add: a card the table now draws elsewhere slides
there too (others came or went), and each flight starts and ends where the cards are drawn."""

from __future__ import annotations

import pygame

from ..engine import GameState, Move
from ..engine.cards import CARDS, NONE
from ..engine.events import (
    Cash,
    Claimed,
    Dealt,
    Discarded,
    Event,
    Flipped,
    GoodTaken,
    Handed,
    Harvested,
    IntoCourtyard,
    IntoOffer,
    NewField,
    PathStep,
    Placed,
    Source,
    Spot,
    ToDiscardPile,
    TokenTaken,
    TwoPackDrawn,
    Vegetables,
)
from ..engine.moves import BUY, CASUAL, REGULAR, SELL, TRADE
from ..engine.state import CARD, KeepChoice
from .anim import Flight, Lane, Timeline
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
        if isinstance(d, KeepChoice):
            for card in d.cards:
                out[card] = ("keep",)
    for card in state.discard[-3:]:
        out.setdefault(card, ("discard",))
    return out


def plan(tl: Timeline | Lane, after: GameState, move: Move | None, seat: int, L0: Layout,
         L1: Layout, sp: Sprites, viewer: int | None) -> None:
    """Queue the animations of `move` (None: the Harvest and other automatic steps), made by
    `seat`, that left the game in `after` (its events) and the table drawn as `L1` (`L0`:
    before it)."""
    token = max(12, L1.px(34))
    delay = 0.0
    cash: dict[int, int] = {}  # seat -> the Cash the move gave it (taken: negative)
    walks: dict[int, PathStep] = {}
    for event in after.events:
        if isinstance(event, Cash):
            cash[event.seat] = cash.get(event.seat, 0) + event.amount
        elif isinstance(event, PathStep):
            walks[event.seat] = event
    # --- cards that moved (or that the table draws elsewhere now) -------------------------------
    cards = _card_moves(after.events)
    places = card_places(after)
    for card, place in places.items():
        dest = L1.place_of(card)
        src = L0.place_of(card)
        if dest is None or (card not in cards.moved and (
                src is None or src.topleft == dest.topleft or card not in L1.cards)):
            continue  # (a panel's rows closing up over a card that came or went: no flight)
        if src is None or card in cards.unseen:
            src = _start(L0, cards.start.get(card)) or L1.anchors["draw"]
        if place[0] == "hand" and place[1] != viewer:
            img = sp.back(False, src.w, src.h)
        elif place[0] == "played":
            img = face(sp, card, src)
        else:
            img = sp.card(card, src.w, src.h)
        tl.add(Flight(img, [_centre(src), _centre(dest)], CARD_TIME, delay, arc=L1.px(20),
                      end_size=dest.size, hide_card=card))
        delay += 0.08
    for card in cards.discarded:  # cards that left for the discard pile
        src = L0.place_of(card)
        if src is not None and L1.place_of(card) is None and card in after.discard:
            img = face(sp, card, src)
            dest = L1.anchors["discard"]
            tl.add(Flight(img, [_centre(src), _centre(dest)], CARD_TIME, delay, arc=L1.px(30),
                          end_size=dest.size))
    # --- tokens --------------------------------------------------------------------------------
    moved = _tokens_moved(after.events)
    for q in after.players:
        s = q.seat
        m = moved.get(s, _Tokens())
        sources: list[tuple[int, pygame.Rect]] = []  # (veg, rect) a token left
        sinks: list[tuple[int, pygame.Rect]] = []
        for veg in range(6):
            _push(m.cart[veg], veg, L1.anchors[("cart", s, veg)], sources, sinks)
            _push(m.store[veg], veg, L1.anchors.get(("store", s), L1.anchors[("cart", s, veg)]),
                  sources, sinks)
            _push(m.shop[veg], veg, L1.anchors[("shop", s, veg)], sources, sinks)
        for f in q.fields:
            d = m.fields.get(f.card, (NONE, 0))[1]
            if f.veg >= 0 and d:
                r = L1.anchors.get(("field", f.card), L1.anchors[("pile", s)])
                _push(min(3, d), f.veg, r, sources, sinks)
        now = {f.card for f in q.fields}
        for card, (veg, d) in m.fields.items():  # an emptied field that left
            if card not in now and d:
                _push(d, veg, L0.anchors.get(("field", card), L1.anchors["supply"]),
                      sources, sinks)
        for veg, stall in m.filled:
            sinks.append((veg, _offer_place(L1, s, stall, veg)))
        for veg, stall, i in m.stalls:
            r = L0.targets.get(("stall", stall, i), L1.anchors["supply"]) \
                if s == L0.focus else L1.anchors[("plate", s)]
            sources.append((veg, r))
        # where unmatched tokens come from / go to
        other = L1.anchors["supply"]
        if move is not None and s == seat and move.kind in (REGULAR, CASUAL, TRADE):
            other = L0.cards.get(move.a, other) if s == L0.focus else L1.anchors[("plate", s)]
        for veg, dst in sinks:
            match = next((i for i, (v, _r) in enumerate(sources) if v == veg), None)
            src = sources.pop(match)[1] if match is not None else other
            if src == dst:
                continue  # (the Cart and the Storehouse share a line in a panel)
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
        walk = walks.get(s)  # on the Path of the board shown big, where every marker is
        if walk is not None and ("path", walk.end) in L1.anchors:
            pts = [_centre(L1.anchors[("path", sp_)]) for sp_ in range(walk.start, walk.end + 1)]
            size = L1.px(30)
            tl.add(Flight(sp.pawn(s, size), pts,
                          0.18 * (len(pts) - 1) + 0.1, delay, arc=0, hide_card=("marker", s)))


def face(sp: Sprites, card: int, r: pygame.Rect) -> pygame.Surface:
    """`card` drawn to fly from `r`: as played (a tile) where `r` lies on its side and the
    card has a played face (a stall, customer or Helper: `Sprites.base` names it), else
    upright (fields, and any card in a hand, the Courtyard or the Offer)."""
    if r.w > r.h and f"tile_{card}" in sp.base:
        return sp.tile(card, r.w, r.h)
    return sp.card(card, r.w, r.h)


def _offer_place(L: Layout, seat: int, stall: int, veg: int) -> pygame.Rect:
    """Where a Market stall's offer of `veg` is drawn: on the board shown big, else the
    stall in its seat's panel (or that seat's name plate)."""
    offers = CARDS[stall].offers
    for i, (wanted, _bowls) in enumerate(offers):
        if wanted == veg and ("stall", stall, i) in L.targets:
            return L.targets[("stall", stall, i)]
    return L.place_of(stall) or L.anchors.get(("plate", seat)) or L.anchors["supply"]


def _start(L: Layout, key: tuple | None) -> pygame.Rect | None:
    """Where a card with no place of its own in `L` comes from: a seat's hand (its hand row,
    or its board's name plate when that board is shown big) or its pile of fields."""
    if key is None:
        return None
    if key[0] == "hand":
        return L.anchors.get(key) or L.anchors.get(("plate", key[1]))
    return L.anchors.get(key)


class _Cards:
    """The cards a move moved, read from its events: those that changed places, those of them
    that came from where nobody saw them (a pile, under another card, the Introductory
    customer), where a card not drawn before came from (`start`: a seat's hand or pile of
    fields, an anchor's key), those that went to the discard pile."""

    def __init__(self) -> None:
        self.moved: set[int] = set()
        self.unseen: set[int] = set()
        self.start: dict[int, tuple] = {}
        self.discarded: list[int] = []

    def came(self, card: int, seen: bool) -> None:
        if card not in self.moved and not seen:
            self.unseen.add(card)
        self.moved.add(card)


_UNSEEN_SOURCES = (Source.UNDER, Source.INTRO, Source.PILE, Source.DRAW)


def _card_moves(events: list[Event]) -> _Cards:
    out = _Cards()
    for event in events:
        match event:
            case Placed(seat=seat, card=card, source=source):
                out.came(card, source not in _UNSEEN_SOURCES)
                if source == Source.HAND:
                    out.start.setdefault(card, ("hand", seat))
                elif source == Source.PILE:
                    out.start.setdefault(card, ("pile", seat))
            case IntoCourtyard(seat=seat, card=card):
                out.came(card, True)
                out.start.setdefault(card, ("hand", seat))
            case Handed(card=card):
                out.came(card, True)
            case IntoOffer(seat=seat, card=card):
                out.came(card, seat != NONE)
            case NewField(seat=seat, card=card):
                out.came(card, False)
                out.start.setdefault(card, ("pile", seat))
            case Flipped(card=card) | Claimed(card=card):
                out.came(card, False)
            case TwoPackDrawn(cards=drawn) | Dealt(cards=drawn):
                for card in drawn:
                    out.came(card, False)
            case Discarded(card=card):
                out.discarded.append(card)
            case ToDiscardPile(cards=gone):
                out.discarded += gone
    return out


class _Tokens:
    """The vegetable tokens a move moved on one seat's board, by place (+ came, - left)."""

    def __init__(self) -> None:
        self.cart = [0] * 6
        self.store = [0] * 6
        self.shop = [0] * 6
        self.fields: dict[int, tuple[int, int]] = {}  # field -> (vegetable, tokens)
        self.stalls: list[tuple[int, int, int]] = []  # (vegetable, stall, offer) taken off
        self.filled: list[tuple[int, int]] = []  # (vegetable, stall) put on from the supply

    def field(self, card: int, veg: int, n: int) -> None:
        self.fields[card] = (veg, self.fields.get(card, (veg, 0))[1] + n)


def _tokens_moved(events: list[Event]) -> dict[int, _Tokens]:
    """Seat -> the tokens the events moved on its board."""
    out: dict[int, _Tokens] = {}

    def board(seat: int) -> _Tokens:
        return out.setdefault(seat, _Tokens())

    for event in events:
        match event:
            case Vegetables(seat=seat, veg=veg, count=n, source=source, dest=dest, card=card):
                m = board(seat)
                for spot, d in ((source, -n), (dest, n)):
                    if spot == Spot.CART:
                        m.cart[veg] += d
                    elif spot == Spot.STORE:
                        m.store[veg] += d
                    elif spot == Spot.SHOP:
                        m.shop[veg] += d
                    elif spot == Spot.FIELD:
                        m.field(card, veg, d)
                    elif spot == Spot.STALL and d > 0:
                        m.filled += [(veg, card)] * d
            case Harvested(seat=seat, card=card, veg=veg):
                board(seat).field(card, veg, -1)
                board(seat).cart[veg] += 1
            case TokenTaken(owner=owner, field=field, veg=veg, taker=taker):
                board(owner).field(field, veg, -1)
                board(taker).cart[veg] += 1
            case GoodTaken(owner=owner, stall=stall, index=index, veg=veg, taker=taker,
                           into=into):
                board(owner).stalls.append((veg, stall, index))
                if into == Spot.CART:
                    board(taker).cart[veg] += 1
                elif into == Spot.SHOP:
                    board(taker).shop[veg] += 1
    return out


def _push(d: int, veg: int, r: pygame.Rect, sources: list, sinks: list) -> None:
    if d > 0:
        sinks.extend((veg, r) for _ in range(min(d, 4)))
    elif d < 0:
        sources.extend((veg, r) for _ in range(min(-d, 4)))
