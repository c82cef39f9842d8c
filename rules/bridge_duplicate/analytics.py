"""Luck and skill at a duplicate table: each board's double dummy and par against the table's result.

A board's standing against the field is the event's comparison (docs/duplicate.md:
matchpoints, IMPs, the datum), read on the results pages. What one table's log adds is what
rubber bridge's analytics measure (rules.bridge.analytics, whose rows these are): with the
board's four hands — a traveller entered through the service carries the hand record's, a
PBN or LIN board its own — the double-dummy tricks of the contract reached against the
tricks taken (the declarer's play, the defence) and the board's par for its dealer and
vulnerability against the table's score (the bidding and play against perfect), the score
being the duplicate score the board was played for. Rows are per board per seat, so each
player's are his seat's; both partners carry their side's figures.

Every table of an evening plays the same boards, so a board's double dummy is solved once and
kept in ``estimates`` (the app's DealEstimate rows, keyed by the hands, the dealer and the
vulnerability) and remembered by the process (rules.bridge.analytics.solve_memo): an evening of
27 boards at 14 tables solves 27 deals, not 378. An adjusted
score (no play) gives no rows; a board without its hands gives rows that say so
(``hands_unknown``).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, MutableMapping
from typing import Any

from rules.bridge.analytics import COLUMNS as BRIDGE_COLUMNS
from rules.bridge.analytics import available, deal_rows, player_summary, solve_memo
from rules.bridge.core import Seat
from rules.bridge.document import VULNERABLE

__all__ = ["ANALYSIS_VERSION", "COLUMNS", "analyse_deals", "analyse_game", "available", "player_summary"]

#: Bumped whenever a change here could change a row.
#: 2: the double-dummy measures of rubber bridge, per board (1 gave no rows).
ANALYSIS_VERSION = "2"

#: (row key, short English label) in display and CSV order: rubber bridge's, with the board's
#: number beside the deal's (its place in the table's log, as the deal pages number it).
COLUMNS: tuple[tuple[str, str], ...] = (
    BRIDGE_COLUMNS[0],
    ("board", "Board"),
    *BRIDGE_COLUMNS[1:],
)

#: The solved board's key in the estimates cache (its version: solve()'s answer's shape).
KEY_PREFIX = "bridge-dd:1:"

Solved = tuple[dict[str, dict[str, int]], int, str]


def board_key(hands: tuple[int, ...], dealer: str, vulnerable: str) -> str:
    """The solved board's key in the estimates store: its hands (hashed), dealer and vulnerability."""
    digest = hashlib.sha256(",".join(map(str, hands)).encode()).hexdigest()[:32]
    return f"{KEY_PREFIX}{digest}:{dealer}:{vulnerable}"


def _solved(
    hands: tuple[int, ...], dealer: str, vulnerable: str, estimates: MutableMapping[str, Any] | None
) -> Solved | None:
    key = board_key(hands, dealer, vulnerable)
    if estimates is not None:
        stored = estimates.get(key)
        if stored is not None:
            makeable, par, contracts = stored
            return makeable, int(par), contracts
    solved = solve_memo(hands, Seat.of(dealer), VULNERABLE[vulnerable])
    if solved is not None and estimates is not None:
        estimates[key] = list(solved)
    return solved


def analyse_game(
    report: dict[str, Any], log: Any, estimates: MutableMapping[str, Any] | None = None
) -> list[dict[str, Any]]:
    """One row per board per seat (module docstring); ``report`` the replay's report dict,
    ``log`` the parsed table log (rules.bridge.traveller.TableLog), whose boards give the hands."""
    return [row for rows in analyse_deals(report, log, estimates) for row in rows]


def analyse_deals(
    report: dict[str, Any], log: Any, estimates: MutableMapping[str, Any] | None = None
) -> Iterator[list[dict[str, Any]]]:
    """:func:`analyse_game` a board at a time, in the report's order, each solved only when
    asked for (the caller stops at a budget between two boards)."""
    solver = available()
    logged = {board.number: board for board in log.boards}
    for deal in report["deals"]:
        if deal.get("adjusted"):
            yield []  # an adjusted score: nothing was played
            continue
        board = logged.get(deal["board"])
        hands = board.deal.hands if board is not None and board.deal is not None else None
        solved = None
        if hands is not None and solver:
            solved = _solved(tuple(hands), deal["dealer"], deal["vulnerable"], estimates)
        rows = deal_rows(deal, VULNERABLE[deal["vulnerable"]], solved, solver)
        for row in rows:
            row["board"] = deal["board"]
        yield rows
