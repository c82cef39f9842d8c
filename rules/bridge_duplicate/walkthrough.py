"""One board of a duplicate table's log as the table saw it: for the deal page.

A board with its hands, auction or play is walked through by the rubber walkthrough
(rules.bridge.walkthrough: the four hands, the auction under W N E S, the play trick by
trick, each revoke), run on that board alone with the Laws' table; the board's own marks
then replace the rubber's — its number, its vulnerability (Law 2's, or as the board shows
it), and the findings, which are the duplicate replay's. A board the traveller records by its
contract, lead and tricks alone, or an adjusted one, shows just its traveller line.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from rules.bridge.document import VULNERABLE, BridgeLog
from rules.bridge.traveller import TableLog
from rules.bridge.traveller import replay as replay_table
from rules.bridge.walkthrough import DealWalkthrough
from rules.bridge.walkthrough import walkthrough as walk_deal
from rules.findings import Finding

__all__ = ["BoardWalkthrough", "walkthrough"]


@dataclass(frozen=True, slots=True)
class BoardWalkthrough:
    """Board number ``deal`` of the log (from 1): its traveller line, and the deal as played
    when the log gives more than the line."""

    deal: int
    deals: int
    board: int
    players: tuple[str, str, str, str]
    dealer: str
    #: (North–South, East–West) vulnerable, as the board was scored.
    vulnerable: tuple[bool, bool]
    #: The report's row of this board: contract, declarer, lead, tricks, ns_score, adjusted.
    line: dict[str, Any]
    findings: tuple[Finding, ...]
    #: The rubber walkthrough of the board; None for a traveller line only or an adjusted board.
    played: DealWalkthrough | None


def walkthrough(
    log: TableLog, deal: int, report: dict[str, Any] | None = None, *, analyse: bool = True
) -> BoardWalkthrough:
    """The walkthrough of the ``deal``-th board of the log (from 1); ``analyse`` adds the
    double-dummy table where the four hands are known. IndexError for no such board."""
    if not 1 <= deal <= len(log.boards):
        raise IndexError(f"the log has {len(log.boards)} boards, not a board {deal}")
    report = report or replay_table(log)
    board = log.boards[deal - 1]
    line = report["boards"][deal - 1]
    vulnerable = VULNERABLE[line["vulnerable"]]
    findings = tuple(_finding(f) for f in report["findings"] if f["deal"] == deal)
    played = None
    shown = board.deal
    if shown is not None and (shown.hands or shown.auction or shown.play):
        single = BridgeLog(players=log.players, ruleset="laws", deals=(shown,))
        played = dataclasses.replace(
            walk_deal(single, 1, analyse=analyse),
            deal=deal,
            deals=len(log.boards),
            board=board.number,
            vulnerable=vulnerable,
            findings=findings,
            scores=[],
            penalties=[],
            arbiter=None,
        )
    return BoardWalkthrough(
        deal=deal,
        deals=len(log.boards),
        board=board.number,
        players=log.players,
        dealer=line["dealer"],
        vulnerable=vulnerable,
        line=line,
        findings=findings,
        played=played,
    )


def _finding(f: dict[str, Any]) -> Finding:
    return Finding(
        code=f["code"],
        severity=f["severity"],
        message=f["message"],
        deal=f["deal"],
        trick=f["trick"],
        seat=f["seat"],
        player=f["player"],
        card=f["card"],
        params=dict(f.get("params") or {}),
    )
