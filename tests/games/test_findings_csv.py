"""The findings of a game as a spreadsheet (``/api/v1/games/<id>/export/?format=findings``): a row
per finding, the code and parameters kept as data, the sentence in the reader's language."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.games import disputed_game

pytestmark = pytest.mark.django_db


def rows(api, game, language: str) -> list[list[str]]:
    response = api.get(f"/api/v1/games/{game.pk}/export/?format=findings", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert f"game-{game.pk}-r1-findings.csv" in response["Content-Disposition"]
    return list(csv.reader(io.StringIO(response.content.decode())))


@pytest.mark.parametrize(
    ("language", "renege"),
    [
        ("en", "Anna played 4♥ on a ♣ lead while holding 5♣"),
        ("ru", "Anna: на ход в ♣ положена 4♥, хотя на руке была 5♣"),
        ("uk", "Anna: на хід у ♣ покладено 4♥, хоча на руці була 5♣"),
    ],
    ids=["en", "ru", "uk"],
)
def test_the_findings_download_in_the_readers_language(api, people, language, renege):
    game = disputed_game.upload(people)
    api.force_authenticate(people.member)
    header, *body = rows(api, game, language)
    assert header == ["deal", "trick", "seat", "player", "code", "severity", "text", "params"]
    by_code = {row[4]: row for row in body}
    row = by_code["RENEGE_UNCORRECTED"]
    # Deal 2, Anna at seat 1 as people count (0 in the log), the sentence in the language asked.
    assert row[:4] == ["2", "1", "1", "Anna"]
    assert row[6] == renege
    assert json.loads(row[7]) == {"held_card": "5C", "led_suit": "C"}
    assert len(body) == len(game.current_report.report["findings"])


def test_the_game_page_links_its_downloads(client, people):
    game = disputed_game.upload(people)
    client.force_login(people.member)
    page = client.get(f"/games/{game.pk}/").content.decode()
    for kind in ("findings", "csv", "original"):
        assert f'href="/api/v1/games/{game.pk}/export/?format={kind}" download' in page
