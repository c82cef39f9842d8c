"""Dark pass-outs and bombs, one seed sentence (seed 002, 6.4) per test.

Seats: Anna 0, Boris 1, Vera 2, and Gleb 3 at a four-player table (the dealer sits out).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.preferans.bombs import (
    Bomb,
    BombOptions,
    BombRank,
    BombState,
    dark_passout_multiplier,
)

ANNA, BORIS, VERA, GLEB = 0, 1, 2, 3
S, D, Y = BombRank.SIMPLE, BombRank.DOUBLE, BombRank.YOLKA


def ranks(state: BombState) -> dict[int, list[int]]:
    """Each seat's live bombs by rank, oldest first."""
    return {seat: [int(b.rank) for b in state.bombs_of(seat)] for seat in range(state.players_count)}


# "все штрафные очки за взятки удваиваются для всех игроков ... на первых распасах штрафы
# будут вдвое больше, чем на светлых, на вторых вчетверо и на третьих в восемь раз"


def test_dark_pass_out_penalties_are_doubled_quadrupled_and_multiplied_by_eight():
    assert [dark_passout_multiplier(r) for r in (1, 2, 3)] == [2, 4, 8]


@pytest.mark.parametrize("round_no", [0, 4, -1])
def test_there_is_no_dark_pass_out_before_the_first_or_after_the_third(round_no):
    with pytest.raises(ValueError, match="first, second or third"):
        dark_passout_multiplier(round_no)


# "Всем объявившим ПАС В ТЕМНУЮ и присоединившимся, на пульке рисуется бомба, за второй ПАС —
# двойная бомба, на третьей — елка."


@pytest.mark.parametrize(("round_no", "rank"), [(1, S), (2, D), (3, Y)])
def test_everyone_who_passed_dark_gets_the_rounds_bomb(round_no, rank):
    # Three players, dealer Vera: all three passed blind.
    state = BombState(3).after_dark_passout({ANNA, BORIS, VERA}, set(), VERA, round_no)
    assert ranks(state) == {ANNA: [rank], BORIS: [rank], VERA: [rank]}
    assert [b.multiplier for b in state.bombs] == [2**round_no] * 3


def test_bomb_ranks_and_names():
    assert [r.multiplier for r in BombRank] == [2, 4, 8]
    assert [r.russian for r in BombRank] == ["бомба", "двойная бомба", "ёлка"]


def test_three_dark_pass_outs_in_a_row_draw_a_bomb_a_double_bomb_and_a_yolka():
    state = BombState(3)
    for round_no, dealer in ((1, VERA), (2, ANNA), (3, BORIS)):
        state = state.after_dark_passout({ANNA, BORIS, VERA}, set(), dealer, round_no, deal=round_no)
    assert ranks(state) == {ANNA: [1, 2, 3], BORIS: [1, 2, 3], VERA: [1, 2, 3]}
    assert [e.kind for e in state.events] == ["drawn"] * 9
    assert state.events[0].bomb == Bomb(owner=ANNA, rank=S, drawn=1)


# "Если все игроки не глядя в карты сказали ПАС В ТЕМНУЮ, то соответствующие бомбы пишутся
# также и сдающему."


@pytest.mark.parametrize(("round_no", "rank"), [(1, S), (2, D), (3, Y)])
def test_when_all_passed_blind_the_dealer_sitting_out_gets_the_bombs_too(round_no, rank):
    state = BombState(4).after_dark_passout({ANNA, BORIS, VERA}, set(), GLEB, round_no)
    assert ranks(state) == {ANNA: [rank], BORIS: [rank], VERA: [rank], GLEB: [rank]}
    # drawn from the first hand round to the dealer
    assert [b.owner for b in state.bombs] == [ANNA, BORIS, VERA, GLEB]


# "Если хотя бы один игрок, прежде чем иэ объявить ПАС, посмотрел карты, то ему и сдающему
# бомбы идут на ранг ниже: при простой бомбе ничего, на двойной — простая, на елке — двойная."


def test_who_looked_first_dark_pass_out_gets_nothing_and_neither_does_the_dealer():
    state = BombState(4).after_dark_passout({ANNA, VERA}, {BORIS}, GLEB, 1)
    assert ranks(state) == {ANNA: [1], BORIS: [], VERA: [1], GLEB: []}


def test_who_looked_second_dark_pass_out_gets_a_simple_bomb_and_so_does_the_dealer():
    state = BombState(4).after_dark_passout({ANNA, VERA}, {BORIS}, GLEB, 2)
    assert ranks(state) == {ANNA: [2], BORIS: [1], VERA: [2], GLEB: [1]}


def test_who_looked_third_dark_pass_out_gets_a_double_bomb_and_so_does_the_dealer():
    state = BombState(4).after_dark_passout({ANNA}, {BORIS, VERA}, GLEB, 3)
    assert ranks(state) == {ANNA: [3], BORIS: [2], VERA: [2], GLEB: [2]}


def test_three_players_the_dealer_gets_the_bomb_of_the_dealers_own_pass():
    # Dealer Vera passed blind, Boris looked: Vera's bomb is the full one by default ...
    state = BombState(3).after_dark_passout({ANNA, VERA}, {BORIS}, VERA, 2)
    assert ranks(state) == {ANNA: [2], BORIS: [1], VERA: [2]}
    # ... and one rank lower when the dealer sentence is read for three players as well.
    opt = BombOptions(three_player_dealer="dealer")
    state = BombState(3, options=opt).after_dark_passout({ANNA, VERA}, {BORIS}, VERA, 2)
    assert ranks(state) == {ANNA: [2], BORIS: [1], VERA: [1]}
    # a dealer who looked is a rank lower either way
    state = BombState(3).after_dark_passout({ANNA}, {BORIS, VERA}, VERA, 3)
    assert ranks(state) == {ANNA: [3], BORIS: [2], VERA: [2]}


@pytest.mark.parametrize(
    ("dark", "looked", "dealer", "message"),
    [
        ({ANNA, BORIS}, {BORIS, VERA}, GLEB, "both pass blind and look"),
        ({ANNA, BORIS}, set(), GLEB, "all three seats in play"),
        ({ANNA, BORIS, GLEB}, {VERA}, GLEB, "all three seats in play"),
        (set(), {ANNA, BORIS, VERA}, GLEB, "needs at least one"),
    ],
)
def test_a_dark_pass_out_is_everyone_in_play_passing_some_blind(dark, looked, dealer, message):
    with pytest.raises(ValueError, match=message):
        BombState(4).after_dark_passout(dark, looked, dealer, 1)


# "В последующем, бомбы отыгрываются как на светлых так и на темных играх — увеличивая
# выигрыш (или проигрыш) от игры в 2, 4 или 8 раз."


def test_a_bomb_multiplies_its_owners_next_game_by_two_four_or_eight():
    # Deal 1, dealer Gleb: all passed blind. Deal 2, dealer Anna sits out: Vera looked.
    state = BombState(4).after_dark_passout({ANNA, BORIS, VERA}, set(), GLEB, 1)
    state = state.after_dark_passout({BORIS, GLEB}, {VERA}, ANNA, 2)
    # Anna: simple (round 1) + simple (dealer, someone looked); Boris: simple, double;
    # Vera: simple, simple (looked); Gleb: simple (dealer round 1), double.
    assert ranks(state) == {ANNA: [1, 1], BORIS: [1, 2], VERA: [1, 1], GLEB: [1, 2]}
    assert state.multiplier_for(BORIS) == 2  # the oldest bomb first
    state = BombState(4).after_dark_passout({ANNA, BORIS, VERA}, set(), GLEB, 3)
    assert state.multiplier_for(VERA) == 8
    assert BombState(3).multiplier_for(ANNA) == 1  # no bomb, no factor


# "При проигрыше, однако, бомба не пропадает, оставаясь до следующей игры."


def test_a_lost_game_keeps_the_bomb_for_the_next_game():
    state = BombState(3).after_dark_passout({ANNA, BORIS, VERA}, set(), VERA, 2, deal=1)
    state = state.after_game(BORIS, won=False, deal=2)
    assert ranks(state)[BORIS] == [2]
    assert state.multiplier_for(BORIS) == 4
    state = state.after_game(BORIS, won=False, deal=3)
    assert state.multiplier_for(BORIS) == 4
    assert [(e.kind, e.bomb.owner, e.deal) for e in state.events[3:]] == [
        ("kept", BORIS, 2),
        ("kept", BORIS, 3),
    ]


# "Сыгранная игра гасит бомбу и следующая игра идет на другой бомбе."


def test_a_made_game_extinguishes_the_bomb_and_the_next_game_goes_on_another():
    state = BombState(3)
    state = state.after_dark_passout({ANNA, BORIS, VERA}, set(), VERA, 1, deal=1)
    state = state.after_dark_passout({ANNA, BORIS, VERA}, set(), ANNA, 2, deal=2)
    assert ranks(state)[ANNA] == [1, 2]
    assert state.multiplier_for(ANNA) == 2
    state = state.after_game(ANNA, won=True, deal=3)  # the simple bomb is gone
    assert ranks(state)[ANNA] == [2]
    assert state.multiplier_for(ANNA) == 4  # the next game goes on the double bomb
    state = state.after_game(ANNA, won=False, deal=4)  # lost: the double bomb stays
    assert state.multiplier_for(ANNA) == 4
    state = state.after_game(ANNA, won=True, deal=5)
    assert ranks(state)[ANNA] == []
    assert state.multiplier_for(ANNA) == 1
    # the others' bombs were untouched by Anna's games
    assert ranks(state)[BORIS] == [1, 2]
    assert [e.kind for e in state.events if e.bomb.owner == ANNA] == [
        "drawn",
        "drawn",
        "extinguished",
        "kept",
        "extinguished",
    ]


def test_a_game_without_a_bomb_changes_nothing():
    state = BombState(4).after_dark_passout({ANNA, VERA}, {BORIS}, GLEB, 1)
    assert state.after_game(BORIS, won=True) == state
    assert state.after_game(GLEB, won=False) == state


def test_the_table_reading_puts_the_next_game_whoever_plays_on_the_oldest_bomb():
    opt = BombOptions(use="table")
    state = BombState(3, options=opt)
    state = state.after_dark_passout({ANNA, BORIS}, {VERA}, VERA, 2, deal=1)
    # drawn: Anna double, Boris double, Vera simple
    assert [(b.owner, int(b.rank)) for b in state.bombs] == [(ANNA, 2), (BORIS, 2), (VERA, 1)]
    assert state.multiplier_for(VERA) == 4  # Vera's game goes on Anna's double bomb
    state = state.after_game(VERA, won=False)
    assert state.multiplier_for(BORIS) == 4  # lost: the same bomb stays
    state = state.after_game(BORIS, won=True)
    assert [(b.owner, int(b.rank)) for b in state.bombs] == [(BORIS, 2), (VERA, 1)]
    state = state.after_game(ANNA, won=True)
    assert state.multiplier_for(ANNA) == 2  # then Vera's simple bomb
    state = state.after_game(ANNA, won=True)
    assert state.bombs == ()


@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.booleans()),
        max_size=30,
    ),
    st.sampled_from(["owner", "table"]),
)
def test_bombs_only_go_by_made_games_and_each_made_game_on_a_bomb_takes_one(games, use):
    state = BombState(3, options=BombOptions(use=use))
    state = state.after_dark_passout({ANNA, BORIS, VERA}, set(), VERA, 1)
    state = state.after_dark_passout({ANNA, BORIS}, {VERA}, ANNA, 2)
    for declarer, won in games:
        before = len(state.bombs)
        factor = state.multiplier_for(declarer)
        state = state.after_game(declarer, won)
        assert factor in (1, 2, 4, 8)
        assert len(state.bombs) == before - (1 if won and factor > 1 else 0)
