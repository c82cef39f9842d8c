"""Simulated rubber bridge sessions: four bots that bid plainly and play sensibly.

For demo data, benchmarks and property tests. A session is a document in the
JSON rubber log format (docs/bridge-log.md) with the hands, the auction, the
play and the sheet's entries written as a scorer would — by the engine's own
scoring (rules.bridge.rubber), so the simulator can never disagree with the
replay about a rule. Deterministic by ``seed``; cards are ints, hands masks.

The bidding is deliberately simple and always legal: the first player with
an opening hand (12+ high-card points) opens one of the longest suit, or
1NT with a balanced 15–17; the partner raises to game with enough combined
strength and a fit (four of a major, 3NT, five of a minor), to the two level
with less, and passes otherwise; the opponents pass; a doubled contract
appears now and then. The play follows suit, wins a trick as cheaply as it
can, and otherwise throws its lowest card. Revokes can be injected.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from rules.bridge.core import SEATS, SUIT_OF_STRAIN, Contract, Doubling, Seat, Strain
from rules.bridge.play import legal_mask, trick_winner
from rules.bridge.rubber import RubberTracker
from rules.bridge.ruleset import resolve_ruleset
from rules.bridge.scoring import honours_points, score_deal
from rules.cards import BIT, NAME, RANK_OF, SUIT_MASK, SUIT_OF, cards_of

DEFAULT_NAMES = ("Anna", "Boris", "Vera", "Gleb")
#: High-card points by rank index (2..A): J 1, Q 2, K 3, A 4.
HCP = (0,) * 9 + (1, 2, 3, 4)
#: rules.cards suit (S, H, D, C) → the bidding strain.
STRAIN_OF_SUIT = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


@dataclass(frozen=True, slots=True)
class InjectedRevoke:
    deal: int
    trick: int
    seat: Seat


@dataclass
class SimulatedSession:
    document: dict[str, Any]
    revokes: list[InjectedRevoke] = field(default_factory=list)


def points(hand: int) -> int:
    return sum(HCP[RANK_OF[c]] for c in cards_of(hand))


def lengths(hand: int) -> list[int]:
    return [bin(hand & SUIT_MASK[s]).count("1") for s in range(4)]


def _auction(hands: list[int], dealer: Seat, rng: random.Random) -> list[str]:
    calls: list[str] = []
    seat = dealer
    opener: Seat | None = None
    for _ in range(4):
        if points(hands[seat]) >= 12:
            opener = seat
            break
        calls.append("P")
        seat = seat.left
    if opener is None:
        return calls  # four passes
    hand = hands[opener]
    lens = lengths(hand)
    balanced = sorted(lens) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])
    if balanced and 15 <= points(hand) <= 17:
        strain = Strain.NOTRUMP
    else:
        longest = max(range(4), key=lambda s: (lens[s], -s))
        strain = STRAIN_OF_SUIT[longest]
    calls.append(f"1{strain.letter}")
    calls.append("P")  # the opponent on the left
    partner = hands[opener.partner]
    combined = points(hand) + points(partner)
    suit = SUIT_OF_STRAIN[strain]
    fit = suit is not None and lengths(partner)[suit] + lens[suit] >= 8
    if combined >= 25 and (fit or strain is Strain.NOTRUMP):
        level = 3 if strain is Strain.NOTRUMP else 4 if not strain.minor else 5
        final = f"{level}{strain.letter}"
    elif combined >= 25:
        final = "3NT"
    elif combined >= 21 and fit:
        final = f"2{strain.letter}"
    else:
        final = ""
    if final:
        calls.append(final)
        doubled = rng.random() < 0.08
        calls += ["X", "P", "P", "P"] if doubled else ["P", "P", "P"]
    else:
        calls += ["P", "P"]
    return calls


def _contract(calls: list[str], dealer: Seat) -> Contract | None:
    """The final contract of the simple auctions above (the replay checks it properly)."""
    bids = [(i, c) for i, c in enumerate(calls) if c not in ("P", "X", "XX")]
    if not bids:
        return None
    index, last = bids[-1]
    strain = Strain(("C", "D", "H", "S", "NT").index(last[1:]))
    side = Seat((dealer + index) % 4).side
    for i, call in bids:  # the first of the side to name the strain declares
        seat = Seat((dealer + i) % 4)
        if seat.side == side and call[1:] == last[1:]:
            doubling = Doubling.DOUBLED if "X" in calls[index:] else Doubling.UNDOUBLED
            return Contract(int(last[0]), strain, doubling, seat)
    raise AssertionError("unreachable: the last bid's side named its strain")


def _play(
    hands: list[int], contract: Contract, rng: random.Random, revoke_rate: float
) -> tuple[list[list[int]], list[tuple[int, Seat]]]:
    held = list(hands)
    trump = SUIT_OF_STRAIN[contract.strain]
    leader = contract.declarer.left
    tricks: list[list[int]] = []
    revokes: list[tuple[int, Seat]] = []
    for number in range(1, 14):
        trick: list[int] = []
        seat = leader
        for _ in range(4):
            led = SUIT_OF[trick[0]] if trick else None
            options = legal_mask(held[seat], led)
            if led is not None and options == held[seat] & SUIT_MASK[led] and number < 12:
                others = held[seat] & ~SUIT_MASK[led]
                if others and rng.random() < revoke_rate:
                    options = others
                    revokes.append((number, seat))
            card = _choose(options, trick, leader, trump, seat)
            trick.append(card)
            held[seat] &= ~BIT[card]
            seat = seat.left
        tricks.append(trick)
        leader = trick_winner(trick, leader, trump)
    return tricks, revokes


def _choose(options: int, trick: list[int], leader: Seat, trump: int | None, seat: Seat) -> int:
    cards = cards_of(options)
    if not trick:
        return max(cards, key=lambda c: (RANK_OF[c], -SUIT_OF[c]))
    for card in sorted(cards, key=lambda c: (SUIT_OF[c] != trump, RANK_OF[c])):
        if trick_winner([*trick, card], leader, trump) == seat:
            return card
    return min(cards, key=lambda c: (SUIT_OF[c] == trump, RANK_OF[c]))


def simulate(
    *,
    players: tuple[str, str, str, str] | list[str] = DEFAULT_NAMES,
    seed: int = 0,
    deals: int = 8,
    ruleset: str | dict[str, Any] = "seed",
    revoke_rate: float = 0.0,
) -> SimulatedSession:
    """A session of ``deals`` deals, dealer rotating from North, the sheet filled in."""
    rng = random.Random(seed)  # noqa: S311 - a simulation, not cryptography
    rules = resolve_ruleset(ruleset)
    tracker = RubberTracker(rules)
    out: list[dict[str, Any]] = []
    injected: list[InjectedRevoke] = []
    for number in range(1, deals + 1):
        dealer = Seat((number - 1) % 4)
        deck = list(range(52))
        rng.shuffle(deck)
        hands = [sum(BIT[c] for c in deck[13 * s : 13 * s + 13]) for s in range(4)]
        calls = _auction(hands, dealer, rng)
        contract = _contract(calls, dealer)
        deal: dict[str, Any] = {
            "dealer": SEATS[dealer],
            "hands": {
                SEATS[s]: [NAME[c] for c in sorted(cards_of(hands[s]), reverse=True)] for s in range(4)
            },
            "auction": calls,
        }
        vulnerable = tracker.vulnerable
        if contract is None:
            score = tracker.record(score_deal(None, 0, vulnerable, (0, 0), rules))
        else:
            tricks, revokes = _play(hands, contract, rng, revoke_rate)
            deal["play"] = [[NAME[c] for c in trick] for trick in tricks]
            won = sum(1 for i in range(13) if _winner(tricks, i, contract).side == contract.side)
            deal["result"] = won
            injected += [InjectedRevoke(number, trick, seat) for trick, seat in revokes]
            honours = honours_points(hands, contract.strain, rules)
            score = tracker.record(score_deal(contract, won, vulnerable, honours, rules))
        deal["scores"] = score.sheet()
        out.append(deal)
    document = {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": ruleset,
        "players": list(players),
        "deals": out,
    }
    return SimulatedSession(document=document, revokes=injected)


def _winner(tricks: list[list[int]], index: int, contract: Contract) -> Seat:
    leader = contract.declarer.left
    trump = SUIT_OF_STRAIN[contract.strain]
    for i in range(index):
        leader = trick_winner(tricks[i], leader, trump)
    return trick_winner(tricks[index], leader, trump)
