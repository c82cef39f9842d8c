"""The vocabulary of durak: cards as ints, hands as bit masks, the beat, the first attacker.

A card is the engine's int of rules.cards (``suit * 13 + rank``, suits S H D C, ranks 0..12
for 2..A); the second deck of the two-deck game adds 52, so a card and its identical twin
have distinct ids (``6S`` is 4 and 56) and one bit each in a hand's mask. The log names a
card by its text alone (``"6S"``); which copy a player holds is the replay's business.

The seed (shared/seeds/004_8685814ad686c15f.txt, "Игры в дурака"):

- decks: "Для игры используется одна карточная колода из 36 или 52 карт" — 36 cards are
  6..A, 52 are 2..A ("Карты в колоде по старшинству распределяются от двойки до туза");
- the beat: "отбить полученную карту старшей картой той же масти или козырем" — a higher card
  of the same suit, or any trump on a card that is not a trump (a trump only by a higher
  trump: the same-suit rule);
- the twin: "картой, равной по значению и масти, отбиться нельзя" — the twin is not higher,
  so :func:`beats` refuses it by the same-suit rule already (no variant flag needed);
- the first attack: "Право первого хода принадлежит игроку, у которого на руках самый
  маленький (если козырная карта от 6 до валета) или самый большой козырь (если козырная карта
  от валета до туза). Если у игроков на руках нет ни одного козыря, ходит тот, у кого самая
  старшая карта." (:func:`first_attackers`; the jack's reading is an option).
"""

from __future__ import annotations

from rules.cards import NAME, RANKS, SUITS

#: Ranks 0..12 are 2..A; a 36-card deck holds ranks 4..12 (6..A).
SIX, TEN, JACK, ACE = 4, 8, 9, 12
HAND_SIZE = 6
#: Card ids of the two-deck game run to 103; a one-deck game uses 0..51.
IDS = 104

BIT = tuple(1 << c for c in range(IDS))
BASE = tuple(c % 52 for c in range(IDS))
RANK = tuple(c % 52 % 13 for c in range(IDS))
SUIT = tuple(c % 52 // 13 for c in range(IDS))
#: ``TWIN[c]`` is the same card of the other deck.
TWIN = tuple((c + 52) % IDS for c in range(IDS))

#: ``RANK_BITS[r]``: every card of rank ``r`` in both decks.
RANK_BITS = tuple(sum(BIT[c] for c in range(IDS) if RANK[c] == r) for r in range(13))


def deck_mask(size: int, copies: int = 1) -> int:
    """Every card id of a deck of ``size`` (36 or 52) cards, ``copies`` times (1 or 2)."""
    low = SIX if size == 36 else 0
    return sum(BIT[c] for c in range(52 * copies) if RANK[c] >= low)


def name(card: int) -> str:
    """The card's text (``6S``); a twin has the same text."""
    return NAME[BASE[card]]


def rank_text(rank: int) -> str:
    return RANKS[rank]


def suit_text(suit: int) -> str:
    return SUITS[suit]


def _beaters(trump: int) -> tuple[int, ...]:
    out = []
    for a in range(IDS):
        m = 0
        for d in range(IDS):
            if SUIT[d] == SUIT[a]:
                if RANK[d] > RANK[a]:
                    m |= BIT[d]
            elif SUIT[d] == trump:
                m |= BIT[d]
        out.append(m)
    return tuple(out)


#: ``BEATERS[trump + 1][card]``: the mask of cards that beat ``card`` (trump -1: no trumps).
BEATERS = tuple(_beaters(t) for t in range(-1, 4))


def beats(attack: int, defence: int, trump: int) -> bool:
    """Whether ``defence`` beats ``attack`` with ``trump`` the trump suit (-1: no trumps).

    "старшей картой той же масти или козырем": the same suit and higher, or a trump on a card of
    another suit. The twin (two decks) is of the same suit and not higher, so never beats.
    """
    if SUIT[defence] == SUIT[attack]:
        return RANK[defence] > RANK[attack]
    return SUIT[defence] == trump


def cards_of(mask: int) -> list[int]:
    """The card ids of a mask, lowest id first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def ranks_of(mask: int) -> int:
    """The 13-bit mask of the ranks present in a card mask."""
    out = 0
    for c in cards_of(mask):
        out |= 1 << RANK[c]
    return out


def lowest_trump_leads(trump_rank: int, jack: str = "lowest") -> bool:
    """Whether the lowest trump leads for a turned card of ``trump_rank``.

    "самый маленький (если козырная карта от 6 до валета) или самый большой козырь (если
    козырная карта от валета до туза)": the jack is in both ranges. ``jack="lowest"`` (the
    default) reads the first range first, so a turned jack gives the lead to the lowest trump;
    ``"highest"`` gives it to the highest. The 52-card deck's 2..5 are below 6: lowest.
    """
    if trump_rank == JACK:
        return jack == "lowest"
    return trump_rank < JACK


def first_attackers(
    hands: list[int] | tuple[int, ...], trump: int, trump_rank: int, jack: str = "lowest"
) -> tuple[frozenset[int], int, bool]:
    """The seats that may make the first attack, the decisive card's rank, and whether it is a trump.

    With ``trump`` -1 (no trumps) or no trump in any hand: "ходит тот, у кого самая старшая
    карта" — the highest rank in any hand. The seed ranks no suit above another, so every
    holder of the decisive rank may lead (two of them hold equal cards: ties are allowed).
    """
    if trump >= 0:
        ranks = [r for h in hands for r in ([RANK[c] for c in cards_of(h) if SUIT[c] == trump])]
        if ranks:
            rank = min(ranks) if lowest_trump_leads(trump_rank, jack) else max(ranks)
            seats = frozenset(
                s
                for s, h in enumerate(hands)
                if any(SUIT[c] == trump and RANK[c] == rank for c in cards_of(h))
            )
            return seats, rank, True
    top = max((RANK[c] for h in hands for c in cards_of(h)), default=-1)
    seats = frozenset(s for s, h in enumerate(hands) if any(RANK[c] == top for c in cards_of(h)))
    return seats, top, False
