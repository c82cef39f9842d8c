"""Simulated preferans pulkas: three bots that bid plainly and play sensibly.

For demo data, benchmarks and property tests, as rules/bridge/simulate.py and
rules/ohhell/simulate.py. A pulka is a document in the JSON log format
(docs/preferans-log.md): the hands and the talon, the auction (now and then a
dark call), the discard, the contract, the whists, the play and the tricks.
The sheet is the engine's: the document is built without ``entries``, replayed
by :func:`rules.preferans.replay.replay`, and each deal's entries are copied
from the report, so the simulator can never disagree with the replay about a
rule. Deterministic by ``seed`` (one :class:`random.Random`); cards are ints,
hands bit masks.

The bots:

- **Auction**: a hand's sure tricks are counted per strain (aces; kings with a
  second card; queens in a suit of three with the ace or king; trump length
  beyond four, and in no-trump the length of a suit headed by ace and king);
  one trick is hoped for from the talon. Each player bids the lowest legal
  game (above the current call by :func:`rules.preferans.auction.height`, not
  below the pass-out minimum) while it does not exceed the game he can make,
  and passes otherwise. A hand without aces and kings calls misère as its
  first call when misère overcalls. All pass: the pass-out is played.
- **Dark calls** (``dark_rate``): a player's first call is, with that
  probability, made in the dark — ПАС В ТЕМНУЮ while nobody has bid (and not
  a fourth one in a row), or РАЗ / ДВА / ТРИ В ТЕМНУЮ when it overcalls; a
  player who went dark passes afterwards. With ``dark_rate > 0`` every light
  pass is written ``"looked": true`` (the player looked before passing).
- **Talon and contract**: the declarer takes the talon, picks the strain with
  the most sure tricks in the twelve cards, discards the two lowest cards not
  of the trump (on misère the two highest), and names the lowest game of that
  strain not below the winning call (under a dark level: not below the six of
  its suit); misère is played as misère.
- **Whists**: on a game played "только в темную" both defenders whist; else a
  defender whists when his sure tricks reach half the quota (at least one),
  and passes otherwise; nobody whists on misère. Both passing: no play.
- **Play**: follow suit, else trump, else anything (rules/preferans/play.py).
  The leader leads his highest card; a follower wins as cheaply as he can,
  else throws his lowest. Whoever wants no tricks (everybody on a pass-out,
  the misère declarer) leads low and plays the highest card that loses.
- **Revokes** (``revoke_rate``): a player who could follow plays another suit
  with that probability; each is recorded as (deal, trick, seat).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.cards import BIT, NAME, RANK_OF, SUIT_MASK, SUIT_OF, cards_of
from rules.preferans.auction import active_seats, height
from rules.preferans.core import (
    ALL_CONTRACTS,
    DECK,
    HAND_SIZE,
    SUIT_OF_STRAIN,
    Contract,
    Strain,
)
from rules.preferans.document import Call, CallKind, call_document, card_names, parse
from rules.preferans.play import trick_winner_position
from rules.preferans.replay import replay
from rules.preferans.ruleset import Ruleset, resolve_ruleset
from rules.preferans.whist import defenders_of

__all__ = ["DEFAULT_NAMES", "InjectedRevoke", "SimulatedPulka", "simulate", "sure_tricks"]

DEFAULT_NAMES = ("Anna", "Boris", "Vera")
ACE, KING, QUEEN = 12, 11, 10
TRICKS = 10
#: The seed allows three dark pass-outs in a row (bomb, double bomb, ёлка).
MAX_DARK_PASSOUTS = 3
MISERE = Contract.misere_game()
_DARK_KINDS: tuple[CallKind, ...] = ("dark-1", "dark-2", "dark-3")
_SUITS = (Strain.SPADES, Strain.CLUBS, Strain.DIAMONDS, Strain.HEARTS)


@dataclass(frozen=True, slots=True)
class InjectedRevoke:
    """A revoke made on purpose: ``deal`` and ``trick`` count from 1, ``seat`` from 0 — the
    coordinates of the ``REVOKE`` finding the replay must report."""

    deal: int
    trick: int
    seat: int


@dataclass
class SimulatedPulka:
    document: dict[str, Any]
    revokes: list[InjectedRevoke] = field(default_factory=list)


def _has(mask: int, suit: int, rank: int) -> bool:
    return bool(mask & BIT[suit * 13 + rank])


def sure_tricks(hand: int, strain: Strain | None) -> int:
    """The tricks a hand counts on in ``strain`` (None: no trumps, as misère and pass-outs)."""
    trump = None if strain is None else SUIT_OF_STRAIN[strain]
    total = 0
    for suit in range(4):
        n = (hand & SUIT_MASK[suit]).bit_count()
        if not n:
            continue
        ace, king, queen = (_has(hand, suit, r) for r in (ACE, KING, QUEEN))
        t = int(ace) + int(king and n >= 2) + int(queen and n >= 3 and (ace or king))
        if suit == trump or (trump is None and ace and king):
            t += max(0, n - 4)
        total += min(t, n)
    return total


def _best_strain(hand: int) -> tuple[int, Strain]:
    """The most sure tricks and the strain giving them (the higher strain on a tie)."""
    return max((sure_tricks(hand, s), s) for s in Strain)


def _misere_hand(hand: int) -> bool:
    """No ace and no king: the bot's rare misère."""
    return not any(_has(hand, s, r) for s in range(4) for r in (ACE, KING))


# -- the auction --------------------------------------------------------------------


@dataclass
class _Auction:
    calls: list[Call]
    declarer: int | None
    winning: Call | None
    dark_passout: bool


def _auction(
    hands: Sequence[int],
    order: tuple[int, ...],
    minimum: Contract | None,
    dark_streak: int,
    dark_rate: float,
    rng: random.Random,
) -> _Auction:
    calls: list[Call] = []
    passed: set[int] = set()
    spoken: set[int] = set()
    quiet: set[int] = set()  # went dark or called misère: pass from now on
    best: tuple[int, Call] | None = None
    bid_seen = dark_pass = False
    pos = 0
    while True:
        active = [s for s in order if s not in passed]
        if not active or (len(active) == 1 and best is not None and best[1].kind != "pass"):
            break
        seat = order[pos % 3]
        pos += 1
        if seat in passed:
            continue
        top = -1 if best is None else best[0]
        call: Call | None = None
        if seat not in spoken and dark_rate and rng.random() < dark_rate:
            options: list[Call] = []
            if not bid_seen and dark_streak < MAX_DARK_PASSOUTS:
                options.append(Call(seat=seat, kind="pass", dark=True))
            for kind in _DARK_KINDS:
                c = Call(seat=seat, kind=kind, dark=True)
                if height(c, dark_streak) > top:
                    options.append(c)
            if options:
                call = rng.choice(options)
                if call.kind == "pass":
                    dark_pass = True
                else:
                    quiet.add(seat)
        if call is None and seat not in quiet:
            hand = hands[seat]
            if seat not in spoken and _misere_hand(hand) and height(Call(seat, "contract", MISERE)) > top:
                call = Call(seat=seat, kind="contract", contract=MISERE)
                quiet.add(seat)
            else:
                tricks, strain = _best_strain(hand)
                can = min(tricks + 1, 10)  # one trick hoped for from the talon
                if can >= 6:
                    limit = Contract.game(can, strain)
                    for game in ALL_CONTRACTS:
                        if game.misere or (minimum is not None and game < minimum):
                            continue
                        if game > limit:
                            break
                        if height(Call(seat, "contract", game)) > top:
                            call = Call(seat=seat, kind="contract", contract=game)
                            break
        if call is None:
            call = Call(seat=seat, kind="pass", looked=bool(dark_rate))
        spoken.add(seat)
        calls.append(call)
        if call.kind == "pass":
            passed.add(seat)
            if call.dark and best is None:
                best = (height(call, dark_streak), call)
        else:
            bid_seen = True
            best = (height(call, dark_streak), call)
    if best is None or best[1].kind == "pass":
        return _Auction(calls, None, None, dark_pass)
    return _Auction(calls, best[1].seat, best[1], False)


# -- the talon and the contract -----------------------------------------------------


def _declare(hand: int, talon: int, winning: Call) -> tuple[int, Contract]:
    """The discard and the contract named after taking the talon."""
    held = hand | talon
    if winning.contract is not None and winning.contract.misere:
        top = sorted(cards_of(held), key=lambda c: (RANK_OF[c], -SUIT_OF[c]), reverse=True)[:2]
        return BIT[top[0]] | BIT[top[1]], MISERE
    minimum = (
        winning.contract if winning.dark_level == 0 else Contract.game(6, _SUITS[winning.dark_level - 1])
    )
    assert minimum is not None
    _, strain = _best_strain(held)
    trump = SUIT_OF_STRAIN[strain]
    low = sorted(cards_of(held), key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c], SUIT_OF[c]))[:2]
    discard = BIT[low[0]] | BIT[low[1]]
    games = [c for c in ALL_CONTRACTS if c.strain == strain and c >= minimum]
    return discard, games[0] if games else minimum


def _whists(
    contract: Contract,
    winning: Call,
    defenders: tuple[int, int],
    hands: Sequence[int],
    ruleset: Ruleset,
) -> list[tuple[int, str]]:
    if contract.misere:
        return []
    level = winning.dark_level
    if level and contract <= Contract.game(7, _SUITS[level - 1]):
        return [(s, "whist") for s in defenders]  # "вистовать обязаны оба партнера"
    need = max(1, (ruleset.quota(contract.level) + 1) // 2)
    return [(s, "whist" if sure_tricks(hands[s], contract.strain) >= need else "pass") for s in defenders]


# -- the play -----------------------------------------------------------------------


def _choose(options: int, trick: list[int], led: int | None, trump: int | None, avoid: bool) -> int:
    cards = cards_of(options)
    if led is None:  # a free lead
        key = lambda c: (RANK_OF[c], -SUIT_OF[c])  # noqa: E731
        return min(cards, key=key) if avoid else max(cards, key=key)
    wins = [c for c in cards if trick_winner_position([*trick, c], led, trump) == len(trick)]
    if avoid:
        losing = [c for c in cards if c not in wins]
        return max(losing or cards, key=lambda c: (RANK_OF[c], -SUIT_OF[c]))
    if wins:
        return min(wins, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c], SUIT_OF[c]))
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c], SUIT_OF[c]))


def _play(
    hands: Sequence[int],
    order: tuple[int, ...],
    trump: int | None,
    avoiders: set[int],
    talon: list[int] | None,
    rng: random.Random,
    revoke_rate: float,
) -> tuple[list[list[int]], list[int], list[tuple[int, int]]]:
    """The ten tricks (from the first hand; on a pass-out the ``talon`` cards set the suit of
    the first two, the first hand playing first to both), the winners, the revokes made."""
    held = list(hands)
    leader = order[0]
    tricks: list[list[int]] = []
    winners: list[int] = []
    revokes: list[tuple[int, int]] = []
    for t in range(TRICKS):
        talon_trick = talon is not None and t < len(talon)
        start = order.index(leader)
        seats = [order[(start + i) % 3] for i in range(3)]
        led: int | None = SUIT_OF[talon[t]] if talon is not None and talon_trick else None
        trick: list[int] = []
        for seat in seats:
            suit = led if talon_trick or not trick else SUIT_OF[trick[0]]
            hand = held[seat]
            if suit is None:
                options = hand
            elif hand & SUIT_MASK[suit]:
                options = hand & SUIT_MASK[suit]
                others = hand & ~options
                if others and revoke_rate and rng.random() < revoke_rate:
                    options = others
                    revokes.append((t + 1, seat))
            elif trump is not None and hand & SUIT_MASK[trump]:
                options = hand & SUIT_MASK[trump]
            else:
                options = hand
            card = _choose(options, trick, suit, trump, seat in avoiders)
            trick.append(card)
            held[seat] &= ~BIT[card]
        suit_led = led if talon_trick and led is not None else SUIT_OF[trick[0]]
        winner = seats[trick_winner_position(trick, suit_led, trump)]
        tricks.append(trick)
        winners.append(winner)
        leader = order[0] if talon_trick else winner
    return tricks, winners, revokes


# -- the pulka ----------------------------------------------------------------------


def simulate(
    *,
    players: Sequence[str] = DEFAULT_NAMES,
    seed: int = 0,
    deals: int = 10,
    ruleset: str | dict[str, Any] = "sochi",
    dark_rate: float = 0.0,
    revoke_rate: float = 0.0,
) -> SimulatedPulka:
    """A pulka of ``deals`` deals, the dealer rotating from seat 0, the sheet filled in by the
    replay. Three players, or four with the dealer sitting out."""
    n = len(players)
    rules = resolve_ruleset(ruleset, n)
    rng = random.Random(seed)  # noqa: S311 - a simulation, not cryptography
    passouts = dark_passouts = 0
    out: list[dict[str, Any]] = []
    injected: list[InjectedRevoke] = []
    for number in range(1, deals + 1):
        dealer = (number - 1) % n
        order = active_seats(n, dealer)
        deck = list(DECK)
        rng.shuffle(deck)
        hands = [0] * n
        for i, seat in enumerate(order):
            for card in deck[HAND_SIZE * i : HAND_SIZE * (i + 1)]:
                hands[seat] |= BIT[card]
        talon = BIT[deck[30]] | BIT[deck[31]]
        level = rules.minimum_level(passouts)
        minimum = Contract.game(level, Strain.SPADES) if level > 6 else None
        auction = _auction(hands, order, minimum, dark_passouts, dark_rate, rng)
        deal: dict[str, Any] = {
            "dealer": dealer,
            "hands": [card_names(h) for h in hands],
            "talon": card_names(talon),
            "auction": [call_document(c) for c in auction.calls],
        }
        tricks: list[int] = [0] * n
        revokes: list[tuple[int, int]] = []
        if auction.declarer is None:
            passouts += 1
            dark_passouts = dark_passouts + 1 if auction.dark_passout else 0
            talon_cards = [_card(name) for name in card_names(talon)]
            play, winners, revokes = _play(hands, order, None, set(order), talon_cards, rng, revoke_rate)
            deal["play"] = [[NAME[c] for c in trick] for trick in play]
        else:
            passouts = dark_passouts = 0
            declarer, winning = auction.declarer, auction.winning
            assert winning is not None
            discard, contract = _declare(hands[declarer], talon, winning)
            playing = list(hands)
            playing[declarer] = (hands[declarer] | talon) & ~discard
            defenders = defenders_of(declarer, n, dealer)
            whists = _whists(contract, winning, defenders, playing, rules)
            deal["discard"] = card_names(discard)
            deal["contract"] = str(contract)
            deal["whists"] = [{"seat": s, "decision": d} for s, d in whists]
            winners = []
            if contract.misere or any(d == "whist" for _, d in whists):
                trump = None if contract.strain is None else SUIT_OF_STRAIN[contract.strain]
                avoiders = {declarer} if contract.misere else set()
                play, winners, revokes = _play(playing, order, trump, avoiders, None, rng, revoke_rate)
                deal["play"] = [[NAME[c] for c in trick] for trick in play]
        for w in winners:
            tricks[w] += 1
        if winners:
            deal["tricks"] = tricks
        injected += [InjectedRevoke(number, trick, seat) for trick, seat in revokes]
        out.append(deal)
    document: dict[str, Any] = {
        "game": "preferans",
        "version": 1,
        "ruleset": ruleset,
        "players": list(players),
        "deals": out,
    }
    report = replay(parse(document))
    for deal, replayed in zip(out, report.deals, strict=True):
        deal["entries"] = [e.as_dict() for e in replayed.entries]
    return SimulatedPulka(document=document, revokes=injected)


def _card(name: str) -> int:
    return NAME.index(name)
