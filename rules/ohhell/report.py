"""What a replay concludes: the report object of the spec, and a readable score sheet."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.cards import NAME
from rules.findings import Finding, format_findings, worst_status
from rules.ohhell.ruleset import Ruleset


@dataclass(slots=True)
class DealReport:
    """One deal as replayed: what was bid and taken, and what it scores.

    The replay builds one per deal with positional arguments (cheaper than
    keywords on its hot path): keep the fields in this order.
    """

    deal: int
    dealer: int
    cards: int
    trump: int | None
    bids: list[int | None]
    taken: list[int]
    scores: list[int]
    balance: str
    annulled: bool
    redeal: bool = False
    blind: list[bool] | None = None
    #: The renege penalties of the deal (docs/arbiter.md: seat, kind, points, status); None for none.
    penalties: list[dict[str, Any]] | None = None
    #: The arbiter's ruling on the deal as read (canonical), when there is one.
    arbiter: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        n = len(self.taken)
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "cards": self.cards,
            "trump": None if self.trump is None else NAME[self.trump],
            "bids": list(self.bids),
            "blind": list(self.blind) if self.blind is not None else [False] * n,
            "taken": list(self.taken),
            "scores": list(self.scores),
            "balance": self.balance,
            "annulled": self.annulled,
            "redeal": self.redeal,
            "penalties": self.penalties or [],
            "arbiter": self.arbiter,
        }


@dataclass(slots=True)
class Report:
    """The replay of a whole game: recomputed totals, deals and every finding."""

    ruleset: Ruleset
    players: tuple[str, ...]
    totals: list[int]
    deals: list[DealReport]
    findings: list[Finding] = field(default_factory=list)
    game: str = "oh-hell"

    @property
    def status(self) -> int:
        """The exit status this report earns: 1 with any finding of severity error, else 0."""
        return worst_status(self.findings)

    def as_dict(self) -> dict[str, Any]:
        """The spec's report object (the command adds ``file`` in front)."""
        return {
            "game": self.game,
            "ruleset": self.ruleset.as_dict(),
            "players": list(self.players),
            "totals": list(self.totals),
            "deals": [d.as_dict() for d in self.deals],
            "findings": [f.as_dict() for f in self.findings],
        }


def format_sheet(report: Report | dict[str, Any]) -> str:
    """The score sheet a scorekeeper would draw: deals as rows, players as columns
    ("таблица счета, которая делится на двойные или одинарные колонки по числу игроков"),
    bid / taken / score / running total, annulled deals marked, then the findings."""
    rep = report.as_dict() if isinstance(report, Report) else report
    players: list[str] = rep["players"]
    ruleset = rep["ruleset"]
    sub = f"{'bid':>4} {'took':>4} {'pts':>4} {'total':>5}"
    width = max(len(sub), *(len(p) for p in players))
    lines = [f"Oh Hell, ruleset {ruleset.get('preset', '?')}: " + ", ".join(players), ""]
    head = f"{'Deal':>4} {'Dealer':<10} {'Cards':>5} {'Trump':<5} "
    lines.append(head + "".join(f"| {p:<{width}} " for p in players) + "|")
    lines.append(" " * len(head) + "".join(f"| {sub:<{width}} " for _ in players) + "|")
    running = [0] * len(players)
    for d in rep["deals"]:
        dealer = players[d["dealer"]][:10]
        row = f"{d['deal']:>4} {dealer:<10} {d['cards']:>5} {d['trump'] or '--':<5} "
        blind = d.get("blind") or [False] * len(players)
        for seat, score in enumerate(d["scores"]):
            running[seat] += score
            bid = d["bids"][seat]
            bid_text = ("-" if bid is None else str(bid)) + ("*" if blind[seat] else "")
            cell = f"{bid_text:>4} {d['taken'][seat]:>4} {score:>4} {running[seat]:>5}"
            row += f"| {cell:<{width}} "
        notes = [d["balance"]]
        if d.get("redeal"):
            notes.append("redeal")
        ruling = d.get("arbiter") or {}
        if ruling.get("annul"):
            notes.append("ANNULLED by the arbiter")
        elif d["annulled"]:
            notes.append("ANNULLED (renege not corrected)")
        if ruling.get("score") is not None:
            notes.append("score adjusted by the arbiter")
        for p in d.get("penalties") or []:
            if p["status"] != "counted":
                notes.append(f"{players[p['seat']]}'s penalty {p['status']}")
        lines.append(row + "| " + ", ".join(notes))
    total_row = f"{'':>4} {'Total':<10} {'':>5} {'':<5} "
    total_row += "".join(f"| {t:>{len(sub)}}{'':<{width - len(sub)}} " for t in rep["totals"]) + "|"
    lines.append(total_row)
    if any(any(d.get("blind") or []) for d in rep["deals"]):
        lines.append("  * bid blind")
    lines.append("")
    lines.extend(format_findings(rep["findings"]))
    return "\n".join(lines) + "\n"
