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
        assert f'<a href="/games/{game}/">Oh Hell #{game}</a>' in html
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
    # the games' count, a page of games (+tables, rounds, tournaments), their seats (+players),
    # the filter's choices (games, months, tournaments), memberships (+users), players (+games
    # played), the disputes waiting for the reader (the header's count)
    with django_assert_num_queries(17):
        client.get("/clubs/kozyr/")
    round_2 = services.round_generate(tournament=played)
    services.round_confirm(round_=round_2)
    with django_capture_on_commit_callbacks(execute=True):
        for i, table in enumerate(round_2.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, 950 + i), user=people.scorer)
    with django_assert_num_queries(17):
        client.get("/clubs/kozyr/")


def test_each_game_says_which_game_it_is_and_where_it_was_played(client, people, played):
    client.force_login(people.member)
    html = client.get("/clubs/kozyr/").content.decode()
    assert f'<a href="/tournaments/{played.pk}/">Кубок осени</a>, round 1, table 1' in html
    assert "Кубок осени</a> · Oh Hell · " in html  # the tournament list names its game


def test_the_games_are_paged_and_every_one_can_be_reached(client, people, played, monkeypatch):
    monkeypatch.setattr("tournaments.pages.club.GAMES_PER_PAGE", 1)
    client.force_login(people.member)
    games = sorted(played.rounds.get(number=1).tables.values_list("game_id", flat=True))
    first = client.get("/clubs/kozyr/").content.decode()
    second = client.get("/clubs/kozyr/?page=2").content.decode()
    assert "Games 1–1 of 2" in first
    assert "Games 2–2 of 2" in second
    shown = {g for g in games if f'href="/games/{g}/"' in first} | {
        g for g in games if f'href="/games/{g}/"' in second
    }
    assert shown == set(games)
    assert 'href="/clubs/kozyr/?page=2"' in first


@pytest.mark.parametrize(
    ("query", "listed"),
    [
        ("game=oh-hell", 2),
        ("game=preferans", 0),
        ("game=chess", 2),
        ("month=1999-01", 0),
        ("month=13-2026", 2),
    ],
    ids=["the-game", "another-game", "no-such-game-ignored", "a-month-without-games", "not-a-month-ignored"],
)
def test_the_games_can_be_narrowed_to_a_game_or_a_month(client, people, played, query, listed):
    client.force_login(people.member)
    html = client.get(f"/clubs/kozyr/?{query}").content.decode()
    assert html.count('<tr><td><a href="/games/') == listed
    if not listed:
        assert "No game of the club matches these choices." in html


def test_the_games_can_be_narrowed_to_a_tournament(client, people, played):
    other = services.tournament_create(club=people.club, name="Другой", user=people.organiser)
    client.force_login(people.member)
    assert (
        client.get(f"/clubs/kozyr/?tournament={played.pk}").content.decode().count('<tr><td><a href="/games/')
        == 2
    )
    assert (
        client.get(f"/clubs/kozyr/?tournament={other.pk}").content.decode().count('<tr><td><a href="/games/')
        == 0
    )
    html = client.get("/clubs/kozyr/").content.decode()
    assert f'<option value="{played.pk}">Кубок осени</option>' in html
    assert '<option value="oh-hell">Oh Hell</option>' in html


def test_a_visitor_cannot_narrow_to_a_tournament_not_published(client, people, played):
    html = client.get(f"/clubs/kozyr/?tournament={played.pk}").content.decode()
    assert "Кубок осени" not in html
