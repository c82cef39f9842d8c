"""Page speed: the standings page and API, and a 13-deal score sheet, under 50 clients; queries per page.

Data: three published, running Oh Hell tournaments, each in its own club,
each table a complete simulated 13-deal game (bench.common.Field):

- ``small``: 40 players, 10 rounds (100 games);
- ``medium``: 200 players, 25 rounds (1,250 games);
- ``large``: bench.standings' tournament, 1,000 players, 80 rounds (20,000
  games). Its kept database is cloned and the two smaller tournaments are
  recorded into the clone (about 10 seconds), so the set-up is shared.

Measured, on PostgreSQL (``BENCH_PAGES_POSTGRES_URL``, default the local
server's ``trickbook_bench_pages``):

1. **Queries per page** at each size, in a child process through Django's
   test client, signed in as a club member (club home, tournament,
   standings, cross-table, game sheet, deal replay, player profile, the
   tournament's and the game's audit) and as an anonymous spectator
   (standings page and API, game sheet), with each page's time for one
   request alone (the median of a few; the first, which renders what the
   pages then keep in the cache, is printed too). tests/test_queries_per_page.py
   pins the same counts at two sizes.
2. **Load**: gunicorn with 2 (sync) workers and production settings (DEBUG
   off, ``DJANGO_ENV=production``, fingerprinted static files, persistent
   database connections, Redis cache and throttle) on loopback, and nginx in
   front of it with deploy/nginx/trickbook.conf (its micro-cache: anonymous
   reads kept one second); ``wrk`` keeps 50 connections asking back to back,
   anonymously, for the standings page, the standings API and a 13-deal game
   sheet of each tournament, once through nginx (the deployment's figure:
   ``standings_page_p99_ms``) and once straight to gunicorn
   (``standings_page_p99_ms_direct``: the capacity of the two workers, and
   the latency each of the 50 clients waits, mostly in the queue, about 50 /
   capacity). Each load figure is the median of ``--runs`` runs of
   ``--seconds``; the machine's load average is printed with them.

   (Paced clients were tried too, with wrk's ``delay()``: even a 1 ms static
   file then showed a p99 of about twice the pause, an artefact of the
   harness, so only the closed loop is reported.)

    .venv/bin/python -m bench.pages [--runs N] [--seconds S] [--sizes small,medium,large] [--no-load]

Needs PostgreSQL, Redis, ``wrk`` and ``nginx`` (``apt-get install wrk
nginx``); without wrk the load figures are reported as not measured, without
nginx only the direct ones are. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import standings
from bench.common import (
    CACHE,
    ROOT,
    Field,
    child_env,
    clone_database,
    db_name,
    django_setup,
    documents,
    drop_database,
    name_of,
    postgres_available,
    record_tournament,
    redis_available,
    report,
    run_child,
    stop_process,
)

POSTGRES = os.environ.get(
    "BENCH_PAGES_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/trickbook_bench_pages"
)
REDIS = os.environ.get("BENCH_PAGES_REDIS_URL", "redis://127.0.0.1:6379/4")
QUEUE = "bench-pages"
SIZES: dict[str, Field] = {
    "small": Field(players=40, rounds=10, seed=20261207),
    "medium": Field(players=200, rounds=25, seed=20261208),
    "large": standings.FIELD,
}
CLIENTS = 50
WORKERS = 2
THREADS = (
    4  # per worker: idle keep-alive connections do not hold a worker (sync workers need a proxy for that)
)
RUNS = 3
SECONDS = 10
ALONE_RUNS = 3
COMPILES = 3
DEALS = (4, 8, 13)  # score sheets of this many deals, timed alone
MEMBER_PAGES = (
    "club home",
    "tournament",
    "standings",
    "cross-table",
    "game sheet",
    "deal replay",
    "player profile",
    "tournament audit",
    "game audit",
)
PUBLIC_PAGES = ("standings", "standings API", "game sheet")
LOADED = {"standings page": "standings", "standings API": "standings API", "game page": "game sheet"}
WRK_SCRIPT = """
function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'BENCH {"requests": %d, "duration_us": %d, "p50_us": %d, "p90_us": %d, "p99_us": %d, "max_us": %d, '
    .. '"connect": %d, "read": %d, "write": %d, "status": %d, "timeout": %d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(90),
    latency:percentile(99), latency.max, errors.connect, errors.read, errors.write, errors.status,
    errors.timeout))
end
"""


# --- the child processes: set up, count queries ---------------------------------------


def setup(sizes: Sequence[str]) -> dict[str, Any]:
    """In a clone of bench.standings' database: record the smaller tournaments, each in its own club,
    compile every standings, make the games public (as publishing does) and say where everything is."""
    started = time.perf_counter()
    django_setup()
    from django.core.management import call_command

    from accounts.models import User
    from games.models import Club, Game
    from games.services import IncomingLog, club_create, games_upload
    from rules.ohhell.simulate import simulate
    from tournaments.models import Tournament
    from tournaments.services import standings_compile

    call_command("migrate", verbosity=0)  # a kept database misses what third-party apps added since
    user = User.objects.get(username="bench")
    where = {}
    for size in sizes:
        if size == "large":
            tournament = Tournament.objects.get(slug=standings.SLUG)
        else:
            club = club_create(name=f"Bench {size}", slug=f"bench-{size}", user=user)
            tournament = record_tournament(
                field=SIZES[size], user=user, club=club, slug=f"bench-{size}", name=f"Bench {size}"
            )
        compiles = []
        for _ in range(COMPILES):
            begun = time.perf_counter()
            standings_compile(tournament=tournament)
            compiles.append(time.perf_counter() - begun)
        Game.objects.filter(table__round__tournament=tournament).update(public=True)
        club = Club.objects.get(pk=tournament.club_id)
        game = Game.objects.filter(table__round__tournament=tournament).order_by("pk").first()
        assert game is not None
        where[size] = {
            "tournament": tournament.pk,
            "club": club.slug,
            "game": game.pk,
            "compile_s": round(statistics.median(compiles), 3),
        }
    # Games of fewer deals, for how a score sheet's cost grows with its deals (public, outside tournaments).
    club = Club.objects.get(slug=where[sizes[0]]["club"])
    logs = [
        IncomingLog(
            content=json.dumps(
                simulate(players=[name_of(p) for p in range(4)], seed=7 + n, deals=n).document
            ).encode()
        )
        for n in DEALS
    ]
    results = games_upload(club=club, user=user, logs=logs)
    Game.objects.filter(pk__in=[r.game.pk for r in results if r.game]).update(public=True)
    deals = {str(n): r.game.pk for n, r in zip(DEALS, results, strict=True) if r.game}
    return {"setup_s": round(time.perf_counter() - started, 1), "where": where, "deals": deals}


def urls(where: dict[str, Any], player: int) -> dict[str, str]:
    tournament, club, game = where["tournament"], where["club"], where["game"]
    return {
        "club home": f"/clubs/{club}/",
        "tournament": f"/tournaments/{tournament}/",
        "standings": f"/tournaments/{tournament}/standings/",
        "standings API": f"/api/v1/tournaments/{tournament}/standings/",
        "cross-table": f"/tournaments/{tournament}/cross-table/",
        "game sheet": f"/games/{game}/",
        "deal replay": f"/games/{game}/deals/1/",
        "player profile": f"/clubs/{club}/players/{player}/",
        "tournament audit": f"/tournaments/{tournament}/audit/",
        "game audit": f"/games/{game}/audit/",
    }


def alone(client: Any, url: str) -> tuple[int, float, int, float]:
    """One page asked ALONE_RUNS times: the first request's queries, the median time (ms), the size
    (KB) and the first request's time (ms: it renders what later requests read from the cache)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times, counts = [], []
    for _ in range(ALONE_RUNS):
        with CaptureQueriesContext(connection) as captured:
            started = time.perf_counter()
            response = client.get(url)
            times.append(time.perf_counter() - started)
        counts.append(len(captured))
        if response.status_code != 200:
            raise RuntimeError(f"{url} answered {response.status_code}")
    median = round(statistics.median(times) * 1000, 1)
    return counts[0], median, round(len(response.content) / 1024), round(times[0] * 1000, 1)


def queries(where: dict[str, dict[str, Any]], deals: dict[str, int]) -> dict[str, Any]:
    """Per size and page: the queries one request takes, its time alone (median) and bytes; then the
    score sheet and a deal's replay of games of DEALS deals."""
    django_setup()
    from django.core.cache import cache, caches
    from django.core.cache.backends.locmem import LocMemCache
    from django.test import Client

    from accounts.models import User
    from games.models import GameSeat

    if not isinstance(caches["default"], LocMemCache):
        raise RuntimeError("the page timings clear the cache: they run on the local-memory cache only")
    user = User.objects.get(username="bench")
    out: dict[str, Any] = {}
    for size, place in where.items():
        player = (
            GameSeat.objects.filter(game_id=place["game"], seat=0).values_list("player_id", flat=True).get()
        )
        links = urls(place, player)
        for viewer, pages in (("member", MEMBER_PAGES), ("public", PUBLIC_PAGES)):
            client = Client()
            if viewer == "member":
                client.force_login(user)
            for page in pages:
                cache.clear()  # this process's own local memory: each first request starts cold
                n, ms, kb, first = alone(client, links[page])
                out[f"{viewer}|{page}|{size}"] = {"queries": n, "ms": ms, "kb": kb, "first_ms": first}
    client = Client()
    for count, game in deals.items():
        for page, url in (("game sheet", f"/games/{game}/"), ("deal replay", f"/games/{game}/deals/1/")):
            cache.clear()
            n, ms, kb, first = alone(client, url)
            out[f"deals|{page}|{count}"] = {"queries": n, "ms": ms, "kb": kb, "first_ms": first}
    return out


# --- the parent: database, server, load -----------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def production_env(database_url: str) -> dict[str, str]:
    env = {
        **os.environ,
        "DJANGO_ENV": "production",
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "ANALYTICS_ON_RECORD": "false",
        "SECRET_KEY": secrets.token_urlsafe(48),
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "false",  # loopback, no TLS proxy in front
        # Every client here is 127.0.0.1; spectators have an address each. The throttle still runs.
        "THROTTLE_ANON": "1000000/min",
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS,
        "CELERY_QUEUE": QUEUE,
        "CACHE_KEY_PREFIX": QUEUE,
    }
    env.pop("DEBUG", None)
    return env


def start_gunicorn(env: dict[str, str], port: int, log_path: Path) -> subprocess.Popen[bytes]:
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT, env=env, check=True
    )
    gunicorn = str(Path(sys.executable).with_name("gunicorn"))
    command = [gunicorn, "config.wsgi", "--workers", str(WORKERS), "--bind", f"127.0.0.1:{port}"]
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_process(proc)
            raise RuntimeError(f"gunicorn did not start:\n{log_path.read_text()[-3000:]}")
        time.sleep(0.5)


def wrk(url: str, *, seconds: int, script: Path) -> dict[str, Any]:
    """One wrk run of CLIENTS connections; its counts and latency percentiles (ms)."""
    result = subprocess.run(
        [
            "wrk",
            "-t",
            "2",
            "-c",
            str(CLIENTS),
            "-d",
            f"{seconds}s",
            "--timeout",
            "10s",
            "-s",
            str(script),
            url,
        ],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=True,
    )
    line = next(ln for ln in result.stdout.splitlines() if ln.startswith("BENCH "))
    raw = json.loads(line[len("BENCH ") :])
    errors = raw["connect"] + raw["read"] + raw["write"] + raw["status"] + raw["timeout"]
    return {
        "rps": raw["requests"] / (raw["duration_us"] / 1e6),
        "p50_ms": raw["p50_us"] / 1000,
        "p90_ms": raw["p90_us"] / 1000,
        "p99_ms": raw["p99_us"] / 1000,
        "errors": errors,
        "requests": raw["requests"],
    }


NGINX_CONF = ROOT / "deploy" / "nginx" / "trickbook.conf"
#: The deployment-specific lines of deploy/nginx/trickbook.conf and what the bench puts there.
NGINX_PLACES = (
    "proxy_cache_path /var/cache/nginx/trickbook ",
    "server 127.0.0.1:8000;",
    "listen 80;",
    "alias /srv/trickbook/var/static/;",
)
NGINX_MAIN = """
worker_processes 1;
pid {dir}/nginx.pid;
error_log {dir}/error.log warn;
{user}
events {{ worker_connections 1024; }}
http {{
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {dir}/body;
    proxy_temp_path {dir}/proxy;
    fastcgi_temp_path {dir}/fastcgi;
    uwsgi_temp_path {dir}/uwsgi;
    scgi_temp_path {dir}/scgi;
    include {dir}/trickbook.conf;
}}
"""


def start_nginx(upstream: int, port: int, where: Path) -> subprocess.Popen[bytes]:
    """nginx with the committed deploy/nginx/trickbook.conf, its four deployment lines pointed at
    this gunicorn, a loopback port, this checkout's STATIC_ROOT and a fresh cache under ``where``."""
    shutil.rmtree(where, ignore_errors=True)
    where.mkdir(parents=True)
    conf = NGINX_CONF.read_text(encoding="utf-8")
    mine = (
        f"proxy_cache_path {where / 'cache'} ",
        f"server 127.0.0.1:{upstream};",
        f"listen 127.0.0.1:{port};",
        f"alias {ROOT / 'var' / 'static'}/;",
    )
    for line, replacement in zip(NGINX_PLACES, mine, strict=True):
        if conf.count(line) != 1:
            raise RuntimeError(f"{NGINX_CONF} no longer has exactly one {line!r}")
        conf = conf.replace(line, replacement)
    (where / "trickbook.conf").write_text(conf, encoding="utf-8")
    # As root, nginx's workers would run as nobody, who cannot write this cache.
    user = "user root;" if hasattr(os, "geteuid") and os.geteuid() == 0 else ""
    (where / "nginx.conf").write_text(NGINX_MAIN.format(dir=where, user=user), encoding="utf-8")
    command = ["nginx", "-p", str(where), "-c", str(where / "nginx.conf"), "-g", "daemon off;"]
    with open(where / "stdout.log", "wb") as log:
        proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                if answer.status == 200:
                    return proc
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            stop_process(proc)
            log_text = (where / "stdout.log").read_text() + (where / "error.log").read_text()
            raise RuntimeError(f"nginx did not start:\n{log_text[-3000:]}")
        time.sleep(0.2)


def cache_status(url: str) -> str:
    """What nginx's micro-cache did with one more anonymous GET (its X-Cache header: HIT, STALE,
    UPDATING, MISS, BYPASS)."""
    with urllib.request.urlopen(url, timeout=10) as answer:  # noqa: S310 - our own http://127.0.0.1 URL
        return str(answer.headers.get("X-Cache", "none"))


def measure(url: str, runs: int, seconds: int, script: Path) -> dict[str, Any]:
    """A warm-up, then ``runs`` wrk runs: the median rps and percentiles, requests and errors summed."""
    wrk(url, seconds=2, script=script)  # warm both workers (templates, connections, caches)
    got = [wrk(url, seconds=seconds, script=script) for _ in range(runs)]
    return {
        **{k: round(statistics.median(g[k] for g in got), 1) for k in ("rps", "p50_ms", "p90_ms", "p99_ms")},
        "p99_runs_ms": [round(g["p99_ms"], 1) for g in got],
        "errors": sum(g["errors"] for g in got),
        "requests": sum(g["requests"] for g in got),
    }


def load(where: dict[str, dict[str, Any]], runs: int, seconds: int) -> dict[str, dict[str, Any]]:
    """Per size, page and route (``direct`` to gunicorn, ``proxy`` through nginx when installed): the
    median over runs of rps and p50/p90/p99, and the requests and errors summed."""
    script = CACHE / "pages-wrk.lua"
    script.parent.mkdir(parents=True, exist_ok=True)
    script.write_text(WRK_SCRIPT)
    port = free_port()
    server = start_gunicorn(production_env(POSTGRES), port, CACHE / "pages-gunicorn.log")
    proxy = None
    out: dict[str, dict[str, Any]] = {}
    try:
        routes = {"direct": port}
        if shutil.which("nginx"):
            proxy_port = free_port()
            proxy = start_nginx(port, proxy_port, CACHE / "pages-nginx")
            routes["proxy"] = proxy_port
        for size, place in where.items():
            links = urls(place, 0)
            for name, page in LOADED.items():
                for route, at in routes.items():
                    url = f"http://127.0.0.1:{at}{links[page]}"
                    got = measure(url, runs, seconds, script)
                    if route == "proxy":
                        got["cache"] = cache_status(url)
                    out[f"{size}|{name}|{route}"] = got
    finally:
        if proxy is not None:
            stop_process(proxy)
        stop_process(server)
    return out


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pages", description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=RUNS, help="wrk runs per figure (median)")
    parser.add_argument("--seconds", type=int, default=SECONDS, help="length of each wrk run")
    parser.add_argument("--sizes", default=",".join(SIZES), help="which tournaments (small,medium,large)")
    parser.add_argument("--no-load", action="store_true", help="queries and single requests only")
    parser.add_argument("--fresh", action="store_true", help="set bench.standings' database up again")
    parser.add_argument("--setup", help=argparse.SUPPRESS)
    parser.add_argument("--queries", help=argparse.SUPPRESS)
    args = parser.parse_args(list(argv))
    if args.setup:
        print(json.dumps(setup(args.setup.split(","))))
        return 0
    if args.queries:
        given = json.loads(args.queries)
        print(json.dumps(queries(given["where"], given["deals"])))
        return 0

    started = time.perf_counter()
    sizes = [s for s in args.sizes.split(",") if s]
    figures: dict[str, Any] = {}
    if not postgres_available(POSTGRES) or not redis_available(REDIS):
        why = "n/a (PostgreSQL and Redis are needed)"
        report({"standings_page_p99_ms": why, "game_page_p99_ms": why, "queries_per_page": why})
        return 0
    for size in sizes:
        documents(SIZES[size])  # simulate once, outside every timing
    how, _ = standings.template(args.fresh)
    clone_s = clone_database(POSTGRES, standings.KEPT, db_name(POSTGRES))
    env = child_env(POSTGRES, queue=QUEUE)
    try:
        done = run_child("bench.pages", ["--setup", ",".join(sizes)], env)
        where: dict[str, dict[str, Any]] = done["where"]
        figures["pages_setup"] = (
            f"bench.standings' database {'set up afresh' if how == 'fresh' else 'cloned'} "
            f"({clone_s:.0f} s), smaller tournaments recorded in {done['setup_s']:.0f} s"
        )
        counted = run_child("bench.pages", ["--queries", json.dumps(done)], env)
        figures.update(query_figures(counted, sizes))
        for size in sizes:
            figures[f"standings_compile_s_{size}"] = where[size]["compile_s"]
        for page in ("game sheet", "deal replay"):
            key = f"page_alone_ms_by_deals_{page.replace(' ', '_')}"
            figures[key] = ", ".join(f"{n} deals {counted[f'deals|{page}|{n}']['ms']}" for n in done["deals"])
        if args.no_load:
            pass
        elif shutil.which("wrk") is None:
            figures["standings_page_p99_ms"] = "n/a (wrk is not installed: apt-get install wrk)"
        else:
            figures.update(load_figures(load(where, args.runs, args.seconds), sizes))
    finally:
        drop_database(POSTGRES, db_name(POSTGRES))
    figures["pages_load_average"] = "{:.1f} {:.1f} {:.1f}".format(
        *os.getloadavg()
    )  # others' work on the machine
    figures["pages_bench_s"] = round(time.perf_counter() - started, 1)
    report(figures, skip=["pages_bench_s"])
    return 0


def query_figures(counted: dict[str, Any], sizes: Sequence[str]) -> dict[str, Any]:
    """``queries_<viewer>_<page>: n`` when the count is the same at every size, else every size's;
    then each page's time alone per size."""
    figures: dict[str, Any] = {}
    growing = []
    for viewer, pages in (("member", MEMBER_PAGES), ("public", PUBLIC_PAGES)):
        for page in pages:
            counts = [counted[f"{viewer}|{page}|{size}"]["queries"] for size in sizes]
            key = f"queries_{viewer}_{page.replace(' ', '_').replace('-', '_')}"
            if len(set(counts)) == 1:
                figures[key] = counts[0]
            else:
                growing.append(f"{viewer} {page}")
                figures[key] = ", ".join(f"{s} {c}" for s, c in zip(sizes, counts, strict=True))
    figures["queries_per_page"] = (
        f"constant at {len(sizes)} sizes ({', '.join(sizes)})"
        if not growing
        else "grows: " + "; ".join(growing)
    )
    for viewer, pages in (("member", MEMBER_PAGES), ("public", PUBLIC_PAGES)):
        for page in pages:
            key = f"page_alone_ms_{viewer}_{page.replace(' ', '_').replace('-', '_')}"
            cells = [counted[f"{viewer}|{page}|{size}"] for size in sizes]
            figures[key] = ", ".join(
                f"{s} {c['ms']} (first {c['first_ms']}; {c['kb']} KB)"
                for s, c in zip(sizes, cells, strict=True)
            )
    return figures


def load_figures(loaded: dict[str, dict[str, Any]], sizes: Sequence[str]) -> dict[str, Any]:
    """The headline figures (bench.standings' 1,000-player tournament, else the largest measured):
    through nginx under the old names (the deployment's figure), straight to gunicorn with
    ``_direct``; then every size's."""
    figures: dict[str, Any] = {}
    head = "large" if "large" in sizes else sizes[-1]
    for name, key in (
        ("standings page", "standings_page"),
        ("standings API", "standings_api"),
        ("game page", "game_page"),
    ):
        for route, suffix in (("proxy", ""), ("direct", "_direct")):
            got = loaded.get(f"{head}|{name}|{route}")
            if got is None:
                figures[f"{key}_p99_ms{suffix}"] = "n/a (nginx is not installed: apt-get install nginx)"
                continue
            figures[f"{key}_p99_ms{suffix}"] = got["p99_ms"]
            figures[f"{key}_p50_ms{suffix}"] = got["p50_ms"]
            figures[f"{key}_rps{suffix}"] = got["rps"]
    for cell, got in loaded.items():
        size, name, route = cell.split("|")
        runs = ", ".join(str(p) for p in got["p99_runs_ms"])
        cache = f", nginx cache {got['cache']}" if "cache" in got else ""
        figures[f"load_{size}_{name.replace(' ', '_').lower()}_{route}"] = (
            f"{got['rps']} req/s, p50 {got['p50_ms']} ms, p90 {got['p90_ms']} ms, p99 {got['p99_ms']} ms "
            f"(runs {runs}), {got['requests']} requests, {got['errors']} errors{cache}"
        )
    return figures


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
