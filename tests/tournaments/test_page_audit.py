"""The tournament audit page: every finding of its games by kind, the summary counts, the disputes."""

from __future__ import annotations

import re

import pytest

from games import disputes
from games.models import Game
from tests.tournaments.conftest import table_log
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db

#: Seed 2 with these rates: two reneges in deal 13 and a miscopied score in deal 5 (and so a wrong total).
DIRTY = {"renege_rate": 0.01, "wrong_score_rate": 0.01}


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def play(people, round_: Round, *, dirty_first: bool = True) -> list[Game]:
    """Record a game at every table of the round: table 1's with faults, the others clean."""
    games = []
    for i, table in enumerate(round_.tables.order_by("number")):
        options = DIRTY if (i == 0 and dirty_first) else {}
        content = table_log(table, 2 if options else 7 + round_.number * 10 + i, **options)
        upload = services.table_game_upload(table=table, content=content, user=people.scorer)
        assert upload.result.game is not None
        games.append(upload.result.game)
    return games


def test_findings_by_kind_with_round_table_game_and_deal(client, people, tournament, seated):
    dirty, clean = play(people, seated)
    assert (dirty.status, clean.status) == ("errors", "clean")
    client.force_login(people.member)
    response = client.get(f"/tournaments/{tournament.pk}/audit/")
    assert response.status_code == 200
    html = response.content.decode()
    summary = dict(re.findall(r'<dd id="summary-(\w+)">(\d+)</dd>', html))
    assert summary == {"games": "2", "clean": "1", "warnings": "0", "errors": "1", "open": "0"}
    kinds = re.findall(
        r'<tr><th scope="row"><a href="#kind-(\w+)">.*?severity-(\w+)">.*?<td class="num">(\d+)</td>',
        html,
        re.S,
    )
    assert kinds == [
        ("RENEGE_UNCORRECTED", "error", "2"),
        ("SCORE_MISMATCH", "error", "1"),
        ("TOTAL_MISMATCH", "error", "1"),
    ]
    reneges = html.split('id="kind-RENEGE_UNCORRECTED"')[1].split("</section>")[0]
    where = [text(w) for w in re.findall(r'<span class="where">(.*?)</span>', reneges, re.S)]
    assert where == [
        f"round 1, table 1, game {dirty.pk} ,",
        "deal 13, trick 2",
        f"round 1, table 1, game {dirty.pk} ,",
        "deal 13, trick 7",
    ]
    assert reneges.count(f'href="/games/{dirty.pk}/audit/"') == 2
    assert reneges.count(f'href="/games/{dirty.pk}/#deal-13"') == 2
    assert reneges.count(f'href="/games/{dirty.pk}/deals/13/"') == 2
    total = html.split('id="kind-TOTAL_MISMATCH"')[1].split("</section>")[0]
    assert (
        "deal" not in re.findall(r'<span class="where">(.*?)</span>', total, re.S)[0]
    )  # a total has no deal
    assert f"/games/{clean.pk}/" not in html.split('id="findings-title"')[1].split('id="disputes-title"')[0]


def test_open_and_decided_disputes(client, people, tournament, seated):
    dirty, clean = play(people, seated)
    open_one = disputes.dispute_open(game=dirty, user=people.organiser, claim="deal 5 miscopied", deal=5)
    decided = disputes.dispute_open(game=clean, user=people.organiser, claim="Vera took 2")
    disputes.dispute_decide(dispute=decided, user=people.organiser, ruling="reject", decision="she took 1")
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/audit/").content.decode()
    assert dict(re.findall(r'<dd id="summary-(\w+)">(\d+)</dd>', html))["open"] == "1"
    opened = html.split('id="open-disputes"')[1].split('id="decided-disputes"')[0]
    rows = [text(r) for r in re.findall(r"<tbody>(.*?)</tbody>", opened, re.S)[0].split("</tr>")[:-1]]
    assert rows == [
        f"Dispute {open_one.pk} round 1, table 1, game {dirty.pk} , deal 5 deal 5 miscopied organiser Open —"
    ]
    assert f'href="/disputes/{open_one.pk}/"' in opened
    assert f'href="/games/{dirty.pk}/#deal-5"' in opened
    closed = html.split('id="decided-disputes"')[1]
    rows = [text(r) for r in re.findall(r"<tbody>(.*?)</tbody>", closed, re.S)[0].split("</tr>")[:-1]]
    assert rows == [
        f"Dispute {decided.pk} round 1, table 2, game {clean.pk} Vera took 2 organiser Rejected she took 1"
    ]


def test_a_tournament_without_games(client, people, tournament):
    client.force_login(people.member)
    html = client.get(f"/tournaments/{tournament.pk}/audit/").content.decode()
    assert dict(re.findall(r'<dd id="summary-(\w+)">(\d+)</dd>', html)) == {
        "games": "0",
        "clean": "0",
        "warnings": "0",
        "errors": "0",
        "open": "0",
    }
    assert "The replay found nothing wrong" in html
    assert text(html).count("None.") == 2


@pytest.mark.parametrize(
    ("role", "draft", "published"),
    [
        ("anonymous", 404, 200),
        ("outsider", 404, 200),
        ("member", 200, 200),
        ("scorer", 200, 200),
        ("organiser", 200, 200),
        ("superuser", 200, 200),
    ],
)
def test_who_sees_the_tournament_audit(client, people, tournament, role, draft, published):
    user = None if role == "anonymous" else getattr(people, role)
    if user is not None:
        client.force_login(user)
    assert client.get(f"/tournaments/{tournament.pk}/audit/").status_code == draft
    services.tournament_publish(tournament=tournament, published=True)
    assert client.get(f"/tournaments/{tournament.pk}/audit/").status_code == published


def test_the_page_only_reads(client, people, tournament):
    client.force_login(people.organiser)
    assert client.post(f"/tournaments/{tournament.pk}/audit/").status_code == 405
    assert client.get("/tournaments/999/audit/").status_code == 404


@pytest.mark.parametrize("rounds", [1, 2])
def test_the_queries_do_not_grow_with_games_findings_or_disputes(
    client, people, tournament, seated, rounds, django_assert_num_queries
):
    games = play(people, seated)
    if rounds == 2:
        second = services.round_generate(tournament=tournament)
        services.round_confirm(round_=second)
        games += play(people, second)
    for game in games:
        disputes.dispute_open(game=game, user=people.organiser, claim="check it", deal=1)
    assert Game.objects.count() == 2 * rounds
    client.force_login(people.member)
    # 1 session, 2 user, 3 tournament with club, 4 the reader's role, 5-7 the audit summary
    # (findings by code, games by status, open disputes), 8 findings with game, table and round,
    # 9 their games' players by seat (for the findings' sentences), 10 disputes with people,
    # revision, game, table and round, 11 the disputes waiting for the reader (the header's count)
    with django_assert_num_queries(11):
        assert client.get(f"/tournaments/{tournament.pk}/audit/").status_code == 200
