"""``manage.py reaudit`` and the findings stored before the engine gave parameters (before
games/migrations/0009_finding_params.py): such a finding has only its English ``message``, which
every language shows as it is; a re-audit replays the game with the current engine, and its new
findings carry their parameters and are said in the reader's language. The old report and its
rows are kept as they were (reports are append-only)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from django.core.management import call_command
from django.utils import translation

import rules.ohhell
from games.finding_text import sentence
from games.models import AuditReport, Finding, Game
from rules import registry
from tests.games.disputed_game import upload

pytestmark = pytest.mark.django_db

OLD_ENGINE = "2"

ENGLISH = [
    "Anna played 4H on a club lead while holding 5C",
    "Anna's score for deal 2 is written as 0, but the rules give -10 (annulled deal)",
    "Boris's score for deal 2 is written as -10, but the rules give 0 (annulled deal)",
    "deal 2 was annulled for a renege, but the log does not show the redeal by Boris with 2 cards each",
    "Anna's total is written as 21, but the deals add up to 11",
    "Boris's total is written as 12, but the deals add up to 22",
]
PARAMS = [
    {"led_suit": "C", "held_card": "5C"},
    {"form": "annulled", "written": 0, "score": -10, "bid": 0, "taken": 0},
    {"form": "annulled", "written": -10, "score": 0, "bid": 1, "taken": 1},
    {"cards": 2},
    {"written": 21, "total": 11},
    {"written": 12, "total": 22},
]
SAID = {
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


@pytest.fixture
def older_game(people, monkeypatch) -> Game:
    """The disputed game as an engine before 0009 recorded it: findings with their English
    message and no ``params``, in the report and in the rows."""
    current = registry.replay

    def without_params(reading: Any) -> dict[str, Any]:
        report = current(reading)
        return {
            **report,
            "findings": [{k: v for k, v in f.items() if k != "params"} for f in report["findings"]],
        }

    with monkeypatch.context() as old:
        old.setattr(registry, "replay", without_params)
        old.setattr(rules.ohhell, "ENGINE_VERSION", OLD_ENGINE)
        game = upload(people)
    game.refresh_from_db()
    assert game.current_report.engine_version == OLD_ENGINE
    return game


def _rows(report: AuditReport) -> list[dict[str, Any]]:
    return list(
        Finding.objects.filter(report=report)
        .order_by("pk")
        .values("code", "deal", "trick", "seat", "card", "message", "params")
    )


def _said(report: AuditReport, language: str) -> list[str]:
    players = report.report["players"]
    with translation.override(language):
        return [sentence("oh-hell", row, players) for row in _rows(report)]


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_an_older_finding_is_its_english_message_in_every_language(older_game, language):
    report = older_game.current_report
    assert [row["params"] for row in _rows(report)] == [None] * 6
    assert all("params" not in f for f in report.report["findings"])
    assert _said(report, language) == ENGLISH


def test_reaudit_gives_the_older_findings_their_parameters(older_game):
    old_report = older_game.current_report
    out = io.StringIO()
    call_command("reaudit", "--club", "kozyr", stdout=out)
    assert out.getvalue().splitlines() == [
        "re-audited: 1",
        "changed: 1",
        f"  game {older_game.pk}: errors -> errors, findings changed",
    ]
    older_game.refresh_from_db()
    new_report = older_game.current_report
    assert new_report.pk != old_report.pk
    assert new_report.engine_version == rules.ohhell.ENGINE_VERSION
    assert [(row["message"], row["params"]) for row in _rows(new_report)] == list(
        zip(ENGLISH, PARAMS, strict=True)
    )
    assert [f["params"] for f in new_report.report["findings"]] == PARAMS
    # The older report and its rows are kept as they were.
    assert AuditReport.objects.filter(game=older_game).count() == 2
    assert [row["params"] for row in _rows(old_report)] == [None] * 6


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_after_reaudit_the_findings_are_said_in_the_reader_s_language(older_game, language):
    call_command("reaudit", "--club", "kozyr", stdout=io.StringIO())
    older_game.refresh_from_db()
    assert _said(older_game.current_report, language) == SAID[language]


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_api_says_the_reaudited_findings_in_the_reader_s_language(older_game, api, people, language):
    api.force_authenticate(people.member)
    path = f"/api/v1/games/{older_game.pk}/report/"
    before = api.get(path, HTTP_ACCEPT_LANGUAGE=language).json()["findings"]
    assert [f["text"] for f in before] == ENGLISH
    call_command("reaudit", "--club", "kozyr", stdout=io.StringIO())
    after = api.get(path, HTTP_ACCEPT_LANGUAGE=language).json()["findings"]
    assert [f["text"] for f in after] == SAID[language]
    assert [(f["message"], f["params"]) for f in after] == list(zip(ENGLISH, PARAMS, strict=True))


def test_a_second_reaudit_finds_nothing_older(older_game):
    call_command("reaudit", stdout=io.StringIO())
    out = io.StringIO()
    call_command("reaudit", stdout=out)
    assert out.getvalue().splitlines() == ["re-audited: 0", "changed: 0"]
