"""The English templates of a duplicate table's findings (rules/texts.py): rubber bridge's for the
auction and the play, and the board's own (rules.bridge.texts.DUPLICATE_TEXTS), exactly those the
traveller's replay renders with, which the apps translate."""

from __future__ import annotations

from rules.bridge.traveller import Findings

TEXTS: dict[str, str] = dict(Findings.TEXTS)

__all__ = ["TEXTS"]
