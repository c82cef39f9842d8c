"""A duplicate event's published files (issue 22): the PBN results file, USEBIO XML, and CSVs.

The writers are rules' (rules.bridge.pbn_results_write, rules.bridge.usebio): plain values
in, text out. This module turns the event as scored (tournaments.duplicate.score, the same
scoring the results page and the standings read) into those values, and writes the two CSVs
(the ranking and the travellers) with stable English column keys, as the site's other CSV
downloads do (games.csv_export makes every cell safe for a spreadsheet).
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from typing import Any

from games.csv_export import csv_text
from rules.bridge.pbn_results_write import Line, Ranked, write_event_results
from rules.bridge.usebio import EventInfo, write_usebio
from rules.duplicate.matchpoints import Adjusted, Played
from tournaments import duplicate
from tournaments.models import DuplicateEvent, Tournament

#: The ranking CSV's columns.
RANKING_COLUMNS = ("field", "place", "pair", "player_1", "player_2", "score", "total", "boards")
#: The travellers CSV's columns.
TRAVELLER_COLUMNS = (
    "board",
    "ns_pair",
    "ew_pair",
    "contract",
    "declarer",
    "lead",
    "tricks",
    "ns_score",
    "adjusted_ns",
    "adjusted_ew",
    "ns_points",
    "ew_points",
    "ns_percentage",
    "ew_percentage",
)


def _place_key(place: str) -> int:
    first = place.replace("–", "-").split("-")[0]
    return int(first) if first.isdigit() else 0


def ranking(results: duplicate.EventResults) -> list[Ranked]:
    """Every scored pair, field by field (North–South before East–West for a Mitchell
    ranked in two fields), each field by place, then score, then pair number."""
    out = []
    for number, pair in results.pairs.items():
        scored = results.scores.get(number)
        if scored is None:
            continue
        matchpoints = results.event.scoring == DuplicateEvent.Scoring.MATCHPOINTS
        out.append(
            Ranked(
                pair=number,
                place=scored.place,
                names=(pair.first.display_name, pair.second.display_name),
                total=scored.total,
                percentage=scored.score if matchpoints else None,
                boards=len(scored.by_board),
                field=results.field_of.get(number, ""),
            )
        )
    fields = {"NS": 0, "EW": 1, "": 0}
    return sorted(
        out,
        key=lambda r: (
            fields[r.field],
            _place_key(r.place),
            -(r.total if r.percentage is None else r.percentage),
            r.pair,
        ),
    )


def _percentage(points: Fraction, top: int | None) -> Fraction | None:
    if top is None:
        return None
    return Fraction(50) if top == 0 else points * 100 / top


def travellers(results: duplicate.EventResults) -> dict[int, list[Line]]:
    """Each board's traveller rows, by North–South pair then East–West pair: what the table
    made (its report's row of the board) and what each side earned; for matchpoints also
    each side's percentage of the board's top."""
    matchpoints = results.event.scoring == DuplicateEvent.Scoring.MATCHPOINTS
    out: dict[int, list[Line]] = {}
    for traveller in results.travellers:
        rows = []
        for row, ns, ew in sorted(traveller.rows, key=lambda r: (r[0].ns, r[0].ew)):
            line = results.lines.get(traveller.board, {}).get((row.ns, row.ew), {})
            adjusted = isinstance(row.result, Adjusted)
            top = traveller.mark if matchpoints else None
            contract = line.get("contract")
            rows.append(
                Line(
                    ns=row.ns,
                    ew=row.ew,
                    contract=None if adjusted else (contract or "Pass"),
                    declarer=line.get("declarer") or "",
                    tricks=line.get("tricks"),
                    ns_score=row.result.ns_score if isinstance(row.result, Played) else None,
                    ns_points=ns,
                    ew_points=ew,
                    ns_percentage=_percentage(ns, top) if matchpoints else None,
                    ew_percentage=_percentage(ew, top) if matchpoints else None,
                    adjusted=adjusted,
                )
            )
        out[traveller.board] = rows
    return out


def leads(results: duplicate.EventResults) -> dict[tuple[int, int, int], str]:
    """The opening lead of (board, North–South pair, East–West pair), where the table wrote one."""
    return {
        (board, ns, ew): line["lead"]
        for board, by_pair in results.lines.items()
        for (ns, ew), line in by_pair.items()
        if line.get("lead")
    }


def _date(tournament: Tournament, fmt: str) -> str:
    return tournament.starts_at.strftime(fmt) if tournament.starts_at is not None else ""


def results_pbn(tournament: Tournament, results: duplicate.EventResults | None = None) -> str:
    """The event's PBN 2.1 results file: every board of the hand record with its ScoreTable,
    the ranking as the TotalScoreTable."""
    results = results or duplicate.score(tournament)
    return write_event_results(
        duplicate.hand_record(results.event),
        travellers(results),
        ranking(results),
        method=results.event.scoring,
        event=tournament.name,
        site=tournament.club.name,
        date=_date(tournament, "%Y.%m.%d"),
    )


def results_usebio(tournament: Tournament, results: duplicate.EventResults | None = None) -> str:
    """The event as USEBIO 1.2 XML."""
    results = results or duplicate.score(tournament)
    info = EventInfo(club=tournament.club.name, name=tournament.name, date=_date(tournament, "%Y-%m-%d"))
    return write_usebio(
        info, ranking(results), travellers(results), method=results.event.scoring, leads=leads(results)
    )


def _figure(value: Fraction | None) -> str:
    return "" if value is None else f"{float(value):.2f}"


def ranking_rows(results: duplicate.EventResults) -> Iterator[list[Any]]:
    """The ranking CSV: the header, then one line per scored pair (see :data:`RANKING_COLUMNS`);
    ``score`` is the percentage (matchpoints) or the IMPs, ``total`` the matchpoints or IMPs."""
    yield list(RANKING_COLUMNS)
    for ranked in ranking(results):
        score = ranked.percentage if ranked.percentage is not None else ranked.total
        yield [
            ranked.field,
            ranked.place.replace("–", "-"),
            ranked.pair,
            ranked.names[0],
            ranked.names[1],
            _figure(score),
            _figure(ranked.total),
            ranked.boards,
        ]


def traveller_rows(results: duplicate.EventResults) -> Iterator[list[Any]]:
    """The travellers CSV: the header, then one line per table's result on a board (see
    :data:`TRAVELLER_COLUMNS`), board by board."""
    yield list(TRAVELLER_COLUMNS)
    by_board = travellers(results)
    for board in sorted(by_board):
        for line in by_board[board]:
            report = results.lines.get(board, {}).get((line.ns, line.ew), {})
            adjusted = report.get("adjusted") or {}
            yield [
                board,
                line.ns,
                line.ew,
                line.contract or "",
                line.declarer,
                report.get("lead") or "",
                "" if line.tricks is None else line.tricks,
                "" if line.ns_score is None else line.ns_score,
                adjusted.get("ns", ""),
                adjusted.get("ew", ""),
                _figure(line.ns_points),
                _figure(line.ew_points),
                _figure(line.ns_percentage),
                _figure(line.ew_percentage),
            ]


def ranking_csv(results: duplicate.EventResults) -> str:
    return csv_text(ranking_rows(results))


def travellers_csv(results: duplicate.EventResults) -> str:
    return csv_text(traveller_rows(results))
