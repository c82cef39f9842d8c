"""Hand-checked pulkas under the Leningrad and Rostov conventions, from the first deal to the
settlement (issue #8). The values are docs/preferans.md ("The values", "The settlement").

Both logs (tests/data/preferans/leningrad-pulka.json, rostov-pulka.json) hold the same six
deals, played out in full (32 distinct cards, follow suit / trump when void, checked by a
script before the numbers were written); only the ruleset and the scorer's entries differ.
Seats Anna 0, Boris 1, Vera 2; pool 20.

The deals (tricks per seat Anna / Boris / Vera):

1. Anna deals. Boris 7♥, Vera and Anna both whist. Boris draws trumps, takes his five hearts
   and nothing else: 2 / 5 / 3, down two. (A failed game with two whisters.)
2. Boris deals. All pass: pass-out #1. The talon 7♠ 7♣ leads tricks 1 and 2: 3 / 7 / 0.
3. Vera deals. All pass again: pass-out #2. Vera takes all ten: 0 / 0 / 10.
4. Anna deals (after two pass-outs the minimum is 7 in Leningrad, 6 in Rostov). Boris 7♠;
   Vera passes, Anna whists alone. Boris takes six: 2 / 6 / 2, down one. (Gentleman's whist.)
5. Boris deals. Vera 8♦ with eight trumps and two aces, Anna and Boris both whist: 0 / 0 / 10.
   (Two whisters short of the quota of one.)
6. Vera deals. Anna misère; her J♠ is caught: 1 / 0 / 9.

Leningrad (whist and undertrick 4 8 12 16 20, shortfall 2 4 6 8 10 and `both` on 8/9,
gentleman's whist, pass-outs 2 a trick in the series 1-2-3, caught misère 20, pool point 20
whists):

1. Boris mountain 2 × 8 = 16; consolation 2 × 8 = 16 from each whister; whists Vera 3 × 8 = 24,
   Anna 2 × 8 = 16 → Vera on Boris 16 + 24 = 40, Anna on Boris 16 + 16 = 32.
2. Round 1, 2 × 1 = 2 a trick: Anna mountain 3 × 2 = 6, Boris 7 × 2 = 14; Vera, no trick, pool 1 × 1 = 1.
3. Round 2, 2 × 2 = 4 a trick: Vera mountain 10 × 4 = 40; Anna and Boris pool 1 × 2 = 2 each.
4. Boris mountain 1 × 8 = 8; consolation 8 from Vera and from Anna; whists (2 + 2) × 8 = 32 split
   with the passer as he went down: 16 / 16 → Anna on Boris 24, Vera on Boris 24.
5. Vera pool 6. Quota 1, the defence took 0: both whisters answer, 1 × 6 = 6 each in the mountain.
6. Anna mountain 1 × 20 = 20.

Sheet: pools 2 / 2 / 7; mountains Anna 6 + 6 + 20 = 32, Boris 16 + 14 + 8 + 6 = 44, Vera 40;
whists Anna on Boris 32 + 24 = 56, Vera on Boris 40 + 24 = 64, none else.
Settlement: open pools 18 / 18 / 13 points short, × 2 (a pool point 20 whists = 2 mountain points)
→ 36 / 36 / 26; mountains 68 / 80 / 66; amnesty 66 → 2 / 14 / 0; each point 10/3 whists from each
other player: 20/3 on Anna, 140/3 on Boris from each other.
Anna = (56 + 140/3 − 20/3) + (0 − 20/3) = 56 + 100/3 = 268/3;
Boris = (20/3 − 56 − 140/3) + (0 − 64 − 140/3) = −120 − 260/3 = −620/3;
Vera = (20/3 − 0) + (64 + 140/3) = 64 + 160/3 = 352/3 (sum 268 − 620 + 352 = 0).
Whole: 89, −207, 117 rounded down (sum −1), remainders all 1/3, the unit to the lowest seat:
90, −207, 117.

Rostov (the Sochi ladder 2 4 6 8 10, shortfall 1 2 3 4 5 and `second` on 8/9, gentleman's
whist, pass-outs as whists, 5 a trick in the series 1-1-1, caught misère 10, pool point 10 whists):

1. Boris mountain 2 × 4 = 8; consolation 2 × 4 = 8 each; whists Vera 3 × 4 = 12, Anna 2 × 4 = 8
   → Vera on Boris 20, Anna on Boris 16.
2. Vera took fewest (0): 5 a trick on each other — on Anna 3 × 5 = 15, on Boris 7 × 5 = 35; Vera pool 1.
3. Anna and Boris share the fewest (0): Vera's 10 × 5 = 50 split 25 / 25 → Anna on Vera 25,
   Boris on Vera 25; each pool 1 × 1 = 1 (the series stays at 1).
4. Boris mountain 1 × 4 = 4; consolation 4 each; (2 + 2) × 4 = 16 split 8 / 8 → Anna on Boris 12,
   Vera on Boris 12.
5. Vera pool 6. Quota 1, the defence took 0: the second whister, Boris, answers 1 × 3 = 3.
6. Anna mountain 1 × 10 = 10.

Sheet: pools 1 / 1 / 7; mountains Anna 10, Boris 8 + 4 + 3 = 15, Vera 0; whists Anna on Boris
16 + 12 = 28, Anna on Vera 25, Boris on Vera 25, Vera on Anna 15, Vera on Boris 20 + 35 + 12 = 67.
Settlement: open pools 19 / 19 / 13 short, × 1 → mountains 29 / 34 / 13; amnesty 13 → 16 / 21 / 0:
160/3 on Anna, 210/3 = 70 on Boris from each other.
Anna = (28 + 70 − 160/3) + (25 − 15 − 160/3) = 108 − 320/3 = 4/3;
Boris = (160/3 − 28 − 70) + (25 − 67 − 70) = 160/3 − 210 = −470/3;
Vera = (15 + 160/3 − 25) + (67 + 70 − 25) = 102 + 160/3 = 466/3 (sum 4 − 470 + 466 = 0).
Whole: 1, −157, 155 (sum −1), remainders all 1/3, the unit to Anna: 2, −157, 155.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import rules.preferans as preferans

DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"
CONVENTIONS = ("leningrad", "rostov")


def load(preset: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / f"{preset}-pulka.json").read_text(encoding="utf-8"))
    return doc


def run(doc: dict[str, Any]) -> preferans.Report:
    return preferans.replay(preferans.parse(doc))


def codes(report: preferans.Report) -> list[str]:
    return [f.code for f in report.findings]


def entry_set(entries: list[dict[str, Any]]) -> list[tuple[int, str, int, int | None]]:
    """Sums per (seat, kind, opponent), as the replay compares them: the engine writes a
    consolation and the trick whists on the same player as two entries."""
    sums: dict[tuple[int, str, int | None], int] = {}
    for e in entries:
        key = (e["seat"], e["kind"], e.get("on"))
        sums[key] = sums.get(key, 0) + e["points"]
    return sorted((seat, kind, points, on) for (seat, kind, on), points in sums.items())


M, P, W = "mountain", "pool", "whist"

#: What each deal writes, worked out in the module docstring.
EXPECTED_ENTRIES = {
    "leningrad": [
        [(0, W, 32, 1), (1, M, 16, None), (2, W, 40, 1)],
        [(0, M, 6, None), (1, M, 14, None), (2, P, 1, None)],
        [(0, P, 2, None), (1, P, 2, None), (2, M, 40, None)],
        [(0, W, 24, 1), (1, M, 8, None), (2, W, 24, 1)],
        [(0, M, 6, None), (1, M, 6, None), (2, P, 6, None)],
        [(0, M, 20, None)],
    ],
    "rostov": [
        [(0, W, 16, 1), (1, M, 8, None), (2, W, 20, 1)],
        [(2, P, 1, None), (2, W, 15, 0), (2, W, 35, 1)],
        [(0, P, 1, None), (0, W, 25, 2), (1, P, 1, None), (1, W, 25, 2)],
        [(0, W, 12, 1), (1, M, 4, None), (2, W, 12, 1)],
        [(1, M, 3, None), (2, P, 6, None)],
        [(0, M, 10, None)],
    ],
}

#: pool, mountain, whists on each opponent, per player.
EXPECTED_SHEET = {
    "leningrad": [
        (2, 32, {"1": 56, "2": 0}),
        (2, 44, {"0": 0, "2": 0}),
        (7, 40, {"0": 0, "1": 64}),
    ],
    "rostov": [
        (1, 10, {"1": 28, "2": 25}),
        (1, 15, {"0": 0, "2": 25}),
        (7, 0, {"0": 15, "1": 67}),
    ],
}

#: mountains with the open pools, amnesty, exact balances, whole balances.
EXPECTED_SETTLEMENT = {
    "leningrad": ([68, 80, 66], 66, (Fraction(268, 3), Fraction(-620, 3), Fraction(352, 3)), [90, -207, 117]),
    "rostov": ([29, 34, 13], 13, (Fraction(4, 3), Fraction(-470, 3), Fraction(466, 3)), [2, -157, 155]),
}


@pytest.mark.parametrize("preset", CONVENTIONS)
def test_the_pulka_replays_clean(preset: str):
    report = run(load(preset))
    assert codes(report) == []
    assert report.status == 0
    out = report.as_dict()
    assert out["ruleset"]["preset"] == preset
    assert out["closed"] is False


@pytest.mark.parametrize("preset", CONVENTIONS)
def test_the_deals(preset: str):
    d = run(load(preset)).as_dict()["deals"]
    assert [(x["contract"], x["declarer"], x["made"]) for x in d] == [
        ("7H", 1, False),
        (None, None, None),
        (None, None, None),
        ("7S", 1, False),
        ("8D", 2, True),
        ("misere", 0, False),
    ]
    assert [x["tricks"] for x in d] == [[2, 5, 3], [3, 7, 0], [0, 0, 10], [2, 6, 2], [0, 0, 10], [1, 0, 9]]
    assert [x["passout_round"] for x in d][1:3] == [1, 2]
    assert all(x["multiplier"] == 1 for x in d)
    assert d[3]["whists"] == [{"seat": 0, "decision": "whist"}, {"seat": 2, "decision": "pass"}]


@pytest.mark.parametrize("preset", CONVENTIONS)
def test_what_each_deal_writes(preset: str):
    d = run(load(preset)).as_dict()["deals"]
    assert [entry_set(x["entries"]) for x in d] == EXPECTED_ENTRIES[preset]


@pytest.mark.parametrize("preset", CONVENTIONS)
def test_the_sheet(preset: str):
    out = run(load(preset)).as_dict()
    assert [(p["pool"], p["mountain"], p["whists"]) for p in out["pulka"]] == EXPECTED_SHEET[preset]


@pytest.mark.parametrize("preset", CONVENTIONS)
def test_the_settlement(preset: str):
    report = run(load(preset))
    mountains, amnesty, balances, whole = EXPECTED_SETTLEMENT[preset]
    assert report.settlement.balances == balances
    assert sum(report.settlement.balances) == 0
    out = report.as_dict()
    st = out["settlement"]
    assert st["mountains"] == mountains
    assert st["amnesty"] == amnesty
    assert st["balances"] == [f"{b.numerator}/{b.denominator}" for b in balances]
    assert st["whole_balances"] == whole
    assert out["totals"] == whole
    assert preferans.running_totals(out)[-1] == (6, False, whole)


def test_leningrad_settlement_whists():
    # Mountains after the amnesty 2 / 14 / 0: 20/3 on Anna, 140/3 on Boris from each other;
    # net Anna–Boris 56 + 140/3 − 20/3 = 96, Vera–Boris 64 + 140/3 = 332/3, Vera–Anna 20/3.
    st = run(load("leningrad")).as_dict()["settlement"]
    assert st["whists"] == [[0, "308/3", 0], ["20/3", 0, 0], ["20/3", "332/3", 0]]
    assert st["net"] == [[0, 96, "-20/3"], [-96, 0, "-332/3"], ["20/3", "332/3", 0]]


def test_rostov_settlement_whists():
    # After the amnesty 16 / 21 / 0: 160/3 on Anna, 70 on Boris from each other. Net Anna–Boris
    # 98 − 160/3 = 134/3, Anna–Vera 25 − (15 + 160/3) = −130/3, Boris–Vera 25 − 137 = −112.
    st = run(load("rostov")).as_dict()["settlement"]
    assert st["whists"] == [[0, 98, 25], ["160/3", 0, 25], ["205/3", 137, 0]]
    assert st["net"] == [[0, "134/3", "-130/3"], ["-134/3", 0, -112], ["130/3", 112, 0]]


# --- what differs, checked against the scorer's entries --------------------------------------


def test_leningrad_both_whisters_answer_for_the_quota_of_one():
    # Deal 5 written the Rostov way (only the second whister, Boris): Anna's 6 is missing.
    doc = load("leningrad")
    entries = doc["deals"][4]["entries"]
    doc["deals"][4]["entries"] = [e for e in entries if not (e["seat"] == 0 and e["kind"] == M)]
    report = run(doc)
    assert codes(report) == ["ENTRY_MISMATCH"]
    assert report.findings[0].message == "Anna is written 0 in mountain, but the deal gives 6"


def test_rostov_only_the_second_whister_answers():
    doc = load("rostov")
    doc["deals"][4]["entries"].append({"seat": 0, "kind": M, "points": 3})
    report = run(doc)
    assert codes(report) == ["ENTRY_MISMATCH"]
    assert report.findings[0].message == "Anna is written 3 in mountain, but the deal gives 0"


def test_leningrad_whists_are_split_with_the_passer():
    # Deal 4 written as a greedy whist (Anna all 32 + 8, Vera the consolation 8 only).
    doc = load("leningrad")
    doc["deals"][3]["entries"] = [
        {"seat": 1, "kind": M, "points": 8},
        {"seat": 0, "kind": W, "on": 1, "points": 40},
        {"seat": 2, "kind": W, "on": 1, "points": 8},
    ]
    assert codes(run(doc)) == ["ENTRY_MISMATCH", "ENTRY_MISMATCH"]


@pytest.mark.parametrize(("preset", "found"), [("leningrad", ["BID_TOO_LOW"]), ("rostov", [])])
def test_the_minimum_game_after_two_passouts(preset: str, found: list[str]):
    # passout_minimum: Leningrad 6-7-7 (a six is too low after a pass-out), Rostov 6-6-6.
    doc = load(preset)
    deal = doc["deals"][3]
    deal["auction"][0]["call"] = "6S"
    deal["contract"] = "6S"
    del deal["entries"]
    assert codes(run(doc)) == found
