"""Private Redis and PostgreSQL servers that a test may really stop, kill and start again.

The machine's shared Redis and PostgreSQL serve every other test process, so the restart
tests (issue 11: "Redis restarted while uploads arrive", "PostgreSQL restarted mid-import")
start servers of their own, on free ports, with their files in a temporary folder, and
restart those. Nothing is skipped: a missing binary fails the test with what to install.
The fixtures are used only by ``services`` tests, so they run in the PostgreSQL + Redis pass
of .ci/run (tests/conftest.py).
"""

from __future__ import annotations

import glob
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest

ROOT = Path(__file__).resolve().parent.parent

#: Where Debian puts the server binaries of PostgreSQL (initdb, pg_ctl, postgres are not on PATH).
POSTGRES_BINARIES = "/usr/lib/postgresql/*/bin"
#: The operating-system account that owns the private cluster when the tests run as root
#: (initdb refuses to run as root).
POSTGRES_OS_USER = "postgres"


def free_port() -> int:
    """A TCP port nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait(what: str, check: Callable[[], bool], timeout: float, log: Path) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            tail = log.read_text(errors="replace")[-3000:] if log.exists() else "(no log)"
            raise RuntimeError(f"{what} did not happen within {timeout:.0f} s:\n{tail}")
        time.sleep(0.02)


class PrivateRedis:
    """A redis-server of this test alone: no snapshot, no append-only file, so a restart loses
    every key, queued message and result — as a Redis without persistence does."""

    def __init__(self, directory: Path) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail(
                "redis-server is not on PATH: install it (apt-get install redis-server, as .ci/run does)"
            )
        self.binary = binary
        self.directory = directory
        self.port = free_port()
        self.log = directory / "redis.log"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def answers(self) -> bool:
        """PING answered with PONG (a raw socket: redis-py would retry with back-off)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def start(self) -> None:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        command += ["--appendonly", "no", "--dir", str(self.directory), "--logfile", str(self.log)]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        _wait("redis-server answering", self.answers, 30, self.log)

    def stop(self) -> None:
        """Shut down as an administrator does (SIGTERM: Redis closes its clients and exits)."""
        self._end(signal.SIGTERM)

    def kill(self) -> None:
        """Die at once (SIGKILL), as a crash or the OOM killer ends it."""
        self._end(signal.SIGKILL)

    def restart(self, *, kill: bool = False) -> None:
        self.kill() if kill else self.stop()
        self.start()

    def _end(self, signum: int) -> None:
        if self.process is None:
            return
        self.process.send_signal(signum)
        self.process.wait(timeout=30)
        self.process = None
        if self.answers():
            raise RuntimeError(f"something else answers on port {self.port}")


class PrivateCluster:
    """A PostgreSQL cluster of this test module alone: trust authentication, TCP on 127.0.0.1 at
    a free port, its socket in its own folder. stop/start/restart are pg_ctl's, with its
    shutdown modes: ``fast`` (the connections are ended, then a clean shutdown) and
    ``immediate`` (the server quits at once, and replays its WAL at the next start, as after
    a crash)."""

    def __init__(self) -> None:
        found = sorted(glob.glob(POSTGRES_BINARIES), key=lambda p: int(Path(p).parent.name))
        if not found or not Path(found[-1], "initdb").exists():
            pytest.fail(
                f"no PostgreSQL server binaries (initdb, pg_ctl) under {POSTGRES_BINARIES}: "
                "install them (apt-get install postgresql, as .ci/run does)"
            )
        self.bin = Path(found[-1])
        self.as_owner: list[str] = []
        if os.geteuid() == 0:
            if shutil.which("runuser") is None:
                pytest.fail("running as root, the cluster must belong to another user: runuser is missing")
            self.as_owner = ["runuser", "-u", POSTGRES_OS_USER, "--"]
        # Not under pytest's temporary folders: they are private to root, and the cluster's
        # owner must reach its files.
        self.directory = Path(tempfile.mkdtemp(prefix="trickbook-pg-"))
        if self.as_owner:
            shutil.chown(self.directory, user=POSTGRES_OS_USER)
        self.data = self.directory / "data"
        self.log = self.directory / "postgres.log"
        self.port = free_port()
        try:
            self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        except BaseException:
            shutil.rmtree(self.directory, ignore_errors=True)
            raise

    def _run(self, program: str, *args: str) -> str:
        command = [*self.as_owner, str(self.bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120, cwd=self.directory)
        if done.returncode != 0:
            raise RuntimeError(
                f"{' '.join(command)} failed ({done.returncode}):\n{done.stdout}\n{done.stderr}"
            )
        return done.stdout

    def url(self, database: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{database}"

    def answers(self) -> bool:
        try:
            with psycopg.connect(self.url("postgres"), connect_timeout=1):
                return True
        except psycopg.OperationalError:
            return False

    def start(self) -> None:
        options = f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.directory}"
        # fsync off: only a crash of the machine itself would need it; a crash of PostgreSQL
        # (stop -m immediate) is recovered from the WAL either way.
        options += " -c fsync=off -c shared_buffers=16MB"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-o", options, "-w", "-t", "60", "start"
        )
        _wait("PostgreSQL answering", self.answers, 60, self.log)

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def restart(self, mode: str = "fast") -> None:
        self.stop(mode)
        self.start()

    def execute(self, sql: str, *, database: str = "postgres") -> list[tuple[object, ...]]:
        with psycopg.connect(self.url(database), autocommit=True) as conn, conn.cursor() as cursor:
            cursor.execute(sql.encode())
            return list(cursor.fetchall()) if cursor.description else []

    def remove(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self.stop("immediate")
        shutil.rmtree(self.directory, ignore_errors=True)


def project_env(
    *, database_url: str, redis_url: str | None = None, queue: str | None = None
) -> dict[str, str]:
    """The environment of a project process (web, worker, management command) on the given
    servers, with the test settings; without ``redis_url`` Celery runs tasks in the process."""
    env = {
        k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "DATABASE_URL", "PYTEST_XDIST_WORKER")
    }
    env.update(DJANGO_SETTINGS_MODULE="config.settings_test", DATABASE_URL=database_url)
    if redis_url is not None:
        env["REDIS_URL"] = redis_url
    if queue is not None:
        env["CELERY_QUEUE"] = queue
    return env


def manage(env: dict[str, str], *args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``manage.py ARGS`` in a process of its own; its exit status is the caller's to judge."""
    python = str(Path(sys.executable))
    return subprocess.run(
        [python, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


class ProjectProcess:
    """A long-running project process (gunicorn, a Celery worker) with its output in a log."""

    def __init__(
        self, command: list[str], env: dict[str, str], log: Path, *, stop_signal: int = signal.SIGTERM
    ) -> None:
        self.command, self.env, self.log, self.stop_signal = command, env, log, stop_signal
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, *, ready: str, timeout: float = 60) -> None:
        """Start, and wait until the log says ``ready``."""
        with open(self.log, "ab") as out:
            # A session of its own: kill_whole() ends it with every process it started.
            self.process = subprocess.Popen(
                self.command,
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def up() -> bool:
            if self.process is not None and self.process.poll() is not None:
                raise RuntimeError(f"{self.command[0]} exited:\n{self.output()[-3000:]}")
            return ready in self.output()

        _wait(f"{' '.join(self.command[:4])} ready", up, timeout, self.log)

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def kill_whole(self) -> None:
        """SIGKILL to the process and all its children at once, as an out-of-memory kill of the
        whole service or a machine restart ends it: nothing is acknowledged or given back."""
        if self.process is None:
            return
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.send_signal(self.stop_signal)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


def celery_worker(
    env: dict[str, str], log: Path, *, stop_signal: int = signal.SIGTERM, pool: str = "solo"
) -> ProjectProcess:
    """A worker (solo pool, or ``prefork`` with one child) on the environment's broker and its
    three queues (``CELERY_QUEUE`` and its ``.imports`` and ``.analysis``: config/settings.py);
    stopped by a warm shutdown (SIGTERM: the task in hand is finished) unless told otherwise."""
    node = f"restart-{uuid.uuid4().hex[:6]}@localhost"
    celery = str(Path(sys.executable).with_name("celery"))
    queues = ",".join(f"{env['CELERY_QUEUE']}{suffix}" for suffix in (".imports", "", ".analysis"))
    command = [celery, "-A", "config", "worker", "--pool", pool, "-Q", queues, "-n", node]
    if pool == "prefork":
        command += ["--concurrency", "1"]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"]
    return ProjectProcess(command, env, log, stop_signal=stop_signal)


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    """A running redis-server of this test alone, stopped after it."""
    server = PrivateRedis(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.kill()


@pytest.fixture(scope="module")
def private_postgres() -> Iterator[PrivateCluster]:
    """A running PostgreSQL cluster of this test module alone, removed after it."""
    cluster = PrivateCluster()
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.remove()
