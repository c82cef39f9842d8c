"""Closing the pools through the replay, under each convention's overflow rule
(docs/preferans.md, "Closing the pool").

One short pulka (pool 10) of five games, each made with both defenders passing, worked out
by hand for each convention:

==  ======  ========  =====  ===================================================
 #  dealer  declarer  game   pools after (Anna, Boris, Vera)
==  ======  ========  =====  ===================================================
 1  Anna    Boris     9♠ 8   0, 8, 0
 2  Boris   Anna      6♠ 2   2, 8, 0
 3  Vera    Vera      9♠ 8   2, 8, 8
 4  Anna    Vera      8♠ 6   Vera closes at 10 and 4 overflow (see below)
 5  Boris   Anna      8♠ 6   every pool closes
==  ======  ========  =====  ===================================================

Deal 4. Sochi and Leningrad help the next open pool clockwise: Vera's left is Anna, who
takes the 4 (Anna 6); Vera writes 4 × 10 = 40 whists on Anna (× 20 = 80 in Leningrad).
Rostov helps the pool nearest its target: Boris (8) takes 2 and closes, then Anna 2
(Anna 4); Vera writes 20 on Boris and 20 on Anna.

Deal 5. Sochi and Leningrad: Anna 6 + 6 = 12 closes at 10 and helps Boris (left of Anna,
8) with 2 — 20 whists on Boris (40 in Leningrad). Rostov: Anna 4 + 6 = 10, exactly closed.

Settlement: no mountain, so only the whists count. Sochi: Anna −40 + 20 = −20, Boris −20,
Vera +40. Leningrad doubles every whist: −40, −40, +80. Rostov: Vera +20 on each: −20,
−20, +40 — the same balances as Sochi reached by other whists.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules import preferans

ANNA, BORIS, VERA = 0, 1, 2
GAMES = [
    (ANNA, BORIS, "9S"),
    (BORIS, ANNA, "6S"),
    (VERA, VERA, "9S"),
    (ANNA, VERA, "8S"),
    (BORIS, ANNA, "8S"),
]


def pool(seat: int, points: int) -> dict[str, Any]:
    return {"seat": seat, "kind": "pool", "points": points}


def whists(seat: int, on: int, points: int) -> dict[str, Any]:
    return {"seat": seat, "kind": "whist", "on": on, "points": points}


#: The entries a scorer writes under each convention, deal by deal.
ENTRIES: dict[str, list[list[dict[str, Any]]]] = {
    "sochi": [
        [pool(BORIS, 8)],
        [pool(ANNA, 2)],
        [pool(VERA, 8)],
        [pool(VERA, 2), pool(ANNA, 4), whists(VERA, ANNA, 40)],
        [pool(ANNA, 4), pool(BORIS, 2), whists(ANNA, BORIS, 20)],
    ],
    "leningrad": [
        [pool(BORIS, 8)],
        [pool(ANNA, 2)],
        [pool(VERA, 8)],
        [pool(VERA, 2), pool(ANNA, 4), whists(VERA, ANNA, 80)],
        [pool(ANNA, 4), pool(BORIS, 2), whists(ANNA, BORIS, 40)],
    ],
    "rostov": [
        [pool(BORIS, 8)],
        [pool(ANNA, 2)],
        [pool(VERA, 8)],
        [pool(VERA, 2), pool(BORIS, 2), whists(VERA, BORIS, 20), pool(ANNA, 2), whists(VERA, ANNA, 20)],
        [pool(ANNA, 6)],
    ],
}

BALANCES = {"sochi": [-20, -20, 40], "leningrad": [-40, -40, 80], "rostov": [-20, -20, 40]}
WHISTS_ON = {
    "sochi": [{"1": 20, "2": 0}, {"0": 0, "2": 0}, {"0": 40, "1": 0}],
    "leningrad": [{"1": 40, "2": 0}, {"0": 0, "2": 0}, {"0": 80, "1": 0}],
    "rostov": [{"1": 0, "2": 0}, {"0": 0, "2": 0}, {"0": 20, "1": 20}],
}


def pulka(preset: str, entries: list[list[dict[str, Any]]]) -> dict[str, Any]:
    deals = []
    for (dealer, declarer, game), written in zip(GAMES, entries, strict=True):
        order = [(dealer + 1 + i) % 3 for i in range(3)]
        deals.append(
            {
                "dealer": dealer,
                "auction": [{"seat": s, "call": game if s == declarer else "pass"} for s in order],
                "contract": game,
                "whists": [{"seat": (declarer + i) % 3, "decision": "pass"} for i in (1, 2)],
                "entries": written,
            }
        )
    return {
        "game": "preferans",
        "version": 1,
        "ruleset": {"preset": preset, "pool": 10},
        "players": ["Anna", "Boris", "Vera"],
        "deals": deals,
        "settlement": {"balances": BALANCES[preset]},
    }


@pytest.mark.parametrize("preset", ["sochi", "leningrad", "rostov"])
def test_the_pools_close_as_the_convention_helps(preset: str) -> None:
    report = preferans.replay(preferans.parse(pulka(preset, ENTRIES[preset]))).as_dict()
    assert report["findings"] == []
    assert report["closed"] is True
    assert [p["pool"] for p in report["pulka"]] == [10, 10, 10]
    assert [p["whists"] for p in report["pulka"]] == WHISTS_ON[preset]
    assert report["totals"] == BALANCES[preset]
    assert [d["entries"] for d in report["deals"]] == ENTRIES[preset]


def test_the_pulka_is_open_until_the_last_pool_closes() -> None:
    doc = pulka("sochi", ENTRIES["sochi"])
    doc["deals"] = doc["deals"][:4]
    del doc["settlement"]
    report = preferans.replay(preferans.parse(doc)).as_dict()
    assert report["closed"] is False
    assert [p["pool"] for p in report["pulka"]] == [6, 8, 10]


def test_rostov_entries_under_sochi_are_caught_at_the_overflow() -> None:
    doc = pulka("sochi", ENTRIES["rostov"])
    doc["settlement"] = {"balances": BALANCES["sochi"]}
    report = preferans.replay(preferans.parse(doc)).as_dict()
    assert [(f["code"], f["deal"], f["seat"], f["message"]) for f in report["findings"]] == [
        ("ENTRY_MISMATCH", 4, ANNA, "Anna is written 2 in pool, but the deal gives 4"),
        ("ENTRY_MISMATCH", 4, BORIS, "Boris is written 2 in pool, but the deal gives 0"),
        ("ENTRY_MISMATCH", 4, VERA, "Vera is written 20 in whists on Anna, but the deal gives 40"),
        ("ENTRY_MISMATCH", 4, VERA, "Vera is written 20 in whists on Boris, but the deal gives 0"),
        ("ENTRY_MISMATCH", 5, ANNA, "Anna is written 6 in pool, but the deal gives 4"),
        ("ENTRY_MISMATCH", 5, ANNA, "Anna is written 0 in whists on Boris, but the deal gives 20"),
        ("ENTRY_MISMATCH", 5, BORIS, "Boris is written 0 in pool, but the deal gives 2"),
    ]


def test_a_settlement_written_with_the_wrong_convention_is_caught() -> None:
    doc = pulka("leningrad", ENTRIES["leningrad"])
    doc["settlement"] = {"balances": BALANCES["sochi"]}
    report = preferans.replay(preferans.parse(doc)).as_dict()
    assert [(f["code"], f["seat"]) for f in report["findings"]] == [
        ("SETTLEMENT_MISMATCH", ANNA),
        ("SETTLEMENT_MISMATCH", BORIS),
        ("SETTLEMENT_MISMATCH", VERA),
    ]
