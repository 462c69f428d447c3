"""The last English a player read, now in the words layer (issue 47, item 3): the messages
about the settings, high-score and records files, the name of a player who gave none, the
Helper Reference's notes in the rules help, the Helpers listed by their names in the
language, and the end panel's lines (solo result, high scores, the record of games)."""

from __future__ import annotations

import msgpack
import pytest

from loyang_game import words
from loyang_game.engine.cards import CARDS, HELPER
from loyang_game.files import highscores, records, settings
from loyang_game.text import summary
from loyang_game.text.names import NO_NAME, helper_words, name_words
from loyang_game.ui.rules_text import NOTES, card_help


@pytest.fixture(autouse=True)
def _back_to_english():
    yield
    words.set_language("en")


def test_a_damaged_or_newer_file_is_told_in_the_language(tmp_path):
    words.set_language("de")
    (tmp_path / highscores.FILE_NAME).write_bytes(b"\xc1 not msgpack")
    table = highscores.load(tmp_path)
    assert table.problem.startswith("Die Bestenliste konnte nicht gelesen werden (keine lesbare "
                                    "msgpack-Datei); sie wurde als highscores.msgpack.bad-")
    path = tmp_path / records.FILE_NAME
    path.write_bytes(msgpack.packb({"format": records.FORMAT, "version": records.VERSION + 1}))
    words.set_language("fr")
    assert records.load(tmp_path).problem.startswith(
        "L'historique des parties a été écrit par un Loyang plus récent (version 2\u00a0; ce "
        "Loyang lit jusqu'à la version 1).")
    words.set_language("it")
    path = tmp_path / settings.FILE_NAME
    path.write_bytes(msgpack.packb({"format": settings.FORMAT, "version": "2"}))
    assert settings.load(tmp_path).problem.startswith(
        "Il file delle impostazioni non si è potuto leggere (versione sconosciuta '2')")


def test_a_player_who_gave_no_name_is_called_so_in_the_language():
    assert name_words(NO_NAME) == "Player" and name_words("Ana") == "Ana"
    words.set_language("de")
    assert name_words(NO_NAME) == "Spieler" and name_words("Ana") == "Ana"


@pytest.mark.parametrize("language", ["de", "it", "fr"])
def test_the_helper_reference_s_notes_read_in_the_language(language):
    words.set_language(language)
    example = words._("Example")
    examples = 0
    for card in (c.id for c in CARDS if c.kind == HELPER):
        notes = card_help(card)[2]
        english = NOTES.get(CARDS[card].name, ())
        assert len(notes) == len(english)
        for note, source in zip(notes, english):
            assert note != source and note.strip()
            # an example is told apart (drawn softer) by its first word, in each language
            assert note.startswith(example) == source.startswith("Example")
            examples += source.startswith("Example")
    assert examples >= 5


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_rules_help_lists_the_helpers_by_their_names_in_the_language(language):
    from loyang_game.ui.scenes.rules import CATEGORIES, category_entries, category_of, sort_key

    words.set_language(language)
    helpers = category_entries(1)
    names = [helper_words(CARDS[c].name) for c in helpers]
    assert names == sorted(names, key=sort_key) and len(names) == 20
    assert sorted(helpers) == sorted(CATEGORIES[1][1])
    for index, card in enumerate(helpers):  # a card's page is found where it is listed
        assert category_of(card) == (1, index)
    if language == "fr":
        assert names.index("Écuyer") < names.index("Escroc")  # É among the E


def test_the_end_panel_s_lines_are_made_in_the_words_layer_and_again_after_a_switch():
    result = highscores.Result("Ana", "2026-11-24", 7, 18, "very good", 3, 5, hinted=True)
    lines = [summary.solo_result_line(18, "very good", hinted=True),
             *summary.high_score_lines([result], rank=1),
             summary.record_line({"hard": (3, 2)}), summary.best_solo_line(19)]
    assert lines[0] == ("Solo result: space 18 — very good (17 good, 18 very good, 19 master), "
                        "played with hints")
    assert lines[1:3] == ["High scores (you are #1):",
                          "  1. Ana  18 (very good)  Cash 3  seed 7  2026-11-24  [hint]"]
    assert lines[3] == "Your record against hard: 2 of 3 won."
    words.set_language("de")
    assert words.reword(lines)
    assert lines == ["Solo-Ergebnis: Feld 18 — sehr gut (17 gut, 18 sehr gut, 19 Meister), mit "
                     "Tipps gespielt", "Bestenliste (du bist Nr. 1):",
                     "  1. Ana  18 (sehr gut)  Käsch 3  Startwert 7  2026-11-24  [Tipp]",
                     "Deine Bilanz gegen schwer: 2 von 3 gewonnen.",
                     "Dein bestes Solo-Ergebnis bisher: Feld 19."]
