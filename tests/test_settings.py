"""Settings load under each profile, refuse bad values, and deploy cleanly.

Each case runs in a fresh interpreter, since settings are read once per
process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STRONG_KEY = "k3y-" + "x7Qp9LmZ2vRt8WcY5bNf4HjD6sKa1Ue0-Gi3Oo_Py" * 2
PROBE = (
    "import json, django; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'env': s.DJANGO_ENV, 'debug': s.DEBUG, 'eager': s.CELERY_TASK_ALWAYS_EAGER, "
    "'engine': s.DATABASES['default']['ENGINE'], 'cache': s.CACHES['default']['BACKEND'], "
    "'hsts': getattr(s, 'SECURE_HSTS_SECONDS', 0), 'user': s.AUTH_USER_MODEL}))"
)


def run(args: list[str], **env: str) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k in {"PATH", "HOME", "LANG", "TMPDIR"}}
    base["DJANGO_SETTINGS_MODULE"] = "config.settings"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env={**base, **env}, capture_output=True, text=True, timeout=120
    )


def probe(**env: str) -> dict:
    result = run(["-c", PROBE], **env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_development_is_the_embedded_default():
    assert probe() == {
        "env": "development",
        "debug": True,
        "eager": True,
        "engine": "config.sqlite",
        "cache": "django.core.cache.backends.locmem.LocMemCache",
        "hsts": 0,
        "user": "accounts.User",
    }


def test_test_profile_keeps_the_embedded_services():
    got = probe(DJANGO_ENV="test")
    assert (got["env"], got["debug"], got["eager"]) == ("test", False, True)


def test_production_with_postgres_and_redis():
    got = probe(
        DJANGO_ENV="production",
        SECRET_KEY=STRONG_KEY,
        ALLOWED_HOSTS="scores.example.org",
        DATABASE_URL="postgres://trickbook@db.internal:5432/trickbook",
        REDIS_URL="redis://cache.internal:6379/0",
    )
    assert got == {
        "env": "production",
        "debug": False,
        "eager": False,
        "engine": "django.db.backends.postgresql",
        "cache": "django.core.cache.backends.redis.RedisCache",
        "hsts": 31_536_000,
        "user": "accounts.User",
    }


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "ture"}, "DEBUG='ture' is not a boolean"),
        ({"DJANGO_ENV": "staging"}, "DJANGO_ENV='staging' is not one of"),
        ({"DJANGO_ENV": "production", "ALLOWED_HOSTS": "a.example"}, "SECRET_KEY is required"),
        ({"DJANGO_ENV": "production", "SECRET_KEY": "short", "ALLOWED_HOSTS": "a.example"}, "at least 50"),
        ({"DJANGO_ENV": "production", "SECRET_KEY": STRONG_KEY}, "ALLOWED_HOSTS is required"),
        ({"DJANGO_ENV": "production", "DEBUG": "1"}, "DEBUG must be off"),
        ({"DATABASE_URL": "nosuchdb://x/y"}, "DATABASE_URL is not a database URL"),
    ],
)
def test_bad_values_stop_the_process_with_a_clear_message(env, message):
    result = run(["-c", PROBE], **env)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert message in result.stderr


def test_production_deploy_check_is_clean():
    result = run(
        ["manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        DJANGO_ENV="production",
        SECRET_KEY=STRONG_KEY,
        ALLOWED_HOSTS="scores.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (0 silenced)." in result.stdout
