"""A preferans game has a page before its pulka page exists: the readable sheet of its rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from games import services

pytestmark = pytest.mark.django_db

SAMPLE = Path(__file__).resolve().parents[1] / "data" / "preferans" / "sochi-pulka.json"


def test_a_preferans_game_page_shows_the_replayed_pulka(client, people):
    game = services.game_upload(club=people.club, content=SAMPLE.read_bytes(), user=people.scorer).game
    assert game.game_type == "preferans"
    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert '<pre class="table-scroll">' in html
    for name in game.current_report.report["players"]:
        assert name in html
    assert client.get(f"/games/{game.pk}/deals/1/").status_code == 404  # no deal page for preferans yet


def test_a_preferans_tournament_prints_its_seating_sheets(client, people):
    from games.models import Player
    from tournaments import services as tournaments

    tournament = tournaments.tournament_create(
        club=people.club,
        name="Пулька по средам",
        user=people.organiser,
        game_type="preferans",
        ruleset="sochi",
        preferred_table_size=3,
    )
    for name in ("Анна", "Борис", "Вера", "Глеб", "Даша", "Егор"):
        tournaments.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    tournaments.round_confirm(round_=tournaments.round_generate(tournament=tournament))
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/rounds/1/sheets/").content.decode()
    assert html.count('class="sheet"') == 2
    assert html.count("<li>") >= 6
