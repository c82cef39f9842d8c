"""GET /healthz: is every configured backend reachable?

Load balancers and the CI call this. Each backend reports ``ok``, or
``down`` with the reason; a backend that is not configured (no broker when
Celery runs eagerly) reports ``eager`` and does not fail the check. Any
``down`` makes the answer 503, naming the failing backends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS, connections
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.celery import app as celery_app

CHECK_TIMEOUT_S = 2


def database_status() -> str:
    with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def cache_status() -> str:
    cache = caches["default"]
    cache.set("healthz", "ok", timeout=10)
    if cache.get("healthz") != "ok":
        raise RuntimeError("value written to the cache could not be read back")
    return "ok"


def broker_status() -> str:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "eager"
    with celery_app.connection_for_write(settings.CELERY_BROKER_URL) as conn:
        conn.ensure_connection(max_retries=1, interval_start=0, timeout=CHECK_TIMEOUT_S)
    return "ok"


CHECKS: dict[str, Callable[[], str]] = {
    "database": database_status,
    "cache": cache_status,
    "broker": broker_status,
}


def run_checks() -> tuple[dict[str, Any], list[str]]:
    """Run every check; return the statuses and the names of the failing backends."""
    statuses: dict[str, Any] = {}
    failing: list[str] = []
    for name, check in CHECKS.items():
        try:
            statuses[name] = check()
        except Exception as exc:  # any failure is the answer
            statuses[name] = f"down: {type(exc).__name__}: {exc}"[:300]
            failing.append(name)
    return statuses, failing


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    statuses, failing = run_checks()
    body = {"status": "down" if failing else "ok", **statuses}
    if failing:
        body["failing"] = failing
    return JsonResponse(body, status=503 if failing else 200)
