"""A tournament day end to end, in headless Chromium, through the pages only.

The organiser creates a tournament, registers eight players, seats and
confirms round 1, uploads both tables' logs; the standings page (left open)
updates itself. A game with an uncorrected renege shows it in the deal
replay; a player who sat there opens a dispute; the organiser upholds it
with a corrected log, and the standings change. Then the pages in Russian
and Ukrainian.
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation

from games.models import Finding, Player
from rules.ohhell.simulate import simulate
from tournaments.models import Standing, Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-passphrase-9"
NAMES = ["Анна", "Борис", "Вера", "Глеб", "Даша", "Егор", "Женя", "Зоя"]


def sign_in(page, base: str, username: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("main").get_by_role("button", name="Sign in").click()
    page.wait_for_url(f"{base}/")


def table_log(table: Table, seed: int, renege_rate: float = 0.0) -> str:
    names = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    return json.dumps(
        simulate(players=names, seed=seed, renege_rate=renege_rate).document, ensure_ascii=False
    )


def test_a_tournament_day(live_server, page, browser, people):
    for user in (people.organiser, people.member):
        user.set_password(PASSWORD)
        user.save()
    base = live_server.url

    # The organiser creates the tournament and registers eight new players.
    sign_in(page, base, people.organiser.username)
    page.goto(f"{base}/clubs/{people.club.slug}/")
    page.get_by_role("link", name="New tournament").click()
    page.get_by_label("Name").fill("Кубок первого снега")
    page.get_by_role("button", name="Create the tournament").click()
    tournament = Tournament.objects.get(name="Кубок первого снега")
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/manage/")
    page.get_by_label("New players, one name per line").fill("\n".join(NAMES))
    page.get_by_role("button", name="Register").click()
    page.get_by_text("Анна").first.wait_for()
    assert tournament.entries.count() == 8

    # Seat round 1: preview, confirm.
    page.get_by_role("button", name="Generate the next round").click()
    page.wait_for_url(f"{base}/tournaments/{tournament.pk}/rounds/1/manage/")
    assert page.locator("section.table-card").count() == 2
    page.get_by_role("button", name="Confirm round 1").click()
    page.get_by_role("link", name="Upload the log").first.wait_for()
    tables = list(Table.objects.filter(round__tournament=tournament).order_by("number"))

    # Table 1's log; a renege is in it.
    page.get_by_role("link", name="Upload the log (table 1)").click()
    page.get_by_label("Paste the game log (JSON)").fill(table_log(tables[0], 41, renege_rate=0.08))
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    renege = Finding.objects.filter(game__table=tables[0], code="RENEGE_UNCORRECTED").order_by("deal").first()
    assert renege is not None

    # A second tab keeps the standings open while table 2 is uploaded: they refresh themselves.
    standings = page.context.new_page()
    standings.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    waiting = tables[1].seats.select_related("player").first().player.display_name
    row = standings.locator("#standings tbody tr", has_text=waiting)
    assert row.locator("td").nth(2).inner_text() == "0"  # place, points, games: no game yet
    page.goto(f"{base}/tournaments/{tournament.pk}/rounds/1/manage/")
    page.get_by_role("link", name="Upload the log (table 2)").click()
    page.get_by_label("Paste the game log (JSON)").fill(table_log(tables[1], 42))
    page.get_by_role("button", name="Upload").click()
    page.wait_for_url(re.compile(r"/games/\d+/$"))
    standings.wait_for_function(  # htmx polls every 5 s; no reload here
        "name => [...document.querySelectorAll('#standings tbody tr')].some("
        "r => r.innerText.includes(name) && r.querySelectorAll('td')[2].innerText.trim() === '1')",
        arg=waiting,
        timeout=15_000,
    )
    assert standings.locator("#standings tbody tr").count() == 8
    standings.close()

    # The renege, highlighted in the deal replay with the card that should have been played.
    page.goto(f"{base}/games/{renege.game_id}/deals/{renege.deal}/#trick-{renege.trick}")
    marked = page.locator(".renege").locator("visible=true").first
    marked.wait_for()
    assert renege.player in marked.inner_text()
    assert "should have followed with" in marked.inner_text()

    # A player who sat in that game opens a dispute.
    seat = renege.game.seats.select_related("player").order_by("seat").first()
    Player.objects.filter(pk=seat.player_id).update(user=people.member)
    sign_in(page, base, people.member.username)
    page.goto(f"{base}/games/{renege.game_id}/audit/")
    page.get_by_label("What is wrong").fill("The renege was seen only after the deal; the score is wrong.")
    page.get_by_label("Deal (optional)").fill(str(renege.deal))
    page.get_by_role("button", name="Open the dispute").click()
    dispute = renege.game.disputes.get()
    assert dispute.status == "open"

    # The organiser upholds it with a corrected log; the standings change.
    before = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    corrected = table_log(tables[0], 43)
    sign_in(page, base, people.organiser.username)
    page.goto(f"{base}/disputes/{dispute.pk}/")
    page.get_by_label("Upheld with a correction").check()
    page.get_by_label("the whole log (JSON)").check()
    page.get_by_label("…or the corrected log (JSON)").fill(corrected)
    page.get_by_label("Reasons").fill("The table's log had the wrong play; the corrected log replaces it.")
    page.get_by_role("button", name="Record the decision").click()
    page.get_by_text("Revision 2 is now the game's log.").wait_for()
    dispute.refresh_from_db()
    assert dispute.status == "upheld"
    assert dispute.corrected_revision.number == 2
    after = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    new_totals = dict(zip(json.loads(corrected)["players"], json.loads(corrected)["totals"], strict=True))
    for name, total in new_totals.items():
        assert after[name] == total
    assert after != before
    page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    first = min(Standing.objects.filter(tournament=tournament), key=lambda s: (s.rank, s.player.display_name))
    first_row = page.locator("#standings tbody tr").first.inner_text()
    assert first.player.display_name in first_row
    assert f"{first.points:g}" in first_row

    # The same pages in Russian and Ukrainian, through the language switcher.
    for language in ("ru", "uk"):
        page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
        with page.expect_navigation():
            page.locator("#language").select_option(language)
        assert page.locator("html").get_attribute("lang") == language
        with translation.override(language):
            heading = translation.gettext("Standings")
            trick = translation.gettext("trick")
        assert page.get_by_role("heading", level=1).inner_text().startswith(heading)
        page.goto(f"{base}/games/{renege.game_id}/deals/{renege.deal}/")
        assert trick.split()[0].lower() in page.locator("main").inner_text().lower()
