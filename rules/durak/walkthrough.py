"""One durak game event by event, as the table saw it, for the game page (plain data).

The replay (rules.durak.replay) records a step after every event: the cards on the table
(each attack card with the card that covers it), every hand as far as the log tells, the
stock and the discard, who attacks and who defends, who is out, and the findings raised at
that event. Draws the log leaves implicit are steps of their own (``kind`` ``"draws"``).
"""

from __future__ import annotations

from typing import Any

from rules.durak.codes import Findings
from rules.durak.document import DurakLog
from rules.durak.replay import run_game
from rules.durak.ruleset import resolve_ruleset


def walkthrough(log: DurakLog, deal: int) -> dict[str, Any]:
    """Game number ``deal`` (from 1) step by step; IndexError when the log has no such game.

    ``steps[0]`` is the deal (kind ``"deal"``), the last the end (kind ``"end"``); each step as
    rules.durak.replay records it. ``result`` is the game's report; ``findings`` are the game's
    own and those of the arbiter's ruling on it (a WRONG_DEALER, which needs the game before, is
    the full replay's; ``result.redeal`` says whether the game redeals an annulled one); ``deals`` is the
    number of games in the log (for the page's previous / next links), ``events`` the number
    of this game's events in the log.
    """
    if not 1 <= deal <= len(log.deals):
        raise IndexError(f"the log has {len(log.deals)} games, not a game {deal}")
    ruleset = resolve_ruleset(log.ruleset, len(log.players))
    game = log.deals[deal - 1]
    findings = Findings(log.players)
    steps: list[dict[str, Any]] = []
    deals = log.deals
    report = run_game(
        deal,
        game,
        ruleset,
        findings,
        trace=steps if game.hands is not None else None,
        following=deals[deal] if deal < len(deals) else None,
    )
    before = deals[deal - 2] if deal > 1 else None
    if before is not None and before.arbiter is not None and before.arbiter.annul:
        report.redeal = before.dealer == game.dealer
    return {
        "deal": deal,
        "deals": len(log.deals),
        "events": len(game.events),
        "players": list(log.players),
        "dealer": game.dealer,
        "ruleset": ruleset.as_dict(),
        "trump": report.trump,
        "steps": steps,
        "result": report.as_dict(),
        "findings": [f.as_dict() for f in findings],
    }
