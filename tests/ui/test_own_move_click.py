"""A click while the person's own move is still being shown (issue 46, items 3 and 5): the
move's showing ends at once and the click is the person's next one, as in the frame they saw
(the table's places are already those after the move; a card still in flight is not drawn
where it will land, so a click there only ends the showing). A click while an AI's move is
shown still only finishes the AI's turn (tests/ui/test_ai_turns.py). Frames run on the
table's own clock."""

from __future__ import annotations

from loyang_game.play.commands import clicks_for

from .driver import act, click, reach, settle
from .test_ai_turns import AI, table_at


def person_acting():
    """2 players, the Action phase, the person (seat 0) to act."""
    return reach(2, 21, lambda s: act(s) and s.current_player == 0)


def shown_move(app):
    """Make (by its clicks) a move of the person's that is animated; its showing runs."""
    for move in app.game.state.legal_moves():
        if move.kind in ("end", "loan"):
            continue
        before = len(app.game.state.moves())
        for target in clicks_for(app.game.state, move):
            click(app, app.view.position_of(target))
        if len(app.game.state.moves()) > before and app.timeline.busy:
            return move
    raise AssertionError("no animated move of the person's")


def first_click_of_a_move(app):
    """The first click of a move the person can make next, not on a card in flight."""
    hidden = app.timeline.hidden_cards()
    for move in app.game.state.legal_moves():
        targets = clicks_for(app.game.state, move)
        if move.kind != "end" and targets and not (len(targets[0]) > 1
                                                  and targets[0][1] in hidden):
            return targets[0]
    raise AssertionError("no next move")


def test_a_click_during_the_persons_own_move_is_their_next_click():
    app = table_at(person_acting(), "normal", ["person", AI])
    settle(app)
    shown_move(app)
    assert app.timeline.busy and app.person_to_play()
    target = first_click_of_a_move(app)
    made = len(app.game.state.moves())
    click(app, app.view.position_of(target))
    assert app.picker.selection or len(app.game.state.moves()) > made, (
        "the click was taken as the person's next one")
    app.d.close()


def test_a_click_where_a_card_in_flight_lands_only_ends_the_showing():
    app = table_at(person_acting(), "normal", ["person", AI])
    settle(app)
    for _ in range(40):  # moves until one flies a card to a place a click can name
        shown_move(app)
        hidden = app.timeline.hidden_cards()
        landing = [t for t in app.view.L.targets if len(t) > 1 and t[1] in hidden]
        if landing:
            break
        settle(app)
    else:
        raise AssertionError("no card flew to a clickable place")
    made = len(app.game.state.moves())
    click(app, app.view.L.targets[landing[0]].center)
    assert not app.timeline.busy
    assert not app.picker.selection and len(app.game.state.moves()) == made
    app.d.close()
