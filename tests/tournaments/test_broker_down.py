"""Redis down while uploads arrive (issue 11): the upload still succeeds, the committed game is
never lost from the standings — the tournament is marked stale in the database, and the sweep
queues the compile once the broker is back.

Redis is shared with every other test process on this machine, so it is not restarted here:
"down" is what the code sees when it is — the broker and the cache raising connection errors
(kombu's OperationalError, redis' ConnectionError). The live-worker test then brings the real
broker back and lets the real worker compile.
"""

from __future__ import annotations

from unittest import mock

import pytest
from kombu.exceptions import OperationalError
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.tournaments.conftest import drain, table_log
from tournaments import services, tasks
from tournaments.models import Standing, Tournament


def broker_down():
    return mock.patch.object(
        tasks.compile_standings, "delay", side_effect=OperationalError("Connection refused")
    )


def cache_down():
    return mock.patch.object(tasks.cache, "add", side_effect=RedisConnectionError("Connection refused"))


@pytest.mark.django_db
@pytest.mark.parametrize("outage", [broker_down, cache_down])
def test_an_upload_succeeds_and_the_sweep_compiles_when_redis_is_back(
    api, people, tournament, seated, outage, django_capture_on_commit_callbacks
):
    table = seated.tables.order_by("number").first()
    api.force_authenticate(people.scorer)
    with outage(), django_capture_on_commit_callbacks(execute=True):
        response = api.post(
            f"/api/v1/tournaments/{tournament.pk}/tables/{table.pk}/game/",
            data=table_log(table, 7),
            content_type="application/json",
        )
    assert response.status_code == 201
    tournament.refresh_from_db()
    assert tournament.standings_stale is True
    assert tournament.standings_compiled_at is None  # the compile never ran
    # Redis is back: the next sweep queues the compile (eager here), which clears the mark.
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.sweep_stale_standings() == 1
    tournament.refresh_from_db()
    assert tournament.standings_stale is False
    assert tournament.standings_compiled_at is not None
    assert Standing.objects.filter(tournament=tournament, games=1).count() == 4
    assert tasks.sweep_stale_standings() == 0  # nothing left to sweep


@pytest.mark.django_db
def test_a_failed_queue_does_not_keep_the_pending_flag(tournament):
    with broker_down(), pytest.raises(OperationalError):
        tasks.queue_compile(tournament.pk)
    with mock.patch.object(tasks.compile_standings, "delay") as delay:
        assert tasks.queue_compile(tournament.pk) is True  # not blocked by a flag left behind
    delay.assert_called_once_with(tournament.pk)
    tasks.cache.delete(tasks.pending_key(tournament.pk))


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_with_the_live_worker_a_game_uploaded_while_the_broker_is_down_reaches_the_standings(
    celery_worker_process, people, tournament, seated
):
    import time

    drain(tournament)  # the set-up's own compile, through the live worker
    table = seated.tables.order_by("number").first()
    with broker_down():
        outcome = services.table_game_upload(table=table, content=table_log(table, 8), user=people.scorer)
    assert outcome.result.error is None
    assert Tournament.objects.get(pk=tournament.pk).standings_stale is True
    assert tasks.sweep_stale_standings() == 1  # through the real broker to the live worker
    deadline = time.monotonic() + 30
    while Tournament.objects.get(pk=tournament.pk).standings_stale and time.monotonic() < deadline:
        time.sleep(0.1)
    fresh = Tournament.objects.get(pk=tournament.pk)
    assert fresh.standings_stale is False
    deadline = time.monotonic() + 30
    while (
        not Standing.objects.filter(tournament=tournament, games=1).exists() and time.monotonic() < deadline
    ):
        time.sleep(0.1)
    assert Standing.objects.filter(tournament=tournament, games=1).count() == 4
    drain(tournament)  # the worker done before the test database is flushed
