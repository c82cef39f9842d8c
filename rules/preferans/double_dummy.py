"""Double dummy for preferans: the tricks the declarer takes when all three hands are seen.

Once the talon is taken and the discard made, every card in play is known to the log
(``hands``, ``talon``, ``discard``), so "what the cards were worth" has one answer: the
number of tricks the declarer takes when all three play perfectly with the cards open —
in a game the declarer taking as many as he can against two defenders who take as many as
they can; in misère the declarer taking as few as he can while the two catchers force
tricks on him ("на мизере играющий не должен взять ни одной взятки").

The rule of play is the engine's (rules/preferans/play.py, docs/preferans.md "Rule of
play"): "на ход игрок обязан класть карту масти хода. Если в руке карт масти хода нет,
игрок обязан класть козырь. Если нет козыря, можно класть любую карту" — follow suit;
void, trump when holding a trump; else anything. The trick goes to the highest trump,
else the highest card of the led suit (:func:`rules.preferans.play.trick_winner_position`).
Seed 002 (the dark games) says nothing about the play; the rule is the classical one the
replay enforces, and misère and no-trump games are played without trumps.

The search (a classical double-dummy solver, written small):

- a yes/no question at a time — "does best play hold the declarer's tricks at ``target``
  or more?" — answered by alpha-beta over the tricks (the declarer a max node and the
  defenders min nodes; in misère the reverse), the exact count found by stepping the
  target from a guess (the contract's level) or by halving the interval;
- a transposition table at trick boundaries holding the bounds ``(lower, upper)`` proved
  for a position, so each later question reuses what earlier ones learnt. It is keyed by
  the position's shape — per suit, which hand holds the highest card left, the next, … —
  so positions differing only in cards already gone share an entry;
- cards of one hand in sequence among the cards in play (no card of another hand between
  them) are the same card for the play: only one of each run is tried;
- bounds before any card is tried: in a game the leader's quick tricks (top trumps, then
  top cards in suits every other trump holder still follows); in misère, with a catcher on
  lead, a declarer whose every suit lets him play under the catchers for as long as they
  can lead it (:func:`_ducks`) takes nothing more;
- the cards tried first are the ones likely to settle the question: the lead that settled
  the same position last time; a follower wins as cheaply as he can or plays low; the
  misère declarer ducks with his highest card that loses.

Cards are rules.cards ints (``suit * 13 + rank``) and hands are bit masks, as in the rest
of the engine. Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.cards import SUIT_MASK

__all__ = ["SolverError", "declarer_tricks", "makes"]

_SUIT_OF_BIT = tuple(c // 13 for c in range(52))
_RANK_OF_BIT = tuple(c % 13 for c in range(52))
#: One suit's 13 bits, and where each suit's bits start in a mask.
_SUIT_BITS = (1 << 13) - 1
_SHIFTS = (0, 13, 26, 39)


class SolverError(ValueError):
    """Hands that cannot be played out: not three hands of equal size, or a card twice."""


def _check(hands: Sequence[int], declarer: int, leader: int) -> None:
    if len(hands) != 3:
        raise SolverError(f"preferans is played by three hands, not {len(hands)}")
    size = hands[0].bit_count()
    if any(h.bit_count() != size for h in hands):
        raise SolverError("the three hands must hold the same number of cards")
    if hands[0] & hands[1] or hands[0] & hands[2] or hands[1] & hands[2]:
        raise SolverError("a card is in two hands")
    if (hands[0] | hands[1] | hands[2]) >> 52:
        raise SolverError("a card outside the deck")
    if not (0 <= declarer < 3 and 0 <= leader < 3):
        raise SolverError("declarer and leader are positions 0, 1, 2 in playing order")


# -- runs of equal cards, and the shape of a position -----------------------------------

#: Per suit: (a hand's bits | the bits in play << 13) -> the hand's runs (module docstring).
_RUNS: tuple[dict[int, tuple[int, ...]], ...] = ({}, {}, {}, {})
#: (hand 0's bits | hand 1's << 13 | hand 2's << 26) of one suit -> the packed shape.
_SHAPES: dict[int, int] = {}


def _suit_runs(hand: int, present: int, suit: int) -> tuple[int, ...]:
    """The cards of ``hand`` in ``suit`` worth trying, lowest first: one of each run of cards
    in sequence among ``present`` (the cards in play at the start of the trick; a card of
    another hand, or on the table, between two cards splits their run)."""
    shift = 13 * suit
    mine = hand >> shift & _SUIT_BITS
    key = mine | (present >> shift & _SUIT_BITS) << 13
    table = _RUNS[suit]
    runs = table.get(key)
    if runs is None:
        others = (present >> shift & _SUIT_BITS) & ~mine
        out = []
        for rank in range(13):
            if mine >> rank & 1:
                above = others >> (rank + 1)
                # The highest card of a run: the next card up in play is not the hand's own.
                nxt = mine >> (rank + 1)
                lowest_other = (above & -above).bit_length() if above else 99
                lowest_mine = (nxt & -nxt).bit_length() if nxt else 99
                if lowest_other < lowest_mine or lowest_mine == 99:
                    out.append(shift + rank)
        runs = table[key] = tuple(out)
    return runs


def _all_runs(hand: int, present: int) -> list[int]:
    """Every suit's runs of ``hand`` (a free lead, or a discard)."""
    out: list[int] = []
    for suit in range(4):
        if hand & SUIT_MASK[suit]:
            out.extend(_suit_runs(hand, present, suit))
    return out


def _new_shape(key: int) -> int:
    """One suit's cards in play by hand (13-bit masks packed in ``key``), packed to the top
    ranks in the same order: which hand holds the highest card left, the next, and so on."""
    masks = (key & _SUIT_BITS, key >> 13 & _SUIT_BITS, key >> 26)
    out = [0, 0, 0]
    rank = 12
    for bit in range(12, -1, -1):
        for i in range(3):
            if masks[i] >> bit & 1:
                out[i] |= 1 << rank
                rank -= 1
    shape = _SHAPES[key] = out[0] | out[1] << 13 | out[2] << 26
    return shape


def _shape(h0: int, h1: int, h2: int, leader: int) -> int:
    """The transposition key of a position: the leader and each suit's shape. Positions that
    differ only in the cards gone are the same to the play — only the order of the cards
    left matters — so they share one entry."""
    shapes = _SHAPES
    key = leader
    for shift in _SHIFTS:
        k = (h0 >> shift & _SUIT_BITS) | (h1 >> shift & _SUIT_BITS) << 13 | (h2 >> shift & _SUIT_BITS) << 26
        shape = shapes.get(k)
        if shape is None:
            shape = _new_shape(k)
        key = key << 39 | shape
    return key


#: (the declarer's bits | the catchers' bits << 13) of one suit -> whether he can always duck in it.
_DUCKS: dict[int, bool] = {}


def _ducks(mine: int, theirs: int) -> bool:
    """Whether the misère declarer holding ``mine`` (13-bit ranks of one suit) can play under
    every lead of the catchers holding ``theirs`` in that suit, for as long as they can lead it:
    his i-th lowest card is below their i-th lowest, for every i both sides reach.

    Then, whatever they lead or play, the highest card he holds under the trick's top card
    keeps the condition (and so does throwing his highest card when void); no trumps in
    misère, so a discard never takes a trick."""
    key = mine | theirs << 13
    safe = _DUCKS.get(key)
    if safe is None:
        below = 0  # his cards below the catchers' card looked at
        seen = 0  # their cards so far, lowest first
        safe = True
        size = mine.bit_count()
        for rank in range(13):
            if theirs >> rank & 1:
                seen += 1
                if below < min(seen, size):
                    safe = False
                    break
            elif mine >> rank & 1:
                below += 1
        _DUCKS[key] = safe
    return safe


def _beats(challenger: int, best: int, suit_mask: int, trump_mask: int) -> bool:
    """Whether the card ``challenger`` (a one-bit mask) beats ``best`` in a trick led in
    ``suit_mask``: a higher trump, a trump on a non-trump, or a higher card of the led suit."""
    if challenger & trump_mask:
        return not best & trump_mask or challenger > best
    if best & trump_mask:
        return False
    return bool(challenger & suit_mask) and challenger > best


#: How a follower's cards are ordered for the search (:func:`_order`).
_LOW, _WIN, _DUCK = 0, 1, 2


def _order(cards: Sequence[int], best: int, suit_mask: int, trump_mask: int, mode: int) -> Sequence[int]:
    """A follower's ``cards`` (lowest first) in the order to try them: ``_LOW`` as they are
    (his side holds the trick already, or a catcher in misère); ``_WIN`` the cheapest card
    that takes the trick, then the lowest that do not, then the dearer winners; ``_DUCK``
    (the misère declarer) the highest card that stays under ``best`` first, then the
    highest winners."""
    if mode == _LOW or len(cards) == 1:
        return cards
    winners = [c for c in cards if _beats(1 << c, best, suit_mask, trump_mask)]
    if mode == _DUCK:
        losers = [c for c in cards if not _beats(1 << c, best, suit_mask, trump_mask)]
        losers.sort(key=_RANK_OF_BIT.__getitem__, reverse=True)
        winners.sort(key=_RANK_OF_BIT.__getitem__, reverse=True)
        return losers + winners
    if not winners or len(winners) == len(cards):
        return cards
    losers = [c for c in cards if not _beats(1 << c, best, suit_mask, trump_mask)]
    return [winners[0], *losers, *winners[1:]]


# -- the search ----------------------------------------------------------------------------


class _Solver:
    """One deal's search: the trump, who declares, who maximises, and the table of bounds."""

    __slots__ = ("declarer", "leads", "maximiser", "misere", "nodes", "table", "trump", "trump_mask")

    def __init__(self, declarer: int, trump: int | None, misere: bool) -> None:
        self.declarer = declarer
        self.misere = misere
        # A max node wants the declarer's tricks high: the declarer in a game, the catchers in misère.
        self.maximiser = tuple((p == declarer) != misere for p in range(3))
        self.trump = trump
        self.trump_mask = 0 if trump is None else SUIT_MASK[trump]
        #: Per position shape: the bounds (lower, upper) proved for the declarer's tricks.
        self.table: dict[int, tuple[int, int]] = {}
        #: Per position shape: the suit of the lead that settled it last, tried first next time.
        self.leads: dict[int, int] = {}
        self.nodes = 0

    def value(self, hands: tuple[int, int, int], leader: int, guess: int | None = None) -> int:
        """The declarer's tricks from this position with best play by all three.

        Each question narrows ``[low, high]``; from a ``guess`` (the contract's level, say)
        the questions step from there, else they halve the interval.
        """
        h0, h1, h2 = hands
        low, high = 0, h0.bit_count()
        while low < high:
            mid = (low + high + 1) // 2 if guess is None else min(max(guess, low + 1), high)
            if self.reaches(h0, h1, h2, leader, mid):
                low = mid
                guess = None if guess is None else mid + 1
            else:
                high = mid - 1
                guess = None if guess is None else mid - 1
        return low

    def reaches(self, h0: int, h1: int, h2: int, leader: int, target: int) -> bool:
        """Whether best play holds the declarer's tricks from here at ``target`` or more."""
        if target <= 0:
            return True
        left = h0.bit_count()
        if target > left:
            return False
        if left == 1:
            return self._last_trick(h0, h1, h2, leader) == self.declarer
        key = _shape(h0, h1, h2, leader)
        low, high = self.table.get(key, (0, left))
        if low >= target:
            return True
        if high < target:
            return False
        if self.misere:
            if leader != self.declarer and self._escapes(h0, h1, h2):
                self.table[key] = (low, 0)
                return False
        else:
            quick = self._quick_tricks(h0, h1, h2, leader)
            if leader == self.declarer:
                if quick >= target:
                    self.table[key] = (quick, high)
                    return True
            elif left - quick < target:
                self.table[key] = (low, left - quick)
                return False
        self.nodes += 1
        result = self._trick(h0, h1, h2, leader, target, key)
        self.table[key] = (target, high) if result else (low, target - 1)
        return result

    def _last_trick(self, h0: int, h1: int, h2: int, leader: int) -> int:
        """Who takes the last trick: each plays his one card."""
        hands = (h0, h1, h2)
        best = hands[leader]
        suit_mask = SUIT_MASK[_SUIT_OF_BIT[best.bit_length() - 1]]
        winner = leader
        for step in (1, 2):
            p = (leader + step) % 3
            if _beats(hands[p], best, suit_mask, self.trump_mask):
                best, winner = hands[p], p
        return winner

    def _escapes(self, h0: int, h1: int, h2: int) -> bool:
        """Misère with a catcher on lead: whether the declarer can duck in every suit
        (:func:`_ducks`), so that he takes no more tricks. The lead never comes back to him."""
        hands = (h0, h1, h2)
        declarer = self.declarer
        mine = hands[declarer]
        theirs = hands[(declarer + 1) % 3] | hands[(declarer + 2) % 3]
        return all(_ducks(mine >> shift & _SUIT_BITS, theirs >> shift & _SUIT_BITS) for shift in _SHIFTS)

    def _quick_tricks(self, h0: int, h1: int, h2: int, leader: int) -> int:
        """Tricks the leader's side surely takes by cashing the leader's top cards in turn: his
        top trumps, then in each other suit his top cards as long as every other player
        holding a trump still follows (void, he would have to trump: "обязан класть козырь")."""
        hands = (h0, h1, h2)
        hand = hands[leader]
        present = h0 | h1 | h2
        trump_mask = self.trump_mask
        ruffers = [hands[p] for p in range(3) if p != leader and hands[p] & trump_mask]
        total = 0
        for suit_mask in SUIT_MASK:
            mine = hand & suit_mask
            if not mine:
                continue
            cards = present & suit_mask
            top = 0
            while cards:
                high_bit = 1 << (cards.bit_length() - 1)
                if not high_bit & mine:
                    break
                top += 1
                cards ^= high_bit
            if top and suit_mask != trump_mask:
                for other in ruffers:
                    length = (other & suit_mask).bit_count()
                    if length < top:
                        top = length
            total += top
        return total

    def _follows(self, hand: int, present: int, suit: int) -> Sequence[int]:
        """A follower's legal cards, one of each run: the led suit; void, a trump when he holds
        one; else anything."""
        if hand & SUIT_MASK[suit]:
            return _suit_runs(hand, present, suit)
        if hand & self.trump_mask:
            assert self.trump is not None
            return _suit_runs(hand, present, self.trump)
        return _all_runs(hand, present)

    def _trick(self, h0: int, h1: int, h2: int, leader: int, target: int, key: int) -> bool:
        """One trick: the leader's card, the second's, the third's, then the next position."""
        hands = (h0, h1, h2)
        present = h0 | h1 | h2
        p0, p1, p2 = leader, (leader + 1) % 3, (leader + 2) % 3
        maximiser = self.maximiser
        m0, m1, m2 = maximiser[p0], maximiser[p1], maximiser[p2]
        trump_mask = self.trump_mask
        declarer = self.declarer
        misere = self.misere
        hand1, hand2 = hands[p1], hands[p2]
        leads = _all_runs(hands[p0], present)
        if misere:
            leads.sort(key=_RANK_OF_BIT.__getitem__)  # low cards first: the safe leads, and the forcing ones
        else:
            leads.reverse()  # high cards first: they win tricks or draw the others' high cards
        killer = self.leads.get(key)
        if killer is not None:
            leads.sort(key=lambda c: _SUIT_OF_BIT[c] != killer)
        mode1 = (_DUCK if p1 == declarer else _LOW) if misere else _LOW if m1 == m0 else _WIN
        follows: dict[int, tuple[Sequence[int], Sequence[int]]] = {}
        for c0 in leads:
            b0 = 1 << c0
            suit = _SUIT_OF_BIT[c0]
            suit_mask = SUIT_MASK[suit]
            if suit in follows:
                seconds, thirds = follows[suit]
            else:
                seconds = self._follows(hand1, present, suit)
                thirds = self._follows(hand2, present, suit)
                follows[suit] = seconds, thirds
            result1 = not m1
            for c1 in _order(seconds, b0, suit_mask, trump_mask, mode1):
                b1 = 1 << c1
                second_wins = _beats(b1, b0, suit_mask, trump_mask)
                best, best_side = (b1, m1) if second_wins else (b0, m0)
                mode2 = (_DUCK if p2 == declarer else _LOW) if misere else _LOW if best_side == m2 else _WIN
                result2 = not m2
                for c2 in _order(thirds, best, suit_mask, trump_mask, mode2):
                    b2 = 1 << c2
                    winner = p2 if _beats(b2, best, suit_mask, trump_mask) else p1 if second_wins else p0
                    keep = ~(b0 | b1 | b2)  # the hands are disjoint: each loses its own card
                    ok = self.reaches(
                        h0 & keep, h1 & keep, h2 & keep, winner, target - 1 if winner == declarer else target
                    )
                    if ok == m2:  # a max node found a yes, or a min node a no: the rest cannot change it
                        result2 = m2
                        break
                if result2 == m1:
                    result1 = m1
                    break
            if result1 == m0:
                self.leads[key] = suit
                return m0
        return not m0


def declarer_tricks(
    hands: Sequence[int],
    declarer: int,
    leader: int,
    trump: int | None,
    *,
    misere: bool = False,
    guess: int | None = None,
) -> int:
    """The declarer's tricks with all three hands open and best play by everyone.

    ``hands`` are the three playing hands as masks in playing order (position ``i + 1`` plays
    after position ``i``, clockwise), each of the same size (ten at the start of the play);
    ``declarer`` and ``leader`` are positions 0..2; ``trump`` the rules.cards suit of the
    trumps or None (no-trump, misère). In a game the declarer maximises his tricks, in
    ``misere`` he minimises them. ``guess`` (e.g. the contract's level; 1 for misère) only
    speeds the search when it is near the answer. Raises :class:`SolverError` for hands that
    cannot be played.
    """
    _check(hands, declarer, leader)
    solver = _Solver(declarer, trump, misere)
    return solver.value((hands[0], hands[1], hands[2]), leader, guess)


def makes(
    hands: Sequence[int], declarer: int, leader: int, trump: int | None, target: int, *, misere: bool = False
) -> bool:
    """Whether best play holds the declarer's tricks at ``target`` or more (one question,
    cheaper than the exact count: a game makes double dummy when ``target`` is its level)."""
    _check(hands, declarer, leader)
    solver = _Solver(declarer, trump, misere)
    return solver.reaches(hands[0], hands[1], hands[2], leader, target)
