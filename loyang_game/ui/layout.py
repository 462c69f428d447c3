"""Where everything on the table is, for one window size and one seat on the big board.

Positions are planned on a 1280x800 design and scaled to the window (`Layout.R`); the result
is a set of rectangles: click targets (`targets`, keyed like commands.py's targets), card
places (`cards`) and anchors for animations (`anchors`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from ..engine import GameState, flow
from ..engine.cards import CARDS, PATH_END, SHOP_SPACES
from ..engine.moves import NONE
from ..engine.state import ACTIONS, CARD, CARDS_PHASE, MASK, UNDER, Decision, KeepChoice
from ..text.names import helper_words
from . import cardgeom as g
from . import theme as t

FIELD_W, FIELD_H = 76, 106
TILE_W, TILE_H, STACK = 192, 64, 15
SMALL_W, SMALL_H = 68, 95  # the piles' cards
# The board ends at BOARD_BOTTOM and the bottom bar (the hand and the buttons) fills the rest:
# the bar is tall enough for hand cards whose words read at 1280x800 (a Helper's text at about
# 14 px) without a zoom over the board.
BOARD_BOTTOM, BAR_TOP, BAR_BOTTOM = 650, 656, 794
HAND_W, HAND_H = 96, 134  # as tall as the bar allows: the cards' words at their largest
HAND_Y = BAR_TOP + (BAR_BOTTOM - BAR_TOP - HAND_H) // 2
# The top bar (design pixels): its height, which two lines of the prompt at the size of the
# buttons' words fit, and its buttons' place in it, centred.
TOP_H, TOP_BUTTON_Y, TOP_BUTTON_H = 36, 4, 28
# The middle of the board, from the top (design y): the Shop's awning and stands, the Cart
# (under the Path), the Storehouse and the purse.
AWNING_TOP, SHOP_TOP, CART_TOP, STORE_TOP = 202, 218, 412, 500


@dataclass
class Layout:
    size: tuple[int, int]
    focus: int
    s: float = 1.0
    ox: float = 0.0
    oy: float = 0.0
    targets: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)  # card id -> Rect (portrait or tile place)
    unders: dict = field(default_factory=dict)  # card id of a lower card -> Rect of its strip
    anchors: dict = field(default_factory=dict)
    regions: dict = field(default_factory=dict)
    panels: dict = field(default_factory=dict)  # seat -> Rect of its compact panel
    seats: dict = field(default_factory=dict)  # seat -> SeatPlaces: what is where in its panel
    panel_cards: dict = field(default_factory=dict)  # card id -> Rect where a panel shows it
    buttons: list = field(default_factory=list)  # (target, label, Rect, enabled)

    def R(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        s = self.s
        return pygame.Rect(round(self.ox + x * s), round(self.oy + y * s), round(w * s),
                           round(h * s))

    def px(self, v: float) -> int:
        return max(1, round(v * self.s))

    def place_of(self, card: int) -> pygame.Rect | None:
        """Where `card` is drawn: its place on the board shown big, in the hand, the
        Courtyard or the Offer (`cards`), else where another seat's panel shows it (a chip,
        a row, a tile: `panel_cards`); None: nowhere in sight."""
        return self.cards.get(card) or self.panel_cards.get(card)


def build(state: GameState, focus: int, size: tuple[int, int], *, hand_seat: int | None,
          bar_buttons: list[tuple[tuple, str, bool]], dialog: bool = False,
          left_kept: bool = False, bar_left: float | None = None) -> Layout:
    """`left_kept`: the scene draws a panel of its own in the left column under the first
    seat's panel (the tutorial's lesson), so the seats' panels keep their compact height
    and the log stays in the right-hand column. `bar_left`: the design x where the hand
    must end whatever the phase (the replay's controls fill the bar's three columns)."""
    w, h = size
    s = min(w / t.DESIGN_W, h / t.DESIGN_H)
    L = Layout(size=size, focus=focus, s=s, ox=(w - t.DESIGN_W * s) / 2,
               oy=(h - t.DESIGN_H * s) / 2)
    L.regions = {
        "top": L.R(0, 0, 1280, TOP_H), "left": L.R(6, 40, 214, 754),
        "right": L.R(1050, 40, 224, 754), "board": L.R(226, 40, 818, BOARD_BOTTOM - 40),
        "bottom": L.R(226, BAR_TOP, 818, BAR_BOTTOM - BAR_TOP),
        "piles": L.R(1050, PILES_TOP, 224, PILES_H),
        "centre": L.R(434, 166, 402, BOARD_BOTTOM - 6 - 166), "dialog": L.R(330, 180, 620, 420),
    }
    log_left = state.config.solo and not left_kept
    court_h = court_height(state, log_left)
    L.regions["court"] = L.R(1050, COURT_TOP, 224, court_h)
    if log_left:  # solo: the log under the imaginary opponent, the Offer the column's
        L.regions["log"] = L.R(6, SOLO_PANEL_H + 46, 214, 754 - SOLO_PANEL_H - 6)
    else:
        log_top = COURT_TOP + court_h + 6
        L.regions["log"] = L.R(1050, log_top, 224, 794 - log_top)
    _board(L, state, focus)
    _others(L, state, focus, left_kept)
    _right(L, state, log_left)
    _bottom(L, state, hand_seat, bar_buttons, bar_left)
    L.anchors["supply"] = L.R(620, 20, 40, 40)
    return L


def _board(L: Layout, state: GameState, seat: int) -> None:
    p = state.players[seat]
    # Fields row: the pile, then the fields.
    L.anchors[("pile", seat)] = L.R(232, 46, FIELD_W, FIELD_H)
    n = len(p.fields)
    step = min(FIELD_W + 8, (1030 - 316) / max(1, n))
    for i, slot in enumerate(p.fields):
        r = L.R(316 + i * step, 46, FIELD_W, FIELD_H)
        L.cards[slot[CARD]] = r
        L.targets[("field", slot[CARD])] = r
        L.anchors[("field", slot[CARD])] = r
        if slot[UNDER] != NONE:
            L.unders[slot[UNDER]] = r
    # Left column: stalls then Helpers; right column: Regular then Casual customers.
    _column(L, [*p.stalls, *p.helpers], 232, "stall", "helper", {s[CARD] for s in p.helpers})
    _column(L, [*p.regulars, *p.casuals], 842, "regular", "casual", {s[CARD] for s in p.casuals})
    for stall in p.stalls:
        _offers(L, stall[CARD])
    # The T: name plate, the Shop (a stall: its awning, its six stands), the Path, the Cart,
    # the Storehouse and the purse.
    L.anchors[("plate", seat)] = L.R(434, 166, 402, 32)
    L.anchors[("awning", seat)] = L.R(434, AWNING_TOP, 402, SHOP_TOP - AWNING_TOP)
    x = 434
    setting = flow.decision(state) == Decision.SHOP and state.current_player == seat
    for veg in range(6):
        width = 96 if SHOP_SPACES[veg] == 3 else 61
        r = L.R(x, SHOP_TOP, width - 2, 100)
        L.targets[("shop", veg)] = r
        L.anchors[("shop", seat, veg)] = r
        if setting:  # the Book-keeper's Shop is set on its spaces (as render draws them)
            n, size = SHOP_SPACES[veg], L.px(28)
            for i in range(n):
                cx = r.x + (r.w - n * (size + L.px(3))) // 2 + i * (size + L.px(3))
                L.targets[("space", veg, i + 1)] = pygame.Rect(
                    cx - L.px(1), r.y + L.px(4), size + L.px(3), size + L.px(8))
        x += width
    for space in range(1, PATH_END + 1):
        at_x, at_y = path_centre(space)
        r = L.R(at_x - PATH_HIT[0] / 2, at_y - PATH_HIT[1] / 2, *PATH_HIT)
        L.targets[("path", space)] = r
        L.anchors[("path", space)] = r
    for veg in range(6):
        r = L.R(434 + veg * 67, CART_TOP + 18, 64, 62)
        L.targets[("cart", veg)] = r
        L.anchors[("cart", seat, veg)] = r
    L.anchors[("cartbox", seat)] = L.R(434, CART_TOP, 402, 82)
    store = L.R(434, STORE_TOP, 230, 70)
    L.targets[("store",)] = store
    L.anchors[("store", seat)] = store
    L.anchors[("purse", seat)] = L.R(672, STORE_TOP, 164, 70)
    low = STORE_TOP + 76
    L.anchors[("loans", seat)] = L.R(434, low, 230, BOARD_BOTTOM - 10 - low)
    L.anchors[("tokens", seat)] = L.R(672, low, 164, BOARD_BOTTOM - 10 - low)


# The Path of Prosperity winds across the board's middle: spaces 1 to 10 from left to right,
# a bend, then 11 to 20 back from right to left, each a round stone on a road that rises and
# falls a little (design pixels: the stones' centres, their radius, the click place around one).
PATH_LEFT, PATH_STEP, PATH_ROWS = 454, 38.5, (345, 389)
PATH_WAVE = (0, -2, -3, -2, 0, 2, 3, 2, 0, -1)
PATH_STONE = 16
PATH_HIT = (38, 40)


def path_centre(space: int) -> tuple[float, float]:
    """The design centre of the Path's `space` (1..20)."""
    row, i = divmod(space - 1, 10)
    col = i if row == 0 else 9 - i
    return PATH_LEFT + col * PATH_STEP, PATH_ROWS[row] + PATH_WAVE[col]


def _offers(L: Layout, stall: int, mask: int = 7) -> None:
    """The targets of a Market stall tile's three offers (those in `mask`)."""
    r = L.cards[stall]
    k = r.w / 360
    for i in range(3):
        if mask & (1 << i):
            L.targets[("stall", stall, i)] = pygame.Rect(
                r.x + round((10 + i * 116) * k), r.y + round(36 * k), round(108 * k),
                round(70 * k))


COLUMN_BOTTOM = BOARD_BOTTOM - 20  # the board's columns end here: below sits the hand's name tab


def _column(L: Layout, slots: list[tuple], x: float, kind_a: str, kind_b: str,
            b_cards: set[int]) -> None:
    top, bottom = 168, COLUMN_BOTTOM
    need = sum(TILE_H + 6 + (STACK if sl[UNDER] != NONE else 0) for sl in slots)
    # The steps between the tiles shrink so that the last tile still ends above `bottom`.
    squeeze = min(1.0, (bottom - top - TILE_H) / max(1, need - TILE_H - 6))
    y: float = top
    for slot in slots:
        extra = STACK if slot[UNDER] != NONE else 0
        if extra:
            L.unders[slot[UNDER]] = L.R(x, y, TILE_W, TILE_H)
        r = L.R(x, y + extra * squeeze, TILE_W, TILE_H)
        L.cards[slot[CARD]] = r
        kind = kind_b if slot[CARD] in b_cards else kind_a
        if kind != "stall":  # a stall's targets are its three offers
            L.targets[(kind, slot[CARD])] = r
        y += (TILE_H + 6 + extra) * squeeze


SOLO_PANEL_H = 470  # the imaginary opponent's panel
SEAT_PANEL_H = 250  # a seat's compact panel; with room to spare (2 and 3 players) it grows


def _others(L: Layout, state: GameState, focus: int, left_kept: bool) -> None:
    if state.opponent is not None:
        L.panels[-1] = L.R(6, 40, 214, SOLO_PANEL_H)
        for i, slot in enumerate([*state.opponent.stalls, *state.opponent.regulars,
                                  *state.opponent.casuals]):
            L.cards[slot[CARD]] = L.R(17, 70 + i * 72, TILE_W, TILE_H)
        for slot in state.opponent.stalls:  # its offers, for the Trader
            _offers(L, slot[CARD], slot[MASK])
        return
    seats = [seat for seat in range(state.config.seats) if seat != focus]
    # The panels share the column (the player's look at the others' played cards grows
    # with them, see render._compact); a scene's panel below them keeps them compact.
    height = 754 / max(1, len(seats))
    if left_kept:
        height = min(SEAT_PANEL_H, height)
    for i, seat in enumerate(seats):
        r = L.R(6, 40 + i * height, 214, height - 6)
        L.panels[seat] = r
        L.targets[("seat", seat)] = r
        for key in ("plate", "pile", "loans", "tokens"):
            L.anchors[(key, seat)] = r
        for veg in range(6):
            L.anchors[("shop", seat, veg)] = r
        _panel_places(L, state.players[seat], r)


def _panel_places(L: Layout, p, r: pygame.Rect) -> None:
    """Seat `p`'s panel `r`: what is where in it (`SeatPlaces`), its cards' places
    (`panel_cards`: a card that comes or goes can fly from or to where the panel shows it,
    `Layout.place_of`) and the anchors of its
    Cash, Cart and Storehouse (one line), fields and hand (coins, vegetables and cards fly
    from and to them)."""
    places = L.seats[p.seat] = seat_places(L, p, r)
    L.anchors[("purse", p.seat)] = places.stats
    L.anchors[("hand", p.seat)] = pygame.Rect(r.x + L.px(8), r.bottom - L.px(HAND_ROW - 4),
                                              r.w // 2, L.px(HAND_ROW - 8))
    for key in ("cartbox", "store"):
        L.anchors[(key, p.seat)] = places.cart
    for veg in range(6):
        L.anchors[("cart", p.seat, veg)] = places.cart
    for slot, chip in zip(p.fields, places.fields, strict=True):
        L.panel_cards[slot[CARD]] = L.anchors[("field", slot[CARD])] = chip
    for slot, place, _whole in places.played:
        L.panel_cards[slot[CARD]] = place
    for card, place in (*places.chips, *places.customers):
        L.panel_cards[card] = place


# A seat's panel, from the top (design pixels at unit 1): its name, then rows for its Cash,
# Loans and Path place, its Cart, its fields, a line of chips (4 players) and a customer (4
# players); the least gap between them; the foot (the hand's backs and "click to view").
PANEL_HEAD, STATS_ROW, CART_ROW, FIELD_ROW, CHIP_ROW, CUSTOMER_ROW = 26, 18, 22, 24, 18, 22
COMPACT_GAP, COMPACT_MOST_GAP, HAND_ROW = 3, 14, 34
COMPACT_GROWTH = 1.5  # the rows grow no further than this (a customer's row still fits)
CHIP_GROWTH = 1.25  # the chips grow less: their words are names, read once
COMPACT_SQUEEZE = 0.75  # ... and shrink no further: a customer past the room is left out


@dataclass
class SeatPlaces:
    """Where another seat's panel shows the seat below its name: its Cash, Loans and Path
    place (`stats`), its Cart, its fields as chips, and its played cards: with 2 and 3
    players as their tiles (`played`: slot, place, whole), with 4 as chips for its stalls
    and Helpers and a row for each customer (what it wants, what it pays). A 4-player
    panel's rows grow with its room (`unit`: 1 at their least comfortable size, up to
    COMPACT_GROWTH) and what room is left goes between them, so no band of the panel stays
    empty while its rows are small."""

    stats: pygame.Rect
    cart: pygame.Rect
    fields: list[pygame.Rect]
    played: list[tuple[tuple, pygame.Rect, bool]] = field(default_factory=list)
    chips: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    customers: list[tuple[int, pygame.Rect]] = field(default_factory=list)
    unit: float = 1.0


def seat_places(L: Layout, p, r: pygame.Rect) -> SeatPlaces:
    """`SeatPlaces` of seat `p`'s panel `r`: its cards' tiles where the panel has room
    for them (`played_places`), else the 4 players' rows (`compact_places`)."""
    y = r.y + L.px(PANEL_HEAD + 4)
    slots = [*p.stalls, *p.helpers, *p.regulars, *p.casuals]
    left, width = r.x + L.px(8), r.w - L.px(16)
    tiles = played_places(L, r, y + L.px(STATS_ROW + CART_ROW + 26), len(slots))
    if not tiles:
        return compact_places(L, r, p, y)
    stats = pygame.Rect(left, y, width, L.px(STATS_ROW))
    cart = pygame.Rect(left, stats.bottom, width, L.px(CART_ROW))
    return SeatPlaces(stats, cart, fields_row(L, r, cart.bottom, len(p.fields), L.px(22)),
                      [(slot, place, whole) for slot, (place, whole) in zip(slots, tiles,
                                                                          strict=True)])


def played_places(L: Layout, r: pygame.Rect, y: int, n: int) -> list[tuple[pygame.Rect, bool]]:
    """Where a seat's panel `r` shows its `n` played cards from `y` down: (place, whole)
    for each, one under another as on its board; when they do not all fit, the first ones
    show their header band alone (the card's name, as a Two-pack's lower card shows) and
    the last ones whole. [] when the panel has no room for that (4 players: chips)."""
    w = r.w - L.px(16)
    h = w * g.TILE_H // g.TILE_W
    gap = L.px(4)
    strip = h * g.HEADER // g.TILE_H + L.px(1)
    room = r.bottom - L.px(36) - y
    if room < 2 * h:  # a compact panel (4 players): chips, whatever the number of cards
        return []
    whole = next((k for k in range(n, 0, -1) if (n - k) * (strip + gap) + k * (h + gap)
                  <= room + gap), 0)
    out = []
    for i in range(n):
        band = i < n - whole
        out.append((pygame.Rect(r.x + L.px(8), y, w, strip if band else h), not band))
        y += (strip if band else h) + gap
    return out if whole else []


def fields_row(L: Layout, r: pygame.Rect, y: int, n: int, h: int) -> list[pygame.Rect]:
    """A seat's `n` fields as chips `h` high across its panel `r` from `y` (a little wider
    than high, narrower when there are many)."""
    left, room, gap = r.x + L.px(8), r.w - L.px(16), L.px(2)
    w = min(h * 3 // 2, (room + gap) // max(1, n) - gap)
    return [pygame.Rect(left + i * (w + gap), y, w, h) for i in range(n)]


def compact_places(L: Layout, r: pygame.Rect, p, y: int) -> SeatPlaces:
    """`SeatPlaces` of a 4-player panel `r` of seat `p`, from `y` down to the hand's row."""
    left, right = r.x + L.px(8), r.right - L.px(8)
    customers = [slot[CARD] for slot in (*p.regulars, *p.casuals)]
    bottom = r.bottom - L.px(HAND_ROW)
    unit, cols = 1.0, 1
    for look in range(3):  # the chips' lines at the rows' size (a second look if they wrap);
        # the customers two abreast when one column would squeeze them further than allowed
        growing = L.px(STATS_ROW + CART_ROW + FIELD_ROW
                       + -(-len(customers) // cols) * CUSTOMER_ROW)
        step = round(L.px(CHIP_ROW) * chip_unit(unit))
        laid, lines = chip_lines(L, [*p.stalls, *p.helpers], left, right, chip_unit(unit))
        room = bottom - y - lines * step - 4 * L.px(COMPACT_GAP)
        if look == 1 and room / growing < COMPACT_SQUEEZE:
            cols = 2
        unit = max(COMPACT_SQUEEZE, min(COMPACT_GROWTH, room / growing))
    spare = max(0, room - round(growing * unit))
    between = L.px(COMPACT_GAP) + min(L.px(COMPACT_MOST_GAP), spare // 4)

    def row(height: float) -> pygame.Rect:
        return pygame.Rect(left, y, right - left, round(L.px(height) * unit))

    stats = row(STATS_ROW)
    y = stats.bottom + between
    cart = row(CART_ROW)
    y = cart.bottom + between
    h = round(L.px(FIELD_ROW) * unit)
    fields = fields_row(L, r, y, len(p.fields), h)
    y += h + between
    chips = [(card, pygame.Rect(x, y + line * step, w, step - L.px(2)))
             for card, x, w, line in laid]
    y += lines * step + (between if laid else 0)
    h = round(L.px(CUSTOMER_ROW) * unit)
    w = (right - left - (cols - 1) * L.px(4)) // cols
    rows = []
    for i, card in enumerate(customers):
        line, col = divmod(i, cols)
        if y + line * h + h - L.px(2) > bottom:
            break  # (only with more customers than a seat ever keeps)
        rows.append((card, pygame.Rect(left + col * (w + L.px(4)), y + line * h, w,
                                       h - L.px(2))))
    return SeatPlaces(stats, cart, fields, [], chips, rows, unit)


def chip_unit(unit: float) -> float:
    """The chips' size for the rows' `unit`."""
    return min(unit, CHIP_GROWTH)


def chip_lines(L: Layout, slots: list[tuple], left: int, right: int,
               unit: float) -> tuple[list[tuple[int, int, int, int]], int]:
    """The chips of `slots`' cards from `left` to `right` at `unit`, wrapped: (card, x,
    width, line) each, and the number of lines."""
    laid, x, line = [], left, 0
    for slot in slots:
        w = t.font(round(L.px(14) * unit)).size(chip_label(slot[CARD]))[0] + L.px(8)
        if x > left and x + w > right:
            x, line = left, line + 1
        laid.append((slot[CARD], x, w, line))
        x += w + L.px(3)
    return laid, line + 1 if laid else 0


def chip_label(card: int) -> str:
    """A played card's chip: a stall's or customer's code, a Helper's name."""
    c = CARDS[card]
    return c.code if c.kind != "helper" else helper_words(c.name)


# The right-hand column: the piles at its top (always in one place: the draw pile is clicked
# for a Two-pack), the Courtyard (the Offer in solo) under them, as tall as its rows of cards,
# and the game log in all the room left below.
PILES_TOP, PILES_H = 40, 112
COURT_TOP = PILES_TOP + PILES_H + 6
COURT_HEAD = 24  # the Courtyard's title above its cards
COURT_W = 216  # the width its cards share
OFFER_STEP = 94  # the Offer's rows (solo)
LOG_LEAST = 150  # the log never shrinks below this


def court_grid(n: int) -> tuple[int, float, float, float]:
    """The Courtyard's grid for `n` cards: (columns, card width, card height, row step)."""
    cols = 3 if n <= 12 else 4
    w = COURT_W / cols - 4
    hh = w * 1.4
    rows = max(1, -(-n // cols))
    room = 794 - LOG_LEAST - 6 - COURT_TOP - COURT_HEAD - 4
    step = min(hh + 4, (room - hh) / max(1, rows - 1)) if rows > 1 else hh + 4
    return cols, w, hh, step


# The Offer's cards when the column is the Offer's alone (the log on the left): three
# abreast across the column, each row's price on a strip above its cards.
OFFER_BIG_W, OFFER_BIG_H, OFFER_PRICE = 70, 98, 20
OFFER_BIG_STEP = OFFER_PRICE + OFFER_BIG_H + 8


def court_height(state: GameState, log_left: bool = False) -> int:
    """The design height of the Courtyard's panel (the Offer's in solo): its title and its
    rows of cards; empty outside the Card phase (where a card is put there), its title alone:
    the log takes the room a row would keep."""
    if state.config.solo:
        return COURT_HEAD + 4 * (OFFER_BIG_STEP if log_left else OFFER_STEP)
    n = len(state.courtyard)
    if not n and state.phase != CARDS_PHASE:
        return COURT_HEAD + 6
    cols, _w, hh, step = court_grid(n)
    rows = max(1, -(-n // cols))
    return round(COURT_HEAD + (rows - 1) * step + hh + 6)


def _right(L: Layout, state: GameState, log_left: bool = False) -> None:
    top = COURT_TOP + COURT_HEAD
    if state.config.solo:
        for index, card in enumerate(state.offer):
            row, col = divmod(index, 3)
            if log_left:
                r = L.R(1054 + col * (OFFER_BIG_W + 4),
                        top + row * OFFER_BIG_STEP + OFFER_PRICE, OFFER_BIG_W, OFFER_BIG_H)
            else:
                r = L.R(1078 + col * 65, top + row * OFFER_STEP, 62, 87)
            L.anchors[("offerslot", index)] = r
            if card != NONE:
                L.cards[card] = r
                L.targets[("offer", card)] = r
    else:
        cards = list(state.courtyard)
        cols, w, hh, step = court_grid(len(cards))
        for i, card in enumerate(cards):
            row, col = divmod(i, cols)
            r = L.R(1054 + col * (w + 4), top + row * step, w, hh)
            L.cards[card] = r
            L.targets[("court", card)] = r
        L.targets[("courtyard",)] = L.regions["court"]
    L.anchors["draw"] = L.R(1060, PILES_TOP + 6, SMALL_W, SMALL_H)
    L.targets[("draw",)] = L.anchors["draw"]
    L.anchors["discard"] = L.R(1196, PILES_TOP + 6, SMALL_W, SMALL_H)  # the counts between
    for pending in state.pending:
        if isinstance(pending, KeepChoice):
            for i, card in enumerate(pending.cards):
                r = L.R(470 + i * 190, 250, 150, 210)
                L.cards[card] = r
                L.targets[("keep", card)] = r


# Every bar button has one place, (column from the right, row), wherever it shows. The
# Action phase's four (always shown there, greyed when not possible) share their places with no
# button of another decision, so a double click never lands on a button that just appeared.
# The other decisions' buttons sit in the rightmost column: outside the Action phase the hand
# has the bar up to it (`hand_room`), and no button that may appear there ever covers a card.
BUTTON_SLOTS = {"loan": (1, 0), "end": (1, 1), "twopack": (2, 0), "upgrade": (2, 1),
                "play": (0, 0), "keeponly": (0, 0), "supply": (0, 0), "stay": (0, 0),
                "done": (0, 0), "keepnone": (0, 1), "pass": (0, 1), "confirm": (0, 0),
                "cancel": (0, 1), "discard": (2, 1)}
BUTTON_W, BUTTON_H, BUTTON_GAP = 170, 42, 6
BUTTONS_RIGHT = 1038
# The two rows of buttons, centred in the bottom bar.
BUTTON_ROWS = tuple(BAR_TOP + (BAR_BOTTOM - BAR_TOP - 2 * BUTTON_H - BUTTON_GAP) // 2
                    + row * (BUTTON_H + BUTTON_GAP) for row in range(2))
BUTTONS_LEFT = BUTTONS_RIGHT - 3 * BUTTON_W - 2 * BUTTON_GAP  # design x of the slots' left edge
DECISION_LEFT = BUTTONS_RIGHT - BUTTON_W  # design x of the rightmost column (any decision's)
HAND_X, HAND_STEP = 232, HAND_W + 6


def hand_room(state: GameState) -> int:
    """The design x where the hand must end: the Action phase may show buttons in all three
    columns, every other phase only in the rightmost one. It depends on the phase alone, so
    no button appearing within a turn ever moves a card."""
    return (BUTTONS_LEFT if state.phase == ACTIONS else DECISION_LEFT) - 10


def button_rect(L: Layout, name: str) -> pygame.Rect:
    col, row = BUTTON_SLOTS[name]
    x = BUTTONS_RIGHT - (col + 1) * BUTTON_W - col * BUTTON_GAP
    return L.R(x, BUTTON_ROWS[row], BUTTON_W, BUTTON_H)


def _bottom(L: Layout, state: GameState, hand_seat: int | None,
            bar_buttons: list[tuple[tuple, str, bool]], bar_left: float | None = None) -> None:
    if hand_seat is not None:
        p = state.players[hand_seat]
        hand = list(p.hand) + ([p.intro] if p.intro != NONE else [])
        # Side by side while they fit; a longer hand overlaps its cards (each shows its left
        # strip, its title whole) to stay left of the buttons the phase may show.
        room = (hand_room(state) if bar_left is None else bar_left - 10) - HAND_X - HAND_W
        step = min(HAND_STEP, room / max(1, len(hand) - 1))
        for i, card in enumerate(hand):
            r = L.R(HAND_X + i * step, HAND_Y, HAND_W, HAND_H)
            L.cards[card] = r
            last = i == len(hand) - 1
            L.targets[("hand", card)] = r if last else L.R(HAND_X + i * step, HAND_Y,
                                                          min(step, HAND_W), HAND_H)
        L.anchors[("hand", hand_seat)] = L.R(HAND_X, HAND_Y, HAND_W, HAND_H)
    for target, label, enabled in bar_buttons:
        r = button_rect(L, target[1])
        L.buttons.append((target, label, r, enabled))
        L.targets[target] = r


# --- cards that stay under the pointer ----------------------------------------------------------

def rows_of(L: Layout, state: GameState) -> dict[str, tuple[pygame.Rect, Sequence[tuple]]]:
    """The rows of the big board whose cards close up when one leaves: (where the row is,
    its slots)."""
    p = state.players[L.focus]
    return {"fields": (L.R(316, 46, 1030 - 316, FIELD_H), p.fields),
            "stalls": (L.R(232, 168, TILE_W, COLUMN_BOTTOM - 168), [*p.stalls, *p.helpers]),
            "customers": (L.R(842, 168, TILE_W, COLUMN_BOTTOM - 168),
                          [*p.regulars, *p.casuals])}


ROW_KINDS = ("field", "stall", "helper", "regular", "casual")  # the targets of a row's cards


class Steady:
    """When a card leaves a row of the big board (a served customer, a used Helper, an
    emptied field), the cards that stay keep their places until the turn passes (another
    seat to move, another phase or round): a click aimed at a card never lands where it was
    a moment ago, and the gap never closes under a pointer on its way to the next card (it
    closed when the pointer left the row, one or two seconds later, and a click meant for
    one stall traded at another). A turn is a seat's run of one kind of decision (its
    Action phase; its walk on the Path after it). New cards in the row, or another board,
    end the hold."""

    def __init__(self) -> None:
        self.places: dict[tuple, dict[int, pygame.Rect]] = {}  # (seat, row) -> card -> place
        self.held: dict[tuple, dict[int, pygame.Rect]] = {}
        self.turns: dict[tuple, tuple] = {}  # (seat, row) -> the turn its places are of

    def hold(self, L: Layout, state: GameState) -> tuple:
        """Move the cards of `L` back to their held places where a hold is on; returns what
        is held (for the still picture's key)."""
        out = []
        turn = (state.round, state.phase, state.current_player, flow.decision(state))
        for row, (_area, slots) in rows_of(L, state).items():
            key = (L.focus, row, L.size)
            now = {slot[CARD]: L.cards[slot[CARD]].copy() for slot in slots
                   if slot[CARD] in L.cards}
            base = self.held.get(key) or self.places.get(key)
            if (base is not None and self.turns.get(key) == turn and set(now) <= set(base)
                    and (key in self.held or set(now) < set(base))):
                self.held[key] = base
                for slot in slots:
                    _move(L, slot, base[slot[CARD]].x - now[slot[CARD]].x,
                          base[slot[CARD]].y - now[slot[CARD]].y)
                out.append((row, tuple(sorted(now))))
            else:
                self.held.pop(key, None)
                self.places[key] = now
                self.turns[key] = turn
        return tuple(out)


def _move(L: Layout, slot: tuple, dx: int, dy: int) -> None:
    """Everything of `slot`'s card (and the card under it) moved by (dx, dy)."""
    if not dx and not dy:
        return
    card, under = slot[CARD], slot[UNDER]
    for table in (L.targets, L.anchors):
        for key, r in list(table.items()):
            if isinstance(key, tuple) and key[0] in ROW_KINDS and key[1] == card:
                table[key] = r.move(dx, dy)
    L.cards[card] = L.cards[card].move(dx, dy)
    if under != NONE and under in L.unders:
        L.unders[under] = L.unders[under].move(dx, dy)
