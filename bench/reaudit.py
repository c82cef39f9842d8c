"""Re-audit scale-out: the same 20,000-game re-audit on a live Celery worker of 1 process, then 2.

The games are bench.standings' tournament (1,000 players, 20,000 complete
13-deal games); its kept database is cloned afresh for every run, so each
run re-audits the same games from the same state. A run starts a live
``celery worker --pool prefork -c N`` on its own queue (PostgreSQL
``BENCH_REAUDIT_POSTGRES_URL``, default the local server's
``trickbook_bench_reaudit``; Redis ``BENCH_REAUDIT_REDIS_URL``, default DB 5
of the local server), then times ``games.tasks.reaudit_start`` — the chord
the ``reaudit`` command sends: a ``reaudit_chunk`` per 200 games, then the
summary — from the call until the summary is back. The worker's start is
not timed. Each figure is the median of ``--runs`` runs per worker count
(run in turns: 1, 2, 1, 2, …).

    .venv/bin/python -m bench.reaudit [--runs N] [--chunk-size N] [--profile]

``reaudit_speedup_2_workers`` is the 1-process time over the 2-process time.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from bench import standings
from bench.common import (
    CACHE,
    child_env,
    clone_database,
    db_name,
    django_setup,
    drop_database,
    postgres_available,
    redis_available,
    report,
    run_child,
    start_worker,
    stop_process,
)

POSTGRES = os.environ.get(
    "BENCH_REAUDIT_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/trickbook_bench_reaudit"
)
REDIS = os.environ.get("BENCH_REAUDIT_REDIS_URL", "redis://127.0.0.1:6379/5")
QUEUE = "bench-reaudit"
CHUNK = 200  # the reaudit command's default
RUNS = 1
WORKERS = (1, 2)


def measure(concurrency: int, chunk_size: int) -> dict[str, Any]:
    """In a process on a fresh clone: start the worker, time the chord, stop the worker."""
    django_setup()
    from django.core.management import call_command

    from games.models import AuditReport, Game
    from games.tasks import reaudit_start

    call_command("migrate", verbosity=0)  # a kept database misses what third-party apps added since
    ids = list(Game.objects.order_by("pk").values_list("pk", flat=True))
    reports_before = AuditReport.objects.count()
    from config.celery import app

    app.control.purge()  # chunks left in the bench's queue by an interrupted run
    node = f"bench-reaudit-{os.getpid()}@localhost"
    worker = start_worker(node, QUEUE, CACHE / f"reaudit-worker-{concurrency}.log", concurrency=concurrency)
    try:
        started = time.perf_counter()
        summary = reaudit_start(ids, chunk_size=chunk_size).get(timeout=3600)
        elapsed = time.perf_counter() - started
    finally:
        stop_process(worker)
    made = AuditReport.objects.count() - reports_before
    if summary["reaudited"] != len(ids) or made != len(ids):
        raise RuntimeError(f"{len(ids)} games, {summary['reaudited']} re-audited, {made} new reports")
    return {"games": len(ids), "chunks": summary["chunks"], "changed": len(summary["changed"]), "s": elapsed}


def profile(chunk_size: int) -> dict[str, Any]:
    """One chunk re-audited in this process under cProfile (to stderr)."""
    import cProfile
    import pstats

    django_setup()
    from games.models import Game
    from games.tasks import reaudit_chunk

    ids = list(Game.objects.order_by("pk").values_list("pk", flat=True)[:chunk_size])
    profiler = cProfile.Profile()
    started = time.perf_counter()
    profiler.runcall(reaudit_chunk, ids)
    elapsed = time.perf_counter() - started
    pstats.Stats(profiler, stream=sys.stderr).sort_stats("cumulative").print_stats(30)
    return {"games": len(ids), "s": elapsed}


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.reaudit", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="runs per worker count (median)")
    parser.add_argument("--chunk-size", type=int, default=CHUNK)
    parser.add_argument("--profile", action="store_true", help="profile one chunk in process instead")
    parser.add_argument("--fresh", action="store_true", help="set bench.standings' database up again")
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--profile-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    if args.measure:
        print(json.dumps(measure(args.measure, args.chunk_size)))
        return 0
    if args.profile_child:
        print(json.dumps(profile(args.chunk_size)))
        return 0

    started = time.perf_counter()
    if not postgres_available(POSTGRES) or not redis_available(REDIS):
        report({"reaudit_speedup_2_workers": "n/a (PostgreSQL and Redis are needed)"})
        return 0
    standings.template(args.fresh)
    env = child_env(POSTGRES, queue=QUEUE, redis_url=REDIS)
    figures: dict[str, Any] = {}
    try:
        if args.profile:
            clone_database(POSTGRES, standings.KEPT, db_name(POSTGRES))
            got = run_child("bench.reaudit", ["--profile-child", "--chunk-size", str(args.chunk_size)], env)
            report({"reaudit_profiled_games_per_s": round(got["games"] / got["s"])})
            return 0
        times: dict[int, list[float]] = {n: [] for n in WORKERS}
        games = chunks = 0
        for _ in range(args.runs):
            for n in WORKERS:
                clone_database(POSTGRES, standings.KEPT, db_name(POSTGRES))
                got = run_child(
                    "bench.reaudit",
                    ["--measure", str(n), "--chunk-size", str(args.chunk_size)],
                    env,
                    timeout=7200,
                )
                times[n].append(got["s"])
                games, chunks = got["games"], got["chunks"]
    finally:
        drop_database(POSTGRES, db_name(POSTGRES))
    one, two = statistics.median(times[1]), statistics.median(times[2])
    figures["reaudit_games"] = games
    figures["reaudit_chunks"] = chunks
    figures["reaudit_s_1_worker"] = round(one, 1)
    figures["reaudit_s_2_workers"] = round(two, 1)
    figures["reaudit_games_per_s_1_worker"] = round(games / one)
    figures["reaudit_games_per_s_2_workers"] = round(games / two)
    figures["reaudit_speedup_2_workers"] = round(one / two, 2)
    figures["reaudit_runs_s"] = "; ".join(f"{n}: {', '.join(f'{t:.1f}' for t in times[n])}" for n in WORKERS)
    figures["reaudit_load_average"] = "{:.1f} {:.1f} {:.1f}".format(*os.getloadavg())
    figures["reaudit_bench_s"] = round(time.perf_counter() - started, 1)
    report(figures, skip=["reaudit_bench_s"])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
