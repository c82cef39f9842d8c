"""The 32-card deck and the order of the games in the auction."""

from __future__ import annotations

from rules.cards import NAME
from rules.preferans.core import ALL_CONTRACTS, DECK, Contract, Strain, read_contract


def test_the_deck_is_thirty_two_cards_from_the_seven_up():
    assert len(DECK) == 32
    assert sorted(NAME[c][0] for c in DECK if NAME[c][1] == "S") == sorted("789TJQKA")


def test_games_in_auction_order_with_misere_between_eight_and_nine():
    order = [str(c) for c in ALL_CONTRACTS]
    assert order[:6] == ["6S", "6C", "6D", "6H", "6NT", "7S"]
    assert order[14:17] == ["8NT", "misere", "9S"]
    assert order[-1] == "10NT"
    assert Contract.game(7, Strain.SPADES) > Contract.game(6, Strain.NOTRUMP)
    assert Contract.misere_game() < Contract.game(9, Strain.SPADES)


def test_reading_contracts():
    assert read_contract("7nt") == Contract.game(7, Strain.NOTRUMP)
    assert read_contract("мизер") == Contract.misere_game()
    assert read_contract("5S") is None
    assert read_contract("11H") is None
    assert read_contract("6X") is None
