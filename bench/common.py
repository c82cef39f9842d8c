"""What the database benchmarks share: servers, kept databases, child processes, workers, a seeded tournament.

bench.standings, bench.pages and bench.reaudit each measure in a child
process whose settings point at a scratch PostgreSQL database; the slow
set-up (a 1,000-player tournament of 20,000 games) is done once, kept as a
template database marked with a digest of what its rows depend on, and
cloned (``CREATE DATABASE … TEMPLATE``) by later runs. Nothing here times
anything; it only prepares and cleans up.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "var" / "bench"
RESULTS = Path(__file__).resolve().parent / "results.json"
TABLE_SIZE = 4
CHUNK = 100  # games per games_upload call, as an import chunk records them


def save(figures: Mapping[str, Any], path: Path = RESULTS) -> None:
    """Merge the figures into bench/results.json (a dict keyed by figure)."""
    try:
        results = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(results, dict):
            results = {}
    except (OSError, ValueError):
        results = {}
    results.update(figures)
    path.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n", encoding="utf-8")


def report(figures: Mapping[str, Any], *, skip: Iterable[str] = ()) -> None:
    """Print ``name: value`` lines and save the numeric figures (less ``skip``)."""
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    skipped = set(skip)
    save({k: v for k, v in figures.items() if isinstance(v, int | float) and k not in skipped})


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ANALYTICS_ON_RECORD", "false")  # measured on its own: bench/expected.py
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    import django

    django.setup()


# --- servers and databases -------------------------------------------------------


def server_url(url: str, database: str) -> str:
    """The same server as ``url``, another database."""
    return url.rsplit("/", 1)[0] + "/" + database


def db_name(url: str) -> str:
    return url.rsplit("/", 1)[1]


def postgres_available(url: str) -> bool:
    try:
        import psycopg

        with psycopg.connect(server_url(url, "postgres"), connect_timeout=2):
            return True
    except Exception:
        return False


def redis_available(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=2, socket_timeout=2).ping())
    except Exception:
        return False


def execute(url: str, *statements: Any, database: str = "postgres") -> None:
    """Run statements in autocommit on ``database`` of ``url``'s server (CREATE/DROP DATABASE need it)."""
    import psycopg

    with psycopg.connect(server_url(url, database), autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


def database_comment(url: str, name: str) -> str | None:
    """A database's comment ('' when it has none), or None when there is no such database."""
    import psycopg

    with psycopg.connect(server_url(url, "postgres"), autocommit=True) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", [name]
        ).fetchone()
    return None if row is None else (row[0] or "")


def drop_database(url: str, name: str) -> None:
    from psycopg import sql

    execute(url, sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def clone_database(url: str, template: str, target: str) -> float:
    """``target`` afresh as a copy of ``template``; the seconds it took."""
    from psycopg import sql

    started = time.perf_counter()
    drop_database(url, target)
    execute(
        url,
        sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(target), sql.Identifier(template)),
    )
    return time.perf_counter() - started


def digest(params: object, patterns: Sequence[str]) -> str:
    """A digest of the parameters and of every file matching the patterns (paths and bytes)."""
    h = hashlib.sha256(json.dumps(params).encode())
    for path in sorted({p for pattern in patterns for p in ROOT.glob(pattern)}):
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:32]


def kept_database(
    url: str, kept: str, *, marker: str, key: str, build: Callable[[str], float], fresh: bool = False
) -> tuple[str, float]:
    """A template database ``kept`` whose rows match ``key``: built by ``build(url_of_kept)`` (which
    returns its seconds) when missing, stale or ``fresh``; then analysed and marked.

    Returns how it came ("fresh" or "reused") and the seconds the build took (now or when it was made).
    """
    from psycopg import sql

    comment = database_comment(url, kept)
    if not fresh and comment is not None and comment.startswith(f"{marker} {key} "):
        return "reused", float(comment.rsplit("setup_s=", 1)[1])
    drop_database(url, kept)
    execute(url, sql.SQL("CREATE DATABASE {}").format(sql.Identifier(kept)))
    setup_s = build(server_url(url, kept))
    # Planner statistics, as autovacuum keeps them on a live server (a clone copies them).
    execute(url, "VACUUM ANALYZE", database=kept)
    execute(
        url,
        sql.SQL("COMMENT ON DATABASE {} IS {}").format(
            sql.Identifier(kept), sql.Literal(f"{marker} {key} setup_s={setup_s}")
        ),
    )
    return "fresh", setup_s


# --- child processes and workers ---------------------------------------------------


def child_env(database_url: str, *, queue: str, redis_url: str | None = None, **extra: str) -> dict[str, str]:
    """The environment of a measuring child: the test profile on ``database_url``, its own queue and
    cache prefix, Redis only when given (else tasks run in process)."""
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_ENV": "test",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "LOG_LEVEL": "WARNING",
        "CELERY_QUEUE": queue,
        "CACHE_KEY_PREFIX": queue,
        # The benches measure recording, compiling and serving; each game's luck-and-skill analysis
        # (hundreds of simulated deals) has its own bench (bench/expected.py).
        "ANALYTICS_ON_RECORD": "false",
        **extra,
    }
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    return env


def run_child(
    module: str, args: Sequence[str], env: Mapping[str, str], *, timeout: float = 3600
) -> dict[str, Any]:
    """``python -m module args`` in ``env``; the JSON object on its last line of output."""
    quiet = not any(arg.startswith("--profile") for arg in args)  # a profile goes to stderr
    result = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        env=dict(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE if quiet else None,
        text=True,
        timeout=timeout,
    )
    if result.returncode != 0:
        raise RuntimeError(f"{module} {' '.join(args)} failed:\n{(result.stderr or '')[-3000:]}")
    figures: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def start_worker(
    node: str,
    queue: str,
    log_path: Path,
    *,
    concurrency: int | None = None,
    env: Mapping[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    """A ``celery worker`` on ``queue`` (solo pool, or prefork with ``concurrency`` processes), once it
    answers a ping."""
    from config.celery import app

    celery = str(Path(sys.executable).with_name("celery"))
    queues = ",".join(f"{queue}{suffix}" for suffix in (".imports", "", ".analysis"))  # config/settings.py
    command = [celery, "-A", "config", "worker", "-Q", queues, "-n", node]
    command += ["--pool", "solo"] if concurrency is None else ["--pool", "prefork", "-c", str(concurrency)]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"]
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=dict(env or os.environ), stdout=log, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    while not app.control.ping(destination=[node], timeout=1.0):
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_process(proc)
            raise RuntimeError(f"celery worker did not start:\n{log_path.read_text()[-3000:]}")
    return proc


def stop_process(proc: subprocess.Popen[Any]) -> None:
    """Ask the process to stop (SIGTERM: a warm shutdown for celery and gunicorn); kill it if it will not."""
    proc.terminate()
    try:
        proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


# --- a seeded tournament: seating, simulated games, recording -----------------------------


@dataclass(frozen=True)
class Field:
    """A tournament to set up: ``players`` (a multiple of four) over ``rounds`` confirmed rounds, every
    table a complete simulated 13-deal Oh Hell game; the seating and the games follow ``seed``."""

    players: int
    rounds: int
    seed: int

    @property
    def tables(self) -> int:
        return self.players // TABLE_SIZE

    @property
    def games(self) -> int:
        return self.rounds * self.tables


def name_of(player: int) -> str:
    return f"P{player + 1:04d}"


def seating(field: Field) -> list[list[list[int]]]:
    """Per round, its tables' players (0-based) in seat order: a fresh seeded shuffle each round."""
    rng = random.Random(field.seed)
    rounds = []
    for _ in range(field.rounds):
        order = list(range(field.players))
        rng.shuffle(order)
        rounds.append([order[t * TABLE_SIZE : (t + 1) * TABLE_SIZE] for t in range(field.tables)])
    return rounds


def _simulate_range(field: Field, start: int, stop: int) -> list[bytes]:
    from rules.ohhell.simulate import simulate

    tables = [table for round_ in seating(field) for table in round_]
    return [
        json.dumps(
            simulate(players=[name_of(p) for p in tables[i]], seed=field.seed + i).document,
            ensure_ascii=False,
        ).encode()
        for i in range(start, stop)
    ]


def documents(field: Field) -> list[bytes]:
    """One simulated game per table, round by round, from the cache under var/bench/ when it has them."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    count = field.games
    path = CACHE / f"standings-ohhell-{field.seed}-{field.players}p-{field.rounds}x{field.tables}.jsonl.gz"
    if path.exists():
        with gzip.open(path, "rb") as f:
            return [line.rstrip(b"\n") for line in f]
    step = 500
    starts = range(0, count, step)
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        parts = pool.map(
            _simulate_range, [field] * len(starts), starts, [min(i + step, count) for i in starts]
        )
        out = [doc for part in parts for doc in part]
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    with gzip.open(partial, "wb") as f:
        f.writelines(doc + b"\n" for doc in out)
    partial.replace(path)
    return out


def record_tournament(
    *, field: Field, user: Any, club: Any, slug: str, name: str, rated: bool = False
) -> Any:
    """In a set-up Django: enter ``field.players`` players of the club in a new published, running
    tournament, create its confirmed rounds, tables and seats directly (this sets up standings, not
    seating), and record each table's simulated game with ``games.services.games_upload`` in chunks.
    Returns the tournament; its standings are not compiled here."""
    from django.utils import timezone

    from games import recording
    from games.models import Player
    from games.services import IncomingLog, games_upload
    from tournaments.models import Entry, Round, Table, TableSeat, Tournament
    from tournaments.services import tournament_create

    docs = documents(field)
    roster = recording.roster(club, [name_of(p) for p in range(field.players)])
    ids = [roster[Player.key_for(name_of(p))].pk for p in range(field.players)]
    starts_at = timezone.now()
    tournament = tournament_create(
        club=club,
        name=name,
        user=user,
        slug=slug,
        seed=field.seed,
        rated=rated,
        published=True,
        status=Tournament.Status.RUNNING,
        starts_at=starts_at,
    )
    Entry.objects.bulk_create([Entry(tournament=tournament, player_id=i) for i in ids], batch_size=1000)
    rounds = Round.objects.bulk_create(
        [
            Round(tournament=tournament, number=r + 1, status=Round.Status.CONFIRMED)
            for r in range(field.rounds)
        ]
    )
    plan = seating(field)
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=t + 1) for round_ in rounds for t in range(field.tables)], batch_size=2000
    )
    TableSeat.objects.bulk_create(
        [
            TableSeat(table=table, seat=seat, player_id=ids[p])
            for table, players in zip(tables, (t for r in plan for t in r), strict=True)
            for seat, p in enumerate(players)
        ],
        batch_size=5000,
    )
    for i in range(0, len(docs), CHUNK):
        chunk = docs[i : i + CHUNK]
        results = games_upload(
            club=club, user=user, logs=[IncomingLog(content=d, played_at=starts_at) for d in chunk]
        )
        for table, result in zip(tables[i : i + CHUNK], results, strict=True):
            if result.game is None or not result.created:
                raise RuntimeError(f"table {table.pk}'s game was not recorded: {result.error}")
            table.game = result.game
        Table.objects.bulk_update(tables[i : i + CHUNK], ["game"])
    return tournament
