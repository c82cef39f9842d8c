"""A Celery worker killed (SIGKILL) in the middle of a bulk import chunk and of a standings
compile (issue 11, "Nothing lost"): the task is redelivered — tasks are acknowledged late and
rejected back to the queue when their worker process is lost — every upload is recorded
exactly once, and the standings converge to what a clean compile gives.

A prefork worker with one child runs on a queue of its own; the test kills the child process
running the task, as the kernel's OOM killer or a crash would, and the worker's main process
starts another child that takes the requeued task.
"""

from __future__ import annotations

import base64
import json
import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.db import connection

from config.celery import app
from games.models import BulkImport, BulkImportFile, Game, Upload
from games.tasks import bulk_import_chunk
from rules.ohhell.simulate import simulate
from tests.conftest import _database_url
from tests.tournaments.conftest import table_log
from tournaments import services, tasks
from tournaments.models import Standing, Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def prefork_worker(tmp_path) -> Iterator[tuple[str, str, Path]]:
    """A prefork worker with one child process on its own queue; yields (node name, queue, log)."""
    queue = f"trickbook-kill-{uuid.uuid4().hex[:8]}"
    node = f"kill-{uuid.uuid4().hex[:6]}@localhost"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": _database_url(connection.settings_dict),
        # A compile waiting for a burst waits long enough to be caught at it.
        "STANDINGS_MAX_WAIT_S": "30",
    }
    celery = str(Path(sys.executable).with_name("celery"))
    command = [celery, "-A", "config", "worker", "--pool", "prefork", "--concurrency", "1", "-Q", queue]
    command += ["-n", node, "--without-gossip", "--without-mingle", "--loglevel", "INFO"]
    log_path = tmp_path / "worker.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[node], timeout=1.0):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"worker did not start:\n{log_path.read_text()[-3000:]}")
        yield node, queue, log_path
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def running_child(node: str, task_id: str, timeout: float = 60) -> int:
    """The pid of the worker child running ``task_id``, once it runs."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        active = app.control.inspect(destination=[node], timeout=1.0).active() or {}
        for task in active.get(node, []):
            if task["id"] == task_id:
                return int(task["worker_pid"])
        time.sleep(0.05)
    raise AssertionError(f"task {task_id} never ran on {node}")


def killed_mid_task(log: Path) -> bool:
    """The worker saw its child die with the task in hand (and so requeued it)."""
    text = log.read_text(errors="replace")
    return "signal 9 (SIGKILL)" in text


def test_a_bulk_import_chunk_killed_mid_way_is_recorded_exactly_once(prefork_worker, people):
    node, queue, log = prefork_worker
    items = []
    for seed in range(120):
        document = simulate(players=["Аня", "Боря", "Вика", "Гена"], seed=1000 + seed).document
        items.append((f"{seed}.json", base64.b64encode(json.dumps(document).encode()).decode()))
    bulk = BulkImport.objects.create(
        club=people.club, started_by=people.scorer, name="kill", total=len(items)
    )
    result = bulk_import_chunk.apply_async(args=(bulk.pk, 0, items), queue=queue)
    child = running_child(node, result.id)
    time.sleep(0.5)  # inside the chunk's transaction
    os.kill(child, signal.SIGKILL)
    outcomes = result.get(timeout=180)  # the redelivered chunk's answer
    assert killed_mid_task(log)
    assert len(outcomes) == 120
    assert BulkImportFile.objects.filter(bulk_import=bulk).count() == 120
    assert Upload.objects.filter(club=people.club).count() == 120
    assert Game.objects.filter(club=people.club).count() == 120
    assert {o["outcome"] for o in outcomes} == {"accepted"}


def test_a_standings_compile_killed_mid_way_converges(prefork_worker, people, tournament, seated):
    node, queue, log = prefork_worker
    for i, table in enumerate(seated.tables.order_by("number")):
        services.table_game_upload(table=table, content=table_log(table, 400 + i), user=people.scorer)
    tasks.cache.delete(tasks.pending_key(tournament.pk))
    Standing.objects.filter(tournament=tournament).delete()
    Tournament.objects.filter(pk=tournament.pk).update(standings_stale=True)
    # Keep changes coming, so the compile, after its first pass, waits for the burst to end:
    # that is when it is killed.
    stop = threading.Event()

    def burst() -> None:
        try:
            while not stop.is_set():
                Tournament.objects.filter(pk=tournament.pk).update(standings_stale=True)
                tasks.cache.set(tasks.changed_key(tournament.pk), time.time())
                time.sleep(0.005)
        finally:
            connection.close()

    bumping = threading.Thread(target=burst)
    bumping.start()
    try:
        result = tasks.compile_standings.apply_async(args=(tournament.pk,), queue=queue)
        child = running_child(node, result.id)
    finally:
        stop.set()
        bumping.join()
    os.kill(child, signal.SIGKILL)
    assert result.get(timeout=120) == 8  # redelivered, and compiled to the end
    assert killed_mid_task(log)
    live = {(s.player_id, s.points, s.rank, s.games) for s in Standing.objects.filter(tournament=tournament)}
    fresh = {
        (s.player_id, s.points, s.rank, s.games) for s in services.standings_compile(tournament=tournament)
    }
    assert live == fresh
    assert all(games == 1 for *_, games in live)
    assert not Tournament.objects.get(pk=tournament.pk).standings_stale
