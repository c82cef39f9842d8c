"""A session scored against the field, on a three-table Mitchell worked out by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.matchpoints import Adjusted, Played
from rules.duplicate.movements import mitchell
from rules.duplicate.session import BoardResult, score_session

# Three tables, one board a round. mitchell(3): round 1 NS1–EW4 board 1, NS2–EW5 b2,
# NS3–EW6 b3; round 2 NS1–EW6 b2, NS2–EW4 b3, NS3–EW5 b1; round 3 NS1–EW5 b3, NS2–EW6 b1,
# NS3–EW4 b2. North–South's score on each board by North–South pair:
SCORES = {
    (1, 1): 420, (1, 3): 450, (1, 2): -50,
    (2, 2): 110, (2, 1): 140, (2, 3): 110,
    (3, 3): -100, (3, 2): -100, (3, 1): 600,
}  # fmt: skip


def _session() -> list[BoardResult]:
    return [
        BoardResult(s.boards, s.ns, s.ew, Played(SCORES[(s.boards, s.ns)]))
        for s in mitchell(3).sittings
        if s.ns and s.ew
    ]


def test_matchpoints_by_hand() -> None:
    # Top 4 a board. Board 1: 450 (NS3) 4, 420 (NS1) 2, -50 (NS2) 0; EW5 0, EW4 2, EW6 4.
    # Board 2: 140 (NS1) 4, the two 110s 1 each; EW6 0, EW5 3, EW4 3.
    # Board 3: 600 (NS1) 4, the two -100s 1 each; EW5 0, EW4 3, EW6 3.
    # NS1 2 + 4 + 4 = 10 of 12; NS2 0 + 1 + 1 = 2; NS3 4 + 1 + 1 = 6;
    # EW4 2 + 3 + 3 = 8; EW5 0 + 3 + 0 = 3; EW6 4 + 0 + 3 = 7.
    travellers, pairs = score_session(_session(), fields=[(1, 2, 3), (4, 5, 6)])
    assert {p: s.total for p, s in pairs.items()} == {1: 10, 2: 2, 3: 6, 4: 8, 5: 3, 6: 7}
    assert {p: s.score for p, s in pairs.items()} == {
        1: F(250, 3),
        2: F(50, 3),
        3: 50,
        4: F(200, 3),
        5: 25,
        6: F(175, 3),
    }
    assert {p: s.place for p, s in pairs.items()} == {1: "1", 3: "2", 2: "3", 4: "1", 6: "2", 5: "3"}
    assert pairs[6].by_board == {1: 4, 2: 0, 3: 3}
    assert [t.mark for t in travellers] == [4, 4, 4]
    assert [(r.ns, ns, ew) for r, ns, ew in travellers[1].rows] == [(2, 1, 3), (1, 4, 0), (3, 1, 3)]


def test_one_field_after_an_arrow_switch_ranks_everyone_together() -> None:
    _, pairs = score_session(_session())
    ranking = sorted(pairs.values(), key=lambda s: s.place)
    assert [(s.pair, s.place) for s in ranking] == [
        (1, "1"),
        (4, "2"),
        (6, "3"),
        (3, "4"),
        (5, "5"),
        (2, "6"),
    ]


def test_equal_scores_share_a_place() -> None:
    rows = [
        BoardResult(1, 1, 4, Played(420)),
        BoardResult(1, 2, 5, Played(420)),
        BoardResult(1, 3, 6, Played(100)),
    ]
    _, pairs = score_session(rows, fields=[(1, 2, 3), (4, 5, 6)])
    assert [pairs[p].place for p in (1, 2, 3, 4, 5, 6)] == ["1–2", "1–2", "3", "2–3", "2–3", "1"]


def test_an_adjusted_score_and_a_board_played_once_fewer() -> None:
    # Board 1 lost at one table: the other two are scaled from 2 results to 3 (Neuberg):
    # 450 beats 420: 2 → (2 + 1) × 3/2 − 1 = 3.5; 420: 0 → 0.5. Board 2 NS2–EW5 got
    # average plus / average minus: 2.4 and 1.6 of 4; the 140 and 110 then scale to 3 results.
    rows = [r for r in _session() if not (r.board == 1 and r.ns == 2)]
    rows = [BoardResult(2, 2, 5, Adjusted(60, 40)) if (r.board, r.ns) == (2, 2) else r for r in rows]
    travellers, pairs = score_session(rows)
    assert [(r.ns, ns) for r, ns, _ in travellers[0].rows] == [(1, F(1, 2)), (3, F(7, 2))]
    assert [(r.ns, ns, ew) for r, ns, ew in travellers[1].rows] == [
        (2, F(12, 5), F(8, 5)), (1, F(7, 2), F(1, 2)), (3, F(1, 2), F(7, 2))
    ]  # fmt: skip
    assert pairs[2].tops == 8  # two boards played
    assert pairs[2].total == F(12, 5) + 1


def test_cross_imps_and_butler() -> None:
    # Board 1 (420, 450, -50): 420 vs 450 → -30 = -1, vs -50 → 470 = 10: 9/2;
    # 450: 1 + 11 (500) = 6; -50: -10 - 11 = -21/2.
    travellers, pairs = score_session(_session(), method="cross_imps")
    assert [(r.ns, ns) for r, ns, _ in travellers[0].rows] == [(1, F(9, 2)), (3, 6), (2, F(-21, 2))]
    assert pairs[5].by_board[1] == -6
    # Butler, three scores, none dropped: datum (420 + 450 − 50)/3 = 273.3 → 270;
    # 420 → 150 = 4, 450 → 180 = 5, -50 → -320 = -8.
    travellers, pairs = score_session(_session(), method="butler")
    assert travellers[0].mark == 270
    assert [(r.ns, ns) for r, ns, _ in travellers[0].rows] == [(1, 4), (3, 5), (2, -8)]


def test_imps_take_played_scores_only_and_methods_are_named() -> None:
    with pytest.raises(ValueError, match="board 1: an IMP method takes played scores only"):
        score_session([BoardResult(1, 1, 2, Adjusted())], method="butler")
    with pytest.raises(ValueError, match="no such scoring method: 'total'"):
        score_session(_session(), method="total")


@given(st.integers(3, 9), st.randoms(use_true_random=False))
def test_a_full_mitchell_averages_half_in_each_field(tables: int, rng) -> None:
    m = mitchell(tables)
    rows = [BoardResult(s.boards, s.ns, s.ew, Played(rng.randrange(-20, 20) * 10)) for s in m.sittings]
    ns = range(1, tables + 1)
    ew = range(tables + 1, 2 * tables + 1)
    _, pairs = score_session(rows, fields=[ns, ew])
    assert sum(pairs[p].score for p in ns) / len(ns) == 50
    assert sum(pairs[p].score for p in ew) / len(ew) == 50


def test_a_pairs_personal_score_card() -> None:
    from rules.duplicate.session import ScoreCardLine, score_card

    travellers, _ = score_session(_session(), fields=[(1, 2, 3), (4, 5, 6)])
    # East–West 6: board 1 against NS2 (−50 for NS: +50 to EW, 4 of 4), board 2 against NS1
    # (140: −140, 0), board 3 against NS3 (−100: +100, 3).
    assert score_card(travellers, 6) == [
        ScoreCardLine(1, "EW", 2, 50, F(4), 4),
        ScoreCardLine(2, "EW", 1, -140, F(0), 4),
        ScoreCardLine(3, "EW", 3, 100, F(3), 4),
    ]
    assert [(c.board, c.direction, c.opponents, c.score) for c in score_card(travellers, 1)] == [
        (1, "NS", 4, 420), (2, "NS", 6, 140), (3, "NS", 5, 600)
    ]  # fmt: skip
