"""With three or more players a choice made on the table may name cards on two other boards
(a Trader's offers): the boards on the left that hold them are lit, so the player sees where
to look (issue 46, item 2)."""

from __future__ import annotations

from loyang_game.ui import tableview

from ..engine.helper_scenarios import P, W, turn
from ..engine.scenario import put, set_player
from .driver import click_target
from .test_table_choices import open_table


def test_the_boards_holding_a_traders_offers_are_lit_on_the_left(monkeypatch):
    s, seat = turn(3, 3)
    trader = put(s, seat, "Trader").card
    others = [x for x in range(3) if x != seat]
    put(s, others[0], "S6")
    put(s, others[1], "S8")
    set_player(s, seat, cart={W: 2, P: 1})
    app = open_table(s, seat)
    click_target(app, ("helper", trader))
    lit: list = []
    monkeypatch.setattr(tableview.overlay, "highlights",
                        lambda surf, rects, *args: lit.extend(rects))
    app.d.draw()
    L = app.view.L
    shown = L.focus
    holding = app.view.boards_holding(app.game.state,
                                      app.picker.next_targets(app.game.state), L)
    assert holding == sorted(x for x in others if x != shown) and holding
    for board in holding:
        assert L.targets[("seat", board)] in lit
    click_target(app, ("seat", holding[0]))  # looked at: its offers lit there, not its panel
    lit.clear()
    app.d.draw()
    L = app.view.L
    assert L.focus == holding[0] and ("seat", holding[0]) not in L.targets  # shown big
    for board in holding[1:]:  # the other board that holds some is still lit
        assert L.targets[("seat", board)] in lit
    app.d.close()


def test_the_hint_lights_the_board_that_holds_its_offer_on_the_left():
    from loyang_game.engine.moves import USE
    from loyang_game.play.coach import Hint

    s, seat = turn(3, 3)
    trader = put(s, seat, "Trader").card
    others = [x for x in range(3) if x != seat]
    s6 = put(s, others[0], "S6").card
    put(s, others[1], "S8")
    set_player(s, seat, cart={W: 2, P: 1})
    app = open_table(s, seat)
    move = next(m for m in app.game.state.legal_moves()
                if m.kind == USE and m.a == trader and m.b == s6)
    app.game.hint = Hint(move=move, reason="Trade at that stall.")
    L = app.view.layout()
    assert L.focus == seat and ("seat", others[0]) in L.targets
    rects = app.view.hint_rects(app.view.hint_targets(), {}, L)
    assert L.targets[("seat", others[0])] in rects  # where the offer is, to look at it
    assert L.targets[("seat", others[1])] not in rects
    app.d.close()
