"""Plausible traveller lines for a dealt board, for the demo club's duplicate evening and tests.

Not a bidding or play engine: the side with more high-card points declares, in its longest
combined suit when that fit has eight cards or more, else in no trumps, at the level its points
suggest (the usual 25 for game, 33 for a small slam); the player of that side longer in the
strain declares; the opening lead is the leader's fourth best of the longest suit (the top card
of a shorter one); the tricks are the contract's, a trick or two either side at random. What
it gives is a table log's board (docs/bridge-duplicate-log.md), scored by the real rules.
"""

from __future__ import annotations

import random

from rules.bridge.analytics import solve_memo
from rules.bridge.boards import Board
from rules.bridge.core import SEATS
from rules.cards import RANKS, SUITS

#: Points of the ace, king, queen and jack (Milton Work).
HCP = {12: 4, 11: 3, 10: 2, 9: 1}


def _suit_ranks(mask: int, suit: int) -> list[int]:
    """The ranks (0 = two … 12 = ace) of a hand's suit, from the top."""
    return [r for r in range(12, -1, -1) if mask >> (suit * 13 + r) & 1]


def points(mask: int) -> int:
    return sum(HCP.get(r, 0) for suit in range(4) for r in _suit_ranks(mask, suit))


def traveller_line(board: Board, rng: random.Random) -> dict[str, object]:
    """One table's result on ``board`` as a traveller records it: contract, declarer, lead, tricks."""
    hands = board.hands
    ns = points(hands[0]) + points(hands[2])
    side = (0, 2) if ns >= 20 else (1, 3)
    total = max(ns, 40 - ns)
    if total < 21 or (total == 21 and rng.random() < 0.5):
        return {"board": board.number, "contract": "Pass"}
    fits = [(len(_suit_ranks(hands[side[0]], s)) + len(_suit_ranks(hands[side[1]], s)), -s) for s in range(4)]
    length, minus_suit = max(fits)
    suit = -minus_suit
    trumps = length >= 8
    if total >= 33:
        level = 6
    elif total >= 25:
        level = 3 if not trumps else (4 if suit < 2 else 5)
    else:
        level = max(1, min(3, (total - 18) // 2))
    strain = SUITS[suit] if trumps else "NT"
    if trumps:
        declarer = max(side, key=lambda seat: (len(_suit_ranks(hands[seat], suit)), -seat))
    else:
        declarer = max(side, key=lambda seat: (points(hands[seat]), -seat))
    leader = (declarer + 1) % 4
    lead_hand = hands[leader]
    longest = max(range(4), key=lambda s: (len(_suit_ranks(lead_hand, s)), -s))
    ranks = _suit_ranks(lead_hand, longest)
    lead_rank = ranks[3] if len(ranks) >= 4 else ranks[0]
    # Tables take about what the cards are worth: the double-dummy tricks where the solver is
    # here (a trick either way at random), else the contract's, a trick or two either side.
    solved = solve_memo(hands, board.dealer, board.vulnerable)
    base = level + 6 if solved is None else solved[0][strain][SEATS[declarer]]
    spread = (-2, -1, -1, 0, 0, 0, 0, 1, 1, 2) if solved is None else (-1, 0, 0, 0, 0, 0, 0, 0, 1, 1)
    tricks = max(0, min(13, base + rng.choice(spread)))
    return {
        "board": board.number,
        "contract": f"{level}{strain}",
        "declarer": SEATS[declarer],
        "lead": f"{RANKS[lead_rank]}{SUITS[longest]}",
        "result": tricks,
    }
