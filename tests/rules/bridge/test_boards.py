"""Duplicate boards: Law 2's dealer and vulnerability, deals made again from their seed, the hand record."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.bridge.boards import (
    Board,
    deal_board,
    deal_boards,
    deal_text,
    dealer_of,
    hand_record_pbn,
    hand_text,
    is_deal,
    vulnerable_of,
)
from rules.cards import mask_of, parse_card

# Law 2, boards 1-16, as printed on the boards: (dealer, vulnerable).
LAW_2 = [
    ("N", "none"), ("E", "NS"), ("S", "EW"), ("W", "all"),
    ("N", "NS"), ("E", "EW"), ("S", "all"), ("W", "none"),
    ("N", "EW"), ("E", "all"), ("S", "none"), ("W", "NS"),
    ("N", "all"), ("E", "none"), ("S", "NS"), ("W", "EW"),
]  # fmt: skip
_VUL = {"none": (False, False), "NS": (True, False), "EW": (False, True), "all": (True, True)}


@pytest.mark.parametrize("board", range(1, 33), ids=lambda n: f"board-{n}")
def test_law_2_dealer_and_vulnerability(board: int) -> None:
    dealer, vulnerable = LAW_2[(board - 1) % 16]
    assert "NESW"[dealer_of(board)] == dealer
    assert vulnerable_of(board) == _VUL[vulnerable]


def test_boards_are_numbered_from_one() -> None:
    with pytest.raises(ValueError, match="from 1, not 0"):
        dealer_of(0)


def test_a_seed_deals_the_same_board_again() -> None:
    # Pinned: the same seed and number give these cards on every machine and Python 3.
    board = deal_board("kozyr-2026-12-04", 1)
    assert deal_text(board) == "N:AKJ54.KT4.A75.K7 T87.A952.QT964.Q Q.J876.K83.98643 9632.Q3.J2.AJT52"
    assert deal_board("kozyr-2026-12-04", 1) == board
    assert deal_board("kozyr-2026-12-04", 2) != board
    assert deal_board("kozyr-2026-12-05", 1) != board


@given(st.text(max_size=20), st.integers(1, 200))
def test_every_dealt_board_is_a_whole_deal(seed: str, number: int) -> None:
    assert is_deal(deal_board(seed, number).hands)


def test_is_deal_refuses_short_and_repeated_hands() -> None:
    board = deal_board("x", 1)
    n, e, s, w = board.hands
    assert not is_deal((n, e, s))
    assert not is_deal((n, n, s, w))
    low = n & -n  # North's lowest card given to East as well
    assert not is_deal((n, e | low, s, w))


def test_the_deal_text_starts_with_the_dealer() -> None:
    board = deal_boards("kozyr-2026-12-04", [1, 2])[1]
    assert deal_text(board).startswith("E:")
    assert hand_text(mask_of(parse_card(c) for c in ("AS", "TS", "2H", "KC"))) == "AT.2..K"


def test_a_hand_record_file() -> None:
    spades = mask_of(parse_card(r + "S") for r in "AKQJT98765432")
    hearts = mask_of(parse_card(r + "H") for r in "AKQJT98765432")
    diamonds = mask_of(parse_card(r + "D") for r in "AKQJT98765432")
    clubs = mask_of(parse_card(r + "C") for r in "AKQJT98765432")
    board = Board(2, (spades, hearts, diamonds, clubs))
    table = {strain: dict.fromkeys("NESW", 0) for strain in ("NT", "S", "H", "D", "C")}
    table["S"].update(N=13, S=13)
    table["H"].update(E=13, W=13)
    text = hand_record_pbn([board], event="Вечер пар", analysis={2: (table, 1510, "7S N")})
    assert text.split("\r\n") == [
        "% PBN 2.1",
        "",
        '[Event "Вечер пар"]',
        '[Site ""]',
        '[Date "?"]',
        '[Board "2"]',
        '[Dealer "E"]',
        '[Vulnerable "NS"]',
        '[Deal "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."]',
        # N, S, E, W, each NT S H D C in hex: North and South d in spades, East and West in hearts.
        '[DoubleDummyTricks "0d0000d00000d0000d00"]',
        '[OptimumScore "NS 1510"]',
        "",
    ]


def test_fouled_versions_number_each_deal_apart_from_the_record() -> None:
    from rules.bridge.boards import fouled_versions

    record = deal_board("kozyr-2026-12-04", 1)
    n, e, s, w = record.hands
    # Two cards swapped between North and East: North's lowest and East's lowest.
    n_low, e_low = n & -n, e & -e
    fouled = (n ^ n_low | e_low, e ^ e_low | n_low, s, w)
    other = (n, e, w, s)  # South's and West's hands swapped
    partial = (0, e, s, w)  # North's cards not given: as dealt
    assert fouled_versions(record, [record.hands, fouled, None, other, fouled, partial]) == [0, 1, 0, 2, 1, 0]
    # The fouled deal given without North's hand is still the fouled version.
    assert fouled_versions(record, [fouled, (0, fouled[1], s, w)]) == [1, 1]
