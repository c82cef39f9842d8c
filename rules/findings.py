"""Findings: what a replay concludes about a log, as data rather than exceptions.

A replay never stops at the first problem: it records every finding, so an
arbiter sees the whole picture. Field names are the interchange contract of
shared/spec (``code``, ``severity``, ``deal``, ``trick``, ``seat``,
``player``, ``card``, ``message``); ``deal`` and ``trick`` count from 1 and
``seat`` from 0.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")


@dataclass(frozen=True, slots=True)
class Finding:
    code: str
    severity: Severity
    message: str
    deal: int | None = None
    trick: int | None = None
    seat: int | None = None
    player: str | None = None
    card: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "severity": self.severity,
            "deal": self.deal,
            "trick": self.trick,
            "seat": self.seat,
            "player": self.player,
            "card": self.card,
            "message": self.message,
        }


def worst_status(findings: list[Finding]) -> int:
    """The replay exit status a list of findings earns: 1 with any error, else 0."""
    return 1 if any(f.severity == "error" for f in findings) else 0
