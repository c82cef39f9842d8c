"""The fast path (rules/ohhell/play.py) against the careful replay (rules/ohhell/table.py).

The fast path may only ever say "regular, and here is what each seat
took"; anything else it hands to the careful replay. So:

- on any deal, regular or damaged at random, the report is the same with
  the fast path as with the careful replay alone;
- on a legal deal the fast path does answer (it is not silently skipped);
- each irregularity, one at a time, makes it give up.
"""

from __future__ import annotations

import importlib
import random
from typing import Any
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import NAME, parse_card
from rules.ohhell import parse, replay
from rules.ohhell.play import NOBODY, holders, play_dealt, play_tricks
from rules.ohhell.ruleset import max_cards
from tests.rules.ohhell.legal_play import LegalDeal, legal_deal

# The module, not the function ``rules.ohhell.replay`` that the package exports under its name.
replay_module = importlib.import_module("rules.ohhell.replay")
PLAYERS = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya"]


def damage(d: LegalDeal, rng: random.Random) -> None:
    """One random fault of the kind a mistyped log has, made in place."""
    tricks, hands = d.tricks, d.hands
    if not tricks or not all(tricks) or not all(hands):
        return
    trick = rng.choice(tricks)
    kind = rng.randrange(8)
    if kind == 0 and len(trick) > 1:  # two cards of a trick in the wrong order
        i, j = rng.sample(range(len(trick)), 2)
        trick[i], trick[j] = trick[j], trick[i]
    elif kind == 1:  # cards swapped between two tricks
        u = rng.randrange(len(tricks))
        i, j = rng.randrange(len(trick)), rng.randrange(len(tricks[u]))
        trick[i], tricks[u][j] = tricks[u][j], trick[i]
    elif kind == 2:  # a card played twice
        other = tricks[rng.randrange(len(tricks))]
        trick[rng.randrange(len(trick))] = rng.choice(other)
    elif kind == 3:  # the turned trump, or a card nobody was dealt, played
        dealt = {c for h in hands for c in h}
        spare = [c for c in range(52) if c not in dealt]
        if spare:
            trick[rng.randrange(len(trick))] = d.trump if d.trump is not None else rng.choice(spare)
    elif kind == 4:  # a trick a card short, or a card over
        if rng.random() < 0.5:
            trick.pop()
        else:
            trick.append(rng.randrange(52))
    elif kind == 5:  # a card written in another seat's hand
        a, b = rng.sample(range(len(hands)), 2)
        if hands[a]:
            hands[b].append(hands[a].pop(rng.randrange(len(hands[a]))))
    elif kind == 6:  # a hand with a card of another hand, or the trump
        a = rng.randrange(len(hands))
        pick = rng.choice([c for h in hands for c in h] + ([d.trump] if d.trump is not None else []))
        hands[a][rng.randrange(len(hands[a]))] = pick
    elif kind == 7:  # the last trick missing
        tricks.pop()


def document(n: int, d: LegalDeal, *, with_hands: bool) -> dict[str, Any]:
    deal: dict[str, Any] = {
        "dealer": d.dealer,
        "cards": d.cards,
        "trump": None if d.trump is None else NAME[d.trump],
        "bids": d.bids,
        "tricks": [[NAME[c] for c in trick] for trick in d.tricks],
    }
    if with_hands:
        deal["hands"] = [[NAME[c] for c in hand] for hand in d.hands]
    return {
        "game": "oh-hell",
        "version": 1,
        "ruleset": {"preset": "classic", "schedule": [d.cards], "last_deal_no_trump": False},
        "players": PLAYERS[:n],
        "deals": [deal],
    }


def careful_only(doc: dict[str, Any]) -> dict[str, Any]:
    """The report with the fast path switched off: every deal goes to the careful replay."""
    with mock.patch.object(replay_module, "_fast_taken", return_value=None):
        return replay(parse(doc)).as_dict()


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, LegalDeal, random.Random]:
    n = draw(st.integers(3, 7))
    cards = draw(st.integers(1, max_cards(n)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    d = legal_deal(rng, n, cards, draw(st.integers(0, n - 1)), with_trump=draw(st.booleans()))
    return n, d, rng


@settings(max_examples=300, deadline=None)
@given(deals(), st.integers(0, 3), st.booleans(), st.floats(0, 1))
def test_the_fast_path_never_changes_a_report(drawn, faults, with_hands, renege_rate):
    n, d, rng = drawn
    if renege_rate > 0.5:
        d = legal_deal(rng, n, d.cards, d.dealer, with_trump=d.trump is not None, renege_rate=renege_rate)
    for _ in range(faults):
        damage(d, rng)
    doc = document(n, d, with_hands=with_hands)
    assert replay(parse(doc)).as_dict() == careful_only(doc)


@settings(max_examples=100, deadline=None)
@given(deals())
def test_a_legal_deal_takes_the_fast_path(drawn):
    n, d, _ = drawn
    leader = (d.dealer + 1) % n
    tricks = tuple(tuple(t) for t in d.tricks)
    holder = holders(d.hands, d.cards, d.trump)
    assert holder is not None
    assert play_dealt(tricks, n, leader, d.trump, holder) == d.taken
    assert holder.count(NOBODY) == 52  # every card dealt was played
    assert play_tricks(tricks, n, leader, d.trump) == d.taken


# Anna 0, Boris 1, Vera 2; dealer Vera, so Anna leads. Trump 2C.
HANDS = [["AH", "2S"], ["KH", "3S"], ["5D", "4S"]]
TRICKS = [["AH", "KH", "5D"], ["2S", "3S", "4S"]]


def cards(names: list[list[str]]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(parse_card(c) for c in group) for group in names)


def fast(tricks: list[list[str]], hands: list[list[str]] = HANDS) -> list[int] | None:
    holder = holders(cards(hands), 2, parse_card("2C"))
    assert holder is not None
    return play_dealt(cards(tricks), 3, 0, parse_card("2C"), holder)


def test_a_regular_deal_is_counted():
    assert fast(TRICKS) == [1, 0, 1]


@pytest.mark.parametrize(
    "hands",
    [
        [["AH", "2S"], ["KH", "3S"], ["5D"]],  # a card short
        [["AH", "2S"], ["KH", "3S"], ["5D", "2S"]],  # one card in two hands
        [["AH", "2S"], ["KH", "3S"], ["5D", "2C"]],  # the turned trump in a hand
    ],
)
def test_hands_that_are_not_a_proper_deal_have_no_holders(hands):
    assert holders(cards(hands), 2, parse_card("2C")) is None


@pytest.mark.parametrize(
    "tricks",
    [
        [["KH", "AH", "5D"], ["2S", "3S", "4S"]],  # Anna plays Boris's card
        [["AH", "KH", "5D"], ["2S", "3S", "5D"]],  # Vera plays 5D twice
        [["AH", "KH", "2C"], ["2S", "3S", "4S"]],  # the turned trump played
        [["AH", "3S", "5D"], ["2S", "KH", "4S"]],  # Boris reneges, holding KH
        [["AH", "KH"], ["5D", "2S", "3S", "4S"]],  # a trick a card short
        [["AH", "KH", "5D", "2S"], ["3S", "4S"]],  # a trick a card over
    ],
)
def test_any_irregular_play_gives_up(tricks):
    assert fast(tricks) is None
