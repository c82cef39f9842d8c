"""A task round trip: in process when eager, and through Redis to a live worker."""

from __future__ import annotations

import pytest
from celery.result import EagerResult

from config.celery import app, ping


def test_eager_round_trip():
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True  # what settings give when REDIS_URL is unset
    try:
        result = ping.delay("дурак")
    finally:
        app.conf.task_always_eager = previous
    assert isinstance(result, EagerResult)
    assert result.get(timeout=5) == "дурак"


def test_tasks_are_acknowledged_late_and_redelivered_if_a_worker_dies():
    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.worker_prefetch_multiplier == 1


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_live_worker_round_trip_through_redis(celery_worker_process, settings):
    assert settings.CELERY_TASK_ALWAYS_EAGER is False
    assert app.conf.broker_url.startswith("redis://")
    result = ping.apply_async(args=["пулька"])
    assert not isinstance(result, EagerResult)
    assert result.get(timeout=30) == "пулька"
    assert result.state == "SUCCESS"
    # The reply came from the worker process the fixture started.
    replies = app.control.ping(destination=[celery_worker_process], timeout=2)
    assert replies
    assert celery_worker_process in replies[0]
