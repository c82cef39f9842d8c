"""Translations: complete in Russian and Ukrainian, compiled as committed, with the seeds' game words."""

from __future__ import annotations

import gettext
from pathlib import Path

import polib
import pytest
from django.utils import translation

LOCALE = Path(__file__).resolve().parent.parent / "locale"
LANGUAGES = ("en", "ru", "uk")


def catalogue(language: str, domain: str = "django") -> polib.POFile:
    return polib.pofile(str(LOCALE / language / "LC_MESSAGES" / f"{domain}.po"))


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_every_string_is_translated_and_none_is_fuzzy(language):
    po = catalogue(language)
    assert len(po) > 200
    assert [e.msgid for e in po.untranslated_entries()] == []
    assert [e.msgid for e in po.fuzzy_entries()] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_is_the_compiled_po(language):
    po = catalogue(language)
    with open(LOCALE / language / "LC_MESSAGES" / "django.mo", "rb") as mo:
        compiled = gettext.GNUTranslations(mo)._catalog  # type: ignore[attr-defined]
    for entry in po.translated_entries():
        key = entry.msgid if not entry.msgctxt else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural:
            assert compiled[(key, 0)] == entry.msgstr_plural[0], entry.msgid
        else:
            assert compiled[key] == entry.msgstr, entry.msgid


@pytest.mark.parametrize(
    ("language", "words"),
    [
        # The seeds' own words: взятка / хабар, заказ / замовлення, козырь / козир, ренонс, сдача / здача.
        ("ru", {"trick": "взятка", "bid": "заказ", "Trump": "Козырь", "renege": "ренонс", "Deal": "Сдача"}),
        (
            "uk",
            {"trick": "хабар", "bid": "замовлення", "Trump": "Козир", "renege": "ренонс", "Deal": "Здача"},
        ),
    ],
)
def test_the_game_vocabulary_is_the_seeds(language, words):
    with translation.override(language):
        for english, local in words.items():
            assert translation.gettext(english) == local


@pytest.mark.parametrize(("language", "ranks"), [("ru", "ВДКТ"), ("uk", "ВДКТ"), ("en", "JQKA")])
def test_card_ranks_read_as_the_players_say_them(language, ranks):
    with translation.override(language):
        assert "".join(translation.pgettext("card rank", r) for r in "JQKA") == ranks


@pytest.mark.parametrize(
    ("language", "heading"), [("en", "Card clubs"), ("ru", "Карточные клубы"), ("uk", "Карткові клуби")]
)
def test_the_home_page_speaks_the_chosen_language(client, db, language, heading):
    client.cookies["django_language"] = language
    assert f"<h1>{heading}</h1>" in client.get("/").content.decode()


def test_every_finding_code_has_a_title_to_translate():
    from games.templatetags.findings import TITLES
    from rules import registry

    codes = set()
    for game in registry.game_keys():
        module = registry.get(game)
        codes |= set(__import__(f"{module.__name__}.codes", fromlist=["SEVERITY"]).SEVERITY)
    assert set(TITLES) == codes
    with translation.override("ru"):
        assert str(TITLES["RENEGE_UNCORRECTED"]) == "Неисправленный ренонс"
