"""The shared vocabulary of preferans: the 32-card deck, seats, strains, contracts and calls.

Every module of rules/preferans speaks these types. Cards are the engine's
ints (rules.cards: ``suit * 13 + rank``, suits S H D C, ranks 0..12 for
2..A); preferans uses the ranks 7..A only, so a hand is a mask within
:data:`DECK_MASK`. Seats are indices into the log's ``players`` (3, or 4
with the dealer sitting out).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from rules.cards import BIT, RANK_OF
from rules.strict import digits_value

#: Ranks 7, 8, 9, 10, J, Q, K, A (rules.cards rank indices 5..12).
LOW_RANK = 5
DECK = tuple(c for c in range(52) if RANK_OF[c] >= LOW_RANK)
DECK_MASK = sum(BIT[c] for c in DECK)
HAND_SIZE = 10
TALON_SIZE = 2


class Strain(IntEnum):
    """In bidding order: пики < трефы < бубны < червы < без козыря (6♠ is the lowest game)."""

    SPADES = 0
    CLUBS = 1
    DIAMONDS = 2
    HEARTS = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return STRAIN_LETTERS[self]


STRAIN_LETTERS = ("S", "C", "D", "H", "NT")
#: rules.cards suit index (S=0, H=1, D=2, C=3) of each suit strain; None for no-trump.
SUIT_OF_STRAIN: tuple[int | None, ...] = (0, 3, 2, 1, None)


@dataclass(frozen=True, slots=True, order=True)
class Contract:
    """A game: ``level`` 6..10 tricks in ``strain``, or misère (``misere=True``, no level).

    Ordered as the auction orders them: 6♠ < 6♣ < … < 8NT < misère < 9♠ < … < 10NT
    (misère sits between eight and nine no-trump — "мизер перебивает восьмерную").
    """

    rank: int
    level: int = 0
    strain: Strain | None = None
    misere: bool = False

    @classmethod
    def game(cls, level: int, strain: Strain) -> Contract:
        index = (level - 6) * 5 + strain
        return cls(rank=index + (1 if level >= 9 else 0), level=level, strain=strain)

    @classmethod
    def misere_game(cls) -> Contract:
        return cls(rank=15, misere=True)

    def __str__(self) -> str:
        if self.misere:
            return "misere"
        assert self.strain is not None
        return f"{self.level}{self.strain.letter}"


ALL_CONTRACTS: tuple[Contract, ...] = tuple(
    sorted([Contract.game(level, s) for level in range(6, 11) for s in Strain] + [Contract.misere_game()])
)


def read_contract(text: str) -> Contract | None:
    """``"6S"``, ``"7NT"``, ``"misere"`` (also ``"мизер"``) → the contract; None when it is none."""
    t = text.strip().upper()
    if t in ("MISERE", "MISÈRE", "МИЗЕР", "M"):
        return Contract.misere_game()
    for letter in ("NT", "S", "C", "D", "H"):
        level = digits_value(t[: -len(letter)], 2) if t.endswith(letter) else None
        if level is not None and 6 <= level <= 10:
            return Contract.game(level, Strain(STRAIN_LETTERS.index(letter)))
    return None
