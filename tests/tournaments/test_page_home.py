"""The home page: the clubs, the tournaments running and coming, and the latest results a visitor
may see (published tournaments and public games; a member's own clubs' as well)."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import table_log
from tournaments import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(people, tournament, seated, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        for i, table in enumerate(seated.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, 400 + i), user=people.scorer)
    tournament.refresh_from_db()
    return tournament


def test_a_visitor_sees_only_what_is_published(client, people, played):
    html = client.get("/").content.decode()
    assert "Кубок осени" not in html
    assert "Latest results" not in html
    services.tournament_publish(tournament=played, published=True)
    html = client.get("/").content.decode()
    assert f'<a href="/tournaments/{played.pk}/standings/">Кубок осени</a> · Oh Hell · ' in html
    games = played.rounds.get(number=1).tables.values_list("game_id", flat=True)
    for game in games:
        assert f'<a href="/games/{game}/">Oh Hell #{game}</a>' in html


def test_a_member_sees_the_club_s_own_tournaments_and_games(client, people, played):
    coming = services.tournament_create(club=people.club, name="Весенний", user=people.organiser)
    services.tournament_set_status(tournament=coming, status="registration")
    client.force_login(people.member)
    html = client.get("/").content.decode()
    assert "Tournaments now and soon" in html
    assert f'<a href="/tournaments/{played.pk}/standings/">Кубок осени</a>' in html
    assert f'<a href="/tournaments/{coming.pk}/">Весенний</a>' in html
    assert html.count('<a href="/games/') == 2
    client.force_login(people.outsider)
    assert "Кубок осени" not in client.get("/").content.decode()
