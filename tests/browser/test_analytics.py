"""The tournament's luck-and-skill chart in a real Chromium: drawn by Chart.js, one bar per player in
standings order, the same numbers as the table above it."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.games.test_analytics_pages import tournament  # noqa: F401 - the fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROWS = "table => [...table.tBodies[0].rows].map(r => [...r.cells].map(c => c.textContent.trim()))"


def test_the_luck_chart_holds_the_tables_numbers(people, tournament, live_server, page):  # noqa: F811
    client = Client()
    client.force_login(people.member)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/analytics/")
    page.wait_for_function("() => Chart.getChart(document.getElementById('tournament-luck-chart'))")
    chart = page.locator("#tournament-luck-chart")
    labels = chart.evaluate("canvas => Chart.getChart(canvas).data.labels")
    values = chart.evaluate("canvas => Chart.getChart(canvas).data.datasets[0].data")
    rows = page.locator("#tournament-analytics").evaluate(ROWS)
    headers = page.locator("#tournament-analytics thead th").all_inner_texts()
    luck_at = headers.index("Luck, tricks a deal")
    assert labels == [row[1] for row in rows]
    # The table shows luck signed to two decimals; the chart the stored value to three.
    shown = [float(row[luck_at].replace("−", "-").replace("+", "")) for row in rows]
    assert values == pytest.approx(shown, abs=0.0051)
    assert errors == []
