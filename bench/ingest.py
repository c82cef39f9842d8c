"""Ingest speed: simulated complete games recorded through the upload service.

10,000 four-player Oh Hell games of 13 deals (rules.ohhell.simulate, fixed
seed) go through ``games.services.games_upload`` — the service behind the
API's upload and every import chunk — in chunks of 100, shared by as many
processes as the machine has cores (as that many Celery worker processes
share a bulk import): read, replayed, audited, and stored with every row
(revision bytes, report, findings, per-deal seats). SQLite, which takes one
writer at a time, is measured with one process. Each backend runs in its own process on a fresh database:
SQLite in a temporary file, and PostgreSQL (``BENCH_POSTGRES_URL``, default
the local server's ``trickbook_bench``) when a server answers. Simulating
the games is not timed; the documents are cached under var/bench/.

    .venv/bin/python -m bench.ingest [--games N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "var" / "bench"
GAMES = 10_000
CHUNK = int(os.environ.get("BENCH_INGEST_CHUNK", "100"))
SEED = 20261129
PLAYERS = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya", "Ivan"]
POSTGRES = os.environ.get("BENCH_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/trickbook_bench")


def documents(count: int) -> list[bytes]:
    """``count`` simulated games as JSON bytes, from the cache when it has them."""
    sys.path.insert(0, str(ROOT))
    path = CACHE / f"ohhell-{SEED}-{count}.jsonl.gz"
    if path.exists():
        with gzip.open(path, "rb") as f:
            return [line.rstrip(b"\n") for line in f]
    from rules.ohhell.simulate import simulate

    out = []
    for i in range(count):
        # Four of eight club regulars per table, so the roster repeats as a club's does.
        names = [PLAYERS[(i + k * 3) % len(PLAYERS)] for k in range(4)]
        out.append(json.dumps(simulate(players=names, seed=SEED + i).document, ensure_ascii=False).encode())
    CACHE.mkdir(parents=True, exist_ok=True)
    with gzip.open(path, "wb") as f:
        f.writelines(doc + b"\n" for doc in out)
    return out


def postgres_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(_maintenance_url(POSTGRES), connect_timeout=2):
            return True
    except Exception:
        return False


def _maintenance_url(url: str) -> str:
    return url.rsplit("/", 1)[0] + "/postgres"


def _fresh_postgres(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    with psycopg.connect(_maintenance_url(url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def _setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("ANALYTICS_ON_RECORD", "false")  # measured on its own: bench/expected.py
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def ingest_part(count: int, part: int, parts: int, club_id: int, user_id: int) -> None:
    """One worker's share: chunks part, part + parts, … (as Celery workers share an import)."""
    _setup_django()
    from accounts.models import User
    from games.models import Club
    from games.services import IncomingLog, games_upload

    docs = documents(count)
    club, user = Club.objects.get(pk=club_id), User.objects.get(pk=user_id)
    starts = list(range(0, len(docs), CHUNK))[part::parts]
    for i in starts:
        games_upload(club=club, user=user, logs=[IncomingLog(content=d) for d in docs[i : i + CHUNK]])


def measure(count: int, workers: int) -> dict[str, Any]:
    """In a process whose DATABASE_URL is a fresh database: migrate, then time the ingest.

    ``workers`` processes share the chunks, as that many Celery worker
    processes share a bulk import; their start-up is inside the timing.
    """
    _setup_django()
    from django.core.management import call_command
    from django.db import connection

    from accounts.models import User
    from games.models import DealSeat, Game
    from games.services import club_create

    call_command("migrate", verbosity=0)
    documents(count)
    user = User.objects.create_user("bench")
    club = club_create(name="Bench club", slug="bench", user=user)
    connection.close()
    started = time.perf_counter()
    command = [sys.executable, "-m", "bench.ingest", "--games", str(count), "--club-id", str(club.pk)]
    command += ["--user-id", str(user.pk), "--parts", str(workers)]
    procs = [subprocess.Popen([*command, "--part", str(part)], cwd=ROOT) for part in range(workers)]
    if any(proc.wait() != 0 for proc in procs):
        raise RuntimeError("an ingest worker failed")
    elapsed = time.perf_counter() - started
    stored = Game.objects.filter(club=club).count()
    if stored != count:
        raise RuntimeError(f"expected {count} games stored, found {stored}")
    return {
        "vendor": connection.vendor,
        "games": stored,
        "workers": workers,
        "deal_seat_rows": DealSeat.objects.count(),
        "seconds": round(elapsed, 2),
        "games_per_s": round(stored / elapsed),
    }


def run_backend(url: str, count: int, workers: int) -> dict[str, Any]:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_ENV": "test", "LOG_LEVEL": "WARNING"}
    env.pop("REDIS_URL", None)  # tasks eager: the ingest itself is what is timed
    result = subprocess.run(
        [sys.executable, "-m", "bench.ingest", "--measure", "--games", str(count), "--workers", str(workers)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
    )
    if result.returncode != 0:
        raise RuntimeError(f"ingest on {url.split('@')[-1]} failed:\n{result.stderr[-3000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.ingest", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes sharing the chunks"
    )
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    for hidden in ("--part", "--parts", "--club-id", "--user-id"):
        parser.add_argument(hidden, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    if args.measure:
        print(json.dumps(measure(args.games, args.workers)))
        return 0
    if args.part is not None:
        ingest_part(args.games, args.part, args.parts, args.club_id, args.user_id)
        return 0
    documents(args.games)  # simulate once, outside every timing
    figures: dict[str, Any] = {"ingest_games": args.games}
    with tempfile.TemporaryDirectory() as tmp:
        sqlite = run_backend(f"sqlite:///{tmp}/bench.sqlite3", args.games, 1)
    figures["ingest_games_per_s_sqlite"] = sqlite["games_per_s"]
    figures["ingest_seconds_sqlite"] = sqlite["seconds"]
    if postgres_available():
        _fresh_postgres(POSTGRES)
        postgres = run_backend(POSTGRES, args.games, args.workers)
        figures["ingest_workers_postgres"] = postgres["workers"]
        figures["ingest_games_per_s_postgres"] = postgres["games_per_s"]
        figures["ingest_seconds_postgres"] = postgres["seconds"]
        figures["ingest_deal_seat_rows_postgres"] = postgres["deal_seat_rows"]
    else:
        figures["ingest_games_per_s_postgres"] = "n/a (no PostgreSQL server answered)"
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    from bench.common import save

    save({k: v for k, v in figures.items() if isinstance(v, int | float)})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
