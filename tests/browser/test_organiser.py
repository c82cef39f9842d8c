"""The score-sheet form in a real browser: running totals and the taken-sum warning, live as one types."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.tournaments.conftest import seated, tournament  # noqa: F401  (fixtures shared with the view tests)
from tournaments.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def sign_in(page, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


def fill_deal(page, deal: int, names: list[str], bids: list[int], taken: list[int]) -> None:
    trump = page.locator(f"select[name=d{deal}_trump]")
    if trump.count():
        trump.select_option("QH")
    for name, bid, took in zip(names, bids, taken, strict=True):
        page.get_by_label(f"Deal {deal}, {name}, bid", exact=True).fill(str(bid))
        page.get_by_label(f"Deal {deal}, {name}, taken", exact=True).fill(str(took))


def cells(page, deal: int, kind: str) -> list[str]:
    return page.locator(f"#deal-{deal} [data-{kind}]").all_inner_texts()


def test_running_totals_and_the_sum_warning_update_live(live_server, page, people, tournament, seated):  # noqa: F811
    table = Table.objects.filter(round=seated).order_by("number").first()
    names = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    sign_in(page, live_server, people.organiser)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/tables/{table.pk}/sheet/")
    page.get_by_role("heading", name="Score sheet: round 1, table 1").wait_for()

    # Deal 1, one card: the first player bids 1 and takes it (10 + 1), the others bid 0 and make it (10).
    fill_deal(page, 1, names, [1, 0, 0, 0], [1, 0, 0, 0])
    assert cells(page, 1, "score") == ["11", "10", "10", "10"]
    assert cells(page, 1, "total") == ["11", "10", "10", "10"]
    assert page.locator("#deal-1 [data-balance]").inner_text() == "bids even"
    assert page.locator("#deal-1 [data-warning]").inner_text() == ""

    # Deal 2, two cards: the first two bid 1 and take 1 (11 each), the others make their nil (10).
    fill_deal(page, 2, names, [1, 1, 0, 0], [1, 1, 0, 0])
    assert cells(page, 2, "score") == ["11", "11", "10", "10"]
    assert cells(page, 2, "total") == ["22", "21", "20", "20"]
    assert page.locator("tfoot [data-final]").all_inner_texts() == ["22", "21", "20", "20"]

    # The second player's taken corrected to 0: the tricks no longer add up to the two cards dealt.
    page.get_by_label(f"Deal 2, {names[1]}, taken", exact=True).fill("0")
    warning = page.locator("#deal-2 [data-warning]")
    assert warning.inner_text() == "Tricks taken add up to 1; this deal has 2 tricks."
    assert page.locator("#deal-2").get_attribute("class").split().count("sum-wrong") == 1
    assert cells(page, 2, "score") == ["11", "0", "10", "10"]  # bid 1, took 0: the contract failed
    assert cells(page, 2, "total") == ["22", "10", "20", "20"]
    assert page.locator("tfoot [data-final]").all_inner_texts() == ["22", "10", "20", "20"]

    # Fixed again: the warning goes.
    page.get_by_label(f"Deal 2, {names[2]}, taken", exact=True).fill("1")
    assert warning.inner_text() == ""
    assert cells(page, 2, "total") == ["22", "10", "10", "20"]

    # Choosing the first dealer moves the dealer column.
    assert page.locator("#deal-1 [data-dealer]").inner_text() == names[0]
    page.get_by_label("First dealer").select_option(label=names[2])
    assert page.locator("#deal-1 [data-dealer]").inner_text() == names[2]
    assert page.locator("#deal-2 [data-dealer]").inner_text() == names[3]


def test_the_sheet_scrolls_sideways_on_a_phone(live_server, page, people, tournament, seated):  # noqa: F811
    table = Table.objects.filter(round=seated).order_by("number").first()
    sign_in(page, live_server, people.scorer)
    page.set_viewport_size({"width": 375, "height": 700})
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/tables/{table.pk}/sheet/")
    wrapper = page.locator("#sheet-form .table-scroll")
    assert wrapper.evaluate("e => getComputedStyle(e).overflowX") == "auto"
    assert wrapper.evaluate("e => e.clientWidth") <= 375
    # Keyboard: Tab from the first dealer reaches the first deal's trump card, then its first bid,
    # in the order the table plays them.
    page.get_by_label("First dealer").focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "d1_trump"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "d1_s0_bid"
