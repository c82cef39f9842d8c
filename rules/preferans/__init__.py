"""Preferans: read, replay, score and settle a pulka (пулька) — pool, mountain and whists — under
the Sochi, Leningrad and Rostov conventions, with the dark games and bombs of
shared/seeds/002_42d2e1784dbbf053.txt.

The document is docs/preferans-log.md; the conventions, their sources and the readings are
docs/preferans.md. Plain Python: nothing here imports Django.

    log = parse(raw)           # strict; MalformedDocument(path, code, **params), the ruleset included
    report = replay(log)       # never raises; report.findings, report.status
    report.as_dict()           # the report object: totals, pulka, settlement, deals, findings
    format_sheet(report)       # the pulka as text
"""

from __future__ import annotations

from typing import Any

from rules.preferans import document as _document
from rules.preferans.document import PreferansDeal, PreferansLog, to_document
from rules.preferans.replay import replay
from rules.preferans.report import DealReport, Report, format_sheet
from rules.preferans.results import (
    SEAT_DEAL_ROWS,
    SEAT_RESULTS,
    TABLE_SIZES,
    blank_sheet,
    deal_rows,
    running_totals,
    seat_results,
    teams,
)
from rules.preferans.ruleset import OPTIONS, PRESETS, Ruleset, resolve_ruleset
from rules.preferans.walkthrough import DealWalkthrough, walkthrough

#: Bumped whenever a change to the rules could change a report.
ENGINE_VERSION = "4"

__all__ = [
    "ENGINE_VERSION",
    "OPTIONS",
    "PRESETS",
    "SEAT_DEAL_ROWS",
    "SEAT_RESULTS",
    "TABLE_SIZES",
    "DealReport",
    "DealWalkthrough",
    "PreferansDeal",
    "PreferansLog",
    "Report",
    "Ruleset",
    "blank_sheet",
    "check",
    "deal_rows",
    "format_sheet",
    "parse",
    "replay",
    "resolve_ruleset",
    "running_totals",
    "seat_results",
    "teams",
    "to_document",
    "walkthrough",
]


def parse(raw: bytes | str | dict[str, Any]) -> PreferansLog:
    """Read a preferans log strictly (rules.preferans.document.parse) and resolve its ruleset,
    so a wrong preset or option is MalformedDocument at ``ruleset.<option>`` before the replay."""
    log = _document.parse(raw)
    resolve_ruleset(log.ruleset, len(log.players))
    return log


def check(raw: bytes | str | dict[str, Any]) -> dict[str, Any]:
    """Parse and replay a document in one call; the report object."""
    return replay(parse(raw)).as_dict()
