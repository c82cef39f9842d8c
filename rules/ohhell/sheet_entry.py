"""A score-sheet-only game log built from what the scorekeeper wrote: each deal's bids and taken.

The spec (shared/spec/ohhell-log.md, "Deal") lets a deal carry ``bids`` and
``taken`` instead of ``tricks``: that is all a paper score sheet holds. No
scorekeeper writes each deal's face-up trump card beside it, and the log
carries it; the last deal is played without trumps where the ruleset says so
("При розыгрыше последней сдачи партии карта не открывается"). A trump the
sheet does not give is refused, never written as "no trump": the spec's
``null`` means no trumps, and the form must not invent that. The deal scores
are not written, the replay computes them. The dealer
passes to the left after each deal ("в следующих играх игроки сдают карты
по очереди"), starting from the first dealer drawn by lot ("Первый сдатчик
карт определяется жребием").

Plain Python, no Django: the organiser's form calls it, and so could a script.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules.cards import NAME
from rules.errors import MalformedDocument
from rules.ohhell import texts as _texts  # noqa: F401  (registers the OHHELL_ refusal codes)
from rules.ohhell.document import GAME, VERSION
from rules.ohhell.ruleset import Ruleset, resolve_ruleset
from rules.strict import read_card

#: Findings that on a score sheet can only be slips of the pen (a bid above the
#: cards, tricks taken that do not add up to the cards): a form refuses them
#: instead of recording a game with errors. Other findings are kept as usual.
ENTRY_ERRORS = frozenset({"TAKEN_MISMATCH", "BID_OUT_OF_RANGE"})

_CELL = re.compile(r"^deals\[(\d+)\](?:\.(bids|taken)(?:\[(\d+)\])?)?")


@dataclass(frozen=True, slots=True)
class PlannedDeal:
    """One row of the sheet: its number (from 1), the dealer's seat, cards each, and no trump."""

    deal: int
    dealer: int
    cards: int
    no_trump: bool


@dataclass(frozen=True, slots=True)
class Cell:
    """Where a JSON path points on the sheet: a deal (from 1), and maybe a column and a seat."""

    deal: int
    field: str | None = None  # "bids" or "taken"
    seat: int | None = None


def plan(ruleset: Ruleset, players: int, first_dealer: int = 0) -> list[PlannedDeal]:
    """The sheet's rows: the ruleset's schedule, the dealer rotating clockwise from ``first_dealer``."""
    if not 0 <= first_dealer < players:
        raise MalformedDocument(
            "deals[0].dealer", "OHHELL_SEAT_RANGE", seat_no=first_dealer, last_seat_no=players - 1
        )
    last = len(ruleset.schedule)
    return [
        PlannedDeal(
            deal=k,
            dealer=(first_dealer + k - 1) % players,
            cards=cards,
            no_trump=ruleset.last_deal_no_trump and k == last,
        )
        for k, cards in enumerate(ruleset.schedule, start=1)
    ]


def build_document(
    *,
    players: Sequence[str],
    ruleset: Any,
    bids: Sequence[Sequence[int]],
    taken: Sequence[Sequence[int]],
    trumps: Sequence[str | None],
    first_dealer: int = 0,
) -> dict[str, Any]:
    """The log document of a score sheet: one deal per row of ``bids`` and ``taken`` (seat-indexed).

    ``ruleset`` is kept as given (a preset name or an object), so the log
    names the same ruleset as the tournament. Raises MalformedDocument when
    the rows do not match the schedule or a row does not hold one value per seat, or
    when a deal's trump card is missing (or given on the deal played without trumps).
    """
    n = len(players)
    resolved = resolve_ruleset(ruleset, n)
    rows = plan(resolved, n, first_dealer)
    if len(bids) != len(rows) or len(taken) != len(rows) or len(trumps) != len(rows):
        raise MalformedDocument(
            "deals", "OHHELL_SHEET_ROWS", deals=len(rows), bid_rows=len(bids), taken_rows=len(taken)
        )
    deals = []
    for i, row in enumerate(rows):
        for name, values in (("bids", bids[i]), ("taken", taken[i])):
            if len(values) != n:
                raise MalformedDocument(
                    f"deals[{i}].{name}", "OHHELL_SEAT_COUNT", players=n, count=len(values)
                )
        deals.append(
            {
                "dealer": row.dealer,
                "cards": row.cards,
                "trump": _trump(i, row, trumps[i]),
                "bids": [int(b) for b in bids[i]],
                "taken": [int(t) for t in taken[i]],
            }
        )
    return {"game": GAME, "version": VERSION, "ruleset": ruleset, "players": list(players), "deals": deals}


def _trump(index: int, row: PlannedDeal, given: str | None) -> str | None:
    """The deal's trump card as the log writes it, from what the sheet gives."""
    path = f"deals[{index}].trump"
    if row.no_trump:
        if given:
            raise MalformedDocument(path, "OHHELL_SHEET_TRUMP_ON_NO_TRUMP", deal_no=row.deal)
        return None
    if not given:
        raise MalformedDocument(path, "OHHELL_SHEET_TRUMP_MISSING", deal_no=row.deal)
    return NAME[read_card(given, path)]


def entry_errors(report: dict[str, Any]) -> list[dict[str, Any]]:
    """The report's findings a score-sheet form should send back to the scorekeeper (:data:`ENTRY_ERRORS`)."""
    return [f for f in report["findings"] if f["code"] in ENTRY_ERRORS and f["severity"] == "error"]


def cell_of(path: str) -> Cell | None:
    """The sheet cell a MalformedDocument path names (``deals[2].taken[1]`` → deal 3, taken, seat 1)."""
    match = _CELL.match(path)
    if match is None:
        return None
    deal, field, seat = match.groups()
    return Cell(deal=int(deal) + 1, field=field, seat=None if seat is None else int(seat))
