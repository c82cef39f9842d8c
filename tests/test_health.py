"""GET /healthz reports every backend and fails with 503 naming a dead one."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.db.utils import ConnectionHandler

from config import health

CLOSED_PORT = 1  # nothing listens on tcpmux; connections are refused at once

pytestmark = pytest.mark.django_db


def test_all_backends_ok(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("max-age=0")
    expected_broker = "eager" if settings.CELERY_TASK_ALWAYS_EAGER else "ok"
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "broker": expected_broker}


def test_only_get_is_allowed(client):
    assert client.post("/healthz").status_code == 405


def test_dead_database_is_named(client, monkeypatch):
    dead = ConnectionHandler(
        {
            "default": {
                "ENGINE": "django.db.backends.postgresql",
                "HOST": "127.0.0.1",
                "PORT": CLOSED_PORT,
                "NAME": "trickbook",
                "USER": "trickbook",
                "OPTIONS": {"connect_timeout": 2},
            }
        }
    )
    monkeypatch.setattr(health, "connections", dead)
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["database"]
    assert body["database"].startswith("down: OperationalError")
    assert body["cache"] == "ok"


def test_dead_cache_is_named(client, settings):
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{CLOSED_PORT}/0",
            "OPTIONS": {"socket_connect_timeout": 1},
        }
    }
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["cache"]
    assert body["cache"].startswith("down: ConnectionError")
    assert body["database"] == "ok"


def test_dead_broker_is_named(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = f"redis://127.0.0.1:{CLOSED_PORT}/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    assert body["failing"] == ["broker"]
    assert body["broker"].startswith("down: OperationalError")
