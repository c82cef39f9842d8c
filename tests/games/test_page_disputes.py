"""The arbiter's desk (games/pages/disputes.py): a dispute settled on one page from the evidence.

The game is the hand-built one of tests/games/disputed_game.py: deal 2 an uncorrected renege of
Anna's whose penalty the sheet wrote to Boris. Recomputed totals Anna 11, Boris 22, Vera 21;
written on the sheet Anna 21, Boris 12, Vera 21. Boris disputes deal 2.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile

from games import disputes, services
from games.models import Dispute, Game, GameRevision
from tests.games import dispute_forms, disputed_game
from tests.games.disputed_game import DOCUMENT, ONE, RENEGE, THREE

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


@pytest.fixture
def game(people) -> Game:
    return disputed_game.upload(people)


@pytest.fixture
def boris(people, game):
    return disputed_game.seat_boris(people)


@pytest.fixture
def dispute(game, boris) -> Dispute:
    return disputes.dispute_open(
        game=game, user=boris, claim="The renege was Anna's: the penalty is hers, not mine", deal=2, trick=1
    )


def who(people, boris, role):
    return {
        "anonymous": None,
        "outsider": people.outsider,
        "member": people.member,
        "player": boris,
        "scorer": people.scorer,
        "organiser": people.organiser,
    }[role]


def sign_in(client, user) -> None:
    client.logout()
    if user is not None:
        client.force_login(user)


def decide(client, dispute, **data: Any):
    return client.post(f"/disputes/{dispute.pk}/decision/", {"action": "save", **data})


# --- who sees and does what -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "status", "comment", "decide_form"),
    [
        ("anonymous", 404, False, False),
        ("outsider", 404, False, False),
        ("member", 200, False, False),
        ("player", 200, True, False),
        ("scorer", 200, True, False),  # the table's scorer is a party (issue 19)
        ("organiser", 200, True, True),
    ],
    ids=["anonymous", "outsider", "member", "player", "scorer", "organiser"],
)
def test_who_sees_the_dispute_and_its_forms(
    client, people, boris, dispute, role, status, comment, decide_form
):
    sign_in(client, who(people, boris, role))
    response = client.get(f"/disputes/{dispute.pk}/")
    assert response.status_code == status
    if status == 200:
        html = response.content.decode()
        assert ('id="comment-title"' in html) is comment
        assert ('id="decide-title"' in html) is decide_form
        assert 'id="evidence"' in html  # the evidence is everyone's who may read the game


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("player", 302),
        ("scorer", 302),
        ("organiser", 302),
    ],
    ids=["anonymous", "outsider", "member", "player", "scorer", "organiser"],
)
def test_who_may_comment(client, people, boris, dispute, role, status):
    sign_in(client, who(people, boris, role))
    response = client.post(f"/disputes/{dispute.pk}/comments/", {"text": "I was there"})
    assert response.status_code == status
    kinds = list(dispute.events.values_list("kind", flat=True))
    assert kinds == (["opened", "comment"] if status == 302 and role != "anonymous" else ["opened"])
    if role == "anonymous":
        assert response["Location"] == f"/accounts/login/?next=/disputes/{dispute.pk}/"


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 302),
        ("outsider", 404),
        ("member", 403),
        ("player", 403),
        ("scorer", 403),
        ("organiser", 302),
    ],
    ids=["anonymous", "outsider", "member", "player", "scorer", "organiser"],
)
def test_who_may_decide(client, people, boris, dispute, role, status):
    sign_in(client, who(people, boris, role))
    response = decide(client, dispute, ruling="reject", decision="no")
    assert response.status_code == status
    dispute.refresh_from_db()
    assert dispute.status == (Dispute.Status.REJECTED if role == "organiser" else Dispute.Status.OPEN)


def test_decision_and_comment_take_only_post(client, people, dispute):
    client.force_login(people.organiser)
    assert client.get(f"/disputes/{dispute.pk}/decision/").status_code == 405
    assert client.get(f"/disputes/{dispute.pk}/comments/").status_code == 405
    assert client.post(f"/disputes/{dispute.pk}/").status_code == 405
    assert client.get("/disputes/999/").status_code == 404


# --- the evidence -----------------------------------------------------------------------------


def test_the_page_replays_the_disputed_deal_at_the_claimed_trick(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    replay = html.split('class="deal-replay evidence-replay oh-hell-deal"')[1]
    assert replay.startswith(' data-replay data-start="1">')  # the claimed trick
    # The deal's stepper: trick 1, Vera leads the K♣, Anna's 4♥ marked as the renege.
    assert 'id="trick-1"' in replay
    assert 'id="trick-2"' in replay
    assert "play kind-play renege" in replay
    assert "Deal 2, replayed" in html


def test_the_findings_of_the_deal_come_with_their_rule(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    findings = html.split('id="evidence-findings"')[1].split('id="evidence-scores"')[0]
    titles = re.findall(r"<strong>([^<]+)</strong>", findings)
    assert titles == [
        "Uncorrected renege",
        "Deal score miscopied",
        "Deal score miscopied",
        "Deal should have been redealt",
    ]
    renege = findings.split('class="rule-finding finding-error"')[1]
    assert "Anna played 4♥ on a ♣ lead while holding 5♣" in renege
    assert "The rule" in renege
    assert "10 points" in text(renege)
    assert "«Если ренонс не был исправлен вовремя" in renege  # the seed's own sentence


def test_the_recorded_and_recomputed_scores_of_every_seat(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    table = html.split('class="score-evidence"')[1].split("</table>")[0]
    rows = [text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)][1:]
    assert rows == [
        "Anna 0 −10 penalty −10 counted differs",
        "Boris −10 0 differs",
        "Vera 0 0",
        "Anna: total 21 11 differs",
        "Boris: total 12 22 differs",
        "Vera: total 21 21",
    ]


def test_another_deal_can_be_shown(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/?deal=3").content.decode()
    assert "Deal 3, replayed" in html
    assert 'data-start="0"' in html  # neither the claimed trick nor a finding's
    assert "The replay found nothing wrong in this deal." in html


def test_the_revisions_with_their_source_and_kept_bytes(client, people, game, dispute):
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    revisions = html.split('id="evidence-revisions"')[1].split("</table>")[0]
    row = text(revisions.split('id="revision-1"')[1].split("</tr>")[0])
    assert "(current)" in row
    assert "(disputed)" in row
    assert "scorer" in row
    assert "API" in row
    assert "first upload" in row
    log = client.get(f"/games/{game.pk}/revisions/1/log/")
    assert log.status_code == 200
    assert log["Content-Disposition"] == f'attachment; filename="game-{game.pk}-r1.json"'
    assert json.loads(log.content) == DOCUMENT
    assert "The game has one revision: nothing to compare yet." in html


def test_two_revisions_side_by_side_deal_by_deal(client, people, game, dispute):
    corrected = json.loads(json.dumps(DOCUMENT))
    corrected["deals"][2]["bids"] = [1, 2, 0]  # Boris bid 2, Vera 0: both now missed
    corrected["deals"][2]["taken"] = [1, 2, 0]
    services.game_correct(
        game=game, content=json.dumps(corrected).encode(), user=people.scorer, reason="the bids of deal 3"
    )
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    # By default: the disputed revision (1) against the current one (2).
    comparison = html.split('id="comparison"')[1].split('id="history-title"')[0]
    assert "What changed from revision 1 to revision 2" in comparison
    assert re.findall(r'<h4 class="change-deal">([^<]+)</h4>', comparison) == ["Deal 3"]
    deal_3 = comparison.split("Deal 3</h4>")[1].split("<h4>")[0]
    rows = [text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", deal_3, re.S)]
    assert rows[1:] == [
        "Bids · Boris 1 2",
        "Bids · Vera 1 0",
        "Tricks taken · Boris 1 2",
        "Tricks taken · Vera 1 0",
        "tricks taken (recomputed) Anna 1, Boris 1, Vera 1 Anna 1, Boris 2, Vera 0",
        "scores (recomputed) Anna 11, Boris 11, Vera 11 Anna 11, Boris 12, Vera 10",
    ]
    totals = [
        text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", comparison.split("<h4>Totals</h4>")[1], re.S)
    ]
    assert totals[1:4] == ["Anna 11 11", "Boris 22 23", "Vera 21 20"]
    # Any two can be asked for: revision 2 against itself is no comparison at all.
    html = client.get(f"/disputes/{dispute.pk}/?from=2&to=1").content.decode()
    assert "What changed from revision 2 to revision 1" in html


# --- deciding ---------------------------------------------------------------------------------


def settled(game: Game) -> tuple[list[int], str, int]:
    game.refresh_from_db()
    return game.totals, game.status, game.current_revision.number


def test_uphold_with_the_recomputed_scores(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(
        client, dispute, ruling="recomputed", decision="The replay is right: the penalty is Anna's."
    )
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling, dispute.corrected_revision) == ("upheld", "recomputed", None)
    assert settled(game) == ([11, 22, 21], "errors", 1)
    assert [(e.kind, e.ruling) for e in dispute.events.order_by("id")] == [
        ("opened", ""),
        ("upheld", "recomputed"),
    ]


def test_correct_the_deal_through_the_form(client, people, game, dispute):
    client.force_login(people.organiser)
    data = {
        "ruling": "correction",
        "mode": "form",
        "deal": "2",
        "revision": "1",
        "decision": "The penalty was written to the wrong player.",
        # The deal as the form shows it, with the sheet's scores as they should have been written…
        **form_fields(client, dispute),
        "d.scores.0": "-10",
        "d.scores.1": "0",
        # …and the totals under them.
        "g.totals.0": "11",
        "g.totals.1": "22",
    }
    preview = client.post(f"/disputes/{dispute.pk}/decision/", {**data, "action": "preview"})
    assert preview.status_code == 200
    shown = text(preview.content.decode().split('id="preview"')[1].split("</section>")[0])
    assert "Scores as written on the sheet · Anna 0 −10" in shown
    assert "Scores as written on the sheet · Boris −10 0" in shown
    assert "The totals do not change." in shown  # the recomputed totals were right all along
    assert GameRevision.objects.filter(game=game).count() == 1  # a preview saves nothing
    response = decide(client, dispute, **data)
    assert response.status_code == 302
    revision = GameRevision.objects.get(game=game, number=2)
    assert (revision.source, revision.reason) == (
        "form",
        f"dispute #{dispute.pk}: The penalty was written to the wrong player.",
    )
    stored = json.loads(bytes(revision.content))
    assert stored["deals"][1]["scores"] == [-10, 0, 0]
    assert stored["totals"] == [11, 22, 21]
    assert stored["deals"][0] == ONE
    assert stored["deals"][2] == THREE
    assert settled(game) == ([11, 22, 21], "errors", 2)  # the renege itself stays a finding
    codes = [f["code"] for f in game.current_report.report["findings"]]
    assert codes == ["RENEGE_UNCORRECTED", "MISSING_REDEAL"]
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling, dispute.corrected_revision.number) == ("upheld", "correction", 2)


def form_fields(client, dispute) -> dict[str, str]:
    return dispute_forms.form_fields(client.get(f"/disputes/{dispute.pk}/").content.decode())


def test_a_form_field_that_is_not_a_number_is_shown_at_its_input(client, people, game, dispute):
    client.force_login(people.organiser)
    fields = {**form_fields(client, dispute), "d.bids.2": "one"}
    response = decide(client, dispute, ruling="correction", mode="form", deal="2", decision="x", **fields)
    assert response.status_code == 400
    html = response.content.decode()
    cell = html.split('name="d.bids.2"')[1].split("</div>")[0]
    assert '<span class="error" role="alert">Write a whole number here.</span>' in cell
    assert 'value="one"' in cell  # what was typed is kept
    assert GameRevision.objects.filter(game=game).count() == 1


def test_an_error_of_the_rules_is_shown_at_the_field_it_names(client, people, game, dispute):
    client.force_login(people.organiser)
    fields = {**form_fields(client, dispute), "d.tricks.0.1": "5C"}  # Anna's 5♣ played twice
    response = decide(client, dispute, ruling="correction", mode="form", deal="2", decision="x", **fields)
    html = response.content.decode()
    assert response.status_code == 302 or "cannot be saved" not in html
    # A card played twice is a finding, not a malformed log: the preview shows it and it saves.
    game.refresh_from_db()
    assert game.current_revision.number == 2
    assert "CARD_NOT_IN_HAND" in [
        f["code"] for f in game.current_report.report["findings"]
    ] or "DUPLICATE_CARD" in [f["code"] for f in game.current_report.report["findings"]]


def test_correct_with_a_whole_log(client, people, game, dispute):
    corrected = json.loads(json.dumps(DOCUMENT))
    corrected["deals"][1]["scores"] = [-10, 0, 0]
    corrected["totals"] = [11, 22, 21]
    content = json.dumps(corrected, ensure_ascii=False, indent=2).encode()
    client.force_login(people.organiser)
    upload = SimpleUploadedFile("fixed.json", content, content_type="application/json")
    response = decide(
        client, dispute, ruling="correction", mode="log", decision="Miscopied.", corrected_file=upload
    )
    assert response.status_code == 302
    revision = GameRevision.objects.get(game=game, number=2)
    assert bytes(revision.content) == content  # the bytes as they came
    assert revision.source == "log"


def test_a_malformed_whole_log_shows_its_line_and_path(client, people, game, dispute):
    client.force_login(people.organiser)
    pasted = json.dumps({**DOCUMENT, "deals": [ONE, {**RENEGE, "bids": [0, 1]}, THREE]}, indent=1)
    response = decide(client, dispute, ruling="correction", mode="log", decision="x", corrected_text=pasted)
    assert response.status_code == 400
    html = response.content.decode()
    # The second deal's bids: the second line of the pasted log that opens a "bids" list.
    line = [i for i, row in enumerate(pasted.splitlines(), 1) if '"bids": [' in row][1]
    assert f"Line {line}, deals[1].bids: must hold one entry per seat (3), not 2" in html
    assert GameRevision.objects.filter(game=game).count() == 1


def test_annul_a_deal(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(client, dispute, ruling="annul", deal="1", decision="A card was seen before the lead.")
    assert response.status_code == 302
    revision = GameRevision.objects.get(game=game, number=2)
    assert revision.source == "ruling"
    assert json.loads(bytes(revision.content))["deals"][0]["arbiter"] == {
        "annul": True,
        "reason": "A card was seen before the lead.",
        "dispute": dispute.pk,
    }
    # Deal 1 scores nothing: 11 − 10, 22 − 11, 21 − 10.
    assert settled(game)[0] == [1, 11, 11]
    deal = game.current_report.report["deals"][0]
    assert (deal["annulled"], deal["scores"]) == (True, [0, 0, 0])


def test_assign_an_adjusted_score(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(
        client,
        dispute,
        ruling="adjust",
        deal="2",
        decision="As if played out.",
        **{"a.0": "10", "a.1": "11", "a.2": "0"},
    )
    assert response.status_code == 302
    # Deal 2 now 10, 11, 0: Anna 10 + 10 + 11, Boris 11 + 11 + 11, Vera 10 + 0 + 11.
    assert settled(game)[0] == [31, 33, 21]
    assert game.current_report.report["deals"][1]["arbiter"]["score"] == [10, 11, 0]


def test_an_adjusted_score_must_be_whole_numbers(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(
        client, dispute, ruling="adjust", deal="2", decision="x", **{"a.0": "10", "a.1": "", "a.2": "0"}
    )
    assert response.status_code == 400
    assert "The adjusted score is not complete: see the form." in response.content.decode()
    assert GameRevision.objects.filter(game=game).count() == 1


def test_waive_the_penalty(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(
        client, dispute, ruling="waive", deal="2", decision="The deck was marked.", **{"p.0": "on"}
    )
    assert response.status_code == 302
    assert settled(game)[0] == [21, 22, 21]  # Anna's 10 back
    deal = game.current_report.report["deals"][1]
    assert deal["penalties"] == [{"seat": 0, "kind": "renege", "points": -10, "status": "waived"}]
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == ("upheld", "waive")


def test_confirm_the_penalty_rejects_the_claim(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(client, dispute, ruling="confirm", deal="2", decision="Anna reneged.", **{"p.0": "on"})
    assert response.status_code == 302
    assert settled(game) == ([11, 22, 21], "errors", 2)
    deal = game.current_report.report["deals"][1]
    assert deal["penalties"] == [{"seat": 0, "kind": "renege", "points": -10, "status": "confirmed"}]
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == ("rejected", "confirm")


def test_a_penalty_ruling_needs_a_seat_that_has_one(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(client, dispute, ruling="waive", deal="2", decision="x")
    assert response.status_code == 400
    # Boris had no penalty: the service refuses a ruling that would do nothing.
    with pytest.raises(services.ServiceError, match="has no penalty in deal 2"):
        disputes.dispute_decide(
            dispute=dispute, user=people.organiser, ruling="waive", decision="x", seats=[1]
        )
    assert GameRevision.objects.filter(game=game).count() == 1


def test_reject_and_the_reasons_are_required(client, people, game, dispute):
    client.force_login(people.organiser)
    response = decide(client, dispute, ruling="reject", decision="  ")
    assert response.status_code == 400
    assert "Write the reasons" in response.content.decode()
    assert (
        decide(client, dispute, ruling="reject", decision="Boris was right to be penalised.").status_code
        == 302
    )
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == ("rejected", "reject")
    assert settled(game) == ([11, 22, 21], "errors", 1)


def test_a_preview_needs_no_reasons_and_htmx_gets_only_the_preview(client, people, game, dispute):
    client.force_login(people.organiser)
    response = client.post(
        f"/disputes/{dispute.pk}/decision/",
        {"action": "preview", "ruling": "annul", "deal": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div class="preview" role="status">')
    assert "<html" not in html
    assert "Deal 1" in html
    assert "annulled" in html
    assert [text(r) for r in re.findall(r"<tr[^>]*>(.*?)</tr>", html.split("<h4>Totals</h4>")[1], re.S)][
        1:
    ] == [
        "Anna 11 1",
        "Boris 22 11",
        "Vera 21 11",
    ]
    dispute.refresh_from_db()
    assert dispute.status == "open"


def test_a_correction_made_meanwhile_is_not_undone(client, people, game, dispute):
    corrected = json.loads(json.dumps(DOCUMENT))
    corrected["deals"][1]["scores"] = [-10, 0, 0]
    services.game_correct(
        game=game, content=json.dumps(corrected).encode(), user=people.scorer, reason="fixed"
    )
    client.force_login(people.organiser)
    response = decide(client, dispute, ruling="annul", deal="1", revision="1", decision="x")
    assert response.status_code == 400
    assert "the game was corrected meanwhile: revision 2 is now its log" in response.content.decode()
    dispute.refresh_from_db()
    assert dispute.status == "open"


def test_a_decided_dispute_is_final(client, people, dispute):
    disputes.dispute_decide(dispute=dispute, user=people.organiser, ruling="recomputed", decision="yes")
    client.force_login(people.organiser)
    html = client.get(f"/disputes/{dispute.pk}/").content.decode()
    assert 'id="decide-title"' not in html
    assert "A decided dispute is final" in html
    response = decide(client, dispute, ruling="reject", decision="no")
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == ("upheld", "recomputed")
    with pytest.raises(services.ServiceError, match=r"already decided \(Upheld\)"):
        disputes.dispute_decide(dispute=dispute, user=people.organiser, ruling="reject", decision="no")


# --- provisional and mail ---------------------------------------------------------------------


def test_a_result_under_dispute_is_provisional_until_decided(client, people, game, boris):
    assert not Game.objects.get(pk=game.pk).provisional
    dispute = disputes.dispute_open(game=game, user=boris, claim="deal 2", deal=2)
    assert Game.objects.get(pk=game.pk).provisional
    client.force_login(people.organiser)
    assert (
        "Until this dispute is decided, the game's result is provisional"
        in client.get(f"/disputes/{dispute.pk}/").content.decode()
    )
    disputes.dispute_decide(dispute=dispute, user=people.organiser, ruling="reject", decision="no")
    assert not Game.objects.get(pk=game.pk).provisional


def test_two_open_disputes_keep_it_provisional_until_both_are_decided(people, game, boris):
    first = disputes.dispute_open(game=game, user=boris, claim="deal 2", deal=2)
    second = disputes.dispute_open(game=game, user=people.organiser, claim="deal 3", deal=3)
    disputes.dispute_decide(dispute=first, user=people.organiser, ruling="reject", decision="no")
    assert Game.objects.get(pk=game.pk).provisional
    disputes.dispute_decide(dispute=second, user=people.organiser, ruling="reject", decision="no")
    assert not Game.objects.get(pk=game.pk).provisional


def test_mail_to_the_organisers_when_opened_and_to_the_players_when_decided(
    people, game, boris, django_capture_on_commit_callbacks
):
    people.organiser.email = "olga@example.org"
    people.organiser.language = "ru"
    people.organiser.save()
    with django_capture_on_commit_callbacks(execute=True):
        dispute = disputes.dispute_open(game=game, user=boris, claim="Штраф не мой", deal=2)
    [opened] = mail.outbox
    assert opened.to == ["olga@example.org"]
    assert opened.subject == f"Клуб «Козырь»: спор {dispute.pk} по партии {game.pk} ждет решения"
    assert "Штраф не мой" in opened.body
    assert f"http://127.0.0.1:8000/disputes/{dispute.pk}/" in opened.body
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        disputes.dispute_decide(
            dispute=dispute, user=people.organiser, ruling="reject", decision="Штраф верен."
        )
    [decided] = mail.outbox
    assert decided.to == ["boris@example.org"]  # the organiser who decided is not mailed
    assert decided.subject == f"Клуб «Козырь»: dispute {dispute.pk} on game {game.pk} is decided"
    assert "Штраф верен." in decided.body
    assert "Rejected" in decided.body


def test_the_organisers_list_of_disputes(client, people, dispute):
    client.force_login(people.organiser)
    html = client.get("/disputes/").content.decode()
    assert (
        f'href="/disputes/{dispute.pk}/"'
        in html.split('id="open-disputes"')[1].split('id="decided-disputes"')[0]
    )
    client.force_login(people.member)
    html = client.get("/disputes/").content.decode()
    assert f'href="/disputes/{dispute.pk}/"' not in html
    client.logout()
    assert client.get("/disputes/").status_code == 302


# --- query counts -----------------------------------------------------------------------------


@pytest.mark.parametrize("comments", [0, 4], ids=["no-comments", "four-comments"])
def test_the_dispute_page_takes_a_fixed_number_of_queries(
    client, people, dispute, comments, django_assert_num_queries
):
    for i in range(comments):
        disputes.dispute_comment(dispute=dispute, user=people.organiser, text=f"comment {i}")
    client.force_login(people.organiser)
    # 1 the dispute (+game, club), 2 session, 3 user, 4 role (may read), 5 the dispute with its
    # people and revisions, 6 its events (+actors, revisions), 7 the game (+club, revision,
    # report), 8 the revisions (+uploaders), 9 their reports, 10 the uploads they came from,
    # 11 the addresses they came from (the audit log), 12 role (may see addresses), 13 the live
    # scorekeeper's draft (none here), 14 role (may comment), 15 role (may decide), 16 the
    # disputes waiting for the reader (the header's count).
    with django_assert_num_queries(16):
        assert client.get(f"/disputes/{dispute.pk}/").status_code == 200


def test_a_deal_not_in_the_game_is_the_disputed_one_instead(client, people, game, dispute):
    """A posted deal number beyond the game (a crafted form) falls back to the dispute's deal."""
    client.force_login(people.organiser)
    response = decide(client, dispute, ruling="annul", deal="999", decision="x")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.current_report.report["deals"][1]["arbiter"]["annul"] is True
