"""Durak replay speed: games per second for the validating replay, every variant.

GAMES games per variant (three and four players alternately, the stock logged, draws recorded
half the time), simulated with a fixed seed (rules.durak.simulate), are replayed with full
validation — every card held, every beat, throw-in rank, limit, turn, transfer, blind answer,
draw order and count, the fool — once from pre-parsed logs (parse excluded) and once from JSON
bytes (parse included). The simulator's own speed (it plays on the replay's table) is reported
too. Each figure is the median of RUNS rounds; nothing is asserted about times. Figures go to
stdout as ``name: value`` and into bench/results.json.

    .venv/bin/python -m bench.durak
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # ``python bench/durak.py``
    sys.path.insert(0, str(ROOT))

import rules.durak as durak  # noqa: E402
from bench.replay import save  # noqa: E402
from rules.durak.simulate import simulate  # noqa: E402

SEED = 20261129
GAMES = 300
RUNS = 5


def documents(games: int) -> list[dict[str, Any]]:
    """``games`` one-game logs per variant, deterministic."""
    docs = []
    for v, preset in enumerate(durak.PRESETS):
        for g in range(games):
            docs.append(simulate(SEED + 1000 * v + g, players=3 + g % 2, games=1, ruleset=preset))
    return docs


def _timed(run: Any) -> float:
    gc.collect()
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def run(games: int = GAMES, runs: int = RUNS) -> dict[str, Any]:
    start = time.perf_counter()
    docs = documents(games)
    simulated = time.perf_counter() - start
    raws = [json.dumps(d).encode() for d in docs]
    logs = [durak.parse(r) for r in raws]
    events = sum(len(g["events"]) for d in docs for g in d["deals"])
    n = len(docs)
    for log in logs:  # every simulated game replays clean, or the figures mean nothing
        assert not durak.replay(log).findings

    def replay_only() -> None:
        for log in logs:
            durak.replay(log)

    def parse_and_replay() -> None:
        for raw in raws:
            durak.replay(durak.parse(raw))

    replay_s = statistics.median(_timed(replay_only) for _ in range(runs))
    parse_s = statistics.median(_timed(parse_and_replay) for _ in range(runs))
    return {
        "durak_games": n,
        "durak_events_per_game": round(events / n, 1),
        "durak_replay_games_per_s": round(n / replay_s),
        "durak_replay_events_per_s": round(events / replay_s),
        "durak_parse_replay_games_per_s": round(n / parse_s),
        "durak_simulate_games_per_s": round(n / simulated),
    }


def main(argv: Sequence[str] = ()) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.durak", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES, help="games per variant")
    parser.add_argument("--runs", type=int, default=RUNS)
    parser.add_argument("--no-save", action="store_true", help="do not merge into bench/results.json")
    args = parser.parse_args(list(argv))
    figures = run(args.games, args.runs)
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    if not args.no_save:
        save(figures)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
