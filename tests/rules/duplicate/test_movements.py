"""Movements, checked by property over field sizes: who meets whom, and who plays which boards how often."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.movements import (
    HOWELL_OFFSETS,
    Sitting,
    howell,
    mitchell,
    round_robin_pairings,
    sharing,
    team_of,
    team_round_robin,
    times_played,
)


def _each_round_seats_each_table_once(movement) -> None:
    for r in range(1, movement.rounds + 1):
        sittings = movement.round(r)
        assert sorted(s.table for s in sittings) == list(range(1, len(sittings) + 1)) or (
            movement.kind == "teams"
        )
        seated = [p for s in sittings for p in (s.ns, s.ew) if p is not None]
        assert len(seated) == len(set(seated)), f"a pair at two tables in round {r}"


@given(st.integers(3, 25))
def test_an_odd_mitchell_meets_every_pair_across_and_plays_every_set_once(tables: int) -> None:
    tables |= 1
    m = mitchell(tables)
    assert m.rounds == tables == m.sets
    _each_round_seats_each_table_once(m)
    ns, ew = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    assert m.meetings() == Counter({frozenset((a, b)): 1 for a in ns for b in ew})
    assert m.plays() == Counter({(p, b): 1 for p in m.pairs for b in range(1, tables + 1)})
    assert times_played(m) == Counter(dict.fromkeys(range(1, tables + 1), tables))
    assert sharing(m) == []
    assert all(s.ns in ns for s in m.sittings), "North–South pairs stay North–South"
    assert all(s.ns == s.table for s in m.sittings), "and at their table"


@given(st.integers(2, 13))
def test_an_even_mitchell_skips_and_misses_one_pair(tables: int) -> None:
    tables *= 2
    m = mitchell(tables)
    assert m.rounds == tables - 1
    _each_round_seats_each_table_once(m)
    assert max(m.meetings().values()) == 1
    assert max(m.plays().values()) == 1, "nobody plays a board twice"
    for pair in range(tables + 1, 2 * tables + 1):
        met = {s.ns for s in m.of_pair(pair)}
        assert len(met) == tables - 1
        start = pair - tables
        # The pair skipped is the one half the tables away from where it started.
        assert set(range(1, tables + 1)) - met == {(start - 1 + tables // 2) % tables + 1}
    # Every set is played at tables − 1 tables.
    assert times_played(m) == Counter(dict.fromkeys(range(1, tables + 1), tables - 1))


def test_six_tables_by_hand() -> None:
    # East–West 1 (pair 7): table 1 set 1, table 2 set 3, table 3 set 5, then the skip:
    # table 5 set 2 (5 + 3 = 8 → 2), table 6 set 4 (6 + 4 = 10 → 4). North–South 4 is missed.
    seen = [(s.round, s.table, s.boards) for s in mitchell(6).of_pair(7)]
    assert seen == [(1, 1, 1), (2, 2, 3), (3, 3, 5), (4, 5, 2), (5, 6, 4)]


@given(st.integers(3, 15), st.data())
def test_a_curtailed_mitchell_plays_every_set_equally_often(tables: int, data: st.DataObject) -> None:
    full = tables if tables % 2 else tables - 1
    rounds = data.draw(st.integers(1, full))
    m = mitchell(tables, rounds=rounds)
    assert m.rounds == rounds
    assert max(m.meetings().values()) == 1
    assert max(m.plays().values()) == 1
    assert set(times_played(m).values()) == {rounds}


def test_the_arrow_switch_turns_the_pairs_round_in_its_rounds() -> None:
    m = mitchell(5, switched=[4, 5])
    assert m.switched == frozenset({4, 5})
    assert m.round(1)[0] == Sitting(1, 1, 1, 6, 1)
    assert m.round(4)[0] == Sitting(4, 1, 8, 1, 4)
    # The comparisons are unchanged: the same meetings, the same boards.
    plain = mitchell(5)
    assert m.meetings() == plain.meetings()
    assert m.plays() == plain.plays()
    # North–South 1 now plays two of its five boards East–West.
    assert [s.ns == 1 for s in m.of_pair(1)] == [True, True, True, False, False]


def test_a_half_table_sits_the_phantom_s_opponent_out() -> None:
    m = mitchell(5, phantom=10)
    assert 10 not in m.pairs
    assert len(m.pairs) == 9
    byes = [(s.round, s.ns) for s in m.sittings if s.ew is None]
    assert byes == [(1, 5), (2, 1), (3, 2), (4, 3), (5, 4)]
    assert all(len(m.of_pair(p)) == 4 and len(m.sits_out(p)) == 1 for p in range(1, 6))
    assert all(len(m.of_pair(p)) == 5 for p in range(6, 10))


def test_refusals() -> None:
    with pytest.raises(ValueError, match="at least 2 tables"):
        mitchell(1)
    with pytest.raises(ValueError, match="1 to 5 rounds, not 6"):
        mitchell(6, rounds=6)
    with pytest.raises(ValueError, match="arrow switch"):
        mitchell(5, switched=[6])
    with pytest.raises(ValueError, match="2 to 12 tables, not 13"):
        howell(13)


@pytest.mark.parametrize("tables", sorted(HOWELL_OFFSETS), ids=lambda n: f"{n}-tables")
def test_a_howell_meets_every_pair_and_plays_every_set_once(tables: int) -> None:
    m = howell(tables)
    pairs = range(1, 2 * tables + 1)
    assert m.rounds == m.sets == 2 * tables - 1
    _each_round_seats_each_table_once(m)
    assert m.meetings() == Counter({frozenset((a, b)): 1 for a in pairs for b in pairs if a < b})
    assert m.plays() == Counter({(p, b): 1 for p in pairs for b in range(1, m.sets + 1)})
    assert times_played(m) == Counter(dict.fromkeys(range(1, m.sets + 1), tables))
    north_south = Counter(s.ns for s in m.sittings)
    assert north_south[2 * tables] == m.rounds
    assert {north_south[p] for p in pairs if p != 2 * tables} == {tables - 1}


@pytest.mark.parametrize(
    ("tables", "shared"),
    [(2, 3), (3, 5), (4, 0), (5, 9), (6, 0), (7, 0), (8, 0), (9, 0), (10, 0), (11, 0), (12, 0)],
    ids=lambda v: str(v),
)
def test_howell_tables_share_a_set_only_where_no_cyclic_rule_avoids_it(tables: int, shared: int) -> None:
    assert len(sharing(howell(tables))) == shared
    if tables == 5:
        assert {tuple(t) for _, _, t in sharing(howell(5))} == {(2, 5)}


def test_a_howell_with_an_odd_number_of_pairs() -> None:
    m = howell(4, phantom=8)
    assert [(s.round, s.ew) for s in m.sittings if s.ns is None] == [(r, r) for r in range(1, 8)]
    assert all(len(m.of_pair(p)) == 6 and m.sits_out(p) == [p] for p in range(1, 8))


@given(st.integers(2, 16))
def test_a_round_robin_meets_every_team_once(teams: int) -> None:
    rounds = round_robin_pairings(teams)
    assert len(rounds) == teams - 1 + teams % 2
    met = Counter(frozenset(m) for r in rounds for m in r if None not in m)
    assert met == Counter(
        {frozenset((a, b)): 1 for a in range(1, teams + 1) for b in range(a + 1, teams + 1)}
    )
    home = Counter(h for r in rounds for h, a in r if h is not None and a is not None)
    away = Counter(a for r in rounds for h, a in r if h is not None and a is not None)
    assert all(abs(home[t] - away[t]) <= 1 for t in range(1, teams + 1))
    for r in rounds:
        playing = [t for m in r for t in m if t is not None]
        assert len(playing) == len(set(playing))


@given(st.integers(2, 12))
def test_a_team_match_plays_its_boards_at_both_tables_with_the_teams_crossed(teams: int) -> None:
    m = team_round_robin(teams)
    by_set: dict[int, list[Sitting]] = {}
    for s in m.sittings:
        by_set.setdefault(s.boards, []).append(s)
    for pair in by_set.values():
        assert len(pair) == 2
        a, b = pair
        assert team_of(a.ns) == team_of(b.ew)
        assert team_of(a.ew) == team_of(b.ns)
        assert team_of(a.ns) != team_of(a.ew)
    assert max(m.plays().values()) == 1


def test_guide_cards_for_a_pair_and_a_table() -> None:
    from rules.duplicate.movements import CardLine, boards_of_set, pair_card, table_card

    m = mitchell(5, phantom=10)
    # East–West 1 (pair 6) moves up a table a round and meets the sets 1, 3, 5, 2, 4.
    assert pair_card(m, 6) == [
        CardLine(1, 1, "EW", 1, 1),
        CardLine(2, 2, "EW", 2, 3),
        CardLine(3, 3, "EW", 3, 5),
        CardLine(4, 4, "EW", 4, 2),
        CardLine(5, 5, "EW", 5, 4),
    ]
    # North–South 5 sits at table 5 throughout and sits out round 1 against the phantom (East–West
    # 5, pair 10); East–West come up from table 4 each round: pairs 9, 8, 7, 6.
    assert [(c.round, c.opponents) for c in pair_card(m, 5)] == [(1, None), (2, 9), (3, 8), (4, 7), (5, 6)]
    assert [(s.round, s.ns, s.ew, s.boards) for s in table_card(m, 5)] == [
        (1, 5, None, 5), (2, 5, 9, 1), (3, 5, 8, 2), (4, 5, 7, 3), (5, 5, 6, 4)
    ]  # fmt: skip
    assert list(boards_of_set(3, 4)) == [9, 10, 11, 12]
    with pytest.raises(ValueError, match="pair 10 is not in this movement"):
        pair_card(m, 10)
    with pytest.raises(ValueError, match="table 6 is not in this movement"):
        table_card(m, 6)


@given(st.integers(2, 12))
def test_every_pair_card_has_a_line_for_every_round(tables: int) -> None:
    from rules.duplicate.movements import pair_card

    for m in (mitchell(tables), howell(tables)):
        for pair in m.pairs:
            assert [c.round for c in pair_card(m, pair)] == list(range(1, m.rounds + 1))


@given(st.integers(2, 12))
def test_a_relay_and_bye_mitchell_meets_every_pair_and_plays_every_set(half: int) -> None:
    tables = 2 * half
    m = mitchell(tables, relay=True)
    assert (m.kind, m.rounds, m.sets) == ("mitchell-relay", tables, tables)
    _each_round_seats_each_table_once(m)
    ns, ew = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    assert m.meetings() == Counter({frozenset((a, b)): 1 for a in ns for b in ew})
    assert m.plays() == Counter({(p, b): 1 for p in m.pairs for b in range(1, tables + 1)})
    assert times_played(m) == Counter(dict.fromkeys(range(1, tables + 1), tables))
    # Each round tables 1 and n share one set, and one set rests on the bye stand.
    for r in range(1, tables + 1):
        assert sharing(m)[r - 1][0] == r
        assert sorted(sharing(m)[r - 1][2]) == [1, tables]
        assert len({s.boards for s in m.round(r)}) == tables - 1


def test_a_relay_is_for_an_even_field() -> None:
    with pytest.raises(ValueError, match="even number of tables from 4, not 5"):
        mitchell(5, relay=True)
    # Four tables by hand: stations T1+T4, T2, bye, T3; round 1 sets 1, 2, (3 on the bye), 4.
    assert [(s.table, s.boards) for s in mitchell(4, relay=True).round(1)] == [(1, 1), (2, 2), (3, 4), (4, 1)]
