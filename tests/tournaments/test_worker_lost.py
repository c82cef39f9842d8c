"""A Celery worker lost whole (issue 21, item 14): the main process and its child killed at once
(SIGKILL to the process group), as an out-of-memory kill of the service or a machine restart
ends it. Nothing is acknowledged or given back: Redis keeps the task in hand as unacknowledged
until the broker's visibility timeout, when a running worker puts it back in its queue
(docs/reliability.md, "A worker lost whole").

The worker, the import command and the compile's burst run as project processes on a Redis of
the test's own (tests/private_services.py) and the test database, with a visibility timeout of
VISIBILITY_S and time limits under it (config/settings.py refuses a hard limit that is not).
What is held: the work comes back to a second worker within the timeout and kombu's 10 s look;
``import_logs`` says how far it has come, counts the logs the lost attempt recorded as imported,
and when no worker comes gives up with what is recorded and the command that resumes.
"""

from __future__ import annotations

import re
import shlex
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import connection

from games.models import Game, GameRevision, Upload
from tests.conftest import _database_url
from tests.games.factories import game_bytes
from tests.private_services import ROOT, PrivateRedis, ProjectProcess, celery_worker, manage, project_env
from tests.tournaments.conftest import table_log
from tournaments import services
from tournaments.models import Standing, Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

#: The broker's visibility timeout in these tests (90 s by default), and limits under it.
VISIBILITY_S = 10
LIMITS = {
    "CELERY_VISIBILITY_TIMEOUT_S": str(VISIBILITY_S),
    "CELERY_TASK_TIME_LIMIT": "8",
    "ANALYSIS_TIME_BUDGET_S": "2",
    "ANALYSIS_MARGIN_S": "2",
    "ANALYSIS_TASK_SOFT_TIME_LIMIT": "5",
}
#: kombu looks for messages past their visibility timeout this often (CELERY_RESTORE_LOOK_S).
RESTORE_LOOK_S = 10
#: What a redelivered task needs beyond that: to be taken, and to run.
MARGIN_S = 15
LOGS = 120
CHUNK = 20


@dataclass
class Broker:
    """The private Redis, the environment of a project process on it, and its processes' logs."""

    redis: PrivateRedis
    env: dict[str, str]
    logs: Path

    def worker(self, name: str) -> ProjectProcess:
        """A prefork worker with one child, started; SIGQUIT (cold) when the test ends it."""
        worker = celery_worker(
            self.env, self.logs / f"{name}.log", pool="prefork", stop_signal=signal.SIGQUIT
        )
        worker.start(ready="ready.")
        return worker


@pytest.fixture
def broker(private_redis: PrivateRedis, tmp_path: Path, transactional_db: None) -> Broker:
    env = project_env(
        database_url=_database_url(connection.settings_dict),
        redis_url=private_redis.url,
        queue=f"lost-{uuid.uuid4().hex[:8]}",
    )
    env.update(LIMITS)
    return Broker(private_redis, env, tmp_path)


@pytest.fixture
def workers() -> Iterator[list[ProjectProcess]]:
    """The workers a test starts, each stopped after it."""
    started: list[ProjectProcess] = []
    try:
        yield started
    finally:
        for worker in started:
            worker.stop()


@pytest.fixture
def night(tmp_path: Path) -> Path:
    folder = tmp_path / "night"
    folder.mkdir()
    for i in range(LOGS):
        (folder / f"{i:03}.json").write_bytes(game_bytes(seed=7000 + i))
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


def start_import(broker: Broker, folder: Path, *extra: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*import_command(folder), *extra],
        cwd=ROOT,
        env=broker.env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def kill_mid_import(worker: ProjectProcess, process: subprocess.Popen[str], at: int = 5) -> int:
    """Kill the whole worker once ``at`` games are recorded (inside the first chunk of CHUNK);
    the games recorded when it died."""
    deadline = time.monotonic() + 60
    while Game.objects.count() < at:
        assert process.poll() is None, f"the import ended first: {process.communicate()}"
        assert time.monotonic() < deadline, "the import did not get going"
        time.sleep(0.01)
    worker.kill_whole()
    return Game.objects.count()


def finish(process: subprocess.Popen[str], timeout: float) -> subprocess.CompletedProcess[str]:
    try:
        out, err = process.communicate(timeout=timeout)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def assert_each_log_once() -> None:
    assert Game.objects.count() == LOGS
    assert GameRevision.objects.values("sha256").distinct().count() == LOGS
    assert GameRevision.objects.count() == LOGS
    assert Upload.objects.filter(outcome=Upload.Outcome.ACCEPTED).count() == LOGS


def test_an_import_whose_worker_is_lost_whole_finishes_on_another_with_every_log_counted(
    broker, workers, night, people
):
    workers.append(broker.worker("first"))
    process = start_import(broker, night)
    at_kill = kill_mid_import(workers[0], process)
    killed = time.monotonic()
    assert 0 < at_kill < LOGS
    workers.append(broker.worker("second"))
    run = finish(process, timeout=VISIBILITY_S + RESTORE_LOOK_S + 60)
    took = time.monotonic() - killed
    assert run.returncode == 0, run.stderr
    # The lost attempt's logs are this run's: none is a duplicate.
    assert run.stdout.splitlines()[:3] == [f"imported: {LOGS}", "duplicates: 0", "rejected: 0"]
    assert_each_log_once()
    # The lost chunk came back after the visibility timeout, within kombu's look and a margin.
    assert took <= VISIBILITY_S + RESTORE_LOOK_S + MARGIN_S, f"{took:.1f} s"
    # Not a silent wait: a line on stderr as each chunk finished (it is not a terminal).
    done = re.findall(rf"^(\d+) of {LOGS} logs done$", run.stderr, flags=re.MULTILINE)
    assert [int(n) for n in done] == list(range(CHUNK, LOGS + 1, CHUNK))
    print(f"[import] killed at {at_kill} of {LOGS} games; done {took:.1f} s after the kill")


def test_an_import_with_no_worker_left_gives_up_and_says_how_to_resume(broker, workers, night, people):
    workers.append(broker.worker("first"))
    process = start_import(broker, night, "--give-up-after", "4")
    at_kill = kill_mid_import(workers[0], process)
    run = finish(process, timeout=60)
    assert run.returncode == 1, run.stderr
    recorded = Upload.objects.count()
    assert recorded == at_kill == Game.objects.count()
    assert run.stdout == f"recorded so far: {recorded} of {LOGS} logs\n"
    said = re.search(r"CommandError: no chunk finished for 4 s: .*To resume: (.+)$", run.stderr, re.MULTILINE)
    assert said is not None, run.stderr
    assert f"Recorded so far: {recorded} of {LOGS} logs." in run.stderr
    assert "Traceback" not in run.stderr
    resume = shlex.split(said[1])
    assert resume[1:] == [
        *import_command(night)[1:3],
        str(night),
        "--club",
        "kozyr",
        "--chunk-size",
        str(CHUNK),
    ]
    # A worker comes back: the command as it was printed records the rest, once each. (The first
    # run's chunks, still queued, are taken too; every log stays recorded once.)
    workers.append(broker.worker("second"))
    again = manage(broker.env, *resume[2:], timeout=VISIBILITY_S + RESTORE_LOOK_S + 120)
    assert again.returncode == 0, again.stderr
    imported, duplicates = (int(line.split(": ")[1]) for line in again.stdout.splitlines()[:2])
    assert (imported + duplicates, again.stdout.splitlines()[2]) == (LOGS, "rejected: 0")
    assert duplicates >= recorded
    assert_each_log_once()


BURST = """
import time
from tournaments import tasks
from tournaments.models import Tournament
end = time.monotonic() + 60
said = False
while time.monotonic() < end:
    Tournament.objects.filter(pk={pk}).update(standings_stale=True)
    tasks.cache.set(tasks.changed_key({pk}), time.time())
    if not said:
        print("bursting", flush=True)
        said = True
    time.sleep(0.005)
"""
QUEUE_COMPILE = "from tournaments import tasks; print(tasks.queue_compile({pk}))"


#: Tries at catching a compile while it waits for the burst to end (see catch_a_compile_mid_run).
CATCH_TRIES = 3


def settle(worker: ProjectProcess) -> None:
    """Wait until every compile the worker took has succeeded (a compile that ends with the
    standings stale queues one more), so that the next queue_compile queues."""
    deadline = time.monotonic() + 30
    calm_since = None
    while True:
        out = worker.output()
        idle = out.count("] received") == out.count("] succeeded")
        if not idle:
            calm_since = None
        elif calm_since is None:
            calm_since = time.monotonic()
        elif time.monotonic() - calm_since >= 1.0:
            return
        assert time.monotonic() < deadline, out[-3000:]
        time.sleep(0.05)


def catch_a_compile_mid_run(broker: Broker, worker: ProjectProcess, tournament_id: int) -> float:
    """Queue a compile during a burst of changes and kill the worker whole while the compile
    waits for the burst to end; the monotonic time of the kill.

    The catch needs the burst to mark the standings stale again during the compile's first pass
    (about 0.1 s). On a loaded machine the burst process can be held off the CPU for that long:
    the compile then finds nothing new and succeeds before it can be caught (seen once in CI).
    That try proves nothing either way, so it is made again, up to CATCH_TRIES times; a compile
    that is caught must not have succeeded."""
    for attempt in range(1, CATCH_TRIES + 1):
        seen = worker.output().count("] received")
        succeeded = worker.output().count("] succeeded")
        burst = subprocess.Popen(
            [sys.executable, "manage.py", "shell", "--no-imports", "-c", BURST.format(pk=tournament_id)],
            cwd=ROOT,
            env=broker.env,
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            # The burst is under way before the compile is sent (a loaded machine starts a
            # process slowly, and a compile that finds no burst finishes before it is caught).
            assert burst.stdout is not None
            assert burst.stdout.readline() == "bursting\n"
            queued = manage(broker.env, "shell", "--no-imports", "-c", QUEUE_COMPILE.format(pk=tournament_id))
            assert queued.stdout.strip() == "True", queued.stderr
            deadline = time.monotonic() + 30
            while worker.output().count("] received") == seen:
                assert time.monotonic() < deadline, worker.output()[-3000:]
                time.sleep(0.05)
            time.sleep(1.0)  # the compile runs: its first pass, then the wait for the burst to end
            if worker.output().count("] succeeded") == succeeded:
                worker.kill_whole()
                return time.monotonic()
        finally:
            burst.kill()
            burst.wait()
        print(f"[compile] try {attempt}: the compile finished before it could be caught; again")
        settle(worker)
    raise AssertionError(f"no compile caught mid-run in {CATCH_TRIES} tries: {worker.output()[-3000:]}")


def test_a_compile_whose_worker_is_lost_whole_is_run_again_within_the_visibility_timeout(
    broker, workers, people, tournament, seated
):
    for i, table in enumerate(seated.tables.order_by("number")):
        services.table_game_upload(table=table, content=table_log(table, 500 + i), user=people.scorer)
    Standing.objects.filter(tournament=tournament).delete()
    Tournament.objects.filter(pk=tournament.pk).update(standings_stale=True)
    # A compile waiting for a burst of changes to end waits long enough to be caught at it.
    broker.env["STANDINGS_MAX_WAIT_S"] = "30"
    workers.append(broker.worker("first"))
    killed = catch_a_compile_mid_run(broker, workers[0], tournament.pk)
    Tournament.objects.filter(pk=tournament.pk).update(standings_stale=True)
    workers.append(broker.worker("second"))
    deadline = killed + VISIBILITY_S + RESTORE_LOOK_S + MARGIN_S + 30
    while Tournament.objects.get(pk=tournament.pk).standings_stale:
        assert time.monotonic() < deadline, workers[1].output()[-3000:]
        time.sleep(0.2)
    took = time.monotonic() - killed
    assert took <= VISIBILITY_S + RESTORE_LOOK_S + MARGIN_S, f"{took:.1f} s"
    assert "Task tournaments.compile_standings[" in workers[1].output()
    live = {(s.player_id, s.points, s.rank, s.games) for s in Standing.objects.filter(tournament=tournament)}
    fresh = {
        (s.player_id, s.points, s.rank, s.games) for s in services.standings_compile(tournament=tournament)
    }
    assert live == fresh
    assert len(live) == 8
    print(f"[compile] standings fresh {took:.1f} s after the worker was lost")
