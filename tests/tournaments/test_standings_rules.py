"""The standings arithmetic: methods, shared table points, tie-breaks in order, shared places."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.standings import TableResult, compile_standings, table_points_for

SCALE = {3: [2.0, 1.0, 0.0], 4: [3.0, 2.0, 1.0, 0.0]}


def result(table, players, totals, made=None, rnd=1):
    return TableResult(
        table=table,
        round=rnd,
        players=tuple(players),
        totals=tuple(float(t) for t in totals),
        contracts_made=tuple(made or [0] * len(players)),
    )


def by_player(lines):
    return {line.player: line for line in lines}


def test_total_points_and_places():
    lines = compile_standings(
        [1, 2, 3, 4, 5],
        [result(1, [1, 2, 3, 4], [50, 40, 30, 20]), result(2, [1, 2, 3, 5], [10, 40, 5, 0], rnd=2)],
    )
    assert [(ln.player, ln.points, ln.games, ln.place) for ln in lines] == [
        (2, 80.0, 2, "1"),
        (1, 60.0, 2, "2"),
        (3, 35.0, 2, "3"),
        (4, 20.0, 1, "4"),
        (5, 0.0, 1, "5"),
    ]


def test_an_entrant_without_a_game_is_listed_last_with_nothing():
    lines = compile_standings([1, 2, 3, 9], [result(1, [1, 2, 3], [3, 2, 1])])
    assert (lines[-1].player, lines[-1].points, lines[-1].games) == (9, 0.0, 0)


def test_table_points_tied_places_share_evenly():
    # 4-player table: 30, 20, 20, 10 -> places 1, 2-3 shared, 4: points 3, (2+1)/2, (2+1)/2, 0.
    lines = by_player(
        compile_standings(
            [1, 2, 3, 4],
            [result(1, [1, 2, 3, 4], [30, 20, 20, 10])],
            method="table_points",
            table_points=SCALE,
        )
    )
    assert [lines[p].points for p in (1, 2, 3, 4)] == [3.0, 1.5, 1.5, 0.0]
    assert table_points_for(3, 1, 3, SCALE) == 1.0


def test_table_points_need_a_line_for_every_table_size():
    with pytest.raises(ValueError, match="no 5-player line"):
        compile_standings(
            [1, 2, 3, 4, 5],
            [result(1, [1, 2, 3, 4, 5], [5, 4, 3, 2, 1])],
            method="table_points",
            table_points=SCALE,
        )


def test_average_per_game():
    lines = by_player(
        compile_standings(
            [1, 2, 3],
            [result(1, [1, 2, 3], [30, 20, 10]), result(2, [1, 2, 3], [0, 40, 10], rnd=2)],
            method="average",
        )
    )
    assert (lines[1].points, lines[2].points, lines[3].points) == (15.0, 30.0, 10.0)


def test_still_tied_after_the_list_share_the_place():
    lines = compile_standings(
        [1, 2, 3, 4], [result(1, [1, 2, 3, 4], [30, 20, 20, 10])], tiebreaks=["contracts_made"]
    )
    assert [(ln.player, ln.place) for ln in lines] == [(1, "1"), (2, "2–3"), (3, "2–3"), (4, "4")]
    assert (lines[1].rank, lines[1].rank_to) == (2, 3)


def test_tiebreaks_apply_in_the_chosen_order():
    # 2 and 3 tie on 40 points. 3 made more contracts; 2 had the best single game.
    results = [
        result(1, [1, 2, 3], [50, 30, 20], made=[5, 3, 6]),
        result(2, [1, 2, 3], [50, 10, 20], made=[5, 2, 4], rnd=2),
    ]
    first = compile_standings([1, 2, 3], results, tiebreaks=["contracts_made", "best_game"])
    assert [ln.player for ln in first] == [1, 3, 2]
    assert first[1].tiebreaks == {"contracts_made": 10, "best_game": 20.0}
    second = compile_standings([1, 2, 3], results, tiebreaks=["best_game", "contracts_made"])
    assert [ln.player for ln in second] == [1, 2, 3]


def test_head_to_head_counts_only_games_between_the_tied():
    # 1 and 2 tie on 60; at the table they shared, 2 finished above 1.
    results = [
        result(1, [1, 2, 3], [20, 30, 10]),
        result(2, [1, 4, 5], [40, 0, 0], rnd=2),
        result(3, [2, 4, 5], [30, 0, 0], rnd=2),
    ]
    lines = compile_standings([1, 2, 3, 4, 5], results, tiebreaks=["head_to_head"])
    assert [ln.player for ln in lines[:2]] == [2, 1]
    assert (lines[0].tiebreaks["head_to_head"], lines[1].tiebreaks["head_to_head"]) == (1.0, 0.0)
    assert lines[2].tiebreaks["head_to_head"] is None  # player 3 was tied with nobody


def test_table_wins_count_shared_first_places():
    lines = by_player(
        compile_standings(
            [1, 2, 3], [result(1, [1, 2, 3], [30, 30, 0]), result(2, [1, 2, 3], [10, 0, 0], rnd=2)]
        )
    )
    assert (lines[1].table_wins, lines[2].table_wins, lines[3].table_wins) == (2, 1, 0)


def test_lots_break_every_tie_reproducibly():
    results = [result(1, [1, 2, 3, 4], [10, 10, 10, 10])]
    one = compile_standings([1, 2, 3, 4], results, tiebreaks=["lots"], seed=7)
    two = compile_standings([1, 2, 3, 4], results, tiebreaks=["lots"], seed=7)
    assert [ln.player for ln in one] == [ln.player for ln in two]
    assert [ln.place for ln in one] == ["1", "2", "3", "4"]
    assert sorted(ln.tiebreaks["lots"] for ln in one) == [1, 2, 3, 4]
    assert [ln.tiebreaks["lots"] for ln in one] == [1, 2, 3, 4]
    others = {
        tuple(ln.player for ln in compile_standings([1, 2, 3, 4], results, tiebreaks=["lots"], seed=s))
        for s in range(20)
    }
    assert len(others) > 1


def test_unknown_method_or_tiebreak_is_refused():
    with pytest.raises(ValueError, match="unknown standings method"):
        compile_standings([1], [], method="elo")
    with pytest.raises(ValueError, match="unknown tie-break 'coin'"):
        compile_standings([1], [], tiebreaks=["coin"])


@given(
    st.lists(
        st.tuples(
            st.permutations([1, 2, 3, 4, 5, 6]), st.lists(st.integers(-20, 80), min_size=4, max_size=4)
        ),
        max_size=8,
    ),
    st.sampled_from(["total", "table_points", "average"]),
)
def test_ranks_are_consistent(tables, method):
    results = [result(i, list(p[:4]), totals, rnd=i) for i, (p, totals) in enumerate(tables)]
    lines = compile_standings(
        [1, 2, 3, 4, 5, 6], results, method=method, table_points=SCALE, tiebreaks=["head_to_head", "lots"]
    )
    assert sorted(ln.player for ln in lines) == [1, 2, 3, 4, 5, 6]
    assert [ln.rank for ln in lines] == sorted(ln.rank for ln in lines)
    assert all(a.points >= b.points - 1e-9 for a, b in itertools.pairwise(lines))
    assert lines[0].rank == 1
    assert all(ln.rank <= ln.rank_to for ln in lines)
    assert sum(ln.games for ln in lines) == 4 * len(results)
