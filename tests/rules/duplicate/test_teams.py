"""Team matches in IMPs and victory points, worked out by hand; the Swiss draw, by property."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.teams import swiss_draw, team_match


def test_a_four_board_match() -> None:
    # Board 1: 620 at the open table, 170 at the closed: +450 → +10 to the home team.
    # Board 2: -100 and -100: 0. Board 3: 110 and -140 (the visitors made 2♥ the other way):
    # +250 → +6. Board 4: -500 and 1430: -1930 → -18.
    # Home 16, visitors 18: lost by 2 over 4 boards (X = 15 × √4 = 30):
    # 10 + 10 × (1 − τ^(6/30)) / (1 − τ³) = 10 + 10 × 0.0917/0.7639 = 11.20 to the visitors.
    result = team_match([(620, 170), (-100, -100), (110, -140), (-500, 1430)])
    assert result.by_board == (10, 0, 6, -18)
    assert (result.home_imps, result.away_imps) == (16, 18)
    assert (result.home_vp, result.away_vp) == (Decimal("8.80"), Decimal("11.20"))


def test_a_match_needs_a_board() -> None:
    with pytest.raises(ValueError, match="at least one board"):
        team_match([])


def test_the_swiss_draws_down_the_ranking_without_rematches() -> None:
    # Ranked 3 (40), 1 (35), 4 (35), 2 (20), 5 (10), 6 (5). 3–1 have met, so 3 plays 4; then 1–2
    # would leave 5–6, who have met, so the draw goes back: 1–5 and 2–6.
    scores = {1: 35, 2: 20, 3: 40, 4: 35, 5: 10, 6: 5}
    met = [frozenset((3, 1)), frozenset((5, 6))]
    assert swiss_draw(scores, met) == ([(3, 4), (1, 5), (2, 6)], None)


def test_an_odd_field_gives_the_bye_to_the_lowest_team_without_one() -> None:
    scores = {1: 30, 2: 20, 3: 10}
    assert swiss_draw(scores) == ([(1, 2)], 3)
    assert swiss_draw(scores, byes=[3]) == ([(1, 3)], 2)
    # 3 has had the bye and 2–1 have met: 2 cannot sit out (1–3 have met too), so 1 does.
    assert swiss_draw(scores, [frozenset((1, 2)), frozenset((1, 3))], byes=[3]) == ([(2, 3)], 1)


def test_a_round_that_can_only_repeat_is_refused() -> None:
    with pytest.raises(ValueError, match="repeats a match"):
        swiss_draw({1: 1, 2: 0}, [frozenset((1, 2))])


@given(st.integers(2, 12), st.randoms(use_true_random=False))
def test_a_swiss_of_half_as_many_rounds_as_teams_never_repeats(teams: int, rng) -> None:
    # Round after round with random results: every round draws each team once, no match twice.
    # Up to n/2 rounds a draw always exists (the teams not yet met form a graph of degree at
    # least n/2, which has a perfect matching: Dirac); later a Swiss can run out of draws.
    scores = dict.fromkeys(range(1, teams + 1), 0)
    met: set[frozenset[int]] = set()
    byes: list[int] = []
    for _ in range(teams // 2):
        matches, bye = swiss_draw(scores, met, byes)
        drawn = [t for m in matches for t in m] + ([bye] if bye else [])
        assert sorted(drawn) == list(range(1, teams + 1))
        for a, b in matches:
            assert frozenset((a, b)) not in met
            met.add(frozenset((a, b)))
            scores[a] += rng.randrange(21)
            scores[b] += rng.randrange(21)
        if bye:
            byes.append(bye)
