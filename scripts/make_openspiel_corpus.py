"""Write the OpenSpiel differential corpus for the Oh Hell replay.

OpenSpiel's ``oh_hell`` game is an independent implementation of the same
trick-taking rules. This script plays random deals with it -- every legal
action chosen at random from ``legal_actions()`` -- for 3 to 7 players and
every hand size OpenSpiel allows, and writes each deal as a one-deal game
log in our format (shared/spec/ohhell-log.md) next to what OpenSpiel
concluded: tricks taken per seat and returns. tests/rules/ohhell/
test_openspiel_corpus.py replays the corpus with rules.ohhell, without
needing OpenSpiel.

OpenSpiel is no project dependency; regenerate the corpus from the project
root with a throwaway environment::

    python3 -m venv /tmp/osvenv && /tmp/osvenv/bin/pip install open-spiel
    /tmp/osvenv/bin/python scripts/make_openspiel_corpus.py

The output (tests/data/openspiel-ohhell/deals.jsonl) is deterministic: deal
``(n, k, r)`` (players, cards, repetition) is played with
``random.Random(n * 10000 + k * 100 + r)``.

OpenSpiel facts this relies on, each asserted while generating so a new
OpenSpiel version that breaks one stops the script instead of writing a
wrong corpus:

- its seat i is our seat i and its dealer is our dealer: the player after
  the dealer bids first and leads the first trick;
- it always turns a trump card (the last card dealt) and always enforces the
  dealer hook, so the documents use ``dealer_hook: true`` and
  ``last_deal_no_trump: false``;
- a card action is ``rank * 4 + suit`` with ranks 2..A and suits C, D, S, H
  (ours are S, H, D, C), a bid action is ``52 + bid``;
- its return is the tricks taken, plus 10 for an exact bid;
- ``apply_action`` does not check legality, so only actions from
  ``legal_actions()`` are applied.
"""

from __future__ import annotations

import argparse
import json
import random
import re
from pathlib import Path
from typing import Any

import pyspiel

RANKS = "23456789TJQKA"
#: OpenSpiel's suit order, by action ``% 4``.
OS_SUITS = "CDSH"
#: The number of card actions; bids follow them.
BID_BASE = 52
MADE_BONUS = 10
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zhenya")
REPETITIONS = 4
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "openspiel-ohhell" / "deals.jsonl"


def hand_order(action: int) -> tuple[int, int]:
    """Sort key of a hand as we write it: suits S H D C, high cards first."""
    return ("SHDC".index(OS_SUITS[action % 4]), -(action // 4))


def card_name(action: int) -> str:
    """Our canonical name (rank then suit, suits S H D C) of an OpenSpiel card action."""
    return RANKS[action // 4] + OS_SUITS[action % 4]


def max_tricks(players: int) -> int:
    """The largest hand OpenSpiel deals: every player's cards plus the trump from 52."""
    return (52 - 1) // players


def _check_name(state: Any, player: int, action: int) -> None:
    """OpenSpiel writes a card suit first (``HA``); ours is rank first (``AH``)."""
    text = state.action_to_string(player, action)
    expected = OS_SUITS[action % 4] + RANKS[action // 4]
    if text != expected:
        raise AssertionError(f"action {action} is {text!r} in OpenSpiel, expected {expected!r}")


def play_deal(players: int, tricks: int, seed: int) -> dict[str, Any]:
    """Play one random deal with OpenSpiel; return the corpus record."""
    rng = random.Random(seed)  # noqa: S311 -- random play, not a secret
    game = pyspiel.load_game("oh_hell", {"players": players, "num_tricks_fixed": tricks})
    state = game.new_initial_state()
    chance: list[int] = []
    bid_order: list[int] = []
    bids = [-1] * players
    plays: list[tuple[int, int]] = []  # (seat, card action)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            weights = [p for _, p in outcomes]
            action = rng.choices(actions, weights)[0]
            chance.append(action)
            state.apply_action(action)
            continue
        player = state.current_player()
        legal = state.legal_actions()
        action = rng.choice(legal)
        if action >= BID_BASE:
            bid = action - BID_BASE
            if len(bid_order) == players - 1:
                # The dealer hook: the last bid may not make the sum equal the tricks.
                forbidden = tricks - sum(b for b in bids if b >= 0)
                allowed = {a - BID_BASE for a in legal}
                expected = {b for b in range(tricks + 1) if b != forbidden}
                if allowed != expected:
                    raise AssertionError(f"dealer may bid {sorted(allowed)}, expected {sorted(expected)}")
            bids[player] = bid
            bid_order.append(player)
        else:
            _check_name(state, player, action)
            plays.append((player, action))
        state.apply_action(action)

    # chance: [tricks, dealer, dealt cards ..., trump card].
    if chance[0] != tricks or len(chance) != 2 + players * tricks + 1:
        raise AssertionError(f"unexpected chance sequence {chance}")
    dealer = chance[1]
    trump = chance[-1]
    text = str(state)
    if f"Dealer: {dealer}" not in text or f"Trump: {OS_SUITS[trump % 4]}{RANKS[trump // 4]}" not in text:
        raise AssertionError("dealer or trump differ from the chance actions")
    first = (dealer + 1) % players
    if bid_order != [(first + i) % players for i in range(players)]:
        raise AssertionError(f"bidding order {bid_order} does not start left of dealer {dealer}")
    if plays[0][0] != first:
        raise AssertionError(f"seat {plays[0][0]} led the first trick, not {first}")

    hands: list[list[int]] = [[] for _ in range(players)]
    for seat, card in plays:
        hands[seat].append(card)
    if sorted(c for h in hands for c in h) != sorted(chance[2:-1]):
        raise AssertionError("the cards played are not the cards dealt")
    trick_cards = [[card_name(c) for _, c in plays[i : i + players]] for i in range(0, len(plays), players)]

    match = re.search(r"Tricks Won:\s*([\d ]+)", text)
    if match is None:
        raise AssertionError("no 'Tricks Won' in the final state")
    taken = [int(x) for x in match.group(1).split()]
    returns = [int(r) for r in state.returns()]
    for seat in range(players):
        bonus = MADE_BONUS if bids[seat] == taken[seat] else 0
        if returns[seat] != taken[seat] + bonus:
            raise AssertionError(
                f"seat {seat}: return {returns[seat]}, taken {taken[seat]}, bid {bids[seat]}"
            )
    if sum(taken) != tricks:
        raise AssertionError(f"tricks won {taken} do not sum to {tricks}")

    document = {
        "game": "oh-hell",
        "version": 1,
        "ruleset": {
            "preset": "classic",
            "dealer_hook": True,
            "last_deal_no_trump": False,
            "schedule": [tricks],
        },
        "players": list(NAMES[:players]),
        "deals": [
            {
                "dealer": dealer,
                "cards": tricks,
                "trump": card_name(trump),
                "hands": [[card_name(c) for c in sorted(h, key=hand_order)] for h in hands],
                "bids": bids,
                "tricks": trick_cards,
            }
        ],
    }
    return {
        "seed": seed,
        "openspiel": {
            "players": players,
            "tricks": tricks,
            "dealer": dealer,
            "trump": card_name(trump),
            "bids": bids,
            "taken": taken,
            "returns": returns,
        },
        "document": document,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--repetitions", type=int, default=REPETITIONS, help="deals per (players, cards)")
    args = parser.parse_args()
    records = []
    for players in range(3, 8):
        for tricks in range(1, max_tricks(players) + 1):
            for r in range(args.repetitions):
                records.append(play_deal(players, tricks, players * 10000 + tricks * 100 + r))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as f:
        for record in records:
            f.write(json.dumps(record, separators=(",", ":"), ensure_ascii=False) + "\n")
    made = sum(
        b == t for r in records for b, t in zip(r["openspiel"]["bids"], r["openspiel"]["taken"], strict=True)
    )
    seats = sum(r["openspiel"]["players"] for r in records)
    print(f"wrote {len(records)} deals ({seats} contracts, {made} made) to {args.out}")


if __name__ == "__main__":
    main()
