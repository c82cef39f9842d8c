"""Redis restarted while uploads arrive (issue 11, "Nothing lost"): every upload still succeeds,
each game is recorded once, and the standings catch up once Redis is back.

The whole production set-up runs on a Redis of this test's own: the web server (gunicorn,
the Procfile's web line), a Celery worker, and the sweep sent as Celery beat sends it; they
share the test database. Scorers post tables' logs through the API while that redis-server is
really stopped (SIGTERM, or SIGKILL as a crash does) and started again — empty: without
persistence a restart loses the queue, the cache and the pending flags. A game committed while
Redis is down marks its tournament's standings stale in the database
(``Tournament.standings_stale``); the sweep (``tournaments.sweep_stale_standings``, each minute
from beat) queues the compile once Redis is back.
"""

from __future__ import annotations

import signal
import sys
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

import pytest
import requests
from django.db import connection
from kombu import Connection

from accounts.tokens import token_issue
from config.celery import app
from games.models import Game, Player, Upload
from tests.conftest import _database_url
from tests.private_services import PrivateRedis, ProjectProcess, celery_worker, free_port, project_env
from tests.tournaments.conftest import table_log
from tournaments import services, tasks
from tournaments.models import Standing, Table, Tournament

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

PLAYERS = 64  # sixteen tables of four
#: Per outage (a shutdown, then a crash): tables uploaded while Redis is up, then while it is
#: down; the rest after both.
PHASES = [(3, 4), (2, 4)]
CONVERGE_S = 60


@dataclass
class Site:
    """The web server and the worker, both on the private Redis and the test database."""

    url: str
    queue: str
    redis: PrivateRedis
    web: ProjectProcess
    worker: ProjectProcess

    def sweep(self) -> None:
        """Send the sweep through the broker, as beat does each minute."""
        with Connection(self.redis.url) as broker:
            app.send_task(
                "tournaments.sweep_stale_standings", queue=self.queue, connection=broker, ignore_result=True
            )

    def health(self) -> dict[str, object]:
        answer: dict[str, object] = requests.get(f"{self.url}/healthz", timeout=30).json()
        return answer


@pytest.fixture
def site(private_redis: PrivateRedis, tmp_path: Path, transactional_db: None) -> Iterator[Site]:
    queue = f"restart-{uuid.uuid4().hex[:8]}"
    env = project_env(
        database_url=_database_url(connection.settings_dict), redis_url=private_redis.url, queue=queue
    )
    port = free_port()
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    web = ProjectProcess(
        [gunicorn, "config.wsgi", "--bind", f"127.0.0.1:{port}", "--workers", "2", "--timeout", "60"],
        env,
        tmp_path / "web.log",
        stop_signal=signal.SIGINT,  # gunicorn's quick shutdown: nothing is in flight by then
    )
    worker = celery_worker(env, tmp_path / "worker.log")
    try:
        web.start(ready="Listening at")
        worker.start(ready="ready.")
        # Stopped before the test database is flushed (this fixture is torn down first).
        yield Site(f"http://127.0.0.1:{port}", queue, private_redis, web, worker)
    finally:
        worker.stop()
        web.stop()


def players_with_a_game(tournament: Tournament) -> set[int]:
    return set(Standing.objects.filter(tournament=tournament, games=1).values_list("player_id", flat=True))


def seated_players(tables: list[Table]) -> set[int]:
    return {seat.player_id for table in tables for seat in table.seats.all()}


def wait_until_compiled(tournament: Tournament, tables: list[Table]) -> float:
    """Seconds until the standings are fresh and hold exactly the games of these tables."""
    started = time.monotonic()
    expected = seated_players(tables)
    while time.monotonic() - started < CONVERGE_S:
        fresh = not Tournament.objects.get(pk=tournament.pk).standings_stale
        if fresh and players_with_a_game(tournament) == expected:
            return time.monotonic() - started
        time.sleep(0.05)
    raise AssertionError(f"standings not compiled within {CONVERGE_S} s")


def test_uploads_while_redis_restarts_are_all_recorded_and_compiled(site, people):
    # Set-up, not under test: nothing queued from this process (its broker is the shared Redis).
    with mock.patch.object(tasks, "queue_compile_safely"):
        tournament = services.tournament_create(
            club=people.club, name="Кубок перезапуска", user=people.organiser, preferred_table_size=4, seed=5
        )
        for n in range(PLAYERS):
            player = Player.objects.create(club=people.club, display_name=f"Игрок {n:02}")
            services.entry_add(tournament=tournament, player=player)
        round_ = services.round_generate(tournament=tournament)
        services.round_confirm(round_=round_)
    tables = list(round_.tables.order_by("number").prefetch_related("seats"))
    assert len(tables) == PLAYERS // 4
    logs = {table.pk: table_log(table, 700 + i) for i, table in enumerate(tables)}
    token = token_issue(user=people.scorer, name="redis restart")[1]

    def upload(table: Table) -> int:
        response = requests.post(
            f"{site.url}/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/game/",
            data=logs[table.pk],
            headers={"Authorization": f"Token {token}", "Content-Type": "application/json"},
            timeout=60,
        )
        return response.status_code

    def upload_all(batch: list[Table]) -> list[int]:
        with ThreadPoolExecutor(2) as scorers:  # two scorers posting at once
            return list(scorers.map(upload, batch))

    uploaded: list[Table] = []
    figures = []
    for kill, (up, down) in zip((False, True), PHASES, strict=True):
        # Redis up: the uploads' compile is queued as usual.
        batch, tables = tables[:up], tables[up:]
        assert upload_all(batch) == [201] * up
        uploaded += batch
        wait_until_compiled(tournament, uploaded)

        # Redis goes away (a clean shutdown, then a crash); the scorers go on posting.
        site.redis.kill() if kill else site.redis.stop()
        down_since = time.monotonic()
        health = site.health()
        assert health["status"] == "down"
        assert "cache" in health["failing"]
        batch, tables = tables[:down], tables[down:]
        assert upload_all(batch) == [201] * down
        site.redis.start()
        back_at = time.monotonic()

        # Back, and empty: nothing is queued for the outage's games, whose mark is in the database.
        assert Tournament.objects.get(pk=tournament.pk).standings_stale is True
        assert players_with_a_game(tournament) == seated_players(uploaded)
        uploaded += batch
        site.sweep()
        wait_until_compiled(tournament, uploaded)
        figures.append((down, back_at - down_since, time.monotonic() - back_at))

    # After the restarts the web server and the worker work as before.
    assert upload_all(tables) == [201] * len(tables)
    uploaded += tables
    wait_until_compiled(tournament, uploaded)
    assert site.health()["status"] == "ok"

    # Every upload recorded exactly once, and the standings those of a compile from scratch.
    assert len(uploaded) == PLAYERS // 4
    assert Upload.objects.filter(club=people.club, outcome=Upload.Outcome.ACCEPTED).count() == len(uploaded)
    assert Game.objects.filter(club=people.club).count() == len(uploaded)
    games = list(Table.objects.filter(round=round_).values_list("game_id", flat=True))
    assert None not in games
    assert len(set(games)) == len(uploaded)
    live = {(s.player_id, s.points, s.rank, s.games) for s in Standing.objects.filter(tournament=tournament)}
    fresh = {
        (s.player_id, s.points, s.rank, s.games) for s in services.standings_compile(tournament=tournament)
    }
    assert live == fresh
    assert len(live) == PLAYERS
    # Each upload made while Redis was down said, in the web server's log, what it could not queue.
    down_uploads = sum(down for _, down in PHASES)
    assert site.web.output().count("not queued; the sweep will") == down_uploads
    assert site.web.output().count("not queued; the nightly rebuild will rate it") == down_uploads
    for how, (count, away, converged) in zip(("shutdown", "kill -9"), figures, strict=True):
        print(
            f"[{how}] {count} uploads while Redis was down {away:.2f} s, all 201; compiled {converged:.2f} s after"
        )
