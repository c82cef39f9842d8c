"""Expected tricks of an Oh Hell hand: what the cards were worth, apart from how they were bid and played.

Issue 13: "the number of tricks that hand takes on average, estimated by
replaying the deal many times with the unseen cards of the other hands
redistributed at random (what the player could not know when bidding) and
played out by the simulator's bots; deterministic by seed; with a
confidence interval".

For one seat of one deal the seat's own hand, the turned trump card and
the leader stay as dealt. The cards of the *other hands* are dealt again
at random, each hand keeping its size: by default the pool is exactly
those cards, the issue's letter (the undealt stock stays out of play, as
it did at the table); ``stock=True`` deals the other hands from every card
the seat could not see, the stock too (the player's own view when
bidding). Each distribution is bid and played out by the simulator's bots
(:mod:`rules.ohhell.simulate`): every bot bids its own estimate without
noise, the dealer's bid obeys ``dealer_hook`` when the ruleset has it, and
each bot plays to make its bid, seeing only its own hand and the cards
played. The estimate is the mean of the seat's tricks over the playouts;
its expected score is what the hand is worth bid at its best: for the
tricks the playouts gave, the mean score (:func:`rules.ohhell.scoring.contract_points`)
of the bid that scores most on average (the dealer under ``dealer_hook``
excepted: the others' bids forbid him one, so his playouts are scored with
the bid the hook left him). Not the bot's own bid: a bot that
bids 0 on a hand taking 1.4 tricks on average would make a fair hand look
worthless, and the luck in points would follow the bot's bidding instead
of the cards.

When the pool can be dealt to the other seats in no more ways than the
samples asked for, every way is played once instead (``exact=True``, a
confidence interval of zero width); otherwise ``samples`` distributions
are drawn with one :class:`random.Random` per estimate, seeded by ``seed``
and the seat, never the global generator.

Cards are ints and hands bit masks (rules/cards.py); the playout is the
simulator's play loop without its log and fault injection, and the bots'
bids reuse their per-suit strength terms across playouts (a pure cache).
docs/analytics.md describes the method and its figures.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

from rules.cards import BIT, FULL_DECK, SUIT_MASK, SUIT_OF
from rules.ohhell.ruleset import Ruleset
from rules.ohhell.scoring import contract_points
from rules.ohhell.simulate import ABOVE, bot_bid, bot_follow, bot_hooked_bid, bot_lead, bot_strength

__all__ = [
    "DEFAULT_SAMPLES",
    "ESTIMATOR_VERSION",
    "Estimate",
    "deal_estimates",
    "deal_key",
    "distributions",
    "exact_expected_tricks",
    "expected_tricks",
    "play_out",
]

#: Bumped whenever a change here or in the bots (rules.ohhell.simulate) can
#: change an estimate; it is part of :func:`deal_key`, so cached estimates
#: of an older estimator are recomputed.
ESTIMATOR_VERSION = "2"  # 2: the expected score is the best bid's, not the bot's

#: Playouts per hand when the deal is not enumerated exactly: a 95% interval
#: of about +-0.12 tricks on a typical hand (docs/analytics.md has the figures).
DEFAULT_SAMPLES = 100

#: The two-sided 95% point of the normal distribution.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """Expected tricks of one hand with its 95% confidence interval, and its expected score.

    ``samples`` is the number of playouts (every distinct distribution of
    the unseen cards when ``exact``); ``low == mean == high`` when exact.
    """

    mean: float
    low: float
    high: float
    samples: int
    exact: bool
    score: float

    def as_dict(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "low": self.low,
            "high": self.high,
            "samples": self.samples,
            "exact": self.exact,
            "score": self.score,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Estimate:
        return cls(
            mean=float(data["mean"]),
            low=float(data["low"]),
            high=float(data["high"]),
            samples=int(data["samples"]),
            exact=bool(data["exact"]),
            score=float(data["score"]),
        )


def distributions(players: int, cards: int, pool: int | None = None) -> int:
    """In how many ways ``pool`` unseen cards (default: the other hands' own cards) can be dealt
    to the other seats, ``cards`` each: ``pool! / (cards!**(players-1) * (pool - dealt)!)``."""
    dealt = (players - 1) * cards
    unseen = dealt if pool is None else pool
    if unseen < dealt:
        return 0
    ways = math.factorial(unseen) // math.factorial(unseen - dealt)
    for _ in range(players - 1):
        ways //= math.factorial(cards)
    return ways


def expected_tricks(
    hands: Sequence[int],
    seat: int,
    trump: int | None,
    leader: int,
    ruleset: Ruleset,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    stock: bool = False,
) -> Estimate:
    """Expected tricks and score of ``hands[seat]``; exact when the distributions are at most ``samples``.

    ``hands`` are the dealt hands as masks in seat order, ``trump`` the turned
    card (``None``: no trumps), ``leader`` the seat left of the dealer
    (seed: "Игрок расположенный слева от сдатчика делает первый ход");
    ``stock``: deal the other hands from the undealt cards too.
    """
    if samples < 1:
        raise ValueError(f"samples must be at least 1, not {samples}")
    table = _Table(hands, seat, trump, leader, ruleset, stock)
    if distributions(table.n, table.k, table.pool.bit_count()) <= samples:
        return _exact(table)
    return _sampled(table, samples, random.Random(f"oh-hell-expected:{seed}:{seat}"))  # noqa: S311


def deal_estimates(
    hands: Sequence[int],
    trump: int | None,
    leader: int,
    ruleset: Ruleset,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    stock: bool = False,
) -> list[Estimate]:
    """:func:`expected_tricks` of every seat of a deal, in seat order: what :func:`deal_key` caches.

    Remembered per process too (:func:`_deal_estimates`): the estimate is a pure function of its
    arguments (the sampling is seeded from ``seed`` and the seat), so the same deal analysed again
    in one process — a re-analysis, a correction that changes only a bid — costs nothing."""
    return list(_deal_estimates(tuple(hands), trump, leader, ruleset, samples, seed, stock))


@lru_cache(maxsize=4096)
def _deal_estimates(
    hands: tuple[int, ...],
    trump: int | None,
    leader: int,
    ruleset: Ruleset,
    samples: int,
    seed: int,
    stock: bool,
) -> tuple[Estimate, ...]:
    return tuple(
        expected_tricks(hands, seat, trump, leader, ruleset, samples=samples, seed=seed, stock=stock)
        for seat in range(len(hands))
    )


def exact_expected_tricks(
    hands: Sequence[int],
    seat: int,
    trump: int | None,
    leader: int,
    ruleset: Ruleset,
    *,
    stock: bool = False,
) -> Estimate:
    """Expected tricks and score of ``hands[seat]`` over every distribution of the unseen cards.

    For tests and small deals: the work grows as :func:`distributions`.
    """
    return _exact(_Table(hands, seat, trump, leader, ruleset, stock))


def deal_key(
    hands: Sequence[int],
    trump: int | None,
    leader: int,
    ruleset: Ruleset,
    *,
    samples: int = DEFAULT_SAMPLES,
    seed: int = 0,
    stock: bool = False,
) -> str:
    """A stable hex digest (SHA-256) of everything the estimates of a deal's hands depend on.

    The hands, the trump card, the leader, the options that change the bots'
    bids (``dealer_hook``) or the score of a contract, the samples, the seed,
    the pool and :data:`ESTIMATOR_VERSION`; not the schedule or the players' names.
    """
    what = {
        "estimator": ESTIMATOR_VERSION,
        "hands": [int(h) for h in hands],
        "trump": trump,
        "leader": leader,
        "dealer_hook": ruleset.dealer_hook,
        "made_bonus": ruleset.made_bonus,
        "per_trick": ruleset.per_trick,
        "failed": ruleset.failed,
        "nil_made": ruleset.nil_made,
        "nil_per_card": ruleset.nil_per_card,
        "samples": samples,
        "seed": seed,
        "stock": stock,
    }
    return hashlib.sha256(json.dumps(what, sort_keys=True).encode()).hexdigest()


# --------------------------------------------------------------------------
# The deal as the estimator sees it


class _Table:
    """One seat of one deal: what stays fixed in every playout."""

    __slots__ = (
        "hands",
        "hook",
        "k",
        "known",
        "leader",
        "memo",
        "n",
        "others",
        "own_bid",
        "own_strength",
        "pool",
        "ruleset",
        "seat",
        "stock",
        "trump",
    )

    def __init__(
        self, hands: Sequence[int], seat: int, trump: int | None, leader: int, ruleset: Ruleset, stock: bool
    ) -> None:
        n = len(hands)
        if not 3 <= n <= 7:
            raise ValueError(f"Oh Hell is played by 3 to 7 players, not {n}")
        if not 0 <= seat < n or not 0 <= leader < n:
            raise ValueError(f"seats are 0 to {n - 1}")
        if trump is not None and not 0 <= trump < 52:
            raise ValueError(f"{trump} is not a card")
        k = hands[0].bit_count()
        dealt = 0
        for hand in hands:
            if hand.bit_count() != k or k == 0 or hand & ~FULL_DECK:
                raise ValueError("every hand must hold the same number of cards, at least one")
            if dealt & hand:
                raise ValueError("a card is in two hands")
            dealt |= hand
        if trump is not None and dealt & BIT[trump]:
            raise ValueError("the turned trump card is in a hand")
        self.n = n
        self.k = k
        self.seat = seat
        self.leader = leader
        self.hands = list(hands)
        self.ruleset = ruleset
        self.hook = ruleset.dealer_hook
        self.trump = -1 if trump is None else SUIT_OF[trump]
        # Seed: "одна карта кладется на стол в открытом виде": everybody sees it.
        self.known = 0 if trump is None else BIT[trump]
        self.others = tuple(s for s in range(n) if s != seat)
        self.stock = stock
        self.pool = (FULL_DECK & ~self.known if stock else dealt) & ~hands[seat]
        self.memo = _memo(n, k, trump is not None)
        self.own_strength = bot_strength(hands[seat], self.trump, n, k, self.known, self.memo)
        self.own_bid = bot_bid(self.own_strength, k, 0.0)


#: The bots' per-suit strength terms by table shape (rules.ohhell.simulate's ``memo``): a pure
#: cache, emptied whenever it holds more than ``_MEMO_LIMIT`` entries in all (some 27 MB;
#: a four-player game's shapes fill some 170,000 after a hundred games).
_MEMOS: dict[tuple[int, int, bool], dict[int, Any]] = {}
_MEMO_LIMIT = 100_000


def _memo(n: int, k: int, trumps: bool) -> dict[int, Any]:
    if sum(len(m) for m in _MEMOS.values()) > _MEMO_LIMIT:
        _MEMOS.clear()
    memo = _MEMOS.get((n, k, trumps))
    if memo is None:
        memo = _MEMOS[n, k, trumps] = {}
    return memo


def _outcome(table: _Table, hands: list[int]) -> int:
    """Bid and play one distribution out with the bots; ``bid * 16 + tricks`` of the seat.

    Seed: "Торговлю начинает игрок, который сидит слева от сдатчика": each bot bids its own
    estimate, the dealer last, under ``dealer_hook``. ``hands`` is used up.
    """
    n, k, trump, known, seat, memo = table.n, table.k, table.trump, table.known, table.seat, table.memo
    following = FOLLOWING[n]
    bids = [0] * n
    total = 0
    s = table.leader
    for i in range(n):
        if s == seat:
            est = table.own_strength
            bid = table.own_bid
        else:
            est = bot_strength(hands[s], trump, n, k, known, memo)
            bid = bot_bid(est, k, 0.0)
        if i == n - 1 and table.hook:
            bid = bot_hooked_bid(bid, total, k, est)
        bids[s] = bid
        total += bid
        s = following[s]
    return bids[seat] * 16 + play_out(hands, table.leader, trump, known, bids)[seat]


#: ``FOLLOWING[n][s]``: the seat after ``s`` clockwise at a table of ``n``; ``RIGHT[n][s]``
#: the seat before it, the last to play to a trick ``s`` leads.
FOLLOWING = {n: tuple(s + 1 if s + 1 < n else 0 for s in range(n)) for n in range(3, 8)}
RIGHT = {n: tuple(s - 1 if s else n - 1 for s in range(n)) for n in range(3, 8)}


def play_out(hands: list[int], leader: int, trump: int, known: int, bids: Sequence[int]) -> list[int]:
    """Play a deal out with the simulator's bots from ``leader``; the tricks each seat takes.

    The simulator's own play loop without its log and its reneges, so for the same hands
    and bids it takes the same tricks (tests/rules/ohhell/test_expected.py checks it).
    ``trump`` is a suit (-1: none), ``known`` the cards everybody has seen; ``hands`` is
    used up. Seed: "Следующий игрок по часовой стрелке должен класть карту в масть, если
    это возможно ... Взятку забирает игрок, который положит старший козырь, или старшую
    карту в масти карты первого хода. Игрок, который забирает взятку, начинает розыгрыш
    следующей взятки." A player with one legal card plays it without asking the bot.
    """
    n = len(hands)
    following = FOLLOWING[n]
    right = RIGHT[n]
    lead, follow = bot_lead, bot_follow
    bit, suit_of, suit_mask, above = BIT, SUIT_OF, SUIT_MASK, ABOVE
    trumps = suit_mask[trump] if trump >= 0 else 0
    taken = [0] * n
    for _ in range(hands[0].bit_count()):
        seat = leader
        last = right[leader]
        hand = hands[seat]
        if hand & (hand - 1):
            c = lead(hand, trump, bids[seat] - taken[seat], known | hand)
        else:
            c = hand.bit_length() - 1
        hands[seat] = hand ^ bit[c]
        known |= bit[c]
        led_mask = suit_mask[suit_of[c]]
        win = c
        winner = seat
        # What beats the card winning so far: a higher card of its suit, or a trump while it is none.
        beat = above[c] if suit_of[c] == trump else above[c] | trumps
        while seat != last:
            seat = following[seat]
            hand = hands[seat]
            legal = hand & led_mask
            if legal:
                if legal & (legal - 1):
                    c = follow(legal, True, win, trump, bids[seat] - taken[seat], seat == last, known | hand)
                else:
                    c = legal.bit_length() - 1
            elif hand & (hand - 1):
                c = follow(hand, False, win, trump, bids[seat] - taken[seat], seat == last, known | hand)
            else:
                c = hand.bit_length() - 1
            b = bit[c]
            hands[seat] = hand ^ b
            known |= b
            if b & beat:
                win = c
                winner = seat
                beat = above[c] if suit_of[c] == trump else above[c] | trumps
        taken[winner] += 1
        leader = winner
    return taken


def _estimate(table: _Table, outcomes: list[int], count: int, exact: bool) -> Estimate:
    """The mean tricks, the 95% interval of the mean (normal approximation; none when exact)
    and the mean score of the best bid over the playouts (see the module's docstring)."""
    total = 0
    total_sq = 0
    rules, k = table.ruleset, table.k
    taken = [0] * (k + 1)  # how many playouts gave the seat each number of tricks
    for key, times in enumerate(outcomes):
        if times:
            tricks = key % 16
            taken[tricks] += times
            total += times * tricks
            total_sq += times * tricks * tricks
    if table.hook and RIGHT[table.n][table.leader] == table.seat:
        # The dealer under the hook may not choose freely (the others' bids forbid one): his
        # worth is scored with the bid the hook left him in each playout.
        score = sum(
            times * contract_points(rules, k, key // 16, key % 16, False)
            for key, times in enumerate(outcomes)
            if times
        )
    else:
        # The hand's worth bid at its best: the bid with the highest mean score over the playouts.
        score = max(
            sum(
                times * contract_points(rules, k, bid, tricks, False)
                for tricks, times in enumerate(taken)
                if times
            )
            for bid in range(k + 1)
        )
    mean = total / count
    if exact:
        low = high = mean
    elif count < 2:  # one playout says nothing of the spread
        low, high = 0.0, float(k)
    else:
        # The sample variance from integer sums: exact, no cancellation.
        var = (total_sq * count - total * total) / (count * (count - 1))
        half = Z95 * math.sqrt(var / count)
        low = max(0.0, mean - half)
        high = min(float(k), mean + half)
    return Estimate(mean, low, high, count, exact, score / count)


def _exact(table: _Table) -> Estimate:
    """Every distribution of the pool over the other seats, once each (all equally likely)."""
    outcomes = [0] * 16 * 16
    pool = [c for c in range(52) if table.pool & BIT[c]]
    others = table.others
    last = len(others) - 1
    k = table.k
    hands = list(table.hands)
    # Without the stock the last hand is what the others leave.
    rest_is_last = not table.stock
    count = 0

    def deal(i: int, rest: list[int]) -> None:
        nonlocal count
        if i == last and rest_is_last:
            m = 0
            for c in rest:
                m |= BIT[c]
            hands[others[i]] = m
            outcomes[_outcome(table, list(hands))] += 1
            count += 1
            return
        for chosen in combinations(rest, k):
            m = 0
            for c in chosen:
                m |= BIT[c]
            hands[others[i]] = m
            if i == last:
                outcomes[_outcome(table, list(hands))] += 1
                count += 1
            else:
                deal(i + 1, [c for c in rest if not m & BIT[c]])

    deal(0, pool)
    return _estimate(table, outcomes, count, True)


def _sampled(table: _Table, samples: int, rng: random.Random) -> Estimate:
    """``samples`` random distributions of the pool over the other seats."""
    outcomes = [0] * 16 * 16
    pool = [c for c in range(52) if table.pool & BIT[c]]
    others = table.others
    k = table.k
    hands = list(table.hands)
    rand = rng.random
    bit = BIT
    # A partial Fisher-Yates shuffle: places u-1 down to `start` get uniformly drawn cards,
    # dealt k to each other seat. Without the stock the first k places hold what is left,
    # the last hand, so the draws stop there.
    start = len(pool) - len(others) * k
    draws = range(len(pool) - 1, start - 1 if start else k - 1, -1)
    for _ in range(samples):
        for i in draws:
            j = int(rand() * (i + 1))
            pool[i], pool[j] = pool[j], pool[i]
        j = start
        for s in others:
            m = 0
            for c in pool[j : j + k]:
                m |= bit[c]
            hands[s] = m
            j += k
        outcomes[_outcome(table, list(hands))] += 1
    return _estimate(table, outcomes, samples, False)
