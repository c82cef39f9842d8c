"""Cards as small integers and hands as bit masks.

The replay is the hot path, so a card is an ``int`` (``suit * 13 + rank``)
and a set of cards is an ``int`` bit mask with bit ``card`` set. Ranks run
0..12 for 2..A; suits are numbered in the spec's order S, H, D, C. Parsing
is lenient (``10H``, ``T♥``, Russian ``ТЧ``-style ranks, any case); output
is always canonical (``TH``).
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "23456789TJQKA"
SUITS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spade", "heart", "diamond", "club")

DECK_SIZE = 52
FULL_DECK = (1 << DECK_SIZE) - 1

#: ``SUIT_MASK[s]`` has the 13 bits of suit ``s`` set.
SUIT_MASK = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
#: ``SUIT_OF[c]`` and ``RANK_OF[c]`` are table look-ups, faster than divmod.
SUIT_OF = tuple(c // 13 for c in range(DECK_SIZE))
RANK_OF = tuple(c % 13 for c in range(DECK_SIZE))
#: ``BIT[c] == 1 << c``.
BIT = tuple(1 << c for c in range(DECK_SIZE))
#: Canonical names, ``NAME[c]``.
NAME = tuple(RANKS[c % 13] + SUITS[c // 13] for c in range(DECK_SIZE))

# Rank spellings accepted on input. Latin T is the ten; Cyrillic Т (ТУЗ) is
# the ace, as are В Д К for the jack, queen and king of Russian score sheets.
_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)}
_RANK_ALIASES.update({"10": 8, "В": 9, "Д": 10, "К": 11, "Т": 12})
_SUIT_ALIASES = {s: i for i, s in enumerate(SUITS)}
_SUIT_ALIASES.update({sym: i for i, sym in enumerate(SUIT_SYMBOLS)})
# The symbols' outlined forms (♤ ♡ ♢ ♧) turn up in pasted text too.
_SUIT_ALIASES.update({sym: i for i, sym in enumerate("♤♡♢♧")})


class CardError(ValueError):
    """A string that names no card."""


def make(rank: int, suit: int) -> int:
    """The card of ``rank`` (0 = two .. 12 = ace) and ``suit`` (0 = S .. 3 = C)."""
    return suit * 13 + rank


def parse_card(text: str) -> int:
    """Read one card leniently; raise :class:`CardError` when it is no card."""
    if not isinstance(text, str):
        raise CardError(f"a card must be a string, not {type(text).__name__}")
    t = text.strip().upper()
    if len(t) < 2:
        raise CardError(f"{text!r} is not a card")
    suit = _SUIT_ALIASES.get(t[-1])
    rank = _RANK_ALIASES.get(t[:-1])
    if suit is None or rank is None:
        raise CardError(f"{text!r} is not a card (expected rank then suit, e.g. TH, 10H, Q♠)")
    return suit * 13 + rank


def card_name(card: int) -> str:
    """Canonical name of a card: rank then suit, e.g. ``TH``."""
    return NAME[card]


def mask_of(cards: Iterable[int]) -> int:
    """The bit mask holding ``cards``."""
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def highest(mask: int) -> int:
    """The highest-numbered card of a non-empty mask (highest rank within one suit)."""
    return mask.bit_length() - 1


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def suit_name(suit: int) -> str:
    return SUIT_NAMES[suit]


def _spellings() -> dict[str, int]:
    """Every spelling :func:`parse_card` accepts without stripping, mapped to its card.

    Readers look a card up here first (one dict probe) and fall back to
    :func:`parse_card` only for padded or unusual text, which keeps parsing
    of large logs fast.
    """
    table: dict[str, int] = {}
    for rank_text, rank in _RANK_ALIASES.items():
        for suit_text, suit in _SUIT_ALIASES.items():
            for r in {rank_text, rank_text.lower()}:
                for s in {suit_text, suit_text.lower()}:
                    table[r + s] = suit * 13 + rank
    return table


#: ``CARD_BY_SPELLING["10h"] == CARD_BY_SPELLING["TH"]``: fast lenient look-up.
CARD_BY_SPELLING: dict[str, int] = _spellings()
