"""Finding codes of the Oh Hell replay and their severities (shared/spec/ohhell-log.md).

The first eighteen are the spec's table; ``BID_MISSING`` and
``ILLEGAL_TAKE_BACK`` are the report's own additions (the spec allows
others) for events logs that the table does not cover, and the last five
say what an arbiter's ruling did (docs/arbiter.md).
"""

from __future__ import annotations

from rules.findings import FindingsCollector, Severity
from rules.ohhell.texts import TEXTS

SEVERITY: dict[str, Severity] = {
    "RENEGE_UNCORRECTED": "error",
    "RENEGE_CORRECTED": "info",
    "MISSING_REDEAL": "warning",
    "BID_OUT_OF_RANGE": "error",
    "BID_OUT_OF_TURN": "warning",
    "BID_CHANGE_TOO_LATE": "error",
    "DEALER_HOOK": "error",
    "CARD_NOT_IN_HAND": "error",
    "DUPLICATE_CARD": "error",
    "PLAY_OUT_OF_TURN": "error",
    "EXPOSED_CARD_NOT_PLAYED": "error",
    "WRONG_CARD_COUNT": "error",
    "TAKEN_MISMATCH": "error",
    "SCORE_MISMATCH": "error",
    "TOTAL_MISMATCH": "error",
    "WRONG_DEALER": "warning",
    "WRONG_SCHEDULE": "warning",
    "TRUMP_ON_LAST_DEAL": "warning",
    # Additions: a seat that never bid in an events log; a card taken back
    # that the renege rule does not allow to be taken back.
    "BID_MISSING": "error",
    "ILLEGAL_TAKE_BACK": "error",
    # The arbiter's rulings (docs/arbiter.md): what a ruling did, and one that did nothing.
    "ANNULLED_BY_ARBITER": "info",
    "SCORE_ADJUSTED": "info",
    "PENALTY_WAIVED": "info",
    "PENALTY_CONFIRMED": "info",
    "RULING_NOT_APPLICABLE": "warning",
}


class Findings(FindingsCollector):
    """The findings of one replay, by this game's codes and severities."""

    SEVERITY = SEVERITY
    TEXTS = TEXTS


__all__ = ["SEVERITY", "Findings"]
