"""The call-outs of other players' moves keep the Cart and the Storehouse clear (issue 46,
item 3): the person plays there, so older call-outs give way (the log has them) rather than
the paper growing over them."""

from __future__ import annotations

import pytest

from loyang_game.ui import overlay
from loyang_game.ui.news import Item

from .driver import make_app

LONG = ("Bao uses a Trader: trades Wheat for Bean at Market stall S8, and the Bean is taken "
        "from your Market stall S8 while the Wheat goes to the supply.")


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_call_outs_give_way_rather_than_cover_the_cart_and_storehouse(size):
    app = make_app(2, ["person", "normal"], 3, size=size)
    L = app.view.layout()
    top = L.anchors[("store", L.focus)].bottom + L.px(4)
    bottom = L.regions["board"].bottom - L.px(6)
    for count in range(1, 12):
        items = [Item(LONG, 1, float(i), 0) for i in range(count)]
        place = overlay.place_news(L, items, bottom, top)
        assert place.callouts is not None
        assert place.callouts.paper.y >= top, (count, place.callouts.paper, top)
        kept = len(place.callouts.items)
        assert kept + place.callouts.left_out == count and kept >= 1
    assert place.callouts.left_out > 0  # eleven long ones do not all fit: the oldest go
    app.d.close()


def test_only_a_newest_call_out_too_long_for_the_room_reaches_over_them():
    app = make_app(2, ["person", "normal"], 3, size=(1024, 640))
    L = app.view.layout()
    top = L.anchors[("store", L.focus)].bottom + L.px(4)
    bottom = top + L.px(40)  # room for two rows at most
    place = overlay.place_news(L, [Item(LONG * 2, 1, 0.0, 0)], bottom, top)
    assert place.callouts is not None and place.callouts.paper.y < top
    assert place.callouts.paper.y >= L.anchors[("plate", L.focus)].bottom
    app.d.close()
