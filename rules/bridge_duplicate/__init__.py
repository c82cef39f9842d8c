"""Duplicate bridge at one table for one round (``"bridge-duplicate"``): the registry's module.

The document is docs/bridge-duplicate-log.md; reading, replaying and scoring are
rules.bridge.traveller's, which this package wraps in the registry protocol
(rules/registry.py): the report object, the one ruleset (the Laws' duplicate scoring), the
seat results and teams (results.py), the texts and codes of the findings, the analytics
(none yet) and the walkthrough of a board. Plain Python: nothing here imports Django.

    log = parse(raw)           # strict; MalformedDocument(path, code, **params)
    report = replay(log)       # never raises; report.findings, report.status
    report.as_dict()           # the traveller's report, its boards also as ``deals``
    format_sheet(report)       # the traveller as text
    walkthrough(log, deal)     # one board as the table saw it, for the deal page
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.bridge import traveller
from rules.bridge.ruleset import Ruleset
from rules.bridge.ruleset import resolve_ruleset as resolve_bridge
from rules.bridge.traveller import TableLog, to_document
from rules.bridge_duplicate.results import (
    SEAT_DEAL_ROWS,
    SEAT_RESULTS,
    TABLE_SIZES,
    blank_sheet,
    deal_rows,
    running_totals,
    seat_results,
    sheet_rows,
    teams,
)
from rules.bridge_duplicate.walkthrough import BoardWalkthrough, walkthrough
from rules.errors import MalformedDocument
from rules.findings import format_findings
from rules.texts import found

#: Bumped whenever a change to the rules could change a report.
ENGINE_VERSION = "1"

#: The one ruleset: the Laws' duplicate scoring (Law 77 with the game and part-score premiums).
#: Its values are the Laws' table (rules.bridge.ruleset's ``laws`` preset), as the report echoes it.
PRESETS: dict[str, dict[str, Any]] = {"laws": {}}

__all__ = [
    "ENGINE_VERSION",
    "PRESETS",
    "SEAT_DEAL_ROWS",
    "SEAT_RESULTS",
    "TABLE_SIZES",
    "BoardWalkthrough",
    "Report",
    "TableLog",
    "blank_sheet",
    "check",
    "deal_rows",
    "format_sheet",
    "parse",
    "replay",
    "resolve_ruleset",
    "running_totals",
    "seat_results",
    "sheet_rows",
    "teams",
    "to_document",
    "walkthrough",
]


@dataclass(frozen=True, slots=True)
class Report:
    """The replay of a table's log: the traveller's report dict (rules.bridge.traveller.replay)."""

    report: dict[str, Any]

    @property
    def status(self) -> int:
        return int(self.report["status"])

    @property
    def findings(self) -> list[dict[str, Any]]:
        return list(self.report["findings"])

    def as_dict(self) -> dict[str, Any]:
        """The traveller's report, and its boards again as ``deals`` (each with ``deal``, its
        place in the log from 1), the name every game's report gives its deals."""
        out = dict(self.report)
        out["deals"] = [{"deal": i, **board} for i, board in enumerate(self.report["boards"], start=1)]
        return out


def parse(raw: bytes | str | dict[str, Any]) -> TableLog:
    """Read a duplicate table's log strictly (rules.bridge.traveller.parse)."""
    return traveller.parse(raw)


def replay(log: TableLog) -> Report:
    """Replay and score every board; never raises on a parsed log."""
    return Report(traveller.replay(log))


def check(raw: bytes | str | dict[str, Any]) -> dict[str, Any]:
    """Parse and replay a document in one call; the report object."""
    return replay(parse(raw)).as_dict()


def resolve_ruleset(value: str | dict[str, Any] | None = None, players: int = 4) -> Ruleset:
    """The Laws' duplicate scoring, the only ruleset: ``None``, ``"laws"`` or ``{"preset":
    "laws"}``; anything else is MalformedDocument at ``ruleset``, as is a table not of four."""
    preset = value.get("preset") if isinstance(value, dict) and set(value) == {"preset"} else value
    if preset not in (None, "laws"):
        raise MalformedDocument("ruleset", "BRIDGE_CHOICE", choices="laws", found=found(value))
    return resolve_bridge("laws", players)


def _board_line(board: dict[str, Any]) -> str:
    adjusted = board.get("adjusted")
    if adjusted is not None:
        what = f"adjusted NS {adjusted['ns']}% EW {adjusted['ew']}%"
    elif board["contract"] is None:
        what = "passed out" if board["ns_score"] == 0 else "no contract"
    else:
        what = f"{board['contract']} by {board['declarer']}"
        if board["lead"]:
            what += f", lead {board['lead']}"
        if board["tricks"] is not None:
            what += f", {board['tricks']} tricks"
    score = "" if board["ns_score"] is None else f"{board['ns_score']:>6}"
    return f"  board {board['board']:>4}  {board['dealer']} {board['vulnerable']:<4}  {what:<40} {score}"


def format_sheet(report: Report | dict[str, Any]) -> str:
    """The traveller as text: the players, a line per board with North–South's score, the
    totals, then the findings."""
    data = report.as_dict() if isinstance(report, Report) else report
    n, e, s, w = data["players"]
    lines = [f"Duplicate bridge table: N {n}, E {e}, S {s}, W {w}", "Scored by the Laws' duplicate scoring."]
    lines += [_board_line(board) for board in data["boards"]]
    lines.append(f"Totals: North-South {data['totals'][0]}, East-West {data['totals'][1]}")
    lines += format_findings(data["findings"])
    return "\n".join(lines) + "\n"
