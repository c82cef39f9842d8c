"""rules.durak.core: the beat, the beaters table, the decks, the first attacker and the jack."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import parse_card
from rules.durak.core import (
    BASE,
    BEATERS,
    BIT,
    IDS,
    RANK,
    SUIT,
    TWIN,
    beats,
    cards_of,
    deck_mask,
    first_attackers,
    lowest_trump_leads,
    name,
    ranks_of,
)

S, H, D, C = 0, 1, 2, 3


def c(text: str) -> int:
    return parse_card(text)


def mask(*texts: str) -> int:
    out = 0
    for t in texts:
        out |= BIT[c(t)]
    return out


@pytest.mark.parametrize(
    ("attack", "defence", "trump", "expected"),
    [
        ("6S", "7S", H, True),  # higher of the suit
        ("7S", "6S", H, False),  # lower of the suit
        ("AS", "6H", H, True),  # any trump on a plain card
        ("AS", "6D", H, False),  # another plain suit
        ("6H", "7H", H, True),  # a trump only by a higher trump
        ("7H", "6H", H, False),
        ("6H", "AS", H, False),  # a plain card never beats a trump
        ("TD", "TD", H, False),  # the card itself (the twin): not higher
        ("6S", "7S", -1, True),  # no trumps: the suit only
        ("6S", "6H", -1, False),
    ],
)
def test_beats(attack, defence, trump, expected):
    assert beats(c(attack), c(defence), trump) is expected


def test_the_twin_of_the_second_deck_never_beats_its_card():
    """«картой, равной по значению и масти, отбиться нельзя»."""
    six = c("6S")
    assert TWIN[six] == six + 52
    assert BASE[TWIN[six]] == six
    for trump in range(-1, 4):
        assert not beats(six, TWIN[six], trump)
        assert not beats(TWIN[six], six, trump)


@given(st.integers(0, IDS - 1), st.integers(0, IDS - 1), st.integers(-1, 3))
def test_the_beaters_table_is_the_beat(attack, defence, trump):
    assert bool(BEATERS[trump + 1][attack] & BIT[defence]) is beats(attack, defence, trump)


def test_decks():
    assert deck_mask(36).bit_count() == 36
    assert deck_mask(52).bit_count() == 52
    assert deck_mask(36, 2).bit_count() == 72
    assert deck_mask(52, 2).bit_count() == 104
    assert min(RANK[x] for x in cards_of(deck_mask(36))) == 4  # the six
    assert {name(x) for x in cards_of(deck_mask(36, 2)) if x >= 52} == {
        name(x) for x in cards_of(deck_mask(36))
    }


def test_ranks_and_suits():
    assert (RANK[c("TH")], SUIT[c("TH")]) == (8, H)
    assert ranks_of(mask("6S", "6H", "AC")) == (1 << 4) | (1 << 12)


@pytest.mark.parametrize(
    ("turned", "jack", "lowest"),
    [
        ("6", "lowest", True),
        ("T", "lowest", True),
        ("J", "lowest", True),  # «от 6 до валета» read first
        ("J", "highest", False),  # the other reading: «от валета до туза»
        ("Q", "lowest", False),
        ("A", "highest", False),
        ("2", "lowest", True),  # the 52-card deck's 2..5 are below the six
    ],
)
def test_the_turned_card_gives_the_lead_to_the_lowest_or_highest_trump(turned, jack, lowest):
    assert lowest_trump_leads(RANK[c(turned + "S")], jack) is lowest


def test_first_attacker_lowest_trump():
    hands = [mask("8H", "AS"), mask("7H", "KH"), mask("6S", "AD")]
    seats, rank, trumpy = first_attackers(hands, H, RANK[c("9H")])
    assert (seats, rank, trumpy) == (frozenset({1}), RANK[c("7H")], True)


def test_first_attacker_highest_trump_for_a_turned_queen():
    hands = [mask("8H", "AS"), mask("7H", "KH"), mask("6S", "AD")]
    assert first_attackers(hands, H, RANK[c("QH")])[0] == frozenset({1})  # KH
    assert first_attackers([mask("8H"), mask("7H"), mask("9H")], H, RANK[c("QH")])[0] == frozenset({2})


def test_the_jack_reading_decides_who_leads():
    hands = [mask("6H"), mask("AH")]
    assert first_attackers(hands, H, RANK[c("JH")], "lowest")[0] == frozenset({0})
    assert first_attackers(hands, H, RANK[c("JH")], "highest")[0] == frozenset({1})


def test_without_trumps_in_hand_the_highest_card_leads_and_ties_are_allowed():
    """«Если у игроков на руках нет ни одного козыря, ходит тот, у кого самая старшая карта»: the
    seed ranks no suit, so both aces may lead."""
    hands = [mask("AS", "6D"), mask("KD", "7C"), mask("AC", "8D")]
    assert first_attackers(hands, H, RANK[c("9H")]) == (frozenset({0, 2}), 12, False)
    assert first_attackers(hands, -1, -1) == (frozenset({0, 2}), 12, False)
