"""The hot path: replaying a regular deal's tricks with integer cards and small-int tables.

Most logs are clean, so the fast path only has to prove a deal regular and
count the tricks; the moment anything is irregular it gives up (returns
``None``) and the careful replay (:mod:`rules.ohhell.table`) replays the
deal again to explain every finding. No objects are made per card: cards
index tuples and lists.

Two loops, because what is known about the hands differs:

- :func:`play_dealt` when the hands are logged: a ``holder`` list says which
  seat holds each card, so "is it this seat's card?" and "did the seat still
  hold the led suit?" are list look-ups on small ints (CPython keeps those
  free of allocations, unlike 52-bit masks);
- :func:`play_tricks` when they are not: a renege shows only as a suit the
  seat had already shown out of, tracked with bit masks.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import BIT, DECK_SIZE, SUIT_MASK, SUIT_OF

#: ``SEAT_ORDERS[n][leader]``: the seats in playing order from the leader,
#: "следующий игрок по часовой стрелке" (clockwise, i.e. to the left).
SEAT_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((leader + i) % n for i in range(n)) for leader in range(n)) for n in range(3, 8)
}

#: ``FOLLOWERS[n][leader]``: (seat, position in the trick) of each player after the
#: leader, in playing order. A fixed tuple to walk is cheaper than a zip() per trick.
FOLLOWERS: dict[int, tuple[tuple[tuple[int, int], ...], ...]] = {
    n: tuple(tuple((seat, pos) for pos, seat in enumerate(order) if pos) for order in orders)
    for n, orders in SEAT_ORDERS.items()
}

#: Added to a trump's number so any trump outranks any card of the led suit.
_TRUMPED = 52

#: In a ``holder`` list: the card is in nobody's hand (not dealt, the turned
#: trump, or already played).
NOBODY = -1
_NOBODY_HOLDS = [NOBODY] * DECK_SIZE

#: ``SUIT_RANGE[s]``: the slice of card numbers of suit ``s`` (cards are ``suit * 13 + rank``).
SUIT_RANGE = tuple(slice(13 * s, 13 * s + 13) for s in range(4))


def holders(hands: Sequence[Sequence[int]], cards: int, trump: int | None) -> list[int] | None:
    """Who holds each card (``holder[card] == seat``, else :data:`NOBODY`), or ``None``
    when the hands are not a proper deal: ``cards`` cards each, no card twice, the
    turned trump in nobody's hand ("одна карта кладется на стол в открытом виде — это
    козырь"). The careful path then names what is wrong."""
    holder = _NOBODY_HOLDS[:]
    for seat, hand in enumerate(hands):
        if len(hand) != cards:
            return None
        for card in hand:
            holder[card] = seat
    # A card given twice leaves fewer cards held than were dealt.
    if holder.count(NOBODY) != DECK_SIZE - len(hands) * cards:
        return None
    if trump is not None and holder[trump] != NOBODY:
        return None
    return holder


def play_dealt(
    tricks: tuple[tuple[int, ...], ...],
    n: int,
    leader: int,
    trump: int | None,
    holder: list[int],
) -> list[int] | None:
    """Tricks taken per seat for a regular deal with logged hands, or ``None`` if anything
    is irregular.

    ``holder`` comes from :func:`holders` and is used up: each card played
    leaves its seat's hand. Irregular means: a trick without one card per
    player, a card the seat does not hold (not dealt to it, or already
    played -- the turned trump is held by nobody), or a card off the led
    suit while the seat still holds that suit: "должен класть карту в масть,
    если это возможно" (follow suit when able).
    """
    followers = FOLLOWERS[n]
    suit_of = SUIT_OF
    suit_range = SUIT_RANGE
    trump_suit = -1 if trump is None else suit_of[trump]
    taken = [0] * n
    for trick in tricks:
        if len(trick) != n:
            return None
        # The leader's card sets the led suit and is the best so far.
        best = trick[0]
        if holder[best] != leader:
            return None
        holder[best] = NOBODY
        led_suit = suit_of[best]
        winner = leader
        # "Взятку забирает игрок, который положит старший козырь, или старшую
        # карту в масти карты первого хода" (highest trump, else highest of the led suit).
        for seat, pos in followers[leader]:
            card = trick[pos]
            if holder[card] != seat:
                return None
            holder[card] = NOBODY
            suit = suit_of[card]
            if suit == led_suit:
                if card > best:
                    best = card
                    winner = seat
            elif seat in holder[suit_range[led_suit]]:
                return None  # a renege: the seat held the led suit
            elif suit == trump_suit and card + _TRUMPED > best:
                best = card + _TRUMPED
                winner = seat
        taken[winner] += 1
        # "Игрок, который забирает взятку, начинает розыгрыш следующей взятки".
        leader = winner
    return taken


def play_tricks(
    tricks: tuple[tuple[int, ...], ...],
    n: int,
    leader: int,
    trump: int | None,
) -> list[int] | None:
    """Tricks taken per seat for a regular deal whose hands are not logged, or ``None`` if
    anything is irregular.

    Irregular means: a trick without one card per player, a card played
    twice or the turned trump played, or a card of a suit the seat had
    already shown out of -- the evidence of a renege when hands are not
    logged: "должен класть карту в масть, если это возможно" (follow suit
    when able). With all tricks logged every card dealt is played, so a
    suit held at a renege is always played later and caught here.
    """
    followers = FOLLOWERS[n]
    taken = [0] * n
    # shown_out[s]: the cards of the suits seat s has shown out of.
    shown_out = [0] * n
    seen = 0 if trump is None else BIT[trump]
    trump_suit = -1 if trump is None else SUIT_OF[trump]
    bit = BIT
    suit_of = SUIT_OF
    for trick in tricks:
        if len(trick) != n:
            return None
        # The leader's card sets the led suit and is the best so far.
        best = trick[0]
        b = bit[best]
        if b & (seen | shown_out[leader]):
            return None
        seen |= b
        led_suit = suit_of[best]
        led_mask = SUIT_MASK[led_suit]
        winner = leader
        # "Взятку забирает игрок, который положит старший козырь, или старшую
        # карту в масти карты первого хода" (highest trump, else highest of the led suit).
        for seat, pos in followers[leader]:
            card = trick[pos]
            b = bit[card]
            if b & (seen | shown_out[seat]):
                return None
            seen |= b
            suit = suit_of[card]
            if suit == led_suit:
                if card > best:
                    best = card
                    winner = seat
            else:
                shown_out[seat] |= led_mask
                if suit == trump_suit and card + _TRUMPED > best:
                    best = card + _TRUMPED
                    winner = seat
        taken[winner] += 1
        # "Игрок, который забирает взятку, начинает розыгрыш следующей взятки".
        leader = winner
    return taken
