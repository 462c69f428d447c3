"""A switch of language in Settings, in the middle of a game, words the table again at once,
without a restart (issue 47, item 4): the bar, the prompt and the boards, the game log (every
line made again from what each move did), a hint and its plan, the end panel, the
tutorial's guide. Switched to the pseudo-language, every string drawn afterwards must be in
it: a plain English word left on the screen is one the switch missed."""

from __future__ import annotations

import random
import re
import sys

import pygame
import pytest

from ai.thinker import Result
from loyang_game import words
from loyang_game.engine import GameConfig, new_game
from loyang_game.files.settings import Settings
from loyang_game.play.coach import Coach
from loyang_game.play.session import GameSession
from loyang_game.text.log import first_line, replay_log
from loyang_game.ui import draw, fonts
from loyang_game.ui.director import Director
from loyang_game.ui.scenes import SCENES

# A word (letters in a row) and a plain English one: three letters or more, none accented
# (the pseudo-language accents every vowel), but for the names of the seats.
LETTERS = re.compile(r"[^\W\d_]+")
NAMES = {"Anna", "Bao", "Chen", "Dara"}


def plain_words(s: str) -> list[str]:
    """The words of `s` that are plain English, the seats' names aside."""
    return [w for w in LETTERS.findall(s) if len(w) >= 3 and w.isascii() and w not in NAMES]


def record_drawn(monkeypatch) -> list[tuple[str, str]]:
    """Every string drawn from now on, with the module that drew it (the nearest caller
    outside the drawing helpers); the words' cache emptied so that each is drawn."""
    drawn: list[tuple[str, str]] = []
    render = fonts.Face.render
    helpers = {"loyang_game.ui.fonts", "loyang_game.ui.draw", "loyang_game.ui.theme",
               "loyang_game.ui.cache", __name__}

    def noting(self, s, antialias, colour):
        frame = sys._getframe(1)
        while frame is not None and frame.f_globals.get("__name__") in helpers:
            frame = frame.f_back
        drawn.append((s, frame.f_globals.get("__name__", "") if frame else ""))
        return render(self, s, antialias, colour)

    monkeypatch.setattr(fonts.Face, "render", noting)
    monkeypatch.setattr(draw, "_WORDS", type(draw._WORDS)(screens=0, least=0))
    return drawn


def escaped(drawn: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """The strings drawn with a plain English word in them (the card faces' among them)."""
    return sorted({(s, module) for s, module in drawn if plain_words(s)})


def director(size=(1280, 800)) -> Director:
    d = Director(SCENES, Settings(speed="off", hints=False), size=size, fullscreen=False,
                 fps_cap=0)
    d.open("title")
    return d


def frames(d: Director, n: int = 3) -> None:
    for _frame in range(n):
        d.frame(dt=1 / 60)


def play(game: GameSession, count: int, seed: int = 5, until=lambda: False) -> None:
    """`count` moves (or to the end, or `until` says), each one of the legal moves at
    random."""
    pick = random.Random(seed + len(game.state.moves()))
    for _move in range(count):
        if game.state.is_over or until():
            return
        game.apply(pick.choice(game.state.legal_moves()), person=False)


def switch_in_settings(d: Director, game: GameSession, language: str) -> None:
    """Through the game menu to Settings, the Language row set to `language` as a step of
    its choice does (the pseudo-language is no step of it: set as one), and back to the
    table."""
    table = d.top
    d.open("pause", game=game, tell=table.toast)
    frames(d, 1)
    settings = d.open("settings")
    frames(d, 1)
    row = settings.form.get("language")
    if language in row.options:
        settings.form.set_focus(row)
        while words.language() != language:
            d.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    else:
        row.value = language
        row.changed()
    assert words.language() == language and d.settings.language == language
    frames(d, 1)
    d.pop()  # to the game menu
    frames(d, 1)
    d.pop()  # to the table
    assert d.top is table


@pytest.fixture
def back_to_english():
    yield
    words.set_language("en")


def a_game(seats: int = 2, moves: int = 16, seed: int = 3) -> GameSession:
    state = new_game(GameConfig(seats=seats, seed=seed))
    game = GameSession(state, ["person"] + ["normal"] * (seats - 1), ai_seed=seed,
                       autosave=False, record=False, coach=Coach(deterministic=True))
    play(game, moves)
    play(game, 200, until=lambda: game.state.current_player == 0)
    return game


def a_hint(game: GameSession) -> None:
    """A hint of a plan of two steps shown, as the coach would give it."""
    state = game.state
    first, other = state.legal_moves()[:2]
    after = state.clone()
    after.apply(first)
    plan = (first, after.legal_moves()[0]) if after.current_player == 0 else (first,)
    game.hint = game.coach.explain(state, 0, list(game.names), Result(
        first, plan=plan, estimates=((first, 9.4), (other, 8.1))))


def test_the_log_is_made_again_in_the_language_switched_to(back_to_english):
    d = director()
    game = a_game()
    d.open("table", game=game)
    frames(d)
    told = len(game.log)
    switch_in_settings(d, game, "de")
    frames(d)
    words.set_language("de")
    fresh = replay_log(game.state.config, game.state.moves(), game.names)
    assert len(game.log) == told and game.log[1:] == fresh  # every move's lines, in German
    assert any("Feld" in line for line in fresh)
    switch_in_settings(d, game, "it")
    assert game.log[1:] == replay_log(game.state.config, game.state.moves(), game.names)
    d.close()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_after_a_switch_mid_game_nothing_on_the_table_is_left_in_english(
        monkeypatch, back_to_english, size):
    d = director(size)
    game = a_game()
    a_hint(game)
    table = d.open("table", game=game)
    frames(d)
    assert game.hint is not None and table.game.state.current_player == 0
    drawn = record_drawn(monkeypatch)
    frames(d, 1)
    assert any(s.startswith("Hint: ") for s, _m in drawn)  # the hint's reason is drawn
    switch_in_settings(d, game, words.PSEUDO)
    drawn.clear()
    frames(d)
    assert drawn and escaped(drawn) == []
    assert any(s.startswith(words.pseudo("Hint: ")[:5]) for s, _m in drawn)  # made again
    # The game log, every line of it (the session's own first line aside, see below).
    assert [line for line in game.log[1:]
            if plain_words(line)] == []
    d.close()


def test_the_end_panel_reads_in_the_language_switched_to(monkeypatch, back_to_english):
    d = director((1024, 640))
    game = a_game(moves=5000)
    assert game.state.is_over
    table = d.open("table", game=game)
    frames(d, 5)
    assert game.scoring_rows is not None and table.scoring_open
    switch_in_settings(d, game, words.PSEUDO)
    drawn = record_drawn(monkeypatch)
    frames(d)
    assert (words.pseudo("Final standings"), "loyang_game.ui.endpanel") in drawn
    assert escaped(drawn) == []
    d.close()


def test_the_tutorial_s_guide_reads_in_the_language_switched_to(monkeypatch, back_to_english):
    d = director()
    tutorial = d.open("tutorial", chapter=1)
    frames(d, 30)
    drawn = record_drawn(monkeypatch)
    switch_in_settings(d, tutorial.game, words.PSEUDO)
    drawn.clear()
    frames(d)
    assert escaped(drawn) == []
    d.close()


def test_the_first_line_of_the_log_is_worded_too(back_to_english):
    words.set_language("de")
    game = GameSession(new_game(GameConfig(seats=2, seed=3)), ["person", "normal"],
                       autosave=False, record=False)
    assert game.log[0] == first_line(game.state.config) == "Eine Partie Loyang: 2 Spieler, " \
        "Startwert 3."


def test_the_end_lines_of_a_solo_game_are_worded_and_worded_again(back_to_english):
    """The solo result, the high scores and the record: in the language spoken at the end,
    and in the next one after a switch (session.finish makes them from codes and values)."""
    words.set_language("de")
    state = new_game(GameConfig(seats=1, seed=5))
    rng = random.Random(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    game = GameSession(state, ["person"], autosave=False, record=True)
    game.finish()
    lines = game.end_lines
    assert lines[0].startswith("Solo-Ergebnis: Feld ")
    assert any(line.startswith("Bestenliste") or line.startswith("Highscore") for line in lines)
    words.set_language("it")
    again = [words.now(line) for line in lines]
    assert again[0].startswith("Risultato in solitario: casella ")
    assert again[1].startswith("Punteggi migliori") and "seme" in again[2]
    assert again[-1].startswith("Il tuo miglior risultato")
