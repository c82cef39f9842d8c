"""The arbiter's desk end to end, in Russian, on the demo club (issue 19).

A player opens a dispute on the demo's renege deal; the organiser opens the dispute page, steps
through the tricks, corrects the deal through the form (the two cards the scorer swapped), sees
the preview, upholds the dispute; the standings and the player's profile then show the new
totals with no provisional mark. Then the decided dispute is edited in the admin, and the change
is refused.
"""

from __future__ import annotations

import json
import re

import pytest
from django.core.management import call_command

from games.models import Dispute, Finding, Game, GameRevision
from tournaments.models import Standing, Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "trickbook-demo"  # the demo data's known password


@pytest.fixture
def russian(browser):
    context = browser.new_context(locale="ru-RU", extra_http_headers={"Accept-Language": "ru"})
    page = context.new_page()
    page.set_default_timeout(20_000)
    try:
        yield page
    finally:
        context.close()


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)


def sign_in(page, base: str, username: str, next_path: str) -> None:
    page.context.clear_cookies()
    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.locator("input[name=username]").fill(username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"{base}{next_path}")


def the_swapped_cards(game: Game, deal: int) -> tuple[str, str, str, str]:
    """Deal ``deal`` of the demo's renege game: the renege trick's input and card, and the input
    and card of the later trick where the reneging player played the card she held (the
    scorer's swap to undo): (input, its card now, other input, its card now)."""
    finding = Finding.objects.get(report_id=game.current_report_id, deal=deal, code="RENEGE_UNCORRECTED")
    log = json.loads(bytes(game.current_revision.content))
    tricks = log["deals"][deal - 1]["tricks"]
    played = finding.card
    renege_trick = finding.trick - 1
    position = tricks[renege_trick].index(played)
    held = re.search(r"holding (\w\w)", finding.message).group(1)
    later = next(t for t in range(renege_trick + 1, len(tricks)) if held in tricks[t])
    return (
        f"d.tricks.{renege_trick}.{position}",
        played,
        f"d.tricks.{later}.{tricks[later].index(held)}",
        held,
    )


def test_a_renege_disputed_corrected_and_upheld_in_russian(live_server, russian, demo):
    page, base = russian, live_server.url
    renege = Finding.objects.filter(code="RENEGE_UNCORRECTED", player="Даша").select_related("game").get()
    game = renege.game
    table = Table.objects.select_related("round__tournament").get(game=game)
    tournament = table.round.tournament
    before = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}

    # Глеб sat at the table: he opens a dispute from the game's audit page, on the deal and trick.
    sign_in(page, base, "gleb", f"/games/{game.pk}/audit/")
    page.get_by_label("Что не так").fill("У Даши не было ренонса: К♥ и 8♣ записали не в те взятки.")
    page.get_by_label("Сдача (необязательно)").fill(str(renege.deal))
    page.get_by_label("Взятка (необязательно)").fill(str(renege.trick))
    page.get_by_role("button", name="Открыть спор").click()
    dispute = Dispute.objects.get(game=game)
    page.wait_for_url(f"{base}/disputes/{dispute.pk}/")
    assert Game.objects.get(pk=game.pk).provisional
    page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    marked = {
        row.locator("th").inner_text()
        for row in page.locator("#standings tbody tr").all()
        if row.locator(".provisional-mark").count()
    }
    at_the_table = {s.player.display_name for s in game.seats.select_related("player")}
    assert at_the_table <= marked  # the disputed table's four (the demo's other dispute marks its own)
    assert "2 результата — предварительные" in page.locator(".standings-provisional").inner_text()

    # Ольга, the organiser, opens the dispute: the deal opens at the claimed trick.
    sign_in(page, base, "olga", f"/disputes/{dispute.pk}/")
    assert page.locator("h1").inner_text() == f"Спор {dispute.pk} по партии {game.pk}"
    position = page.locator(".evidence-replay .stepper .position")
    assert position.inner_text().startswith(f"Взятка {renege.trick} ")
    marked = page.locator(".evidence-replay .renege").locator("visible=true")
    assert "Даша" in marked.inner_text()
    page.locator(".evidence-replay [data-step=prev]").click()
    assert position.inner_text().startswith(f"Взятка {renege.trick - 1} ")
    page.locator(".evidence-replay [data-step=next]").click()
    assert position.inner_text().startswith(f"Взятка {renege.trick} ")
    rules = page.locator("#evidence-findings ~ .rule-findings .rule").first.inner_text()
    assert "ренонс" in rules.lower()

    # The correction through the deal form: the two cards back where they were played.
    first, first_card, second, second_card = the_swapped_cards(game, renege.deal)
    page.get_by_label("Удовлетворен с исправлением").check()
    page.locator(f"select[name='{first}']").select_option(second_card)
    page.locator(f"select[name='{second}']").select_option(first_card)
    preview = page.locator("#preview")
    preview.locator("h4", has_text=f"Сдача {renege.deal}").wait_for()
    assert "Итоги" in preview.inner_text()
    assert GameRevision.objects.filter(game=game).count() == 1  # the preview saved nothing
    page.get_by_label("Обоснование").fill("По бумажному листу: К♥ сыграна в свою взятку, ренонса не было.")
    page.get_by_role("button", name="Записать решение").click()
    page.get_by_text("Спор решен.").wait_for()
    assert "Удовлетворен с исправлением" in page.locator("#dispute-status").inner_text()
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling, dispute.corrected_revision.number) == ("upheld", "correction", 2)
    game.refresh_from_db()
    assert not game.provisional
    assert game.current_revision.source == "form"
    found = Finding.objects.filter(report_id=game.current_report_id, deal=renege.deal)
    assert not found.filter(code="RENEGE_UNCORRECTED").exists()  # the deal stands now
    # …and the sheet's written scores of it, written as for an annulled deal, are flagged as such.
    assert set(found.values_list("code", flat=True)) == {"SCORE_MISMATCH"}

    # The standings follow (compiled after the decision): new totals, no provisional mark.
    after = {s.player.display_name: s.points for s in Standing.objects.filter(tournament=tournament)}
    assert after != before
    page.goto(f"{base}/tournaments/{tournament.pk}/standings/")
    still = {
        row.locator("th").inner_text()
        for row in page.locator("#standings tbody tr").all()
        if row.locator(".provisional-mark").count()
    }
    other = Dispute.objects.exclude(pk=dispute.pk).get().game  # the demo's own open dispute
    assert still == {s.player.display_name for s in other.seats.select_related("player")}
    assert "1 результат — предварительный" in page.locator(".standings-provisional").inner_text()
    rows = page.locator("#standings tbody tr").all_inner_texts()
    for line in Standing.objects.filter(tournament=tournament).select_related("player"):
        assert any(line.player.display_name in row and f"{line.points:g}" in row for row in rows)

    # Глеб's profile: the game with its new score, not marked provisional.
    gleb = game.seats.select_related("player").get(player__display_name="Глеб")
    page.goto(f"{base}/clubs/{game.club.slug}/players/{gleb.player_id}/")
    # "Партия 2", not "Партия 27": Глеб plays in the demo's duplicate evening too.
    row = page.locator("#games-table tbody tr", has_text=re.compile(rf"Партия {game.pk}(?!\d)"))
    assert str(gleb.total) in row.inner_text()
    assert row.locator(".provisional-mark").count() == 0


def test_a_decided_dispute_cannot_be_changed_in_the_admin(live_server, russian, demo):
    page, base = russian, live_server.url
    dispute = Dispute.objects.get()
    sign_in(page, base, "olga", f"/disputes/{dispute.pk}/")
    page.get_by_label("Отклонено").check()
    page.get_by_label("Обоснование").fill("Счет записан верно.")
    page.get_by_role("button", name="Записать решение").click()
    page.get_by_text("Спор решен.").wait_for()
    assert "Отклонено" in page.locator("#dispute-status").inner_text()
    decided = Dispute.objects.values("status", "ruling", "decision", "decided_at").get(pk=dispute.pk)

    sign_in(page, base, "admin", f"/admin/games/dispute/{dispute.pk}/change/")
    assert page.locator("input[name=_save]").count() == 0  # shown, not editable
    assert "Счет записан верно." in page.locator("#content").inner_text()
    # A change posted anyway (as a crafted request would be) is refused, and nothing moves.
    status = page.evaluate(
        """async (url) => {
            const token = document.cookie.split('; ').find(c => c.startsWith('csrftoken=')).split('=')[1];
            const body = new URLSearchParams({csrfmiddlewaretoken: token, status: 'open', decision: 'переписано'});
            const response = await fetch(url, {method: 'POST', body, credentials: 'same-origin'});
            return response.status;
        }""",
        f"{base}/admin/games/dispute/{dispute.pk}/change/",
    )
    assert status == 403
    assert Dispute.objects.values("status", "ruling", "decision", "decided_at").get(pk=dispute.pk) == decided
    page.goto(f"{base}/disputes/{dispute.pk}/")
    assert "Решенный спор окончателен" in page.locator("main").inner_text()
