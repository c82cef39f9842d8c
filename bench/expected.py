"""Expected-tricks speed: hands per second for every hand of 1,000 four-player 13-deal Oh Hell games.

Issue 13's benchmark: "expected tricks for every hand of 1,000 four-player
13-deal games, reported in hands per second, on one and on two worker
processes". GAMES games are simulated with a fixed seed (rules.ohhell.simulate;
the classic schedule for four players is already 13 deals, 1 to 13 cards,
the last without trumps), outside the clock. Then every hand of every deal
gets :func:`rules.ohhell.expected.expected_tricks` with the default samples
and seed: once in this process, and once over a ProcessPoolExecutor of two
workers fed chunks of CHUNK games, as the Celery chunks of a bulk import are
(the workers are started and warmed before the clock starts, as a worker
would be; each starts with empty caches, like this process).

Figures, as ``name: value`` lines and merged into bench/results.json:
hands per second on one and two processes, the speed-up, the playouts per
hand (exact enumerations count their distributions), the share of hands
enumerated exactly, the median and 90th percentile of the 95% interval's
half-width in tricks over the sampled hands, and hands per CPU second of
each run with the load average at the end (the machine is shared: the CPU
rate is what one unshared core does). Nothing is asserted about times.

    .venv/bin/python -m bench.expected                # all 1,000 games (about 2 + 1.5 minutes here)
    .venv/bin/python -m bench.expected --quick        # 100 games; also TRICKBOOK_BENCH_QUICK=1
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # ``python bench/expected.py``
    sys.path.insert(0, str(ROOT))

from bench.common import save  # noqa: E402
from rules.cards import mask_of  # noqa: E402
from rules.ohhell import parse, resolve_ruleset  # noqa: E402
from rules.ohhell.expected import DEFAULT_SAMPLES, expected_tricks  # noqa: E402
from rules.ohhell.simulate import simulate  # noqa: E402

SEED = 20261129
GAMES = 1000
QUICK_GAMES = 100
PLAYERS = 4
DEALS = 13
CHUNK = 25
WORKERS = 2
PRESET = "classic"

#: One deal as the workers get it: the hands (masks), the turned card, the leader.
Deal = tuple[tuple[int, ...], int | None, int]


def deals(games: int) -> list[list[Deal]]:
    """Every deal of ``games`` simulated games, game by game."""
    out = []
    for g in range(games):
        log = parse(simulate(players=PLAYERS, ruleset=PRESET, seed=SEED + g).document)
        assert len(log.deals) == DEALS, "the classic four-player schedule is 13 deals"
        game = []
        for deal in log.deals:
            assert deal.hands is not None
            game.append((tuple(mask_of(h) for h in deal.hands), deal.trump, (deal.dealer + 1) % PLAYERS))
        out.append(game)
    return out


def estimate_chunk(games: list[list[Deal]], samples: int) -> tuple[list[tuple[int, bool, float]], float]:
    """Expected tricks of every hand of ``games``: (playouts, exact, half-width) per hand, and
    the CPU seconds the chunk took (steadier than the clock on a shared machine)."""
    cpu = time.process_time()
    rules = resolve_ruleset(PRESET, PLAYERS)
    out = []
    for game in games:
        for hands, trump, leader in game:
            for seat in range(PLAYERS):
                e = expected_tricks(hands, seat, trump, leader, rules, samples=samples)
                out.append((e.samples, e.exact, (e.high - e.low) / 2))
    return out, time.process_time() - cpu


def _warm(seconds: float) -> int:
    """A first task for each worker: the imports are done and the process is up."""
    time.sleep(seconds)
    return os.getpid()


def run(games: int = GAMES, samples: int = DEFAULT_SAMPLES) -> dict[str, Any]:
    work = deals(games)
    chunks = [work[i : i + CHUNK] for i in range(0, len(work), CHUNK)]

    start = time.perf_counter()
    done = [estimate_chunk(chunk, samples) for chunk in chunks]
    one = time.perf_counter() - start
    results = [hand for part, _cpu in done for hand in part]
    one_cpu = sum(cpu for _part, cpu in done)

    # Spawned workers start with empty caches, as this process did.
    with ProcessPoolExecutor(max_workers=WORKERS, mp_context=multiprocessing.get_context("spawn")) as pool:
        pids = set(pool.map(_warm, [0.5] * WORKERS))
        assert len(pids) == WORKERS, "every worker is up before the clock starts"
        start = time.perf_counter()
        done = list(pool.map(estimate_chunk, chunks, [samples] * len(chunks)))
        two = time.perf_counter() - start
    parallel = [hand for part, _cpu in done for hand in part]
    two_cpu = sum(cpu for _part, cpu in done)
    assert parallel == results, "two processes compute what one does"

    hands = len(results)
    halves = sorted(half for _n, exact, half in results if not exact)
    return {
        "expected_games": games,
        "expected_hands": hands,
        "expected_samples_per_hand": round(sum(n for n, _exact, _half in results) / hands, 1),
        "expected_exact_share": round(sum(1 for _n, exact, _half in results if exact) / hands, 3),
        "expected_ci_half_width_median": round(statistics.median(halves), 3) if halves else 0.0,
        "expected_ci_half_width_p90": round(halves[int(0.9 * (len(halves) - 1))], 3) if halves else 0.0,
        "expected_hands_per_s_1_process": round(hands / one, 1),
        "expected_hands_per_s_2_processes": round(hands / two, 1),
        "expected_speedup_2_processes": round(one / two, 2),
        "expected_seconds_1_process": round(one, 1),
        "expected_seconds_2_processes": round(two, 1),
        # Hands per CPU second: what one core does when it is not shared.
        "expected_hands_per_cpu_s_1_process": round(hands / one_cpu, 1),
        "expected_hands_per_cpu_s_2_processes": round(hands / two_cpu, 1),
        "machine_load_1min": round(os.getloadavg()[0], 2),
    }


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.expected", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=None, help=f"games to estimate (default {GAMES})")
    parser.add_argument(
        "--quick", action="store_true", help=f"{QUICK_GAMES} games (also TRICKBOOK_BENCH_QUICK=1)"
    )
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--no-save", action="store_true", help="do not merge into bench/results.json")
    args = parser.parse_args(list(argv))
    quick = args.quick or os.environ.get("TRICKBOOK_BENCH_QUICK", "") not in ("", "0")
    games = args.games if args.games is not None else QUICK_GAMES if quick else GAMES
    figures = run(games, args.samples)
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    # A quick or otherwise partial run prints its figures but does not replace the full run's.
    if not args.no_save and games == GAMES and args.samples == DEFAULT_SAMPLES:
        save(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
