"""A team match's IMP margin in victory points on the WBF continuous 20-point scale (2013).

The WBF Scoring Panel's scale ("The New WBF IMP to VP Scales", the technical report of
Bavin, Bethe, Bramley and Buchen, used from the 2013 world championships): a drawn match is
10–10; a margin of ``I`` IMPs in a match of ``N`` boards gives the winner

    V = 10 + 10 × (1 − τ^(3I/X)) / (1 − τ³),   τ = (√5 − 1)/2,   X = 15 √N (the "blitz")

up to 20 at ``I ≥ X``, and the loser 20 − V; each value rounded to two decimals, half up.
The scale is computed here from the formula, not copied from the WBF's printed tables;
rounding can make one IMP worth a cent more than the one before (16 boards: 13 → 14 IMPs
is 0.22, 14 → 15 is 0.23), and no correction is made for it. Worked examples: 16 boards (X = 60), a 20-IMP win is 10 + 10 × (1 − τ)/(1 − τ³) =
15.00 exactly; 40 IMPs is 10 + 10 × (1 − τ²)/(1 − τ³) = 18.09.
"""

from __future__ import annotations

import math
from decimal import ROUND_HALF_UP, Decimal
from functools import lru_cache

TAU = (math.sqrt(5) - 1) / 2
_CENT = Decimal("0.01")
TWENTY = Decimal(20)


def blitz(boards: int) -> float:
    """The margin that wins 20–0 in a match of ``boards`` boards: 15 √boards."""
    if boards < 1:
        raise ValueError("a match has at least one board")
    return 15 * math.sqrt(boards)


def _exact(margin: int, boards: int) -> float:
    x = blitz(boards)
    if margin >= x:
        return 20.0
    return float(10 + 10 * (1 - TAU ** (3 * margin / x)) / (1 - TAU**3))


@lru_cache(maxsize=256)
def scale(boards: int) -> tuple[Decimal, ...]:
    """The winner's VPs for margins 0, 1, ... up to the first margin worth 20, each the formula
    rounded to two decimals, half up."""
    top = math.ceil(blitz(boards))
    return tuple(
        Decimal(repr(_exact(margin, boards))).quantize(_CENT, rounding=ROUND_HALF_UP)
        for margin in range(top + 1)
    )


def victory_points(margin: int, boards: int) -> tuple[Decimal, Decimal]:
    """(this team's VPs, the other team's) for a match this team won by ``margin`` IMPs
    (negative: lost by it) over ``boards`` boards."""
    table = scale(boards)
    won = table[min(abs(margin), len(table) - 1)]
    return (won, TWENTY - won) if margin >= 0 else (TWENTY - won, won)
