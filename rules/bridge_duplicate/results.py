"""Duplicate bridge's side of the rules registry protocol (rules/registry.py): what one table's
round means for storage, standings, ratings and the printed traveller.

Seats are North, East, South, West in the document's order, so the first and third player are
partners (North–South) and the second and fourth the others (East–West). A board is scored for
North–South (negative for East–West) by the Laws' duplicate scoring (Law 77 with the game and
part-score premiums); a seat's ``total`` is its side's sum of the board scores — North–South's
for seats 0 and 2, minus that for 1 and 3 — and its ``contracts_made`` the contracts its side
declared and made. Duplicate counts no whists, and a board is one contract for a side: no
per-seat deal rows. The comparison with the other tables is the event's (docs/duplicate.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.bridge.boards import dealer_of, vulnerable_of
from rules.bridge.core import SEATS
from rules.bridge.document import VULNERABLE_WORD
from rules.bridge.ruleset import Ruleset
from rules.registry import DealRow, SeatResult

#: Four players, two partnerships.
TABLE_SIZES: tuple[int, ...] = (4,)

#: The SeatResult fields a duplicate table fills besides ``total``: no whists in duplicate.
SEAT_RESULTS: tuple[str, ...] = ("contracts_made",)

#: A board is one contract for a side: no per-seat bid-and-taken rows.
SEAT_DEAL_ROWS = False

#: Boards printed on a blank traveller when the round's boards are not known.
BLANK_BOARDS = 4

__all__ = [
    "SEAT_DEAL_ROWS",
    "SEAT_RESULTS",
    "TABLE_SIZES",
    "blank_sheet",
    "deal_rows",
    "made",
    "running_totals",
    "seat_results",
    "sheet_rows",
    "teams",
]


def side_of(seat: int) -> int:
    """North–South 0, East–West 1."""
    return seat % 2


def made(board: dict[str, Any]) -> bool:
    """Whether a board's contract was made: at least six plus its level in tricks."""
    contract, tricks = board.get("contract"), board.get("tricks")
    return bool(contract) and tricks is not None and tricks >= 6 + int(str(contract)[0])


def seat_results(report: dict[str, Any]) -> list[SeatResult]:
    """Per seat N, E, S, W: its side's total of the board scores and the contracts its side made.

    A contract counts for the declaring side when it was made; a board passed out, adjusted or
    without its tricks counts for nobody.
    """
    totals = report["totals"]
    count = [0, 0]
    for board in report["boards"]:
        if board.get("declarer") and made(board):
            count[side_of(SEATS.index(board["declarer"]))] += 1
    return [
        SeatResult(total=int(totals[side_of(seat)]), contracts_made=count[side_of(seat)])
        for seat in range(len(report["players"]))
    ]


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """The partnerships: North–South (seats 0 and 2) and East–West (1 and 3)."""
    return tuple(tuple(seat for seat in range(players) if side_of(seat) == side) for side in (0, 1))


def deal_rows(report: dict[str, Any]) -> list[DealRow]:
    """None: a board has one contract for a side, not a bid and tricks per seat."""
    return []


def running_totals(report: dict[str, Any]) -> list[tuple[int, bool, list[int]]]:
    """After each board (by its place in the log, from 1): no board is annulled, and each seat's
    running total, its side's sum of the board scores so far (an adjusted board adds nothing)."""
    ns = 0
    out = []
    for index, board in enumerate(report["boards"], start=1):
        ns += int(board["ns_score"] or 0)
        out.append((index, False, [ns if side_of(s) == 0 else -ns for s in range(len(report["players"]))]))
    return out


def sheet_rows(report: dict[str, Any]) -> list[list[Any]]:
    """The traveller as CSV rows: board, contract, declarer, lead, tricks, North–South's score; a
    totals row last (North–South's and East–West's sums)."""
    out: list[list[Any]] = [["board", "contract", "declarer", "lead", "tricks", "ns_score"]]
    for board in report["boards"]:
        adjusted = board.get("adjusted")
        contract = board["contract"]
        if adjusted is not None:
            contract = f"adjusted {adjusted['ns']}%/{adjusted['ew']}%"
        elif contract is None:
            contract = "Pass"
        out.append(
            [
                board["board"],
                contract,
                board["declarer"] or "",
                board["lead"] or "",
                board["tricks"],
                board["ns_score"],
            ]
        )
    out.append(["total", "", "", "", "", report["totals"][0]])
    return out


def blank_sheet(ruleset: Ruleset, players: Sequence[str], boards: Sequence[int] = ()) -> dict[str, Any]:
    """A blank table card of the round: a line per board (its number, dealer and vulnerability
    by Law 2 when the boards are known) with boxes for the contract, the declarer, the lead, the
    tricks and the score for North–South or East–West."""
    names = list(players)
    numbers: list[int | None] = [*boards] or [None] * BLANK_BOARDS
    return {
        "players": names,
        "ruleset": ruleset.as_dict(),
        "ns": [names[s] for s in range(len(names)) if side_of(s) == 0],
        "ew": [names[s] for s in range(len(names)) if side_of(s) == 1],
        "boards": [
            {
                "number": n,
                "dealer": None if n is None else SEATS[dealer_of(n)],
                "vulnerable": None if n is None else VULNERABLE_WORD[vulnerable_of(n)],
            }
            for n in numbers
        ],
    }
