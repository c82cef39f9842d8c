"""What a bridge replay concludes: the report object (docs/bridge-log.md) and the We/They sheet as text."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.bridge.core import SEATS, Contract, Side
from rules.bridge.rubber import RubberResult
from rules.bridge.ruleset import Ruleset
from rules.bridge.scoring import SIDE_KEYS, DealScore
from rules.findings import Finding, format_findings, worst_status


def contract_text(c: Contract) -> str:
    """A contract as the report writes it: ``"4HX"`` (the declarer apart)."""
    return f"{c.level}{c.strain.letter}{'X' * (c.doubling.bit_length() - 1)}"


@dataclass(slots=True)
class DealReport:
    """One deal as replayed: the contract the auction reached, the tricks, and the sheet's entries."""

    deal: int
    dealer: int
    vulnerable: tuple[bool, bool]
    contract: Contract | None
    tricks: int | None
    score: DealScore
    rubber: int
    board: int | str | None = None
    #: The Law 64 trick transfers of the deal (docs/arbiter.md: seat, kind, points, status);
    #: None for none.
    penalties: list[dict[str, Any]] | None = None
    #: The arbiter's ruling on the deal as read (canonical), when there is one.
    arbiter: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        c = self.contract
        return {
            "deal": self.deal,
            "board": self.board,
            "dealer": SEATS[self.dealer],
            "vulnerable": {SIDE_KEYS[s]: self.vulnerable[s] for s in Side},
            "contract": None if c is None else contract_text(c),
            "declarer": None if c is None else SEATS[c.declarer],
            "tricks": self.tricks,
            "result": None if c is None or self.tricks is None else self.tricks - c.tricks_needed,
            "rubber": self.rubber,
            "scores": self.score.as_dict(),
            "penalties": self.penalties or [],
            "arbiter": self.arbiter,
        }


@dataclass(slots=True)
class Report:
    """The replay of a session: totals [We, They], every rubber, every deal and every finding."""

    ruleset: Ruleset
    players: tuple[str, ...]
    totals: list[int]
    rubbers: list[RubberResult]
    deals: list[DealReport]
    findings: list[Finding] = field(default_factory=list)
    game: str = "bridge-rubber"

    @property
    def status(self) -> int:
        return worst_status(self.findings)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ruleset": self.ruleset.as_dict(),
            "players": list(self.players),
            "totals": list(self.totals),
            "whists": [sum(r.whists[s] for r in self.rubbers) for s in Side],
            "rubbers": [r.as_dict() for r in self.rubbers],
            "deals": [d.as_dict() for d in self.deals],
            "findings": [f.as_dict() for f in self.findings],
        }


def format_sheet(report: Report | dict[str, Any]) -> str:
    """The We/They sheet as the seed describes it («запись в 2 столбца – «Мы» и «Они»»):
    per deal the contract and the entries above and below the line, a line under each
    rubber with its totals and whists, then the findings."""
    rep = report.as_dict() if isinstance(report, Report) else report
    n, e, s, w = rep["players"]
    lines = [
        f"Rubber bridge, ruleset {rep['ruleset'].get('preset', '?')}: We {n}–{s}, They {e}–{w}",
        "",
        f"{'Deal':>4}  {'Contract':<14} {'Tricks':>6}  {'We above':>9} {'We below':>9}  {'They above':>10} {'They below':>10}",
    ]
    rubbers = {r["number"]: r for r in rep["rubbers"]}
    for d in rep["deals"]:
        sums = {(k, line): 0 for k in SIDE_KEYS for line in ("above", "below")}
        for entry in d["scores"]:
            sums[(entry["side"], entry["line"])] += entry["points"]
        what = "passed out" if d["contract"] is None else f"{d['contract']} {d['declarer']}"
        tricks = "" if d["tricks"] is None else str(d["tricks"])
        lines.append(
            f"{d['deal']:>4}  {what:<14} {tricks:>6}  {sums[('we', 'above')]:>9} {sums[('we', 'below')]:>9}"
            f"  {sums[('they', 'above')]:>10} {sums[('they', 'below')]:>10}"
            + "".join(f"  {note}" for note in _ruling_notes(d))
        )
        rubber = rubbers.get(d["rubber"])
        if rubber is not None and rubber["deals"] and rubber["deals"][-1] == d["deal"]:
            state = "" if rubber["finished"] else " (unfinished)"
            lines.append(
                f"{'':>4}  rubber {rubber['number']}{state}: We {rubber['totals'][0]}, They {rubber['totals'][1]};"
                f" whists We {rubber['whists'][0]:+d}, They {rubber['whists'][1]:+d}"
            )
            lines.append("-" * 72)
    lines.append(f"Totals: We {rep['totals'][0]}, They {rep['totals'][1]}; whists {rep['whists']}")
    lines.append("")
    lines.extend(format_findings(rep["findings"]))
    return "\n".join(lines) + "\n"


def _ruling_notes(deal: dict[str, Any]) -> list[str]:
    """What the arbiter ruled on a deal of the sheet (docs/arbiter.md), for its row."""
    ruling = deal.get("arbiter") or {}
    notes = []
    if ruling.get("annul"):
        notes.append("annulled by the arbiter")
    if ruling.get("score") is not None:
        notes.append("score adjusted by the arbiter")
    for p in deal.get("penalties") or ():
        if p["status"] != "counted":
            notes.append(f"{p['seat']}'s revoke penalty {p['status']}")
    return notes


def sheet_rows(report: dict[str, Any]) -> list[list[str | int | None]]:
    """The sheet as spreadsheet rows (the CSV export): a row per deal with each side's points
    above and below the line, then each rubber's totals and whists."""
    rows: list[list[str | int | None]] = [
        [
            "deal",
            "board",
            "dealer",
            "contract",
            "declarer",
            "tricks",
            "result",
            "we above",
            "we below",
            "they above",
            "they below",
            "rubber",
        ]
    ]
    for d in report["deals"]:
        sums = {(k, line): 0 for k in SIDE_KEYS for line in ("above", "below")}
        for entry in d["scores"]:
            sums[(entry["side"], entry["line"])] += entry["points"]
        rows.append(
            [
                d["deal"],
                d["board"],
                d["dealer"],
                d["contract"] or "passed out",
                d["declarer"],
                d["tricks"],
                d["result"],
                sums["we", "above"],
                sums["we", "below"],
                sums["they", "above"],
                sums["they", "below"],
                d["rubber"],
            ]
        )
    for r in report["rubbers"]:
        rows.append(
            [
                f"rubber {r['number']}",
                None,
                None,
                None,
                None,
                None,
                None,
                r["above"][0] + r["bonus"][0],
                r["below"][0],
                r["above"][1] + r["bonus"][1],
                r["below"][1],
                f"totals {r['totals'][0]}/{r['totals'][1]}, whists {r['whists'][0]}/{r['whists'][1]}",
            ]
        )
    return rows
