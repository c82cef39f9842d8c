"""The game audit page and the dispute pages: findings by kind, revisions, disputes decided by organisers."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games import services
from games.models import Dispute, DisputeEvent, Game, GameRevision, Membership, Player
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
        ("scorer", 200, False),
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
        ("scorer", 403),
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


@pytest.fixture
def dispute(game, sitter) -> Dispute:
    return services.dispute_open(game=game, user=sitter, claim="Anna bid 1 and took 0 in deal 5", deal=5)


@pytest.mark.parametrize(
    ("role", "status", "comment", "decide"),
    [
        ("anonymous", 404, False, False),
        ("outsider", 404, False, False),
        ("member", 200, False, False),
        ("sitter", 200, True, False),
        ("scorer", 200, False, False),
        ("organiser", 200, True, True),
    ],
)
def test_who_sees_a_dispute_and_its_forms(client, people, sitter, dispute, role, status, comment, decide):
    sign_in(client, who(people, sitter, role))
    response = client.get(f"/disputes/{dispute.pk}/")
    assert response.status_code == status
    if status == 200:
        html = response.content.decode()
        assert ('id="comment-title"' in html) is comment
        assert ('id="decide-title"' in html) is decide


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("sitter", 302),
        ("scorer", 403),
        ("organiser", 302),
    ],
)
def test_who_may_comment(client, people, sitter, dispute, role, status):
    sign_in(client, who(people, sitter, role))
    response = client.post(f"/disputes/{dispute.pk}/comments/", {"text": "I was there"})
    assert response.status_code == status
    kinds = list(dispute.events.values_list("kind", flat=True))
    if role == "anonymous":
        assert response["Location"] == f"/accounts/login/?next=/disputes/{dispute.pk}/"
    if status == 302 and role != "anonymous":
        assert response["Location"] == f"/disputes/{dispute.pk}/"
        assert kinds == ["opened", "comment"]
    else:
        assert kinds == ["opened"]


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("sitter", 403),
        ("scorer", 403),
        ("organiser", 302),
    ],
)
def test_who_may_decide(client, people, sitter, dispute, role, status):
    sign_in(client, who(people, sitter, role))
    response = client.post(f"/disputes/{dispute.pk}/decision/", {"status": "rejected", "decision": "no"})
    assert response.status_code == status
    dispute.refresh_from_db()
    if role == "organiser":
        assert response["Location"] == f"/disputes/{dispute.pk}/"
        assert dispute.status == Dispute.Status.REJECTED
    else:
        assert dispute.status == Dispute.Status.OPEN
    if role == "anonymous":
        assert response["Location"] == f"/accounts/login/?next=/disputes/{dispute.pk}/"


def test_decision_and_comment_take_only_post(client, people, dispute):
    client.force_login(people.organiser)
    assert client.get(f"/disputes/{dispute.pk}/decision/").status_code == 405
    assert client.get(f"/disputes/{dispute.pk}/comments/").status_code == 405
    assert client.post(f"/disputes/{dispute.pk}/").status_code == 405


def test_a_missing_dispute_is_404(client, people):
    client.force_login(people.organiser)
    assert client.get("/disputes/999/").status_code == 404


# --- the whole story -----------------------------------------------------------------------


def test_open_comment_and_uphold_with_a_corrected_log(client, people, game, sitter, simulated):
    client.force_login(sitter)
    response = client.post(
        f"/games/{game.pk}/audit/", {"claim": "My score in deal 5 is 0, not 10", "deal": "5"}, follow=True
    )
    dispute = Dispute.objects.get()
    assert response.redirect_chain == [(f"/disputes/{dispute.pk}/", 302)]
    assert "Dispute opened. The club&#x27;s organisers will decide it." in response.content.decode()

    client.force_login(people.organiser)
    client.post(f"/disputes/{dispute.pk}/comments/", {"text": "Checking the sheet."})
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {
            "status": "upheld",
            "decision": "The sheet was miscopied.",
            "corrected_text": corrected_bytes(simulated).decode(),
        },
        follow=True,
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Dispute upheld. Revision 2 is now the game&#x27;s log." in html

    dispute.refresh_from_db()
    game.refresh_from_db()
    assert dispute.status == Dispute.Status.UPHELD
    assert dispute.decided_by == people.organiser
    assert dispute.corrected_revision.number == 2
    assert game.current_revision.number == 2
    assert dispute.corrected_revision.reason == f"dispute #{dispute.pk} upheld: The sheet was miscopied."
    events = list(dispute.events.order_by("id"))
    assert [e.kind for e in events] == ["opened", "comment", "upheld"]
    assert [e.actor.username for e in events] == ["anna", "organiser", "organiser"]
    assert events[2].revision.number == 2
    # The page shows the decision, the revision and no more decision form.
    assert '<span class="dispute-status dispute-upheld">Upheld</span>' in html
    assert "Corrected log attached as revision 2." in html
    assert 'id="decide-title"' not in html
    # The game's audit page: revision 2 current, only the reneges left, the dispute's history.
    html = client.get(f"/games/{game.pk}/audit/").content.decode()
    assert re.findall(r'<a href="#kind-(\w+)">', html) == ["RENEGE_UNCORRECTED"]
    assert '<tr id="revision-2" class="current">' in html
    history = html.split(f'id="dispute-{dispute.pk}-title"')[1]
    assert re.findall(r'<li class="event event-(\w+)">', history) == ["opened", "comment", "upheld"]


def test_uphold_with_a_corrected_log_as_a_file(client, people, game, dispute, simulated):
    client.force_login(people.organiser)
    upload = SimpleUploadedFile("fixed.json", corrected_bytes(simulated), content_type="application/json")
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"status": "upheld", "decision": "Miscopied.", "corrected_file": upload},
    )
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert dispute.corrected_revision.number == 2
    assert bytes(GameRevision.objects.get(game=game, number=2).content) == corrected_bytes(simulated)


def test_uphold_with_the_scores_as_recomputed(client, people, game, dispute):
    client.force_login(people.organiser)
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"status": "upheld", "decision": "The replay is right."},
        follow=True,
    )
    assert "Dispute upheld; the scores as recomputed stand." in response.content.decode()
    dispute.refresh_from_db()
    assert (dispute.status, dispute.corrected_revision) == (Dispute.Status.UPHELD, None)
    assert GameRevision.objects.filter(game=game).count() == 1
    assert list(dispute.events.values_list("kind", flat=True)) == ["opened", "upheld"]


def test_the_decision_form_lists_the_recomputed_scores_of_the_deal(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    listed = [
        text(li)
        for li in re.findall(r"<li>(.*?)</li>", html.split('class="recomputed"')[1].split("</ul>")[0])
    ]
    assert listed == [
        "Anna&#x27;s total is written as 64, but the deals add up to 54",
        "deal 5: Anna&#x27;s score for deal 5 is written as 10, but the rules give 0 (bid 1, took 0)",
    ]


def test_reject_needs_a_reason(client, people, dispute):
    client.force_login(people.organiser)
    response = client.post(f"/disputes/{dispute.pk}/decision/", {"status": "rejected", "decision": "  "})
    assert response.status_code == 200
    field = response.content.decode().split('for="id_decision"')[1].split("</p>")[0]
    assert '<span class="error" role="alert">This field is required.</span>' in field
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN
    assert list(dispute.events.values_list("kind", flat=True)) == ["opened"]

    response = client.post(
        f"/disputes/{dispute.pk}/decision/", {"status": "rejected", "decision": "Anna took 1."}, follow=True
    )
    assert "Dispute rejected." in response.content.decode()
    dispute.refresh_from_db()
    assert (dispute.status, dispute.decision) == (Dispute.Status.REJECTED, "Anna took 1.")
    assert list(dispute.events.values_list("kind", flat=True)) == ["opened", "rejected"]


def test_a_decision_must_uphold_or_reject(client, people, dispute):
    client.force_login(people.organiser)
    response = client.post(f"/disputes/{dispute.pk}/decision/", {"decision": "hm"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode().split("<legend>Decision</legend>")[1]
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN


def test_a_malformed_corrected_log_shows_its_path_and_decides_nothing(
    client, people, game, dispute, simulated
):
    document = json.loads(corrected_bytes(simulated))
    document["deals"][0]["bids"] = [1, 2]
    client.force_login(people.organiser)
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"status": "upheld", "decision": "Miscopied.", "corrected_text": json.dumps(document)},
    )
    assert response.status_code == 200
    html = response.content.decode()
    field = html.split('for="id_corrected_text"')[1].split("</p>")[0]
    assert (
        '<span class="error" role="alert">deals[0].bids: must hold one entry per seat (4), not 2</span>'
        in field
    )
    assert 'id="decide-title"' in html  # the form stays, with what was typed
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN
    assert list(dispute.events.values_list("kind", flat=True)) == ["opened"]
    assert GameRevision.objects.filter(game=game).count() == 1


def test_a_corrected_log_that_is_not_json(client, people, dispute):
    client.force_login(people.organiser)
    upload = SimpleUploadedFile("fixed.json", b"{nope", content_type="application/json")
    response = client.post(
        f"/disputes/{dispute.pk}/decision/", {"status": "upheld", "decision": "x", "corrected_file": upload}
    )
    field = response.content.decode().split('for="id_corrected_file"')[1].split("</p>")[0]
    assert '<span class="error" role="alert">the whole document: not JSON: Expecting property name' in field
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN


def test_a_rejection_attaches_no_log(client, people, dispute, simulated):
    client.force_login(people.organiser)
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"status": "rejected", "decision": "No.", "corrected_text": corrected_bytes(simulated).decode()},
    )
    field = response.content.decode().split('for="id_corrected_text"')[1].split("</p>")[0]
    assert "Only an upheld dispute attaches a corrected log." in field
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.OPEN


def test_file_and_pasted_log_together_are_refused(client, people, dispute, simulated):
    client.force_login(people.organiser)
    upload = SimpleUploadedFile("fixed.json", corrected_bytes(simulated))
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"status": "upheld", "decision": "x", "corrected_file": upload, "corrected_text": "{}"},
    )
    assert "Attach the corrected log as a file or paste it, not both." in response.content.decode()
    assert GameRevision.objects.count() == 1


def test_a_decided_dispute_cannot_be_decided_again(client, people, dispute):
    services.dispute_decide(dispute=dispute, user=people.organiser, status="upheld", decision="yes")
    client.force_login(people.organiser)
    assert 'id="decide-title"' not in client.get(f"/disputes/{dispute.pk}/").content.decode()
    response = client.post(f"/disputes/{dispute.pk}/decision/", {"status": "rejected", "decision": "no"})
    assert response.status_code == 200
    assert '<div class="form-errors" role="alert">' in response.content.decode()
    assert "this dispute was already decided (upheld)" in response.content.decode()
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.UPHELD


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


def test_an_empty_comment_is_refused_inline(client, people, dispute):
    client.force_login(people.organiser)
    response = client.post(f"/disputes/{dispute.pk}/comments/", {"text": ""})
    assert response.status_code == 200
    field = response.content.decode().split('for="id_text"')[1].split("</p>")[0]
    assert "This field is required." in field
    assert dispute.events.filter(kind=DisputeEvent.Kind.COMMENT).count() == 0


# --- query counts --------------------------------------------------------------------------


def grow(people, game, sitter, simulated, disputes: int) -> None:
    """Add disputes (each with a comment) and one correction per dispute beyond the first."""
    for i in range(disputes):
        dispute = services.dispute_open(game=game, user=sitter, claim=f"claim {i}", deal=i + 1)
        services.dispute_comment(dispute=dispute, user=people.organiser, text=f"comment {i}")
        if i:
            document = json.loads(corrected_bytes(simulated))
            document["deals"][0]["scores"][0] += i
            services.game_correct(
                game=game, content=json.dumps(document).encode(), user=people.scorer, reason=str(i)
            )


@pytest.mark.parametrize("disputes", [1, 3])
def test_the_game_audit_takes_a_fixed_number_of_queries(
    client, people, game, sitter, simulated, disputes, django_assert_num_queries
):
    grow(people, game, sitter, simulated, disputes)
    client.force_login(sitter)
    # 1 session, 2 user, 3 game with its club, 4 the reader's role (may read),
    # 5 the current report's findings, 6 revisions (with uploader), 7 their reports,
    # 8 disputes (with people and corrected revision), 9 their events (with actor and revision),
    # 10 the reader's role again (may dispute: organiser?), 11 does the reader sit in the game?
    with django_assert_num_queries(11):
        assert client.get(f"/games/{game.pk}/audit/").status_code == 200


@pytest.mark.parametrize("comments", [0, 4])
def test_the_dispute_page_takes_a_fixed_number_of_queries(
    client, people, dispute, comments, django_assert_num_queries
):
    for i in range(comments):
        services.dispute_comment(dispute=dispute, user=people.organiser, text=f"comment {i}")
    client.force_login(people.organiser)
    # 1 session, 2 user, 3 the dispute with game and club, 4 the reader's role (may read),
    # 5 the dispute with its people, 6 its events, 7 role (may decide), 8 role (may comment),
    # 9 the score findings the decision may rely on
    with django_assert_num_queries(9):
        assert client.get(f"/disputes/{dispute.pk}/").status_code == 200
