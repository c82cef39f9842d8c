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
