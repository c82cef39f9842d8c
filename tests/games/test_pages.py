"""The game page: the score sheet as the scorekeeper keeps it, with what the replay found."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games import services
from games.models import Game

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec-examples" / "ohhell"


def record(people, name: str) -> Game:
    content = (EXAMPLES / f"{name}.json").read_bytes()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_an_annulled_deal_is_struck_through_with_its_reason(client, people):
    game = record(people, "renege-and-redeal")
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert '<tr id="deal-2" class="annulled">' in html
    assert '<tr class="annulled-reason"><td colspan="17">' in html  # 5 + 4 columns for each of 3 players
    assert "Annulled: Taras played 3♣ on a ♦ lead while holding 7♦" in text(html)
    assert f'<a href="#deal-2">deal 2</a>, <a href="/games/{game.pk}/deals/2/#trick-1">trick 1</a>:' in html
    assert '<span class="card">5♣</span>' in html  # deal 1's trump, with its suit symbol
    assert text(html).count("no trump") == 2


def test_a_miscopied_score_shows_both_values(client, people):
    game = record(people, "score-sheet-dispute")
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/").content.decode()
    cells = re.findall(r'<td class="num detail mismatch">(.*?)</td>', html, flags=re.S)
    assert [text(c).strip() for c in cells] == ["10 → 0"]
    totals = re.findall(r'<td class="num total mismatch">(.*?)</td>', html, flags=re.S)
    assert [text(c).strip() for c in totals] == ["21 → 11"]
    assert "<strong>Deal score miscopied</strong>" in html
    assert "<strong>Total miscopied</strong>" in html


def test_a_clean_game_says_so(client, people):
    from tests.games.factories import game_bytes

    game = services.game_upload(club=people.club, content=game_bytes(seed=5), user=people.scorer).game
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/").content.decode()
    assert "The replay found nothing wrong" in html
    assert len(re.findall(r'<tr id="deal-\d+"', html)) == 13


def test_who_may_see_a_game_page(client, people):
    game = record(people, "basic")
    assert client.get(f"/games/{game.pk}/").status_code == 404
    client.force_login(people.outsider)
    assert client.get(f"/games/{game.pk}/").status_code == 404
    client.force_login(people.member)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    Game.objects.filter(pk=game.pk).update(public=True)
    client.logout()
    assert client.get(f"/games/{game.pk}/").status_code == 200


def test_the_page_takes_a_fixed_number_of_queries(client, people, django_assert_num_queries):
    game = record(people, "renege-and-redeal")
    client.force_login(people.member)
    # session, user, the game (club, revision, report, open disputes), the reader's role, the report
    # and log for the sheet (rendered once, then cached: games/pages/game.py), the disputes waiting for the reader (the header's count)
    with django_assert_num_queries(6):
        assert client.get(f"/games/{game.pk}/").status_code == 200


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_sheet_in_a_browser(live_server, page, people):
    game = record(people, "score-sheet-dispute")
    Game.objects.filter(pk=game.pk).update(public=True)
    page.goto(f"{live_server.url}/games/{game.pk}/")
    mismatch = page.locator("td.mismatch").first
    assert mismatch.inner_text().strip() == "10 → 0"
    assert mismatch.evaluate("e => getComputedStyle(e).backgroundColor") == "rgb(253, 226, 200)"
    page.get_by_role("link", name="deal 3").click()
    assert page.url.endswith("#deal-3")
