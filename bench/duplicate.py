"""Duplicate scoring speed: a 1,000-board, 30-table pairs event scored from scratch (issue 22).

The event: 30 tables in a skip Mitchell (rules.duplicate.movements.mitchell: 29 rounds), 35
boards a round, so 1,050 boards in play (30 sets), each played at 29 tables — 30,450 results. Every
result is a North–South score drawn with a fixed seed from a spread of part-scores, games,
slams and penalties. Measured, each the median of RUNS rounds:

- ``duplicate_event_matchpoints_s``: the whole session scored by matchpoints
  (rules.duplicate.session.score_session: every board's traveller, every pair's total,
  percentage and place in its field);
- ``duplicate_event_cross_imps_s`` and ``duplicate_event_butler_s``: the same by IMPs;
- ``duplicate_travellers_boards_per_s``: traveller lines read and replayed from their JSON
  documents (rules.bridge.traveller: contract, declarer, lead and result, scored by the Laws),
  one table's round of 35 boards a document.

Nothing is asserted about times; figures go to stdout and bench/results.json.

    .venv/bin/python -m bench.duplicate
"""

from __future__ import annotations

import gc
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # ``python bench/duplicate.py``
    sys.path.insert(0, str(ROOT))

from bench.replay import save  # noqa: E402
from rules.bridge import traveller  # noqa: E402
from rules.duplicate.matchpoints import Played  # noqa: E402
from rules.duplicate.movements import mitchell  # noqa: E402
from rules.duplicate.session import BoardResult, score_session  # noqa: E402

SEED = 20261204
TABLES = 30
BOARDS_PER_ROUND = 35
RUNS = 3
SCORES = (-1100, -800, -500, -200, -100, -50, 50, 90, 110, 140, 170, 420, 450, 620, 650, 1430)
TRAVELLER_LINES = (
    ("4S", "N", 10, "KH"),
    ("3NT", "S", 9, "5S"),
    ("2H", "E", 8, "AC"),
    ("4HX", "W", 8, "QD"),
    ("1NT", "N", 6, "3H"),
)


def event() -> list[BoardResult]:
    rng = random.Random(SEED)
    rows = []
    for s in mitchell(TABLES).sittings:
        assert s.ns is not None
        assert s.ew is not None
        for k in range(BOARDS_PER_ROUND):
            board = (s.boards - 1) * BOARDS_PER_ROUND + k + 1
            rows.append(BoardResult(board, s.ns, s.ew, Played(rng.choice(SCORES))))
    return rows


def _median(run: Any) -> float:
    times = []
    for _ in range(RUNS):
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def traveller_documents() -> list[bytes]:
    docs = []
    for table in range(TABLES):
        boards = []
        for k in range(BOARDS_PER_ROUND):
            contract, declarer, tricks, lead = TRAVELLER_LINES[(table + k) % len(TRAVELLER_LINES)]
            boards.append(
                {"board": table * BOARDS_PER_ROUND + k + 1, "contract": contract, "declarer": declarer,
                 "lead": lead, "result": tricks}
            )  # fmt: skip
        doc = {"game": "bridge-duplicate", "version": 1, "players": ["A", "B", "C", "D"], "boards": boards}
        docs.append(json.dumps(doc).encode())
    return docs


def run() -> dict[str, Any]:
    rows = event()
    ns = range(1, TABLES + 1)
    ew = range(TABLES + 1, 2 * TABLES + 1)
    figures: dict[str, Any] = {
        "duplicate_event_tables": TABLES,
        "duplicate_event_boards": len({r.board for r in rows}),
        "duplicate_event_results": len(rows),
    }
    for method in ("matchpoints", "cross_imps", "butler"):
        figures[f"duplicate_event_{method}_s"] = round(
            _median(lambda m=method: score_session(rows, method=m, fields=[ns, ew])), 3
        )
    docs = traveller_documents()
    lines = TABLES * BOARDS_PER_ROUND
    seconds = _median(lambda: [traveller.replay(traveller.parse(d)) for d in docs])
    figures["duplicate_travellers_boards_per_s"] = round(lines / seconds)
    return figures


def main() -> None:
    figures = run()
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    save({k: v for k, v in figures.items() if isinstance(v, int | float)})


if __name__ == "__main__":
    main()
