"""The IMP scale, cross-IMPs and the Butler datum, on boards worked out by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.imps import IMP_STEPS, butler, cross_imps, datum, default_dropped, imps

# Law 78B's table, read at both ends of every band: (difference, IMPs).
BANDS = [
    (0, 0), (10, 0), (20, 1), (40, 1), (50, 2), (80, 2), (90, 3), (120, 3), (130, 4),
    (160, 4), (170, 5), (210, 5), (220, 6), (260, 6), (270, 7), (310, 7), (320, 8),
    (360, 8), (370, 9), (420, 9), (430, 10), (490, 10), (500, 11), (590, 11), (600, 12),
    (740, 12), (750, 13), (890, 13), (900, 14), (1090, 14), (1100, 15), (1290, 15),
    (1300, 16), (1490, 16), (1500, 17), (1740, 17), (1750, 18), (1990, 18), (2000, 19),
    (2240, 19), (2250, 20), (2490, 20), (2500, 21), (2990, 21), (3000, 22), (3490, 22),
    (3500, 23), (3990, 23), (4000, 24), (7600, 24),
]  # fmt: skip


@pytest.mark.parametrize(("points", "expected"), BANDS, ids=[f"{p}" for p, _ in BANDS])
def test_the_law_78b_table(points: int, expected: int) -> None:
    assert imps(points) == expected
    assert imps(-points) == -expected


def test_the_table_has_24_steps() -> None:
    assert len(IMP_STEPS) == 24
    assert list(IMP_STEPS) == sorted(IMP_STEPS)


@given(st.integers(-8000, 8000), st.integers(0, 8000))
def test_more_points_are_never_fewer_imps(points: int, more: int) -> None:
    assert imps(points + more) >= imps(points)


def test_cross_imps_on_a_board_of_four() -> None:
    # North–South scores 620, 620, 170, -100.
    # 620: vs 620 → 0; vs 170 → 450 = 10; vs -100 → 720 = 12: 22 over 3 comparisons.
    # 170: vs 620 → -450 = -10 (twice); vs -100 → 270 = 7: -13.
    # -100: -12, -12, -7 = -31.
    assert cross_imps([620, 620, 170, -100]) == [
        (22, Fraction(22, 3)),
        (22, Fraction(22, 3)),
        (-13, Fraction(-13, 3)),
        (-31, Fraction(-31, 3)),
    ]


def test_cross_imps_of_one_score_compare_nothing() -> None:
    assert cross_imps([420]) == [(0, Fraction(0))]


@given(st.lists(st.integers(-2000, 2000).map(lambda v: v * 10), min_size=2, max_size=12))
def test_cross_imps_sum_to_nothing(scores: list[int]) -> None:
    # Each comparison is won by one score and lost by the other.
    assert sum(total for total, _ in cross_imps(scores)) == 0


def test_the_datum_leaves_out_the_top_and_bottom_of_five_or_more() -> None:
    # 1430, 680, 650, 650, -100: without 1430 and -100 the mean is 660.
    assert datum([650, 1430, 680, -100, 650]) == 660
    # Four scores: all kept, (420 + 420 + 450 + -50) / 4 = 310.
    assert datum([420, 420, 450, -50]) == 310
    assert default_dropped(4) == 0
    assert default_dropped(5) == 1


def test_the_datum_rounds_to_the_nearest_ten_a_five_away_from_zero() -> None:
    assert datum([100, 110]) == 110  # 105
    assert datum([-100, -110]) == -110  # -105
    assert datum([100, 104]) == 100  # 102
    assert datum([100, 108]) == 100  # 104
    assert datum([100, 112]) == 110  # 106


def test_the_datum_refuses_what_it_cannot_take() -> None:
    with pytest.raises(ValueError, match="at least one"):
        datum([])
    with pytest.raises(ValueError, match="leave out 2"):
        datum([1, 2, 3, 4], dropped=2)


def test_butler_imps_each_score_against_the_datum() -> None:
    # Datum 660 (above): 650 → -10 = 0; 1430 → 770 = 13; 680 → 20 = 1; -100 → -760 = -13.
    assert butler([650, 1430, 680, -100, 650]) == (660, [0, 13, 1, -13, 0])
