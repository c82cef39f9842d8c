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
  one table's round of 35 boards a document;
- ``pbn_hand_record_4000_read_s``: a PBN hand record of 4,000 boards (written by
  rules.bridge.boards.hand_record_pbn from deals made from a seed) read and checked by
  rules.bridge.pbn_duplicate.read_hand_record (every deal whole, Law 2 compared), CPU seconds
  beyond start-up;
- ``pbn_results_4000_import_s``: a PBN results file of 4,000 boards at two tables each
  (rules.bridge.pbn_results.write_results of a scored session) imported as the tables' own
  logs by ``travellers_from_results`` and every log replayed (rules.bridge.traveller).

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


HAND_RECORD_BOARDS = 4000


def _cpu(run: Any) -> float:
    times = []
    for _ in range(RUNS):
        gc.collect()
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def pbn_figures() -> dict[str, Any]:
    from rules.bridge.boards import deal_board, hand_record_pbn
    from rules.bridge.pbn_duplicate import read_hand_record
    from rules.bridge.pbn_results import TableResult, travellers_from_results, write_results

    boards = [deal_board("bench-duplicate", n) for n in range(1, HAND_RECORD_BOARDS + 1)]
    record = hand_record_pbn(boards, event="bench")
    figures: dict[str, Any] = {
        "pbn_hand_record_4000_bytes": len(record.encode()),
        "pbn_hand_record_4000_read_s": round(_cpu(lambda: read_hand_record(record)), 3),
    }
    # Two tables a board, pairs 1–3 and 2–4: 3NT by North, 9 tricks at one, 10 at the other.
    rows, tables = [], {}
    for board in boards:
        for ns, ew, tricks in ((1, 3, 9), (2, 4, 10)):
            vulnerable = board.vulnerable[0]
            score = (600 if vulnerable else 400) + 30 * (tricks - 9)
            rows.append(BoardResult(board.number, ns, ew, Played(score)))
            tables[(board.number, ns)] = TableResult("3NT", "N", tricks)
    travellers, pairs = score_session(rows, fields=[(1, 2), (3, 4)])
    names = {1: "A1 - B1", 2: "A2 - B2", 3: "A3 - B3", 4: "A4 - B4"}
    results = write_results(boards, travellers, pairs, tables=tables, names=names, method="matchpoints")

    def import_and_replay() -> None:
        for doc in travellers_from_results(results):
            report = traveller.replay(traveller.parse(doc))
            assert not report["findings"], report["findings"][:1]

    figures["pbn_results_4000_bytes"] = len(results.encode())
    figures["pbn_results_4000_import_s"] = round(_cpu(import_and_replay), 3)
    return figures


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
    figures.update(pbn_figures())
    return figures


def main() -> None:
    figures = run()
    for name, value in figures.items():
        print(f"{name}: {value}", flush=True)
    save({k: v for k, v in figures.items() if isinstance(v, int | float)})


if __name__ == "__main__":
    main()
