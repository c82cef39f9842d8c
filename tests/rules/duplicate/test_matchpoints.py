"""Matchpoints on boards worked out by hand; Neuberg's formula; adjusted scores; fouled boards."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.matchpoints import (
    AVERAGE_MINUS,
    AVERAGE_PLUS,
    Adjusted,
    Played,
    board,
    neuberg,
    percentage,
    top,
)

# One board at five tables, North–South's scores: 420, 450, -50, 420, 170. Top 8.
# 450 beats four: 8. Each 420 beats -50 and 170 (4) and ties the other (1): 5.
# 170 beats -50: 2. -50: 0. East–West get 8 less.
FIVE = [Played(420), Played(450), Played(-50), Played(420), Played(170)]


def test_a_board_at_five_tables() -> None:
    assert board(FIVE) == [(5, 3), (8, 0), (0, 8), (5, 3), (2, 6)]


def test_one_per_beat_as_the_acbl_scores() -> None:
    assert board(FIVE, per_beat=1) == [(F(5, 2), F(3, 2)), (4, 0), (0, 4), (F(5, 2), F(3, 2)), (1, 3)]
    assert top(5, per_beat=1) == 4


def test_neuberg_scales_four_results_to_five() -> None:
    # Without the 170: 450 beats three (6 on a top of 6) → (6 + 1) × 5/4 − 1 = 7.75;
    # each 420: 2 + 1 = 3 → 4 × 5/4 − 1 = 4; -50: 0 → 5/4 − 1 = 0.25.
    four = [Played(420), Played(450), Played(-50), Played(420)]
    assert board(four, expected=5) == [(4, 4), (F(31, 4), F(1, 4)), (F(1, 4), F(31, 4)), (4, 4)]
    assert neuberg(F(6), 4, 5) == F(31, 4)
    assert neuberg(F(3, 2), 4, 5, per_beat=1) == F(2)  # (1.5 + 0.5) × 5/4 − 0.5


def test_a_lone_result_gets_half_the_top() -> None:
    assert board([Played(100)], expected=5) == [(4, 4)]


def test_adjusted_scores_are_percentages_and_the_rest_are_scaled() -> None:
    # Table 3 got average plus for North–South, average minus for East–West (Law 12C2):
    # 60% and 40% of 8. The other four are compared among themselves and scaled to five.
    results = [Played(420), Played(450), Adjusted(AVERAGE_PLUS, AVERAGE_MINUS), Played(420), Played(170)]
    # 450: 6 of 6 → 7.75; each 420: beats 170, ties one: 3 → 4; 170: 0 → 0.25.
    assert board(results) == [
        (4, 4),
        (F(31, 4), F(1, 4)),
        (F(24, 5), F(16, 5)),
        (4, 4),
        (F(1, 4), F(31, 4)),
    ]


def test_a_fouled_board_is_compared_version_by_version() -> None:
    # Law 87: tables 4 and 5 played a fouled version (1). As dealt, three results:
    # 420 beats -50 and 170 → 4 of 4 → (4 + 1) × 5/3 − 1 = 22/3; 170 beats -50: 2 → 3 × 5/3 − 1 = 4;
    # -50: 0 → 5/3 − 1 = 2/3. Fouled: 600 beats 100: 2 of 2 → 3 × 5/2 − 1 = 6.5; 100 → 1.5.
    results = [Played(420), Played(-50), Played(170), Played(600, version=1), Played(100, version=1)]
    assert board(results) == [
        (F(22, 3), F(2, 3)),
        (F(2, 3), F(22, 3)),
        (4, 4),
        (F(13, 2), F(3, 2)),
        (F(3, 2), F(13, 2)),
    ]


def test_more_results_than_expected_is_refused() -> None:
    with pytest.raises(ValueError, match="5 results on a board expected to have 4"):
        board(FIVE, expected=4)


def test_percentage() -> None:
    assert percentage(F(13), 16) == F(325, 4)  # 81.25
    assert percentage(F(0), 0) == 50


scores = st.lists(st.integers(-300, 300).map(lambda v: v * 10), min_size=1, max_size=14)


@given(scores, st.sampled_from([1, 2]))
def test_a_full_board_shares_out_every_top(values: list[int], per_beat: int) -> None:
    points = board([Played(v) for v in values], per_beat=per_beat)
    full = top(len(values), per_beat)
    assert all(ns + ew == full for ns, ew in points)
    # Each of the n(n − 1)/2 comparisons hands out one beat's worth to the two sides.
    assert sum(ns for ns, _ in points) == F(per_beat * len(values) * (len(values) - 1), 2)
    # A higher score never earns fewer matchpoints.
    ranked = sorted(zip(values, (ns for ns, _ in points), strict=True))
    assert all(a[1] <= b[1] for a, b in itertools.pairwise(ranked))


@given(scores, st.integers(0, 6))
def test_neuberg_keeps_a_board_s_average_at_half_the_top(values: list[int], missing: int) -> None:
    expected = len(values) + missing
    points = board([Played(v) for v in values], expected=expected)
    assert sum(ns for ns, _ in points) / len(values) == F(top(expected), 2)
    assert all(0 <= ns <= top(expected) for ns, _ in points)
