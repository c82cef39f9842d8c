"""Analysis bounded (issue 21): a 600-deal PBN recorded, analysed without a bound and within its budgets.

The reproduction: "a 600-deal PBN takes 0.7 s to record and 165 s to analyse, inside the request
when Celery is eager." A simulated rubber bridge session of 600 boards (rules.bridge.simulate,
fixed seed, every hand and the play) written as PBN goes through ``games.services.game_upload``
on a fresh SQLite database with Celery eager, as ``make demo`` runs:

- ``analysis_600_record_s``: recording it alone (read, replay, store), no analysis;
- ``analysis_600_unbounded_s`` (and ``_cpu_s``): its analysis with the budgets lifted — every
  deal's double dummy and par, what an eager upload waited for before the budgets;
- ``analysis_600_worker_s``, ``analysis_600_worker_deals``, ``analysis_600_worker_stopped_by``:
  the analysis on the worker's budget (the settings' defaults: ANALYSIS_MAX_DEALS,
  ANALYSIS_TIME_BUDGET_S);
- ``analysis_600_eager_upload_s``, ``analysis_600_eager_upload_deals``: an eager upload of
  another such file with analysis on record: recording plus what ANALYSIS_INLINE_BUDGET_S
  allows, the rest left to ``manage.py analyse``; ``analysis_600_eager_upload_unbounded_s``
  the same upload with every budget lifted, what it was before them.

Wall-clock seconds (DDS runs its own threads; ``_cpu_s`` is the process's CPU of all of them).
Nothing is asserted; figures go to stdout and bench/results.json.

    .venv/bin/python -m bench.analysis [--quick]   # about 6 minutes; --quick: without the unbounded runs, under one
"""

from __future__ import annotations

import argparse
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
BOARDS = 600
SEED = 20261202
UNBOUNDED = 10**9


def pbn(seed: int) -> bytes:
    from rules.bridge.pbn import write_pbn
    from rules.bridge.simulate import simulate

    return write_pbn(simulate(seed=seed, deals=BOARDS).document).encode()


def measure(quick: bool) -> dict[str, Any]:
    """In a process whose DATABASE_URL is a fresh SQLite file: migrate, then time each step."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    from accounts.models import User
    from games import analytics
    from games.models import GameAnalysis
    from games.services import club_create, game_upload

    call_command("migrate", verbosity=0)
    user = User.objects.create_user("bench")
    club = club_create(name="Bench club", slug="bench", user=user)
    first, second = pbn(SEED), pbn(SEED + 1)
    figures: dict[str, Any] = {
        "analysis_600_pbn_bytes": len(first),
        "analysis_budget_max_deals": settings.ANALYSIS_MAX_DEALS,
        "analysis_budget_time_s": settings.ANALYSIS_TIME_BUDGET_S,
        "analysis_budget_inline_s": settings.ANALYSIS_INLINE_BUDGET_S,
    }

    settings.ANALYTICS_ON_RECORD = False
    started = time.perf_counter()
    game = game_upload(club=club, content=first, user=user, filename="season.pbn").game
    figures["analysis_600_record_s"] = round(time.perf_counter() - started, 2)
    assert game is not None

    def analyse() -> tuple[float, float, GameAnalysis]:
        # Each run solves its deals afresh: the per-process memo of a deal's double-dummy table
        # would otherwise make the second run a lookup.
        from rules.bridge.analysis import _solved

        _solved.cache_clear()
        game.refresh_from_db()
        wall, cpu = time.perf_counter(), time.process_time()
        analysis = analytics.analyse_game(game, force=True)
        assert analysis is not None
        return time.perf_counter() - wall, time.process_time() - cpu, analysis

    if not quick:
        budgets = settings.ANALYSIS_MAX_DEALS, settings.ANALYSIS_TIME_BUDGET_S
        settings.ANALYSIS_MAX_DEALS = settings.ANALYSIS_TIME_BUDGET_S = UNBOUNDED
        wall, cpu, analysis = analyse()
        settings.ANALYSIS_MAX_DEALS, settings.ANALYSIS_TIME_BUDGET_S = budgets
        figures["analysis_600_unbounded_s"] = round(wall, 1)
        figures["analysis_600_unbounded_cpu_s"] = round(cpu, 1)
        figures["analysis_600_unbounded_deals"] = analysis.deals_examined

    wall, cpu, analysis = analyse()
    figures["analysis_600_worker_s"] = round(wall, 1)
    figures["analysis_600_worker_cpu_s"] = round(cpu, 1)
    figures["analysis_600_worker_deals"] = analysis.deals_examined
    figures["analysis_600_worker_stopped_by"] = analysis.stopped_by or "whole"

    settings.ANALYTICS_ON_RECORD = True  # Celery eager here (no REDIS_URL): analysed in the upload's call
    if not quick:
        # What an eager upload cost before the budgets: every budget lifted, the same code path.
        lifted = (
            settings.ANALYSIS_MAX_DEALS,
            settings.ANALYSIS_TIME_BUDGET_S,
            settings.ANALYSIS_INLINE_BUDGET_S,
        )
        settings.ANALYSIS_MAX_DEALS = settings.ANALYSIS_TIME_BUDGET_S = UNBOUNDED
        settings.ANALYSIS_INLINE_BUDGET_S = UNBOUNDED
        started = time.perf_counter()
        game_upload(club=club, content=pbn(SEED + 2), user=user, filename="season-3.pbn")
        figures["analysis_600_eager_upload_unbounded_s"] = round(time.perf_counter() - started, 1)
        settings.ANALYSIS_MAX_DEALS, settings.ANALYSIS_TIME_BUDGET_S, settings.ANALYSIS_INLINE_BUDGET_S = (
            lifted
        )
    started = time.perf_counter()
    game = game_upload(club=club, content=second, user=user, filename="season-2.pbn").game
    figures["analysis_600_eager_upload_s"] = round(time.perf_counter() - started, 2)
    assert game is not None
    game.refresh_from_db()
    inline = GameAnalysis.objects.get(report=game.current_report)
    figures["analysis_600_eager_upload_deals"] = inline.deals_examined
    figures["analysis_600_eager_upload_stopped_by"] = inline.stopped_by or "whole"
    return figures


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="leave out the two unbounded runs (165 s or more each)"
    )
    parser.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    quick = args.quick or os.environ.get("TRICKBOOK_BENCH_QUICK") == "1"
    if args.measure:
        print(json.dumps(measure(quick)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/bench.sqlite3", "DJANGO_ENV": "test"}
        env["LOG_LEVEL"] = "WARNING"
        env.pop("REDIS_URL", None)  # Celery eager: the embedded default, where the reproduction lives
        for name in ("ANALYSIS_MAX_DEALS", "ANALYSIS_TIME_BUDGET_S", "ANALYSIS_INLINE_BUDGET_S"):
            env.pop(name, None)  # the documented defaults
        command = [sys.executable, "-m", "bench.analysis", "--measure", *(["--quick"] if quick else [])]
        result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=3600)
    if result.returncode != 0:
        raise RuntimeError(f"bench.analysis failed:\n{result.stderr[-3000:]}")
    figures = json.loads(result.stdout.strip().splitlines()[-1])
    figures["analysis_load_average"] = round(os.getloadavg()[0], 2)
    from bench.common import report

    report(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
