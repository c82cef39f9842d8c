"""The preferans deal page in a real browser: the stepper through a pass-out, the talon cards
turned for the first two tricks leaving the talon, and a revoke shown."""

from __future__ import annotations

import json

import pytest

from games import services
from games.models import Game
from tests.games.test_preferans_deal_page import load

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def publish(people, doc: dict) -> int:
    content = json.dumps(doc, ensure_ascii=False).encode()
    game = services.game_upload(club=people.club, content=content, user=people.scorer).game
    Game.objects.filter(pk=game.pk).update(public=True)  # read without signing in
    return game.pk


def visible_tricks(page) -> list[str]:
    return page.locator(".trick:visible h3").all_inner_texts()


def test_stepping_through_a_pass_out_turns_the_talon(page, people, live_server):
    pk = publish(people, load("sochi-pulka.json"))
    page.goto(f"{live_server.url}/games/{pk}/deals/3/")
    position = page.locator(".stepper .position")
    assert position.inner_text() == "Before the opening lead"
    assert visible_tricks(page) == []
    talon = page.locator(".hand.talon .card:not(.played):not(.in-trick)")
    assert talon.all_inner_texts() == ["7♠", "7♣"]
    anna = (
        page.locator(".hand", has_text="Anna")
        .locator(".suit-row")
        .first.locator(".card:not(.played):not(.in-trick)")
    )
    assert anna.all_inner_texts() == ["9", "8"]

    page.keyboard.press("ArrowRight")
    assert position.inner_text() == "Trick 1 of 10"
    assert visible_tricks(page) == ["Trick 1"]
    assert page.locator(".trick:visible .talon-card").inner_text() == (
        "Talon card turned: 7♠ — its suit is to be followed"
    )
    assert page.locator("[data-live]").inner_text() == "Trick 1: Vera wins with A♠"
    assert talon.all_inner_texts() == ["7♣"]  # the 7♠ was turned for trick 1
    assert anna.all_inner_texts() == ["9"]

    page.keyboard.press("ArrowRight")
    assert talon.all_inner_texts() == []
    page.keyboard.press("End")
    assert position.inner_text() == "Trick 10 of 10"
    assert page.locator(".preferans-hands .card:not(.played):not(.in-trick)").count() == 0
    page.keyboard.press("Home")
    assert page.locator(".preferans-hands .card:not(.played):not(.in-trick)").count() == 32


def test_a_revoke_in_the_browser(page, people, live_server):
    doc = load("sochi-pulka.json")
    play = doc["deals"][0]["play"]
    play[0], play[1] = ["AS", "9C", "7S"], ["KS", "8S", "QC"]
    pk = publish(people, doc)
    page.goto(f"{live_server.url}/games/{pk}/deals/1/#trick-1")
    assert visible_tricks(page) == ["Trick 1"]
    revoke = page.locator(".trick:visible .play.revoke")
    assert revoke.inner_text().split() == ["Vera", "9♣", "REVOKE", "should", "have", "followed", "with", "8♠"]
