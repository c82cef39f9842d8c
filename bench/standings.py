"""Standings speed: a 1,000-player tournament of 20,000 games, compiled whole and updated live.

Setup (not timed): 1,000 players of one club entered in one tournament
(unrated, so no ratings run), 80 confirmed rounds of 250 four-player tables
(Round/Table/TableSeat rows created directly: this measures standings, not
seating), and a complete simulated 13-deal game per table
(rules.ohhell.simulate, fixed seed, the table's players in seat order),
recorded with ``games.services.games_upload`` in chunks of 100 and then
linked to its table. The documents are simulated once and cached under
var/bench/; the set-up database is kept as ``<name>_cache`` and cloned
(``CREATE DATABASE … TEMPLATE``) by the next run while the migrations, the
recording code and the parameters are unchanged (``--fresh`` rebuilds it).

Timed, on PostgreSQL (``BENCH_STANDINGS_POSTGRES_URL``, default the local
server's ``trickbook_bench_standings``) and Redis (``BENCH_STANDINGS_REDIS_URL``,
default DB 3 of the local server; only that DB's keys are touched):

- ``standings_compile_s_20k``: ``tournaments.services.standings_compile``
  from scratch, the median of several runs;
- ``standings_update_latency_s``: with a live ``celery worker`` started here
  on its own queue, one more confirmed table's game goes through
  ``tournaments.services.table_game_upload``; the time from just before that
  call until ``GET /api/v1/tournaments/{id}/standings/`` shows the table's
  four players with one more game (the tournament's ``standings_compiled_at``
  is polled, and the API asked once it is newer than the upload). The median
  over several uploads, each to a fresh table of a new round.

    .venv/bin/python -m bench.standings [--fresh] [--runs N] [--uploads N] [--profile]
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "var" / "bench"
PLAYERS = 1_000
ROUNDS = 80
TABLE_SIZE = 4
TABLES = PLAYERS // TABLE_SIZE  # per round: 250, so 20,000 games in all
CHUNK = 100
SEED = 20261205
SLUG = "bench-standings"
RUNS = 5
UPLOADS = 5
LATENCY_TIMEOUT_S = 120.0
POSTGRES = os.environ.get(
    "BENCH_STANDINGS_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/trickbook_bench_standings"
)
REDIS = os.environ.get("BENCH_STANDINGS_REDIS_URL", "redis://127.0.0.1:6379/3")
QUEUE = "bench-standings"
MARKER = "trickbook bench.standings"
# What the kept database's rows depend on: a change here sets it up again.
CACHE_INPUTS = ("*/migrations/*.py", "games/*.py", "rules/**/*.py", "tournaments/models.py")
SETUP_VERSION = 2  # bump when setup() below changes what it writes


def name_of(player: int) -> str:
    return f"P{player + 1:04d}"


def seating() -> list[list[list[int]]]:
    """Per round, its tables' players (0-based) in seat order: a fresh seeded shuffle each round."""
    rng = random.Random(SEED)
    rounds = []
    for _ in range(ROUNDS):
        order = list(range(PLAYERS))
        rng.shuffle(order)
        rounds.append([order[t * TABLE_SIZE : (t + 1) * TABLE_SIZE] for t in range(TABLES)])
    return rounds


def _simulate_range(start: int, stop: int) -> list[bytes]:
    from rules.ohhell.simulate import simulate

    tables = [table for round_ in seating() for table in round_]
    return [
        json.dumps(
            simulate(players=[name_of(p) for p in tables[i]], seed=SEED + i).document, ensure_ascii=False
        ).encode()
        for i in range(start, stop)
    ]


def documents() -> list[bytes]:
    """One simulated game per table, round by round, from the cache when it has them."""
    sys.path.insert(0, str(ROOT))
    count = ROUNDS * TABLES
    path = CACHE / f"standings-ohhell-{SEED}-{PLAYERS}p-{ROUNDS}x{TABLES}.jsonl.gz"
    if path.exists():
        with gzip.open(path, "rb") as f:
            return [line.rstrip(b"\n") for line in f]
    step = 500
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        parts = pool.map(
            _simulate_range, range(0, count, step), [min(i + step, count) for i in range(0, count, step)]
        )
        out = [doc for part in parts for doc in part]
    CACHE.mkdir(parents=True, exist_ok=True)
    partial = path.with_suffix(".part")
    with gzip.open(partial, "wb") as f:
        f.writelines(doc + b"\n" for doc in out)
    partial.replace(path)
    return out


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


# --- the child processes: set up, measure ---------------------------------------


def setup() -> dict[str, Any]:
    """In a process whose DATABASE_URL is an empty database: migrate and record the tournament."""
    started = time.perf_counter()
    _django()
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import User
    from games import recording
    from games.models import Player
    from games.services import IncomingLog, club_create, games_upload
    from tournaments.models import Entry, Round, Table, TableSeat, Tournament
    from tournaments.services import tournament_create

    call_command("migrate", verbosity=0)
    docs = documents()
    user = User.objects.create_user("bench")
    club = club_create(name="Bench club", slug="bench", user=user)
    roster = recording.roster(club, [name_of(p) for p in range(PLAYERS)])
    ids = [roster[Player.key_for(name_of(p))].pk for p in range(PLAYERS)]
    starts_at = timezone.now()
    tournament = tournament_create(
        club=club,
        name="Bench standings",
        user=user,
        slug=SLUG,
        seed=SEED,
        rated=False,
        published=True,
        status=Tournament.Status.RUNNING,
        starts_at=starts_at,
    )
    Entry.objects.bulk_create([Entry(tournament=tournament, player_id=i) for i in ids], batch_size=1000)
    rounds = Round.objects.bulk_create(
        [Round(tournament=tournament, number=r + 1, status=Round.Status.CONFIRMED) for r in range(ROUNDS)]
    )
    plan = seating()
    tables = Table.objects.bulk_create(
        [Table(round=round_, number=t + 1) for round_ in rounds for t in range(TABLES)], batch_size=2000
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
    return {"setup_s": round(time.perf_counter() - started, 1), "games": len(docs)}


def _latency_documents(count: int) -> list[tuple[list[int], bytes]]:
    """For each timed upload: four players (a different four each time) and their game."""
    from rules.ohhell.simulate import simulate

    out = []
    for k in range(count):
        players = [(k * TABLE_SIZE + j) % PLAYERS for j in range(TABLE_SIZE)]
        game = simulate(players=[name_of(p) for p in players], seed=SEED + 1_000_000 + k)
        out.append((players, json.dumps(game.document, ensure_ascii=False).encode()))
    return out


def _start_worker(node: str) -> tuple[subprocess.Popen[bytes], Path]:
    from config.celery import app

    log_path = CACHE / "standings-worker.log"
    celery = str(Path(sys.executable).with_name("celery"))
    command = [celery, "-A", "config", "worker", "--pool", "solo", "-Q", QUEUE, "-n", node]
    command += ["--without-gossip", "--without-mingle", "--without-heartbeat", "--loglevel", "INFO"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            command, cwd=ROOT, env=os.environ.copy(), stdout=log, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    while not app.control.ping(destination=[node], timeout=1.0):
        if proc.poll() is not None or time.monotonic() > deadline:
            _stop_worker(proc)
            raise RuntimeError(f"celery worker did not start:\n{log_path.read_text()[-3000:]}")
    return proc, log_path


def _stop_worker(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def _games(client: Any, url: str) -> tuple[dict[int, int], float]:
    """The standings API's games per player id, and how long the GET took."""
    started = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"GET {url} answered {response.status_code}")
    return {line["player_id"]: line["games"] for line in response.json()["standings"]}, elapsed


def measure(runs: int, uploads: int, profile: bool) -> dict[str, Any]:
    """In a process on a set-up copy of the database: time the compile, then the live update."""
    _django()
    from django.core.cache import cache
    from django.test import Client
    from django.utils import timezone

    from accounts.models import User
    from games.models import Player
    from tournaments.models import Round, Table, TableSeat, Tournament
    from tournaments.services import standings_compile, table_game_upload
    from tournaments.tasks import pending_key

    tournament = Tournament.objects.get(slug=SLUG)
    games = Table.objects.filter(round__tournament=tournament, game__isnull=False).count()
    out: dict[str, Any] = {"games": games}
    times = []
    rows: list[Any] = []
    for _ in range(runs):
        started = time.perf_counter()
        rows = standings_compile(tournament=tournament)
        times.append(time.perf_counter() - started)
    out["rows"] = len(rows)
    out["compile_s"] = times
    if profile:
        import cProfile
        import pstats

        profiler = cProfile.Profile()
        profiler.runcall(standings_compile, tournament=tournament)
        pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(25)

    if not os.environ.get("REDIS_URL"):
        return out
    user = User.objects.get(username="bench")
    ids = dict(Player.objects.filter(club=tournament.club_id).values_list("display_name", "pk"))
    by_index = {i: ids[name_of(i)] for i in range(PLAYERS)}
    planned = _latency_documents(uploads)
    client = Client()
    url = f"/api/v1/tournaments/{tournament.pk}/standings/"
    compiled_at = Tournament.objects.filter(pk=tournament.pk).values_list("standings_compiled_at", flat=True)
    cache.delete(pending_key(tournament.pk))  # a flag left by an interrupted run would swallow the compile
    node = f"bench-standings-{os.getpid()}@localhost"
    worker, log_path = _start_worker(node)
    latencies, gets = [], []
    try:
        for k, (players, content) in enumerate(planned):
            round_ = Round.objects.create(
                tournament=tournament, number=ROUNDS + 1 + k, status=Round.Status.CONFIRMED
            )
            table = Table.objects.create(round=round_, number=1)
            seated = [by_index[p] for p in players]
            TableSeat.objects.bulk_create(
                [TableSeat(table=table, seat=s, player_id=pk) for s, pk in enumerate(seated)]
            )
            table = Table.objects.select_related("round__tournament").get(pk=table.pk)
            before, took = _games(client, url)
            gets.append(took)
            since = timezone.now()
            started = time.perf_counter()
            result = table_game_upload(table=table, content=content, user=user)
            if result.result.game is None:
                raise RuntimeError(f"the timed upload was refused: {result.result.error}")
            while True:
                # A one-row read tells when a compile has committed since the upload; only then is
                # the (much heavier) API asked, so polling neither lags by a GET nor loads the CPU.
                compiled = compiled_at.get()
                if compiled is not None and compiled > since:
                    now, took = _games(client, url)
                    gets.append(took)
                    if all(now.get(pk) == before.get(pk, 0) + 1 for pk in seated):
                        break
                if time.perf_counter() - started > LATENCY_TIMEOUT_S:
                    raise RuntimeError(
                        f"the new game did not reach the standings in {LATENCY_TIMEOUT_S:.0f} s:\n"
                        f"{log_path.read_text()[-3000:]}"
                    )
                time.sleep(0.01)
            latencies.append(time.perf_counter() - started)
    finally:
        _stop_worker(worker)
    out["latency_s"] = latencies
    out["api_get_s"] = gets
    return out


# --- the parent: databases, children, figures --------------------------------------


def _url(database: str) -> str:
    """POSTGRES's server, another database."""
    return POSTGRES.rsplit("/", 1)[0] + "/" + database


def _db_name(url: str) -> str:
    return url.rsplit("/", 1)[1]


def postgres_available() -> bool:
    try:
        import psycopg

        with psycopg.connect(_url("postgres"), connect_timeout=2):
            return True
    except Exception:
        return False


def redis_available() -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(REDIS, socket_connect_timeout=2, socket_timeout=2).ping())
    except Exception:
        return False


def cache_key() -> str:
    """A digest of what the set-up rows depend on: the parameters and the code that writes them."""
    digest = hashlib.sha256(
        json.dumps([SETUP_VERSION, PLAYERS, ROUNDS, TABLES, TABLE_SIZE, SEED, CHUNK]).encode()
    )
    for path in sorted({p for pattern in CACHE_INPUTS for p in ROOT.glob(pattern)}):
        digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:32]


def _comment(name: str) -> str | None:
    import psycopg

    with psycopg.connect(_url("postgres"), autocommit=True) as conn:
        row = conn.execute(
            "SELECT shobj_description(oid, 'pg_database') FROM pg_database WHERE datname = %s", [name]
        ).fetchone()
    return None if row is None else (row[0] or "")


def _execute(*statements: Any, database: str = "postgres") -> None:
    import psycopg

    with psycopg.connect(_url(database), autocommit=True) as conn:
        for statement in statements:
            conn.execute(statement)


def _child(mode: str, url: str, extra: Sequence[str] = (), redis_url: str | None = None) -> dict[str, Any]:
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_ENV": "test",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "LOG_LEVEL": "WARNING",
        "CELERY_QUEUE": QUEUE,
        "CACHE_KEY_PREFIX": QUEUE,
    }
    env.pop("REDIS_URL", None)
    if redis_url:
        env["REDIS_URL"] = redis_url
    result = subprocess.run(
        [sys.executable, "-m", "bench.standings", mode, *extra],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=None if "--profile" in extra else subprocess.PIPE,
        text=True,
        timeout=3600,
    )
    if result.returncode != 0:
        raise RuntimeError(f"bench.standings {mode} failed:\n{(result.stderr or '')[-3000:]}")
    figures: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


def prepare(fresh: bool) -> tuple[str, float, float]:
    """A set-up copy of the database at POSTGRES: (how it came, seconds it took, seconds a fresh setup took)."""
    from psycopg import sql

    run, kept = _db_name(POSTGRES), _db_name(POSTGRES) + "_cache"
    key = cache_key()
    comment = _comment(kept)
    setup_s = 0.0
    how = "reused"
    if fresh or comment is None or not comment.startswith(f"{MARKER} {key} "):
        how = "fresh"
        _execute(
            sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(kept)),
            sql.SQL("CREATE DATABASE {}").format(sql.Identifier(kept)),
        )
        done = _child("--setup", _url(kept))
        setup_s = float(done["setup_s"])
        # Planner statistics, as autovacuum keeps them on a live server (the clone copies them).
        _execute("VACUUM ANALYZE", database=kept)
        _execute(
            sql.SQL("COMMENT ON DATABASE {} IS {}").format(
                sql.Identifier(kept), sql.Literal(f"{MARKER} {key} setup_s={setup_s}")
            )
        )
    else:
        setup_s = float(comment.rsplit("setup_s=", 1)[1])
    started = time.perf_counter()
    _execute(
        sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(run)),
        sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(run), sql.Identifier(kept)),
    )
    return how, time.perf_counter() - started, setup_s


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.standings", description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="set the database up again even if one is kept")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed compiles (median)")
    parser.add_argument("--uploads", type=int, default=UPLOADS, help="timed live uploads (median)")
    parser.add_argument("--profile", action="store_true", help="profile one more compile (to stderr)")
    parser.add_argument("--setup", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    if args.setup:
        print(json.dumps(setup()))
        return 0
    if args.measure:
        print(json.dumps(measure(args.runs, args.uploads, args.profile)))
        return 0

    started = time.perf_counter()
    figures: dict[str, Any] = {}
    if not postgres_available():
        why = "n/a (no PostgreSQL server answered)"
        figures = {"standings_compile_s_20k": why, "standings_update_latency_s": why}
    else:
        documents()  # simulate once, outside every timing
        how, clone_s, setup_s = prepare(args.fresh)
        live = redis_available()
        extra = ["--runs", str(args.runs), "--uploads", str(args.uploads)] + (
            ["--profile"] if args.profile else []
        )
        try:
            got = _child("--measure", POSTGRES, extra, REDIS if live else None)
        finally:
            from psycopg import sql

            _execute(sql.SQL("DROP DATABASE IF EXISTS {}").format(sql.Identifier(_db_name(POSTGRES))))
        figures["standings_compile_s_20k"] = round(statistics.median(got["compile_s"]), 3)
        if live:
            figures["standings_update_latency_s"] = round(statistics.median(got["latency_s"]), 3)
        else:
            figures["standings_update_latency_s"] = "n/a (no Redis server answered)"
        figures["standings_rows"] = got["rows"]
        figures["standings_games"] = got["games"]
        figures["standings_compile_runs_s"] = ", ".join(f"{t:.3f}" for t in got["compile_s"])
        if live:
            figures["standings_update_latency_runs_s"] = ", ".join(f"{t:.3f}" for t in got["latency_s"])
            figures["standings_api_get_s"] = round(statistics.median(got["api_get_s"]), 3)
        figures["standings_setup_s"] = setup_s
        figures["standings_setup"] = (
            "fresh" if how == "fresh" else f"reused the kept database (cloned in {clone_s:.1f} s)"
        )
    figures["standings_bench_s"] = round(time.perf_counter() - started, 1)
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    from bench.replay import save

    save({k: v for k, v in figures.items() if isinstance(v, int | float) and k != "standings_bench_s"})
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
