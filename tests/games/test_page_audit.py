"""The game audit page: findings by kind, revisions, the disputes on the game, and opening one
(the dispute page itself, the arbiter's desk, is tests/games/test_page_disputes.py)."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest

from games import disputes, services
from games.models import Dispute, Game, Membership, Player
from games.pages.audit import deal_replay_url, json_path
from rules.ohhell.simulate import InjectedRenege, InjectedWrongScore, simulate
from tests.games.factories import MembershipFactory, UserFactory, game_bytes

pytestmark = pytest.mark.django_db

#: Seed 2 with these rates makes two reneges (both in deal 13) and one miscopied score (deal 5).
SEED, RATES = 2, {"renege_rate": 0.01, "wrong_score_rate": 0.01}


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def simulated():
    return simulate(players=4, seed=SEED, **RATES)


@pytest.fixture
def game(people, simulated) -> Game:
    content = json.dumps(simulated.document, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


@pytest.fixture
def sitter(people, game):
    """A club member who sat in the game (seat 0, Anna)."""
    user = UserFactory(username="anna")
    MembershipFactory(club=people.club, user=user, role=Membership.Role.MEMBER)
    Player.objects.filter(club=people.club, display_name="Anna").update(user=user)
    return user


def who(people, sitter, role):
    return {
        "anonymous": None,
        "outsider": people.outsider,
        "member": people.member,
        "sitter": sitter,
        "scorer": people.scorer,
        "organiser": people.organiser,
    }[role]


def sign_in(client, user) -> None:
    client.logout()
    if user is not None:
        client.force_login(user)


def corrected_bytes(simulated) -> bytes:
    """The log with the miscopied score of deal 5 (and so the totals) written as the rules give them."""
    document = json.loads(json.dumps(simulated.document))
    for fault in simulated.injected:
        if isinstance(fault, InjectedWrongScore):
            document["deals"][fault.deal - 1]["scores"][fault.seat] = fault.correct
            document["totals"][fault.seat] -= fault.written - fault.correct
    return json.dumps(document, ensure_ascii=False).encode()


# --- findings by kind ----------------------------------------------------------------------


def test_findings_are_grouped_by_kind_with_exact_counts_and_links(client, people, game, simulated):
    reneges = [f for f in simulated.injected if isinstance(f, InjectedRenege)]
    miscopied = [f for f in simulated.injected if isinstance(f, InjectedWrongScore)]
    assert [(r.deal, r.trick) for r in reneges] == [(13, 2), (13, 7)]
    assert [(m.deal, m.seat) for m in miscopied] == [(5, 0)]

    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/audit/")
    assert response.status_code == 200
    html = response.content.decode()
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
    sections = re.findall(r'<section class="audit-group severity-(\w+)" id="kind-(\w+)"', html)
    assert sections == [
        ("error", "RENEGE_UNCORRECTED"),
        ("error", "SCORE_MISMATCH"),
        ("error", "TOTAL_MISMATCH"),
    ]
    renege_section = html.split('id="kind-RENEGE_UNCORRECTED"')[1].split("</section>")[0]
    assert "2 findings" in text(renege_section)
    assert re.findall(r'<span class="where">(.*?)</span>', renege_section) == [
        "deal 13, trick 2",
        "deal 13, trick 7",
    ]
    assert renege_section.count(f'<a href="/games/{game.pk}/#deal-13">score sheet') == 2
    assert renege_section.count(f'<a href="/games/{game.pk}/deals/13/">replay') == 2
    assert '<span class="card">K♠</span>' in renege_section  # the renege card, with its suit symbol
    score_section = html.split('id="kind-SCORE_MISMATCH"')[1].split("</section>")[0]
    assert "1 finding" in text(score_section)
    assert "Anna's score for deal 5 is written as 10, but the rules give 0" in text(score_section).replace(
        "&#x27;", "'"
    )
    assert f'<a href="/games/{game.pk}/#deal-5">score sheet' in score_section


def test_a_clean_game_says_so(client, people):
    game = services.game_upload(club=people.club, content=game_bytes(seed=7), user=people.scorer).game
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/audit/").content.decode()
    assert "The replay found nothing wrong" in html
    assert "audit-group" not in html
    assert "No disputes on this game." in html


def test_the_replay_link_falls_back_to_its_known_path():
    assert deal_replay_url(12, 3) == "/games/12/deals/3/"


def test_json_paths_are_written_as_the_spec_writes_them():
    assert json_path("deals[0].bids") == "deals[0].bids"
    assert json_path("") == "the whole document"
    assert json_path("[2]") == "[2]"


def test_revisions_are_listed_with_their_findings(client, people, game, simulated):
    services.game_correct(
        game=game, content=corrected_bytes(simulated), user=people.scorer, reason="sheet fixed"
    )
    client.force_login(people.member)
    html = client.get(f"/games/{game.pk}/audit/").content.decode()
    table = html.split('class="audit-revisions"')[1].split("</table>")[0]
    rows = [
        re.sub(r"\d+ \w+ \d{4}, \d\d:\d\d", "DATE", text(r))
        for r in re.findall(r"<tr id=\"revision-\d+\".*?</tr>", table, re.S)
    ]
    # number, when, who, reason, status, findings: revision 2 keeps only the two reneges
    assert rows == [
        "1 DATE scorer first upload Errors 4",
        "2 current DATE scorer sheet fixed Errors 2",
    ]
    assert '<tr id="revision-2" class="current">' in table
    kinds = re.findall(r'<a href="#kind-(\w+)">', html)
    assert kinds == ["RENEGE_UNCORRECTED"]


# --- permissions ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "status", "form"),
    [
        ("anonymous", 404, False),
        ("outsider", 404, False),
        ("member", 200, False),
        ("sitter", 200, True),
        ("scorer", 200, True),  # the table's scorer: recorded this game
        ("organiser", 200, True),
    ],
)
def test_who_sees_the_game_audit_and_its_dispute_form(client, people, game, sitter, role, status, form):
    sign_in(client, who(people, sitter, role))
    response = client.get(f"/games/{game.pk}/audit/")
    assert response.status_code == status
    if status == 200:
        assert ('id="open-title"' in response.content.decode()) is form


def test_a_public_game_audit_is_open_to_anyone(client, game):
    Game.objects.filter(pk=game.pk).update(public=True)
    response = client.get(f"/games/{game.pk}/audit/")
    assert response.status_code == 200
    assert 'id="open-title"' not in response.content.decode()


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("sitter", 302),
        ("scorer", 302),  # the table's scorer (issue 19)
        ("organiser", 302),
    ],
)
def test_who_may_open_a_dispute(client, people, game, sitter, role, status):
    sign_in(client, who(people, sitter, role))
    response = client.post(f"/games/{game.pk}/audit/", {"claim": "deal 5 is wrong", "deal": "5"})
    assert response.status_code == status
    if role == "anonymous":
        assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/audit/"
        assert not Dispute.objects.exists()
    elif status == 302:
        dispute = Dispute.objects.get()
        assert response["Location"] == f"/disputes/{dispute.pk}/"
        assert (dispute.raised_by, dispute.deal, dispute.claim) == (
            who(people, sitter, role),
            5,
            "deal 5 is wrong",
        )
    else:
        assert not Dispute.objects.exists()


def test_a_dispute_on_a_deal_not_in_the_game_is_shown_with_the_field(client, people, game, sitter):
    client.force_login(sitter)
    response = client.post(f"/games/{game.pk}/audit/", {"claim": "wrong", "deal": "40"})
    assert response.status_code == 200
    deals = Counter(r["deal"] for r in game.current_report.report["deals"])
    field = response.content.decode().split('for="id_deal"')[1].split("</p>")[0]
    assert f"deal 40 is not in this game (deals 1 to {len(deals)})" in field
    assert not Dispute.objects.exists()


def test_a_dispute_needs_a_claim(client, people, game, sitter):
    client.force_login(sitter)
    response = client.post(f"/games/{game.pk}/audit/", {"claim": "   ", "deal": ""})
    field = response.content.decode().split('for="id_claim"')[1].split("</p>")[0]
    assert "This field is required." in field
    assert not Dispute.objects.exists()


# --- query counts --------------------------------------------------------------------------


def grow(people, game, sitter, simulated, count: int) -> None:
    """Add disputes (each with a comment) and one correction per dispute beyond the first."""
    for i in range(count):
        dispute = disputes.dispute_open(game=game, user=sitter, claim=f"claim {i}", deal=i + 1)
        disputes.dispute_comment(dispute=dispute, user=people.organiser, text=f"comment {i}")
        if i:
            document = json.loads(corrected_bytes(simulated))
            document["deals"][0]["scores"][0] += i
            services.game_correct(
                game=game, content=json.dumps(document).encode(), user=people.scorer, reason=str(i)
            )


@pytest.mark.parametrize("count", [1, 3])
def test_the_game_audit_takes_a_fixed_number_of_queries(
    client, people, game, sitter, simulated, count, django_assert_num_queries
):
    grow(people, game, sitter, simulated, count)
    client.force_login(sitter)
    # 1 session, 2 user, 3 game with its club, 4 the reader's role (may read),
    # 5 the current report's findings, 6 their games' players by seat (for the sentences),
    # 7 revisions (with uploader), 8 their reports,
    # 9 disputes (with people and corrected revision), 10 their events (with actor and revision),
    # 11 the reader's role again (may dispute: organiser?), 12 does the reader sit in the game?
    # (yes: so not asked whether they are the table's scorer), 13 the disputes waiting for the reader (the header's count).
    with django_assert_num_queries(13):
        assert client.get(f"/games/{game.pk}/audit/").status_code == 200
