"""Words for people, in the player's language: the one place the game's text is made.

Every sentence a player reads goes through `_` (a sentence), `ngettext` (a sentence with a
count: plurals by each language's own rule), `pgettext` (a short word that needs a context,
"Back" the button against "Back" the direction) or `N_` and `NP_` (mark a sentence, or a word
with its context, kept in a table and translated where it is drawn). A sentence is whole,
its values named:

    _("Continue: {names}, round {round}", names=..., round=3)

never glued from fragments, so a translator can put the values where the language wants
them. Numbers among the values are written the locale's way (`number`). A card's name among
them comes in the form its role in the sentence asks for, article and case included
(`text/names.py`: "den Stammkunden R4", "la Vendeuse"), translated whole per name and role.

The catalogues are gettext's (`catalogs/<lang>/LC_MESSAGES/loyang.po`, one a language, kept in
the repository, made from the template `catalogs/loyang.pot`),
and the message ids are the English sentences themselves, not stable keys: the code reads as
the game reads, English needs no catalogue of its own (gettext answers an untranslated id with
the id), Babel's extraction finds them by the functions above, and a message whose English
changes drops back to English in the other languages (and shows as untranslated in the
catalogue test) instead of keeping a translation of words no longer said. A short word whose
English is ambiguous carries a context (`pgettext`).

The catalogues are compiled when first used, in memory, by Babel (`read_po` then `write_mo`,
read by the standard library's `gettext.GNUTranslations`): nothing is written to disk, so a
fresh checkout, an installed copy (`pip install .`, no C compiler needed: Babel is pure
Python) and the download all read the `.po` files they carry, and a `.po` edited by a
translator shows at the next start. Babel also gives each language's plural rule (CLDR, in
the compiled header) and writes numbers per locale (`number`); and `pybabel` extracts the
messages and updates the catalogues (README, *Languages*). Compiling the three catalogues
takes about 0.1 s, once a run, for the language in use only.

A broken translation (a placeholder its English lacks, a brace out of place) never costs a
crash: that message is shown in English, and the log says so once. `set_language` switches at
once: the next frame draws in the new language (`generation` tells the scenes that keep words
made before to make them again).
"""

from __future__ import annotations

import gettext
import io
import locale
import logging
import os
import string
import sys
from collections.abc import Callable, Mapping
from datetime import date
from pathlib import Path

log = logging.getLogger(__name__)

ENGLISH = "en"
LANGUAGES = ("en", "de", "it", "fr")
# Each language by its own name, as the Settings row and --lang's help show it.
NATIVE_NAMES = {"en": "English", "de": "Deutsch", "it": "Italiano", "fr": "Français"}
# The pseudo-language, for tests and for seeing the layouts a long language needs: every
# message accented, about 40% longer and bracketed ("[Šéll Whéåt ···]"), so a word that
# escaped the catalogues shows as plain English and a label cut or overflowing shows by its
# missing bracket. Not offered in Settings; `loyang --lang qps` shows it.
PSEUDO = "qps"
DOMAIN = "loyang"
CATALOG_DIR = Path(__file__).resolve().parent / "catalogs"

_current = ENGLISH
_generation = 0
_translations: dict[str, gettext.NullTranslations] = {}
_told: set[tuple[str, str]] = set()  # (language, message) already logged as broken
_FORMATTER = string.Formatter()


def catalog_path(language: str) -> Path:
    """gettext's own layout, which `pybabel update` and `compile` work on."""
    return CATALOG_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


# The letters the pseudo-language accents: those the shipped font draws accented (Lato has
# Latin-1's and a few more, not ĥ, ţ or ŕ), every vowel among them, so that no English word
# of the catalogues keeps all its letters plain.
_ACCENTED = str.maketrans("aceinosuyzACEINOSUYZ", "åçéïñöšüýžÅÇÉÏÑÖŠÜÝŽ")


def pseudo(message: str) -> str:
    """`message` in the pseudo-language: its letters accented (its `{placeholders}` kept),
    padded to about 140% of its length with '·' and bracketed."""
    parts = []
    for literal, name, spec, conversion in _FORMATTER.parse(message):
        parts.append(literal.replace("{", "{{").replace("}", "}}").translate(_ACCENTED))
        if name is not None:
            parts.append("{" + name + (f"!{conversion}" if conversion else "")
                         + (f":{spec}" if spec else "") + "}")
    extra = -(-len(message) * 2 // 5)  # 40%, rounded up
    padding = " ".join("···" for _group in range(-(-extra // 4)))
    return f"[{''.join(parts)} {padding}]"


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo-language as a catalogue: every message translated by `pseudo`, plurals by
    the English rule."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


def compile_catalog(language: str) -> gettext.NullTranslations:
    """The language's catalogue compiled from its .po in memory (English: none needed; the
    pseudo-language: made, not read). A catalogue that cannot be read is logged and English
    is used."""
    if language == ENGLISH:
        return gettext.NullTranslations()
    if language == PSEUDO:
        return PseudoTranslations()
    try:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        with open(catalog_path(language), "rb") as file:
            catalog = read_po(file, locale=language, domain=DOMAIN)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        return gettext.GNUTranslations(buffer)
    except Exception as error:  # a missing, unreadable or broken catalogue: English, logged
        log.warning("the %s catalogue cannot be used (%s): English is shown", language, error)
        return gettext.NullTranslations()


def translations(language: str | None = None) -> gettext.NullTranslations:
    language = language or _current
    found = _translations.get(language)
    if found is None:
        found = _translations[language] = compile_catalog(language)
    return found


def language() -> str:
    """The language the game speaks now: one of LANGUAGES."""
    return _current


def generation() -> int:
    """A count that changes with every switch of language: words made before it differ are
    to be made again."""
    return _generation


def set_language(code: str | None) -> str:
    """Speak `code` from now on (an unknown one, or None: English; PSEUDO, the
    pseudo-language, too); returns the language set. The catalogue is compiled here, so the
    next frame draws without a pause."""
    global _current, _generation
    chosen = code if code in LANGUAGES or code == PSEUDO else ENGLISH
    translations(chosen)
    if chosen != _current:
        _current = chosen
        _generation += 1
    return chosen


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language when it is one of LANGUAGES, else English: gettext's variables
    (LANGUAGE, LC_ALL, LC_MESSAGES, LANG, in that order) and, where none is set (Windows,
    an app started from the macOS Finder), the locale Python reads from the system."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        codes = [_code(part) for part in env.get(name, "").split(":")]
        codes = [code for code in codes if code not in ("", "c", "posix")]
        if not codes:
            continue  # unset, or the plain C locale: the next variable says
        found = [code for code in codes if code in LANGUAGES]
        if found or name != "LANGUAGE":  # LANGUAGE lists several, in order of liking
            return found[0] if found else ENGLISH
    if environ is not None:
        return ENGLISH
    try:
        code = locale.getlocale()[0] or ""
        if not code and sys.platform == "win32":
            import ctypes

            lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
            code = locale.windows_locale.get(lcid, "")
    except (ValueError, OSError, AttributeError):
        code = ""
    return _code(code) if _code(code) in LANGUAGES else ENGLISH


def language_of(value: str) -> str:
    """"de" for "de_DE.UTF-8", "de-AT", "de@euro", "DE"."""
    return value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()


_code = language_of


def number(value: int | float) -> str:
    """A number the way the current language writes it (1,234.5; 1.234,5; 1 234,5). The
    small whole numbers of the game (Cash, spaces, rounds) read the same in every language."""
    if isinstance(value, bool) or (isinstance(value, int) and -1000 < value < 1000):
        return str(value)
    from babel.numbers import format_decimal

    # French groups with a narrow no-break space; the game's font has the plain one.
    return format_decimal(value, locale=_cldr()).replace("\u202f", "\u00a0")


def decimal(value: float) -> str:
    """A value to one decimal place, written with the current language's decimal sign
    ("5.3", "5,3"): the AI's estimates in Path spaces."""
    said = f"{value:.1f}"
    if _current == ENGLISH:
        return said
    from babel.numbers import get_decimal_symbol

    return said.replace(".", get_decimal_symbol(_cldr()))


def _values(values: dict[str, object]) -> dict[str, object]:
    return {k: number(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
            for k, v in values.items()}


def _fill(translated: str, source: str, values: dict[str, object]) -> str:
    """`translated` with its named values; a translation that does not fit its values (a
    placeholder its source lacks, a stray brace) is shown in English, logged once."""
    if not values and "{" not in source:
        return translated
    shown = _values(values)
    try:
        return translated.format_map(shown)
    except (KeyError, IndexError, ValueError, AttributeError) as error:
        if translated == source:
            raise  # the source itself is wrong: a defect in the code, said loudly
        if (_current, source) not in _told:
            _told.add((_current, source))
            log.warning("the %s translation of %r is broken (%r): English is shown",
                        _current, source, error)
        return source.format_map(shown)


def _(message: str, **values: object) -> str:
    """`message` in the current language, its `{named}` values filled in."""
    return _fill(translations().gettext(message), message, values)


def ngettext(singular: str, plural: str, n: int, **values: object) -> str:
    """The form of the sentence for the count `n` (available as `{n}`), by the language's
    own plural rule."""
    translated = translations().ngettext(singular, plural, n)
    source = singular if n == 1 else plural
    return _fill(translated, source, {"n": n, **values})


def pgettext(context: str, message: str, **values: object) -> str:
    """`message` in the sense `context` says (a short word with more than one meaning)."""
    return _fill(translations().pgettext(context, message), message, values)


def N_(message: str) -> str:
    """Marks `message` for the catalogues where it is defined (a table of labels); it is
    translated by `_` where it is shown, so a switch of language shows at once."""
    return message


def NP_(context: str, message: str) -> str:
    """`N_` for a word that needs a context: shown by `pgettext(context, message)`."""
    return message


class Said(str):
    """Words made in the language spoken when they were made, which know how to make
    themselves again: a line kept for later (the game log's, a hint's) that reads in the new
    language after a switch (`now`, `reword`). It is a `str`, so whatever keeps, cuts or
    compares lines takes it as one."""

    remake: Callable[[], str]
    spoken: int  # the `generation` it was made in

    def __new__(cls, made: Callable[[], str], first: str | None = None) -> Said:
        self = super().__new__(cls, made() if first is None else first)
        self.remake, self.spoken = made, _generation
        return self

    def __copy__(self) -> Said:
        return self  # words do not change: a copy is the same words

    def __deepcopy__(self, memo: dict) -> Said:
        return self

    def __reduce__(self) -> tuple:
        return str, (str(self),)  # pickled as the words they are now


def said(made: Callable[[], str], first: str | None = None) -> Said:
    """The words `made()` makes now (`first`, when they were just made), kept as a `Said` that
    can make them again: `made` takes no argument and reads nothing that changes later (a
    state's events copied, not the state)."""
    return Said(made, first)


def now(text: str) -> str:
    """`text` in the language spoken now: a `Said` made before a switch is made again (and
    kept, so each switch costs one remake); any other text is as it is."""
    if not isinstance(text, Said) or text.spoken == _generation:
        return text
    again = text.__dict__.get("again")
    if again is None or again.spoken != _generation:
        again = text.__dict__["again"] = Said(text.remake)
    return again


def reword(lines: list[str]) -> bool:
    """Each `Said` of `lines` made again, in place, in the language spoken now; True when one
    changed (a list kept by its length, the game log's, is then to be drawn again)."""
    changed = False
    for index, line in enumerate(lines):
        again = now(line)
        if again is not line:
            lines[index], changed = again, True
    return changed


def placeholders(message: str) -> set[str]:
    """The names of `message`'s `{placeholders}` (for the catalogue tests)."""
    return {name for _text, name, _spec, _conv in _FORMATTER.parse(message) if name}




# The locale whose CLDR data writes numbers and dates: the game's English is British.
CLDR_LOCALES = {"en": "en_GB", "de": "de", "it": "it", "fr": "fr"}


def _cldr() -> str:
    """The CLDR locale of the language spoken now (the pseudo-language: English's)."""
    return CLDR_LOCALES.get(_current, "en_GB")


def date_words(value: date, pattern: str = "long") -> str:
    """`value` the way the current language writes a date: "long" (2 November 2026,
    2. November 2026, 2 novembre 2026) or a CLDR pattern ("d MMM": 2 Nov, 2. Nov.)."""
    from babel.dates import format_date

    said = format_date(value, pattern, locale=_cldr())
    return said.translate(_ACCENTED) if _current == PSEUDO else said


def list_words(items: list[str] | tuple[str, ...]) -> str:
    """Things named one after another the current language's way: 'Wheat, Bean and Leek',
    'Weizen, Bohne und Lauch' (CLDR's list pattern)."""
    if len(items) < 2:
        return "".join(items)
    if _current == PSEUDO:
        return ", ".join(items[:-1]) + " " + pseudo("and") + " " + items[-1]
    from babel.lists import format_list

    return format_list(list(items), locale=_cldr())


__all__ = ["LANGUAGES", "NATIVE_NAMES", "NP_", "N_", "PSEUDO", "Said", "_", "date_words",
           "generation", "language", "list_words", "ngettext", "now", "number", "pgettext",
           "reword", "said", "set_language", "system_language"]
