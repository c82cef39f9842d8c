"""Finding codes of the preferans replay and their severities (docs/preferans-log.md, issue #8).

One table for every preferans module: the auction and the dark declarations
(rules.preferans.auction), the whists (rules.preferans.whist), the play and
the pulka. Severities follow the other games: an irregularity the table lets
stand once the next player has acted (a call out of turn, an auction the log
leaves unfinished) is a ``warning``; a log that contradicts itself or the
rules (a bid that does not overcall, a dark call the seed does not allow, a
revoke, a pulka entry that is not what the game earns) is an ``error``. The
arbiter's rulings (docs/arbiter.md) are ``info``: a ruling is no irregularity.
"""

from __future__ import annotations

from rules.findings import FindingsCollector, Severity
from rules.preferans.texts import TEXTS

SEVERITY: dict[str, Severity] = {
    # -- the auction ---------------------------------------------------------------
    # A call by a seat other than the one whose turn it was; the call stands and the
    # turn goes on from that seat.
    "CALL_OUT_OF_TURN": "warning",
    # A light bid that is not above the current one (and not the first hand's "здесь"),
    # or below the minimum opening after pass-outs.
    "BID_TOO_LOW": "error",
    # A pass is final in the classic game: the player called again after passing.
    "PASS_WITHDRAWN": "error",
    # Calls logged after the auction had ended; they are ignored.
    "CALL_AFTER_AUCTION_END": "error",
    # The log stops before the auction ended; the result is taken as if the rest passed.
    "AUCTION_INCOMPLETE": "warning",
    # Misère called other than as the player's first call, a trick game called after
    # one's own misère, or a contract other than misère after winning with it (and back).
    "MISERE_RULE": "error",
    # A dark call the seed does not allow: declared after looking, a game a dark level
    # does not allow, ПАС В ТЕМНУЮ after a РАЗ, continuing in the light after a dark
    # overcall, or dark games at a table that does not play them.
    "DARK_NOT_ALLOWED": "error",
    # A call that does not overcall a dark declaration as the seed says (РАЗ only by
    # ДВА or a light seven of the first suit, a dark misère only by a dark ten, …).
    "DARK_OVERCALL_WRONG": "error",
    # -- the talon, the discard and the contract ----------------------------------
    # The discard is not two distinct cards of the declarer's hand and the talon.
    "DISCARD_WRONG": "error",
    # The contract named after the discard is below the winning call.
    "CONTRACT_BELOW_BID": "error",
    # A contract (or a discard) on a passed-out deal, or none after a won auction.
    "CONTRACT_MISMATCH": "error",
    # -- the whists -----------------------------------------------------------------
    # A whist decision by the wrong defender, or in the wrong order.
    "WHIST_OUT_OF_TURN": "warning",
    # A defender's decision is missing (or one too many is logged).
    "WHIST_MISSING": "error",
    # A dark six (a game "только в темную"): both defenders must whist.
    "WHIST_REQUIRED": "error",
    # Half-whist where the ruleset or the situation does not allow it.
    "HALF_WHIST_WRONG": "error",
    # Open play ("лёжа", "в светлую") where it is not allowed, or closed where it must be open.
    "OPEN_WRONG": "error",
    # The defenders took fewer tricks than their quota (for the pulka helper).
    "WHIST_QUOTA": "info",
    # -- the play ---------------------------------------------------------------------
    "REVOKE": "error",
    "NOT_TRUMPED": "error",
    "CARD_NOT_IN_HAND": "error",
    "DUPLICATE_CARD": "error",
    "WRONG_CARD_COUNT": "error",
    "PLAY_OUT_OF_TURN": "error",
    "TRICKS_MISMATCH": "error",
    "CLAIM_MISMATCH": "error",
    # -- the pulka ------------------------------------------------------------------
    "ENTRY_MISMATCH": "error",
    "BOMB_MISMATCH": "error",
    "SETTLEMENT_MISMATCH": "error",
    "WRONG_DEALER": "warning",
    # -- the arbiter's rulings (docs/arbiter.md; docs/preferans.md) --------------------
    # A ruling is no irregularity: info, so it does not change a game's status.
    # The deal is annulled: it writes nothing on the pulka, draws and puts out no bomb.
    "ANNULLED_BY_ARBITER": "info",
    # The deal is scored by the tricks the arbiter assigned.
    "SCORE_ADJUSTED": "info",
    # A penalty waived or confirmed. The preferans replay imposes no penalty (a revoke is a
    # finding, the deal scored as played), so these are never raised; kept for the contract.
    "PENALTY_WAIVED": "info",
    "PENALTY_CONFIRMED": "info",
    # A seat in waive / confirm without a penalty in the deal: the ruling has no effect.
    "RULING_NOT_APPLICABLE": "warning",
}


class Findings(FindingsCollector):
    """The findings of one replay, by the preferans codes and severities; ``codes()`` lists them."""

    SEVERITY = SEVERITY
    TEXTS = TEXTS

    def codes(self) -> list[str]:
        return [f.code for f in self]


__all__ = ["SEVERITY", "Findings"]
