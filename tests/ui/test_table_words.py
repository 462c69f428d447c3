"""What a new player met at the table (issue 34's list of bugs met): the words of a choice
never cut, each option saying what it does to what, the log that never scrolls into blank
space, news routed to the person it concerns, rows that stay under the pointer, tooltips that
wait for a still pointer, and the rules telling all that the game does."""

from __future__ import annotations

import itertools

import pygame
import pytest

from loyang_game.engine import Move
from loyang_game.engine.cards import CARDS, NONE
from loyang_game.engine.helpers.fields import harvest_fields
from loyang_game.files.settings import Settings
from loyang_game.ui import overlay
from loyang_game.ui.options import option_label
from loyang_game.ui.rules_text import helper_text

from ..engine.helper_scenarios import C, T, W, put_regular, to_harvest_decision, turn
from ..engine.scenario import put, set_player
from ..engine.test_helper_fields import private
from .drawn import record_text_places
from .driver import click, click_target
from .test_polish import table


def texts_and_places(monkeypatch) -> list[tuple[str, pygame.Rect]]:
    """Every string the overlay draws from now on, with where it went."""
    return record_text_places(monkeypatch, overlay)


def person_table(state, seat: int, size=(1280, 800), **settings):
    kinds = ["normal"] * state.config.seats
    kinds[seat] = "person"
    app = table(Settings(speed="off", hints=False, **settings), state=state, kinds=kinds,
                size=size)
    app.d.frame(dt=1 / 60)
    return app


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
@pytest.mark.parametrize("red", [False, True])
def test_the_unserved_customer_warning_is_told_whole(monkeypatch, size, red):
    s, seat = turn()
    put_regular(s, seat, "R1", red=red)
    app = person_table(s, seat, size)
    drawn = texts_and_places(monkeypatch)
    app.click(app.view.position_of(("btn", "end")))
    assert app.picker.choosing, "End with a due customer unserved asks first"
    drawn.clear()
    app.d.draw()
    words = " ".join(s for s, _r in drawn)
    assert not any(s.endswith("\u2026") for s, _r in drawn), "nothing is cut"
    assert "2-Cash penalty" in words
    assert ("already red" in words) == red
    assert ("marker turns red" in words) == (not red)
    assert "Regular customer R1" in words
    # Every line sits inside the dialog, none over another, the buttons below the words.
    panel = app.view.overlay_targets[("ui", "cancel")]
    lines = [r for s, r in drawn if s and r.y < panel.y and r.x > panel.x - 10]
    end = app.view.overlay_targets[next(t for t in app.view.overlay_targets if t[0] == "opt")]
    assert all(r.bottom <= end.y for r in lines)
    for a, b in itertools.pairwise(lines):
        assert not a.colliderect(b)
    app.d.close()


def harvest_table(size=(1280, 800)):
    """A person at the Harvest-phase decision with a Harvest helper and two fields of 4 or
    more tokens (of Cabbage and of Wheat) and one of 3."""
    s, seat = turn()
    helper = put(s, seat, "Harvest helper").card
    fields = [put(s, seat, private(s, seat), veg=veg, count=n).card
              for veg, n in ((C, 4), (W, 5), (T, 3))]
    to_harvest_decision(s, seat)
    return person_table(s, seat, size), helper, fields


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_harvest_helpers_choices_name_their_fields_and_light_them(monkeypatch, size):
    app, helper, (cabbage, wheat, turnip) = harvest_table(size)
    drawn = texts_and_places(monkeypatch)
    click_target(app, ("helper", helper))
    drawn.clear()
    app.d.draw()
    L = app.view.L
    options = {t[1]: r for t, r in app.view.overlay_targets.items() if t[0] == "opt"}
    labels = {m: option_label(app.game.state, m, app.game.names) for m in options}
    assert len(set(labels.values())) == len(labels) == 3, labels
    only = {m: harvest_fields(app.game.state.players[app.game.state.current_player], m.c)
            for m in options}
    for m, label in labels.items():
        for field in only[m]:
            assert CARDS[field].name in label
        assert ("Cabbage" in label) == (cabbage in only[m])
        assert ("Wheat" in label) == (wheat in only[m])
        assert "Turnip" not in label
        room = options[m].w
        assert not any(line.endswith("\u2026") for line in overlay.option_lines(L, label, room))
    # The Helper's own words, whole, under its card.
    words = " ".join(s for s, _r in drawn)
    assert not any(s.endswith("\u2026") for s, _r in drawn)
    assert " ".join(helper_text(helper).split()) in " ".join(words.split())
    # The pointer on an option lights its field (as bright as the table under the veil);
    # the other fields stay dimmed.
    for m, r in options.items():
        app.view.point_at(r.center)
        app.d.draw()
        screen, still = app.d.screen, app.view.static
        for field in (cabbage, wheat, turnip):
            spot = L.cards[field].move(0, L.px(12)).center
            bright = screen.get_at(spot) == still.get_at(spot)
            assert bright == (field in only[m]), (labels[m], CARDS[field].name)
    app.d.close()


def wheel(app, y: int, times: int = 1) -> None:
    for _ in range(times):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False))
        app.d.frame(dt=1 / 60)


def log_words(monkeypatch, app) -> list[str]:
    """The lines the log panel shows now."""
    drawn = texts_and_places(monkeypatch)
    app.view.log_view.invalidate()
    app.d.draw()
    box = app.view.L.regions["log"]
    return [s for s, r in drawn if box.contains(r) and not s.startswith("GAME LOG")]


@pytest.mark.parametrize("moves", [0, 60])
def test_the_log_never_scrolls_into_blank_space(monkeypatch, moves):
    app = table(Settings(speed="off", hints=False), kinds=["person", "person"])
    app.game.log += [f"   line {i} of a long game" for i in range(moves)]
    app.d.draw()
    box = app.view.L.regions["log"]
    app.view.point_at(box.center)
    newest = log_words(monkeypatch, app)
    assert newest
    wheel(app, 1, 200)  # far up: the first line at the top, the panel full as far as it goes
    top = log_words(monkeypatch, app)
    assert top[0] == app.game.log[0][:len(top[0])]
    assert len(top) == min(overlay.log_rows(app.view.L),
                           len(overlay.log_wrapped(app.view.L, app.game.log)))
    wheel(app, -1)  # one notch down moves at once
    if moves:
        assert log_words(monkeypatch, app) != top
    wheel(app, -1, 200)
    assert log_words(monkeypatch, app) == newest
    app.d.close()


def helpers_at_a_board(seats: int, victim_index: int = 0):
    """An AI seat's Action phase with a Trader and a Deliveryman and two of each vegetable;
    a person's Market stall S8 (Wheat, Bean, Leek) and Regular customer R1, on the board of
    the seat `victim_index` places after the AI's."""
    s, ai = turn(seats=seats)
    victim = (ai + 1 + victim_index) % seats
    trader, deliveryman = put(s, ai, "Trader").card, put(s, ai, "Deliveryman").card
    stall = put(s, victim, "S8").card
    regular = put_regular(s, victim, "R1").card
    set_player(s, ai, cart={v: 2 for v in range(6)})
    return s, ai, victim, [Move("use", trader, stall, 1, W, NONE),
                           Move("use", deliveryman, regular)]


def ai_moves(app, ai: int, moves) -> None:
    for move in moves:
        assert move in app.game.state.legal_moves()
        assert app.game.state.current_player == ai
        app.apply(move, person=False)


def test_every_move_that_touched_the_person_in_one_ai_turn_is_told(monkeypatch):
    s, ai, person, moves = helpers_at_a_board(2)
    kinds = ["person", "person"]
    kinds[ai] = "normal"
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds)
    app.viewer = person
    ai_moves(app, ai, moves)
    drawn = texts_and_places(monkeypatch)
    app.d.draw()
    words = " ".join(s for s, _r in drawn)
    assert "Bean taken from your Market stall S8" in " ".join(words.split())
    assert "delivers to your Regular customer R1" in " ".join(words.split())
    # One paper for both, one OK: a click on it puts both away.
    box = app.view.overlay_targets[("ui", "seen")]
    click(app, box.center)
    assert [item for item in app.news.shown(app.clock_time, person) if item.to is not None] == []
    app.d.close()


def test_a_long_list_of_call_outs_keeps_the_newest_and_points_to_the_log(monkeypatch):
    s, ai, person, moves = helpers_at_a_board(2)
    kinds = ["person", "person"]
    kinds[ai] = "normal"
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds, size=(1024, 640))
    app.viewer = person
    ai_moves(app, ai, moves[:1])
    first = app.news.callouts[0]
    for i in range(12):  # more told than the board can hold
        app.news.callouts.append(type(first)(f"Bao does thing number {i} to your board, "
                                             "told at length so that it takes two lines.",
                                             ai, app.clock_time, person))
    drawn = texts_and_places(monkeypatch)
    app.d.draw()
    words = [s for s, _r in drawn]
    assert any("number 11" in w for w in words), "the newest is shown"
    assert any("earlier: see the game log" in w for w in words)
    box = app.view.overlay_targets[("ui", "seen")]
    assert box.y >= app.view.L.anchors[("plate", app.view.L.focus)].bottom
    app.d.close()


def test_in_pass_and_play_a_call_out_waits_for_the_person_it_concerns(monkeypatch):
    s, ai, victim, moves = helpers_at_a_board(3, victim_index=1)
    kinds = ["person"] * 3
    kinds[ai] = "normal"
    other = next(seat for seat in range(3) if seat not in (ai, victim))
    app = table(Settings(speed="off", hints=False), state=s, kinds=kinds)
    ai_moves(app, ai, moves[:1])
    drawn = texts_and_places(monkeypatch)

    def told_to(viewer, pass_to=None) -> bool:
        app.viewer, app.pass_to = viewer, pass_to
        drawn.clear()
        app.d.draw()
        return any("your Market stall S8" in s for s, _r in drawn)

    assert not told_to(None, pass_to=victim), "nothing shows on the pass screen"
    for _ in range(3):  # another person at the screen, however long, never sees it
        assert not told_to(other)
        app.clock_time += 40
    assert told_to(victim), "it waited for its person"
    app.clock_time += 10
    assert told_to(victim)
    app.clock_time += 30  # a long read: gone
    assert not told_to(victim)
    app.d.close()


def option_moves_of_many_games():
    """Every move a person may be offered in a choice (Helpers used or discarded, Foreman
    claims, partners, the Book-keeper's Shop, deliveries), from random games."""
    import random

    from loyang_game.engine import GameConfig, new_game

    seen = {}
    for seed in range(6):
        state = new_game(GameConfig(seats=2 + seed % 3, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            moves = state.legal_moves()
            for m in moves:
                if m.kind in ("use", "discard", "claim", "partner", "shop", "regular", "casual"):
                    key = (m.kind, CARDS[m.a].name if m.a >= 0 else "")
                    seen.setdefault(key, (state.clone(), m))
            state.apply(rng.choice(moves))
    return list(seen.values())


def test_every_option_speaks_to_the_person_choosing():
    # the log's verbs (the third person), never the first word of an option's clause
    third = {"uses", "activates", "discards", "lets", "swaps", "takes", "delivers", "buys",
             "ploughs", "harvests", "pays", "puts", "refills", "sells", "trades", "chooses",
             "sets", "keeps", "plays", "serves", "does", "ends", "sows", "walks", "stays",
             "returns", "upgrades", "turns"}
    found = option_moves_of_many_games()
    assert len(found) > 20
    for state, move in found:
        label = option_label(state, move, ["Anna", "Bao", "Chen", "Dara"])
        words = label.replace(":", " :").replace(";", " ;").split()
        assert words[0][0].isupper(), label
        clause_starts = [words[0]] + [b for a, b in itertools.pairwise(words) if a in (":", ";")]
        assert not any(w.lower() in third for w in clause_starts), label
    labels = {option_label(s, m, ["Anna", "Bao"]) for s, m in found
              if m.kind in ("discard", "claim")}
    assert any(x.startswith("Discard the ") and x.endswith(" unused") for x in labels), labels


def test_the_shoppers_options_show_their_prices_and_why_others_are_missing(monkeypatch):
    s, seat = turn(cash=1)
    shopper = put(s, seat, "Shopper").card
    app = person_table(s, seat)
    drawn = texts_and_places(monkeypatch)
    click_target(app, ("helper", shopper))
    drawn.clear()
    app.d.draw()
    options = [t[1] for t in app.view.overlay_targets if t[0] == "opt"]
    labels = [option_label(app.game.state, m, app.game.names) for m in options]
    assert "Use the Shopper: buy Wheat from the Supply for 1 Cash (Shop: 3)" in labels
    assert "Discard the Shopper unused" in labels
    assert len(labels) == 2  # with 1 Cash, Wheat is all it can buy
    words = " ".join(" ".join(s for s, _r in drawn).split())
    assert "You have 1 Cash: not enough for Pumpkin 2, Turnip 3, Cabbage 3, Bean 4, Leek 4." \
        in words
    app.d.close()


def test_in_solo_the_subsistence_farmer_tells_the_solo_rule_on_its_face_and_dialog(monkeypatch):
    from loyang_game.engine import GameConfig, new_game

    from ..engine.helper_scenarios import advance, clean_all, decision

    s = new_game(GameConfig(seats=1, seed=7))
    advance(s, lambda st: decision(st) == "act")
    clean_all(s)
    farmer = put(s, 0, "Subsistence farmer").card
    app = person_table(s, 0)
    app.d.draw()
    r = app.view.L.cards[farmer]
    shown = app.d.screen.subsurface(r).copy()
    sp = app.sprites
    for solo, same in ((True, True), (False, False)):
        face = sp.tile(farmer, r.w, r.h, solo)
        alike = all(max(abs(a - b) for a, b in zip(shown.get_at((x, y))[:3],
                                                   face.get_at((x, y))[:3])) <= 6
                    for x in range(8, r.w - 8, 3) for y in range(8, r.h - 8, 3))
        assert alike == same
    drawn = texts_and_places(monkeypatch)
    click_target(app, ("helper", farmer))
    drawn.clear()
    app.d.draw()
    words = " ".join(" ".join(s for s, _r in drawn).split())
    assert "Solo game: For 1 Cash, buy 1 wheat, 1 pumpkin or 1 turnip from the Supply." in words
    assert "another player" not in words
    options = [t[1] for t in app.view.overlay_targets if t[0] == "opt"]
    labels = [option_label(app.game.state, m, app.game.names) for m in options]
    assert "Use the Subsistence farmer: buy Wheat for 1 Cash" in labels
    app.d.close()


def test_a_hints_step_numbers_never_hide_one_another(monkeypatch):
    from loyang_game.play.coach import Hint
    from loyang_game.ui import coach as coach_view

    s, seat = turn()
    stall = put(s, seat, "S8").card  # its Leek costs two vegetables
    set_player(s, seat, cart={W: 2})
    move = Move("trade", stall, 2, W, W)
    assert move in s.legal_moves()
    app = person_table(s, seat)
    app.game.hint = Hint(move, "Hint: trade two Wheat for a Leek.")
    numbers: list[tuple[str, pygame.Rect]] = []
    draw = coach_view.text

    def noting(surf, s, *args, **kwargs):
        r = draw(surf, s, *args, **kwargs)
        if s.isdigit():
            numbers.append((s, r))
        return r

    monkeypatch.setattr(coach_view, "text", noting)
    app.d.draw()
    lit = app.view.hint_targets()
    assert lit[0] == lit[2] == ("cart", W), "the same target is clicked twice"
    assert [n for n, _r in numbers] == ["1", "2", "3"]
    rects = [r for _n, r in numbers]
    for a, b in itertools.combinations(rects, 2):
        assert not a.inflate(4, 4).colliderect(b), "one number hides another"
    app.d.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_an_overlapped_hand_card_shows_a_name_that_is_its_own(monkeypatch, size):
    from loyang_game.ui import render

    from ..engine.helper_scenarios import card_turn, set_hand

    s, seat = card_turn()
    # Eight: more than the bar holds side by side (six do), so the cards overlap.
    hand = set_hand(s, seat, ["R14", "S3", "K5", "Subsistence farmer", "R1", "S12", "R2",
                              "Maid"])
    app = person_table(s, seat, size)
    labels = record_text_places(monkeypatch, render)
    app.view.invalidate()
    app.d.draw()
    L = app.view.L
    places = sorted((L.cards[c].x, c) for c in hand)
    assert all(L.cards[a].right > L.cards[b].x for (_x, a), (_y, b) in itertools.pairwise(places))
    for (x, card), (next_x, _n) in itertools.pairwise(places):
        strip = pygame.Rect(x, L.cards[card].y, next_x - x, L.cards[card].h)
        said = [w for w, r in labels if strip.contains(r)]
        code = CARDS[card].code
        assert said, CARDS[card].name
        word = said[-1]
        if CARDS[card].kind == "helper":
            assert CARDS[card].name.startswith(word.removesuffix("\u2026"))
        else:
            assert word == code or word.endswith(f" {code}"), (word, code)
    app.d.close()


def move_pointer(app, pos) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.d.frame(dt=1 / 60)


def test_a_card_that_leaves_does_not_move_the_others_from_under_the_pointer():
    s, seat = turn()
    put_regular(s, seat, "R1", first_due=9)
    k1, k2 = put(s, seat, "K1").card, put(s, seat, "K2").card
    set_player(s, seat, cart={v: 3 for v in range(6)})
    app = person_table(s, seat)
    app.d.draw()
    before = {c: app.view.L.targets[("casual", c)].copy() for c in (k1, k2)}
    click_target(app, ("casual", k1))  # served: it leaves the board
    assert all(slot.card != k1 for slot in app.game.state.players[seat].casuals)
    app.d.draw()
    L = app.view.L
    assert L.targets[("casual", k2)] == before[k2], "K2 stays where the player saw it"
    assert app.view.target_at(before[k2].center) == ("casual", k2)
    assert app.view.target_at(before[k1].center) is None  # a gap, not another card
    # Wherever the pointer goes, the gap stays until the turn passes: never closing under a
    # pointer on its way to the next card.
    for place in (before[k2].center, app.view.L.regions["centre"].center, before[k2].center):
        move_pointer(app, place)
        for _ in range(120):  # two seconds of frames
            app.d.frame(dt=1 / 60)
        assert app.view.L.targets[("casual", k2)] == before[k2]
    click_target(app, ("btn", "end"))  # the turn passes: the column closes up
    app.d.draw()
    assert app.view.L.targets[("casual", k2)] == before[k1]
    app.d.close()


def test_the_end_panel_counts_the_foremans_claim_as_a_helper_used_and_loans_as_loans(
        monkeypatch):
    import random

    from loyang_game.engine import GameConfig, new_game
    from loyang_game.text.summary import final_rows
    from loyang_game.ui import endpanel

    from .drawn import record_text

    for seed in range(200):  # a random game in which a Foreman took a Helper
        state = new_game(GameConfig(seats=3, seed=seed))
        rng = random.Random(seed)
        uses, claims = [0] * 3, [0] * 3
        while not state.is_over:
            moves = state.legal_moves()
            useful = [m for m in moves if m.kind != "loan"] or moves
            move = next((m for m in moves if m.kind == "claim" and m.a != NONE),
                        rng.choice(useful))
            if move.kind == "use":
                uses[state.current_player] += 1
            elif move.kind == "claim" and move.a != NONE:
                claims[state.current_player] += 1
            state.apply(move)
        combos = any(m.kind == "use" and CARDS[m.a].name in ("Merchant", "Haggler")
                     for m in state.moves())
        if any(claims) and not combos:
            break
    else:
        raise AssertionError("no random game had a Foreman's claim")
    rows = {row["seat"]: row for row in final_rows(state)}
    for seat in range(3):
        assert rows[seat]["helpers"] == uses[seat] + claims[seat]
    kinds = ["person", "normal", "normal"]
    app = table(Settings(speed="off", hints=False), state=state, kinds=kinds)
    drawn = record_text(monkeypatch, endpanel)
    for _ in range(3):
        app.d.frame(dt=1 / 60)
    assert app.end_panel is not None
    drawn.clear()
    app.d.draw()
    L = app.view.L
    x = L.R(90, 0, 0, 0).x + L.px(sum(w for name, w in endpanel.COLUMNS[:3]))
    loans = [s for s, place in drawn if place.get("topleft", (None,))[0] == x]
    assert loans[0] == "Loans"  # the column's head, then one count per seat: "1", never "-1"
    assert loans[1:] == [str(row["loans"]) for row in app.game.scoring_rows]
    assert any(row["loans"] for row in app.game.scoring_rows)
    app.d.close()


def test_the_solo_challenge_marks_a_best_score_played_with_hints(monkeypatch):
    from datetime import date

    from loyang_game.files import highscores
    from loyang_game.ui.director import Director
    from loyang_game.ui.scenes import SCENES, scores

    from .drawn import record_text

    today = highscores.daily_seed()
    book = highscores.load()
    book.add(highscores.Result("Mei", date.today().isoformat(), today, 18, "very good", 5, 2,
                               hinted=True))
    book.add(highscores.Result("Jun", date.today().isoformat(), today, 17, "good", 3, 1))
    d = Director(SCENES, Settings(), size=(1280, 800), fullscreen=False, fps_cap=0)
    d.open("title")
    d.open("solo")
    tags = record_text(monkeypatch, scores)
    d.draw()
    assert [s for s, _place in tags] == [scores.HINT_TAG]  # Mei's line only
    d.close()


def recorded(monkeypatch, module, name: str) -> list:
    """What `module.name` returned each time it was called from now on."""
    out: list = []
    real = getattr(module, name)

    def noting(*args, **kwargs):
        r = real(*args, **kwargs)
        out.append(r)
        return r

    monkeypatch.setattr(module, name, noting)
    return out


def test_a_tooltip_waits_for_a_still_pointer_and_never_covers_what_was_clicked(monkeypatch):
    from loyang_game.ui import tableview

    s, seat = turn()
    app = person_table(s, seat)
    tips = recorded(monkeypatch, overlay, "tooltip")
    wheat = app.view.position_of(("shop", W))
    L = app.view.L
    shop = L.targets[("shop", W)]
    move_pointer(app, wheat)
    wait = round(tableview.TIP_DELAY * 60)
    app.d.frame(dt=1 / 60)
    assert not any(tips), "no tooltip while the pointer has only just come"
    for _ in range(wait):
        app.d.frame(dt=1 / 60)
    shown = [r for r in tips if r]
    assert shown, "the resting pointer gets its tooltip"
    assert not shown[-1].colliderect(shop), "the tooltip never covers what it tells about"
    # A click (it buys a Wheat): nothing pops over the Shop, however long the pointer stays.
    cash = app.game.state.players[seat].cash
    click(app, wheat)
    assert app.game.state.players[seat].cash < cash
    tips.clear()
    for _ in range(5 * wait):
        app.d.frame(dt=1 / 60)
    assert not any(tips)
    # Moved on (to the Pumpkin) and resting: told again.
    move_pointer(app, app.view.position_of(("shop", 1)))
    for _ in range(wait + 2):
        app.d.frame(dt=1 / 60)
    assert any(tips)
    app.d.close()


def test_a_message_stands_above_the_hint_line_not_over_it(monkeypatch):
    from loyang_game.play.coach import Hint
    from loyang_game.ui import coach as coach_view

    s, seat = turn()
    app = person_table(s, seat)
    move = next(m for m in s.legal_moves() if m.kind == "buy")
    app.game.hint = Hint(move, "Hint: buy a vegetable. " + "It is worth it, said at length. " * 4)
    app.toast("That does nothing here. Click a Cart vegetable, a Shop vegetable, a customer, "
              "a stall offer or a Helper.")
    strips = recorded(monkeypatch, coach_view, "reason")
    toasts = recorded(monkeypatch, overlay, "toast")
    app.d.draw()
    assert strips[-1] is not None and toasts[-1] is not None
    assert not toasts[-1].colliderect(strips[-1])
    assert app.view.L.regions["board"].contains(toasts[-1])
    app.d.close()


def test_the_rules_tell_the_two_player_draw_pile_rule_and_the_h_key(monkeypatch):
    from loyang_game.engine import GameConfig, new_game
    from loyang_game.engine.moves import FLIP
    from loyang_game.ui.director import Director
    from loyang_game.ui.prompts import prompt
    from loyang_game.ui.scenes import SCENES
    from loyang_game.ui.scenes import rules as rules_scene

    from .drawn import record_text

    d = Director(SCENES, Settings(), size=(1280, 800), fullscreen=False, fps_cap=0)
    d.open("title")
    page = d.open("rules")
    said = record_text(monkeypatch, rules_scene)
    for entry in range(2):  # How a round works, Playing on the screen: every line of each
        page.select(0, entry)
        for _ in range(20):
            d.draw()
            page.scroll += 200
    words = " ".join(" ".join(s for s, _place in said).split())
    assert ("With 2 players, at the start of each of your turns you may first turn over the "
            "top card of the draw pile into the Courtyard") in words
    assert "H: a hint" in words and "The Hint button or H asks" in words
    d.close()
    # The table says so too, when that 2-player choice is there to make.
    state = new_game(GameConfig(seats=2, seed=3))
    while not any(m.kind == FLIP for m in state.legal_moves()):
        state.apply(state.legal_moves()[0])
    game = type("Game", (), {"state": state, "names": ["Anna", "Bao"],
                             "is_person": lambda self, seat: True})()
    assert "turn over the draw pile's top card" in prompt(game, None)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_choice_without_a_card_has_no_empty_space_below_its_buttons(size):
    s, seat = turn()
    put_regular(s, seat, "R1", red=False)
    app = person_table(s, seat, size)
    app.click(app.view.position_of(("btn", "end")))
    app.d.draw()
    L = app.view.L
    cancel = app.view.overlay_targets[("ui", "cancel")]
    screen = app.d.screen
    x, y = cancel.centerx, cancel.bottom + L.px(4)  # below the button's shadow
    panel = screen.get_at((x, y))
    while y < screen.get_height() - 1 and screen.get_at((x, y + 1)) == panel:
        y += 1
    assert y - cancel.bottom <= L.px(24), "the dialog ends soon after its last button"
    app.d.close()
