"""Simulated Oh Hell games: bots that bid and play like club players.

Used by the tests (hypothesis feeds it seeds and rulesets and checks the
replay of what it writes), by the benchmark and for demo data. A game is a
document in the interchange format of shared/spec/ohhell-log.md, with the
score sheet (per-deal ``scores`` and ``totals``) written the way a
scorekeeper would, plus the list of faults that were injected on purpose,
so a test can check that the replay finds every one of them and nothing
else.

Everything is deterministic by ``seed``: one :class:`random.Random` per
game, never the global generator. Cards are ints and hands bit masks
(rules/cards.py) so ten thousand games take seconds, not minutes.

Scores are not computed here: the scorekeeper's sheet is filled with the
engine's own scoring function (:func:`rules.ohhell.scoring`), so the
simulator can never disagree with the replay about a rule.

The bots' decisions (``bot_strength``, ``bot_bid``, ``bot_hooked_bid``,
``bot_lead``, ``bot_follow``) are public: the expected-tricks estimator
(:mod:`rules.ohhell.expected`) plays deals out with the same bots.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from rules.cards import BIT, NAME, SUIT_MASK, SUIT_OF
from rules.ohhell.ruleset import Ruleset, resolve_ruleset
from rules.ohhell.scoring import annulled_scores, deal_scores

__all__ = [
    "InjectedRenege",
    "InjectedWrongScore",
    "SimulatedGame",
    "bot_bid",
    "bot_follow",
    "bot_hooked_bid",
    "bot_lead",
    "bot_strength",
    "simulate",
]

#: Default names, one per seat, for ``players=<int>``.
DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya")

#: After this many annulled deals in a row for one schedule slot, no more
#: reneges are injected into it: a rate of 1.0 must still end the game.
MAX_ANNULLED_IN_A_ROW = 3

#: ``ABOVE[c]``: the cards of c's suit ranked above c (as a mask).
ABOVE = tuple(SUIT_MASK[SUIT_OF[c]] & ~((BIT[c] << 1) - 1) for c in range(52))
#: ``BELOW[c]``: the cards of c's suit ranked below c (as a mask).
BELOW = tuple(SUIT_MASK[SUIT_OF[c]] & (BIT[c] - 1) for c in range(52))


@dataclass(frozen=True, slots=True)
class InjectedRenege:
    """A renege the simulator made on purpose and left uncorrected.

    ``deal`` counts every deal of the log from 1 (annulled ones too),
    ``trick`` from 1, ``seat`` from 0: the coordinates of the
    ``RENEGE_UNCORRECTED`` finding the replay must report.
    """

    deal: int
    trick: int
    seat: int
    card: str
    kind: Literal["renege"] = "renege"


@dataclass(frozen=True, slots=True)
class InjectedWrongScore:
    """A deal score the scorekeeper wrote wrong (always too high, so totals are off too)."""

    deal: int
    seat: int
    written: int
    correct: int
    kind: Literal["wrong_score"] = "wrong_score"


Injected = InjectedRenege | InjectedWrongScore


@dataclass(slots=True)
class SimulatedGame:
    """One simulated game: the document and what was injected into it.

    ``contracts`` and ``made`` count the contracts of the deals that were
    scored (annulled deals excluded), for the realism check.
    """

    document: dict[str, Any]
    injected: list[Injected] = field(default_factory=list)
    contracts: int = 0
    made: int = 0

    @property
    def reneges(self) -> list[InjectedRenege]:
        return [i for i in self.injected if isinstance(i, InjectedRenege)]

    @property
    def wrong_scores(self) -> list[InjectedWrongScore]:
        return [i for i in self.injected if isinstance(i, InjectedWrongScore)]


# --------------------------------------------------------------------------
# Bidding


def _raw_strength(
    hand: int, trump: int, n: int, k: int, known: int, memo: dict[int, Any] | None = None
) -> float:
    """Tricks a hand is worth by a club player's count, before calibration.

    A card wins when no opponent holds a higher card of its suit: each
    unseen card is in an opponent's hand with probability ``p`` (the share
    of the unseen cards that were dealt), so a card with ``h`` unseen cards
    above it survives with about ``(1 - p) ** h``. A side-suit card also
    needs its suit to be led (few cards: only if it is led to it) and the
    round not to be trumped by an opponent who has run out of the suit,
    likelier the later the card comes in its suit. The third trump and
    beyond win once trumps are drawn; short side suits with spare trumps
    add ruffs.

    Each suit's cards give their terms (:func:`_trump_terms`,
    :func:`_side_terms`), added card by card in suit order. The terms
    depend on the suit's ranks held and known, not on which suit it is, so
    ``memo`` keeps them by rank pattern for one table shape (the same
    ``n``, ``k``, number of ``known`` cards and trump or not): the
    expected-tricks estimator counts many hands of such tables.
    """
    unseen = 52 - k - known.bit_count()
    q = 1.0 - (n - 1) * k / unseen
    seen = hand | known
    if trump >= 0:
        unseen_trumps = (SUIT_MASK[trump] & ~seen).bit_count()
        # An opponent holds a trump.
        has_trump = 1.0 - (1.0 - unseen_trumps / unseen) ** k
    else:
        unseen_trumps = 0
        has_trump = 0.0
    total = 0.0
    n_trumps = 0
    high_trumps = 0
    short = 0.0
    for s in range(4):
        m = hand & SUIT_MASK[s]
        if s == trump:
            n_trumps = m.bit_count()
            if memo is None:
                terms, high_trumps = _trump_terms(m, seen, q)
            else:
                key = (seen >> 13 * s & 0x1FFF) | (known >> 13 * s & 0x1FFF) << 13 | 1 << 40
                got = memo.get(key)
                if got is None:
                    got = memo[key] = _trump_terms(m, seen, q)
                terms, high_trumps = got
        else:
            length = m.bit_count()
            if trump >= 0 and k >= 3 and length <= 1:
                short += 1.0 if length == 0 else 0.5
            if not m:
                continue
            if memo is None:
                terms = _side_terms(m, s, seen, unseen, q, n, k, has_trump)
            else:
                # A side suit's terms depend on the opponents' trumps too: how many are unseen.
                key = (seen >> 13 * s & 0x1FFF) | (known >> 13 * s & 0x1FFF) << 13 | unseen_trumps << 26
                found = memo.get(key)
                if found is None:
                    found = memo[key] = _side_terms(m, s, seen, unseen, q, n, k, has_trump)
                terms = found
        for win in terms:
            total += win
    if short and n_trumps > high_trumps:
        total += 0.5 * min(n_trumps - high_trumps, short)
    return total


def _trump_terms(m: int, seen: int, q: float) -> tuple[tuple[float, ...], int]:
    """Each trump's chance to win, highest first, and how many are likelier than not to win."""
    terms = []
    high = 0
    i = 0
    while m:
        c = m.bit_length() - 1
        m ^= BIT[c]
        win = q ** (ABOVE[c] & ~seen).bit_count()
        if win > 0.5:
            high += 1
        elif i >= 2:
            win = max(win, 0.45)
        terms.append(win)
        i += 1
    return tuple(terms), high


def _side_terms(
    m: int, s: int, seen: int, unseen: int, q: float, n: int, k: int, has_trump: float
) -> tuple[float, ...]:
    """Each card of side suit ``s`` (held: ``m``, not empty): its chance to win a trick, highest first."""
    x = (SUIT_MASK[s] & ~seen).bit_count() / unseen
    opp = n - 1
    # The suit is led: by this hand (its lead, 1 in n) or by another.
    led = 1.0 / n + (1.0 - 1.0 / n) * min(1.0, k * x)
    # at_most: P(an opponent holds at most i cards of the suit), the
    # binomial distribution function summed term by term as i grows.
    y = 1.0 - x
    term = y**k
    at_most = term
    terms = []
    i = 0
    while m:
        c = m.bit_length() - 1
        m ^= BIT[c]
        win = q ** (ABOVE[c] & ~seen).bit_count()
        # Round i + 1 of the suit, not trumped by any opponent.
        terms.append(win * led * (1.0 - at_most * has_trump) ** opp)
        if i < k and y > 0.0:
            term *= (k - i) / (i + 1) * x / y
            at_most += term
        i += 1
    return tuple(terms)


#: ``_CALIBRATION[(n, k, trumps?)]``: the factor that makes a table's
#: strengths add up to the tricks there are.
_CALIBRATION: dict[tuple[int, int, bool], float] = {}


def _calibration(n: int, k: int, with_trump: bool) -> float:
    """How many tricks one point of raw strength is worth at this table.

    The count above is rough; players at a club know that the bids of a
    table should add up to about the cards dealt, so strength is scaled to
    do so on average. Measured once per table shape on fixed deals (its own
    generator, seeded by the shape: deterministic, not the global one).
    """
    key = (n, k, with_trump)
    factor = _CALIBRATION.get(key)
    if factor is None:
        rng = random.Random(n * 1000 + k * 2 + with_trump)  # noqa: S311 -- a simulation, not a secret
        deck = list(range(52))
        total = 0.0
        rounds = 48
        for _ in range(rounds):
            rng.shuffle(deck)
            trump_card = deck[n * k] if with_trump and n * k < 52 else -1
            trump = SUIT_OF[trump_card] if trump_card >= 0 else -1
            known = BIT[trump_card] if trump_card >= 0 else 0
            for s in range(n):
                hand = 0
                for c in deck[s * k : s * k + k]:
                    hand |= BIT[c]
                total += _raw_strength(hand, trump, n, k, known)
        factor = k * rounds / total if total else 1.0
        _CALIBRATION[key] = factor
    return factor


def bot_strength(
    hand: int, trump: int, n: int, k: int, known: int, memo: dict[int, Any] | None = None
) -> float:
    """Expected tricks of ``hand``: raw strength scaled to the table (``memo``: see :func:`_raw_strength`)."""
    return _raw_strength(hand, trump, n, k, known, memo) * _calibration(n, k, trump >= 0)


def bot_bid(est: float, k: int, noise: float) -> int:
    """Round an estimate to a bid, rather low with many cards.

    Seed: "В игре легче упустить взятку, чем ее выиграть, особенно при
    наличии на руках от четырех и более карт. В этих случаях безопаснее
    будет занизить контракт на одну взятку."
    """
    x = est + noise
    if k >= 4:
        x -= 0.25
    bid = int(x + 0.5) if x > 0 else 0
    return bid if bid <= k else k


def bot_hooked_bid(bid: int, bids_sum: int, k: int, est: float) -> int:
    """The dealer's bid moved off the forbidden sum, towards the estimate.

    Spec, ``dealer_hook``: the dealer may not bid so that the bids sum to
    the cards.
    """
    if bids_sum + bid != k:
        return bid
    if bid == 0:
        return 1
    if bid == k:
        return k - 1
    return bid + 1 if est > bid else bid - 1


# --------------------------------------------------------------------------
# Play: make the contract exactly


#: Bit 0 of each suit: ``m >> r & _RANK_BITS`` keeps rank ``r`` of every suit, one bit per suit.
_RANK_BITS = 1 | 1 << 13 | 1 << 26 | 1 << 39
#: ``_NOT_TRUMP[t]``: the cards outside trump suit ``t`` (every card when ``t`` is -1, no trumps).
_NOT_TRUMP = {-1: (1 << 52) - 1, **{t: ((1 << 52) - 1) & ~SUIT_MASK[t] for t in range(4)}}


def _lowest_by_rank(m: int, trump: int) -> int:
    """The lowest-ranked card of ``m``, a side-suit card before a trump; of equal ranks the
    first suit in S H D C order. Bit folds, not a loop over suits: the playouts' hot path."""
    side = m & _NOT_TRUMP[trump]
    if not side:
        return (m & -m).bit_length() - 1
    ranks = (side | side >> 13 | side >> 26 | side >> 39) & 0x1FFF
    r = (ranks & -ranks).bit_length() - 1
    suits = side >> r & _RANK_BITS
    return (suits & -suits).bit_length() - 1 + r


def _highest_by_rank(m: int, trump: int) -> int:
    """The highest-ranked card of ``m``, a side-suit card before a trump; of equal ranks the
    first suit in S H D C order."""
    side = m & _NOT_TRUMP[trump]
    if not side:
        return m.bit_length() - 1
    ranks = (side | side >> 13 | side >> 26 | side >> 39) & 0x1FFF
    r = ranks.bit_length() - 1
    suits = side >> r & _RANK_BITS
    return (suits & -suits).bit_length() - 1 + r


def bot_lead(hand: int, trump: int, need: int, known: int) -> int:
    """The card to lead: a sure winner when tricks are needed, the lowest card when not."""
    if need <= 0:
        return _lowest_by_rank(hand, trump)
    # A boss (no unseen card above it) in trumps, then in a side suit.
    if trump >= 0:
        t = hand & SUIT_MASK[trump]
        if t:
            c = t.bit_length() - 1
            if not ABOVE[c] & ~known:
                return c
    longest = -1
    longest_len = 0
    for s in range(4):
        if s == trump:
            continue
        x = hand & SUIT_MASK[s]
        if x:
            c = x.bit_length() - 1
            if not ABOVE[c] & ~known:
                return c
            n = x.bit_count()
            if n > longest_len:
                longest, longest_len = s, n
    if longest < 0:  # only trumps, none of them boss: lead the highest
        return hand.bit_length() - 1
    # No sure winner: lead low from the longest side suit, keeping its honours.
    x = hand & SUIT_MASK[longest]
    return (x & -x).bit_length() - 1


def bot_follow(legal: int, in_suit: bool, win: int, trump: int, need: int, last: bool, known: int) -> int:
    """The card to play to a trick led by someone else.

    Needing tricks: win cheaply (the lowest card that wins; when others
    still play, a card nobody can beat in suit, or the highest one).
    Needing none: duck with the highest card that still loses, and when
    out of the led suit throw the most dangerous high side card.
    """
    beat = legal & ABOVE[win]
    if trump >= 0 and SUIT_OF[win] != trump:
        beat |= legal & SUIT_MASK[trump]
    if need > 0:
        if beat:
            if last:
                return (beat & -beat).bit_length() - 1
            x = beat
            while x:
                c = (x & -x).bit_length() - 1
                if not ABOVE[c] & ~known:
                    return c
                x ^= BIT[c]
            if in_suit and SUIT_OF[win] != trump:
                return beat.bit_length() - 1
            return (beat & -beat).bit_length() - 1
        return _lowest_by_rank(legal, trump)
    lose = legal & ~beat
    if lose:
        if in_suit:
            return lose.bit_length() - 1
        return _highest_by_rank(lose, trump)
    # Every legal card wins: the last hand sheds its highest, others hope to be overtaken.
    if last:
        return beat.bit_length() - 1
    return (beat & -beat).bit_length() - 1


def _play_deal(
    rng: random.Random,
    hands: list[int],
    leader: int,
    trump: int,
    known: int,
    bids: list[int],
    renege_rate: float,
) -> tuple[list[list[int]], list[int], list[tuple[int, int, int]]]:
    """Play out one deal; return the tricks, the tricks taken and the injected reneges.

    Seed: "Игрок расположенный слева от сдатчика делает первый ход ...
    Следующий игрок по часовой стрелке должен класть карту в масть, если
    это возможно ... Взятку забирает игрок, который положит старший козырь,
    или старшую карту в масти карты первого хода. Игрок, который забирает
    взятку, начинает розыгрыш следующей взятки."
    A renege is injected with probability ``renege_rate`` wherever a
    player holds the led suit and another one.
    """
    n = len(hands)
    k = hands[0].bit_count()
    hands = list(hands)
    taken = [0] * n
    tricks: list[list[int]] = []
    reneges: list[tuple[int, int, int]] = []
    for t in range(k):
        seat = leader
        hand = hands[seat]
        c = bot_lead(hand, trump, bids[seat] - taken[seat], known | hand)
        hands[seat] = hand ^ BIT[c]
        known |= BIT[c]
        trick = [c]
        led_mask = SUIT_MASK[SUIT_OF[c]]
        win = c
        winner = seat
        for pos in range(1, n):
            seat = seat + 1 if seat + 1 < n else 0
            hand = hands[seat]
            follow = hand & led_mask
            in_suit = True
            if not follow:
                legal = hand
                in_suit = False
            elif renege_rate and follow != hand and rng.random() < renege_rate:
                legal = hand & ~led_mask
                in_suit = False
            else:
                legal = follow
            c = bot_follow(legal, in_suit, win, trump, bids[seat] - taken[seat], pos == n - 1, known | hand)
            if follow and not in_suit:
                reneges.append((t, seat, c))
            hands[seat] = hand ^ BIT[c]
            known |= BIT[c]
            trick.append(c)
            sc = SUIT_OF[c]
            sw = SUIT_OF[win]
            if (sc == sw and c > win) or (sc == trump and sw != trump):
                win = c
                winner = seat
        taken[winner] += 1
        leader = winner
        tricks.append(trick)
    return tricks, taken, reneges


# --------------------------------------------------------------------------
# The game


def _names(players: int | Sequence[str]) -> list[str]:
    if isinstance(players, int):
        if not 3 <= players <= 7:
            raise ValueError(f"Oh Hell is played by 3 to 7 players, not {players}")
        return list(DEFAULT_NAMES[:players])
    names = [str(p) for p in players]
    if not 3 <= len(names) <= 7:
        raise ValueError(f"Oh Hell is played by 3 to 7 players, not {len(names)}")
    if len(set(names)) != len(names):
        raise ValueError("player names must differ")
    return names


def _sorted_names(hand: int) -> list[str]:
    """A hand as a player holds it: by suit (S H D C), high cards first."""
    out = []
    for s in range(4):
        x = hand & SUIT_MASK[s]
        while x:
            c = x.bit_length() - 1
            out.append(NAME[c])
            x ^= BIT[c]
    return out


@dataclass(frozen=True, slots=True)
class _Table:
    """What stays the same for every deal of a simulated game."""

    names: list[str]
    rules: Ruleset
    record: str
    include_hands: bool
    wrong_score_rate: float
    blind_rate: float


_DECK = range(52)


def simulate(
    *,
    players: int | Sequence[str] = 4,
    ruleset: str | Mapping[str, Any] = "classic",
    seed: int,
    renege_rate: float = 0.0,
    redeal_after_renege: bool = True,
    wrong_score_rate: float = 0.0,
    blind_rate: float = 0.0,
    record: Literal["tricks", "taken"] = "tricks",
    include_hands: bool = True,
    deals: int | None = None,
) -> SimulatedGame:
    """Simulate one game of Oh Hell and write its log as a club would.

    - ``players``: a count (3..7, default names) or the names in seat order.
    - ``ruleset``: a preset name or ``{"preset": ..., options}``, written
      to the document as given.
    - ``seed``: the whole game follows from it.
    - ``renege_rate``: chance, per card where a player holds the led suit
      and another suit, that they play off suit. The renege is never
      corrected, so the deal is annulled; with ``redeal_after_renege`` the
      same dealer deals the same number of cards again (seed: "Если ренонс
      не был исправлен вовремя, то игра по сдаче аннулируется и
      назначается пересдача тем же сдатчиком"), without it the log goes on
      as if the redeal had been forgotten.
    - ``wrong_score_rate``: chance, per deal and seat, that the scorekeeper
      writes a deal score too high; totals are the sums of what was written.
    - ``blind_rate``: chance, per deal and seat, of a blind bid (made
      before looking at the cards; the spec's ``blind``).
    - ``record``: ``"tricks"`` (card-by-card) or ``"taken"`` (a
      score-sheet-only log; no reneges possible then).
    - ``include_hands``: write each deal's ``hands``.
    - ``deals``: play only the first so many deals of the schedule; the
      document's ruleset then names the shortened schedule, so the log
      still keeps its own rules.
    """
    if not 0.0 <= renege_rate <= 1.0 or not 0.0 <= wrong_score_rate <= 1.0 or not 0.0 <= blind_rate <= 1.0:
        raise ValueError("rates are probabilities between 0 and 1")
    if record not in ("tricks", "taken"):
        raise ValueError(f"record must be 'tricks' or 'taken', not {record!r}")
    if record == "taken" and renege_rate:
        raise ValueError("a score-sheet-only log (record='taken') cannot show a renege")
    names = _names(players)
    n = len(names)
    doc_ruleset: str | dict[str, Any] = ruleset if isinstance(ruleset, str) else dict(ruleset)
    rules = resolve_ruleset(doc_ruleset, n)
    schedule = list(rules.schedule)
    if deals is not None:
        if not 1 <= deals <= len(schedule):
            raise ValueError(f"deals must be between 1 and {len(schedule)}, not {deals}")
        schedule = schedule[:deals]
        if isinstance(doc_ruleset, str):
            doc_ruleset = {"preset": doc_ruleset}
        doc_ruleset["schedule"] = schedule
    for k in schedule:
        if k < 1 or n * k > 52:
            raise ValueError(f"cannot deal {k} cards to each of {n} players from one deck")

    rng = random.Random(seed)  # noqa: S311 -- a simulation, not a secret
    game = SimulatedGame(document={})
    out_deals: list[dict[str, Any]] = []
    totals = [0] * n
    # Seed: "Первый сдатчик карт определяется жребием, в следующих играх
    # игроки сдают карты по очереди."
    dealer = rng.randrange(n)
    table = _Table(names, rules, record, include_hands, wrong_score_rate, blind_rate)
    last_slot = len(schedule) - 1
    for slot, k in enumerate(schedule):
        # Seed: "При розыгрыше последней сдачи партии карта не открывается
        # и объявляется бескозырная игра" (when the ruleset keeps that rule).
        no_trump = slot == last_slot and rules.last_deal_no_trump
        annulled_in_row = 0
        while True:
            rate = renege_rate if annulled_in_row < MAX_ANNULLED_IN_A_ROW else 0.0
            reneged = _one_deal(rng, table, game, out_deals, totals, dealer, k, no_trump, rate)
            if not reneged or not redeal_after_renege:
                break
            annulled_in_row += 1
        dealer = dealer + 1 if dealer + 1 < n else 0
    game.document = {
        "game": "oh-hell",
        "version": 1,
        "ruleset": doc_ruleset,
        "players": names,
        "deals": out_deals,
        "totals": totals,
    }
    return game


def _one_deal(
    rng: random.Random,
    table: _Table,
    game: SimulatedGame,
    out_deals: list[dict[str, Any]],
    totals: list[int],
    dealer: int,
    k: int,
    no_trump: bool,
    renege_rate: float,
) -> bool:
    """Deal, bid, play and score one deal; append it to the log. True when it was annulled."""
    names, rules, wrong_score_rate = table.names, table.rules, table.wrong_score_rate
    n = len(names)
    deal_no = len(out_deals) + 1
    # Seed: "Колода тщательно тасуется." Only the cards dealt and the one
    # turned need drawing.
    drawn = rng.sample(_DECK, n * k + 1 if n * k < 52 else 52)
    hands = []
    for s in range(n):
        m = 0
        for c in drawn[s * k : s * k + k]:
            m |= BIT[c]
        hands.append(m)
    # Seed: "После раздачи карт всем игрокам одна карта кладется на стол в
    # открытом виде — это козырь." With no card left to turn there are no trumps.
    trump_card = -1 if no_trump or n * k >= 52 else drawn[n * k]
    trump = SUIT_OF[trump_card] if trump_card >= 0 else -1
    known = BIT[trump_card] if trump_card >= 0 else 0

    # Seed: "Торговлю начинает игрок, который сидит слева от сдатчика.
    # Каждый игрок по очереди должен заказать (пасовать нельзя)".
    bids = [0] * n
    blind = [False] * n
    bids_sum = 0
    seat = dealer
    for i in range(n):
        seat = seat + 1 if seat + 1 < n else 0
        noise = rng.gauss(0.0, 0.35)
        if table.blind_rate and rng.random() < table.blind_rate:
            blind[seat] = True
            est = k / n
            bid = int(est)
        else:
            est = bot_strength(hands[seat], trump, n, k, known)
            bid = bot_bid(est, k, noise)
        if i == n - 1 and rules.dealer_hook:
            bid = bot_hooked_bid(bid, bids_sum, k, est)
        bids[seat] = bid
        bids_sum += bid

    leader = dealer + 1 if dealer + 1 < n else 0
    tricks, taken, reneges = _play_deal(rng, hands, leader, trump, known, bids, renege_rate)

    if reneges:
        # Seed: "Если ренонс не был исправлен вовремя, то игра по сдаче
        # аннулируется ... Со счета игрока, который сделал ренонс, снимается
        # 10 очков": the engine's own rule writes the sheet.
        scores = annulled_scores(rules, n, sorted({s for _t, s, _c in reneges}))
        for t, s, c in reneges:
            game.injected.append(InjectedRenege(deal=deal_no, trick=t + 1, seat=s, card=NAME[c]))
    else:
        scores = deal_scores(rules, k, bids, taken, blind)
        game.contracts += n
        game.made += sum(1 for s in range(n) if bids[s] == taken[s])
    if wrong_score_rate:
        for s in range(n):
            if rng.random() < wrong_score_rate:
                written = scores[s] + rng.choice((1, 2, 10))
                game.injected.append(
                    InjectedWrongScore(deal=deal_no, seat=s, written=written, correct=scores[s])
                )
                scores[s] = written
    for s in range(n):
        totals[s] += scores[s]

    entry: dict[str, Any] = {
        "dealer": dealer,
        "cards": k,
        "trump": NAME[trump_card] if trump_card >= 0 else None,
    }
    if table.include_hands:
        entry["hands"] = [_sorted_names(h) for h in hands]
    entry["bids"] = bids
    if any(blind):
        entry["blind"] = blind
    if table.record == "tricks":
        entry["tricks"] = [[NAME[c] for c in trick] for trick in tricks]
    else:
        entry["taken"] = taken
    entry["scores"] = scores
    out_deals.append(entry)
    return bool(reneges)
