"""Durak (дурак): read, replay and validate game logs of every variant of
shared/seeds/004_8685814ad686c15f.txt ("Игры в дурака") — простой, подкидной, переводной (also
after beating), бескозырный, two decks and втемную — and find the fool.

The document is docs/durak-log.md; the rules with their seed sentences, the readings and the
options are docs/durak.md. Plain Python: nothing here imports Django.

    log = parse(raw)           # strict; MalformedDocument(path, code, **params), the ruleset included
    report = replay(log)       # never raises; report.findings, report.status
    report.as_dict()           # the report object: games, fools, totals, findings
    format_sheet(report)       # the games as text
    walkthrough(log, deal)     # one game event by event, for a page

A game's ``arbiter`` (docs/arbiter.md) annuls it or assigns its result (docs/durak.md, "The
arbiter's rulings").
"""

from __future__ import annotations

from typing import Any

from rules.durak import document as _document
from rules.durak.document import AssignedResult, DurakDeal, DurakLog, DurakRuling, Event, to_document
from rules.durak.replay import replay
from rules.durak.report import GameReport, Report, format_sheet
from rules.durak.results import (
    SEAT_DEAL_ROWS,
    SEAT_RESULTS,
    TABLE_SIZES,
    blank_sheet,
    deal_rows,
    running_totals,
    seat_results,
    teams,
)
from rules.durak.ruleset import OPTIONS, PRESETS, Ruleset, resolve_ruleset
from rules.durak.walkthrough import walkthrough

#: Bumped whenever a change to the rules could change a report. 2: the arbiter's rulings
#: (every game of the report gains ``annulled``, ``redeal``, ``penalties``, ``arbiter``,
#: ``before_ruling``). 3: findings as data (params). 4: WRONG_ATTACKER and WRONG_FIRST_ATTACKER
#: at the bout their attack opens (issue 21).
ENGINE_VERSION = "4"

__all__ = [
    "ENGINE_VERSION",
    "OPTIONS",
    "PRESETS",
    "SEAT_DEAL_ROWS",
    "SEAT_RESULTS",
    "TABLE_SIZES",
    "AssignedResult",
    "DurakDeal",
    "DurakLog",
    "DurakRuling",
    "Event",
    "GameReport",
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


def parse(raw: bytes | str | dict[str, Any]) -> DurakLog:
    """Read a durak log strictly (rules.durak.document.parse, the ruleset resolved on the way)."""
    return _document.parse(raw)


def check(raw: bytes | str | dict[str, Any]) -> dict[str, Any]:
    """Parse and replay a document in one call; the report object."""
    return replay(parse(raw)).as_dict()
