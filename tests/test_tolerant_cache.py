"""The ``pages`` cache (config/cache.py): while Redis cannot be reached, reads miss and writes are
dropped, so a page or a rate limit never answers 500 for an outage of what is only a cache."""

from __future__ import annotations

import logging
import socket

import pytest

from config.cache import TolerantRedisCache


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


@pytest.fixture
def unreachable() -> TolerantRedisCache:
    TolerantRedisCache._last_warning = 0.0
    return TolerantRedisCache(
        f"redis://127.0.0.1:{closed_port()}/0", {"OPTIONS": {"socket_connect_timeout": 0.2}}
    )


def test_reads_miss_and_writes_are_dropped_while_redis_is_away(unreachable, caplog):
    with caplog.at_level(logging.WARNING, logger="config.cache"):
        assert unreachable.get("k") is None
        assert unreachable.get("k", "default") == "default"
        assert unreachable.get_many(["a", "b"]) == {}
        unreachable.set("k", "v")
        assert unreachable.add("k", "v") is False
        assert unreachable.delete("k") is False
    # One warning for the outage, not one per call (an outage under load would flood the log).
    assert [r.getMessage() for r in caplog.records] == ["cache get skipped: Redis cannot be reached"]


def same_cache(a, b) -> bool:
    """Whether two cache handles are the same store (``caches[alias]`` is one handle per thread)."""
    if type(a) is not type(b) or a.key_prefix != b.key_prefix:
        return False
    if hasattr(a, "_cache") and hasattr(b, "_cache") and not hasattr(a, "_servers"):
        return a._cache is b._cache  # local memory: one dict per LOCATION
    return a._servers == b._servers


def test_the_throttles_use_the_tolerant_cache(settings):
    from django.core.cache import caches

    from games.throttling import AnonThrottle, UploadRateThrottle

    assert same_cache(AnonThrottle.cache, caches["pages"])
    assert same_cache(UploadRateThrottle.cache, caches["pages"])
    assert not same_cache(AnonThrottle.cache, caches["default"])
    assert "games.throttling.AnonThrottle" in settings.REST_FRAMEWORK["DEFAULT_THROTTLE_CLASSES"]
