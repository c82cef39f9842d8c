"""Random legal deals for tests: shuffled hands, random legal cards, tricks as played.

Independent of the replay (a plain, slow implementation of follow-suit and
the trick winner) so the tests compare two readings of the seed rules.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

SUITS = "SHDC"


def suit(card: int) -> int:
    return card // 13


def winner_of(trick: list[tuple[int, int]], trump_suit: int | None) -> int:
    """The seat that takes ``trick`` [(seat, card), ...]: highest trump, else highest of the led suit."""
    led = suit(trick[0][1])

    def power(card: int) -> int:
        if trump_suit is not None and suit(card) == trump_suit:
            return 100 + card % 13
        return card % 13 if suit(card) == led else -1

    return max(trick, key=lambda sc: power(sc[1]))[0]


@dataclass
class LegalDeal:
    dealer: int
    cards: int
    trump: int | None
    hands: list[list[int]]
    bids: list[int]
    tricks: list[list[int]]
    taken: list[int]
    leaders: list[int]  # leader of each trick
    reneges: list[tuple[int, int, int]]  # (trick from 1, seat, card) of every renege made


def legal_deal(
    rng: random.Random,
    n: int,
    cards: int,
    dealer: int,
    *,
    with_trump: bool = True,
    renege_rate: float = 0.0,
) -> LegalDeal:
    """A deal played with random legal cards; with ``renege_rate``, a player who could
    follow suit sometimes does not (and every such renege is listed)."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [sorted(deck[s * cards : (s + 1) * cards]) for s in range(n)]
    trump = deck[n * cards] if with_trump and n * cards < 52 else None
    trump_suit = None if trump is None else suit(trump)
    left = [list(h) for h in hands]
    leader = (dealer + 1) % n
    tricks, leaders = [], []
    reneges: list[tuple[int, int, int]] = []
    taken = [0] * n
    for t in range(cards):
        played: list[tuple[int, int]] = []
        for i in range(n):
            seat = (leader + i) % n
            options = left[seat]
            renege = False
            if played:
                follow = [c for c in options if suit(c) == suit(played[0][1])]
                others = [c for c in options if suit(c) != suit(played[0][1])]
                renege = bool(follow and others) and rng.random() < renege_rate
                options = others if renege else (follow or options)
            card = rng.choice(options)
            if renege:
                reneges.append((t + 1, seat, card))
            left[seat].remove(card)
            played.append((seat, card))
        leaders.append(leader)
        tricks.append([c for _, c in played])
        leader = winner_of(played, trump_suit)
        taken[leader] += 1
    bids = [rng.randint(0, cards) for _ in range(n)]
    return LegalDeal(dealer, cards, trump, hands, bids, tricks, taken, leaders, reneges)
