"""A table's traveller entered on a phone (390 × 844, Chromium): board 1 chosen from the page's
selects and saved, its N–S score shown as recorded, and nothing wider than the screen."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Player
from rules.bridge.boards import deal_board
from rules.cards import NAME, cards_of
from tournaments import duplicate
from tournaments import services as tournament_services
from tournaments.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
SEED = "browser-seed"


def sign_in(page, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


@pytest.fixture
def table(people):
    """Round 1, table 1 of a three-table Mitchell of two boards a round (boards 1 and 2), with
    players' names long enough to test the width."""
    tournament = tournament_services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [
        Player.objects.create(club=people.club, display_name=f"Константин Константинопольский {n}")
        for n in range(1, 13)
    ]
    duplicate.setup(
        tournament=tournament,
        pairs=[(players[2 * i], players[2 * i + 1]) for i in range(6)],
        deal_seed=SEED,
        boards_per_round=2,
    )
    return Table.objects.get(round__tournament=tournament, round__number=1, number=1)


def no_overflow(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a {PHONE['width']} px screen"


def test_a_board_entered_on_a_phone(live_server, page, people, table):
    sign_in(page, live_server, people.scorer)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/tournaments/{table.round.tournament_id}/tables/{table.pk}/traveller/")
    expect(page.locator("h1")).to_have_text("Traveller: round 1, table 1")
    no_overflow(page)
    # A played board: the contract's choices shown, the adjusted score's not.
    expect(page.locator("#id_b1-level")).to_be_visible()
    expect(page.locator("#id_b1-adjusted")).to_be_hidden()
    # Passed out hides the contract's choices (CSS only).
    page.locator("#id_b2-kind_1").check()
    expect(page.locator("#id_b2-level")).to_be_hidden()
    other = page.locator("#board-2")
    expect(other.locator("output[data-preview]")).to_have_text("N–S 0")
    # Board 2, North–South vulnerable: 6♥ by South making 13 is 180 + 30 + 750 + 500 = 1460;
    # 3NT× by East, not vulnerable, two down is 300 to North–South.
    page.locator("#id_b2-kind_0").check()
    for name, choice in (("level", "6"), ("strain", "H"), ("declarer", "S"), ("tricks", "13")):
        other.locator(f"#id_b2-{name}").select_option(choice)
    expect(other.locator("output[data-preview]")).to_have_text("N–S 1460")
    for name, choice in (
        ("level", "3"),
        ("strain", "NT"),
        ("doubling", "X"),
        ("declarer", "E"),
        ("tricks", "7"),
    ):
        other.locator(f"#id_b2-{name}").select_option(choice)
    expect(other.locator("output[data-preview]")).to_have_text("N–S 300")
    other.locator("#id_b2-declarer").select_option("N")  # North–South, vulnerable, two down doubled
    expect(other.locator("output[data-preview]")).to_have_text("N–S −500")

    lead = NAME[cards_of(deal_board(SEED, 1).hands[1])[0]]  # East leads against North
    board = page.locator("#board-1")
    board.locator("#id_b1-level").select_option("4")
    board.locator("#id_b1-strain").select_option("S")
    board.locator("#id_b1-declarer").select_option("N")
    board.locator("#id_b1-lead_suit").select_option(lead[-1])
    board.locator("#id_b1-lead_rank").select_option(lead[:-1])
    board.locator("#id_b1-tricks").select_option("10")
    # The score as the table chose it, before saving (static/js/traveller_entry.js).
    expect(board.locator("output[data-preview]")).to_have_text("N–S 420")
    no_overflow(page)
    board.get_by_role("button", name="Save board 1").click()

    # Board 1, nobody vulnerable: 4♠ made exactly is 420 to North–South.
    expect(page.locator("[data-recorded='1'] [data-ns-score]")).to_have_text("N–S 420")
    expect(page.locator("#id_b1-level")).to_have_value("4")
    expect(page.locator("[data-recorded='2']")).to_have_count(0)
    no_overflow(page)
    table.refresh_from_db()
    assert table.game.current_report.report["boards"][0]["ns_score"] == 420
