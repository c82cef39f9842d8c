"""Disputes through the API: opening one on a deal and a trick, and deciding it by every ruling
(POST /api/v1/games/{game}/disputes/{dispute}/decision/), the older ``status`` form included.

The game is the hand-built one of tests/games/disputed_game.py: three players, deal 2 an
uncorrected renege of Anna's whose penalty the sheet wrote to Boris. Recomputed totals Anna 11,
Boris 22, Vera 21; Boris disputes deal 2 (trick 1) of revision 1.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.utils import translation
from django.utils.translation import gettext

from games import disputes, services
from games.models import Dispute, Game, GameRevision, Membership
from tests.games import disputed_game
from tests.games.disputed_game import DOCUMENT, ONE, RENEGE, THREE
from tests.games.factories import MembershipFactory, UserFactory

pytestmark = pytest.mark.django_db

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "openapi.yaml"
CLAIM = "The renege was Anna's: the penalty is hers, not mine"


@pytest.fixture(autouse=True)
def language_restored():
    """A request in another language leaves it active in this thread: put English back after."""
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def game(people) -> Game:
    return disputed_game.upload(people)


@pytest.fixture
def boris(people, game):
    return disputed_game.seat_boris(people)


@pytest.fixture
def dispute(game, boris) -> Dispute:
    return disputes.dispute_open(game=game, user=boris, claim=CLAIM, deal=2, trick=1)


def decide(api, dispute: Dispute, **data: Any):
    return api.post(f"/api/v1/games/{dispute.game_id}/disputes/{dispute.pk}/decision/", data, format="json")


def after(game: Game) -> tuple[list[int], int]:
    """The game's totals and its current revision number, as stored now."""
    game.refresh_from_db()
    return game.totals, game.current_revision.number


def corrected_deal_3() -> dict[str, Any]:
    """The log with deal 3's bids and tricks changed: Boris bid and took 2, Vera 0."""
    document = copy.deepcopy(DOCUMENT)
    document["deals"][2]["bids"] = [1, 2, 0]
    document["deals"][2]["taken"] = [1, 2, 0]
    return document


# --- every ruling ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "status", "ruling", "totals", "revision"),
    [
        ({"ruling": "recomputed"}, "upheld", "recomputed", [11, 22, 21], None),
        # Deal 3 now: Anna 11, Boris 12 (bid 2 took 2), Vera 10 (bid 0 took 0).
        ({"ruling": "correction", "document": corrected_deal_3()}, "upheld", "correction", [11, 23, 20], 2),
        # Deal 1 scores nothing: 11 − 10, 22 − 11, 21 − 10.
        ({"ruling": "annul", "deal": 1}, "upheld", "annul", [1, 11, 11], 2),
        # Deal 2 assigned 10, 11, 0: Anna 10 + 10 + 11, Boris 11 + 11 + 11, Vera 10 + 0 + 11.
        ({"ruling": "adjust", "score": [10, 11, 0]}, "upheld", "adjust", [31, 33, 21], 2),
        ({"ruling": "waive", "seats": [0]}, "upheld", "waive", [21, 22, 21], 2),  # Anna's 10 back
        ({"ruling": "confirm", "seats": [0]}, "rejected", "confirm", [11, 22, 21], 2),
        ({"ruling": "reject"}, "rejected", "reject", [11, 22, 21], None),
    ],
    ids=["recomputed", "correction", "annul", "adjust", "waive", "confirm", "reject"],
)
def test_each_ruling(api, people, game, dispute, data, status, ruling, totals, revision):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, decision="Decided on the evidence.", **data)
    assert response.status_code == 200, response.content
    body = response.json()
    assert (body["status"], body["ruling"], body["corrected_revision"]) == (status, ruling, revision)
    assert (body["decision"], body["decided_by"]) == ("Decided on the evidence.", "organiser")
    assert body["revision"] == 1  # the revision disputed stays the one it was opened on
    assert [(e["kind"], e["ruling"], e["revision"]) for e in body["events"]] == [
        ("opened", "", 1),
        (status, ruling, revision),
    ]
    assert after(game) == (totals, revision or 1)
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == (status, ruling)


@pytest.mark.parametrize(
    ("data", "arbiter", "details"),
    [
        ({"ruling": "annul", "deal": 1}, {"annul": True}, {"deal": 1, "seats": [], "score": None}),
        (
            {"ruling": "adjust", "score": [10, 11, 0]},
            {"score": [10, 11, 0]},
            {"deal": 2, "seats": [], "score": [10, 11, 0]},
        ),
        ({"ruling": "waive", "seats": [0]}, {"waive": [0]}, {"deal": 2, "seats": [0], "score": None}),
        ({"ruling": "confirm", "seats": [0]}, {"confirm": [0]}, {"deal": 2, "seats": [0], "score": None}),
    ],
    ids=["annul", "adjust", "waive", "confirm"],
)
def test_a_ruling_on_a_deal_is_written_into_the_log_beside_it(
    api, people, game, dispute, data, arbiter, details
):
    api.force_authenticate(people.organiser)
    assert decide(api, dispute, decision="So ruled.", **data).status_code == 200
    revision = GameRevision.objects.get(game=game, number=2)
    assert (revision.source, revision.reason) == ("ruling", f"dispute #{dispute.pk}: So ruled.")
    stored = json.loads(bytes(revision.content))
    number = details["deal"]
    assert stored["deals"][number - 1]["arbiter"] == {**arbiter, "reason": "So ruled.", "dispute": dispute.pk}
    others = [d for i, d in enumerate(stored["deals"], 1) if i != number]
    assert all("arbiter" not in d for d in others)
    # The dispute's GET shows the ruling's event with what it named.
    shown = api.get(f"/api/v1/games/{game.pk}/disputes/{dispute.pk}/").json()
    assert shown["events"][-1]["details"] == details
    assert shown["events"][0]["details"] == {"deal": 2, "trick": 1}


@pytest.mark.parametrize(
    ("data", "details"),
    [
        ({"ruling": "recomputed"}, {}),
        ({"ruling": "correction", "document": corrected_deal_3()}, {"changed_deals": [3]}),
        ({"ruling": "reject"}, {}),
    ],
    ids=["recomputed", "correction", "reject"],
)
def test_the_decisions_event_details(api, people, game, dispute, data, details):
    api.force_authenticate(people.organiser)
    body = decide(api, dispute, decision="Decided.", **data).json()
    assert body["events"][-1]["details"] == details


def test_a_waived_and_a_confirmed_penalty_in_the_report(api, people, game, boris):
    api.force_authenticate(people.organiser)
    first = disputes.dispute_open(game=game, user=boris, claim=CLAIM, deal=2)
    assert decide(api, first, ruling="waive", seats=[0], decision="The deck was marked.").status_code == 200
    game.refresh_from_db()
    assert game.current_report.report["deals"][1]["penalties"] == [
        {"seat": 0, "kind": "renege", "points": -10, "status": "waived"}
    ]
    second = disputes.dispute_open(game=game, user=boris, claim="After all", deal=2)
    assert decide(api, second, ruling="confirm", seats=[0], decision="Anna reneged.").status_code == 200
    game.refresh_from_db()
    assert game.current_report.report["deals"][1]["penalties"] == [
        {"seat": 0, "kind": "renege", "points": -10, "status": "confirmed"}
    ]
    assert after(game) == ([11, 22, 21], 3)


# --- the older status form ------------------------------------------------------------------


def test_legacy_upheld_alone_is_the_recomputed_scores(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, status="upheld", decision="The replay is right.")
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["ruling"], body["corrected_revision"]) == ("upheld", "recomputed", None)
    assert after(game) == ([11, 22, 21], 1)


def test_legacy_upheld_with_a_document_is_a_correction(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, status="upheld", decision="Miscopied.", document=corrected_deal_3())
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["ruling"], body["corrected_revision"]) == ("upheld", "correction", 2)
    assert after(game) == ([11, 23, 20], 2)
    revision = GameRevision.objects.get(game=game, number=2)
    assert json.loads(bytes(revision.content)) == corrected_deal_3()
    assert revision.reason == f"dispute #{dispute.pk}: Miscopied."


def test_legacy_rejected_is_a_reject(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, status="rejected", decision="Boris was right to be penalised.")
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["ruling"], body["corrected_revision"]) == ("rejected", "reject", None)
    assert after(game) == ([11, 22, 21], 1)


CONTRADICTIONS = pytest.mark.parametrize(
    ("status", "ruling", "message"),
    [
        ("rejected", "recomputed", "the ruling 'recomputed' does not reject the dispute"),
        ("rejected", "waive", "the ruling 'waive' does not reject the dispute"),
        ("upheld", "reject", "the ruling 'reject' does not uphold the dispute"),
        ("upheld", "confirm", "the ruling 'confirm' does not uphold the dispute"),
    ],
    ids=["rejected-recomputed", "rejected-waive", "upheld-reject", "upheld-confirm"],
)


@CONTRADICTIONS
def test_a_status_that_contradicts_the_ruling_is_refused(api, people, game, dispute, status, ruling, message):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, status=status, ruling=ruling, seats=[0], decision="x")
    assert response.status_code == 400
    assert response.json()["error"]["path"] == "status"
    dispute.refresh_from_db()
    assert dispute.status == "open"
    assert after(game) == ([11, 22, 21], 1)


@CONTRADICTIONS
def test_the_refusal_says_what_the_ruling_does_not_do(api, people, game, dispute, status, ruling, message):
    # The verb is the status's own (once cut with status[:-2], which gave "uphe" for "upheld").
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, status=status, ruling=ruling, seats=[0], decision="x")
    assert (response.json()["error"]["path"], response.json()["error"]["message"]) == ("status", message)


def test_a_status_that_agrees_with_the_ruling_is_taken(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, status="rejected", ruling="confirm", seats=[0], decision="Anna reneged.")
    assert response.status_code == 200
    assert (response.json()["status"], response.json()["ruling"]) == ("rejected", "confirm")


def test_neither_ruling_nor_status_is_refused(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, decision="x")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["path"], error["message"]) == ("ruling", "give the decision's ruling (or its status)")
    dispute.refresh_from_db()
    assert dispute.status == "open"


# --- refused decisions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seats", "who"),
    [([1], "Boris"), ([2], "Vera")],
    ids=["boris", "vera"],
)
@pytest.mark.parametrize("ruling", ["waive", "confirm"], ids=["waive", "confirm"])
def test_a_ruling_on_a_seat_without_a_penalty_is_a_conflict(api, people, game, dispute, ruling, seats, who):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, ruling=ruling, seats=seats, decision="x")
    assert response.status_code == 409
    assert response.json() == {
        "error": {
            "path": "ruling",
            "message": f"{who} has no penalty in deal 2 to rule on",
            "code": "RULING_NOT_APPLICABLE",
            "params": {"player": who, "seat": seats[0], "deal": 2},
            "text": f"{who} has no penalty in deal 2 to rule on",
        }
    }
    assert after(game) == ([11, 22, 21], 1)
    dispute.refresh_from_db()
    assert dispute.status == "open"


def test_a_penalty_ruling_without_seats_is_a_conflict(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, ruling="waive", decision="x")
    assert response.status_code == 409
    assert response.json() == {
        "error": {
            "path": "ruling",
            "message": "say whose penalty is ruled on",
            "code": "RULING_SEATS_MISSING",
            "params": {},
            "text": "say whose penalty is ruled on",
        }
    }


def test_a_malformed_corrected_log_names_its_path_under_document(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    broken = copy.deepcopy(DOCUMENT)
    broken["deals"] = [ONE, {**RENEGE, "bids": [0, 1]}, THREE]
    response = decide(api, dispute, ruling="correction", document=broken, decision="x")
    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "path": "document.deals[1].bids",
            "message": "must hold one entry per seat (3), not 2",
            "code": "OHHELL_SEAT_COUNT",
            "params": {"players": 3, "count": 2},
            "text": "must hold one entry per seat (3), not 2",
        }
    }
    assert after(game) == ([11, 22, 21], 1)
    dispute.refresh_from_db()
    assert dispute.status == "open"


def test_an_adjusted_score_of_the_wrong_shape_names_its_path_under_ruling(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, ruling="adjust", score=[10, 11], decision="x")
    assert response.status_code == 400
    error = response.json()["error"]
    assert error == {
        "path": "ruling.deals[1].arbiter.score",
        "message": "must hold one entry per seat (3), not 2",
        "code": "OHHELL_SEAT_COUNT",
        "params": {"players": 3, "count": 2},
        "text": "must hold one entry per seat (3), not 2",
    }
    assert after(game) == ([11, 22, 21], 1)


def test_a_stale_revision_is_a_conflict(api, people, game, dispute):
    services.game_correct(
        game=game, content=json.dumps(corrected_deal_3()).encode(), user=people.scorer, reason="deal 3's bids"
    )
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, ruling="annul", deal=1, revision=1, decision="x")
    assert response.status_code == 409
    stale = (
        "the game was corrected meanwhile: revision 2 is now its log, not 1; "
        "look at it again before correcting it"
    )
    assert response.json() == {
        "error": {
            "path": "ruling",
            "message": stale,
            "code": "REVISION_STALE",
            "params": {"now": 2, "seen": 1},
            "text": stale,
        }
    }
    assert after(game) == ([11, 23, 20], 2)
    dispute.refresh_from_db()
    assert dispute.status == "open"
    # Looking at revision 2, the same ruling goes through.
    again = decide(api, dispute, ruling="annul", deal=1, revision=2, decision="x")
    assert again.status_code == 200
    assert again.json()["corrected_revision"] == 3


def test_a_stale_revision_refuses_a_correction_too(api, people, game, dispute):
    services.game_correct(
        game=game, content=json.dumps(corrected_deal_3()).encode(), user=people.scorer, reason="deal 3's bids"
    )
    fixed = copy.deepcopy(DOCUMENT)
    fixed["deals"][1]["scores"] = [-10, 0, 0]
    api.force_authenticate(people.organiser)
    response = decide(api, dispute, ruling="correction", document=fixed, revision=1, decision="x")
    assert response.status_code == 409
    assert after(game) == ([11, 23, 20], 2)


def test_deciding_twice_is_a_conflict(api, people, game, dispute):
    api.force_authenticate(people.organiser)
    assert decide(api, dispute, ruling="waive", seats=[0], decision="yes").status_code == 200
    again = decide(api, dispute, ruling="reject", decision="changed my mind")
    assert again.status_code == 409
    assert again.json() == {
        "error": {
            "path": "ruling",
            "message": "this dispute was already decided (Upheld)",
            "code": "DISPUTE_ALREADY_DECIDED",
            "params": {"dispute_status": "upheld"},
            "text": "this dispute was already decided (Upheld)",
        }
    }
    dispute.refresh_from_db()
    assert (dispute.status, dispute.ruling) == ("upheld", "waive")
    assert after(game) == ([21, 22, 21], 2)


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 401), ("outsider", 404), ("member", 403), ("scorer", 403), ("player", 403)],
    ids=["anonymous", "outsider", "member", "scorer", "player"],
)
def test_only_an_organiser_decides(api, people, game, boris, dispute, role, status):
    user = {
        "anonymous": None,
        "outsider": people.outsider,
        "member": people.member,
        "scorer": people.scorer,
        "player": boris,
    }[role]
    if user is not None:
        api.force_authenticate(user)
    assert decide(api, dispute, ruling="reject", decision="no").status_code == status
    dispute.refresh_from_db()
    assert dispute.status == "open"


def test_a_token_decides_as_its_user(api, people, game, dispute):
    from accounts.tokens import token_issue

    _token, key = token_issue(user=people.organiser)
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = decide(api, dispute, ruling="annul", deal=2, decision="A card was seen.")
    assert response.status_code == 200
    assert response.json()["decided_by"] == "organiser"
    # Deal 2 annulled: nobody scores it, but Anna's renege still costs her 10.
    assert after(game) == ([11, 22, 21], 2)


# --- opening and reading --------------------------------------------------------------------


def test_opening_with_a_trick_stores_it(api, people, game, boris):
    api.force_authenticate(boris)
    response = api.post(
        f"/api/v1/games/{game.pk}/disputes/", {"claim": CLAIM, "deal": 2, "trick": 2}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["deal"], body["trick"], body["revision"], body["status"], body["ruling"]) == (
        2,
        2,
        1,
        "open",
        "",
    )
    assert (body["raised_by"], body["claim"]) == ("boris", CLAIM)
    assert [(e["kind"], e["ruling"], e["details"]) for e in body["events"]] == [
        ("opened", "", {"deal": 2, "trick": 2})
    ]
    stored = Dispute.objects.get(pk=body["id"])
    assert (stored.deal, stored.trick, stored.revision.number) == (2, 2, 1)


def test_a_trick_without_a_deal_is_refused(api, people, game, boris):
    api.force_authenticate(boris)
    response = api.post(f"/api/v1/games/{game.pk}/disputes/", {"claim": CLAIM, "trick": 1}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "error": {
            "path": "deal",
            "message": "say which deal the trick is in",
            "code": "DISPUTE_TRICK_WITHOUT_DEAL",
            "params": {},
            "text": "say which deal the trick is in",
        }
    }
    assert not Dispute.objects.filter(game=game).exists()


def test_the_dispute_shows_its_revision_trick_ruling_and_events(api, people, game, boris, dispute):
    api.force_authenticate(people.organiser)
    decide(api, dispute, ruling="adjust", score=[10, 11, 0], decision="As if played out.")
    api.force_authenticate(boris)
    body = api.get(f"/api/v1/games/{game.pk}/disputes/{dispute.pk}/").json()
    assert (body["revision"], body["deal"], body["trick"], body["ruling"], body["status"]) == (
        1,
        2,
        1,
        "adjust",
        "upheld",
    )
    assert body["corrected_revision"] == 2
    assert [(e["kind"], e["ruling"], e["actor"], e["revision"], e["details"]) for e in body["events"]] == [
        ("opened", "", "boris", 1, {"deal": 2, "trick": 1}),
        ("upheld", "adjust", "organiser", 2, {"deal": 2, "seats": [], "score": [10, 11, 0]}),
    ]
    listed = api.get(f"/api/v1/games/{game.pk}/disputes/").json()
    assert listed == [body]


# --- the committed schema ------------------------------------------------------------------


def test_the_answers_match_the_committed_schema(api, people, game, boris):
    """Each kind of answer of a real dispute, checked against docs/openapi.yaml (as the
    scorekeeper's API test does).

    BUG (games/serializers.py and docs/openapi.yaml): ``ruling`` of a dispute and of its events
    is ``""`` until a decision (an open dispute; its "opened" and "comment" events), but the
    schema gives it only RulingEnum, which has no blank (the read-only ModelSerializer field
    drops ``allow_blank``, so no BlankEnum / nullable is generated): every dispute answer
    violates the committed schema. Allowing "" in RulingEnum's place, everything below passes.
    """
    import requests
    import schemathesis
    from schemathesis.core.transport import Response

    schema = schemathesis.openapi.from_path(SCHEMA)

    def check(method: str, path: str, response) -> None:
        answer = Response(
            status_code=response.status_code,
            headers={name: [value] for name, value in response.items()},
            content=response.content,
            request=requests.Request(method, f"http://testserver/api/v1{path}").prepare(),
            elapsed=0.0,
            verify=True,
        )
        schema[f"/api/v1{path}"][method].validate_response(answer)

    api.force_authenticate(boris)
    opened = api.post(
        f"/api/v1/games/{game.pk}/disputes/", {"claim": CLAIM, "deal": 2, "trick": 1}, format="json"
    )
    assert opened.status_code == 201
    check("POST", "/games/{id}/disputes/", opened)
    pk = opened.json()["id"]
    check("GET", "/games/{id}/disputes/{dispute_pk}/", api.get(f"/api/v1/games/{game.pk}/disputes/{pk}/"))
    api.force_authenticate(people.organiser)
    path = f"/api/v1/games/{game.pk}/disputes/{pk}/decision/"
    refused = api.post(path, {"ruling": "waive", "seats": [1], "decision": "x"}, format="json")
    assert refused.status_code == 409
    check("POST", "/games/{id}/disputes/{dispute_pk}/decision/", refused)
    malformed = api.post(
        path, {"ruling": "correction", "document": {"game": "oh-hell"}, "decision": "x"}, format="json"
    )
    assert malformed.status_code == 400
    check("POST", "/games/{id}/disputes/{dispute_pk}/decision/", malformed)
    decided = api.post(path, {"ruling": "waive", "seats": [0], "decision": "yes"}, format="json")
    assert decided.status_code == 200
    check("POST", "/games/{id}/disputes/{dispute_pk}/decision/", decided)
    check("GET", "/games/{id}/disputes/", api.get(f"/api/v1/games/{game.pk}/disputes/"))


# --- mail in the reader's language ----------------------------------------------------------

OPENED = "%(club)s: dispute %(n)s on game %(g)s is waiting for a decision"
DECIDED = "%(club)s: dispute %(n)s on game %(g)s is decided"


def in_language(language: str, msgid: str, **values: Any) -> str:
    """What the catalogue of ``language`` makes of ``msgid`` (so the test holds whether or not the
    catalogue has the translation yet)."""
    with translation.override(language):
        return gettext(msgid) % values


@pytest.fixture
def organisers(people):
    """Three organisers of the club: one reading Ukrainian, one with no language of their own,
    one without an email address."""
    people.organiser.email = "olena@example.org"
    people.organiser.language = "uk"
    people.organiser.save()
    plain = MembershipFactory(
        club=people.club,
        role=Membership.Role.ORGANISER,
        user=UserFactory(username="pavel", email="pavel@example.org", language=""),
    ).user
    silent = MembershipFactory(
        club=people.club, role=Membership.Role.ORGANISER, user=UserFactory(username="silent", email="")
    ).user
    return people.organiser, plain, silent


def opened_subject(language: str, dispute: Dispute) -> str:
    return in_language(language, OPENED, club="Клуб «Козырь»", n=dispute.pk, g=dispute.game_id)


@pytest.mark.parametrize("request_language", ["ru", "en"], ids=["ru", "en"])
def test_the_opened_mail_is_in_each_organisers_language(
    people, game, boris, organisers, request_language, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True), translation.override(request_language):
        dispute = disputes.dispute_open(game=game, user=boris, claim=CLAIM, deal=2)
    assert sorted(m.to[0] for m in mail.outbox) == ["olena@example.org", "pavel@example.org"]
    by_reader = {m.to[0]: m for m in mail.outbox}
    uk, other = by_reader["olena@example.org"], by_reader["pavel@example.org"]
    assert uk.subject == opened_subject("uk", dispute)
    assert uk.body.startswith(in_language("uk", "Hello, %(name)s.", name="organiser"))
    assert in_language("uk", "The claim:") in uk.body
    assert other.subject == opened_subject(request_language, dispute)
    assert other.body.startswith(in_language(request_language, "Hello, %(name)s.", name="pavel"))
    assert in_language(request_language, "The claim:") in other.body
    for message in (uk, other):
        assert CLAIM in message.body
        assert f"http://127.0.0.1:8000/disputes/{dispute.pk}/" in message.body


def test_the_ukrainian_mail_is_not_the_russian_one(
    people, game, boris, organisers, django_capture_on_commit_callbacks
):
    """Olena reads Ukrainian, Pavel gets the opening request's Russian: their greetings differ,
    as the two catalogues do."""
    with django_capture_on_commit_callbacks(execute=True), translation.override("ru"):
        disputes.dispute_open(game=game, user=boris, claim=CLAIM, deal=2)
    by_reader = {m.to[0]: m for m in mail.outbox}
    greeting_uk = in_language("uk", "Hello, %(name)s.", name="organiser")
    greeting_ru = in_language("ru", "Hello, %(name)s.", name="pavel")
    assert greeting_uk.split(",")[0] != greeting_ru.split(",")[0] != "Hello"
    assert by_reader["olena@example.org"].body.startswith(greeting_uk)
    assert by_reader["pavel@example.org"].body.startswith(greeting_ru)


def test_the_mail_of_a_dispute_opened_through_the_api_is_in_the_requests_language(
    api, people, game, boris, organisers, django_capture_on_commit_callbacks
):
    api.force_authenticate(boris)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/v1/games/{game.pk}/disputes/",
            {"claim": CLAIM, "deal": 2, "trick": 1},
            format="json",
            HTTP_ACCEPT_LANGUAGE="ru",
        )
    assert response.status_code == 201
    dispute = Dispute.objects.get(pk=response.json()["id"])
    by_reader = {m.to[0]: m for m in mail.outbox}
    assert set(by_reader) == {"olena@example.org", "pavel@example.org"}
    assert by_reader["pavel@example.org"].subject == opened_subject("ru", dispute)
    assert by_reader["olena@example.org"].subject == opened_subject("uk", dispute)


def test_no_mail_for_users_without_an_email(people, game, boris, django_capture_on_commit_callbacks):
    # No organiser of the club has an address: nobody is mailed, and nothing fails.
    assert not people.organiser.email
    with django_capture_on_commit_callbacks(execute=True):
        dispute = disputes.dispute_open(game=game, user=boris, claim=CLAIM, deal=2)
    assert mail.outbox == []
    boris.email = ""
    boris.save()
    with django_capture_on_commit_callbacks(execute=True):
        disputes.dispute_decide(dispute=dispute, user=people.organiser, ruling="reject", decision="No.")
    assert mail.outbox == []


def test_the_decided_mail_is_in_the_players_language(
    api, people, game, boris, organisers, django_capture_on_commit_callbacks
):
    boris.language = "uk"
    boris.save()
    dispute = disputes.dispute_open(game=game, user=boris, claim=CLAIM, deal=2)
    mail.outbox.clear()
    api.force_authenticate(people.organiser)
    with django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/v1/games/{game.pk}/disputes/{dispute.pk}/decision/",
            {"ruling": "waive", "seats": [0], "decision": "The deck was marked."},
            format="json",
            HTTP_ACCEPT_LANGUAGE="ru",
        )
    assert response.status_code == 200
    [decided] = mail.outbox
    assert decided.to == ["boris@example.org"]
    assert decided.subject == in_language("uk", DECIDED, club="Клуб «Козырь»", n=dispute.pk, g=game.pk)
    assert "The deck was marked." in decided.body
