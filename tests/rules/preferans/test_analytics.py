"""Preferans analytics: each played game's double-dummy count against the tricks taken, per seat.

The hand-built deal (Anna 0, Boris 1, Vera 2; Anna deals, so Boris leads first): Boris
plays 6♠ holding ♠A K Q J T 9, ♥A K, ♦A and ♣7 (the talon ♦7 ♣8 discarded). Double dummy
he draws the two trumps out and cashes his three aces and kings: nine tricks, the club lost.
In the play he cashes ♥A and leads ♥K at once; Anna, void in hearts with a trump, must ruff
("обязан класть козырь"), so he takes eight: one below double dummy, the defenders one above.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import rules.preferans as preferans
from rules.preferans.analytics import (
    ANALYSIS_VERSION,
    COLUMNS,
    analyse_game,
    available,
    player_summary,
)
from rules.preferans.simulate import simulate

DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"

DEAL: dict[str, Any] = {
    "dealer": 0,
    "hands": [
        ["7S", "8S", "QH", "AC", "KC", "QC", "KD", "QD", "JD", "TD"],
        ["AS", "KS", "QS", "JS", "TS", "9S", "AH", "KH", "AD", "7C"],
        ["JH", "TH", "9H", "8H", "7H", "9D", "8D", "JC", "TC", "9C"],
    ],
    "talon": ["7D", "8C"],
    "auction": [{"seat": 1, "call": "6S"}, {"seat": 2, "call": "pass"}, {"seat": 0, "call": "pass"}],
    "discard": ["7D", "8C"],
    "contract": "6S",
    "whists": [{"seat": 2, "decision": "pass"}, {"seat": 0, "decision": "whist"}],
    "play": [
        ["AH", "7H", "QH"],
        ["KH", "8H", "7S"],
        ["AC", "7C", "9C"],
        ["KC", "9S", "TC"],
        ["AS", "9H", "8S"],
        ["KS", "TH", "QC"],
        ["QS", "JH", "TD"],
        ["JS", "JC", "JD"],
        ["TS", "8D", "QD"],
        ["AD", "9D", "KD"],
    ],
}


def document(*deals: dict[str, Any], players: tuple[str, ...] = ("Anna", "Boris", "Vera")) -> dict[str, Any]:
    return {
        "game": "preferans",
        "version": 1,
        "ruleset": "sochi",
        "players": list(players),
        "deals": list(deals),
    }


def analyse(doc: dict[str, Any]) -> list[dict[str, Any]]:
    log = preferans.parse(doc)
    return analyse_game(preferans.replay(log).as_dict(), log)


def figures(rows: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [
        (r["seat"], r["role"], r["dd_tricks"], r["taken"], r["play"], r["made_dd"], r["reason"]) for r in rows
    ]


def test_the_interface():
    assert available() is True
    assert ANALYSIS_VERSION == "1"
    keys = [key for key, _label in COLUMNS]
    assert keys[:2] == ["deal", "seat"]
    assert len(set(keys)) == len(keys)
    rows = analyse(document(DEAL))
    assert all(list(row) == keys for row in rows)
    json.dumps(rows)  # JSON-able


def test_a_declarer_below_double_dummy():
    rows = analyse(document(DEAL))
    assert preferans.check(document(DEAL))["findings"] == []
    assert figures(rows) == [
        (0, "whister", 9, 8, 1, True, None),
        (1, "declarer", 9, 8, -1, True, None),
        (2, "passer", 9, 8, 1, True, None),
    ]
    assert {r["contract"] for r in rows} == {"6S"}
    assert {r["made"] for r in rows} == {True}


def test_the_hands_from_the_play_when_the_log_leaves_them_out():
    """Ten full tricks show every card of every hand: the same count without hands or talon."""
    deal = {k: v for k, v in DEAL.items() if k not in ("hands", "talon", "discard")}
    assert figures(analyse(document(deal))) == figures(analyse(document(DEAL)))


def test_without_the_hands_and_a_whole_play_there_is_no_count():
    deal = {k: v for k, v in DEAL.items() if k not in ("hands", "talon", "discard", "play")}
    deal["tricks"] = [2, 8, 0]
    assert figures(analyse(document(deal))) == [
        (0, "whister", None, 8, None, None, "hands_unknown"),
        (1, "declarer", None, 8, None, None, "hands_unknown"),
        (2, "passer", None, 8, None, None, "hands_unknown"),
    ]


def test_a_game_both_defenders_passed_is_counted_but_not_compared():
    deal = {k: v for k, v in DEAL.items() if k != "play"}
    deal["whists"] = [{"seat": 2, "decision": "pass"}, {"seat": 0, "decision": "pass"}]
    assert figures(analyse(document(deal))) == [
        (0, "passer", 9, None, None, True, "not_played"),
        (1, "declarer", 9, None, None, True, "not_played"),
        (2, "passer", 9, None, None, True, "not_played"),
    ]


def test_the_sochi_pulka():
    """Deal 1: Boris's six top trumps and nothing else make six, as played; deal 2: Vera's 7♥
    is five tricks double dummy, down as played; deal 3 a pass-out; deal 4: Anna's misère of
    sevens, eights and nines cannot be caught (docs in tests/rules/preferans/test_replay.py)."""
    doc = json.loads((DATA / "sochi-pulka.json").read_text(encoding="utf-8"))
    rows = analyse(doc)
    assert [(r["deal"], *f) for r, f in zip(rows, figures(rows), strict=True)] == [
        (1, 0, "passer", 6, 6, 0, True, None),
        (1, 1, "declarer", 6, 6, 0, True, None),
        (1, 2, "whister", 6, 6, 0, True, None),
        (2, 0, "whister", 5, 5, 0, False, None),
        (2, 1, "whister", 5, 5, 0, False, None),
        (2, 2, "declarer", 5, 5, 0, False, None),
        (3, 0, "passout", None, None, None, None, "passout"),
        (3, 1, "passout", None, None, None, None, "passout"),
        (3, 2, "passout", None, None, None, None, "passout"),
        (4, 0, "declarer", 0, 0, 0, True, None),
        (4, 1, "catcher", 0, 0, 0, True, None),
        (4, 2, "catcher", 0, 0, 0, True, None),
    ]


def test_a_misere_caught_as_double_dummy_says():
    """The Leningrad pulka's deal 6: the misère is caught once double dummy and once in play."""
    doc = json.loads((DATA / "leningrad-pulka.json").read_text(encoding="utf-8"))
    rows = [r for r in analyse(doc) if r["deal"] == 6]
    assert figures(rows) == [
        (0, "declarer", 1, 1, 0, False, None),
        (1, "catcher", 1, 1, 0, False, None),
        (2, "catcher", 1, 1, 0, False, None),
    ]


def test_in_misere_fewer_is_better():
    """The Sochi misère (Anna's sevens, eights and nines: nothing can be forced on her) with a
    trick written against her: her play is double dummy less taken, −1; the catchers' +1."""
    doc = json.loads((DATA / "sochi-pulka.json").read_text(encoding="utf-8"))
    deal = {k: v for k, v in doc["deals"][3].items() if k not in ("play", "entries")}
    deal["tricks"] = [1, 0, 9]
    assert figures(analyse(document(deal))) == [
        (0, "declarer", 0, 1, -1, True, None),
        (1, "catcher", 0, 1, 1, True, None),
        (2, "catcher", 0, 1, 1, True, None),
    ]


def test_a_misere_of_the_top_cards_fails_double_dummy():
    """Aces, kings and two queens: whatever is led Anna must follow above the catchers and
    then leads the top cards herself, so she takes all ten; taking ten is play 0."""
    deal = {
        "dealer": 2,
        "hands": [
            ["AS", "KS", "QS", "AC", "KC", "QC", "AD", "KD", "AH", "KH"],
            ["JS", "TS", "9S", "JC", "TC", "9C", "QD", "JD", "TD", "9D"],
            ["8S", "7S", "8C", "7C", "8D", "7D", "QH", "JH", "TH", "9H"],
        ],
        "talon": ["8H", "7H"],
        "auction": [{"seat": 0, "call": "misere"}, {"seat": 1, "call": "pass"}, {"seat": 2, "call": "pass"}],
        "discard": ["8H", "7H"],
        "contract": "misere",
        "tricks": [10, 0, 0],
    }
    assert figures(analyse(document(deal))) == [
        (0, "declarer", 10, 10, 0, False, None),
        (1, "catcher", 10, 10, 0, False, None),
        (2, "catcher", 10, 10, 0, False, None),
    ]


def test_at_four_the_dealer_sits_out():
    doc = simulate(players=("Anna", "Boris", "Vera", "Gleb"), seed=3, deals=8).document
    rows = analyse(doc)
    assert len(rows) == 8 * 4
    for row in rows:
        dealer = doc["deals"][row["deal"] - 1]["dealer"]
        if row["seat"] == dealer:
            assert (row["role"], row["reason"], row["dd_tricks"]) == ("out", "out", None)
        else:
            assert row["role"] != "out"


@pytest.mark.parametrize("seed", [1, 2])
def test_simulated_pulkas_are_measured_whole(seed):
    """Every simulated game is logged with hands, talon, discard and play: every one is
    counted, the three seats of a deal agree, and the sides' play sums to zero."""
    doc = simulate(seed=seed, deals=10).document
    rows = analyse(doc)
    by_deal: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_deal.setdefault(row["deal"], []).append(row)
    assert len(by_deal) == 10
    for deal_rows in by_deal.values():
        declarer = [r for r in deal_rows if r["role"] == "declarer"]
        if not declarer:
            assert {r["reason"] for r in deal_rows} == {"passout"}
            continue
        assert declarer[0]["dd_tricks"] is not None
        assert len({(r["dd_tricks"], r["taken"], r["made_dd"]) for r in deal_rows}) == 1
        if declarer[0]["play"] is not None:
            assert all(r["play"] == -declarer[0]["play"] for r in deal_rows if r["role"] != "declarer")


def test_the_player_summary():
    """Boris over the hand-built deal (declared, one below double dummy) and the Sochi pulka
    (declared 6♠ at double dummy, whisted 7♥ and caught the misère at double dummy)."""
    sochi = analyse(json.loads((DATA / "sochi-pulka.json").read_text(encoding="utf-8")))
    boris = [r for r in analyse(document(DEAL)) + sochi if r["seat"] == 1]
    assert player_summary(boris) == {
        "deals": 5,
        "declared": 2,
        "declared_makeable": 2,
        "declarer_play": -0.5,
        "declarer_play_deals": 2,
        "defence_play": 0.0,
        "defence_play_deals": 2,
    }
    anna = [r for r in analyse(document(DEAL)) if r["seat"] == 0]
    assert player_summary(anna)["defence_play"] == 1.0
    assert player_summary([]) == {
        "deals": 0,
        "declared": 0,
        "declared_makeable": 0,
        "declarer_play": None,
        "declarer_play_deals": 0,
        "defence_play": None,
        "defence_play_deals": 0,
    }


def test_the_report_is_not_changed():
    doc = document(DEAL)
    log = preferans.parse(doc)
    report = preferans.replay(log).as_dict()
    before = copy.deepcopy(report)
    analyse_game(report, log)
    assert report == before
