"""Revisions, reports, findings, uploads, dispute events, confirmations, import files, the audit
log and the tie-break change log are append-only, and a decided dispute is final, through every
path (issue 21, item 11): the model, the queryset, the ORM's base manager and raw SQL — on SQLite
as on PostgreSQL (games/append_only.py)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection, transaction

from games import disputes
from games.append_only import AppendOnlyError, AppendOnlyModel, append_only_tables
from games.models import AuditEntry, Dispute, GameRevision, Upload
from tests.games import disputed_game
from tournaments import services as tournaments
from tournaments.models import TiebreakChange, Tournament

pytestmark = pytest.mark.django_db

EXPECTED = {
    "games_auditentry",
    "games_auditreport",
    "games_bulkimportfile",
    "games_dealseat",
    "games_disputeevent",
    "games_finding",
    "games_gameconfirmation",
    "games_gamerevision",
    "games_upload",
    "scorekeeper_draftentry",
    "tournaments_tiebreakchange",
}


def test_every_append_only_model_is_known():
    assert set(append_only_tables()) == EXPECTED


def refused_sql(sql: str, params: list) -> str:
    with pytest.raises(DatabaseError) as raised, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(sql, params)
    return str(raised.value)


@pytest.fixture
def recorded(people):
    """A game with a revision, a report, findings, an upload, the audit log, and a tie-break change."""
    game = disputed_game.upload(people)
    tournament = tournaments.tournament_create(club=people.club, name="Кубок", user=people.organiser)
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.RUNNING)
    tournament.refresh_from_db()
    tournaments.tournament_update(
        tournament=tournament, user=people.organiser, tiebreaks=["lots"], reason="по жребию"
    )
    return game


@pytest.mark.parametrize(
    "model",
    [GameRevision, Upload, AuditEntry, TiebreakChange],
    ids=["revision", "upload", "audit-entry", "tiebreak-change"],
)
def test_no_path_changes_a_kept_row(recorded, model):
    row = model.objects.order_by("pk").first()
    assert row is not None, model
    assert issubclass(model, AppendOnlyModel)
    with pytest.raises(AppendOnlyError):
        model.objects.filter(pk=row.pk).update(pk=row.pk)
    with pytest.raises(AppendOnlyError):
        model._base_manager.filter(pk=row.pk).update(pk=row.pk)  # the ORM's base manager too
    with pytest.raises(AppendOnlyError):
        model._base_manager.filter(pk=row.pk).delete()
    with pytest.raises(AppendOnlyError):
        row.delete()
    table = model._meta.db_table
    assert "append-only" in refused_sql(f'UPDATE "{table}" SET id = id WHERE id = %s', [row.pk])  # noqa: S608 - a model's own table
    assert "append-only" in refused_sql(f'DELETE FROM "{table}" WHERE id = %s', [row.pk])  # noqa: S608 - a model's own table
    assert model.objects.filter(pk=row.pk).exists()


def test_a_decided_dispute_is_final_in_the_database(people, recorded):
    boris = disputed_game.seat_boris(people)
    dispute = disputes.dispute_open(game=recorded, user=boris, deal=2, claim="ренонс")
    # Open: its decision may still change it.
    with connection.cursor() as cursor:
        cursor.execute("UPDATE games_dispute SET claim = claim WHERE id = %s", [dispute.pk])
    Dispute.objects.filter(pk=dispute.pk).update(status="rejected")  # as if decided
    assert "final" in refused_sql("UPDATE games_dispute SET status = 'open' WHERE id = %s", [dispute.pk])
    assert "never deleted" in refused_sql("DELETE FROM games_dispute WHERE id = %s", [dispute.pk])
