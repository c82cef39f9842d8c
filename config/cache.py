"""A Redis cache that a Redis outage cannot turn into server errors, for what is only a cache.

The page fragments (the standings table, a game's sheet) and the API's rate
limits are kept in Redis; when Redis is down or restarting they are simply
not there: a fragment is rendered again, a request is let through without
counting it (issue 11: "Redis restarted while uploads arrive → uploads still
succeed"). Django's own RedisCache raises ConnectionError instead, which
would answer 500. Only the ``pages`` cache alias uses this backend; the
standings' coalescing and the health check keep the strict ``default`` one,
which must know when Redis is gone.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

#: At most one warning per this many seconds: an outage under load would log every request.
WARN_EVERY_S = 10.0


class TolerantRedisCache(RedisCache):
    """RedisCache whose reads miss and whose writes are dropped while Redis cannot be reached."""

    _last_warning = 0.0

    def _failed(self, operation: str) -> None:
        now = time.monotonic()
        if now - TolerantRedisCache._last_warning >= WARN_EVERY_S:
            TolerantRedisCache._last_warning = now
            logger.warning("cache %s skipped: Redis cannot be reached", operation, exc_info=True)

    def get(self, key: Any, default: Any = None, version: int | None = None) -> Any:
        try:
            return super().get(key, default, version)
        except RedisError:
            self._failed("get")
            return default

    def get_many(self, keys: Any, version: int | None = None) -> dict[Any, Any]:
        try:
            return super().get_many(keys, version)
        except RedisError:
            self._failed("get_many")
            return {}

    def set(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> None:
        try:
            super().set(key, value, timeout, version)
        except RedisError:
            self._failed("set")

    def add(self, key: Any, value: Any, timeout: Any = None, version: int | None = None) -> bool:
        try:
            return super().add(key, value, timeout, version)
        except RedisError:
            self._failed("add")
            return False

    def delete(self, key: Any, version: int | None = None) -> bool:
        try:
            return super().delete(key, version)
        except RedisError:
            self._failed("delete")
            return False
