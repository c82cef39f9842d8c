"""The score sheet as rows, for CSV export: what the seed's scorekeeper keeps.

"Составляется таблица счета, которая делится на двойные или одинарные
колонки по числу игроков" — one row per deal; for each player the bid,
the tricks taken, the deal's points and the running total ("с
промежуточным суммированием"). Works on the report object, so any stored
report can be exported without replaying it again.
"""

from __future__ import annotations

from typing import Any

Cell = str | int


def sheet_rows(report: dict[str, Any]) -> list[list[Cell]]:
    """Header row, one row per deal (annulled deals marked), then the totals row."""
    players: list[str] = report["players"]
    header: list[Cell] = ["deal", "dealer", "cards", "trump", "balance", "annulled"]
    for name in players:
        header += [f"{name} bid", f"{name} taken", f"{name} score", f"{name} total"]
    rows: list[list[Cell]] = [header]
    running = [0] * len(players)
    for deal in report["deals"]:
        row: list[Cell] = [
            deal["deal"],
            players[deal["dealer"]],
            deal["cards"],
            deal["trump"] or "no trump",
            deal["balance"],
            "annulled" if deal["annulled"] else "",
        ]
        blind = deal.get("blind") or [False] * len(players)
        for seat in range(len(players)):
            running[seat] += deal["scores"][seat]
            bid = deal["bids"][seat]
            shown_bid: Cell = "" if bid is None else (f"{bid} blind" if blind[seat] else bid)
            row += [shown_bid, deal["taken"][seat], deal["scores"][seat], running[seat]]
        rows.append(row)
    totals: list[Cell] = ["total", "", "", "", "", ""]
    for seat in range(len(players)):
        totals += ["", "", "", report["totals"][seat]]
    rows.append(totals)
    return rows
