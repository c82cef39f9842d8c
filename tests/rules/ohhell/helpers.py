"""Building small documents by hand and reading reports, for the hand-checked tests."""

from __future__ import annotations

from typing import Any

from rules.ohhell import check

ANNA_BORIS_VERA = ["Anna", "Boris", "Vera"]
FOUR = ["Anna", "Boris", "Vera", "Gleb"]


def game(
    *deals: dict[str, Any],
    players: list[str] | None = None,
    totals: list[int] | None = None,
    **ruleset: Any,
) -> dict[str, Any]:
    """A document with ``deals``; by default the schedule is the deals' own cards and the
    last deal may have a trump, so a test sees only the findings it is about."""
    rs: dict[str, Any] = {"preset": "classic", "last_deal_no_trump": False}
    rs["schedule"] = [d["cards"] for d in deals if "cards" in d] or [1]
    rs.update(ruleset)
    doc: dict[str, Any] = {
        "game": "oh-hell",
        "version": 1,
        "ruleset": rs,
        "players": players or ANNA_BORIS_VERA,
        "deals": list(deals),
    }
    if totals is not None:
        doc["totals"] = totals
    return doc


def found(report: dict[str, Any]) -> list[tuple[str, int | None, int | None, int | None]]:
    """The findings as (code, deal, trick, seat), in report order."""
    return [(f["code"], f["deal"], f["trick"], f["seat"]) for f in report["findings"]]


def codes(report: dict[str, Any]) -> list[str]:
    return [f["code"] for f in report["findings"]]


def run(doc: dict[str, Any]) -> dict[str, Any]:
    return check(doc)
