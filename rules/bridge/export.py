"""PBN export of stored games: one session, or many (a tournament's) in one file.

rules.bridge.pbn.write_pbn writes one log; the vulnerability and the
rubber history it needs come from the stored report
(:func:`rules.bridge.scoresheet.rubber_scores`): the games each side had
won, and each deal's points. A deal whose log records its own scores keeps
them (ScoreRubber is what the scorer wrote, mismatch or not), so the file
is the log and reads back to the same deals; a deal without them gets the
replay's points. A deal with an arbiter's ruling (docs/arbiter.md) always
gets the replay's points, which are the ruled ones, and pbn.write_pbn names
the ruling in a commentary (PBN has no tag for it; docs/bridge-pbn.md).
Several games go into one file one after the
other, the PBN header written once (PBN 2.1 §3: games are separated by an
empty line); ``event`` replaces each log's own Event, Site and Date where
it gives them (a tournament's name and club).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.bridge.pbn import write_pbn
from rules.bridge.scoresheet import rubber_scores

__all__ = ["HEADER", "export_pbn"]

HEADER = "% PBN 2.1\n% EXPORT\n"


def export_pbn(
    games: Sequence[tuple[dict[str, Any], dict[str, Any]]], *, event: dict[str, Any] | None = None
) -> str:
    """``(document, report)`` pairs → one PBN export file, the games in the order given."""
    bodies = []
    for document, report in games:
        if event:
            own = dict(document.get("event") or {})
            own.update({k: v for k, v in event.items() if v})
            document = {**document, "event": own}
        items = rubber_scores(report)
        for item, deal in zip(items, document.get("deals") or [], strict=False):
            written = deal.get("scores") if isinstance(deal, dict) else None
            if written is not None and deal.get("arbiter") is None:
                item.update(
                    {side: written.get(side) or {"above": [], "below": []} for side in ("we", "they")}
                )
        text = write_pbn(document, rubber_scores=items)
        assert text.startswith(HEADER)
        bodies.append(text[len(HEADER) :])
    return HEADER + "\n".join(bodies)
