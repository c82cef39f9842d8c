"""Printable seating lists and blank score sheets."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_seating_list_names_every_player_and_the_first_dealer(client, people, tournament, seated):
    client.force_login(people.member)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/seating/").content.decode()
    for table in seated.tables.all():
        assert f"Table {table.number}" in page
        for seat in table.seats.all():
            assert seat.player.display_name in page
    assert page.count("deals first") == 2


def test_blank_score_sheets_follow_the_schedule(client, people, tournament, seated):
    client.force_login(people.member)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/sheets/").content.decode()
    assert page.count('class="sheet"') == 2
    # Four players: 13 deals of 1..13 cards, the last without trumps.
    assert page.count('<th scope="row">') == 2 * 13
    assert page.count("no trump</td>") == 2


def test_a_draft_tournaments_pages_are_the_clubs_only(client, people, tournament, seated):
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/seating/").status_code == 404
    client.force_login(people.outsider)
    assert client.get(f"/tournaments/{tournament.pk}/rounds/1/sheets/").status_code == 404


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_score_sheets_print_one_table_per_page(live_server, page, people, tournament, seated):
    from django.test import Client

    client = Client()
    client.force_login(people.member)
    cookie = client.cookies["sessionid"].value
    page.context.add_cookies([{"name": "sessionid", "value": cookie, "url": live_server.url}])
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/sheets/")
    assert page.locator("section.sheet").count() == 2
    page.emulate_media(media="print")
    assert page.locator("section.sheet").first.evaluate("e => getComputedStyle(e).breakAfter") == "page"
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF")


def test_tournament_page_shows_standings_rounds_and_links(
    client, people, tournament, seated, django_capture_on_commit_callbacks
):
    from tests.tournaments.conftest import table_log
    from tournaments import services

    with django_capture_on_commit_callbacks(execute=True):
        for i, table in enumerate(seated.tables.order_by("number")):
            services.table_game_upload(table=table, content=table_log(table, 700 + i), user=people.scorer)
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/").content.decode()
    assert "Tie-breaks, in order: 1. head to head; 2. lots" in html
    assert html.count('<td class="num">1</td>') >= 8  # every line played one game
    for table in seated.tables.all():
        assert f'href="/games/{table.game_id}/"' in html
    assert f'href="/api/v1/tournaments/{tournament.pk}/standings/?format=csv"' in html
    assert f'href="/tournaments/{tournament.pk}/rounds/1/seating/"' in html


def test_tournament_page_of_a_draft_is_the_clubs_only(client, people, tournament):
    assert client.get(f"/tournaments/{tournament.pk}/").status_code == 404
    client.force_login(people.member)
    assert "No round seated yet." in client.get(f"/tournaments/{tournament.pk}/").content.decode()


def test_tournament_page_queries_do_not_grow_with_the_rounds(
    client, people, tournament, django_assert_max_num_queries
):
    from tournaments import services

    for _ in range(3):
        services.round_confirm(round_=services.round_generate(tournament=tournament))
    client.force_login(people.member)
    # session, user, tournament, role (read, manage, profile links), rounds, tables (+games),
    # seats (+players), the games' seats (+players), standings, the rounds' tables recorded (the
    # standings' progress line), the disputes waiting for the reader (the header's count)
    with django_assert_max_num_queries(12):
        assert client.get(f"/tournaments/{tournament.pk}/").status_code == 200


def test_the_seating_list_numbers_seats_from_one(client, people, tournament, seated):
    client.force_login(people.member)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/seating/").content.decode()
    assert 'start="0"' not in page
    assert page.count("<ol>") == 2  # a plain ordered list: 1, 2, 3, 4


def test_a_game_links_back_to_its_club_tournament_round_and_table(
    client, people, tournament, seated, django_capture_on_commit_callbacks
):
    from tests.tournaments.conftest import table_log
    from tournaments import services

    table = seated.tables.order_by("number").last()
    with django_capture_on_commit_callbacks(execute=True):
        services.table_game_upload(table=table, content=table_log(table, 700), user=people.scorer)
    table.refresh_from_db()
    client.force_login(people.member)
    html = client.get(f"/games/{table.game_id}/").content.decode()
    assert '<a href="/clubs/kozyr/">' in html
    assert f'<a href="/tournaments/{tournament.pk}/">Кубок осени</a>' in html
    link = f"/tournaments/{tournament.pk}/?round=1&amp;table={table.number}#table-{table.number}"
    assert f'<a href="{link}">round 1, table {table.number}</a>' in html
    # The link opens the page of tables that holds the table.
    listed = client.get(f"/tournaments/{tournament.pk}/?round=1&table={table.number}").content.decode()
    assert f'id="table-{table.number}"' in listed
