"""The durak deal page in a real browser: the stepper event by event (buttons, arrow keys,
Home and End, the step in the address), and a finding's link opening the step of its event
with the card that does not beat marked."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from games import services
from games.models import Game
from tests.games.test_durak_pages import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def publish(people, doc: dict) -> int:
    content = json.dumps(doc, ensure_ascii=False).encode()
    game = services.game_upload(club=people.club, content=content, user=people.scorer).game
    Game.objects.filter(pk=game.pk).update(public=True)  # read without signing in
    return game.pk


def visible_steps(page) -> list[str]:
    return page.locator(".durak-step:visible h3").all_inner_texts()


def test_stepping_through_a_transfer_game(page, people, live_server):
    pk = publish(people, load("transfer.json"))
    page.goto(f"{live_server.url}/games/{pk}/deals/1/")
    position = page.locator(".stepper .position")
    assert position.inner_text() == "The deal, before the first attack"
    assert visible_steps(page) == []
    assert page.locator(".durak-dealt .hand .card").count() == 18  # the hands as dealt stay in view

    page.keyboard.press("ArrowRight")
    assert position.inner_text() == "Step 1 of 58"
    assert visible_steps(page) == ["Step 1 · bout 1"]
    assert page.locator("[data-live]").inner_text() == "Anna attacks Boris with 6♠."
    assert page.url.endswith(f"/games/{pk}/deals/1/#step-1")

    page.locator('.stepper [data-step="next"]').click()
    assert visible_steps(page) == ["Step 2 · bout 1"]
    step = page.locator(".durak-step:visible")
    assert step.locator(".event-text").inner_text() == "Boris transfers the bout to Vera with 6♦."
    assert step.locator(".table-pairs .card").all_inner_texts() == ["6♠", "6♦"]
    assert step.locator(".hand.defender .player").inner_text() == "Vera"

    page.keyboard.press("End")
    assert position.inner_text() == "Step 58 of 58"
    assert page.locator(".durak-step:visible .event-text").inner_text() == (
        "The game is over: Vera is the fool. Boris is out."
    )
    assert page.locator('.stepper [data-step="next"]').is_disabled()
    page.keyboard.press("Home")
    assert position.inner_text() == "The deal, before the first attack"
    assert page.locator('.stepper [data-step="prev"]').is_disabled()


def test_a_finding_opens_the_step_of_its_event(page, people, live_server):
    doc = load("simple.json")
    events = doc["deals"][0]["events"]
    events[6]["card"], events[7]["card"] = "KC", "KH"  # neither king beats
    pk = publish(people, doc)
    # The game page's link to the finding opens the deal page at the event.
    page.goto(f"{live_server.url}/games/{pk}/")
    page.locator(f'a[href="/games/{pk}/deals/1/#event-6"]').click()
    page.wait_for_url(f"**/games/{pk}/deals/1/#event-6")
    expect(page.locator(".durak-step:visible h3")).to_have_text(["Step 8 · bout 2"])
    assert visible_steps(page) == ["Step 8 · bout 2"]
    assert page.locator(".stepper .position").inner_text() == "Step 8 of 44"
    flagged = page.locator(".durak-step:visible .pair.flagged")
    assert flagged.inner_text().split() == ["7♥", "covered", "by", "K♣", "CARD", "DOES", "NOT", "BEAT"]
    # The findings list on the page steps to the other one.
    page.keyboard.press("Home")
    page.locator('.replay-findings a[href="#event-7"]').click()
    # The step follows the hash change (a handler, not the click itself): wait for it.
    expect(page.locator(".durak-step:visible h3")).to_have_text(["Step 9 · bout 2"])
    assert visible_steps(page) == ["Step 9 · bout 2"]
    assert page.locator(".durak-step:visible .step-findings").inner_text() == (
        "Card does not beat K♥ is neither a higher ♣ nor a trump"
    )
