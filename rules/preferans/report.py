"""What a preferans replay concludes: the report object (docs/preferans-log.md, "Report") and
the pulka as text.

The report is JSON-friendly throughout: the settlement's exact balances are fractions
(a mountain point is 10/3 whists at a table of three), written as whole numbers or
``"p/q"`` texts beside the whole-whist balances (:meth:`Settlement.whole_balances`, the
largest-remainder rounding that keeps the sum at zero); ``totals`` are those whole
balances, the figure the registry's standings read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.arbiter import PenaltyStatus, Ruling, penalty
from rules.findings import Finding, format_findings, worst_status
from rules.preferans.document import ruling_document
from rules.preferans.pulka import Entry, Pulka
from rules.preferans.ruleset import Ruleset
from rules.preferans.settlement import Settlement

BOMB_WORDS = {1: "bomb", 2: "double bomb", 3: "ёлка"}


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty the rules imposed in a deal, as docs/arbiter.md's report writes it: ``kind``
    the game's word, ``points`` its cost, ``status`` ``counted``, ``confirmed`` or
    ``waived``. The preferans replay imposes none (docs/preferans.md, "The arbiter's
    rulings"), so every deal's ``penalties`` is empty; the shape is the contract's."""

    seat: int
    kind: str
    points: int
    status: PenaltyStatus

    def as_dict(self) -> dict[str, Any]:
        return penalty(self.seat, self.kind, self.points, self.status)


@dataclass(slots=True)
class DealReport:
    """One deal as replayed.

    ``deal`` counts from 1. ``contract`` is None for a pass-out; ``dark`` whether the game
    was won with a dark call (``dark_level`` 1..3 for РАЗ/ДВА/ТРИ В ТЕМНУЮ) or the pass-out
    declared dark (``dark_passout`` 1..3, the round in a row). ``passout_round`` counts the
    consecutive pass-outs (light and dark) for the price series. ``multiplier`` is the
    factor every entry of the deal was multiplied by (dark × bomb for a game, the dark
    pass-out's ×2/×4/×8 for a pass-out); ``bomb`` the bomb factor alone. ``tricks`` per seat
    (None when neither the play nor the log gives them); ``made`` whether the declarer made
    the game (None for a pass-out or unknown tricks). ``entries`` as written on the pulka
    (pool overflow already sent to the helped); ``balances`` each seat's whole-whist balance
    had the pulka stopped after this deal.

    The arbiter (docs/arbiter.md): ``arbiter`` the ruling as read, or None; ``penalties``
    the penalties imposed (none in preferans); ``redeal`` true when the deal follows an
    annulled one and is dealt by the same dealer (the annulled deal's redeal). An
    annulled deal keeps the figures of the deal as played (declarer, contract, whists,
    tricks, multiplier, bomb, passout_round) but writes nothing: ``entries``,
    ``bombs_drawn`` and ``bombs_extinguished`` are empty and ``made`` is None. A deal
    scored by the arbiter has the assigned ``tricks`` and the ``made`` and ``entries``
    they give.
    """

    deal: int
    dealer: int
    declarer: int | None
    contract: str | None
    dark: bool
    dark_level: int
    dark_passout: int
    passout_round: int
    multiplier: int
    bomb: int
    whists: dict[int, str]
    played: bool
    tricks: tuple[int, ...] | None
    made: bool | None
    entries: list[Entry]
    bombs_drawn: list[tuple[int, int]]
    bombs_extinguished: list[tuple[int, int]]
    balances: tuple[int, ...]
    penalties: tuple[Penalty, ...] = ()
    arbiter: Ruling[int, tuple[int, ...]] | None = None
    redeal: bool = False

    @property
    def annulled(self) -> bool:
        """Annulled by the arbiter: the deal scores nothing."""
        return self.arbiter is not None and self.arbiter.annul

    def as_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "declarer": self.declarer,
            "contract": self.contract,
            "dark": self.dark,
            "dark_level": self.dark_level,
            "dark_passout": self.dark_passout,
            "passout_round": self.passout_round,
            "multiplier": self.multiplier,
            "bomb": self.bomb,
            "whists": [{"seat": s, "decision": d} for s, d in sorted(self.whists.items())],
            "played": self.played,
            "tricks": None if self.tricks is None else list(self.tricks),
            "made": self.made,
            "entries": [e.as_dict() for e in self.entries],
            "bombs_drawn": [{"seat": s, "rank": r} for s, r in self.bombs_drawn],
            "bombs_extinguished": [{"seat": s, "rank": r} for s, r in self.bombs_extinguished],
            "balances": list(self.balances),
            "penalties": [p.as_dict() for p in self.penalties],
            "arbiter": None if self.arbiter is None else ruling_document(self.arbiter),
            "redeal": self.redeal,
        }


@dataclass(slots=True)
class Report:
    """The replay of one pulka: the sheet, the settlement, every deal and every finding."""

    ruleset: Ruleset
    players: tuple[str, ...]
    pulka: Pulka
    settlement: Settlement
    deals: list[DealReport]
    findings: list[Finding] = field(default_factory=list)
    game: str = "preferans"

    @property
    def status(self) -> int:
        return worst_status(self.findings)

    @property
    def totals(self) -> list[int]:
        """Each player's balance in whole whists (summing to zero)."""
        return list(self.settlement.whole_balances())

    def pulka_dict(self) -> list[dict[str, Any]]:
        """Per player: pool, mountain, whists on each opponent (by seat), live bombs."""
        p = self.pulka
        n = len(self.players)
        return [
            {
                "player": self.players[s],
                "pool": p.pool[s],
                "mountain": p.mountain[s],
                "whists": {str(o): p.whists[s][o] for o in range(n) if o != s},
                "bombs": list(p.bombs[s]),
            }
            for s in range(n)
        ]

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ruleset": self.ruleset.as_dict(),
            "players": list(self.players),
            "totals": self.totals,
            "pulka": self.pulka_dict(),
            "closed": self.pulka.closed,
            "settlement": self.settlement.as_dict(),
            "deals": [d.as_dict() for d in self.deals],
            "findings": [f.as_dict() for f in self.findings],
            "status": self.status,
        }


def _bombs_text(ranks: list[int]) -> str:
    return ", ".join(BOMB_WORDS[r] for r in ranks) or "-"


def format_sheet(report: Report | dict[str, Any]) -> str:
    """The pulka as text: per player the pool, the mountain, the whists on each opponent and
    the bombs; the deals one line each; the settlement; then the findings."""
    rep = report.as_dict() if isinstance(report, Report) else report
    players: list[str] = rep["players"]
    n = len(players)
    rules = rep["ruleset"]
    lines = [
        f"Preferans pulka, ruleset {rules.get('preset', '?')}, pool {rules.get('pool', '?')}: "
        + ", ".join(players),
        "",
        f"{'Deal':>4}  {'Dealer':<10} {'Game':<22} {'x':>3}  {'Tricks':<10} Entries",
    ]
    for d in rep["deals"]:
        if d["contract"] is None:
            what = "pass-out" + (f" (dark {d['dark_passout']})" if d["dark_passout"] else "")
            what += f" #{d['passout_round']}"
        else:
            what = f"{d['contract']} {players[d['declarer']]}"
            if d["dark"]:
                what += " dark"
            if d["made"] is not None:
                what += " made" if d["made"] else " down"
        ruling = d.get("arbiter") or {}
        if ruling.get("annul"):
            what += " annulled"
        elif "score" in ruling:
            what += " (arbiter)"
        tricks = "-" if d["tricks"] is None else "/".join(str(t) for t in d["tricks"])
        entries = "; ".join(
            f"{players[e['seat']]} {e['kind']} {e['points']}"
            + (f" on {players[e['on']]}" if "on" in e else "")
            for e in d["entries"]
        )
        lines.append(
            f"{d['deal']:>4}  {players[d['dealer']]:<10} {what:<22} {d['multiplier']:>3}  {tricks:<10} {entries}"
        )
    lines.append("")
    width = max(len(p) for p in players)
    lines.append(
        f"{'':<{width}}  {'Pool':>5} {'Mountain':>8}  Whists on "
        + " ".join(f"{p:>{width}}" for p in players)
        + "  Bombs"
    )
    for s, row in enumerate(rep["pulka"]):
        whists = " ".join(f"{'·' if o == s else row['whists'][str(o)]:>{width}}" for o in range(n))
        lines.append(
            f"{players[s]:<{width}}  {row['pool']:>5} {row['mountain']:>8}  {'':<10}{whists}  {_bombs_text(row['bombs'])}"
        )
    lines.append("")
    st = rep["settlement"]
    lines.append(
        f"Settlement (amnesty {st['amnesty']}): "
        + ", ".join(
            f"{players[s]} {st['whole_balances'][s]:+d}"
            + ("" if isinstance(st["balances"][s], int) else f" ({st['balances'][s]})")
            for s in range(n)
        )
    )
    lines.append("")
    lines.extend(format_findings(rep["findings"]))
    return "\n".join(lines) + "\n"
