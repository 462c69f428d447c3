"""The bottom bar's buttons keep their places: a double click never lands on a button that
just appeared, and an Action-phase button not possible now is shown greyed with its reason."""

from __future__ import annotations

import random

from loyang_game.engine import flow
from loyang_game.engine.actionphase import two_pack_price
from loyang_game.engine.moves import BUY, KEEP, LOAN, NONE, TWO_PACK
from loyang_game.play.commands import button_reason
from loyang_game.ui.prompts import hover_lines

from .driver import (
    act,
    click,
    make_app,
    play_move,
    play_while,
    reach,
    settle,
    step,
)


def _to_person_act(app, rng) -> None:
    """Play (by clicking) until a person's Action phase where a Two-pack can be bought."""
    play_while(app, rng, lambda: (
        not (flow.decision(app.game.state) == "act"
        and any(m.kind == TWO_PACK for m in app.game.state.legal_moves())
        and any(m.kind == BUY for m in app.game.state.legal_moves()))))


def _bar(app) -> dict[str, tuple]:
    step(app)
    return {target[1]: (tuple(r), enabled) for target, _label, r, enabled in app.view.L.buttons}


def test_action_buttons_keep_their_places_and_grey_out_with_a_reason():
    app = make_app(2, ["person", "person"], seed=5)
    _to_person_act(app, random.Random(2))
    places: dict[tuple, set[str]] = {}

    def note() -> dict[str, tuple]:
        bar = _bar(app)
        for name, (rect, _enabled) in bar.items():
            places.setdefault(rect, set()).add(name)
        return bar

    first = note()
    assert set(first) >= {"twopack", "upgrade", "loan", "end"}
    legal = app.game.state.legal_moves
    play_move(app, next(m for m in legal() if m.kind == BUY))  # a purchase
    after_buy = note()
    play_move(app, next(m for m in legal() if m.kind == LOAN))
    after_loan = note()
    for name in ("twopack", "upgrade", "loan", "end"):
        assert after_buy[name][0] == first[name][0] == after_loan[name][0]
    play_move(app, next(m for m in legal() if m.kind == TWO_PACK))
    settle(app)
    assert flow.decision(app.game.state) == "keep"
    note()
    play_move(app, next(m for m in legal() if m.kind == KEEP and m.a != NONE and m.b == NONE))
    settle(app)
    back = note()
    # End and the Two-pack never sat where another button had been.
    assert places[first["end"][0]] == {"end"}
    assert places[first["twopack"][0]] == {"twopack"}
    # The Two-pack was bought: still there, greyed, its reason on hover and on a click.
    assert back["twopack"] == (first["twopack"][0], False)
    reason = hover_lines(app.game.state, ("btn", "twopack"), 0, app.view.L)
    assert reason and "already bought a Two-pack" in reason[0]
    before = app.game.state.to_data()
    click(app, app.view.position_of(("btn", "twopack")))
    assert app.game.state.to_data() == before and "already bought" in app.message


def test_an_unaffordable_two_pack_tells_its_price():
    def unaffordable(s) -> bool:
        p = s.players[s.current_player] if act(s) else None
        return p is not None and not p.two_pack_used and two_pack_price(p) > p.cash

    state = reach(2, 7, unaffordable)
    p = state.players[state.current_player]
    assert button_reason(state, "twopack") == (
        f"Two-pack: {two_pack_price(p)} Cash, you have {p.cash}")
