"""PostgreSQL restarted mid-import (issue 11, "Nothing lost"): ``import_logs`` run against a
PostgreSQL cluster of this module's own, which is really restarted (pg_ctl restart, fast and
immediate) while the command records the logs. The command exits with its interruption
report — how many logs were recorded, and to run it again; run again, it records the rest
and reports the recorded ones as duplicates: every log present exactly once.

Two ways the command runs: in its own process (no broker: the chunks run in the command),
and with its chunks sent through a (private) Redis to a live worker, as in production.
"""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from tests.games.factories import game_bytes
from tests.private_services import ROOT, PrivateCluster, celery_worker, manage, project_env

pytestmark = pytest.mark.services

LOGS = 120
CHUNK = 20
#: The restart comes once this many games are recorded: well inside the import.
RESTART_AT = 40
#: Run once in the template database: the schema, then the club and its organiser.
SEED_CLUB = """
from django.core.management import call_command
call_command("migrate", interactive=False, verbosity=0)
from accounts.models import User
from games.models import Club, Membership
organiser = User.objects.create_user(username="organiser")
club = Club.objects.create(name="Клуб «Козырь»", slug="kozyr")
Membership.objects.create(club=club, user=organiser, role=Membership.Role.ORGANISER)
"""


@pytest.fixture(scope="module")
def template(private_postgres: PrivateCluster) -> str:
    """A database migrated, with the club and its organiser, to copy for each test."""
    private_postgres.execute("CREATE DATABASE trickbook_template")
    done = manage(
        project_env(database_url=private_postgres.url("trickbook_template")), "shell", "-c", SEED_CLUB
    )
    assert done.returncode == 0, done.stderr
    return "trickbook_template"


@pytest.fixture
def database(private_postgres: PrivateCluster, template: str) -> str:
    name = f"import_{uuid.uuid4().hex[:8]}"
    private_postgres.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    return name


@pytest.fixture
def night(tmp_path: Path) -> Path:
    folder = tmp_path / "night"
    folder.mkdir()
    for i in range(LOGS):
        (folder / f"{i:03}.json").write_bytes(game_bytes(seed=9000 + i))
    return folder


def import_command(folder: Path) -> list[str]:
    return [
        sys.executable,
        "manage.py",
        "import_logs",
        str(folder),
        "--club",
        "kozyr",
        "--chunk-size",
        str(CHUNK),
    ]


def count(cluster: PrivateCluster, database: str, sql: str) -> int:
    value = cluster.execute(sql, database=database)[0][0]
    assert isinstance(value, int)
    return value


def import_across_a_restart(
    cluster: PrivateCluster, database: str, folder: Path, env: dict[str, str], mode: str
) -> tuple[subprocess.CompletedProcess[str], int, float]:
    """Run import_logs, restart the cluster once RESTART_AT games are in; the finished run, the
    games recorded when the restart began, and how long the server was away."""
    started = time.monotonic()
    process = subprocess.Popen(
        import_command(folder), cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        recorded = 0
        while recorded < RESTART_AT:
            assert process.poll() is None, f"the import ended before the restart: {process.communicate()}"
            assert time.monotonic() - started < 60, "the import did not get going"
            recorded = count(cluster, database, "SELECT count(*) FROM games_game")
            time.sleep(0.02)
        away = time.monotonic()
        cluster.restart(mode)
        away = time.monotonic() - away
        out, err = process.communicate(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), recorded, away


def interruption_report(run: subprocess.CompletedProcess[str]) -> int:
    """The interrupted run's report: how many logs it says were recorded."""
    assert run.returncode == 1, run.stderr
    said = re.fullmatch(rf"recorded before the interruption: (\d+) of {LOGS} logs\n", run.stdout)
    assert said is not None, run.stdout
    recorded = int(said[1])
    assert f"CommandError: interrupted after {recorded} of {LOGS} logs (OperationalError: " in run.stderr
    assert "run the same command again to resume" in run.stderr
    assert "Traceback" not in run.stderr
    return recorded


def assert_each_log_once(cluster: PrivateCluster, database: str) -> None:
    assert count(cluster, database, "SELECT count(*) FROM games_game") == LOGS
    assert count(cluster, database, "SELECT count(DISTINCT sha256) FROM games_gamerevision") == LOGS
    assert count(cluster, database, "SELECT count(*) FROM games_gamerevision") == LOGS
    assert count(cluster, database, "SELECT count(*) FROM games_upload WHERE outcome = 'accepted'") == LOGS


@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_an_import_in_the_command_resumes_after_a_restart(private_postgres, database, night, mode):
    env = project_env(database_url=private_postgres.url(database))
    first, at_restart, away = import_across_a_restart(private_postgres, database, night, env, mode)
    recorded = interruption_report(first)
    # What the report says is what the database holds: the log in hand when the connection
    # dropped was rolled back with its transaction.
    assert recorded == count(private_postgres, database, "SELECT count(*) FROM games_game")
    assert RESTART_AT <= at_restart <= recorded < LOGS
    resumed = time.monotonic()
    again = manage(env, *import_command(night)[2:])
    resumed = time.monotonic() - resumed
    assert again.returncode == 0, again.stderr
    assert again.stdout.splitlines()[:3] == [
        f"imported: {LOGS - recorded}",
        f"duplicates: {recorded}",
        "rejected: 0",
    ]
    assert_each_log_once(private_postgres, database)
    print(
        f"[{mode}] {recorded} of {LOGS} logs before the restart ({away:.2f} s away), the rest in {resumed:.1f} s"
    )


def test_an_import_on_a_live_worker_resumes_after_a_crash_restart(
    private_postgres, private_redis, database, night, tmp_path
):
    env = project_env(
        database_url=private_postgres.url(database),
        redis_url=private_redis.url,
        queue=f"import-{uuid.uuid4().hex[:8]}",
    )
    # Stopped by a cold shutdown (SIGQUIT): by then it has nothing in hand.
    worker = celery_worker(env, tmp_path / "worker.log", stop_signal=signal.SIGQUIT)
    try:
        worker.start(ready="ready.")
        first, at_restart, away = import_across_a_restart(private_postgres, database, night, env, "immediate")
        # The chunk the crash cut off failed, and so did those queued behind it that the worker
        # took while the server was away (milliseconds each); the command says so and stops
        # waiting. The second run records whatever the first did not.
        recorded = interruption_report(first)
        assert at_restart <= recorded < LOGS
        assert "raised unexpected: OperationalError" in worker.output()
        again = manage(env, *import_command(night)[2:])
        assert again.returncode == 0, again.stderr
        summary = again.stdout.splitlines()[:3]
        imported, duplicates = (int(line.split(": ")[1]) for line in summary[:2])
        assert imported + duplicates == LOGS
        assert summary[2] == "rejected: 0"
        assert duplicates >= recorded  # at least what the report counted; the worker went on after it
        assert_each_log_once(private_postgres, database)
        print(
            f"[worker] {recorded} of {LOGS} logs reported before the crash ({away:.2f} s away); resumed: {summary}"
        )
    finally:
        worker.stop()
