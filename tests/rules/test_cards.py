"""Cards: lenient reading, canonical writing, the integer and mask encoding."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.cards import (
    BIT,
    FULL_DECK,
    NAME,
    RANK_OF,
    SUIT_MASK,
    SUIT_OF,
    CardError,
    card_name,
    cards_of,
    count,
    highest,
    make,
    mask_of,
    parse_card,
)


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("TH", "TH"),
        ("10H", "TH"),
        ("10♥", "TH"),
        ("th", "TH"),
        ("QS", "QS"),
        ("q♠", "QS"),
        ("2c", "2C"),
        ("A♦", "AD"),
        ("Т♠", "AS"),  # Cyrillic Т is the ace (туз)
        ("T♠", "TS"),  # Latin T is the ten
        ("В♣", "JC"),  # валет
        ("Д♥", "QH"),  # дама
        ("К♦", "KD"),  # король
        ("д♥", "QH"),
        (" 9d ", "9D"),
        ("J♧", "JC"),
    ],
)
def test_lenient_spellings_read_as_the_canonical_card(text, canonical):
    assert card_name(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["ZZ", "1H", "11S", "H", "", "AX", "10", "QQ", "B♣"])
def test_unknown_cards_are_refused(text):
    with pytest.raises(CardError):
        parse_card(text)


def test_a_non_string_is_refused_with_its_type():
    with pytest.raises(CardError, match="must be a string, not int"):
        parse_card(12)  # type: ignore[arg-type]


def test_encoding_is_suit_then_rank_in_the_spec_order():
    assert make(0, 0) == 0  # 2S
    assert NAME[make(12, 0)] == "AS"
    assert NAME[make(0, 1)] == "2H"
    assert NAME[make(8, 2)] == "TD"
    assert NAME[make(12, 3)] == "AC"
    assert (SUIT_OF[parse_card("KH")], RANK_OF[parse_card("KH")]) == (1, 11)


def test_masks():
    hand = mask_of(parse_card(c) for c in ["AS", "2S", "TD"])
    assert count(hand) == 3
    assert [NAME[c] for c in cards_of(hand)] == ["2S", "AS", "TD"]
    assert NAME[highest(hand & SUIT_MASK[0])] == "AS"
    assert hand & SUIT_MASK[3] == 0
    assert sum(SUIT_MASK) == FULL_DECK
    assert BIT[51] == 1 << 51


@given(st.integers(min_value=0, max_value=51))
def test_every_card_round_trips_through_its_name(card):
    assert parse_card(card_name(card)) == card
    assert parse_card(card_name(card).lower()) == card


@given(st.sets(st.integers(min_value=0, max_value=51)))
def test_mask_round_trip(cards):
    assert cards_of(mask_of(cards)) == sorted(cards)
