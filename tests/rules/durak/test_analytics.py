"""Durak analytics: the strength of each dealt hand (what its cards beat), against the table and
the result.

Powers in a 36-card deck with spades trumps: a card beats the lower cards of its suit, and a
trump every non-trump too ("отбить … старшей картой той же масти или козырем"); the trump
ace beats all 35 others. So ♠A 35/35, ♠9 30/35, ♠6 27/35, a plain ace 8/35, a plain six 0.
Anna's ♠A K Q J T 9: (35 + 34 + 33 + 32 + 31 + 30) / 35 / 6 = 195/210; Boris's sixes and
sevens of the other suits: 3/210; Vera's three plain aces and kings: (3·8 + 3·7) / 210 = 45/210.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import rules.durak as durak
from rules.durak.analytics import (
    ANALYSIS_VERSION,
    COLUMNS,
    analyse_game,
    available,
    card_powers,
    player_summary,
)
from rules.durak.core import deck_mask, name
from rules.durak.simulate import simulate
from tests.rules.durak.helpers import load

ANNA = ["AS", "KS", "QS", "JS", "TS", "9S"]
BORIS = ["6H", "6D", "6C", "7H", "7D", "7C"]
VERA = ["AH", "AD", "AC", "KH", "KD", "KC"]


def document(*deals: dict[str, Any], players: int = 2) -> dict[str, Any]:
    names = ["Anna", "Boris", "Vera"][:players]
    return {"game": "durak", "version": 1, "ruleset": "simple", "players": names, "deals": list(deals)}


def analyse(doc: dict[str, Any]) -> list[dict[str, Any]]:
    log = durak.parse(doc)
    return analyse_game(durak.replay(log).as_dict(), log)


def luck_view(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    keys = ("deal", "seat", "trumps", "strength", "luck", "trumps_vs_table", "fool", "draw", "reason")
    return [tuple(r[k] for k in keys) for r in rows]


def test_the_interface():
    assert available() is True
    assert ANALYSIS_VERSION == "1"
    keys = [key for key, _label in COLUMNS]
    assert keys[:2] == ["deal", "seat"]
    rows = analyse(document({"dealer": 1, "hands": [ANNA, BORIS], "trump": "8S", "fool": 1}))
    assert all(list(row) == keys for row in rows)
    json.dumps(rows)


def test_the_powers_of_the_cards():
    by_name = {name(c): p for c, p in card_powers(deck_mask(36), 0).items()}
    assert len(by_name) == 36
    assert by_name["AS"] == 1
    assert by_name["9S"] == 30 / 35
    assert by_name["6S"] == 27 / 35
    assert by_name["AH"] == 8 / 35
    assert by_name["6C"] == 0
    assert min(p for n, p in by_name.items() if n.endswith("S")) > max(
        p for n, p in by_name.items() if not n.endswith("S")
    )
    fifty_two = {name(c): p for c, p in card_powers(deck_mask(52), 1).items()}
    assert (fifty_two["AH"], fifty_two["2H"], fifty_two["AS"]) == (1, 39 / 51, 12 / 51)
    no_trump = {name(c): p for c, p in card_powers(deck_mask(36), -1).items()}
    assert (no_trump["AS"], no_trump["KD"], no_trump["6H"]) == (1, 7 / 8, 0)
    # Two decks: a card does not beat its twin ("картой, равной по значению и масти, отбиться нельзя").
    two = card_powers(deck_mask(36, 2), 0)
    assert len(two) == 72
    assert max(two.values()) == 1
    assert {p for c, p in two.items() if name(c) == "6S"} == {54 / 70}
    assert {p for c, p in two.items() if name(c) == "AH"} == {16 / 70}


def test_strength_luck_and_the_result():
    rows = analyse(
        document(
            {"dealer": 1, "hands": [ANNA, BORIS], "trump": "8S", "fool": 1},
            {"dealer": 1, "fool": 0},
            {"dealer": 0, "hands": [BORIS, ANNA], "trump": "8S", "draw": True},
        )
    )
    assert luck_view(rows) == [
        (1, 0, 6, round(195 / 210, 4), round(96 / 210, 4), 3.0, False, False, None),
        (1, 1, 0, round(3 / 210, 4), round(-96 / 210, 4), -3.0, True, False, None),
        (2, 0, None, None, None, None, True, False, "hands_unknown"),
        (2, 1, None, None, None, None, False, False, "hands_unknown"),
        (3, 0, 0, round(3 / 210, 4), round(-96 / 210, 4), -3.0, False, True, None),
        (3, 1, 6, round(195 / 210, 4), round(96 / 210, 4), 3.0, False, True, None),
    ]


def test_a_game_without_its_result():
    rows = analyse(document({"dealer": 1, "hands": [ANNA, BORIS, VERA], "trump": "8S"}, players=3))
    mean = (195 + 3 + 45) / 3
    assert luck_view(rows) == [
        (1, 0, 6, round(195 / 210, 4), round((195 - mean) / 210, 4), 4.0, None, False, None),
        (1, 1, 0, round(3 / 210, 4), round((3 - mean) / 210, 4), -2.0, None, False, None),
        (1, 2, 0, round(45 / 210, 4), round((45 - mean) / 210, 4), -2.0, None, False, None),
    ]
    assert {(r["place"], r["first_attack"]) for r in rows} == {(None, None)}


def test_a_replayed_game_gives_places_and_the_first_attack():
    """no-trump.json: Anna's four aces and two kings (46/48) open and go out first; Boris's
    sixes and sevens (2/48) are the fool."""
    doc = load("no-trump.json")
    rows = analyse(doc)
    assert [(r["strength"], r["luck"], r["first_attack"], r["place"], r["fool"]) for r in rows] == [
        (round(46 / 48, 4), round(22 / 48, 4), True, 1, False),
        (round(2 / 48, 4), round(-22 / 48, 4), False, 2, True),
    ]


@pytest.mark.parametrize("preset", list(durak.PRESETS))
def test_a_tables_luck_sums_to_zero(preset):
    doc = simulate(7, players=4, games=4, ruleset=preset)
    rows = analyse(doc)
    assert len(rows) == 16
    for game in range(1, 5):
        table = [r for r in rows if r["deal"] == game]
        assert abs(sum(r["luck"] for r in table)) < 1e-3
        assert abs(sum(r["trumps_vs_table"] for r in table)) < 1e-3
        assert all(0 <= r["strength"] <= 1 for r in table)
        assert sum(1 for r in table if r["fool"]) == (0 if table[0]["draw"] else 1)
        if preset == "no-trump":
            assert {r["trumps"] for r in table} == {0}


def test_the_player_summary():
    rows = analyse(
        document(
            {"dealer": 1, "hands": [ANNA, BORIS], "trump": "8S", "fool": 1},
            {"dealer": 1, "fool": 0},
            {"dealer": 0, "hands": [BORIS, ANNA], "trump": "8S", "fool": 0},
            {"dealer": 0, "hands": [VERA, BORIS], "trump": "8S", "fool": 0},
        )
    )
    anna = [r for r in rows if r["seat"] == 0]
    assert player_summary(anna) == {
        "games": 4,
        "measured": 3,
        "strength": round((195 / 210 + 3 / 210 + 45 / 210) / 3, 4),
        "luck": round((96 / 210 - 96 / 210 + 21 / 210) / 3, 4),
        "trumps": 2.0,
        "fool_rate": 0.75,
        "strong_games": 2,
        "fool_rate_strong": 0.5,
        "weak_games": 1,
        "fool_rate_weak": 1.0,
    }
    assert player_summary([])["fool_rate"] is None


def test_the_report_is_not_changed():
    log = durak.parse(load("throw-in.json"))
    report = durak.replay(log).as_dict()
    before = copy.deepcopy(report)
    analyse_game(report, log)
    assert report == before
