"""An individual evening's CSV downloads (issue 22): the ranking and the travellers.

Written from the event as scored (tournaments.individual.score, the same scoring the results
page reads), with stable English column keys as the pairs evening's CSVs
(tournaments.duplicate_export) and the site's other downloads have; games.csv_export makes
every cell safe for a spreadsheet. A traveller row names the four players by their numbers
(North, South, East, West), as the movement's table cards do.

There is no PBN results or USEBIO file for an individual: PBN 2.1's ScoreTable and
TotalScoreTable columns name pairs (PairId_NS, PairId_EW), and the project has no source for
how either format carries four players changing partners every round.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from games.csv_export import csv_text
from rules.duplicate.matchpoints import Adjusted, Played
from tournaments.individual import IndividualResults

RANKING_COLUMNS = ("place", "player", "name", "percentage", "matchpoints", "top", "boards")
TRAVELLER_COLUMNS = (
    "board",
    "round",
    "table",
    "north",
    "south",
    "east",
    "west",
    "contract",
    "declarer",
    "lead",
    "tricks",
    "ns_score",
    "adjusted_ns",
    "adjusted_ew",
    "ns_matchpoints",
    "ew_matchpoints",
    "ns_percentage",
    "ew_percentage",
)


def _figure(value: Fraction | None) -> str:
    return "" if value is None else f"{float(value):.2f}"


def _percentage(points: Fraction, top: int | None) -> Fraction | None:
    """Of the board's top; 50 on a board with no one to compare with (top 0)."""
    if top is None:
        return None
    return Fraction(50) if top == 0 else points * 100 / top


def ranking_rows(results: IndividualResults) -> Iterator[list[Any]]:
    """The header, then each scored player in the ranking's order."""
    yield list(RANKING_COLUMNS)
    for number in results.ranking:
        scored = results.scores.get(number)
        if scored is None:
            continue
        yield [
            scored.place.replace("–", "-"),
            number,
            results.players[number].player.display_name,
            _figure(scored.score),
            _figure(scored.total),
            scored.tops,
            len(scored.by_board),
        ]


def traveller_rows(results: IndividualResults) -> Iterator[list[Any]]:
    """The header, then board by board each table's result, by round and table."""
    yield list(TRAVELLER_COLUMNS)
    for traveller in sorted(results.travellers, key=lambda t: t.board):
        rows = sorted(
            traveller.rows, key=lambda r: (results.sides[r[0].ns].round, results.sides[r[0].ns].table)
        )
        for row, ns, ew in rows:
            north_south, east_west = results.sides[row.ns], results.sides[row.ew]
            line = results.lines.get(traveller.board, {}).get(row.ns, {})
            adjusted = line.get("adjusted") or {}
            top = traveller.mark
            result = row.result
            yield [
                traveller.board,
                north_south.round,
                north_south.table,
                north_south.players[0],
                north_south.players[1],
                east_west.players[0],
                east_west.players[1],
                "" if isinstance(result, Adjusted) else (line.get("contract") or "Pass"),
                line.get("declarer") or "",
                line.get("lead") or "",
                "" if line.get("tricks") is None else line["tricks"],
                result.ns_score if isinstance(result, Played) else "",
                adjusted.get("ns", ""),
                adjusted.get("ew", ""),
                _figure(ns),
                _figure(ew),
                _figure(_percentage(ns, top)),
                _figure(_percentage(ew, top)),
            ]


def ranking_csv(results: IndividualResults) -> str:
    return csv_text(ranking_rows(results))


def travellers_csv(results: IndividualResults) -> str:
    return csv_text(traveller_rows(results))
