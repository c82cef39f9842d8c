"""export_club / import_club: a club's complete archive restored into an empty database with
identical reports and standings (issue 11, "Backups")."""

from __future__ import annotations

import io
import json
import zipfile

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from games.models import AuditReport, Club, Dispute, DisputeEvent, Game, GameRevision, Upload
from tournaments.backup import CLUB_ROWS, LEFT_OUT, ArchiveError, export_club, import_club
from tournaments.models import Rating, Standing, Tournament

pytestmark = pytest.mark.django_db(databases=["default", "restore"])


def test_every_model_is_archived_or_left_out_for_a_reason():
    archived = {label for label, _ in CLUB_ROWS} | set(LEFT_OUT) | {get_user_model()._meta.label}
    ours = {
        m._meta.label for m in apps.get_models() if m._meta.app_label in ("accounts", "games", "tournaments")
    }
    assert ours <= archived, f"not archived and not left out: {sorted(ours - archived)}"


def snapshot(using: str) -> dict[str, object]:
    """What must survive the round trip, read from database ``using``."""
    return {
        "games": [
            (g.pk, g.game_type, g.status, g.current_revision_id, g.public)
            for g in Game.objects.using(using).order_by("pk")
        ],
        "reports": [
            (r.pk, r.game_id, json.dumps(r.report, sort_keys=True))
            for r in AuditReport.objects.using(using).order_by("pk")
        ],
        "revisions": [
            (r.pk, r.game_id, bytes(r.content)) for r in GameRevision.objects.using(using).order_by("pk")
        ],
        "uploads": [(u.pk, u.outcome, bytes(u.content)) for u in Upload.objects.using(using).order_by("pk")],
        "standings": [
            (s.tournament_id, s.player.display_name, s.rank, s.points, s.games)
            for s in Standing.objects.using(using).select_related("player").order_by("tournament", "player")
        ],
        "ratings": [
            (r.player_id, r.game_type, r.mu, r.sigma) for r in Rating.objects.using(using).order_by("pk")
        ],
        "disputes": [(d.pk, d.status) for d in Dispute.objects.using(using).order_by("pk")],
        "dispute_events": DisputeEvent.objects.using(using).count(),
        "tournaments": [
            (t.pk, t.name, t.game_type, t.ruleset, t.status)
            for t in Tournament.objects.using(using).order_by("pk")
        ],
    }


def test_the_demo_club_round_trips_into_an_empty_database(tmp_path):
    call_command("load_demo", verbosity=0)
    before = snapshot("default")
    assert len(before["games"]) > 10
    assert before["standings"]
    assert before["disputes"]
    path = tmp_path / "kozyr.zip"
    call_command("export_club", "kozyr", output=str(path), verbosity=0)
    with zipfile.ZipFile(path) as archive:
        manifest = json.loads(archive.read("manifest.json"))
    assert (manifest["format"], manifest["version"], manifest["club"]["slug"]) == (
        "trickbook-club-archive",
        1,
        "kozyr",
    )
    assert manifest["counts"]["games.Game"] == len(before["games"])

    assert not Club.objects.using("restore").exists()
    out = io.StringIO()
    call_command("import_club", str(path), database="restore", stdout=out)
    assert "restored club 'kozyr'" in out.getvalue()
    assert snapshot("restore") == before
    # The members sign in again with their own passwords.
    olga = get_user_model().objects.using("restore").get(username="olga")
    assert olga.check_password("trickbook-demo")
    # The restored database goes on: new rows take keys after the restored ones.
    club = Club.objects.using("restore").get(slug="kozyr")
    newcomer = club.players.db_manager("restore").create(club=club, display_name="Новичок")
    assert newcomer.pk > max(p.pk for p in club.players.using("restore").exclude(pk=newcomer.pk))


def test_an_archive_restores_only_into_a_database_without_its_rows():
    call_command("load_demo", verbosity=0)
    raw = export_club("kozyr")
    with pytest.raises(ArchiveError, match=r"^accounts.User \d+ is already in the database"):
        import_club(raw)


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"not a zip", "not a club archive"),
        (b"", "not a club archive"),
    ],
)
def test_what_is_not_an_archive_is_refused(raw, message):
    with pytest.raises(ArchiveError, match=message):
        import_club(raw, using="restore")


def test_another_version_is_refused():
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("manifest.json", json.dumps({"format": "trickbook-club-archive", "version": 9}))
        archive.writestr("data.json", "[]")
    with pytest.raises(ArchiveError, match="archive version 9; this Trickbook restores version 1"):
        import_club(buffer.getvalue(), using="restore")


def test_the_commands_explain_a_missing_club_or_file(tmp_path):
    with pytest.raises(CommandError, match="no such club 'nowhere'"):
        call_command("export_club", "nowhere")
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_club", str(tmp_path / "missing.zip"), database="restore")
