"""A finding said in the reader's language, from its code and parameters (games/finding_text.py).

Every template of every game is translated in Russian and Ukrainian with the
same placeholders and the language's plural forms; a finding renders with
the language's card letters and the players' names; a finding stored before
it had parameters keeps its English sentence.
"""

from __future__ import annotations

import re

import polib
import pytest
from django.utils import translation

from games.finding_text import contract_text, error_text, renderer, sentence
from rules import registry
from rules.texts import ERRORS, placeholders, plural_form
from tests.test_i18n import catalogue


def all_templates() -> list[str]:
    """Every English template: each game's findings and every registered refusal."""
    registry.load_all()
    findings = {template for game in registry.game_keys() for template in registry.texts(game).values()}
    return sorted(findings | set(ERRORS.values()))


ALL_TEMPLATES = all_templates()


def test_every_game_has_finding_templates_and_the_refusals_are_registered():
    assert {game: len(registry.texts(game)) > 20 for game in registry.game_keys()} == dict.fromkeys(
        registry.game_keys(), True
    )
    assert len(ERRORS) > 200


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_template_is_translated_with_the_same_placeholders_and_three_plural_forms(language):
    po = {entry.msgid: entry for entry in catalogue(language) if not entry.msgctxt}
    wrong = []
    for template in ALL_TEMPLATES:
        entry = po.get(template)
        if entry is None or not entry.msgstr or "fuzzy" in entry.flags:
            wrong.append(("untranslated", template))
            continue
        english = placeholders(template)
        local = placeholders(entry.msgstr)
        # The same names (a translation may say one of them once where the English says it twice).
        if {name for name, _ in english} != {name for name, _ in local}:
            wrong.append(("placeholders", template))
        for name, spec in local:
            if "|" in spec and len(spec.split("|")) != 3:
                wrong.append((f"plural of {name}", template))
        if template[:1].islower() != entry.msgstr[:1].islower() and template[:1].isalpha():
            wrong.append(("case", template))
    assert wrong == []


def test_no_translation_puts_a_gendered_verb_after_a_name():
    """«Ольга сыграл» is wrong for Ольга and «сыграла» for Глеб: a name is never a verb's subject."""
    # «игрок {seat} взял» is right: the verb agrees with «игрок», whoever the name is.
    verbs = re.compile(
        r"(?<!игрок )(?<!гравець )\{\w*seat\}\s+(сыграл|сдал|заказал|взял|вскрыл|ходил|зіграв|здав|замовив|узяв|взяв)\b"
    )
    offending = [
        entry.msgstr
        for language in ("ru", "uk")
        for entry in catalogue(language)
        if entry.msgstr and verbs.search(entry.msgstr)
    ]
    assert offending == []


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "карта"),
        (2, "карты"),
        (4, "карты"),
        (5, "карт"),
        (11, "карт"),
        (12, "карт"),
        (21, "карта"),
        (22, "карты"),
    ],
    ids=lambda v: str(v),
)
def test_a_slavic_plural_picks_its_form_by_the_number(count, expected):
    assert plural_form(count, ["карта", "карты", "карт"]) == expected


RENEGE = {
    "code": "RENEGE_UNCORRECTED",
    "severity": "error",
    "deal": 2,
    "trick": 1,
    "seat": 2,
    "player": "Тарас",
    "card": "3C",
    "message": "Тарас played 3C on a diamond lead while holding QD",
    "params": {"led_suit": "D", "held_card": "QD"},
}
PLAYERS = ["Анна", "Борис", "Тарас", "Глеб"]


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "Тарас played 3♣ on a ♦ lead while holding Q♦"),
        ("ru", "Тарас: на ход в ♦ положена 3♣, хотя на руке была Д♦"),
        ("uk", "Тарас: на хід у ♦ покладено 3♣, хоча на руці була Д♦"),
    ],
)
def test_a_renege_is_said_in_the_readers_language_with_its_card_letters(language, expected):
    with translation.override(language):
        assert sentence("oh-hell", RENEGE, PLAYERS) == expected


def test_other_seats_are_named_and_counts_take_their_plural():
    finding = {
        "code": "MISSING_REDEAL",
        "deal": 4,
        "seat": 3,
        "params": {"cards": 5},
        "message": "english",
    }
    with translation.override("ru"):
        assert sentence("oh-hell", finding, PLAYERS) == (
            "сдача 4 аннулирована из-за ренонса, но в записи нет пересдачи тем же сдатчиком (Глеб) по 5 карт"
        )
    dealer = {"code": "WRONG_DEALER", "deal": 3, "seat": 0, "params": {"expected_seat": 1}, "message": "x"}
    with translation.override("uk"):
        assert sentence("oh-hell", dealer, PLAYERS) == (
            "здачу 3 здавав гравець Анна, а черга здавати була за гравцем Борис"
        )


def test_a_finding_stored_without_parameters_keeps_its_english_sentence():
    old = {**RENEGE, "params": None}
    with translation.override("ru"):
        assert sentence("oh-hell", old, PLAYERS) == old["message"]


def test_a_translation_that_does_not_fit_falls_back_to_the_english_template(monkeypatch):
    monkeypatch.setattr("games.finding_text.gettext", lambda text: "{no_such_placeholder}")
    assert sentence("oh-hell", RENEGE, PLAYERS) == "Тарас played 3♣ on a ♦ lead while holding Q♦"


@pytest.mark.parametrize(
    ("value", "ru"),
    [
        ("4H", "4♥"),
        ("3NTX", "3БК×"),
        ("misere", "мизер"),
        ("pass", "пас"),
        ("dark-2", "два в тёмную"),
        ("P", "Пас"),
    ],
    ids=["suit", "doubled-no-trump", "misere", "pass", "dark", "bridge-pass"],
)
def test_contracts_and_calls_in_russian(value, ru):
    with translation.override("ru"):
        assert contract_text(value).lower() == ru.lower()


def test_a_refusal_is_said_in_russian_beside_its_english_message():
    error = {
        "path": "players",
        "message": "x",
        "code": "OHHELL_PLAYERS_COUNT",
        "params": {"low": 3, "high": 7, "count": 2},
    }
    with translation.override("ru"):
        assert error_text(error) == "В «Черт побери» играют от 3 до 7 игроков, а не 2"


def test_the_renderer_writes_negative_numbers_with_a_true_minus():
    with translation.override("ru"):
        assert renderer(PLAYERS).render("{scores_by_seat}", {}, {"scores_by_seat": [10, -5, 0, 3]}) == (
            "Анна 10, Борис −5, Тарас 0, Глеб 3"
        )


def test_the_english_catalogue_has_every_template_as_its_own_msgid():
    po = polib.pofile(str(catalogue("en").fpath))
    msgids = {entry.msgid for entry in po}
    assert [t for t in ALL_TEMPLATES if t not in msgids] == []
