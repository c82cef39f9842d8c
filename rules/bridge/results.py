"""Rubber bridge's side of the rules registry protocol (rules/registry.py): what a session's
report means for storage, standings, ratings and the printed sheet.

Seats are North, East, South, West in the document's order, so the first
and third player of a table are partners (North–South, «Мы») and the second
and fourth the others (East–West, «Они»). A seat's result is its side's:
the side's total (above and below the line, every rubber), the side's
whists (the seed: "Каждый партнер может выиграть данное количество вистов
у своего контрпартнера", so each partner wins the side's whists), and the contracts
its side declared and made. A deal is one contract for a side, not a bid
per seat, so a bridge report gives no per-seat deal rows (games.DealSeat
holds Oh Hell's bid and taken columns).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.bridge.core import SEATS, Seat, Side
from rules.bridge.ruleset import Ruleset
from rules.registry import DealRow, SeatResult

#: Four players, two partnerships (the seed: "партнер разыгрывающего", «Мы» и «Они»).
TABLE_SIZES: tuple[int, ...] = (4,)

#: The SeatResult fields a bridge report fills (besides ``total``).
SEAT_RESULTS: tuple[str, ...] = ("contracts_made", "whists")

#: Blank rows printed above and below the line of the paper sheet.
SHEET_ROWS_ABOVE = 10
SHEET_ROWS_BELOW = 12


def side_of(seat: int) -> Side:
    """North and South are We; East and West are They."""
    return Seat(seat).side


#: A deal is one contract for a side: no per-seat bid-and-taken rows.
SEAT_DEAL_ROWS = False


def seat_results(report: dict[str, Any]) -> list[SeatResult]:
    """Per seat N, E, S, W: its side's total, contracts made and whists.

    A contract counts for the declaring side when it was made (tricks at
    least the contract's; ``result`` >= 0); passed-out deals, deals whose
    tricks are unknown and deals the arbiter annulled count for nobody.
    """
    totals = report["totals"]
    whists = report.get("whists") or [None, None]
    made = [0, 0]
    for deal in report["deals"]:
        declarer, result = deal.get("declarer"), deal.get("result")
        if declarer is None or result is None or result < 0:
            continue
        if (deal.get("arbiter") or {}).get("annul"):  # an annulled deal counts for nobody
            continue
        made[side_of(SEATS.index(declarer))] += 1
    out = []
    for seat in range(len(report["players"])):
        side = side_of(seat)
        total, whist = totals[side], whists[side]
        out.append(
            SeatResult(
                total=None if total is None else int(total),
                contracts_made=made[side],
                whists=None if whist is None else int(whist),
            )
        )
    return out


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """The partnerships: North–South (seats 0 and 2) and East–West (1 and 3)."""
    return tuple(tuple(seat for seat in range(players) if side_of(seat) == side) for side in Side)


def deal_rows(report: dict[str, Any]) -> list[DealRow]:
    """None: a bridge deal has one contract for a side, not a bid and tricks per seat."""
    return []


def blank_sheet(ruleset: Ruleset, players: Sequence[str]) -> dict[str, Any]:
    """The paper sheet: two columns, We (North–South) and They (East–West), with room above
    and below the line ("делается запись в 2 столбца – «Мы» и «Они». Каждый столбец
    разделен горизонтальной чертой")."""
    names = list(players)
    return {
        "players": names,
        "ruleset": ruleset.as_dict(),
        "we": [names[seat] for seat in range(len(names)) if side_of(seat) == Side.WE],
        "they": [names[seat] for seat in range(len(names)) if side_of(seat) == Side.THEY],
        "above": list(range(SHEET_ROWS_ABOVE)),
        "below": list(range(SHEET_ROWS_BELOW)),
    }


def running_totals(report: dict[str, Any]) -> list[tuple[int, bool, list[int]]]:
    """After each deal: its number, False (no deal is annulled in bridge), and each seat's
    running total, its side's sum of every entry so far: the rubber bonus stands on the deal
    that won the rubber; an unfinished rubber's award (Law 80) on its last deal, so the last
    running totals are the report's totals."""
    closing = {
        rubber["deals"][-1]: rubber["bonus_entries"]
        for rubber in report.get("rubbers", [])
        if not rubber["finished"] and rubber["deals"]
    }
    side_totals = [0, 0]
    out = []
    for deal in report["deals"]:
        for entry in [*deal["scores"], *closing.get(deal["deal"], [])]:
            side_totals[0 if entry["side"] == "we" else 1] += int(entry["points"])
        out.append(
            (int(deal["deal"]), False, [side_totals[side_of(s)] for s in range(len(report["players"]))])
        )
    return out
