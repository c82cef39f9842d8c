"""Preferans's side of the rules registry protocol (rules/registry.py): what a pulka's report
means for storage, standings, ratings and the printed sheet.

Every player plays for himself (three at the table, or four with the dealer sitting out of
each deal), so each seat is its own team. A seat's ``total`` is its settlement balance in
whole whists (the largest-remainder rounding of the exact balance, so the totals sum to
zero); ``whists`` is the same figure — the balance *is* whists in preferans, and a
tournament that ranks by whists should find it; ``contracts_made`` counts the games the
seat declared and made (a game both defenders passed counts as made, a pass-out for
nobody; a deal the arbiter annulled has ``made`` None, so it counts for nobody either). A deal
has one declarer and the pass-outs have none: no per-seat bid rows.

``running_totals`` gives, after each deal, every seat's balance had the pulka stopped
there (open pools written to the mountain, as the settlement does): the replay settles
the sheet after every deal anyway, so this costs nothing and ends at the final totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rules.preferans.ruleset import LEVELS, Ruleset
from rules.registry import DealRow, SeatResult

#: Three players, or four with the dealer sitting out of each deal.
TABLE_SIZES: tuple[int, ...] = (3, 4)

#: The SeatResult fields a preferans report fills (besides ``total``).
SEAT_RESULTS: tuple[str, ...] = ("contracts_made", "whists")

#: A deal is one declarer's game or a pass-out, not a bid per seat.
SEAT_DEAL_ROWS = False


def seat_results(report: dict[str, Any]) -> list[SeatResult]:
    """Per seat: the settlement balance (whole whists) as total and whists, and the games
    declared and made."""
    totals = report["totals"]
    made = [0] * len(report["players"])
    for deal in report["deals"]:
        if deal.get("declarer") is not None and deal.get("made"):
            made[deal["declarer"]] += 1
    return [
        SeatResult(total=int(total), contracts_made=made[seat], whists=int(total))
        for seat, total in enumerate(totals)
    ]


def teams(players: int) -> tuple[tuple[int, ...], ...]:
    """Every player alone."""
    return tuple((seat,) for seat in range(players))


def deal_rows(report: dict[str, Any]) -> list[DealRow]:
    """None: a preferans deal has one declarer (or none), not a bid and tricks per seat."""
    return []


def running_totals(report: dict[str, Any]) -> list[tuple[int, bool, list[int]]]:
    """After each deal: its number, whether the arbiter annulled it (docs/arbiter.md), and
    each seat's balance in whole whists had the pulka stopped after that deal."""
    return [
        (int(d["deal"]), bool((d.get("arbiter") or {}).get("annul")), [int(b) for b in d["balances"]])
        for d in report["deals"]
    ]


#: Blank lines under each column of the printed pulka: a pulka to 20 runs to a dozen or so
#: writings per column.
BLANK_LINES = 12


def blank_sheet(ruleset: Ruleset, players: Sequence[str]) -> dict[str, Any]:
    """The paper pulka of one table: for each player his pool (to the agreed target), his
    mountain and a whist column on each opponent, and a box for his bombs (the template
    draws the sheet); beside it the prices the table writes by (the convention's values
    per level of game, misère, the pass-outs, what a pool or mountain point is worth in
    whists at the settlement)."""
    names = list(players)
    return {
        "players": names,
        "ruleset": ruleset.as_dict(),
        "preset": ruleset.preset,
        "pool": ruleset.pool,
        "lines": list(range(1, BLANK_LINES + 1)),
        "sections": [
            {
                "player": name,
                "whists_on": [other for other in names if other != name],
            }
            for name in names
        ],
        "prices": [
            {
                "level": level,
                "game": ruleset.game_value(level),
                "whist": ruleset.whist_value(level),
                "undertrick": ruleset.undertrick_value(level),
                "consolation": ruleset.consolation_value(level) if ruleset.consolation else None,
                "quota": ruleset.quota(level),
            }
            for level in LEVELS
        ],
        "misere": {"game": ruleset.misere_value, "trick": ruleset.misere_trick_value},
        "passout": {
            "scoring": ruleset.passout_scoring,
            "trick": ruleset.passout_trick,
            "series": list(ruleset.passout_series),
            "minimum": list(ruleset.passout_minimum),
        },
        "pool_whists": ruleset.pool_whists,
        "mountain_whists": ruleset.mountain_whists,
        "amnesty": ruleset.amnesty,
        "whist_split": ruleset.whist_split,
        "half_whist": list(ruleset.half_whist_levels) if ruleset.half_whist else [],
        # The dark games and their bombs (seed 002) unless the table does not play them.
        "bombs": ruleset.dark_games,
    }
