"""Finding codes of a duplicate table's replay and their severities: the rubber replay's (the
auction, the play) and the board's own (rules.bridge.traveller.DUPLICATE_SEVERITY)."""

from __future__ import annotations

from rules.bridge.traveller import DUPLICATE_SEVERITY, Findings
from rules.findings import Severity

SEVERITY: dict[str, Severity] = dict(DUPLICATE_SEVERITY)

__all__ = ["SEVERITY", "Findings"]
