"""Findings: what a replay concludes about a log, as data rather than exceptions.

A replay never stops at the first problem: it records every finding, so an
arbiter sees the whole picture. Field names are the interchange contract of
shared/spec (``code``, ``severity``, ``deal``, ``trick``, ``seat``,
``player``, ``card``, ``message``); ``deal`` and ``trick`` count from 1 and
``seat`` from 0. ``params`` adds what else the finding names (other seats,
cards, counts: see :mod:`rules.texts`), so that ``message``, the English
sentence, is one rendering of the finding and a page can say it in its
reader's language from ``code`` and ``params``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from rules.texts import Renderer, template_key

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
    params: Mapping[str, Any] = field(default_factory=dict)

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
            "params": dict(self.params),
        }


def worst_status(findings: list[Finding]) -> int:
    """The replay exit status a list of findings earns: 1 with any error, else 0."""
    return 1 if any(f.severity == "error" for f in findings) else 0


class FindingsCollector(list[Finding]):
    """The findings of one replay: each game subclasses it with its table of codes and
    severities (``SEVERITY``) and its sentences (``TEXTS``, :mod:`rules.texts`), and the
    players' names by seat fill in ``player``."""

    SEVERITY: ClassVar[Mapping[str, Severity]] = {}
    TEXTS: ClassVar[Mapping[str, str]] = {}

    def __init__(self, players: tuple[str, ...]) -> None:
        super().__init__()
        self.players = players

    def add(
        self,
        code: str,
        message: str | None = None,
        *,
        deal: int | None = None,
        trick: int | None = None,
        seat: int | None = None,
        card: str | None = None,
        **params: Any,
    ) -> None:
        """Record a finding; its severity comes from the game's table and its English sentence
        from the game's template for it (a KeyError for an unknown code or form)."""
        seat = None if seat is None else int(seat)
        params = {key: value for key, value in params.items() if value is not None}
        if message is None:
            fields = {"deal": deal, "trick": trick, "seat": seat, "card": card}
            message = Renderer(self.players).render(self.TEXTS[template_key(code, params)], fields, params)
        self.append(
            Finding(
                code=code,
                severity=self.SEVERITY[code],
                message=message,
                deal=deal,
                trick=trick,
                seat=seat,
                player=None if seat is None or seat >= len(self.players) else self.players[seat],
                card=card,
                params=params,
            )
        )


def format_findings(findings: list[dict[str, Any]]) -> list[str]:
    """The findings of a report as the readable sheets print them, one line each."""
    if not findings:
        return ["No findings: the log is consistent with the rules."]
    lines = [f"Findings ({len(findings)}):"]
    for f in findings:
        where = " ".join(
            f"{label} {f[key]}"
            for label, key in (("deal", "deal"), ("trick", "trick"))
            if f.get(key) is not None
        )
        lines.append(f"  {f['severity']:<7} {f['code']:<24} {where:<16} {f['message']}")
    return lines
