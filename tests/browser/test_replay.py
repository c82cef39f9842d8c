"""The deal replay stepper in a real browser: arrow keys and buttons step trick by trick."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Game
from tests.games.test_page_replay import REDEAL, RENEGE_DEAL, document

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def replay_url(people, live_server) -> str:
    content = json.dumps(document(RENEGE_DEAL, REDEAL), ensure_ascii=False).encode()
    game = services.game_upload(club=people.club, content=content, user=people.scorer).game
    Game.objects.filter(pk=game.pk).update(public=True)  # read without signing in
    return f"{live_server.url}/games/{game.pk}/deals/1/"


def visible_tricks(page) -> list[str]:
    return page.locator(".trick:visible h3").all_inner_texts()


def test_arrow_keys_step_through_the_tricks(page, replay_url):
    page.goto(replay_url)
    position = page.locator(".stepper .position")
    assert position.inner_text() == "Before the first lead"
    assert visible_tricks(page) == []
    assert page.get_by_role("button", name="Previous").is_disabled()
    vera = page.locator(".hand", has_text="Vera").locator(".card:not(.played):not(.in-trick)")
    assert vera.all_inner_texts() == ["5♠", "6♥", "4♥", "8♦"]

    for _ in range(3):
        page.keyboard.press("ArrowRight")
    assert position.inner_text() == "Trick 3 of 4"
    assert visible_tricks(page) == ["Trick 3"]
    assert page.locator("[data-live]").inner_text() == "Trick 3: Борис wins with 9♦"
    assert page.locator(".trick:visible .winner").inner_text() == "Борис wins the trick with 9♦."
    renege = page.locator(".trick:visible .play.renege")
    assert renege.inner_text().split() == ["Vera", "6♥", "RENEGE", "should", "have", "followed", "with", "8♦"]
    # The cards of tricks 1-3 are marked played; the hands stay as dealt.
    assert vera.all_inner_texts() == ["8♦"]
    hand = page.locator(".hand", has_text="Vera").locator(".card")
    assert hand.all_inner_texts() == ["5♠", "6♥", "4♥", "8♦"]  # the hand as dealt, still all shown
    assert hand.nth(0).get_attribute("title") == "played in trick 1"
    assert page.url.endswith("#trick-3")

    page.keyboard.press("ArrowLeft")
    assert position.inner_text() == "Trick 2 of 4"
    assert visible_tricks(page) == ["Trick 2"]
    assert page.locator("[data-live]").inner_text() == "Trick 2: Anna wins with K♥"
    assert vera.all_inner_texts() == ["6♥", "8♦"]

    page.keyboard.press("End")
    assert visible_tricks(page) == ["Trick 4"]
    assert page.get_by_role("button", name="Next").is_disabled()
    page.keyboard.press("Home")
    assert visible_tricks(page) == []


def test_buttons_step_and_a_trick_link_opens_there(page, replay_url):
    page.goto(replay_url + "#trick-2")
    assert visible_tricks(page) == ["Trick 2"]
    page.get_by_role("button", name="Next").click()
    assert visible_tricks(page) == ["Trick 3"]
    page.get_by_role("button", name="Previous").click()
    page.get_by_role("button", name="Previous").click()
    assert visible_tricks(page) == ["Trick 1"]
    assert page.locator("[data-live]").inner_text() == "Trick 1: Anna wins with A♠"


def test_without_javascript_every_trick_is_listed(browser, replay_url):
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    try:
        page = context.new_page()
        page.goto(replay_url)
        assert visible_tricks(page) == ["Trick 1", "Trick 2", "Trick 3", "Trick 4"]
        assert not page.locator(".stepper").is_visible()
    finally:
        context.close()


def test_the_page_fits_a_phone(page, replay_url):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(replay_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_printing_shows_every_trick_and_the_hands_as_dealt(page, replay_url):
    page.goto(replay_url + "#trick-3")
    assert visible_tricks(page) == ["Trick 3"]
    page.emulate_media(media="print")
    assert visible_tricks(page) == ["Trick 1", "Trick 2", "Trick 3", "Trick 4"]
    assert page.locator(".hand", has_text="Vera").locator(".card:visible").all_inner_texts() == [
        "5♠",
        "6♥",
        "4♥",
        "8♦",
    ]
    assert not page.locator(".stepper").is_visible()
