"""A duplicate table's log uploaded through the API like any game, and its pages in Russian: the
traveller on the game page (contracts with suit symbols, «БК»), a board's deal page, with no
English and no card in letters (tests/test_page_language.py's checks)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.models import Game
from tests.test_page_language import PageText, english_fragments, known_codes, problems

pytestmark = pytest.mark.django_db

TABLE = Path(__file__).resolve().parents[1] / "data" / "duplicate" / "table.json"


@pytest.fixture
def game(api, people) -> Game:
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/games/", data=TABLE.read_bytes(), content_type="application/json"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["report"]["totals"] == [1000, -1000]
    game = Game.objects.get(pk=body["id"])
    assert game.game_type == "bridge-duplicate"
    assert bytes(game.current_revision.content) == TABLE.read_bytes()
    assert [s.total for s in game.seats.order_by("seat")] == [1000, -1000, 1000, -1000]
    return game


def shown(client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    page = PageText()
    page.feed(response.content.decode())
    assert problems(page.text, english_fragments(language), known_codes()) == []
    return page.text


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_traveller_is_in_the_readers_language(client, people, game, language) -> None:
    client.force_login(people.member)
    text = shown(client, f"/games/{game.pk}/", language)
    assert "4♠×" in text
    assert "3БК" in text
    assert "1♦" in text
    assert "Т♦" in text
    assert "К♥" in text
    assert "630" in text
    assert "130" in text
    assert "60%" in text
    assert ("Север–Юг" if language == "ru" else "Північ–Південь") in text


@pytest.mark.parametrize("board", [1, 3, 5])
def test_a_board_page_in_russian(client, people, game, board) -> None:
    client.force_login(people.member)
    text = shown(client, f"/games/{game.pk}/deals/{board}/", "ru")
    assert re.search(r"\bСдача\b", text)
    if board == 3:
        assert "4♠×" in text
        assert "500" in text
    if board == 1:
        assert "1♦" in text
        assert "Взятка 13" in text


def test_the_csv_download_is_the_traveller(api, people, game) -> None:
    api.force_authenticate(people.member)
    response = api.get(f"/api/v1/games/{game.pk}/export/?format=csv")
    assert response.status_code == 200
    lines = response.content.decode().splitlines()
    assert lines[0] == "board,contract,declarer,lead,tricks,ns_score"
    assert lines[3] == "3,4SX,E,,8,500"
