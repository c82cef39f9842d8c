"""The shared vocabulary of rubber bridge: seats, sides, strains, calls and the contract.

Every module of rules/bridge speaks these types, so the auction, the play,
the scoring and the PBN reader meet without conversions. Cards are the
engine's ints (rules.cards: ``suit * 13 + rank``, suits S H D C).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

SEATS = "NESW"


class Seat(IntEnum):
    """Clockwise from North; ``(seat + 1) % 4`` is the player on the left."""

    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def left(self) -> Seat:
        return Seat((self + 1) % 4)

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def side(self) -> Side:
        return Side(self % 2)

    @classmethod
    def of(cls, text: str) -> Seat:
        return cls(SEATS.index(text))


class Side(IntEnum):
    """We are North–South, They are East–West (the score sheet's «Мы» and «Они»)."""

    WE = 0
    THEY = 1

    @property
    def other(self) -> Side:
        return Side(1 - self)


class Strain(IntEnum):
    """In bidding order, lowest first. The suit ones map to rules.cards suits via SUIT_OF_STRAIN."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def letter(self) -> str:
        return STRAIN_LETTERS[self]

    @property
    def minor(self) -> bool:
        return self in (Strain.CLUBS, Strain.DIAMONDS)


STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
#: rules.cards suit index (S=0, H=1, D=2, C=3) of each suit strain; None for no-trump.
SUIT_OF_STRAIN: tuple[int | None, ...] = (3, 2, 1, 0, None)


class Doubling(IntEnum):
    UNDOUBLED = 1
    DOUBLED = 2
    REDOUBLED = 4


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the auction: a bid (level 1..7 and a strain), a pass, a double or a redouble."""

    kind: str  # "bid", "pass", "double", "redouble"
    level: int = 0
    strain: Strain | None = None

    @property
    def rank(self) -> int:
        """Bids in order of height: 1C = 0 … 7NT = 34; only meaningful for bids."""
        assert self.strain is not None
        return (self.level - 1) * 5 + self.strain

    def __str__(self) -> str:
        if self.kind == "bid":
            assert self.strain is not None
            return f"{self.level}{self.strain.letter}"
        return {"pass": "P", "double": "X", "redouble": "XX"}[self.kind]


PASS = Call("pass")
DOUBLE = Call("double")
REDOUBLE = Call("redouble")


@dataclass(frozen=True, slots=True)
class Contract:
    """What the auction settled: level, strain, doubling and the declarer."""

    level: int
    strain: Strain
    doubling: Doubling
    declarer: Seat

    @property
    def side(self) -> Side:
        return self.declarer.side

    @property
    def tricks_needed(self) -> int:
        return 6 + self.level

    def __str__(self) -> str:
        marks = {Doubling.UNDOUBLED: "", Doubling.DOUBLED: "X", Doubling.REDOUBLED: "XX"}
        return f"{self.level}{self.strain.letter}{marks[self.doubling]} by {SEATS[self.declarer]}"
