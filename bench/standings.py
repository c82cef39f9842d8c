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
- ``standings_compile_s_20k_parallel_2_workers`` (with Redis): the same compile
  split by rounds as the compile task sends it above STANDINGS_PARALLEL_MIN_TABLES
  (``tournaments.tasks.start_parallel_compile``: a chord of ``standings_part``
  per span of rounds, then ``standings_merge``, which ranks and writes), on a
  live ``celery worker --pool prefork -c 2`` started here (its start not
  timed), from the call until the merge has written the rows; the median of
  several runs. ``standings_parallel_speedup`` is ``standings_compile_s_20k``
  over it; ``standings_compile_s_20k_one_task`` is the compile task on the same
  worker compiling in one go (timed in turns with the chord: what the chord
  replaces in production), and ``standings_parallel_speedup_vs_one_task`` that
  over the chord. In process, for where the time goes: each part's read and
  tally, and the merge (ranking and writing), timed one after the other;
- ``standings_update_latency_s``: with a live ``celery worker`` started here
  on its own queue, one more confirmed table's game goes through
  ``tournaments.services.table_game_upload``; the time from just before that
  call until ``GET /api/v1/tournaments/{id}/standings/`` shows the table's
  four players with one more game (the tournament's ``standings_compiled_at``
  is polled, and the API asked once it is newer than the upload). The median
  over several uploads, each to a fresh table of a new round.

``--copies N`` measures the compiles (not the live update) on the tournament
copied N times over by SQL (``replicate``: rounds, tables, games and seats
only): ``--copies 5`` is 100,000 games, its figures named ``…_100k``.

    .venv/bin/python -m bench.standings [--fresh] [--runs N] [--uploads N] [--parts N] [--copies N] [--profile]
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench import common
from bench.common import (
    CACHE,
    CHUNK,
    TABLE_SIZE,
    Field,
    child_env,
    clone_database,
    db_name,
    digest,
    django_setup,
    documents,
    drop_database,
    kept_database,
    name_of,
    postgres_available,
    record_tournament,
    redis_available,
    report,
    run_child,
    seating,
    start_worker,
    stop_process,
)

PLAYERS = 1_000
ROUNDS = 80
TABLES = PLAYERS // TABLE_SIZE  # per round: 250, so 20,000 games in all
SEED = 20261205
FIELD = Field(players=PLAYERS, rounds=ROUNDS, seed=SEED)
SLUG = "bench-standings"
RUNS = 5
UPLOADS = 5
PARTS = 2  # spans of rounds in the parallel compile: one per worker process
LATENCY_TIMEOUT_S = 120.0
POSTGRES = os.environ.get(
    "BENCH_STANDINGS_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/trickbook_bench_standings"
)
REDIS = os.environ.get("BENCH_STANDINGS_REDIS_URL", "redis://127.0.0.1:6379/3")
QUEUE = "bench-standings"
MARKER = "trickbook bench.standings"
KEPT = db_name(POSTGRES) + "_cache"
# What the kept database's rows depend on: a change here sets it up again. Only Oh Hell games are
# recorded, so the other games' rules packages (and the games app's pages and tasks) are left out.
CACHE_INPUTS = (
    "*/migrations/*.py",
    "games/models.py",
    "games/recording.py",
    "games/services.py",
    "games/signals.py",
    "rules/*.py",
    "rules/ohhell/**/*.py",
    "tournaments/models.py",
)
SETUP_VERSION = 2  # bump when setup() below changes what it writes


# --- the child processes: set up, measure ---------------------------------------


def setup() -> dict[str, Any]:
    """In a process whose DATABASE_URL is an empty database: migrate and record the tournament."""
    started = time.perf_counter()
    django_setup()
    from django.core.management import call_command

    from accounts.models import User
    from games.services import club_create

    call_command("migrate", verbosity=0)
    user = User.objects.create_user("bench")
    club = club_create(name="Bench club", slug="bench", user=user)
    record_tournament(field=FIELD, user=user, club=club, slug=SLUG, name="Bench standings")
    return {"setup_s": round(time.perf_counter() - started, 1), "games": FIELD.games}


def _latency_documents(count: int) -> list[tuple[list[int], bytes]]:
    """For each timed upload: four players (a different four each time) and their game."""
    from rules.ohhell.simulate import simulate

    out = []
    for k in range(count):
        players = [(k * TABLE_SIZE + j) % PLAYERS for j in range(TABLE_SIZE)]
        game = simulate(players=[name_of(p) for p in players], seed=SEED + 1_000_000 + k)
        out.append((players, json.dumps(game.document, ensure_ascii=False).encode()))
    return out


def _games(client: Any, url: str) -> tuple[dict[int, int], float]:
    """The standings API's games per player id, and how long the GET took."""
    started = time.perf_counter()
    response = client.get(url)
    elapsed = time.perf_counter() - started
    if response.status_code != 200:
        raise RuntimeError(f"GET {url} answered {response.status_code}")
    return {line["player_id"]: line["games"] for line in response.json()["standings"]}, elapsed


def measure_parallel(tournament: Any, runs: int, parts: int) -> dict[str, Any]:
    """The compile split into ``parts`` spans of rounds: in process part by part (where the time
    goes), then as the chord on a live two-process worker (what it takes end to end)."""
    from django.core.cache import cache

    from tournaments import services, tasks
    from tournaments.models import Standing, Tournament

    def lines() -> list[Any]:
        return sorted(
            Standing.objects.filter(tournament=tournament).values_list(
                "player_id", "rank", "rank_to", "points", "games", "tiebreaks"
            )
        )

    single = lines()  # the single compile's, just written
    counts = services.tables_per_round(tournament)
    spans = services.round_spans(counts, part_tables=sum(n for _, n in counts) // parts)
    rules = services.standings_rules(tournament)
    out: dict[str, Any] = {"spans": len(spans)}
    started = time.perf_counter()
    wires = []
    part_s = []
    for span in spans:
        began = time.perf_counter()
        wires.append(services.standings_part(tournament=tournament, rounds=span, rules=rules))
        part_s.append(time.perf_counter() - began)
    began = time.perf_counter()
    services.standings_merge(tournament=tournament, parts=wires, rules=rules)
    out["merge_s"] = time.perf_counter() - began
    out["parts_s"] = part_s
    out["in_process_s"] = time.perf_counter() - started
    out["wire_bytes"] = sum(len(json.dumps(w)) for w in wires)
    if lines() != single:
        raise RuntimeError("the merged standings differ from the single compile's")

    Tournament.objects.filter(pk=tournament.pk).update(standings_stale=False)  # no second compile
    cache.delete(tasks.pending_key(tournament.pk))
    node = f"bench-standings-parallel-{os.getpid()}@localhost"
    # The same worker compiles in one task when asked by compile_standings (threshold 0: never
    # split), the figure the chord competes with in production; the two are timed in turns.
    env = {**os.environ, "STANDINGS_PARALLEL_MIN_TABLES": "0"}
    worker = start_worker(node, QUEUE, CACHE / "standings-parallel-worker.log", concurrency=2, env=env)
    times, task_times = [], []
    try:
        for _ in range(runs):
            began = time.perf_counter()
            written = tasks.compile_standings.delay(tournament.pk).get(timeout=600)
            task_times.append(time.perf_counter() - began)
            began = time.perf_counter()
            merged = tasks.start_parallel_compile(tournament.pk, spans, rules=rules).get(timeout=600)
            times.append(time.perf_counter() - began)
            if written != len(single) or merged != len(single):
                raise RuntimeError(
                    f"{len(single)} lines, but the task wrote {written} and the chord {merged}"
                )
    finally:
        stop_process(worker)
    if lines() != single:
        raise RuntimeError("the parallel compile's standings differ from the single compile's")
    out["parallel_s"] = times
    out["task_s"] = task_times
    return out


def replicate(tournament: Any, copies: int) -> None:
    """Make the tournament ``copies`` times as long (PostgreSQL, in the scratch clone): its rounds,
    tables, games and game seats copied again as later rounds (round numbers + 80, + 160, …),
    by SQL, so a larger compile is measured without simulating and recording more games. Only
    the rows the standings read are copied (no revisions, reports or per-deal rows)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT max(id) FROM games_game")
        games = cursor.fetchone()[0]
        cursor.execute("SELECT max(id) FROM tournaments_round")
        rounds = cursor.fetchone()[0]
        cursor.execute("SELECT max(id) FROM tournaments_table")
        tables = cursor.fetchone()[0]
        for k in range(1, copies):
            shift = {
                "t": tournament.pk,
                "n": ROUNDS,
                "k": k,
                "g": games * k,
                "r": rounds * k,
                "tb": tables * k,
            }
            cursor.execute(
                "INSERT INTO games_game (id, game_type, ruleset, played_at, public, status, totals, "
                "created_at, updated_at, club_id, created_by_id) SELECT id + %(g)s, game_type, ruleset, "
                "played_at, public, status, totals, created_at, updated_at, club_id, created_by_id "
                "FROM games_game WHERE id IN (SELECT t.game_id FROM tournaments_table t JOIN "
                "tournaments_round r ON r.id = t.round_id WHERE r.tournament_id = %(t)s AND r.number <= %(n)s)",
                shift,
            )
            cursor.execute(
                "INSERT INTO games_gameseat (seat, game_id, player_id, contracts_made, total, whists) "
                "SELECT seat, game_id + %(g)s, player_id, contracts_made, total, whists "
                "FROM games_gameseat WHERE game_id IN (SELECT t.game_id FROM tournaments_table t JOIN "
                "tournaments_round r ON r.id = t.round_id WHERE r.tournament_id = %(t)s AND r.number <= %(n)s)",
                shift,
            )
            cursor.execute(
                "INSERT INTO tournaments_round (id, number, status, seating_method, seed, repeats, "
                "created_at, tournament_id) SELECT id + %(r)s, number + %(n)s * %(k)s, status, "
                "seating_method, seed, repeats, created_at, tournament_id FROM tournaments_round "
                "WHERE tournament_id = %(t)s AND number <= %(n)s",
                shift,
            )
            cursor.execute(
                "INSERT INTO tournaments_table (id, number, game_id, round_id) SELECT t.id + %(tb)s, "
                "t.number, t.game_id + %(g)s, t.round_id + %(r)s FROM tournaments_table t JOIN "
                "tournaments_round r ON r.id = t.round_id WHERE r.tournament_id = %(t)s AND r.number <= %(n)s",
                shift,
            )
        # Later inserts (none in this mode, but the sequences should not lie) go above the copies.
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('games_game', 'id'), (SELECT max(id) FROM games_game))"
        )
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('tournaments_round', 'id'), (SELECT max(id) FROM tournaments_round))"
        )
        cursor.execute(
            "SELECT setval(pg_get_serial_sequence('tournaments_table', 'id'), (SELECT max(id) FROM tournaments_table))"
        )
        cursor.execute("ANALYZE")


def measure(runs: int, uploads: int, profile: bool, parts: int = PARTS, copies: int = 1) -> dict[str, Any]:
    """In a process on a set-up copy of the database: time the compile, then the live update
    (with ``copies`` > 1: on a tournament that many times as long, and no live update)."""
    django_setup()
    from django.core.cache import cache
    from django.core.management import call_command
    from django.test import Client
    from django.utils import timezone

    from accounts.models import User
    from games.models import Player
    from tournaments.models import Round, Table, TableSeat, Tournament
    from tournaments.services import standings_compile, table_game_upload
    from tournaments.tasks import pending_key

    call_command("migrate", verbosity=0)  # a kept database misses what third-party apps added since
    tournament = Tournament.objects.get(slug=SLUG)
    if copies > 1:
        replicate(tournament, copies)
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
    out["parallel"] = measure_parallel(tournament, runs, parts)
    out["load_average"] = "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    if copies > 1:
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
    log_path = CACHE / "standings-worker.log"
    worker = start_worker(node, QUEUE, log_path)
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
        stop_process(worker)
    out["latency_s"] = latencies
    out["api_get_s"] = gets
    return out


# --- the parent: databases, children, figures --------------------------------------


def cache_key() -> str:
    """A digest of what the set-up rows depend on: the parameters and the code that writes them."""
    code = [inspect.getsource(f) for f in (record_tournament, seating, name_of, common._simulate_range)]
    return digest([SETUP_VERSION, PLAYERS, ROUNDS, TABLES, TABLE_SIZE, SEED, CHUNK, code], CACHE_INPUTS)


def template(fresh: bool = False) -> tuple[str, float]:
    """The kept set-up database (its name is ``KEPT``), built now if missing or stale: (how it came,
    the seconds a set-up took). bench.pages and bench.reaudit clone it too."""

    def build(url: str) -> float:
        done = run_child("bench.standings", ["--setup"], child_env(url, queue=QUEUE))
        return float(done["setup_s"])

    documents(FIELD)  # simulate once, outside every timing
    return kept_database(POSTGRES, KEPT, marker=MARKER, key=cache_key(), build=build, fresh=fresh)


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.standings", description=__doc__.splitlines()[0])
    parser.add_argument("--fresh", action="store_true", help="set the database up again even if one is kept")
    parser.add_argument("--runs", type=int, default=RUNS, help="timed compiles (median)")
    parser.add_argument("--uploads", type=int, default=UPLOADS, help="timed live uploads (median)")
    parser.add_argument("--parts", type=int, default=PARTS, help="spans of rounds in the parallel compile")
    parser.add_argument(
        "--copies", type=int, default=1, help="measure the compile on the tournament copied N times over"
    )
    parser.add_argument("--profile", action="store_true", help="profile one more compile (to stderr)")
    parser.add_argument("--setup", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    if args.setup:
        print(json.dumps(setup()))
        return 0
    if args.measure:
        print(json.dumps(measure(args.runs, args.uploads, args.profile, args.parts, args.copies)))
        return 0

    started = time.perf_counter()
    # The figures of a longer tournament (--copies) are named by its size, and it has no live update.
    size = f"{FIELD.games * args.copies // 1000}k"
    tag = "" if args.copies == 1 else f"_{size}"
    figures: dict[str, Any] = {}
    if not postgres_available(POSTGRES):
        why = "n/a (no PostgreSQL server answered)"
        figures = {
            f"standings_compile_s_{size}": why,
            f"standings_compile_s_{size}_parallel_2_workers": why,
            "standings_update_latency_s": why,
        }
    else:
        how, setup_s = template(args.fresh)
        clone_s = clone_database(POSTGRES, KEPT, db_name(POSTGRES))
        live = redis_available(REDIS)
        extra = ["--runs", str(args.runs), "--uploads", str(args.uploads), "--parts", str(args.parts)]
        extra += ["--copies", str(args.copies)] + (["--profile"] if args.profile else [])
        try:
            got = run_child(
                "bench.standings",
                ["--measure", *extra],
                child_env(POSTGRES, queue=QUEUE, redis_url=REDIS if live else None),
            )
        finally:
            drop_database(POSTGRES, db_name(POSTGRES))
        compile_s = statistics.median(got["compile_s"])
        figures[f"standings_compile_s_{size}"] = round(compile_s, 3)
        if live:
            split = got["parallel"]
            parallel = statistics.median(split["parallel_s"])
            as_task = statistics.median(split["task_s"])
            figures[f"standings_compile_s_{size}_parallel_2_workers"] = round(parallel, 3)
            figures[f"standings_compile_s_{size}_one_task"] = round(as_task, 3)
            figures[f"standings_parallel_speedup{tag}"] = round(compile_s / parallel, 2)
            figures[f"standings_parallel_speedup_vs_one_task{tag}"] = round(as_task / parallel, 2)
            figures[f"standings_one_task_runs_s{tag}"] = ", ".join(f"{t:.3f}" for t in split["task_s"])
            figures[f"standings_parallel_runs_s{tag}"] = ", ".join(f"{t:.3f}" for t in split["parallel_s"])
            figures[f"standings_parallel_parts{tag}"] = split["spans"]
            figures[f"standings_parallel_in_process{tag}"] = (
                f"parts {', '.join(f'{t:.3f}' for t in split['parts_s'])} s, merge {split['merge_s']:.3f} s, "
                f"{split['wire_bytes'] / 1e6:.1f} MB of tallies"
            )
            figures[f"standings_load_average{tag}"] = got["load_average"]
        else:
            figures[f"standings_compile_s_{size}_parallel_2_workers"] = "n/a (no Redis server answered)"
        if args.copies == 1:
            if live:
                figures["standings_update_latency_s"] = round(statistics.median(got["latency_s"]), 3)
            else:
                figures["standings_update_latency_s"] = "n/a (no Redis server answered)"
            figures["standings_rows"] = got["rows"]
            figures["standings_games"] = got["games"]
        figures[f"standings_compile_runs_s{tag}"] = ", ".join(f"{t:.3f}" for t in got["compile_s"])
        if live and args.copies == 1:
            figures["standings_update_latency_runs_s"] = ", ".join(f"{t:.3f}" for t in got["latency_s"])
            figures["standings_api_get_s"] = round(statistics.median(got["api_get_s"]), 3)
        figures["standings_setup_s"] = setup_s
        figures["standings_setup"] = (
            "fresh" if how == "fresh" else f"reused the kept database (cloned in {clone_s:.1f} s)"
        )
    figures["standings_bench_s"] = round(time.perf_counter() - started, 1)
    report(figures, skip=["standings_bench_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
