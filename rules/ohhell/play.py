"""The hot path: replaying a regular deal's tricks with integer cards and bit masks.

Most logs are clean, so :func:`play_tricks` only has to prove a deal
regular and count the tricks; the moment anything is irregular it gives up
(returns ``None``) and the careful replay (:mod:`rules.ohhell.table`)
replays the deal again to explain every finding. No objects are made per
card: cards index tuples, hands and "seen" sets are int bit masks.
"""

from __future__ import annotations

from rules.cards import BIT, FULL_DECK, SUIT_MASK, SUIT_OF

#: ``SEAT_ORDERS[n][leader]``: the seats in playing order from the leader,
#: "следующий игрок по часовой стрелке" (clockwise, i.e. to the left).
SEAT_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n)) for n in range(3, 8)
}

#: Added to a trump's number so any trump outranks any card of the led suit.
_TRUMPED = 52


def play_tricks(
    tricks: tuple[tuple[int, ...], ...],
    n: int,
    leader: int,
    trump: int | None,
    hands: list[int] | None,
) -> list[int] | None:
    """Tricks taken per seat for a regular deal, or ``None`` if anything is irregular.

    Irregular means: a trick without one card per player, a card played
    twice or the turned trump played, a card outside the seat's hand
    (``hands`` given), or a card of a suit the seat had already shown out
    of -- the evidence of a renege when hands are not logged: "должен класть
    карту в масть, если это возможно" (follow suit when able). With all
    tricks logged every card dealt is played, so a suit held at a renege is
    always played later and caught here.
    """
    seats = SEAT_ORDERS[n]
    taken = [0] * n
    # bad[s]: cards seat s cannot legitimately play: not dealt to it, or of
    # a suit it has shown out of.
    bad = [0] * n if hands is None else [FULL_DECK ^ h for h in hands]
    seen = 0 if trump is None else BIT[trump]
    trump_suit = -1 if trump is None else SUIT_OF[trump]
    bit = BIT
    suit_of = SUIT_OF
    for trick in tricks:
        if len(trick) != n:
            return None
        led_suit = suit_of[trick[0]]
        led_mask = SUIT_MASK[led_suit]
        # "Взятку забирает игрок, который положит старший козырь, или старшую
        # карту в масти карты первого хода" (highest trump, else highest of the led suit).
        best = -1
        winner = leader
        # zip() without keywords: strict= doubles its cost here, and the length is checked above.
        for seat, card in zip(seats[leader], trick):  # noqa: B905
            b = bit[card]
            if b & (seen | bad[seat]):
                return None
            seen |= b
            suit = suit_of[card]
            if suit == led_suit:
                if card > best:
                    best = card
                    winner = seat
            else:
                bad[seat] |= led_mask
                if suit == trump_suit and card + _TRUMPED > best:
                    best = card + _TRUMPED
                    winner = seat
        taken[winner] += 1
        # "Игрок, который забирает взятку, начинает розыгрыш следующей взятки".
        leader = winner
    return taken
