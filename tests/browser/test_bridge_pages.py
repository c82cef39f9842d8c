"""The bridge deal page in a real browser: the stepper with the arrow keys, the revoke shown."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Game
from tests.games.test_page_bridge import document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def revoke_url(people, live_server) -> str:
    content = json.dumps(document("revoke"), ensure_ascii=False).encode()
    game = services.game_upload(club=people.club, content=content, user=people.scorer).game
    Game.objects.filter(pk=game.pk).update(public=True)  # read without signing in
    return f"{live_server.url}/games/{game.pk}/deals/1/"


def visible_tricks(page) -> list[str]:
    return page.locator(".trick:visible h3").all_inner_texts()


def test_arrow_keys_step_through_a_bridge_deal(page, revoke_url):
    page.goto(revoke_url)
    position = page.locator(".stepper .position")
    assert position.inner_text() == "Before the opening lead"
    assert visible_tricks(page) == []
    west = page.locator(".compass-hand.seat-W .suit-row")
    # [Deal "S:... A98.KT942.974.97"]: West holds ♠10 ♥A753 ♦10632 ♣J1053.
    assert west.nth(1).locator(".card:not(.played):not(.in-trick)").all_inner_texts() == ["A", "7", "5", "3"]

    for _ in range(4):
        page.keyboard.press("ArrowRight")
    assert position.inner_text() == "Trick 4 of 13"
    assert visible_tricks(page) == ["Trick 4"]
    assert page.locator("[data-live]").inner_text() == "Trick 4: Boris wins with K♥"
    revoke = page.locator(".trick:visible .play.revoke")
    assert revoke.inner_text().split() == [
        "W", "Gleb", "2♦", "REVOKE", "should", "have", "followed", "with", "7♥,", "5♥,", "3♥",
    ]  # fmt: skip
    # West's ace of hearts (trick 1) and two of diamonds (trick 4) are marked played.
    assert west.nth(1).locator(".card:not(.played):not(.in-trick)").all_inner_texts() == ["7", "5", "3"]
    assert west.nth(2).locator(".card:not(.played):not(.in-trick)").all_inner_texts() == ["6", "3"]
    assert page.url.endswith("#trick-4")

    page.keyboard.press("ArrowLeft")
    assert visible_tricks(page) == ["Trick 3"]
    assert page.locator("[data-live]").inner_text() == "Trick 3: Boris wins with A♠"
    page.keyboard.press("End")
    assert position.inner_text() == "Trick 13 of 13"
    assert page.get_by_role("button", name="Next").is_disabled()
    assert page.locator(".compass .card:not(.played):not(.in-trick)").count() == 0
    assert page.locator(".compass .card:visible").count() == 52  # as dealt, every card marked played
    page.keyboard.press("Home")
    assert visible_tricks(page) == []
    assert page.locator(".compass .card:not(.played):not(.in-trick)").count() == 52


def test_the_double_dummy_table_and_the_auction_show(page, revoke_url):
    page.goto(revoke_url)
    assert page.locator(".dd-table tbody tr").count() == 4
    assert page.locator("table.auction tbody td", has_text="4♠").count() == 1
