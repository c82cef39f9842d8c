"""Bridge analytics: the double-dummy tricks of the contract reached, the par score, and the
table's result against both, per seat.

The hand-built session: North holds all thirteen spades, East the hearts, South the
diamonds, West the clubs. Double dummy North (or South) makes thirteen tricks in spades;
East–West make thirteen too in hearts and clubs, but seven spades outranks them and no
side makes anything at no-trump, so par is 7♠ by North–South: 1510 not vulnerable (grand
slam 1000, trick score 210, game 300), 2210 vulnerable.

1. North bids 7♠ and makes 13: DD 13, play 0, score 1510 = par.
2. East deals; North bids only 4♠ and makes 13 (North–South vulnerable after their first
   game): 4♠+3 = 120 + 90 + 500 = 710, par 2210 vulnerable: 1500 below par.
3. South deals; all pass (a new rubber, nobody vulnerable): par only, 1510 for North–South.
4. West deals 1♣ and makes seven, hands not logged: 1♣= is 20 + 50 = 70 for East–West and
   nothing else is known.
"""

from __future__ import annotations

import copy
import itertools
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from endplay.types import Contract as EpContract
from endplay.types import Player, Vul

from rules.bridge import parse, replay
from rules.bridge.analytics import (
    ANALYSIS_VERSION,
    COLUMNS,
    analyse_game,
    available,
    duplicate_score,
    imps,
    player_summary,
    solve,
)
from rules.bridge.core import Contract, Doubling, Seat, Strain
from rules.bridge.pbn import read_pbn
from rules.cards import RANKS
from tests.rules.bridge.test_auction import _DENOM, _PENALTY  # our strains and doublings in endplay's words

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"
SUITS = {"N": "S", "E": "H", "S": "D", "W": "C"}
HANDS = {seat: [rank + suit for rank in RANKS] for seat, suit in SUITS.items()}


def session() -> dict[str, Any]:
    return {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": "laws",
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "deals": [
            {"dealer": "N", "hands": HANDS, "auction": ["7S", "P", "P", "P"], "result": 13},
            {"dealer": "E", "hands": HANDS, "auction": ["P", "P", "P", "4S", "P", "P", "P"], "result": 13},
            {"dealer": "S", "hands": HANDS, "auction": ["P", "P", "P", "P"]},
            {"dealer": "W", "auction": ["1C", "P", "P", "P"], "result": 7},
        ],
    }


def analyse(doc: dict[str, Any]) -> list[dict[str, Any]]:
    log = parse(doc)
    return analyse_game(replay(log).as_dict(), log)


def seat_view(rows: list[dict[str, Any]], seat: int) -> list[tuple[Any, ...]]:
    keys = ("deal", "role", "dd_tricks", "tricks", "play", "score", "par_score", "versus_par", "reason")
    return [tuple(r[k] for k in keys) for r in rows if r["seat"] == seat]


def test_the_interface():
    assert available() is True
    assert ANALYSIS_VERSION == "2"
    keys = [key for key, _label in COLUMNS]
    assert keys[:2] == ["deal", "seat"]
    rows = analyse(session())
    assert len(rows) == 4 * 4
    assert all(list(row) == keys for row in rows)
    json.dumps(rows)


def test_each_seat_sees_its_sides_figures():
    rows = analyse(session())
    assert seat_view(rows, Seat.N) == [
        (1, "declarer", 13, 13, 0, 1510, 1510, 0, None),
        (2, "declarer", 13, 13, 0, 710, 2210, -1500, None),
        (3, None, None, None, None, None, 1510, None, "passed_out"),
        (4, "defender", None, 7, None, -70, None, None, "hands_unknown"),
    ]
    assert seat_view(rows, Seat.S) == [
        (1, "dummy", 13, 13, 0, 1510, 1510, 0, None),
        (2, "dummy", 13, 13, 0, 710, 2210, -1500, None),
        (3, None, None, None, None, None, 1510, None, "passed_out"),
        (4, "defender", None, 7, None, -70, None, None, "hands_unknown"),
    ]
    assert seat_view(rows, Seat.E) == [
        (1, "defender", 13, 13, 0, -1510, -1510, 0, None),
        (2, "defender", 13, 13, 0, -710, -2210, 1500, None),
        (3, None, None, None, None, None, -1510, None, "passed_out"),
        (4, "dummy", None, 7, None, 70, None, None, "hands_unknown"),
    ]
    assert [r["role"] for r in rows if r["deal"] == 4] == ["defender", "dummy", "defender", "declarer"]
    first = [r for r in rows if r["deal"] == 1]
    assert {(r["side"], r["vulnerable"], r["par_contracts"]) for r in first} == {
        ("NS", False, "7S N, 7S S"),
        ("EW", False, "7S N, 7S S"),
    }
    assert [r["vulnerable"] for r in rows if r["deal"] == 2] == [True, False, True, False]


def test_a_declarer_below_double_dummy_and_a_sacrifice_in_par():
    """rubber.pbn's first board: North's 4♥ makes ten where twelve were there (6♥ par, 980
    not vulnerable); its third: West's 3♦ doubled, two down vulnerable, against a par of one
    spade by East–West making eight."""
    log = parse(read_pbn((DATA / "rubber.pbn").read_bytes()))
    rows = analyse_game(replay(log).as_dict(), log)
    north = [r for r in rows if r["seat"] == Seat.N]
    assert (north[0]["contract"], north[0]["dd_tricks"], north[0]["tricks"], north[0]["play"]) == (
        "4H",
        12,
        10,
        -2,
    )
    assert (north[0]["score"], north[0]["par_score"], north[0]["versus_par"]) == (420, 980, -560)
    assert north[0]["par_contracts"] == "6H N, 6H S"
    assert (north[2]["contract"], north[2]["declarer"], north[2]["role"]) == ("3DX", "W", "defender")
    assert (north[2]["dd_tricks"], north[2]["tricks"], north[2]["play"]) == (8, 7, 1)
    assert (north[2]["score"], north[2]["par_score"], north[2]["versus_par"]) == (500, -110, 610)
    assert north[2]["par_contracts"] == "1S E +1, 1S W +1"


def test_a_contract_without_its_result_has_double_dummy_and_par_only():
    doc = session()
    deal = doc["deals"][0]
    del deal["result"]
    deal["play"] = [["2H", "AD", "AC", "AS"]]  # East leads; one trick, no claim: no result
    rows = analyse(doc)
    assert seat_view(rows, Seat.N)[0] == (1, "declarer", 13, None, None, None, 1510, None, "no_result")


def test_without_endplay_only_the_score_is_left(monkeypatch):
    monkeypatch.setitem(sys.modules, "endplay.dds", None)  # import endplay.dds raises ImportError
    assert not available()
    rows = analyse(session())
    assert seat_view(rows, Seat.N) == [
        (1, "declarer", None, 13, None, 1510, None, None, "no_solver"),
        (2, "declarer", None, 13, None, 710, None, None, "no_solver"),
        (3, None, None, None, None, None, None, None, "no_solver"),
        (4, "defender", None, 7, None, -70, None, None, "no_solver"),
    ]


def test_solve_needs_a_whole_deal():
    hands = parse(session()).deals[0].hands
    assert hands is not None
    table, par_score, contracts = solve(hands, Seat.N, (False, False))
    assert table["S"] == {"N": 13, "E": 0, "S": 13, "W": 0}
    assert table["NT"] == {"N": 0, "E": 0, "S": 0, "W": 0}
    assert (par_score, contracts) == (1510, "7S N, 7S S")
    assert solve(hands[:3], Seat.N, (False, False)) is None
    assert solve((hands[0], hands[0], hands[2], hands[3]), Seat.N, (False, False)) is None


@pytest.mark.parametrize("strain", list(Strain), ids=lambda s: s.name.lower())
def test_the_duplicate_score_is_endplays(strain):
    """Every level, doubling, vulnerability and number of tricks: the same as endplay's
    ``Contract.score`` (the duplicate scoring DDS's par is counted in)."""
    for level, doubling, vulnerable, tricks in itertools.product(
        range(1, 8), Doubling, (False, True), range(14)
    ):
        contract = Contract(level, strain, doubling, Seat.N)
        theirs = EpContract(
            level=level,
            denom=_DENOM[strain],
            declarer=Player.north,
            penalty=_PENALTY[doubling],
            result=tricks - contract.tricks_needed,
        ).score(Vul.ns if vulnerable else Vul.none)
        assert duplicate_score(contract, tricks, vulnerable) == theirs


def test_the_player_summary():
    rows = analyse(session())
    assert player_summary([r for r in rows if r["seat"] == Seat.N]) == {
        "deals": 4,
        "luck": round((1510 + 2210 + 1510) / 3, 3),
        "luck_deals": 3,
        "skill": -8.5,  # deal 1: 0 IMPs; deal 2: 1500 below par is 17 IMPs; (0 − 17) / 2
        "skill_deals": 2,
        "versus_par_points": -750.0,
        "declarer_play": 0.0,
        "declarer_play_deals": 2,
        "defence_play": None,
        "defence_play_deals": 0,
    }
    east = player_summary([r for r in rows if r["seat"] == Seat.E])
    assert (east["luck"], east["skill"], east["defence_play"], east["declarer_play"]) == (
        round(-(1510 + 2210 + 1510) / 3, 3),
        8.5,
        0.0,
        None,
    )
    assert player_summary([])["luck"] is None


def test_the_report_is_not_changed():
    log = parse(session())
    report = replay(log).as_dict()
    before = copy.deepcopy(report)
    analyse_game(report, log)
    assert report == before


@pytest.mark.parametrize(
    ("points", "expected"),
    [(0, 0), (10, 0), (20, 1), (-40, -1), (50, 2), (490, 10), (500, 11), (-530, -11), (1070, 14),
     (1100, 15), (1500, 17), (3990, 23), (4000, 24), (7600, 24)],
)  # fmt: skip
def test_the_imp_scale(points, expected):
    """Law 78B: 20–40 points are 1 IMP, 500–590 are 11, 4000 and more 24; the sign is kept."""
    assert imps(points) == expected


def test_skill_is_the_mean_in_imps_not_in_points():
    """Issue 20: "skill +336.25" was the mean of score − par in points, where one missed grand
    slam weighs as much as a night of part-scores. The demo's rubber, seen from East–West, had
    score − par of +1070 +530 +700 −10 +190 −500 −60 +770 (2690 / 8 = 336.25 points a deal);
    on the IMP scale that is 14 + 11 + 12 + 0 + 5 − 11 − 2 + 13 = 42, 5.25 IMPs a deal."""
    versus = [1070, 530, 700, -10, 190, -500, -60, 770]
    rows = [
        {"par_score": 0, "versus_par": v, "versus_par_imps": imps(v), "role": "defender", "play": 0}
        for v in versus
    ]
    summary = player_summary(rows)
    assert [imps(v) for v in versus] == [14, 11, 12, 0, 5, -11, -2, 13]
    assert (summary["skill"], summary["skill_deals"], summary["versus_par_points"]) == (5.25, 8, 336.25)


def test_the_rows_carry_the_imps_against_par():
    rows = analyse(session())
    north = [(r["deal"], r["versus_par"], r["versus_par_imps"]) for r in rows if r["seat"] == Seat.N]
    east = [(r["deal"], r["versus_par"], r["versus_par_imps"]) for r in rows if r["seat"] == Seat.E]
    assert north == [(1, 0, 0), (2, -1500, -17), (3, None, None), (4, None, None)]
    assert east == [(1, 0, 0), (2, 1500, 17), (3, None, None), (4, None, None)]
