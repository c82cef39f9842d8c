"""The admin shows every record; append-only ones cannot be changed there either."""

from __future__ import annotations

import pytest
from django.db import IntegrityError, connection, transaction

from games import disputes, services
from games.models import DecidedDisputeError, Dispute
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "model",
    ["club", "player", "game", "gamerevision", "upload", "auditreport", "dispute", "gameconfirmation"],
)
def test_changelists_render(client, people, model):
    game = services.game_upload(club=people.club, content=game_bytes(seed=80), user=people.scorer).game
    disputes.dispute_open(game=game, user=people.organiser, claim="deal 1")
    client.force_login(people.superuser)
    response = client.get(f"/admin/games/{model}/")
    assert response.status_code == 200


def test_a_revision_cannot_be_edited_or_deleted_in_the_admin(client, people):
    revision = services.game_upload(
        club=people.club, content=game_bytes(seed=81), user=people.scorer
    ).revision
    client.force_login(people.superuser)
    page = client.get(f"/admin/games/gamerevision/{revision.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert client.post(f"/admin/games/gamerevision/{revision.pk}/delete/", {"post": "yes"}).status_code == 403


@pytest.fixture
def decided(people):
    game = services.game_upload(club=people.club, content=game_bytes(seed=82), user=people.scorer).game
    dispute = disputes.dispute_open(game=game, user=people.organiser, claim="deal 1 is wrong", deal=1)
    return disputes.dispute_decide(
        dispute=dispute, user=people.organiser, ruling="reject", decision="it is right"
    )


def test_a_dispute_cannot_be_changed_in_the_admin(client, people, decided):
    """Issue 19 (and 21): a decided dispute is final; the admin shows it and its history only."""
    client.force_login(people.superuser)
    page = client.get(f"/admin/games/dispute/{decided.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert b"it is right" in page.content  # the decision and the events are shown
    before = list(Dispute.objects.filter(pk=decided.pk).values_list("status", "decision", "decided_at"))
    response = client.post(
        f"/admin/games/dispute/{decided.pk}/change/",
        {"status": "open", "decision": "changed", "claim": "x", "deal": "1"},
    )
    assert response.status_code == 403
    assert client.post(f"/admin/games/dispute/{decided.pk}/delete/", {"post": "yes"}).status_code == 403
    assert (
        list(Dispute.objects.filter(pk=decided.pk).values_list("status", "decision", "decided_at")) == before
    )


def test_the_model_refuses_to_change_a_decided_dispute(decided):
    decided.decision = "rewritten"
    with pytest.raises(DecidedDisputeError, match="a decision is final"):
        decided.save()
    with pytest.raises(DecidedDisputeError):
        Dispute.objects.filter(pk=decided.pk).update(status="open")
    with pytest.raises(DecidedDisputeError):
        decided.delete()
    with pytest.raises(DecidedDisputeError):
        Dispute.objects.filter(pk=decided.pk).delete()
    assert Dispute.objects.get(pk=decided.pk).decision == "it is right"


@pytest.mark.services  # the trigger is PostgreSQL's; this runs in the PostgreSQL pass
def test_postgresql_refuses_to_change_a_decided_dispute_even_in_raw_sql(decided):
    assert connection.vendor == "postgresql"
    for sql, refusal in (
        ("UPDATE games_dispute SET decision = 'raw' WHERE id = %s", "a decision is final"),
        ("UPDATE games_dispute SET status = 'open' WHERE id = %s", "a decision is final"),
        ("DELETE FROM games_dispute WHERE id = %s", "never deleted"),
    ):
        with (
            pytest.raises(IntegrityError, match=refusal),
            transaction.atomic(),
            connection.cursor() as cursor,
        ):
            cursor.execute(sql, [decided.pk])
