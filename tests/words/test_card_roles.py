"""A card's name in a sentence (issue 47, item 2): German, Italian and French give it the
article, case and contraction its role there needs ("nimm den Stammkunden R4", "prenez le
client régulier R4", "Chez Anna, la Marchande va à la défausse."), from the catalogues' forms
per role (text/names.py); English reads as before."""

from __future__ import annotations

import random
import re

import pytest

from loyang_game import words
from loyang_game.engine import GameConfig, new_game
from loyang_game.engine.cards import (
    CARDS,
    CASUAL,
    COMMON_FIELD,
    HELPER,
    PRIVATE_FIELD,
    REGULAR,
    STALL,
)
from loyang_game.engine.events import Claimed, Discarded
from loyang_game.engine.moves import Move, MoveKind
from loyang_game.engine.state import Reason
from loyang_game.text.log import before_move, describe_events, touched, turn_lines
from loyang_game.text.moves import move_words
from loyang_game.text.names import AT, FROM, OBJECT, ROLE_FORMS, SUBJECT, WITH, card_words
from loyang_game.text.reasons import reason_words

ROLES = (SUBJECT, OBJECT, WITH, AT, FROM)
NAMES = ["Anna", "Bao", "Chiara", "Dieter"]
# The articles each language's forms begin with, by role (German's by case), joined with
# the preposition where the language joins them.
ARTICLES = {
    "de": {SUBJECT: ("der ", "die ", "das "), OBJECT: ("den ", "die ", "das "),
           WITH: ("dem ", "der "), AT: ("am ", "beim ", "bei der ", "auf dem "),
           FROM: ("vom ", "von der ")},
    "it": {SUBJECT: ("il ", "lo ", "la ", "l'"), OBJECT: ("il ", "lo ", "la ", "l'"),
           WITH: ("il ", "lo ", "la ", "l'"), AT: ("al ", "allo ", "alla ", "all'"),
           FROM: ("dal ", "dallo ", "dalla ", "dall'")},
    "fr": {SUBJECT: ("le ", "la ", "l'"), OBJECT: ("le ", "la ", "l'"),
           WITH: ("le ", "la ", "l'"), AT: ("au ", "à la ", "à l'"),
           FROM: ("du ", "de la ", "de l'")},
}
# What never reads right: an article doubled or after a preposition it contracts with, a
# German weak noun without its ending after den/dem, 'mit' with an accusative, French 'de'
# unelided before a name.
WRONG = {
    "de": [r"\b(der|die|das|den|dem) (der|die|das|den|dem)\b",
           r"\b(am|vom|zum|im|aufs|beim) (der|die|das|den|dem)\b", r"\bmit (den|das) ",
           r"\b(an|am|von|vom|bei|beim|auf) (am|vom|beim|von der|bei der|auf dem)\b",
           r"\b(den|dem) (Stammkunde|Laufkunde|Lieferant|Laufbursche|Knappe|Beamter?) ",
           r"\bder Beamter\b"],
    "it": [r"\b(il|lo|la|l') (il|lo|la|l')", r"\b(a|da|di|su|in) (il|lo|la|l')\b",
           r"\b(al|dal|del|sul|nel|alla|dalla|della|sulla|nella) (il|lo|la|l')",
           r"\b(a|da|al|alla|dal|dalla) (al|allo|alla|all'|dal|dallo|dalla|dall')"],
    "fr": [r"\b(le|la) (le|la|l')", r"\bl'(le|la|l')", r"(?<![\w'])(à|de) (le|les)\b",
           r"\b(au|du) (le|la|l')", r"(?<![\w'])(à|de|à l'|au|du) (au|du|à la|à l'|de la|de l')",
           r"\bde Anna\b"],
}


def one_of_each() -> list[int]:
    """A card of each kind of card, and every Helper."""
    kinds = {}
    for c in CARDS:
        key = c.name if c.kind == HELPER else (c.kind, c.code == "Home")
        kinds.setdefault(key, c.id)
    assert {CARDS[c].kind for c in kinds.values()} == {
        STALL, REGULAR, CASUAL, COMMON_FIELD, PRIVATE_FIELD, HELPER}
    assert len(kinds) == 6 + 20  # the Home field apart from the others
    return list(kinds.values())


def card(kind: str, code: str | None = None, name: str | None = None) -> int:
    return next(c.id for c in CARDS if c.kind == kind and code in (None, c.code)
                and name in (None, c.name))


R4, S7 = card(REGULAR, "R4"), card(STALL, "S7")
MARKET_WOMAN, OFFICIAL, CON_MAN, FARMER = (card(HELPER, name=n) for n in (
    "Market woman", "Official", "Con man", "Subsistence farmer"))
FIELD5 = next(c.id for c in CARDS if c.kind == PRIVATE_FIELD and c.spaces == 5)
W = 0  # Wheat


def test_every_name_is_marked_in_every_role():
    assert len(ROLE_FORMS) == len(ROLES) * len(one_of_each())


@pytest.mark.parametrize("language", ["de", "it", "fr"])
def test_every_card_kind_and_every_helper_has_its_article_in_each_role(language):
    words.set_language(language)
    for c in one_of_each():
        bare = card_words(c)
        for role in ROLES:
            said = card_words(c, role)
            assert said.startswith(ARTICLES[language][role]), (language, role, said)
            assert said != bare and said[0].islower(), (language, role, said)
            if CARDS[c].code and CARDS[c].kind in (STALL, REGULAR, CASUAL):
                assert said.endswith(" " + CARDS[c].code)


def test_german_declines_by_case_and_gender():
    """A weak noun takes its ending (den Stammkunden), the Official his article's (der Beamte,
    the bare name being "Beamter"), a woman and a neuter their own articles."""
    words.set_language("de")
    assert [card_words(R4, role) for role in ROLES] == [
        "der Stammkunde R4", "den Stammkunden R4", "dem Stammkunden R4",
        "beim Stammkunden R4", "vom Stammkunden R4"]
    assert [card_words(OFFICIAL, role) for role in ROLES] == [
        "der Beamte", "den Beamten", "dem Beamten", "beim Beamten", "vom Beamten"]
    assert [card_words(MARKET_WOMAN, role) for role in ROLES] == [
        "die Marktfrau", "die Marktfrau", "der Marktfrau", "bei der Marktfrau",
        "von der Marktfrau"]
    assert card_words(CON_MAN, OBJECT) == "das Schlitzohr"


def test_english_reads_as_before():
    take = Move(MoveKind.TAKE, R4, MARKET_WOMAN)
    assert move_words(take, advice=True) == (
        "take Regular customer R4 from the Courtyard and play Market woman")
    assert card_words(R4, SUBJECT) == card_words(R4, OBJECT) == "Regular customer R4"
    assert describe_events([Discarded(0, MARKET_WOMAN)], NAMES) == [
        "Anna's Market woman goes to the discard pile."]


SENTENCES = {
    "de": ["nimm den Stammkunden R4 aus dem Hof und spiele die Marktfrau",
           "nimmt den Beamten aus dem Hof und spielt den Marktstand S7",
           "beliefert den Stammkunden R4",
           "nutzt das Schlitzohr: tauscht es gegen die Marktfrau",
           "Bei Anna kommt die Marktfrau auf den Ablagestapel.",
           "Bei Bao nimmt der Vorarbeiter den Beamten vom Ablagestapel.",
           "Du hast die Marktfrau nicht auf der Hand.",
           "tausche Weizen gegen Kürbis am Marktstand S7",
           "nutze den Selbstversorger: nimm ein Gemüse vom Feld mit 5 Parzellen"],
    "it": ["prendi il cliente abituale R4 dal cortile comune e gioca la Donna del mercato",
           "prende il Funzionario dal cortile comune e gioca la bancarella S7",
           "serve il cliente abituale R4",
           "usa il Truffatore: lo scambia con la Donna del mercato",
           "Va negli scarti la Donna del mercato di Anna.",
           "Con il Caposquadra, Bao prende il Funzionario dagli scarti.",
           "Non hai la Donna del mercato in mano.",
           "scambia Grano con Zucca alla bancarella S7",
           "usa il Coltivatore diretto: prendi un ortaggio dal campo da 5 spazi"],
    "fr": ["prenez le client régulier R4 dans la cour et jouez la Marchande",
           "prend l'Officiel dans la cour et joue l'étal de marché S7",
           "livre le client régulier R4",
           "utilise l'Escroc\u00a0: l'échange contre la Marchande",
           "Chez Anna, la Marchande va à la défausse.",
           "Avec le Contremaître, Bao prend l'Officiel dans la défausse.",
           "Vous n'avez pas la Marchande en main.",
           "échangez Blé contre Potiron à l'étal de marché S7",
           "utilisez le Fermier vivrier\u00a0: prenez un légume du champ de 5 cases"],
}


@pytest.mark.parametrize("language", ["de", "it", "fr"])
def test_whole_sentences_read_right(language):
    words.set_language(language)
    said = [move_words(Move(MoveKind.TAKE, R4, MARKET_WOMAN), advice=True),
            move_words(Move(MoveKind.TAKE, OFFICIAL, S7)),
            move_words(Move(MoveKind.REGULAR, R4)),
            move_words(Move(MoveKind.USE, CON_MAN, MARKET_WOMAN)),
            *describe_events([Discarded(0, MARKET_WOMAN), Claimed(1, OFFICIAL)], NAMES),
            reason_words(Reason("card_not_in_hand", (("card", MARKET_WOMAN),))),
            move_words(Move(MoveKind.TRADE, S7, 0, W), advice=True),
            move_words(Move(MoveKind.USE, FARMER, FIELD5), advice=True)]
    assert said == SENTENCES[language]


def game_words(seed: int) -> list[str]:
    """Every line a 4-player game of random moves gives: the log, each seat's call-outs, and
    each move it could have made told as advice."""
    rng = random.Random(seed)
    state = new_game(GameConfig(seats=4, seed=seed))
    said: list[str] = []
    while not state.is_over:
        legal = state.legal_moves()
        said += [move_words(m, NAMES, advice=True) for m in legal]
        move = rng.choice(legal)
        before, earlier = before_move(state, move), state.clone()
        state.apply(move)
        said += turn_lines(before, move, state, NAMES)
        for seat in range(4):
            if seat != before.seat:
                said += touched(earlier, state, move, seat, NAMES, {}, you=seat == 1)
    return said


@pytest.mark.parametrize("language", ["de", "it", "fr"])
def test_no_article_is_doubled_or_left_uncontracted_in_a_whole_game(language):
    words.set_language(language)
    said = game_words(3) + game_words(8)
    assert len(said) > 2000
    for pattern in WRONG[language]:
        found = [line for line in said if re.search(pattern, line)]
        assert not found, (pattern, found[:3])
    # an event's line begins as a sentence does, never with a name's small article
    events = [line.strip() for line in said if line.startswith("   ")]
    assert events and all(line[0].isupper() or line[0].isdigit() for line in events), [
        line for line in events if not line[0].isupper()][:3]
