"""Finding codes of the rubber bridge replay and their severities (docs/bridge-log.md, issue #7).

The issue names ``REVOKE``, ``INSUFFICIENT_BID``, ``CALL_OUT_OF_ROTATION``,
``ILLEGAL_DOUBLE``, ``CARD_NOT_IN_HAND``, ``RESULT_MISMATCH`` and
``SCORE_MISMATCH``; the rest are what the auction and play checks need.

Severities follow the Oh Hell report's sense: an irregularity that the Laws
let stand once the next player has acted (an insufficient bid accepted,
Law 27A1; a call out of rotation accepted, Law 29A; an opening lead out of
turn accepted, Law 53A) is a ``warning``; a log that contradicts itself or
the rules (a revoke, a card the player did not hold, a double the Laws do
not allow, a result that is not what the play shows) is an ``error``.

The last five say what an arbiter's ruling did (docs/arbiter.md): a ruling
is no irregularity, so they are ``info``, but for ``RULING_NOT_APPLICABLE``
(a ruling that names a seat with no penalty to waive or confirm), a
``warning``.
"""

from __future__ import annotations

from rules.bridge.texts import TEXTS
from rules.findings import FindingsCollector, Severity

SEVERITY: dict[str, Severity] = {
    # The codes.
    "REVOKE": "error",
    "INSUFFICIENT_BID": "warning",
    "CALL_OUT_OF_ROTATION": "warning",
    "ILLEGAL_DOUBLE": "error",
    "CARD_NOT_IN_HAND": "error",
    "RESULT_MISMATCH": "error",
    "SCORE_MISMATCH": "error",
    # The auction.
    "ILLEGAL_REDOUBLE": "error",
    "AUCTION_INCOMPLETE": "warning",
    "CALL_AFTER_AUCTION_END": "error",
    # The play.
    "LEAD_OUT_OF_TURN": "warning",
    "PLAY_OUT_OF_TURN": "error",
    "DUPLICATE_CARD": "error",
    "WRONG_CARD_COUNT": "error",
    "CLAIM_MISMATCH": "error",
    "REVOKE_CORRECTED": "info",
    # The score sheet.
    "HONOURS_MISMATCH": "error",
    # The contract or declarer recorded (PBN Contract/Declarer tags) is not what the auction reached.
    "CONTRACT_MISMATCH": "error",
    # A contract was reached but neither the play nor the sheet says how many tricks it took.
    "RESULT_MISSING": "error",
    # The vulnerability a deal records (PBN's Vulnerable tag) is not the rubber's, which is
    # the one scored: the rules decide it, so a wrong tag is worth a word, not an error.
    "VULNERABLE_TAG_DIFFERS": "warning",
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


__all__ = ["SEVERITY", "TEXTS", "Findings"]
