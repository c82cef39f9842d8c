"""Durak's side of the rules registry protocol (rules/registry.py): what a log's report means for
storage, standings, ratings and the printed sheet.

Every player plays for himself, so each seat is its own team. Durak keeps no score: a game
ends with a fool. A seat's ``total`` is the report's ``totals``: by default minus the games
it lost as the fool, or with the ruleset's ``place_points`` the points for its places
(rules.durak.report.game_points); standings rank the higher total first. A tournament sets
the scoring through its ruleset, and its ``table_points`` method turns a table's totals into
places again. No contracts, no whists, no per-seat bids: ``SEAT_RESULTS`` is empty and there
are no deal rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.durak.report import game_points
from rules.durak.ruleset import TABLE_SIZES, Ruleset
from rules.registry import DealRow, SeatResult

#: The SeatResult fields a durak report fills besides ``total``: none.
SEAT_RESULTS: tuple[str, ...] = ()

#: A game has no bids or tricks per seat.
SEAT_DEAL_ROWS = False

__all__ = [
    "SEAT_DEAL_ROWS",
    "SEAT_RESULTS",
    "TABLE_SIZES",
    "blank_sheet",
    "deal_rows",
    "running_totals",
    "seat_results",
    "teams",
]


def seat_results(report: dict[str, Any]) -> list[SeatResult]:
    """Per seat: minus the games lost as the fool."""
    return [SeatResult(total=int(total)) for total in report["totals"]]


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """Every player alone."""
    return tuple((seat,) for seat in range(players))


def deal_rows(report: dict[str, Any]) -> list[DealRow]:
    """None: a durak game has no bid and tricks per seat."""
    return []


def running_totals(report: dict[str, Any]) -> list[tuple[int, bool, list[int]]]:
    """After each game: its number, whether the arbiter annulled it (it adds nothing), and each
    seat's total so far, scored as the report's ruleset says
    (:func:`rules.durak.report.game_points`; an adjusted game by its assigned result)."""
    n = len(report["players"])
    place_points = report["ruleset"].get("place_points")
    running = [0] * n
    out = []
    for deal in report["deals"]:
        annulled = bool(deal.get("annulled"))
        if not annulled:
            for seat, points in enumerate(game_points(deal.get("places"), deal.get("fool"), place_points, n)):
                running[seat] += points
        out.append((int(deal["deal"]), annulled, list(running)))
    return out


def blank_sheet(ruleset: Ruleset, players: Sequence[str], games: int = 10) -> dict[str, Any]:
    """The paper sheet of one table: a row per game with the dealer, the trump, per player a box
    for the place he went out in (1 = out first, the fool last) and the fool; a totals line; and
    the scoring printed as the ruleset says (:func:`rules.durak.report.game_points`): by fools,
    or the points for each place at this table (places beyond ``place_points`` score 0)."""
    n = len(players)
    points = ruleset.place_points
    return {
        "players": list(players),
        "ruleset": ruleset.as_dict(),
        "preset": ruleset.preset,
        "trumps": not ruleset.no_trump,
        "games": [{"number": i} for i in range(1, games + 1)],
        "places": list(range(1, n + 1)),
        "scoring": "fools" if points is None else "places",
        "place_points": None
        if points is None
        else [{"place": p, "points": points[p - 1] if p <= len(points) else 0} for p in range(1, n + 1)],
    }
