"""A club's home page: tournaments, recent games, and the roster for members only."""

from __future__ import annotations

import pytest

from tests.tournaments.conftest import table_log
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(people, tournament, seated, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        for i, table in enumerate(seated.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, 900 + i), user=people.scorer)
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING  # the first recorded game started it
    return tournament


def test_members_see_tournaments_games_and_roster(client, people, played):
    upcoming = services.tournament_create(club=people.club, name="Зимний кубок", user=people.organiser)
    client.force_login(people.member)
    html = client.get("/clubs/kozyr/").content.decode()
    assert f'<a href="/tournaments/{upcoming.pk}/">Зимний кубок</a>' in html
    assert f'<a href="/tournaments/{played.pk}/">Кубок осени</a>' in html
    for game in played.rounds.get(number=1).tables.values_list("game_id", flat=True):
        assert f'<a href="/games/{game}/">#{game}</a>' in html
    assert "Members and roles" in html
    assert html.count('href="/clubs/kozyr/players/') == 8
    assert "New tournament" not in html  # a member manages nothing


def test_visitors_see_published_tournaments_and_public_games_only(client, people, played):
    html = client.get("/clubs/kozyr/").content.decode()
    assert "Кубок осени" not in html
    assert "No games recorded yet." in html
    assert "Members and roles" not in html
    services.tournament_publish(tournament=played, published=True)
    html = client.get("/clubs/kozyr/").content.decode()
    assert "Кубок осени" in html
    assert html.count('href="/games/') == 2
    assert "Members and roles" not in html


def test_organisers_get_the_actions(client, people, played):
    client.force_login(people.organiser)
    html = client.get("/clubs/kozyr/").content.decode()
    assert 'href="/clubs/kozyr/tournaments/new/"' in html
    assert 'href="/clubs/kozyr/upload/"' in html
    client.force_login(people.scorer)
    html = client.get("/clubs/kozyr/").content.decode()
    assert 'href="/clubs/kozyr/tournaments/new/"' not in html
    assert 'href="/clubs/kozyr/upload/"' in html


def test_unknown_club_is_404(client):
    assert client.get("/clubs/nope/").status_code == 404


def test_home_links_each_club(client, people):
    assert '<a href="/clubs/kozyr/">' in client.get("/").content.decode()


def test_club_page_queries_do_not_grow_with_the_games(
    client, people, played, django_assert_num_queries, django_capture_on_commit_callbacks
):
    client.force_login(people.member)
    # session, user, club, role (read), role (manage), role (record), upcoming, recent,
    # games, their seats (+players), memberships (+users), players (+games played), the disputes waiting for the reader (the header's count)
    with django_assert_num_queries(13):
        client.get("/clubs/kozyr/")
    round_2 = services.round_generate(tournament=played)
    services.round_confirm(round_=round_2)
    with django_capture_on_commit_callbacks(execute=True):
        for i, table in enumerate(round_2.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, 950 + i), user=people.scorer)
    with django_assert_num_queries(13):
        client.get("/clubs/kozyr/")
