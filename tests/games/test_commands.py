"""import_logs and reaudit: bulk paths in, idempotent, with honest summaries."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

import rules.ohhell
from games import services
from games.models import AuditReport, Game, Upload
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db

RENEGE_LOG = Path(__file__).resolve().parents[1] / "data/spec-examples/ohhell/renege-and-redeal.json"


@pytest.fixture
def logs(tmp_path: Path) -> Path:
    folder = tmp_path / "night"
    (folder / "table1").mkdir(parents=True)
    (folder / "table1" / "a.json").write_bytes(game_bytes(seed=1))
    (folder / "table1" / "b.json").write_bytes(game_bytes(seed=2))
    (folder / "broken.json").write_bytes(
        b'{"game": "oh-hell", "version": 1, "players": ["A", "B"], "deals": []}'
    )
    (folder / "notes.txt").write_text("not a log")
    with zipfile.ZipFile(folder / "archive.zip", "w") as archive:
        archive.writestr("c.json", game_bytes(seed=3))
        archive.writestr("sub/d.json", game_bytes(seed=4))
    (folder / "renege.json").write_bytes(RENEGE_LOG.read_bytes())
    return folder


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("import_logs", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_import_a_folder_with_an_archive(people, logs):
    summary = run(str(logs), "--club", "kozyr", "--chunk-size", "2")
    lines = summary.splitlines()
    assert lines[0] == "imported: 5"
    assert lines[1] == "duplicates: 0"
    assert lines[2] == "rejected: 1"
    assert lines[3] == f"  {logs / 'broken.json'}: ruleset: is required"
    assert lines[4] == "games with error findings: 1"
    assert lines[5].startswith(f"  {logs / 'renege.json'}: game ")
    assert Game.objects.filter(club=people.club).count() == 5
    labels = set(Upload.objects.values_list("filename", flat=True))
    assert f"{logs / 'archive.zip'}:sub/d.json" in labels
    assert set(Upload.objects.values_list("source", flat=True)) == {"import"}
    assert Upload.objects.filter(outcome="accepted").first().uploaded_by == people.organiser


def test_a_second_run_records_nothing_twice(people, logs):
    run(str(logs), "--club", "kozyr")
    summary = run(str(logs), "--club", "kozyr", "--user", "scorer")
    assert summary.splitlines()[:3] == ["imported: 0", "duplicates: 5", "rejected: 1"]
    assert Game.objects.count() == 5


def test_unknown_club_or_path_is_a_clear_error(people, logs):
    with pytest.raises(CommandError, match="no such club 'nowhere'"):
        run(str(logs), "--club", "nowhere")
    with pytest.raises(CommandError, match="no such file or folder"):
        run(str(logs / "missing.json"), "--club", "kozyr")


def test_reaudit_replays_only_what_an_older_engine_audited(people, monkeypatch):
    old = services.game_upload(club=people.club, content=game_bytes(seed=5), user=people.scorer).game
    monkeypatch.setattr(rules.ohhell, "ENGINE_VERSION", "next")
    new = services.game_upload(club=people.club, content=game_bytes(seed=6), user=people.scorer).game
    out = io.StringIO()
    call_command("reaudit", stdout=out)
    assert out.getvalue().splitlines()[:2] == ["re-audited: 1", "changed: 0"]
    old.refresh_from_db()
    assert old.current_report.engine_version == "next"
    assert AuditReport.objects.filter(game=old).count() == 2  # the first report is kept
    assert AuditReport.objects.filter(game=new).count() == 1


def test_reaudit_says_what_changed(people, monkeypatch):
    game = services.game_upload(club=people.club, content=RENEGE_LOG.read_bytes(), user=people.scorer).game
    assert game.totals == [21, 22, 10]
    # A new engine whose classic renege penalty is 20 must change Taras's total.
    monkeypatch.setattr(rules.ohhell, "ENGINE_VERSION", "next")
    monkeypatch.setitem(rules.ohhell.PRESETS["classic"], "renege_penalty", 20)
    out = io.StringIO()
    call_command("reaudit", "--club", "kozyr", stdout=out)
    assert out.getvalue().splitlines() == [
        "re-audited: 1",
        "changed: 1",
        f"  game {game.pk}: errors -> errors, totals [21, 22, 10] -> [21, 22, 0]",
    ]
    game.refresh_from_db()
    assert game.totals == [21, 22, 0]
    assert AuditReport.objects.filter(game=game).order_by("pk").first().totals == [21, 22, 10]


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_import_runs_in_chunks_on_the_live_worker(celery_worker_process, people, logs):
    summary = run(str(logs), "--club", "kozyr", "--chunk-size", "2")
    assert summary.splitlines()[:3] == ["imported: 5", "duplicates: 0", "rejected: 1"]
    assert Game.objects.filter(club=people.club).count() == 5


def test_pbn_files_are_imported_from_folders_and_archives(people, tmp_path):
    pbn_dir = Path(__file__).resolve().parents[1] / "data" / "pbn"
    folder = tmp_path / "bridge"
    folder.mkdir()
    (folder / "rubber.pbn").write_bytes((pbn_dir / "rubber.pbn").read_bytes())
    with zipfile.ZipFile(folder / "more.zip", "w") as archive:
        archive.writestr("revoke.pbn", (pbn_dir / "revoke.pbn").read_bytes())
    summary = run(str(folder), "--club", "kozyr")
    assert summary.splitlines()[0] == "imported: 2"
    assert sorted(Game.objects.values_list("game_type", flat=True)) == ["bridge-rubber", "bridge-rubber"]


def test_an_import_cut_off_by_the_database_resumes_when_run_again(people, tmp_path, monkeypatch):
    # What the command sees when PostgreSQL restarts mid-import: a database error in the middle
    # of a chunk. The first six logs are recorded; the run stops and says how to resume; the
    # second run records the other four and reports the six as duplicates.
    from django.db import OperationalError

    folder = tmp_path / "ten"
    folder.mkdir()
    for seed in range(10):
        (folder / f"{seed:02}.json").write_bytes(game_bytes(seed=500 + seed))
    real_upload = services.game_upload
    calls = {"n": 0}

    def flaky(**kwargs):
        calls["n"] += 1
        if calls["n"] == 7:
            raise OperationalError("server closed the connection unexpectedly")
        return real_upload(**kwargs)

    monkeypatch.setattr(services, "game_upload", flaky)
    out = io.StringIO()
    with pytest.raises(
        CommandError, match=r"^interrupted after 6 of 10 logs \(OperationalError: server closed"
    ):
        call_command(
            "import_logs",
            str(folder),
            "--club",
            "kozyr",
            "--chunk-size",
            "3",
            stdout=out,
            stderr=io.StringIO(),
        )
    assert out.getvalue().splitlines() == ["recorded before the interruption: 6 of 10 logs"]
    assert Game.objects.count() == 6
    monkeypatch.setattr(services, "game_upload", real_upload)
    summary = run(str(folder), "--club", "kozyr", "--chunk-size", "3")
    assert summary.splitlines()[:3] == ["imported: 4", "duplicates: 6", "rejected: 0"]
    assert Game.objects.count() == 10
    assert len(set(Game.objects.values_list("current_revision__sha256", flat=True))) == 10


def test_progress_is_a_line_per_chunk_when_stderr_is_not_a_terminal(people, logs):
    err = io.StringIO()
    call_command(
        "import_logs", str(logs), "--club", "kozyr", "--chunk-size", "2", stdout=io.StringIO(), stderr=err
    )
    # 6 logs in chunks of 2 (a folder's files, then the archive's, in order).
    assert err.getvalue().splitlines() == ["2 of 6 logs done", "4 of 6 logs done", "6 of 6 logs done"]


def test_a_log_recorded_by_a_lost_attempt_of_this_run_counts_as_imported(people, logs, monkeypatch):
    """A chunk redelivered after its worker was lost finds the logs the lost attempt recorded:
    they are this run's imports, not duplicates (issue 21, item 14; live in
    tests/tournaments/test_worker_lost.py). Here the lost attempt is played by recording the
    first log inside the run, before the chunks run."""
    from games.management.commands import import_logs

    real = import_logs.import_group
    first = logs / "table1" / "a.json"

    def lost_attempt_then_group(club_id, user_id, items, *, chunk_size):
        services.game_upload(
            club=people.club,
            content=first.read_bytes(),
            user=people.organiser,
            filename=str(first),
            source=Upload.Source.IMPORT,
        )
        return real(club_id, user_id, items, chunk_size=chunk_size)

    monkeypatch.setattr(import_logs, "import_group", lost_attempt_then_group)
    assert run(str(logs), "--club", "kozyr").splitlines()[:3] == [
        "imported: 5",
        "duplicates: 0",
        "rejected: 1",
    ]


def test_the_same_log_twice_in_one_run_is_still_a_duplicate(people, logs):
    (logs / "again.json").write_bytes((logs / "table1" / "a.json").read_bytes())
    summary = run(str(logs), "--club", "kozyr")
    assert summary.splitlines()[:3] == ["imported: 5", "duplicates: 1", "rejected: 1"]


def test_a_log_imported_by_an_earlier_run_stays_a_duplicate(people, logs):
    run(str(logs), "--club", "kozyr")
    assert run(str(logs), "--club", "kozyr").splitlines()[:2] == ["imported: 0", "duplicates: 5"]
