"""The game page's score sheet, rendered once per report and language and read from the cache
(games/pages/game.py, sheet_html), and the page's ETag / Last-Modified answered 304.

The sheet is the same for every reader; what belongs to the reader (the signed-in name, the
CSRF token of the page's forms) stays outside it, and a private game stays private however
warm its sheet is.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation

from games import disputes, services
from games.models import Game

pytestmark = pytest.mark.django_db

EXAMPLES = Path(__file__).resolve().parents[1] / "data" / "spec-examples" / "ohhell"
#: score-sheet-dispute: deal 3's third score written 10 where the replay gives 0, so the third
#: total was written 21 for 11.
MISCOPIED = '<td class="num detail mismatch"><span class="recorded" title="as written on the sheet">10</span> → 0</td>'


def record(people, name: str = "score-sheet-dispute", *, public: bool = True) -> Game:
    content = (EXAMPLES / f"{name}.json").read_bytes()
    game = services.game_upload(club=people.club, content=content, user=people.scorer).game
    Game.objects.filter(pk=game.pk).update(public=public)
    return Game.objects.get(pk=game.pk)


def sheet(html: str) -> str:
    """The cached part of a page: from the score sheet to the end of the findings."""
    return html[html.index('<input type="checkbox" id="sheet-detail"') : html.index("</main>")]


def test_a_second_request_reads_the_sheet_from_the_cache(client, people, django_assert_num_queries):
    game = record(people)
    first = client.get(f"/games/{game.pk}/")
    assert MISCOPIED in first.content.decode()
    # the game (+club, revision, report without its JSON, open disputes and when they changed):
    # neither the report's JSON nor the uploaded log is read again
    with django_assert_num_queries(1):
        second = client.get(f"/games/{game.pk}/")
    assert second.status_code == 200
    assert second.content == first.content


def test_a_correction_shows_the_new_sheet(client, people):
    game = record(people)
    before = client.get(f"/games/{game.pk}/").content.decode()
    assert MISCOPIED in before
    assert "revision 1" in before
    document = json.loads((EXAMPLES / "score-sheet-dispute.json").read_text())
    document["deals"][2]["scores"][2] = 0  # as the replay gives it
    document["totals"][2] = 11
    services.game_correct(
        game=game, content=json.dumps(document).encode(), user=people.organiser, reason="sheet re-read"
    )
    after = client.get(f"/games/{game.pk}/").content.decode()
    assert "revision 2" in after
    assert 'class="num detail mismatch"' not in after
    assert "Deal score miscopied" not in after
    assert "Deal score miscopied" in before


def test_an_anonymous_repeat_is_answered_304_until_the_page_changes(client, people):
    game = record(people)
    first = client.get(f"/games/{game.pk}/")
    etag, modified = first["ETag"], first["Last-Modified"]
    assert etag.startswith('W/"')
    again = client.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""
    assert client.get(f"/games/{game.pk}/", HTTP_IF_MODIFIED_SINCE=modified).status_code == 304
    # A dispute opened: the header's count changes, so the page is sent again with a new tag.
    disputes.dispute_open(game=game, user=people.member, claim="deal 3 was 10, not 0", deal=3)
    changed = client.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "1 open dispute" in changed.content.decode()


def test_a_members_tag_is_theirs_alone(client, people):
    game = record(people, public=False)
    client.force_login(people.member)
    first = client.get(f"/games/{game.pk}/")
    assert first.status_code == 200
    # The page shows the reader (their name, their forms' CSRF token): no date can say when that
    # changed, so a signed-in page is compared by its tag alone.
    assert not first.has_header("Last-Modified")
    etag = first["ETag"]
    assert client.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    other = Client()
    other.force_login(people.organiser)
    assert other.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_the_cached_sheet_carries_nothing_of_the_reader(client, people):
    game = record(people)
    client.force_login(people.member)
    members = client.get(f"/games/{game.pk}/").content.decode()  # the member's request renders it
    assert "csrfmiddlewaretoken" in members
    assert ">member</a>" in members  # the signed-in name in the header
    anonymous = Client().get(f"/games/{game.pk}/").content.decode()
    assert "csrfmiddlewaretoken" not in anonymous
    assert ">member</a>" not in anonymous
    assert "Sign in" in anonymous
    assert sheet(anonymous) == sheet(members)
    assert MISCOPIED in sheet(anonymous)


def test_a_private_game_stays_private_with_its_sheet_cached(client, people):
    game = record(people, public=False)
    client.force_login(people.member)
    assert client.get(f"/games/{game.pk}/").status_code == 200
    assert Client().get(f"/games/{game.pk}/").status_code == 404
    outsider = Client()
    outsider.force_login(people.outsider)
    assert outsider.get(f"/games/{game.pk}/").status_code == 404


def test_the_sheet_is_kept_per_language(client, people):
    game = record(people)
    english = client.get(f"/games/{game.pk}/").content.decode()
    client.cookies["django_language"] = "ru"
    russian = client.get(f"/games/{game.pk}/").content.decode()
    with translation.override("ru"):
        findings = translation.gettext("Findings")
    assert findings != "Findings"
    assert "<h2>Findings</h2>" in english
    assert f"<h2>{findings}</h2>" in russian
    assert len(re.findall(r'<tr id="deal-\d+"', russian)) == len(re.findall(r'<tr id="deal-\d+"', english))
