"""The API's game report: each finding's ``text`` follows Accept-Language (en, ru, uk), while its
stored ``code``, ``params`` and English ``message`` are the same whatever the reader's language.

The game is tests/games/disputed_game.py's: Anna reneges in deal 2, the penalty written to
Boris, the redeal missing and two totals wrong."""

from __future__ import annotations

from typing import Any

import pytest

from tests.games.disputed_game import upload

pytestmark = pytest.mark.django_db

#: (code, params, English message) of each finding, in report order.
STORED = [
    (
        "RENEGE_UNCORRECTED",
        {"led_suit": "C", "held_card": "5C"},
        "Anna played 4H on a club lead while holding 5C",
    ),
    (
        "SCORE_MISMATCH",
        {"form": "annulled", "written": 0, "score": -10, "bid": 0, "taken": 0},
        "Anna's score for deal 2 is written as 0, but the rules give -10 (annulled deal)",
    ),
    (
        "SCORE_MISMATCH",
        {"form": "annulled", "written": -10, "score": 0, "bid": 1, "taken": 1},
        "Boris's score for deal 2 is written as -10, but the rules give 0 (annulled deal)",
    ),
    (
        "MISSING_REDEAL",
        {"cards": 2},
        "deal 2 was annulled for a renege, but the log does not show the redeal by Boris with 2 cards each",
    ),
    (
        "TOTAL_MISMATCH",
        {"written": 21, "total": 11},
        "Anna's total is written as 21, but the deals add up to 11",
    ),
    (
        "TOTAL_MISMATCH",
        {"written": 12, "total": 22},
        "Boris's total is written as 12, but the deals add up to 22",
    ),
]

TEXTS = {
    "en": [
        "Anna played 4♥ on a ♣ lead while holding 5♣",
        "Anna's score for deal 2 is written as 0, but the rules give −10 (annulled deal)",
        "Boris's score for deal 2 is written as −10, but the rules give 0 (annulled deal)",
        "deal 2 was annulled for a renege, but the log does not show the redeal by Boris with 2 cards each",
        "Anna's total is written as 21, but the deals add up to 11",
        "Boris's total is written as 12, but the deals add up to 22",
    ],
    "ru": [
        "Anna: на ход в ♣ положена 4♥, хотя на руке была 5♣",
        "очки игрока Anna за сдачу 2 записаны как 0, а по правилам −10 (сдача аннулирована)",
        "очки игрока Boris за сдачу 2 записаны как −10, а по правилам 0 (сдача аннулирована)",
        "сдача 2 аннулирована из-за ренонса, но в записи нет пересдачи тем же сдатчиком (Boris) по 2 карты",
        "итог игрока Anna записан как 21, а по сдачам выходит 11",
        "итог игрока Boris записан как 12, а по сдачам выходит 22",
    ],
    "uk": [
        "Anna: на хід у ♣ покладено 4♥, хоча на руці була 5♣",
        "очки гравця Anna за здачу 2 записано як 0, а за правилами −10 (здачу анульовано)",
        "очки гравця Boris за здачу 2 записано як −10, а за правилами 0 (здачу анульовано)",
        "здачу 2 анульовано через ренонс, але в записі немає перездачі тим самим здавальником (Boris) по 2 карти",
        "підсумок гравця Anna записано як 21, а за здачами виходить 11",
        "підсумок гравця Boris записано як 12, а за здачами виходить 22",
    ],
}

#: Where the API answers a game's findings: the report, the game's detail, the revisions' reports.
ENDPOINTS = {
    "report": ("/api/v1/games/{pk}/report/", lambda body: body["findings"]),
    "detail": ("/api/v1/games/{pk}/", lambda body: body["findings"]),
    "revisions": ("/api/v1/games/{pk}/revisions/", lambda body: _results(body)[-1]["report"]["findings"]),
}


def _results(body: Any) -> list[dict[str, Any]]:
    return body["results"] if isinstance(body, dict) else body


@pytest.fixture
def game_pk(api, people) -> int:
    game = upload(people)
    api.force_authenticate(people.member)
    return game.pk


def _findings(api, game_pk: int, endpoint: str, language: str) -> list[dict[str, Any]]:
    path, pick = ENDPOINTS[endpoint]
    response = api.get(path.format(pk=game_pk), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Language"] == language
    return pick(response.json())


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_each_finding_s_text_is_in_the_reader_s_language(api, game_pk, endpoint, language):
    findings = _findings(api, game_pk, endpoint, language)
    assert [f["text"] for f in findings] == TEXTS[language]
    assert [(f["code"], f["params"], f["message"]) for f in findings] == STORED


@pytest.mark.parametrize("endpoint", sorted(ENDPOINTS))
def test_only_the_text_differs_between_languages(api, game_pk, endpoint):
    said = {language: _findings(api, game_pk, endpoint, language) for language in ("en", "ru", "uk")}
    without_text = {
        language: [{k: v for k, v in f.items() if k != "text"} for f in findings]
        for language, findings in said.items()
    }
    assert without_text["ru"] == without_text["en"]
    assert without_text["uk"] == without_text["en"]
    assert [
        (f["code"], f["severity"], f["deal"], f["trick"], f["seat"], f["player"], f["card"])
        for f in without_text["en"]
    ] == [
        ("RENEGE_UNCORRECTED", "error", 2, 1, 0, "Anna", "4H"),
        ("SCORE_MISMATCH", "error", 2, None, 0, "Anna", None),
        ("SCORE_MISMATCH", "error", 2, None, 1, "Boris", None),
        ("MISSING_REDEAL", "warning", 2, None, 1, "Boris", None),
        ("TOTAL_MISMATCH", "error", None, None, 0, "Anna", None),
        ("TOTAL_MISMATCH", "error", None, None, 1, "Boris", None),
    ]


def test_the_stored_report_is_not_changed_by_a_reading(api, game_pk):
    """The text is said when the report is read; the stored report keeps no text."""
    from games.models import Game

    _findings(api, game_pk, "report", "ru")
    stored = Game.objects.get(pk=game_pk).current_report.report["findings"]
    assert [(f["code"], f["params"], f["message"]) for f in stored] == STORED
    assert all("text" not in f for f in stored)
