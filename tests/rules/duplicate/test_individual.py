"""Individual movements, checked whole for every field size: partners once, opponents twice,
every set once per player, the fixed player North at table 1."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.duplicate.individual import SIZES, individual


@pytest.mark.parametrize("players", SIZES, ids=[f"{n}-players" for n in SIZES])
def test_every_two_players_partner_once_and_oppose_twice(players):
    movement = individual(players)
    everyone = [frozenset(p) for p in combinations(range(1, players + 1), 2)]
    assert movement.partners() == dict.fromkeys(everyone, 1)
    assert movement.opponents() == dict.fromkeys(everyone, 2)


@pytest.mark.parametrize("players", SIZES, ids=[f"{n}-players" for n in SIZES])
def test_each_round_seats_everyone_but_the_sit_out_and_every_table_plays_the_rounds_set(players):
    movement = individual(players)
    assert movement.tables == players // 4
    assert movement.rounds == movement.sets == (players - 1 if players % 4 == 0 else players)
    for r in range(1, movement.rounds + 1):
        seated = [p for s in movement.round(r) for p in s.players()]
        out = [r] if players % 4 else []
        assert sorted(seated + out) == list(range(1, players + 1))
        assert {s.boards for s in movement.round(r)} == {r}
    for player in range(1, players + 1):
        sets = [s.boards for s in movement.of_player(player)]
        assert len(sets) == len(set(sets))
        assert movement.sits_out(player) == ([player] if players % 4 else [])
    if players % 4 == 0:
        assert all(s.north == players for s in movement.sittings if s.table == 1)


def test_the_first_round_of_eight_players():
    first = individual(8).round(1)
    assert [f.players() for f in first] == [(8, 5, 6, 3), (7, 2, 4, 1)]


@given(st.sampled_from(SIZES), st.data())
def test_a_curtailed_movement_never_repeats_a_partnership(players, data):
    full = individual(players).rounds
    rounds = data.draw(st.integers(1, full))
    movement = individual(players, rounds)
    assert movement.rounds == rounds
    assert max(movement.partners().values()) == 1
    assert len(movement.sittings) == rounds * movement.tables


def test_a_field_without_a_movement_and_rounds_out_of_range_are_refused():
    with pytest.raises(ValueError, match="no individual movement for 10 players"):
        individual(10)
    with pytest.raises(ValueError, match="1 to 7 rounds"):
        individual(8, 8)
