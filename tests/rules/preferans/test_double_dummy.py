"""The preferans double-dummy solver against plain minimax, and on positions whose answer is known.

The reference here is an exhaustive minimax written for the test: every legal card of every
player tried (no runs merged, no bounds, no quick tricks, no move ordering), the rule of play
written out again (follow suit; void, trump when holding one; else anything) and the trick
taken by the replay's own :func:`rules.preferans.play.trick_winner_position`. It only
remembers positions it has already valued, which changes no answer. Random endings of three
to five cards each (hypothesis) must agree with the solver exactly, games and misère alike.
"""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import SUIT_MASK, cards_of, mask_of, parse_card
from rules.preferans.core import DECK
from rules.preferans.double_dummy import SolverError, declarer_tricks, makes
from rules.preferans.play import trick_winner_position

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def hand(text: str) -> int:
    return mask_of(parse_card(c) for c in text.split())


def minimax(hands: tuple[int, int, int], declarer: int, leader: int, trump: int | None, misere: bool) -> int:
    """The declarer's tricks by trying everything: max for the declarer (min in misère)."""

    def legal(h: int, led: int | None) -> list[int]:
        if led is None:
            return cards_of(h)
        if h & SUIT_MASK[led]:
            return cards_of(h & SUIT_MASK[led])
        if trump is not None and h & SUIT_MASK[trump]:
            return cards_of(h & SUIT_MASK[trump])
        return cards_of(h)

    def wants_more(seat: int) -> bool:
        return (seat == declarer) != misere

    @cache
    def value(h: tuple[int, int, int], first: int) -> int:
        if not h[0]:
            return 0
        seats = (first, (first + 1) % 3, (first + 2) % 3)

        def play(i: int, trick: tuple[int, ...], left: tuple[int, int, int]) -> int:
            if i == 3:
                led = trick[0] // 13
                winner = seats[trick_winner_position(trick, led, trump)]
                return (winner == declarer) + value(left, winner)
            seat = seats[i]
            led = trick[0] // 13 if trick else None
            outcomes = []
            for card in legal(left[seat], led):
                rest = list(left)
                rest[seat] &= ~(1 << card)
                outcomes.append(play(i + 1, (*trick, card), (rest[0], rest[1], rest[2])))
            return max(outcomes) if wants_more(seat) else min(outcomes)

        return play(0, (), h)

    return value(hands, leader)


@st.composite
def endings(draw: st.DrawFn) -> tuple[tuple[int, int, int], int, int, int | None, bool]:
    size = draw(st.integers(min_value=3, max_value=5))
    cards = draw(st.permutations(DECK))
    hands = tuple(mask_of(cards[i * size : (i + 1) * size]) for i in range(3))
    misere = draw(st.booleans())
    trump = None if misere else draw(st.sampled_from([None, SPADES, HEARTS, DIAMONDS, CLUBS]))
    return hands, draw(st.integers(0, 2)), draw(st.integers(0, 2)), trump, misere  # type: ignore[return-value]


@settings(max_examples=250, deadline=None)
@given(endings())
def test_the_solver_agrees_with_exhaustive_minimax(ending):
    hands, declarer, leader, trump, misere = ending
    expected = minimax(hands, declarer, leader, trump, misere)
    assert declarer_tricks(hands, declarer, leader, trump, misere=misere) == expected
    for guess in (0, 1, len(cards_of(hands[0]))):
        assert declarer_tricks(hands, declarer, leader, trump, misere=misere, guess=guess) == expected
    assert makes(hands, declarer, leader, trump, expected, misere=misere)
    assert not makes(hands, declarer, leader, trump, expected + 1, misere=misere)


def test_all_the_top_trumps_take_every_trick():
    """Eight spades and two aces: ten tricks in spades, whoever leads."""
    declarer = hand("AS KS QS JS TS 9S 8S 7S AH AD")
    east = hand("KH QH JH TH 9H KD QD JD TD 9D")
    west = hand("8H 7H 8D 7D AC KC QC JC TC 9C")
    for leader in range(3):
        assert declarer_tricks((declarer, east, west), 0, leader, SPADES) == 10
        assert declarer_tricks((east, declarer, west), 1, leader, SPADES) == 10


def test_the_defenders_ruff_what_the_declarer_cannot_follow():
    """No-trump the declarer's ace-king of spades make two tricks; with hearts trumps the
    defender void in spades must ruff ("обязан класть козырь") and takes both."""
    declarer = hand("AS KS")
    left = hand("QS JS")
    right = hand("7H 8H")
    assert declarer_tricks((declarer, left, right), 0, 0, None) == 2
    assert declarer_tricks((declarer, left, right), 0, 0, HEARTS) == 0


def test_a_misere_of_the_lowest_cards_takes_nothing():
    """Seven, eight, nine of each suit under every card of the catchers: nothing can make the
    declarer take a trick, whoever leads."""
    declarer = hand("7S 8S 9S 7C 8C 9C 7D 8D 9D 7H")
    first = hand("QS JS QC JC QD JD TD TH 9H 8H")
    second = hand("AS KS AC KC AD KD AH KH QH JH")
    for leader in range(3):
        assert declarer_tricks((declarer, first, second), 0, leader, None, misere=True) == 0


def test_a_misere_of_the_top_cards_takes_everything():
    """Aces and kings of every suit and two queens: whatever is led the declarer must follow
    with a card above all the catchers', and then he is on lead with the top cards."""
    declarer = hand("AS KS QS AC KC QC AD KD AH KH")
    first = hand("JS TS 9S JC TC 9C QD JD TD 9D")
    second = hand("8S 7S 8C 7C 8D 7D QH JH TH 9H")
    for leader in range(3):
        assert declarer_tricks((first, declarer, second), 1, leader, None, misere=True) == 10


def test_the_seat_on_lead_decides_and_a_forced_ruff_wins():
    """Ace-king of hearts and a small trump-suit card against a defender with three diamonds
    and one with three spades. At no-trump the declarer on lead cashes both hearts; either
    defender on lead runs his suit and the declarer, void, must throw the hearts. With
    diamonds trumps the diamond defender, void in hearts and spades, must ruff whatever the
    others lead ("обязан класть козырь") and over-ruffs the declarer's seven: nothing."""
    declarer = hand("AH KH 7D")
    diamonds = hand("8D 9D TD")
    spades = hand("AS 9S 8S")
    hands = (declarer, diamonds, spades)
    assert [declarer_tricks(hands, 0, leader, None) for leader in range(3)] == [2, 0, 0]
    assert [declarer_tricks(hands, 0, leader, DIAMONDS) for leader in range(3)] == [0, 0, 0]


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ((hand("AS"), hand("KS")), "three hands"),
        ((hand("AS KS"), hand("QS"), hand("JS")), "same number"),
        ((hand("AS"), hand("AS"), hand("JS")), "two hands"),
    ],
)
def test_hands_that_cannot_be_played_are_refused(hands, message):
    with pytest.raises(SolverError, match=message):
        declarer_tricks(hands, 0, 0, None)


def test_positions_must_be_seats_in_play():
    with pytest.raises(SolverError, match="positions"):
        declarer_tricks((hand("AS"), hand("KS"), hand("QS")), 3, 0, None)
