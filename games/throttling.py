"""The API's rate limit on uploads (issue 11: "API rate limits for anonymous reads and for
uploads").

Anonymous reads are limited by DRF's ``AnonRateThrottle`` for every view (settings
``DEFAULT_THROTTLE_CLASSES``, rate ``anon``). Uploads — a game, a correction, a table's log —
are limited per account (per address when anonymous) at the ``uploads`` rate; the reads of
the same views are not counted, so listing the games does not use up the uploads.

The counts are kept in the ``pages`` cache (Redis in production), whose backend
(config/cache.py) treats a Redis that cannot be reached as an empty cache: neither a read nor
an upload is refused or answered 500 because Redis is down (issue 11: "Redis restarted while
uploads arrive → uploads still succeed"; tests/tournaments/test_redis_restart.py) — it goes
through uncounted, and the outage is logged.
"""

from __future__ import annotations

from typing import Any

from django.core.cache import caches
from rest_framework.permissions import SAFE_METHODS
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class PagesCache:
    """The ``pages`` cache, looked up at each use: ``caches[alias]`` is one handle per thread,
    and follows a change of the CACHES setting (the tests give each its own)."""

    def __get__(self, instance: object, owner: type) -> Any:
        return caches["pages"]


class AnonThrottle(AnonRateThrottle):
    """Anonymous requests at the ``anon`` rate, counted in the tolerant ``pages`` cache."""

    cache = PagesCache()


class UploadRateThrottle(UserRateThrottle):
    """Writes at the ``uploads`` rate per account; reads pass."""

    scope = "uploads"
    cache = PagesCache()

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


#: For the views that take uploads: the anonymous read limit and the upload limit.
UPLOAD_THROTTLES = [AnonThrottle, UploadRateThrottle]
