"""Live standings, the htmx fragment that polls itself, and the cross-table page."""

from __future__ import annotations

import pytest
from django.core.cache import caches

from tests.tournaments.conftest import table_log
from tournaments import services
from tournaments.models import Standing, Tournament

# The tests empty the fragment cache: their own, never the services pass's shared Redis.
pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("local_caches")]


@pytest.fixture
def played(people, tournament, seated, django_capture_on_commit_callbacks):
    """Round 1 of the 8-player tournament played at both tables; standings compiled."""
    with django_capture_on_commit_callbacks(execute=True):
        for i, table in enumerate(seated.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, 700 + i), user=people.scorer)
    return tournament


def test_standings_page_lists_every_line_in_rank_order(client, people, played):
    client.force_login(people.member)
    html = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    lines = list(Standing.objects.filter(tournament=played).order_by("rank", "player__display_name"))
    assert len(lines) == 8
    positions = [
        html.index(f'/players/{line.player_id}/">{line.player.display_name}</a></th>') for line in lines
    ]
    assert positions == sorted(positions)
    assert "Tie-breaks, in order: 1. head to head; 2. lots" in html
    assert f'href="/api/v1/tournaments/{played.pk}/standings/?format=csv"' in html
    assert f'href="/tournaments/{played.pk}/cross-table/"' in html


def test_shared_places_read_three_to_four(client, people, played):
    Standing.objects.filter(tournament=played, rank__in=(3, 4)).update(rank=3, rank_to=4)
    client.force_login(people.member)
    html = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    assert html.count("<td>3–4</td>") == 2


def test_a_running_tournament_polls_and_a_finished_one_stops(client, people, played):
    client.force_login(people.member)
    played.refresh_from_db()
    assert played.status == Tournament.Status.RUNNING  # the first recorded game started it
    html = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    assert f'hx-get="/tournaments/{played.pk}/standings/live/"' in html
    assert 'hx-trigger="every 5s"' in html
    live = client.get(f"/tournaments/{played.pk}/standings/live/")
    assert live.status_code == 200
    assert live.content.decode().startswith('<div id="standings"')
    assert "<html" not in live.content.decode()

    services.tournament_set_status(tournament=played, status=Tournament.Status.FINISHED)
    stopped = client.get(f"/tournaments/{played.pk}/standings/live/")
    assert stopped.status_code == 286  # htmx: stop polling
    assert "hx-trigger" not in stopped.content.decode()
    assert "hx-trigger" not in client.get(f"/tournaments/{played.pk}/standings/").content.decode()


def test_the_fragment_shows_a_new_compile(client, people, played):
    client.force_login(people.member)
    Standing.objects.filter(tournament=played).delete()
    assert "No standings yet" in client.get(f"/tournaments/{played.pk}/standings/live/").content.decode()
    services.standings_compile(tournament=played)
    assert (
        client.get(f"/tournaments/{played.pk}/standings/live/").content.decode().count('<th scope="row">')
        == 8
    )


@pytest.mark.parametrize(
    ("who", "status"), [(None, 404), ("outsider", 404), ("member", 200), ("organiser", 200)]
)
def test_an_unpublished_tournaments_standings_are_the_clubs_only(client, people, played, who, status):
    if who:
        client.force_login(getattr(people, who))
    for url in ("standings/", "standings/live/", "cross-table/"):
        assert client.get(f"/tournaments/{played.pk}/{url}").status_code == status


def test_a_published_tournament_is_public_without_the_profile_links(client, played):
    services.tournament_publish(tournament=played, published=True)
    for url in ("standings/", "standings/live/", "cross-table/"):
        assert client.get(f"/tournaments/{played.pk}/{url}").status_code == 200
    html = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    assert html.count('<th scope="row">') == 8
    assert "/players/" not in html


def test_cross_table_shows_each_players_table_place_and_opponents(client, people, played):
    client.force_login(people.member)
    html = client.get(f"/tournaments/{played.pk}/cross-table/").content.decode()
    table = played.rounds.get(number=1).tables.select_related("game").get(number=1)
    seats = list(table.game.seats.select_related("player").order_by("seat"))
    first = seats[0]
    others = ", ".join(f"{s.player.display_name} {s.total}" for s in seats[1:])
    assert f'<small class="opponents">{others}</small>' in html
    assert html.count('<th scope="row">') == 8
    assert "Round 1" in html
    assert f'<span class="num">{first.total}</span>' in html


def test_standings_queries_do_not_grow_with_the_field(
    client, people, played, django_assert_num_queries, django_capture_on_commit_callbacks
):
    client.force_login(people.member)
    caches["pages"].clear()
    # session, user, tournament (+club), role (may read?), role (names link to profiles?),
    # standing lines (+players), the rounds' tables recorded (the progress line); the fragment
    # alone, no header
    with django_assert_num_queries(7):
        client.get(f"/tournaments/{played.pk}/standings/live/")
    Standing.objects.bulk_create(
        Standing(
            tournament=played,
            player=line.player,
            rank=line.rank,
            rank_to=line.rank_to,
            points=0,
            games=0,
            compiled_at=line.compiled_at,
        )
        for line in Standing.objects.filter(tournament=played)
    )
    caches["pages"].clear()  # the rendered table is kept per compile; this one was not compiled
    with django_assert_num_queries(7):
        client.get(f"/tournaments/{played.pk}/standings/live/")


def test_a_poll_between_compiles_is_read_from_the_cache_and_answered_304(
    client, people, played, django_assert_num_queries, django_capture_on_commit_callbacks
):
    Tournament.objects.filter(pk=played.pk).update(status=Tournament.Status.RUNNING)
    client.force_login(people.member)
    caches["pages"].clear()
    url = f"/tournaments/{played.pk}/standings/live/"
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    # session, user, tournament (+club), role, role — no standing lines: the table is cached.
    with django_assert_num_queries(5):
        again = client.get(url)
    assert again.content == first.content
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # A compile changes the table's key: the next poll gets the new table.
    services.standings_compile(tournament=played)
    fresh = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert fresh.status_code == 200
    assert fresh["ETag"] != etag


def _play_next_round(tournament, people, seed: int, capture) -> None:
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    with capture(execute=True):
        for i, table in enumerate(round_.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, seed + i), user=people.scorer)


@pytest.mark.parametrize(
    "page",
    ["standings/", "cross-table/", "rounds/1/seating/", "rounds/1/sheets/"],
)
def test_these_pages_take_as_many_queries_after_two_more_rounds(
    client, people, played, page, django_capture_on_commit_callbacks
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(people.member)
    with CaptureQueriesContext(connection) as one_round:
        assert client.get(f"/tournaments/{played.pk}/{page}").status_code == 200
    for n in (2, 3):
        _play_next_round(played, people, 800 + 10 * n, django_capture_on_commit_callbacks)
    with CaptureQueriesContext(connection) as three_rounds:
        assert client.get(f"/tournaments/{played.pk}/{page}").status_code == 200
    assert len(three_rounds) == len(one_round)


def test_before_any_result_the_standings_rank_nobody(client, people, seated, tournament):
    """Eight entrants seated, no game recorded: every line would be 0 and the order the lot's."""
    services.standings_compile(tournament=tournament)
    assert Standing.objects.filter(tournament=tournament).count() == 8
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert '<table class="standings">' not in html
    assert "No standings yet: they appear when the first table's game is recorded." in html
    assert "Round 1 in play: 0 of 2 tables recorded." in html  # no number of rounds planned: no "of M"


def test_the_standings_say_how_far_the_tournament_has_come(
    client, people, tournament, seated, django_capture_on_commit_callbacks
):
    first = seated.tables.order_by("number").first()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_game_upload(table=first, content=table_log(first, 700), user=people.scorer)
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert "Round 1 in play: 1 of 2 tables recorded." in html
    assert '<table class="standings">' in html
    # With the rounds planned said, "of M" (the API sets it as the organiser's form does).
    Tournament.objects.filter(pk=tournament.pk).update(rounds_planned=3)
    html = client.get(f"/tournaments/{tournament.pk}/standings/").content.decode()
    assert "Round 1 of 3 in play: 1 of 2 tables recorded." in html


def test_after_a_round_the_progress_reads_in_russian(client, people, played):
    client.force_login(people.member)
    client.cookies["django_language"] = "ru"
    html = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    assert "После тура 1: записаны все 2 стола." in html
    Tournament.objects.filter(pk=played.pk).update(rounds_planned=4)
    html = client.get(f"/tournaments/{played.pk}/standings/").content.decode()
    assert "После тура 1 из 4: записаны все 2 стола." in html


def test_the_api_sets_the_rounds_planned_within_bounds(api, people, tournament):
    api.force_authenticate(people.organiser)
    url = f"/api/v1/tournaments/{tournament.pk}/"
    assert api.patch(url, {"rounds_planned": 5}, format="json").json()["rounds_planned"] == 5
    refused = api.patch(url, {"rounds_planned": 0}, format="json")
    assert refused.status_code == 400
    assert api.patch(url, {"rounds_planned": None}, format="json").json()["rounds_planned"] is None
