"""Oh Hell's side of the rules registry protocol (rules/registry.py): what a game's report
means for storage, standings, ratings and the printed sheet.

Every player plays for themselves ("каждый сам за себя"), so each seat is a
team of one; a seat's result is its own total and the contracts it made
(a bid met exactly in a deal that stood: "Игрок, взявший ровно столько
взяток, сколько заказал, получает 10 очков плюс …"; an annulled deal
scores nobody's contract).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.ohhell.ruleset import MAX_PLAYERS, MIN_PLAYERS, Ruleset
from rules.registry import DealRow, SeatResult

#: Seed: "Играют от 3 до 7 человек" (the deal counts stop at seven players).
TABLE_SIZES: tuple[int, ...] = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))

#: The SeatResult fields an Oh Hell report fills (besides ``total``): no whists here.
SEAT_RESULTS: tuple[str, ...] = ("contracts_made",)


#: Every seat bids and takes tricks in every deal: the rows player statistics read.
SEAT_DEAL_ROWS = True


def seat_results(report: dict[str, Any]) -> list[SeatResult]:
    """Per seat, its total and contracts made exactly in deals that stood."""
    totals = report["totals"]
    made = [0] * len(totals)
    for deal in report["deals"]:
        if deal.get("annulled"):
            continue
        for seat, (bid, taken) in enumerate(
            zip(deal.get("bids") or (), deal.get("taken") or (), strict=False)
        ):
            if bid is not None and bid == taken:
                made[seat] += 1
    return [
        SeatResult(total=None if t is None else int(t), contracts_made=m)
        for t, m in zip(totals, made, strict=True)
    ]


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """Each seat alone: everyone plays for themselves."""
    return tuple((seat,) for seat in range(players))


def deal_rows(report: dict[str, Any]) -> list[DealRow]:
    """Every seat of every deal: cards, trump, dealer, bid (blind or not), taken, score, annulled."""
    rows = []
    for deal in report["deals"]:
        trump = deal.get("trump")
        bids = deal.get("bids") or ()
        taken = deal.get("taken") or ()
        blind = deal.get("blind") or ()
        dealer = deal.get("dealer")
        for seat, score in enumerate(deal["scores"]):
            rows.append(
                DealRow(
                    deal=deal["deal"],
                    seat=seat,
                    cards=deal.get("cards") or 0,
                    trump=trump[-1] if trump else "",
                    dealer=dealer == seat,
                    bid=bids[seat] if seat < len(bids) else None,
                    blind=bool(blind[seat]) if seat < len(blind) else False,
                    taken=taken[seat] if seat < len(taken) else None,
                    score=score,
                    annulled=bool(deal.get("annulled")),
                )
            )
    return rows


def blank_sheet(ruleset: Ruleset, players: Sequence[str]) -> dict[str, Any]:
    """The paper sheet: a row per deal with its cards (and the no-trump last deal), bid, taken,
    score and total per player ("таблица счета, которая делится на двойные или одинарные
    колонки по числу игроков")."""
    last = len(ruleset.schedule)
    return {
        "players": list(players),
        "ruleset": ruleset.as_dict(),
        "deals": [
            {"number": i, "cards": cards, "no_trump": ruleset.last_deal_no_trump and i == last}
            for i, cards in enumerate(ruleset.schedule, start=1)
        ],
    }


def running_totals(report: dict[str, Any]) -> list[tuple[int, bool, list[int]]]:
    """After each deal: its number, whether it was annulled, and every seat's running total."""
    running = [0] * len(report["players"])
    out = []
    for deal in report["deals"]:
        running = [total + score for total, score in zip(running, deal["scores"], strict=True)]
        out.append((int(deal["deal"]), bool(deal.get("annulled")), list(running)))
    return out
