"""Properties of the replay over simulated games (rules.durak.simulate): a game played by random
legal moves always validates clean, in every variant and at every table size; and any single
illegal change to it — a card the player does not hold, a beat that does not beat, a throw-in of a
rank not on the table or by the defender, an attack out of turn, a wrong draw, a throw-in before
the attacker's turn — is caught at exactly the event changed (the events before it are as
played, so nothing earlier may be found)."""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import rules.durak as durak
from rules.cards import parse_card
from rules.durak.core import RANK, SUIT, beats
from rules.durak.simulate import simulate

VARIANTS: list[Any] = [
    *durak.PRESETS,
    {"preset": "transfer", "no_trump": True},
    {"preset": "transfer-any", "blind": True},
    {"preset": "two-decks", "deck": 52},
    {"preset": "simple", "deck": 52, "first_bout_limit": 5},
    {"preset": "throw-in", "bout_limit": None, "first_attack_jack": "highest"},
    {"preset": "simple", "draw_rule": "last-hand-fool", "blind": True},
]
RANKS36 = "6789TJQKA"
RANKS52 = "23456789TJQKA"


@settings(max_examples=200, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 6),
    stock=st.booleans(),
)
def test_a_simulated_game_validates_clean(seed, variant, players, stock):
    doc = simulate(seed, players=players, games=2, ruleset=variant, stock=stock)
    log = durak.parse(json.dumps(doc))
    report = durak.replay(log)
    assert [(f.code, f.deal, f.event, f.message) for f in report.findings] == []
    assert all(d.complete for d in report.deals)
    assert durak.to_document(log) == durak.to_document(durak.parse(durak.to_document(log)))


def _deck(doc: dict[str, Any]) -> list[str]:
    rules = durak.resolve_ruleset(doc["ruleset"], len(doc["players"]))
    ranks = RANKS36 if rules.deck == 36 else RANKS52
    return [r + s for s in "SHDC" for r in ranks]


def _candidates(doc: dict[str, Any], kind: str) -> list[tuple[int, dict[str, Any] | None, str]]:
    """Every single illegal change of ``kind`` this game allows: (event index, the new event or
    None to remove it, the code expected at that index)."""
    game = doc["deals"][0]
    events = game["events"]
    steps = durak.walkthrough(durak.parse(doc), 1)["steps"]
    before: dict[int, dict[str, Any]] = {}
    for p, step in enumerate(steps):
        if step["index"] is not None and step["kind"] not in ("draws",):
            before.setdefault(step["index"], steps[p - 1])
    trump_card = game.get("trump") or (game["stock"][-1] if game.get("stock") else None)
    rules = durak.resolve_ruleset(doc["ruleset"], len(doc["players"]))
    trump = -1 if rules.no_trump or trump_card is None else SUIT[parse_card(trump_card)]
    deck = _deck(doc)
    out: list[tuple[int, dict[str, Any] | None, str]] = []
    first_attack = True
    for i, ev in enumerate(events):
        prior = before.get(i)
        kind_of = ev["event"]
        if kind_of == "attack" and first_attack:
            first_attack = False
            continue
        if prior is None:
            if kind == "draw-count" and kind_of == "draw":
                new = {
                    "event": "draw",
                    "seat": ev["seat"],
                    "count": ev.get("count", len(ev.get("cards", []))) + 1,
                }
                out.append((i, new, "WRONG_DRAW_COUNT"))
            continue
        seat = ev.get("seat")
        hand = set(prior["hands"][seat]) if seat is not None else set()
        table_ranks = {RANK[parse_card(c)] for pair in prior["table"] for c in pair if c}
        if kind == "not-in-hand" and kind_of in ("throw-in", "beat", "blind-beat", "transfer", "attack"):
            for card in deck:
                if card not in hand:
                    new = copy.deepcopy(ev)
                    if kind_of == "attack":
                        new["cards"][0] = card
                    else:
                        new["card"] = card
                    out.append((i, new, "CARD_NOT_IN_HAND"))
        elif kind == "illegal-beat" and kind_of == "beat":
            on = parse_card(ev["on"])
            for card in sorted(hand):
                if card != ev["card"] and not beats(on, parse_card(card), trump):
                    out.append((i, {**ev, "card": card}, "ILLEGAL_BEAT"))
        elif kind == "rank-not-on-table" and kind_of == "throw-in":
            for card in sorted(hand):
                if RANK[parse_card(card)] not in table_ranks:
                    out.append((i, {**ev, "card": card}, "THROW_IN_RANK_NOT_ON_TABLE"))
        elif kind == "defender-throws" and kind_of == "throw-in":
            out.append((i, {**ev, "seat": prior["defender"]}, "THROW_IN_NOT_ALLOWED"))
        elif kind == "wrong-attacker" and kind_of == "attack":
            for other in range(len(doc["players"])):
                if other != seat and other not in prior["out"]:
                    out.append((i, {**ev, "seat": other}, "WRONG_ATTACKER"))
        elif kind == "drop-pass" and kind_of == "pass" and i + 1 < len(events):
            nxt = events[i + 1]
            if nxt["event"] == "throw-in" and nxt["seat"] != seat:
                out.append((i, None, "NOT_YOUR_TURN_TO_THROW"))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    seed=st.integers(0, 10**6),
    variant=st.sampled_from(VARIANTS),
    players=st.integers(2, 6),
    kind=st.sampled_from(
        [
            "not-in-hand",
            "illegal-beat",
            "rank-not-on-table",
            "defender-throws",
            "wrong-attacker",
            "draw-count",
            "drop-pass",
        ]
    ),
    data=st.data(),
)
def test_a_single_illegal_change_is_caught_at_its_event(seed, variant, players, kind, data):
    doc = simulate(seed, players=players, games=1, ruleset=variant, stock=True, draw_rate=1.0)
    candidates = _candidates(doc, kind)
    assume(candidates)
    index, new, code = data.draw(st.sampled_from(candidates))
    mutated = copy.deepcopy(doc)
    if new is None:
        del mutated["deals"][0]["events"][index]
    else:
        mutated["deals"][0]["events"][index] = new
    report = durak.replay(durak.parse(mutated))
    assert report.findings, "the change was not caught"
    first = report.findings[0]
    at_index = [f.code for f in report.findings if f.event == index]
    assert first.event == index, (first.code, first.event, first.message)
    assert code in at_index, at_index
