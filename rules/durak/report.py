"""What a durak replay concludes: the report object (docs/durak-log.md, "Report") and the
games as text.

Durak has no score of its own: a game ends with a fool (or a draw). The report gives per game
the order the players went out (``out``: groups of seats that went out in the same bout),
their ``places`` (1 = out first, the fool last; a group shares its best place), the ``fool``
and whether it was a ``draw``. Over the log, ``fools`` counts each seat's games lost as the
fool, and ``totals`` is what the ruleset's scoring gives (:func:`game_points`): by default
its negation (``-fools``), so the registry's standings, which rank the higher total first,
put the player who was the fool least first; with ``place_points`` the points for each
game's places.

An arbiter's ruling (docs/arbiter.md, docs/durak.md "The arbiter's rulings") changes what a
game counts, not what was played: an annulled game has no ``fool``, ``places`` or ``draw``
(it scores nothing); an adjusted one has the assigned result (``source`` ``"arbiter"``);
``before_ruling`` keeps the result as it stood without the ruling. Durak has no penalties,
so every game's ``penalties`` is empty.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.durak.ruleset import Ruleset
from rules.findings import Finding, worst_status


@dataclass(slots=True)
class GameReport:
    """One game (one deal of the log) as replayed.

    ``deal`` counts from 1. ``trump`` is the turned card (None without trumps or when not
    logged); ``first_attacker`` the seat that opened the game (None when not replayed);
    ``source`` says where the result comes from: ``"replay"`` (the play reached the end),
    ``"recorded"`` (the log's ``fool``/``draw``, the play not logged or not finished) or None
    (unknown) or ``"arbiter"`` (an annulment or an assigned result). ``cards_left`` per seat at
    the end of the logged play. ``annulled``: by the arbiter; ``redeal``: the game is the
    redeal of the annulled game before it (dealt by the same dealer); ``arbiter``: the ruling
    as read (canonical), None for none; ``before_ruling``: the result as it stood without an
    annulment or an assigned result (``fool``, ``draw``, ``places``, ``source``,
    ``lost_by_cards``), None when no ruling changed it.
    """

    deal: int
    dealer: int
    trump: str | None
    first_attacker: int | None
    bouts: int
    out: list[list[int]]
    places: list[int] | None
    fool: int | None
    draw: bool
    lost_by_cards: bool
    complete: bool
    source: str | None
    recorded_fool: int | None
    recorded_draw: bool
    cards_left: list[int] | None
    annulled: bool = False
    redeal: bool = False
    arbiter: dict[str, Any] | None = None
    before_ruling: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "trump": self.trump,
            "first_attacker": self.first_attacker,
            "bouts": self.bouts,
            "out": [list(group) for group in self.out],
            "places": None if self.places is None else list(self.places),
            "fool": self.fool,
            "draw": self.draw,
            "lost_by_cards": self.lost_by_cards,
            "complete": self.complete,
            "source": self.source,
            "recorded": {"fool": self.recorded_fool, "draw": self.recorded_draw},
            "cards_left": None if self.cards_left is None else list(self.cards_left),
            "annulled": self.annulled,
            "redeal": self.redeal,
            # Durak has no penalty in points (the seed keeps no score): none to count, waive or confirm.
            "penalties": [],
            "arbiter": self.arbiter,
            "before_ruling": None if self.before_ruling is None else dict(self.before_ruling),
        }


def game_points(
    places: list[int] | None, fool: int | None, place_points: tuple[int, ...] | list[int] | None, n: int
) -> list[int]:
    """What one game scores per seat. Without ``place_points``: −1 for the fool, 0 for the
    others (a draw scores nothing). With them: each seat the points of its place (1 = out
    first; places beyond the list 0). A game known only by its fool (recorded, not played out)
    gives the fool the last place and the others the first, as players going out together
    share their best place."""
    if place_points is None:
        return [-1 if seat == fool else 0 for seat in range(n)]
    if places is None:
        if fool is None:
            return [0] * n
        places = [n if seat == fool else 1 for seat in range(n)]
    return [place_points[p - 1] if 0 < p <= len(place_points) else 0 for p in places]


@dataclass(slots=True)
class Report:
    """The replay of a durak log: every game and every finding."""

    ruleset: Ruleset
    players: tuple[str, ...]
    deals: list[GameReport]
    findings: list[Finding] = field(default_factory=list)
    game: str = "durak"

    @property
    def status(self) -> int:
        return worst_status(self.findings)

    @property
    def fools(self) -> list[int]:
        """Per seat, the games it lost as the fool."""
        out = [0] * len(self.players)
        for d in self.deals:
            if d.fool is not None:
                out[d.fool] += 1
        return out

    @property
    def totals(self) -> list[int]:
        """Per seat, the sum of its points per game (:func:`game_points`): higher is better,
        as standings read totals."""
        out = [0] * len(self.players)
        for d in self.deals:
            if d.annulled:  # annulled by the arbiter: it scores nothing
                continue
            for seat, points in enumerate(game_points(d.places, d.fool, self.ruleset.place_points, len(out))):
                out[seat] += points
        return out

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "ruleset": self.ruleset.as_dict(),
            "players": list(self.players),
            "totals": self.totals,
            "fools": self.fools,
            "draws": sum(1 for d in self.deals if d.draw),
            "deals": [d.as_dict() for d in self.deals],
            "findings": [f.as_dict() for f in self.findings],
            "status": self.status,
        }


def format_sheet(report: Report | dict[str, Any]) -> str:
    """The games as text: per game the dealer, the trump, the bouts, the order out and the fool;
    the fools per player; then the findings with their exact places in the log."""
    rep = report.as_dict() if isinstance(report, Report) else report
    players: list[str] = rep["players"]
    rules = rep["ruleset"]
    lines = [
        f"Durak, ruleset {rules.get('preset', '?')} ({rules.get('deck', '?')} cards"
        + (", two decks" if rules.get("two_decks") else "")
        + "): "
        + ", ".join(players),
        "",
        f"{'Game':>4}  {'Dealer':<10} {'Trump':<5} {'Bouts':>5}  {'Out in order':<28} Fool",
    ]
    for d in rep["deals"]:
        out = " / ".join(", ".join(players[s] for s in group) for group in d["out"]) or "-"
        if d.get("annulled"):
            fool = "annulled"
        elif d["draw"]:
            fool = "draw"
        elif d["fool"] is not None:
            fool = players[d["fool"]] + (" (52 cards)" if d["lost_by_cards"] else "")
        else:
            fool = "?"
        if d["source"] == "recorded":
            fool += " (as recorded)"
        elif d["source"] == "arbiter":
            fool += " (by the arbiter)"
        if d.get("redeal"):
            fool += " (redeal)"
        lines.append(
            f"{d['deal']:>4}  {players[d['dealer']]:<10} {d['trump'] or '-':<5} {d['bouts']:>5}  {out:<28} {fool}"
        )
    lines.append("")
    lines.append("Fools: " + ", ".join(f"{p} {f}" for p, f in zip(players, rep["fools"], strict=True)))
    lines.append("")
    findings = rep["findings"]
    if not findings:
        lines.append("No findings: the log is consistent with the rules.")
    else:
        lines.append(f"Findings ({len(findings)}):")
        for f in findings:
            where = f"game {f['deal']}" + (f" bout {f['bout']}" if f.get("bout") else "")
            lines.append(
                f"  {f['severity']:<7} {f['code']:<28} {where:<16} {f.get('path') or '':<24} {f['message']}"
            )
    return "\n".join(lines) + "\n"
