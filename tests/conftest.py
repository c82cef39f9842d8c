"""Test-wide fixtures and the rules for which tests run where.

Two kinds of test need more than a fresh clone has:
- ``services``: a real PostgreSQL, Redis and a live Celery worker. They run
  when DATABASE_URL points at PostgreSQL and REDIS_URL is set (the second
  pass of .ci/run); otherwise they are deselected, and the header says so.
- ``browser``: headless Chromium (Debian's package) driven by Playwright;
  they run wherever the browser is installed (.ci/run installs it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import settings

# No per-example deadline: how fast the engine is lives in the benchmarks (make bench), and a
# deadline is a timed test that a loaded runner (two cores, the parallel workers) fails at random.
settings.register_profile("trickbook", deadline=None)
settings.load_profile("trickbook")

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("TRICKBOOK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"


def services_available() -> bool:
    return bool(os.environ.get("REDIS_URL")) and os.environ.get("DATABASE_URL", "").startswith("postgres")


def browser_available() -> bool:
    return os.path.exists(CHROMIUM)


def pytest_report_header(config: pytest.Config) -> list[str]:
    return [
        "services tests (PostgreSQL + Redis + live worker): "
        + ("run" if services_available() else "deselected - set DATABASE_URL=postgres://... and REDIS_URL"),
        "browser tests: " + (f"run with {CHROMIUM}" if browser_available() else "deselected - no chromium"),
    ]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    keep, drop = [], []
    for item in items:
        needs_services = item.get_closest_marker("services") is not None
        needs_browser = item.get_closest_marker("browser") is not None
        if (needs_services and not services_available()) or (needs_browser and not browser_available()):
            drop.append(item)
        else:
            keep.append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


def _database_url(settings_dict: dict) -> str:
    user = quote(settings_dict.get("USER") or "", safe="")
    password = quote(settings_dict.get("PASSWORD") or "", safe="")
    auth = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings_dict.get("HOST") or "127.0.0.1"
    port = settings_dict.get("PORT") or 5432
    return f"postgres://{auth}{host}:{port}/{settings_dict['NAME']}"


@pytest.fixture(autouse=True)
def fresh_local_cache() -> None:
    """Each test starts with an empty local-memory cache (flags such as a pending compile).

    Redis (the services pass) is shared with the broker and other workers, so
    it is never flushed; keys there are prefixed per test worker.
    """
    from django.core.cache import caches
    from django.core.cache.backends.locmem import LocMemCache

    for alias in ("default", "pages"):
        backend = caches[alias]
        if isinstance(backend, LocMemCache):
            backend.clear()


@pytest.fixture(autouse=True)
def english_until_asked() -> Iterator[None]:
    """Each test starts in the site's default language, English: a refusal says itself in the
    active language (games.refusals), and a request's language must not leak into the next test
    run by the same worker (LocaleMiddleware activates it for the thread and leaves it there)."""
    from django.utils import translation

    translation.activate("en")
    yield
    translation.activate("en")


@pytest.fixture(autouse=True)
def celery_eager_unless_live(request: pytest.FixtureRequest) -> Iterator[None]:
    """Tasks run in process, except in ``services`` tests, which use the live worker.

    With REDIS_URL set the app would send every task to the broker; a test
    that does not start a worker must not wait for one.
    """
    from config.celery import app

    if request.node.get_closest_marker("services"):
        yield
        return
    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    try:
        yield
    finally:
        app.conf.task_always_eager = previous


@pytest.fixture(scope="session")
def celery_worker_process(
    django_db_setup: None, django_db_blocker: Any, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """A real ``celery worker`` process on this test process's queue and test database.

    Yields the worker's node name. Tasks reach it through the real Redis
    broker; it reads and writes the same test database, so tests that use
    it must commit their data (``transaction=True``).
    """
    from django.conf import settings
    from django.db import connection

    from config.celery import app

    # This process's three queues (its imports, its default, its analysis: config/settings.py).
    queue = ",".join(q.name for q in settings.CELERY_TASK_QUEUES)
    node = f"test-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-{uuid.uuid4().hex[:6]}@localhost"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings_test",
        "DATABASE_URL": _database_url(connection.settings_dict),
    }
    log_path = tmp_path_factory.mktemp("celery") / "worker.log"
    celery = str(Path(sys.executable).with_name("celery"))
    command = [celery, "-A", "config", "worker", "--pool", "solo", "-Q", queue, "-n", node]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while not app.control.ping(destination=[node], timeout=1.0):
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"celery worker did not start:\n{log_path.read_text()[-3000:]}")
        yield node
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        # The server may not have noticed the worker's connection close yet;
        # end it so the test database can be dropped.
        with django_db_blocker.unblock():
            end_other_sessions([connection.settings_dict["NAME"]])


@pytest.fixture
def local_caches(settings: Any) -> None:
    """Both cache aliases in local memory of this test alone, for a test that must empty them.

    In the services pass the caches are Redis, the same database as the broker: emptying
    them there (FLUSHDB) would drop other test processes' queued tasks and flags. A test
    that needs empty counters or fragments takes this fixture and clears these instead.
    """
    name = uuid.uuid4().hex
    settings.CACHES = {
        alias: {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": f"{alias}-{name}"}
        for alias in ("default", "pages")
    }


def end_other_sessions(databases: list[str]) -> int:
    """End every session on these PostgreSQL test databases but this thread's own, and wait
    until the server has let them go; the number ended."""
    from django.db import connection
    from django.db.utils import OperationalError

    others = "FROM pg_stat_activity WHERE datname = ANY(%s) AND pid <> pg_backend_pid()"
    for attempt in range(3):
        try:
            with connection.cursor() as cursor:
                cursor.execute(f"SELECT count(pg_terminate_backend(pid)) {others}", [databases])
                ended = int(cursor.fetchone()[0])
                deadline = time.monotonic() + 10
                while ended and time.monotonic() < deadline:  # termination is asynchronous: wait
                    cursor.execute(f"SELECT count(*) {others}", [databases])
                    if cursor.fetchone()[0] == 0:
                        break
                    time.sleep(0.05)
            return ended
        except OperationalError:
            # This thread's own connection was ended by the server (a test that restarts or
            # clears sessions): open a fresh one and try again.
            connection.close()
            if attempt == 2:
                raise
    return 0


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """pytest-django's test databases; before they are dropped, nothing is left connected to them.

    A session still open when the run ends — a subprocess (web server, worker) or a thread
    whose connection the server has not yet seen close — made the drop fail at the end of the
    PostgreSQL pass ("database ... is being accessed by other users", reported by pytest-django
    as a PytestWarning). Only test databases (Django's ``test_`` prefix) are touched.
    """
    from django.db import connections
    from django.db.backends.base.creation import TEST_DATABASE_PREFIX

    yield
    names = [
        connections[alias].settings_dict["NAME"]
        for alias in connections
        if connections[alias].vendor == "postgresql"
        and str(connections[alias].settings_dict["NAME"]).startswith(TEST_DATABASE_PREFIX)
    ]
    if names:
        with django_db_blocker.unblock():
            connections.close_all()  # start from fresh connections: a kept one may have been ended
            end_other_sessions(names)


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Headless Debian Chromium under Playwright (browsers cannot be downloaded here)."""
    from playwright.sync_api import expect, sync_playwright

    # expect() waits 5 s by default, not the page's timeout: under a loaded parallel run a
    # server answer can take longer, and a slow answer is not a wrong one.
    expect.set_options(timeout=15_000)
    # Playwright's sync API runs an event loop in this thread; the test
    # itself still talks to the database synchronously, which is safe here.
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    args = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"]
    args += ["--disable-background-networking", "--disable-component-update", "--disable-sync"]
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=args)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: object) -> Iterator[object]:
    """A page in a fresh context. Every page the test opens runs under the site's
    Content-Security-Policy; a violation it reports (an inline script or style, a source from
    elsewhere) fails the test at its end, so no page can need ``unsafe-inline`` unnoticed."""
    context = browser.new_context(locale="en-GB")  # type: ignore[attr-defined]
    violations: list[str] = []

    def watch(message: Any) -> None:
        if "Content Security Policy" in message.text:
            violations.append(f"{message.location.get('url')}: {message.text}")

    context.on("console", watch)
    context.on("page", lambda opened: opened.on("console", watch))
    page = context.new_page()
    page.on("console", watch)
    page.set_default_timeout(15_000)
    try:
        yield page
    finally:
        context.close()
    assert not violations, f"Content-Security-Policy violations: {violations}"


# --- people: a club with one user of every role (shared by every app's tests) ---

from dataclasses import dataclass  # noqa: E402

from rest_framework.test import APIClient  # noqa: E402

from accounts.models import User  # noqa: E402
from games.models import Club, Membership  # noqa: E402
from tests.games.factories import ClubFactory, MembershipFactory, UserFactory  # noqa: E402
from tests.private_services import private_postgres, private_redis  # noqa: E402, F401 - fixtures


@dataclass
class ClubPeople:
    club: Club
    organiser: User
    scorer: User
    member: User
    outsider: User  # an organiser of another club
    superuser: User


@pytest.fixture
def people(db) -> ClubPeople:
    club = ClubFactory(name="Клуб «Козырь»", slug="kozyr")
    users = {}
    for role in (Membership.Role.ORGANISER, Membership.Role.SCORER, Membership.Role.MEMBER):
        users[role] = MembershipFactory(club=club, role=role, user=UserFactory(username=role)).user
    outsider = MembershipFactory(role=Membership.Role.ORGANISER, user=UserFactory(username="outsider")).user
    superuser = UserFactory(username="root", is_superuser=True, is_staff=True)
    return ClubPeople(
        club=club,
        organiser=users[Membership.Role.ORGANISER],
        scorer=users[Membership.Role.SCORER],
        member=users[Membership.Role.MEMBER],
        outsider=outsider,
        superuser=superuser,
    )


@pytest.fixture
def api() -> APIClient:
    return APIClient()
