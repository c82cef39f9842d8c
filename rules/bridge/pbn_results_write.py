"""A duplicate pairs event's published PBN 2.1 results file: every board's traveller and the ranking.

PBN 2.1 §5 ("Supplemental sections") defines the tables a scoring program publishes: a
board's ``ScoreTable`` (its results at every table) and the event's ``TotalScoreTable``
(the totals). This module writes them from plain values (:class:`Line`, :class:`Ranked`)
so the apps hand over what they scored and nothing here knows a database:

- one game per board: Event, Site, Date, Board, Dealer, Vulnerable, Deal
  (rules.bridge.boards.board_tags), and ``Scoring`` (``MP``, ``Butler``, ``Cross-IMPs``:
  rules.bridge.pbn_results.SCORING, the names rules.bridge.pbn_duplicate.kind_of takes as
  duplicate);
- its ``ScoreTable``, one row per table: ``PairId_NS PairId_EW Contract Declarer Result
  Score_NS Score_EW`` and ``MP_NS MP_EW Percentage_NS Percentage_EW`` (matchpoints) or
  ``IMP_NS IMP_EW`` (Butler, cross-IMPs) — the predefined column names of §5 ("ScoreTable");
- the ``TotalScoreTable`` in the first game, after its ScoreTable: ``Rank PairId`` (and
  ``Direction``, ``NS``/``EW``, when a Mitchell ranks its two fields apart), ``TotalMP
  TotalPercentage`` or ``TotalIMP``, ``NrBoards`` and ``Names`` — §5 ("TotalScoreTable").

§5's conventions: ``-`` is an irrelevant element (no declarer on a board passed out, no
contract for an adjusted score), and an artificial score is preceded by ``^`` (an adjusted
score's matchpoints and percentages, ``^60.00``). ``Names`` is "a string token containing
the names of the 2 players separated by ';'", always quoted. Column widths follow §5.2
(``Name\\widthAlign``); values are padded to them and separated by one space.

Figures: matchpoints, IMPs and percentages with two decimals, half away from zero
(rules.bridge.pbn_results.decimal). rules.bridge.pbn_results.read_results reads the file
back; the tests check that every figure comes back as written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.bridge.boards import Board
from rules.bridge.pbn_results import NONE, SCORING, decimal, write_tables

#: Width and alignment of each column written here (PBN 2.1 §5.2, ``Name\\widthAlign``).
WIDTHS: dict[str, tuple[int, str]] = {
    "PairId_NS": (2, "R"),
    "PairId_EW": (2, "R"),
    "Contract": (5, "L"),
    "Declarer": (1, "R"),
    "Result": (2, "R"),
    "Score_NS": (6, "R"),
    "Score_EW": (6, "R"),
    "MP_NS": (6, "R"),
    "MP_EW": (6, "R"),
    "Percentage_NS": (7, "R"),
    "Percentage_EW": (7, "R"),
    "IMP_NS": (6, "R"),
    "IMP_EW": (6, "R"),
    "Rank": (5, "R"),
    "PairId": (2, "R"),
    "Direction": (2, "L"),
    "TotalMP": (7, "R"),
    "TotalPercentage": (6, "R"),
    "TotalIMP": (7, "R"),
    "NrBoards": (2, "R"),
    "Names": (40, "L"),
}
#: §5.2: an artificial score value is preceded by a caret.
ARTIFICIAL = "^"
#: §5 ScoreTable: ``<names>`` are the two players' names separated by ';'.
NAMES_SEPARATOR = ";"


@dataclass(frozen=True, slots=True)
class Line:
    """One table's result on a board, as its traveller row says it.

    ``contract`` as PBN writes it (``"4H"``, ``"3NTX"``, ``"Pass"``), None for an adjusted
    score or a result written without one; ``declarer`` a seat letter; ``tricks`` the
    declarer's tricks; ``ns_score`` North–South's score (None when adjusted); the points
    each side earned, and for matchpoints each side's percentage of the board's top.
    ``adjusted`` is True for an artificial adjusted score (Law 12C2)."""

    ns: int
    ew: int
    contract: str | None
    declarer: str
    tricks: int | None
    ns_score: int | None
    ns_points: Fraction
    ew_points: Fraction
    ns_percentage: Fraction | None = None
    ew_percentage: Fraction | None = None
    adjusted: bool = False


@dataclass(frozen=True, slots=True)
class Ranked:
    """A pair's line of the ranking: its place (``"3-4"`` for a shared one), its two players,
    its total (matchpoints or IMPs), its percentage (matchpoints only), the boards it played
    and its field (``"NS"``, ``"EW"``, or ``""`` for one field of everybody)."""

    pair: int
    place: str
    names: tuple[str, str]
    total: Fraction
    percentage: Fraction | None
    boards: int
    field: str = ""


def _points(value: Fraction | None, artificial: bool) -> str:
    if value is None:
        return NONE
    return (ARTIFICIAL if artificial else "") + decimal(value)


def score_table(lines: Sequence[Line], *, method: str) -> list[dict[str, str]]:
    """A board's ScoreTable rows, in the order given."""
    rows = []
    for line in lines:
        passed = line.contract is not None and line.contract.upper() in ("PASS", "AP", "P")
        row = {
            "PairId_NS": str(line.ns),
            "PairId_EW": str(line.ew),
            "Contract": NONE if line.contract is None else ("Pass" if passed else line.contract),
            "Declarer": NONE if passed or not line.declarer else line.declarer,
            "Result": NONE if passed or line.tricks is None else str(line.tricks),
            "Score_NS": NONE if line.ns_score is None else str(line.ns_score),
            "Score_EW": NONE if line.ns_score is None else str(-line.ns_score),
        }
        if method == "matchpoints":
            row["MP_NS"] = _points(line.ns_points, line.adjusted)
            row["MP_EW"] = _points(line.ew_points, line.adjusted)
            row["Percentage_NS"] = _points(line.ns_percentage, line.adjusted)
            row["Percentage_EW"] = _points(line.ew_percentage, line.adjusted)
        else:
            row["IMP_NS"] = _points(line.ns_points, line.adjusted)
            row["IMP_EW"] = _points(line.ew_points, line.adjusted)
        rows.append(row)
    return rows


def total_score_table(ranking: Sequence[Ranked], *, method: str) -> list[dict[str, str]]:
    """The TotalScoreTable rows, in the order given (the caller's ranking order). A
    ``Direction`` column is written when any pair has a field (a Mitchell's two rankings)."""
    fields = any(r.field for r in ranking)
    rows = []
    for ranked in ranking:
        row = {"Rank": ranked.place.replace("–", "-") or NONE, "PairId": str(ranked.pair)}
        if fields:
            row["Direction"] = ranked.field or NONE
        if method == "matchpoints":
            row["TotalMP"] = decimal(ranked.total)
            row["TotalPercentage"] = _points(ranked.percentage, False)
        else:
            row["TotalIMP"] = decimal(ranked.total)
        row["NrBoards"] = str(ranked.boards)
        row["Names"] = NAMES_SEPARATOR.join(ranked.names)
        rows.append(row)
    return rows


def write_event_results(
    boards: Sequence[Board],
    lines: Mapping[int, Sequence[Line]],
    ranking: Sequence[Ranked],
    *,
    method: str,
    event: str = "",
    site: str = "",
    date: str = "",
) -> str:
    """The event's PBN 2.1 results file (see the module docstring): one game per board of
    ``boards`` with its ScoreTable (when ``lines`` has results for it), the TotalScoreTable
    in the first game. CRLF line ends, ``% PBN 2.1`` first."""
    if method not in SCORING:
        raise ValueError(f"no such scoring method: {method!r} (one of {', '.join(SCORING)})")
    rows = {
        number: score_table(board_lines, method=method)
        for number, board_lines in lines.items()
        if board_lines
    }
    return write_tables(
        boards,
        rows,
        total_score_table(ranking, method=method),
        scoring=SCORING[method],
        event=event,
        site=site,
        date=date,
        columns=WIDTHS,
        preamble=("% PBN 2.1", "% EXPORT"),
    )


__all__ = [
    "ARTIFICIAL",
    "NAMES_SEPARATOR",
    "WIDTHS",
    "Line",
    "Ranked",
    "score_table",
    "total_score_table",
    "write_event_results",
]
