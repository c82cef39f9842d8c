"""IMP margins on the WBF continuous 20-point scale, against its formula."""

from __future__ import annotations

import math
from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.victory_points import TAU, blitz, scale, victory_points


def test_sixteen_boards_by_the_formula() -> None:
    # X = 15 × √16 = 60. 20 IMPs: τ^(3·20/60) = τ, and (1 − τ)/(1 − τ³) = ½ exactly, since
    # 1 − τ³ = (1 − τ)(1 + τ + τ²) and 1 + τ + τ² = 2 (τ² = 1 − τ): 15.00.
    assert victory_points(20, 16) == (Decimal("15.00"), Decimal("5.00"))
    # 40 IMPs: (1 − τ²)/(1 − τ³) = τ/(2(1 − τ)) = 0.80902: 18.09.
    assert victory_points(40, 16) == (Decimal("18.09"), Decimal("1.91"))
    # 1 IMP: 10 + 10 × (1 − τ^0.05)/(1 − τ³) = 10 + 10 × 0.023773/0.763932 = 10.31.
    assert victory_points(1, 16) == (Decimal("10.31"), Decimal("9.69"))
    assert victory_points(0, 16) == (Decimal("10.00"), Decimal("10.00"))
    assert victory_points(60, 16) == (Decimal("20.00"), Decimal("0.00"))
    assert victory_points(85, 16) == (Decimal("20.00"), Decimal("0.00"))


def test_a_lost_match_gets_the_complement() -> None:
    assert victory_points(-20, 16) == (Decimal("5.00"), Decimal("15.00"))


def test_the_blitz_is_fifteen_root_boards() -> None:
    assert blitz(16) == 60
    assert blitz(12) == pytest.approx(51.9615, abs=1e-4)
    with pytest.raises(ValueError, match="at least one board"):
        blitz(0)


def test_twelve_boards_just_short_of_the_blitz() -> None:
    # X = 51.96: 51 IMPs is still below it, 52 is the first margin worth 20.
    exact = 10 + 10 * (1 - TAU ** (3 * 51 / blitz(12))) / (1 - TAU**3)
    assert victory_points(51, 12)[0] == Decimal(f"{exact:.2f}") < 20
    assert victory_points(52, 12)[0] == 20
    assert len(scale(12)) == 53


@given(st.integers(1, 64), st.integers(-200, 200))
def test_every_match_shares_twenty_and_more_imps_never_lose(boards: int, margin: int) -> None:
    won, lost = victory_points(margin, boards)
    assert won + lost == 20
    assert victory_points(margin + 1, boards)[0] >= won
    exact = (
        20.0
        if abs(margin) >= blitz(boards)
        else (10 + 10 * (1 - TAU ** (3 * abs(margin) / blitz(boards))) / (1 - TAU**3))
    )
    mine = won if margin >= 0 else lost
    assert math.isclose(float(mine), exact, abs_tol=0.005 + 1e-9)
