"""The words layer's seam (loyang_game/words): the catalogues hold every message the code
uses, translated, none fuzzy or empty, each with exactly its source's placeholders; plurals
follow each language's rule; a broken translation shows English; the language setting and
--lang; and the menus drawn in every language at 1024x640 with every label inside its
control."""

from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from loyang_game import words
from loyang_game.files import settings as settings_mod
from loyang_game.ui import theme as t
from loyang_game.ui.scene import frame_layout
from loyang_game.ui.widgets import BUTTON, CHOICE, TEXT, TOGGLE
from loyang_game.words import _, ngettext, pgettext

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = [code for code in words.LANGUAGES if code != "en"]
KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
            "N_": None, "NP_": ((1, "c"), 2)}


def used_messages() -> set[tuple[str | None, str | tuple]]:
    """Every message the game's code asks for, found as `pybabel extract` finds them."""
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            ROOT / "loyang_game", method_map=[("**.py", "python")], keywords=KEYWORDS):
        found.add((context, message if isinstance(message, str) else tuple(message)))
    return found


def catalog(language: str):
    with open(words.catalog_path(language), "rb") as file:
        return read_po(file, locale=language)


def test_the_code_asks_for_its_words_through_the_seam():
    assert len(used_messages()) > 250


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_the_code_uses_is_in_the_catalogue_translated(language):
    cat = catalog(language)
    held = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in cat if m.id}
    missing = used_messages() - held
    assert not missing, f"{language}: not in the catalogue (pybabel update): {missing}"
    for message in cat:
        if not message.id:
            continue
        assert not message.fuzzy, f"{language}: fuzzy {message.id!r}"
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(s.strip() for s in strings), f"{language}: untranslated {message.id!r}"
        assert len(strings) == (cat.num_plurals if isinstance(message.id, tuple) else 1)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_translation_keeps_exactly_its_placeholders(language):
    for message in catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        want = set().union(*(words.placeholders(i) for i in ids))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for s in strings:
            got = words.placeholders(s)
            # a plural form may leave out the count ("un joueur") but never add a name
            assert got <= want and want - got <= {"n"}, (language, message.id, s)
            s.format_map(dict.fromkeys(want, "x"))  # no stray brace


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_passes_babel_s_checks(language):
    """Babel's checks, as `pybabel compile` and `msgfmt -c` make them: a message whose English
    reads as a printf directive ('95% interval') must keep it in every language."""
    errors = [(message.id, error) for message, found in catalog(language).check()
              for error in found]
    assert errors == [], (language, errors[:3])


def test_plural_forms_follow_each_language():
    words.set_language("de")
    assert ngettext("{n} player", "{n} players", 1) == "1 Spieler"
    assert ngettext("{n} finished game on record", "{n} finished games on record", 2) == \
        "2 beendete Spiele verzeichnet"
    words.set_language("fr")  # French: 0 and 1 are singular
    assert ngettext("{n} player", "{n} players", 0) == "0 joueur"
    assert ngettext("{n} player", "{n} players", 1) == "1 joueur"
    assert ngettext("{n} player", "{n} players", 2) == "2 joueurs"
    words.set_language("it")  # Italian: 0 is plural
    assert ngettext("{n} player", "{n} players", 0) == "0 giocatori"
    assert ngettext("{n} player", "{n} players", 1) == "1 giocatore"
    words.set_language("en")
    assert ngettext("{n} player", "{n} players", 0) == "0 players"


def test_numbers_and_dates_the_language_s_way():
    from datetime import date

    words.set_language("de")
    assert words.number(12345) == "12.345" and words.number(17) == "17"
    assert words.date_words(date(2026, 11, 2)) == "2. November 2026"
    words.set_language("fr")
    assert words.number(12345) == "12\u00a0345"
    words.set_language("en")
    assert words.number(12345) == "12,345"
    assert words.date_words(date(2026, 11, 2), "d MMM") == "2 Nov"


def test_a_context_tells_words_apart():
    words.set_language("fr")
    assert pgettext("speed", "normal") == "normale" and pgettext("AI level", "normal") == "normal"


def test_a_broken_translation_shows_english_and_is_logged_once(caplog, monkeypatch):
    words.set_language("de")
    catalogue = words.translations("de")
    monkeypatch.setitem(catalogue._catalog, "Deleted {name}.", "{nom} gelöscht.")
    with caplog.at_level(logging.WARNING, logger="loyang_game.words"):
        assert _("Deleted {name}.", name="x") == "Deleted x."
        assert _("Deleted {name}.", name="y") == "Deleted y."
    assert len([r for r in caplog.records if "broken" in r.getMessage()]) == 1


def test_an_unknown_language_is_english():
    assert words.set_language("xx") == "en" and _("Quit") == "Quit"


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANGUAGE": "pt:fr", "LANG": "de_DE"}, "fr"),
    ({"LC_ALL": "it_IT"}, "it"), ({"LANG": "pt_BR"}, "en"), ({"LANG": "C"}, "en"), ({}, "en")])
def test_the_system_language_when_the_game_speaks_it(environ, expected):
    assert words.system_language(environ) == expected


def test_a_wrong_language_in_the_settings_file_is_english_with_one_log_line(tmp_path, caplog):
    s = settings_mod.load(tmp_path)
    s.language = "de"
    assert s.save() is None
    assert settings_mod.load(tmp_path).language == "de"
    s.language = "klingon"
    s.save()  # written as it is: the file may hold anything
    with caplog.at_level(logging.WARNING):
        loaded = settings_mod.load(tmp_path)
    assert loaded.language == "en" and loaded.spoken() == "en"
    assert len([r for r in caplog.records if "klingon" in r.getMessage()]) == 1


def test_lang_on_the_command_line_and_help_translated(capsys):
    from loyang_game.__main__ import main

    with pytest.raises(SystemExit):
        main(["--lang", "it", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("uso: loyang") and "la partita in solitario (1 posto)" in out
    with pytest.raises(SystemExit) as stop:
        main(["--lang", "xx"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and "'en', 'de', 'it', 'fr'" in err
    with pytest.raises(SystemExit):
        main(["--lang", "de", "--size", "big"])
    assert "--size ist BREITExHÖHE" in capsys.readouterr().err


MENUS = ("title", "settings", "new", "load", "scores", "stats", "solo", "rules")


def _fits(L, item) -> list[str]:
    """What of `item`'s words does not fit its control (or the window)."""
    r, problems = item.rect, []
    if (item.kind == BUTTON and item.paint is None
            and t.font(L.px(14), True).size(item.label)[0] > r.w - L.px(10)):
        problems.append(f"button {item.label!r} wider than {r.w}")
    if (item.kind in (CHOICE, TOGGLE, TEXT) and item.label
            and r.x - L.px(14) - t.font(L.px(22), True).size(item.label)[0] < 0):
        problems.append(f"caption {item.label!r} runs off the window")
    if item.kind == CHOICE:
        for option in item.options:
            shown = item.text_of(option)
            if t.font(L.px(21), True).size(shown)[0] > r.w - L.px(50):
                problems.append(f"choice {shown!r} wider than {r.w}")
    if (item.kind == TEXT and item.placeholder
            and t.font(L.px(21)).size(item.placeholder)[0] > r.w - L.px(24)):
        problems.append(f"placeholder {item.placeholder!r} wider than {r.w}")
    return problems


@pytest.mark.parametrize("language", words.LANGUAGES)
def test_the_menus_draw_in_every_language_with_their_words_inside(language):
    from tests.ui.menu_driver import make_director

    words.set_language(language)
    d = make_director((1024, 640))
    try:
        problems = []
        for name in MENUS:
            scene = d.top if name == "title" else d.open(name)
            for _frame in range(2):
                d.frame(dt=1 / 60)
            L = frame_layout(d.screen.get_size())
            if hasattr(scene, "form"):
                for item in scene.form.live():
                    if item.rect.w:
                        problems += [f"{name}: {p}" for p in _fits(L, item)]
            if name != "title":
                d.pop()
        assert not problems, problems
    finally:
        d.close()


def test_switching_language_in_settings_redraws_at_once():
    from tests.ui.menu_driver import make_director

    d = make_director((1024, 640))
    try:
        d.open("settings")
        scene = d.top
        row = scene.form.get("language")
        scene.form.set_focus(row)
        d.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
        assert words.language() == "de" and d.settings.language == "de"
        assert d.top.form.get("back").label == "Zurück"
        assert d.top.form.get("language").label == "Sprache"
        d.pop()
        d.frame(dt=1 / 60)
        assert d.top.form.get("quit").label == "Beenden"  # the title below, made anew
    finally:
        d.close()
        words.set_language("en")


@pytest.mark.parametrize("argv", [["--lang", "de"], ["--lang=de"], ["--lan", "de"],
                                  ["--la=DE"], ["--seats", "2", "--lang", "de_DE"],
                                  ["--lang", "de-AT", "--solo"]])
def test_lang_is_read_as_argparse_reads_it(argv, capsys):
    """`loyang --lan de` (argparse takes an option cut short) or `--lang de_DE` once started
    the game in English: the language is read from the options as argparse reads them."""
    from loyang_game.__main__ import chosen_language, parse

    assert chosen_language(argv) == "de"
    args = parse([*argv, "--moves", "0"])
    assert args.lang == "de" and words.language() == "de"


def test_the_pseudo_language_can_be_asked_for_on_the_command_line():
    from loyang_game.__main__ import parse

    assert parse(["--lang", words.PSEUDO]).lang == words.PSEUDO
    assert words.language() == words.PSEUDO and _("Quit") == words.pseudo("Quit")
    assert _("Quit") == "[Qüït ···]"  # accented, longer, bracketed
