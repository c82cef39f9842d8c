"""The player profile's charts in a real Chromium: drawn by Chart.js, and the same numbers as their tables.

Anna's three hand-written games (tests/games/test_statistics.py), a rating
after games A and C, and game B at a tournament's table.
"""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Player
from tests.games.test_statistics import GAME_A, GAME_B, GAME_C, PLAYED_AT, record
from tournaments.models import Rating, RatingChange

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# Every dataset of a chart: label, values, line width.
DATASETS = """canvas => Chart.getChart(canvas).data.datasets.map(
    d => ({label: d.label, data: d.data, width: d.borderWidth}))"""
LABELS = "canvas => Chart.getChart(canvas).data.labels"
# The text of each body row's cells of a table.
ROWS = "table => [...table.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent.trim()))"


@pytest.fixture
def profile(people, live_server, page):
    """Anna's profile open in the browser, signed in as a member of the club."""
    games = {
        name: record(people, doc, PLAYED_AT[name])
        for name, doc in (("A", GAME_A), ("B", GAME_B), ("C", GAME_C))
    }
    anna = Player.objects.get(display_name="Anna")
    Rating.objects.create(player=anna, game_type="oh-hell", mu=27.5, sigma=7.25, ordinal=5.75, games=2)
    for game, mu, sigma in ((games["A"], 26.0, 8.0), (games["C"], 27.5, 7.25)):
        RatingChange.objects.create(
            player=anna,
            game_type="oh-hell",
            game=game,
            played_at=game.played_at,
            mu=mu,
            sigma=sigma,
            ordinal=mu - 3 * sigma,
        )
    client = Client()
    client.force_login(people.member)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    url = f"{live_server.url}/clubs/kozyr/players/{anna.pk}/"
    page.goto(url)
    for canvas in ("rating-chart", "contracts-chart", "progression-chart"):
        page.wait_for_function(f"() => Chart.getChart(document.getElementById('{canvas}'))")
    return {"url": url, "games": games, "errors": errors}


def test_the_three_charts_hold_the_numbers_of_their_tables(profile, page):
    rating = page.locator("#rating-chart")
    assert rating.evaluate(LABELS) == ["2026-01-10", "2026-03-10"]
    assert rating.evaluate(DATASETS) == [
        {"label": "Rating (μ − 3σ)", "data": [2, 5.75], "width": 3},
        {"label": "Skill (μ)", "data": [26, 27.5], "width": 2},
    ]
    rows = page.locator("#rating-table").evaluate(ROWS)
    assert [[float(r[2]), float(r[3])] for r in rows] == [[2, 26], [5.75, 27.5]]

    contracts = page.locator("#contracts-chart")
    assert contracts.evaluate(LABELS) == ["1", "2"]
    assert contracts.evaluate(DATASETS) == [{"label": "Contracts made, %", "data": [66.7, 100], "width": 1}]
    assert [float(r[3]) for r in page.locator("#contracts-table").evaluate(ROWS)] == [66.7, 100]

    progression = page.locator("#progression-chart")
    assert progression.evaluate(LABELS) == ["1"]
    assert progression.evaluate(DATASETS) == [
        {"label": "Anna (this player)", "data": [10], "width": 5},  # emphasised
        {"label": "Boris", "data": [10], "width": 2},
        {"label": "Vera", "data": [0], "width": 2},
    ]
    assert page.locator("#progression-table").evaluate(ROWS) == [["1", "10", "10", "0"]]

    for canvas in ("rating-chart", "contracts-chart", "progression-chart"):
        label = page.locator(f"#{canvas}").get_attribute("aria-label")
        assert label is not None
        assert label.endswith("The table below holds the same numbers.")
    assert profile["errors"] == []


def test_the_tables_fold_away_behind_a_summary_the_keyboard_opens(profile, page):
    assert page.locator("details.chart-data[open]").count() == 0
    assert not page.locator("#contracts-table").is_visible()
    summary = page.get_by_text("Contracts by hand size as a table")
    summary.focus()
    page.keyboard.press("Enter")
    assert page.locator("#contracts-table").is_visible()


def test_choosing_another_game_redraws_only_its_chart(profile, page):
    game_a = profile["games"]["A"].pk
    contracts = page.locator("#contracts-chart").evaluate("c => Chart.getChart(c).id")
    # With the keyboard: End picks the last (oldest) game, A, and the change swaps the figure.
    page.get_by_label("Game", exact=True).focus()
    page.keyboard.press("End")
    page.wait_for_function(
        "() => Chart.getChart(document.getElementById('progression-chart'))?.data.labels.length === 3"
    )
    assert page.url.endswith(f"?game={game_a}")
    assert [d["data"] for d in page.locator("#progression-chart").evaluate(DATASETS)] == [
        [10, 0, 10],
        [22, 22, 22],
        [10, 10, 10],
    ]
    assert page.locator("#progression-table").evaluate(ROWS) == [
        ["1", "10", "22", "10"],
        ["2 (annulled)", "0", "22", "10"],
        ["3", "10", "22", "10"],
    ]
    assert page.locator("#progression details.chart-data").get_attribute("open") is None
    # The rest of the page stayed as it was: the same chart object, the select still focused.
    assert page.locator("#contracts-chart").evaluate("c => Chart.getChart(c).id") == contracts
    assert page.evaluate("document.activeElement.id") == "progression-game"
    # Back to the latest game: htmx restores the page and the charts are drawn again.
    page.go_back()
    page.wait_for_function(
        "() => Chart.getChart(document.getElementById('progression-chart'))?.data.labels.length === 1"
    )
    assert page.locator("#rating-chart").evaluate(DATASETS)[0]["data"] == [2, 5.75]
    assert page.locator("#contracts-chart").evaluate(DATASETS)[0]["data"] == [66.7, 100]
    assert profile["errors"] == []


def test_without_javascript_the_tables_show_and_the_form_still_works(profile, browser, live_server, page):
    cookies = page.context.cookies()
    context = browser.new_context(java_script_enabled=False, locale="en-GB")
    context.add_cookies(cookies)
    plain = context.new_page()
    try:
        plain.goto(profile["url"])
        for table in (
            "rating-table",
            "contracts-table",
            "progression-table",
            "statistics-table",
            "games-table",
        ):
            assert plain.locator(f"#{table}").is_visible()
        plain.get_by_label("Game", exact=True).select_option(str(profile["games"]["A"].pk))
        plain.get_by_role("button", name="Show").click()
        plain.wait_for_url(f"**?game={profile['games']['A'].pk}")
        assert plain.locator("#progression-table tbody tr").count() == 3
    finally:
        context.close()


def test_it_fits_a_phone(profile, page):
    page.set_viewport_size({"width": 375, "height": 800})
    page.goto(profile["url"])
    page.wait_for_function("() => Chart.getChart(document.getElementById('progression-chart'))")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375


def test_the_luck_and_skill_charts_hold_the_numbers_of_their_tables(people, live_server, page):
    """Games A, B and C analysed (those of their deals whose cards are all known), Anna's section
    draws both charts from the stored figures, the same numbers as the tables beside them."""
    from games import analytics
    from games.models import Game

    for name, doc in (("A", GAME_A), ("B", GAME_B), ("C", GAME_C)):
        record(people, doc, PLAYED_AT[name])
    analytics.analyse_games(Game.objects.values_list("pk", flat=True))
    anna = Player.objects.get(display_name="Anna")
    client = Client()
    client.force_login(people.member)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/clubs/kozyr/players/{anna.pk}/")
    bid_error = page.locator("canvas.bid-error-chart")
    luck = page.locator("canvas.luck-chart")
    page.wait_for_function("() => Chart.getChart(document.querySelector('canvas.luck-chart'))")
    bid_rows = page.locator("table.bid-error-table").evaluate(ROWS)
    assert bid_error.evaluate(LABELS) == [row[0] for row in bid_rows]
    datasets = bid_error.evaluate(DATASETS)
    assert datasets[0]["data"] == [float(row[2]) for row in bid_rows]
    luck_rows = page.locator("table.luck-table").evaluate(ROWS)
    analysed = [
        g for g in analytics.player_analytics(anna)["oh-hell"]["games"] if g["summary"]["luck"] is not None
    ]
    assert len(luck_rows) == len(analysed) >= 1  # one point per game with an analysed deal
    assert luck.evaluate(DATASETS)[0]["data"] == [float(row[3]) for row in luck_rows]
    assert errors == []
