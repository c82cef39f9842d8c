"""Analytics of a duplicate table: none yet, in the standard names (rules.registry.analytics).

A board's luck and skill are the event's comparison of the tables that played it
(docs/duplicate.md: matchpoints, IMPs, datum), not one table's; the double-dummy measures of
rubber bridge (rules.bridge.analytics) would need the hands, which a traveller seldom has. So a
board gives no rows, and a player's summary counts none.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["ANALYSIS_VERSION", "COLUMNS", "analyse_deals", "analyse_game", "available", "player_summary"]

#: Bumped whenever a change here could change a row.
ANALYSIS_VERSION = "1"

#: (row key, short English label): only the row's place, as no figure is measured.
COLUMNS: tuple[tuple[str, str], ...] = (("deal", "Board"), ("seat", "Seat"))


def available() -> bool:
    """Always: nothing beyond the engine is needed."""
    return True


def analyse_game(report: dict[str, Any], log: Any) -> list[dict[str, Any]]:
    """No rows (module docstring)."""
    return [row for rows in analyse_deals(report, log) for row in rows]


def analyse_deals(report: dict[str, Any], log: Any) -> Iterator[list[dict[str, Any]]]:
    """An empty list per board of the report, in its order."""
    for _board in report["deals"]:
        yield []


def player_summary(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's rows summed up: how many there were (none)."""
    return {"deals": len(rows)}
