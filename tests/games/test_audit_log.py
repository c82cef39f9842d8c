"""The audit log: who changed a club's record, when, from where and why (issue 11: "Every
change of a score, a revision, a dispute decision or a tie-break order is in an audit log")."""

from __future__ import annotations

import json

import pytest
from django.db import DatabaseError, connection, transaction

from games import disputes, services
from games.append_only import AppendOnlyError
from games.models import AuditEntry
from tests.games.factories import game_bytes, game_document
from tournaments import services as tournaments
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def entries(**filters):
    return list(AuditEntry.objects.filter(**filters).order_by("id"))


def test_an_upload_through_the_api_is_logged_with_who_and_where(api, people):
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/games/",
        game_bytes(seed=5),
        content_type="application/json",
        REMOTE_ADDR="203.0.113.7",
    )
    assert response.status_code == 201
    (entry,) = entries(action="game_recorded")
    assert (entry.club, entry.actor, entry.game_id, entry.revision.number) == (
        people.club,
        people.scorer,
        response.json()["id"],
        1,
    )
    assert entry.ip == "203.0.113.7"
    assert entry.request_id == response["X-Request-ID"]
    assert entry.details["source"] == "api"


def test_behind_a_trusted_proxy_the_forwarded_address_is_kept(api, people, settings):
    settings.AXES_IPWARE_PROXY_COUNT = 1
    api.force_authenticate(people.scorer)
    api.post(
        "/api/v1/clubs/kozyr/games/",
        game_bytes(seed=6),
        content_type="application/json",
        REMOTE_ADDR="10.0.0.2",
        HTTP_X_FORWARDED_FOR="198.51.100.1, 192.0.2.44",
    )
    assert entries(action="game_recorded")[0].ip == "192.0.2.44"


def test_a_duplicate_or_a_rejected_upload_records_no_game(people):
    services.game_upload(club=people.club, content=game_bytes(seed=7), user=people.scorer)
    services.game_upload(club=people.club, content=game_bytes(seed=7), user=people.scorer)
    services.game_upload(club=people.club, content=b"{", user=people.scorer)
    assert len(entries(action="game_recorded")) == 1


def test_a_correction_is_logged_with_its_reason(people):
    document = game_document(seed=8)
    game = services.game_upload(
        club=people.club, content=json.dumps(document).encode(), user=people.scorer
    ).game
    document["deals"][0]["scores"][0] += 1
    services.game_correct(
        game=game, content=json.dumps(document).encode(), user=people.organiser, reason="typo"
    )
    (entry,) = entries(action="game_corrected")
    assert (entry.actor, entry.game, entry.revision.number, entry.reason) == (
        people.organiser,
        game,
        2,
        "typo",
    )
    assert entry.ip is None  # outside a request: no address
    assert entry.details["revision"] == 2


def test_disputes_opened_and_decided_are_logged(people):
    game = services.game_upload(club=people.club, content=game_bytes(seed=9), user=people.scorer).game
    dispute = disputes.dispute_open(game=game, user=people.member, claim="deal 2 is wrong", deal=2)
    disputes.dispute_decide(
        dispute=dispute, user=people.organiser, ruling="reject", decision="the sheet is right"
    )
    opened, decided = entries(action__in=["dispute_opened", "dispute_decided"])
    assert (opened.actor, opened.dispute, opened.reason, opened.details) == (
        people.member,
        dispute,
        "deal 2 is wrong",
        {"deal": 2, "trick": None},
    )
    assert (decided.actor, decided.reason, decided.details) == (
        people.organiser,
        "the sheet is right",
        {"status": "rejected", "ruling": "reject", "revision": None},
    )


def test_every_change_of_the_tiebreak_order_is_logged_and_a_refused_one_is_not(people):
    tournament = tournaments.tournament_create(club=people.club, name="Кубок", user=people.organiser)
    tournaments.tournament_update(tournament=tournament, user=people.organiser, tiebreaks=["lots"])
    (before_start,) = entries(action="tiebreaks_changed")
    assert (before_start.tournament_id, before_start.details["after"], before_start.reason) == (
        tournament.pk,
        ["lots"],
        "",
    )
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    services_error = tournaments.ServiceError
    tournament.refresh_from_db()
    with pytest.raises(services_error, match="needs a reason"):
        tournaments.tournament_update(
            tournament=tournament, user=people.organiser, tiebreaks=["head_to_head"]
        )
    assert len(entries(action="tiebreaks_changed")) == 1  # the refused change left nothing
    tournaments.tournament_update(
        tournament=tournament, user=people.organiser, tiebreaks=["head_to_head"], reason="agreed by all"
    )
    assert entries(action="tiebreaks_changed")[-1].reason == "agreed by all"


def test_organisers_read_the_log_and_no_one_else(api, people):
    services.game_upload(club=people.club, content=game_bytes(seed=10), user=people.scorer)
    url = "/api/v1/clubs/kozyr/audit-log/"
    for user, status in [(people.member, 403), (people.scorer, 403), (people.outsider, 403)]:
        api.force_authenticate(user)
        assert api.get(url).status_code == status, user.username
    api.force_authenticate(people.organiser)
    body = api.get(url).json()
    assert [r["action"] for r in body["results"]] == ["game_recorded"]
    assert body["results"][0]["actor"] == "scorer"
    assert api.get(url, {"action": "dispute_opened"}).json()["results"] == []
    api.force_authenticate(people.superuser)
    assert api.get(url).status_code == 200


def test_the_log_cannot_be_changed_or_deleted(people):
    services.game_upload(club=people.club, content=game_bytes(seed=11), user=people.scorer)
    entry = AuditEntry.objects.get()
    entry.reason = "nothing happened"
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        AuditEntry.objects.all().delete()
    if connection.vendor == "postgresql":  # the database itself refuses, whatever the code path
        for sql in ("UPDATE games_auditentry SET reason = 'x'", "DELETE FROM games_auditentry"):
            with (
                pytest.raises(DatabaseError, match="append-only"),
                transaction.atomic(),
                connection.cursor() as cursor,
            ):
                cursor.execute(sql)
    assert AuditEntry.objects.get().reason == ""
