"""Oh Hell ("Черт побери", "Тьфу", "Затемнение"): read, replay, score and audit game logs.

The rules are those of shared/seeds/000_8242debec9c6da76.txt (and its
Ukrainian twin 001_...); the document and the report are
shared/spec/ohhell-log.md. Plain Python: nothing here imports Django.

    log = parse(raw)           # strict; MalformedDocument(path, code, **params)
    report = replay(log)       # never raises; report.findings, report.status
    report.as_dict()           # the spec's report object
    format_sheet(report)       # the readable score sheet
    walkthrough(log, deal)     # one deal trick by trick, for the deal replay page
"""

from __future__ import annotations

from typing import Any

from rules.ohhell.document import Deal, Event, GameLog, parse, to_document
from rules.ohhell.replay import replay
from rules.ohhell.report import DealReport, Report, format_sheet
from rules.ohhell.results import (
    SEAT_DEAL_ROWS,
    SEAT_RESULTS,
    TABLE_SIZES,
    blank_sheet,
    deal_rows,
    running_totals,
    seat_results,
    teams,
)
from rules.ohhell.ruleset import OPTIONS, PRESETS, Ruleset, default_schedule, resolve_ruleset
from rules.ohhell.sheet import sheet_rows
from rules.ohhell.walkthrough import walkthrough

#: Bumped whenever a change to the rules could change a report; stored with
#: every audit report so `manage.py reaudit` knows what to replay again.
ENGINE_VERSION = "3"

__all__ = [
    "ENGINE_VERSION",
    "OPTIONS",
    "PRESETS",
    "SEAT_DEAL_ROWS",
    "SEAT_RESULTS",
    "TABLE_SIZES",
    "Deal",
    "DealReport",
    "Event",
    "GameLog",
    "Report",
    "Ruleset",
    "blank_sheet",
    "check",
    "deal_rows",
    "default_schedule",
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


def check(raw: bytes | str | dict[str, Any]) -> dict[str, Any]:
    """Parse and replay a document in one call; the spec's report object.

    Raises :class:`rules.errors.MalformedDocument` when the document cannot be read.
    """
    return replay(parse(raw)).as_dict()
