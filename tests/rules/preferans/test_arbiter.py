"""The arbiter's rulings on a preferans deal (docs/arbiter.md; docs/preferans.md, "The arbiter's
rulings"): annul, an assigned score, waive and confirm; the strict reading with its paths (the
shared reader, rules.arbiter.read_ruling, with the preferans seat and assigned result), the
round trip, and properties over simulated pulkas.

Seats Anna 0, Boris 1, Vera 2 (Gleb 3 at a table of four); Sochi prices (6 7 8 9 10: game
2 4 6 8 10, whist and undertrick and consolation 2 4 6 8 10 per trick; a mountain point is
10/3 whists from each other player at three). The Sochi pulka (tests/data/preferans/
sochi-pulka.json) is worked out by hand in test_replay.py: 1. Boris 6♠ made (pool 2, Vera 8
whists on him); 2. Vera 7♥ down two; 3. a pass-out, Vera takes ten (mountain 10, Anna and
Boris 1 in the pool); 4. Anna's misère made (pool 10). Totals 140, 55, −195.
"""

from __future__ import annotations

import copy
import json
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.preferans as preferans
from rules.arbiter import Ruling
from rules.errors import MalformedDocument
from rules.preferans.codes import SEVERITY
from rules.preferans.document import parse, ruling_document, to_document
from rules.preferans.replay import replay_options
from rules.preferans.simulate import simulate
from rules.preferans.walkthrough import _auction_options, walkthrough

DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"
THREE = ("Anna", "Boris", "Vera")
FOUR = ("Anna", "Boris", "Vera", "Gleb")
ANNA, BORIS, VERA, GLEB = 0, 1, 2, 3


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return doc


def run(doc: dict[str, Any]) -> preferans.Report:
    return preferans.replay(preferans.parse(doc))


def codes(report: preferans.Report) -> list[str]:
    return [f.code for f in report.findings]


def ruled(doc: dict[str, Any], index: int, ruling: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    out["deals"][index]["arbiter"] = ruling
    return out


def without(doc: dict[str, Any], index: int) -> dict[str, Any]:
    out = copy.deepcopy(doc)
    del out["deals"][index]
    return out


def sheet(report: preferans.Report) -> tuple[Any, ...]:
    """Everything the pulka ends with: the sheet, the settlement, the totals."""
    out = report.as_dict()
    return out["pulka"], out["closed"], out["settlement"], out["totals"]


# --- the codes ------------------------------------------------------------------------------


def test_the_five_codes_and_their_severities():
    five = (
        "ANNULLED_BY_ARBITER",
        "SCORE_ADJUSTED",
        "PENALTY_WAIVED",
        "PENALTY_CONFIRMED",
        "RULING_NOT_APPLICABLE",
    )
    assert {code: SEVERITY[code] for code in five} == {
        "ANNULLED_BY_ARBITER": "info",
        "SCORE_ADJUSTED": "info",
        "PENALTY_WAIVED": "info",
        "PENALTY_CONFIRMED": "info",
        "RULING_NOT_APPLICABLE": "warning",
    }


# --- annul: a game deal in the middle of the Sochi pulka --------------------------------------


def test_an_annulled_game_in_the_middle_of_a_sochi_pulka_is_as_if_it_were_not_dealt():
    # Deal 2 (Boris deals; Vera's 7♥ down two) annulled; Vera deals next (the table played
    # on). A game after a game leaves the runs of pass-outs as it found them, so the deals
    # after it are replayed as without it. Left on the pulka: 1. Boris pool 2,
    # Vera 8 whists on Boris; 3. the pass-out (still round 1: deal 1 was a game): Anna 1 and
    # Boris 1 in the pool, Vera mountain 10; 4. Anna's misère: pool 10.
    # Pools 11 / 3 / 0, mountains 0 / 0 / 10, whists Vera on Boris 8. Open pools to the
    # mountain (9, 17, 20 short): 9 / 17 / 30; amnesty 9 → 0 / 8 / 21; a point is 10/3
    # whists from each other player:
    #   Anna  = 80/3 + 210/3                          = 290/3
    #   Boris = −80/3 + 210/3 − (8 + 80/3)            =  26/3
    #   Vera  = −210/3 − 210/3 + 8 + 80/3             = −316/3
    # Whole: 96, 8, −106 rounded down, two units missing, equal remainders (2/3) → seats 0, 1:
    # 97, 9, −106.
    doc = load("sochi-pulka.json")
    annulled = run(ruled(doc, 1, {"annul": True, "reason": "the deck was a card short", "dispute": 7}))
    out = annulled.as_dict()
    assert [(p["pool"], p["mountain"]) for p in out["pulka"]] == [(11, 0), (3, 0), (0, 10)]
    assert [p["whists"] for p in out["pulka"]] == [{"1": 0, "2": 0}, {"0": 0, "2": 0}, {"0": 0, "1": 8}]
    assert annulled.settlement.balances == (Fraction(290, 3), Fraction(26, 3), Fraction(-316, 3))
    assert out["settlement"]["mountains"] == [9, 17, 30]
    assert out["settlement"]["amnesty"] == 9
    assert out["totals"] == [97, 9, -106]
    # ... which is the pulka of the log without deal 2 (there, Vera dealing after Anna is a
    # WRONG_DEALER; here the table played on after the annulled deal).
    removed = run(without(doc, 1))
    assert sheet(annulled) == sheet(removed)
    assert codes(removed) == ["WRONG_DEALER"]
    # The deal's own written entries (Vera's mountain 8 …) are not compared: the ruling
    # supersedes the sheet. One finding, info: the status stays 0.
    assert codes(annulled) == ["ANNULLED_BY_ARBITER"]
    finding = annulled.findings[0]
    assert (finding.deal, finding.seat, finding.severity) == (2, BORIS, "info")
    assert "the deck was a card short" in finding.message
    assert annulled.status == 0


def test_the_annulled_deal_in_the_report():
    out = run(ruled(load("sochi-pulka.json"), 1, {"annul": True})).as_dict()
    d = out["deals"][1]
    # The deal as played: Vera's 7♥, both whisted, 2 / 3 / 5 by the play; nothing written.
    assert (d["contract"], d["declarer"], d["tricks"], d["multiplier"]) == ("7H", VERA, [2, 3, 5], 1)
    assert d["entries"] == []
    assert d["made"] is None
    assert d["bombs_drawn"] == []
    assert d["bombs_extinguished"] == []
    assert d["arbiter"] == {"annul": True}
    assert d["penalties"] == []
    # Its balances are those after deal 1: Boris pool 2 (18 short), Vera 8 whists on Boris.
    assert d["balances"] == out["deals"][0]["balances"]
    assert [x["redeal"] for x in out["deals"]] == [False, False, False, False]
    assert [x["arbiter"] for x in out["deals"]] == [None, {"annul": True}, None, None]
    # The registry: annulled in the running totals, no contract made for it.
    assert [a for _, a, _ in preferans.running_totals(out)] == [False, True, False, False]
    assert [r.contracts_made for r in preferans.seat_results(out)] == [1, 1, 0]
    assert "7H Vera annulled" in preferans.format_sheet(out)


def test_a_redeal_by_the_same_dealer_follows_the_annulled_deal():
    # Boris deals deal 2, annulled; he deals again (the redeal: the same cards will do for
    # the test) and the rotation goes on from him: Vera deals deal 4. The redeal is scored
    # as deal 2 was in the plain pulka, so the sheet is the plain pulka's.
    doc = load("sochi-pulka.json")
    redealt = copy.deepcopy(doc)
    redealt["deals"].insert(1, copy.deepcopy(doc["deals"][1]))
    redealt["deals"][1]["arbiter"] = {"annul": True}
    report = run(redealt)
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    assert [d.redeal for d in report.deals] == [False, False, True, False, False]
    assert report.totals == [140, 55, -195]
    assert sheet(report) == sheet(run(doc))


def test_any_other_dealer_after_an_annulled_deal_is_a_wrong_dealer():
    # Deal 2 by Boris annulled; deal 3 dealt by Anna: neither Boris's redeal nor Vera's turn.
    doc = ruled(load("sochi-pulka.json"), 1, {"annul": True})
    doc["deals"][2]["dealer"] = ANNA
    doc["deals"][3]["dealer"] = BORIS  # and the rotation goes on from Anna
    report = run(doc)
    wrong = [f for f in report.findings if f.code == "WRONG_DEALER"]
    assert [(f.deal, f.seat) for f in wrong] == [(3, ANNA)]
    assert "passes clockwise to Vera" in wrong[0].message
    assert "back to Boris to redeal deal 2" in wrong[0].message


def test_an_annulled_deal_keeps_the_findings_of_its_play():
    # "the renege happened; the ruling says what it costs": an annulled deal's revokes stay.
    pulka = simulate(seed=3, revoke_rate=0.5, deals=3)
    plain = preferans.check(pulka.document)
    revokes = [(f["deal"], f["trick"], f["seat"]) for f in plain["findings"] if f["code"] == "REVOKE"]
    assert any(deal == 2 for deal, _, _ in revokes)
    doc = ruled(pulka.document, 1, {"annul": True})
    del doc["deals"][2]["entries"]  # written with deal 2 on the pulka
    report = run(doc)
    found = [(f.deal, f.trick, f.seat) for f in report.findings if f.code == "REVOKE"]
    assert found == revokes
    assert [f.code for f in report.findings if f.code != "REVOKE"] == ["ANNULLED_BY_ARBITER"]


# --- annul with bombs -------------------------------------------------------------------------

# tests/data/preferans/dark-passout-bombs.json, Sochi:
# 1. Anna deals; Boris ПАС В ТЕМНУЮ, Vera a plain pass (blind), Anna looked: a dark pass-out
#    ×2, tricks 2 / 3 / 5: mountains 4, 6, 10; bombs drawn for Boris and Vera (Anna looked:
#    a rank lower than the first bomb, nothing).
# 2. Boris deals; Vera 7♠, both pass: written as made on her bomb, ×2: pool 8; her bomb is
#    put out.
# 3. Vera deals; Boris 6♦ on his bomb (×2), Vera whists alone, Boris takes 5: down one:
#    mountain 1 × 2 × 2 = 4, consolation 4 from Vera and from Anna, Vera's whists 5 × 2 × 2
#    = 20; his bomb is kept.


def bombs_log(*, sheet_entries: bool = True) -> dict[str, Any]:
    doc = load("dark-passout-bombs.json")
    if not sheet_entries:
        for deal in doc["deals"][1:]:
            del deal["entries"]
    return doc


def test_an_annulled_dark_pass_out_draws_no_bomb():
    # Deal 1 annulled: no bombs are drawn, so deal 2's 7♠ is ×1: Vera pool 4 (no bomb put
    # out), deal 3's 6♦ is ×1: Boris mountain 2, consolation 2 from Vera and from Anna,
    # Vera's whists 5 × 2 = 10. (The sheet of deals 2 and 3 was written with the bombs, so
    # it is left out here.)
    # Pulka: pools 0 / 0 / 4; mountains 0 / 2 / 0; whists Anna on Boris 2, Vera on Boris 12.
    # Settlement: open pools 20 / 20 / 16 → mountains 20 / 22 / 16, amnesty 16 → 4 / 6 / 0:
    #   Anna  = (2 + 60/3 − 40/3) − 40/3         = −14/3
    #   Boris = (40/3 − 2 − 60/3) − (12 + 60/3)  = −122/3
    #   Vera  = 40/3 + 12 + 60/3                 = 136/3
    # Whole: −5, −41, 45 rounded down; one unit missing, equal remainders → Anna: −4, −41, 45.
    report = run(ruled(bombs_log(sheet_entries=False), 0, {"annul": True}))
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    d = report.as_dict()["deals"]
    assert d[0]["bombs_drawn"] == []
    assert d[0]["entries"] == []
    assert d[0]["dark_passout"] == 1  # declared as the first dark pass-out, all the same
    assert (d[1]["multiplier"], d[1]["bomb"], d[1]["bombs_extinguished"]) == (1, 1, [])
    assert d[1]["entries"] == [{"seat": VERA, "kind": "pool", "points": 4}]
    assert (d[2]["multiplier"], d[2]["bomb"]) == (1, 1)
    assert d[2]["entries"] == [
        {"seat": BORIS, "kind": "mountain", "points": 2},
        {"seat": VERA, "kind": "whist", "points": 2, "on": BORIS},
        {"seat": ANNA, "kind": "whist", "points": 2, "on": BORIS},
        {"seat": VERA, "kind": "whist", "points": 10, "on": BORIS},
    ]
    assert [p["bombs"] for p in report.pulka_dict()] == [[], [], []]
    assert report.settlement.balances == (Fraction(-14, 3), Fraction(-122, 3), Fraction(136, 3))
    assert report.totals == [-4, -41, 45]
    assert sheet(report) == sheet(run(without(bombs_log(sheet_entries=False), 0)))


def test_a_bomb_an_annulled_game_would_have_put_out_stays_live():
    # Deal 2 (Vera's 7♠ made on her bomb) annulled: her bomb stays; a fourth deal, Anna
    # dealing, Vera's 6♠ both pass, goes on it: ×2, pool 2 × 2 = 4, and puts it out.
    doc = bombs_log()
    doc["deals"].append(
        {
            "dealer": ANNA,
            "auction": [
                {"seat": BORIS, "call": "pass"},
                {"seat": VERA, "call": "6S"},
                {"seat": ANNA, "call": "pass"},
            ],
            "contract": "6S",
            "whists": [{"seat": ANNA, "decision": "pass"}, {"seat": BORIS, "decision": "pass"}],
            "entries": [{"seat": VERA, "kind": "pool", "points": 4}],
            "bombs": [{"seat": VERA, "event": "extinguished", "rank": 1}],
        }
    )
    doc["deals"][1]["bombs"] = [{"seat": VERA, "event": "extinguished", "rank": 1}]  # superseded
    report = run(ruled(doc, 1, {"annul": True}))
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    d = report.as_dict()["deals"]
    assert d[1]["bombs_extinguished"] == []
    assert d[1]["entries"] == []
    assert d[1]["bomb"] == 2  # the bomb the game went on, as played
    assert (d[3]["multiplier"], d[3]["bombs_extinguished"]) == (2, [{"seat": VERA, "rank": 1}])
    assert d[3]["entries"] == [{"seat": VERA, "kind": "pool", "points": 4}]
    # Boris's bomb, kept by his lost 6♦, is the only one left.
    assert [p["bombs"] for p in report.pulka_dict()] == [[], [1], []]
    # Without the ruling Vera's bomb was put out by deal 2: her 6♠ would be ×1.
    assert run(doc).as_dict()["deals"][3]["multiplier"] == 1


def passouts(dealers: list[int], annulled: int) -> dict[str, Any]:
    """Light pass-outs, Sochi, each 3 / 3 / 4 tricks, deal ``annulled`` (from 0) annulled."""
    deals = []
    for i, dealer in enumerate(dealers):
        deal: dict[str, Any] = {
            "dealer": dealer,
            "auction": [{"seat": (dealer + j) % 3, "call": "pass"} for j in (1, 2, 3)],
            "tricks": [3, 3, 4],
        }
        if i == annulled:
            deal["arbiter"] = {"annul": True}
        deals.append(deal)
    return {"game": "preferans", "version": 1, "ruleset": "sochi", "players": list(THREE), "deals": deals}


def test_the_redeal_of_an_annulled_pass_out_takes_its_place_in_the_run():
    # Anna's pass-out (round 1), Boris's annulled, Boris redeals: the redeal is the second
    # pass-out of the run (series 1-2-3: a trick is 2 in the mountain), as the annulled one
    # would have been.
    report = run(passouts([ANNA, BORIS, BORIS], 1))
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    assert [d.redeal for d in report.deals] == [False, False, True]
    assert [d.passout_round for d in report.deals] == [1, 2, 2]
    assert [e.as_dict() for e in report.deals[2].entries] == [
        {"seat": ANNA, "kind": "mountain", "points": 6},
        {"seat": BORIS, "kind": "mountain", "points": 6},
        {"seat": VERA, "kind": "mountain", "points": 8},
    ]
    # Mountains 3 + 6, 3 + 6, 4 + 8: the annulled deal wrote nothing.
    assert report.pulka.mountain == [9, 9, 12]


def test_after_an_annulled_pass_out_the_table_played_on_priced_as_it_played():
    # Anna's pass-out, Boris's annulled, then Vera deals (the table played on): the run is
    # as the table played it, so Vera's pass-out is the third (3 a trick), not the second —
    # here annulling the deal is not removing it (removed, Vera's would be the second).
    report = run(passouts([ANNA, BORIS, VERA], 1))
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    assert [d.passout_round for d in report.deals] == [1, 2, 3]
    assert report.pulka.mountain == [3 + 9, 3 + 9, 4 + 12]
    removed = run(without(passouts([ANNA, BORIS, VERA], 1), 1))
    assert [d.passout_round for d in removed.deals] == [1, 2]
    assert removed.pulka.mountain == [3 + 6, 3 + 6, 4 + 8]


def test_the_walkthrough_reads_the_runs_as_the_replay_does():
    # The bombs log (below) with deal 2, Vera's 7♠ after a pass-out, annulled.
    opts = replay_options(run(bombs_log()).ruleset)
    # The table played on: Vera's deal 3 follows the annulled game: no pass-out in the run,
    # Boris's 6♦ is no BID_TOO_LOW.
    played_on = run(ruled(bombs_log(sheet_entries=False), 1, {"annul": True}))
    assert codes(played_on) == ["ANNULLED_BY_ARBITER"]
    assert _auction_options(played_on, 3, played_on.ruleset, opts).minimum is None
    # Boris redeals (the same 7♠ will do): the redeal follows the pass-out, minimum 7♠;
    # Vera's 6♦ after it is free again.
    doc = bombs_log(sheet_entries=False)
    doc["deals"].insert(1, copy.deepcopy(doc["deals"][1]))
    doc["deals"][1]["arbiter"] = {"annul": True}
    redealt = run(doc)
    assert codes(redealt) == ["ANNULLED_BY_ARBITER"]
    assert [d.redeal for d in redealt.deals] == [False, False, True, False]
    assert str(_auction_options(redealt, 2, redealt.ruleset, opts).minimum) == "7S"
    assert str(_auction_options(redealt, 3, redealt.ruleset, opts).minimum) == "7S"
    assert _auction_options(redealt, 4, redealt.ruleset, opts).minimum is None
    walk = walkthrough(preferans.parse(doc), 2, redealt)
    assert walk.entries == ()
    assert [(s.pool_after, s.mountain_after) for s in walk.sheet] == [(0, 4), (0, 6), (0, 10)]


# --- score: an assigned result ------------------------------------------------------------------


def seven_hearts_recorded_made() -> dict[str, Any]:
    """The Sochi pulka with deal 2 recorded without its play: Vera's 7♥, both whisting, as
    made — tricks 2 / 1 / 7; Vera pool 4, Anna's whists 2 × 4 = 8, Boris's 1 × 4 = 4."""
    doc = load("sochi-pulka.json")
    deal = doc["deals"][1]
    del deal["play"]
    deal["tricks"] = [2, 1, 7]
    deal["entries"] = [
        {"seat": VERA, "kind": "pool", "points": 4},
        {"seat": ANNA, "kind": "whist", "on": VERA, "points": 8},
        {"seat": BORIS, "kind": "whist", "on": VERA, "points": 4},
    ]
    return doc


def test_a_seven_of_hearts_recorded_as_made_is_scored_down_one():
    assert codes(run(seven_hearts_recorded_made())) == []  # the sheet as written is consistent
    # The arbiter: Boris took a second trick, Vera six: down one. Sochi, a seven: undertrick
    # 4 in the mountain, consolation 4 from each defender, whists 4 a trick; the quota 2 is
    # met (4 tricks). Vera mountain 4; Anna 4 + 2 × 4 = 8 on Vera; Boris 4 + 2 × 4 = 8.
    doc = ruled(seven_hearts_recorded_made(), 1, {"score": {"tricks": [2, 2, 6]}, "dispute": 4})
    report = run(doc)
    d = report.as_dict()["deals"][1]
    assert d["entries"] == [
        {"seat": VERA, "kind": "mountain", "points": 4},
        {"seat": ANNA, "kind": "whist", "points": 4, "on": VERA},
        {"seat": BORIS, "kind": "whist", "points": 4, "on": VERA},
        {"seat": ANNA, "kind": "whist", "points": 8, "on": VERA},
        {"seat": BORIS, "kind": "whist", "points": 8, "on": VERA},
    ]
    assert (d["tricks"], d["made"]) == ([2, 2, 6], False)
    assert d["arbiter"] == {"score": {"tricks": [2, 2, 6]}, "dispute": 4}
    # The sheet as written (pool 4 …) is not compared: no ENTRY_MISMATCH.
    assert codes(report) == ["SCORE_ADJUSTED"]
    assert report.findings[0].deal == 2
    assert report.status == 0
    # The pulka: pools 11 / 3 / 0; mountains 0 / 0 / 14 (4 + the pass-out's 10); whists Anna
    # on Vera 12, Boris on Vera 12, Vera on Boris 8. Open pools → 9 / 17 / 34, amnesty 9 →
    # 0 / 8 / 25:
    #   Anna  = 80/3 + 12 + 250/3                   = 122
    #   Boris = −80/3 + (12 + 250/3) − (8 + 80/3)   = 34
    #   Vera  = −(12 + 250/3) − (12 + 250/3) + 8 + 80/3 = −156
    assert [(p["pool"], p["mountain"]) for p in report.pulka_dict()] == [(11, 0), (3, 0), (0, 14)]
    assert report.settlement.balances == (122, 34, -156)
    assert report.totals == [122, 34, -156]


def test_an_assigned_score_supersedes_the_tricks_written_against_the_play():
    # Deal 2 with its play (2 / 3 / 5) but tricks written 2 / 1 / 7: TRICKS_MISMATCH and the
    # entries against the written tricks … until the arbiter assigns the result of the play.
    doc = load("sochi-pulka.json")
    doc["deals"][1]["tricks"] = [2, 1, 7]
    assert "TRICKS_MISMATCH" in codes(run(doc))
    report = run(ruled(doc, 1, {"score": {"tricks": [2, 3, 5]}}))
    assert codes(report) == ["SCORE_ADJUSTED"]
    assert report.totals == [140, 55, -195]


def test_an_assigned_dark_pass_out_draws_its_bombs_and_is_priced_by_the_assigned_tricks():
    # Deal 1 of the bombs log assigned 3 / 3 / 4: ×2 → mountains 6, 6, 8; the bombs are
    # drawn as before (Boris and Vera), and the bomb marks the log has are not compared.
    doc = ruled(bombs_log(), 0, {"score": {"tricks": [3, 3, 4]}})
    doc["deals"][0]["bombs"] = []  # a sheet that forgot the bombs: superseded
    report = run(doc)
    assert codes(report) == ["SCORE_ADJUSTED"]
    d = report.as_dict()["deals"][0]
    assert d["entries"] == [
        {"seat": ANNA, "kind": "mountain", "points": 6},
        {"seat": BORIS, "kind": "mountain", "points": 6},
        {"seat": VERA, "kind": "mountain", "points": 8},
    ]
    assert d["bombs_drawn"] == [{"seat": BORIS, "rank": 1}, {"seat": VERA, "rank": 1}]
    assert d["tricks"] == [3, 3, 4]


def test_an_assigned_score_at_a_table_of_four():
    # Gleb deals and sits out; a light pass-out, round 1: a trick is 1 in the mountain; the
    # assigned 1 / 4 / 5 / 0 replaces the written 4 / 3 / 3 / 0.
    doc = {
        "game": "preferans",
        "version": 1,
        "ruleset": "sochi",
        "players": list(FOUR),
        "deals": [
            {
                "dealer": GLEB,
                "auction": [{"seat": s, "call": "pass"} for s in (ANNA, BORIS, VERA)],
                "tricks": [4, 3, 3, 0],
                "arbiter": {"score": {"tricks": [1, 4, 5, 0]}, "reason": "a trick miscounted"},
            }
        ],
    }
    report = run(doc)
    assert codes(report) == ["SCORE_ADJUSTED"]
    assert "Anna 1, Boris 4, Vera 5" in report.findings[0].message
    assert "Gleb" not in report.findings[0].message
    assert [e.as_dict() for e in report.deals[0].entries] == [
        {"seat": ANNA, "kind": "mountain", "points": 1},
        {"seat": BORIS, "kind": "mountain", "points": 4},
        {"seat": VERA, "kind": "mountain", "points": 5},
    ]


def test_an_assigned_score_on_a_game_nobody_whisted_is_written_as_made():
    # Deal 2 of the bombs log: Vera's 7♠, both pass; assigned 5 tricks for Vera, the game is
    # still written as made (both passed: "written as made, whatever the tricks") and puts
    # her bomb out.
    report = run(ruled(bombs_log(), 1, {"score": {"tricks": [3, 2, 5]}}))
    d = report.as_dict()["deals"][1]
    assert (d["made"], d["tricks"]) == (True, [3, 2, 5])
    assert d["entries"] == [{"seat": VERA, "kind": "pool", "points": 8}]
    assert d["bombs_extinguished"] == [{"seat": VERA, "rank": 1}]


# --- waive and confirm: preferans imposes no penalty ---------------------------------------------


def test_waive_and_confirm_are_not_applicable_and_change_nothing():
    # waive first, then confirm, each in the order written (the shared reader keeps it).
    doc = ruled(load("sochi-pulka.json"), 0, {"waive": [BORIS], "confirm": [VERA, ANNA]})
    report = run(doc)
    got = [(f.code, f.severity, f.deal, f.seat) for f in report.findings]
    assert got == [
        ("RULING_NOT_APPLICABLE", "warning", 1, BORIS),
        ("RULING_NOT_APPLICABLE", "warning", 1, VERA),
        ("RULING_NOT_APPLICABLE", "warning", 1, ANNA),
    ]
    assert "to waive" in report.findings[0].message
    assert "to confirm" in report.findings[1].message
    assert report.status == 0
    assert report.totals == [140, 55, -195]
    out = report.as_dict()
    assert [d["penalties"] for d in out["deals"]] == [[], [], [], []]
    assert out["deals"][0]["arbiter"] == {"waive": [BORIS], "confirm": [VERA, ANNA]}


def test_a_waived_revoke_stays_a_revoke_and_costs_nothing():
    # A simulated deal with revokes: the preferans replay scores it as played and takes
    # nothing off for a revoke, so waiving the revoker's penalty does nothing.
    pulka = simulate(seed=3, revoke_rate=0.5, deals=1)
    plain = run(pulka.document)
    revoker = pulka.revokes[0].seat
    report = run(ruled(pulka.document, 0, {"waive": [revoker]}))
    assert codes(report) == [*codes(plain), "RULING_NOT_APPLICABLE"]
    assert report.findings[-1].seat == revoker
    assert report.totals == plain.totals
    assert report.deals[0].penalties == ()


def test_annul_with_a_waive():
    report = run(ruled(load("sochi-pulka.json"), 1, {"annul": True, "waive": [VERA]}))
    assert [(f.code, f.seat) for f in report.findings] == [
        ("ANNULLED_BY_ARBITER", BORIS),
        ("RULING_NOT_APPLICABLE", VERA),
    ]


def test_the_ruling_as_read_is_the_shared_ruling():
    # Seats as written (not sorted), () for a list not given; a null reason or dispute is
    # absent, as in every game's reader.
    doc = ruled(load("sochi-pulka.json"), 0, {"waive": [VERA, ANNA], "reason": None, "dispute": None})
    log = parse(doc)
    assert log.deals[0].arbiter == Ruling(waive=(VERA, ANNA))
    assert log.deals[0].arbiter.confirm == ()
    assert log.deals[0].arbiter.status(VERA) == "waived"
    assert log.deals[0].arbiter.status(BORIS) == "counted"
    assert to_document(log)["deals"][0]["arbiter"] == {"waive": [VERA, ANNA]}
    assert [(f.code, f.seat) for f in preferans.replay(log).findings] == [
        ("RULING_NOT_APPLICABLE", VERA),
        ("RULING_NOT_APPLICABLE", ANNA),
    ]
    scored = parse(ruled(load("sochi-pulka.json"), 1, {"score": {"tricks": [2, 2, 6]}}))
    assert scored.deals[1].arbiter == Ruling(score=(2, 2, 6))


# --- the strict reading -------------------------------------------------------------------------


MALFORMED = [
    pytest.param(3, True, "deals[3].arbiter", "must be a JSON object", id="not-an-object"),
    pytest.param(3, {"annul": True, "note": "x"}, "deals[3].arbiter.note", "unknown field", id="unknown-key"),
    pytest.param(3, {}, "deals[3].arbiter", "rules nothing", id="empty"),
    pytest.param(3, {"reason": "why", "dispute": 2}, "deals[3].arbiter", "rules nothing", id="no-ruling"),
    pytest.param(3, {"annul": False}, "deals[3].arbiter.annul", "must be true", id="annul-false"),
    pytest.param(3, {"annul": 1}, "deals[3].arbiter.annul", "must be true", id="annul-one"),
    pytest.param(3, {"annul": None}, "deals[3].arbiter.annul", "must be true", id="annul-null"),
    pytest.param(
        3,
        {"annul": True, "score": {"tricks": [0, 0, 10]}},
        "deals[3].arbiter.score",
        "an annulled deal has no score",
        id="annul-with-score",
    ),
    pytest.param(
        3,
        {"score": {"tricks": [0, 0, 10]}, "waive": [1]},
        "deals[3].arbiter.waive",
        "the deal's whole score",
        id="score-with-waive",
    ),
    pytest.param(
        3,
        {"score": {"tricks": [0, 0, 10]}, "confirm": [1]},
        "deals[3].arbiter.confirm",
        "the deal's whole score",
        id="score-with-confirm",
    ),
    pytest.param(
        3,
        {"score": {"tricks": [3, 3, 3]}, "waive": [1]},
        "deals[3].arbiter.score.tricks",
        "shares 9",
        id="bad-score-with-waive",  # the score is read first, as in every game
    ),
    pytest.param(0, {"waive": [3]}, "deals[0].arbiter.waive[0]", "from 0 to 2", id="waive-seat-out-of-range"),
    pytest.param(
        0, {"confirm": [0, -1]}, "deals[0].arbiter.confirm[1]", "from 0 to 2", id="confirm-seat-negative"
    ),
    pytest.param(0, {"waive": ["1"]}, "deals[0].arbiter.waive[0]", "whole number", id="waive-seat-text"),
    pytest.param(0, {"waive": [True]}, "deals[0].arbiter.waive[0]", "whole number", id="waive-seat-bool"),
    pytest.param(0, {"waive": [1, 2, 1]}, "deals[0].arbiter.waive[2]", "listed twice", id="waive-seat-twice"),
    pytest.param(
        0, {"confirm": [2, 2]}, "deals[0].arbiter.confirm[1]", "listed twice", id="confirm-seat-twice"
    ),
    pytest.param(
        0,
        {"waive": [0, 1], "confirm": [2, 1]},
        "deals[0].arbiter.confirm[1]",
        "waived or confirmed, not both",
        id="waive-and-confirm",
    ),
    pytest.param(0, {"waive": 1}, "deals[0].arbiter.waive", "list of seats", id="waive-not-a-list"),
    pytest.param(0, {"waive": []}, "deals[0].arbiter.waive", "list of seats", id="waive-empty"),
    pytest.param(
        0, {"annul": True, "confirm": []}, "deals[0].arbiter.confirm", "list of seats", id="confirm-empty"
    ),
    pytest.param(0, {"annul": True, "reason": 5}, "deals[0].arbiter.reason", "text", id="reason-number"),
    pytest.param(
        0, {"annul": True, "dispute": 0}, "deals[0].arbiter.dispute", "dispute number", id="dispute-zero"
    ),
    pytest.param(
        0, {"annul": True, "dispute": -3}, "deals[0].arbiter.dispute", "dispute number", id="dispute-negative"
    ),
    pytest.param(
        0,
        {"annul": True, "dispute": 1.5},
        "deals[0].arbiter.dispute",
        "dispute number",
        id="dispute-fraction",
    ),
    pytest.param(
        0, {"annul": True, "dispute": "12"}, "deals[0].arbiter.dispute", "dispute number", id="dispute-text"
    ),
    pytest.param(
        0, {"annul": True, "dispute": True}, "deals[0].arbiter.dispute", "dispute number", id="dispute-bool"
    ),
    pytest.param(3, {"score": [0, 0, 10]}, "deals[3].arbiter.score", "JSON object", id="score-not-an-object"),
    pytest.param(
        3,
        {"score": {"tricks": [0, 0, 10], "points": 4}},
        "deals[3].arbiter.score.points",
        "unknown",
        id="score-key",
    ),
    pytest.param(3, {"score": {}}, "deals[3].arbiter.score.tricks", "is required", id="score-without-tricks"),
    pytest.param(
        3, {"score": {"tricks": 10}}, "deals[3].arbiter.score.tricks", "list of 3", id="tricks-not-a-list"
    ),
    pytest.param(
        3, {"score": {"tricks": [5, 5]}}, "deals[3].arbiter.score.tricks", "list of 3", id="tricks-too-few"
    ),
    pytest.param(
        3,
        {"score": {"tricks": [4, 3, 3, 0]}},
        "deals[3].arbiter.score.tricks",
        "list of 3",
        id="tricks-too-many",
    ),
    pytest.param(
        3,
        {"score": {"tricks": [0, "1", 9]}},
        "deals[3].arbiter.score.tricks[1]",
        "whole number",
        id="tricks-text",
    ),
    pytest.param(
        3,
        {"score": {"tricks": [0, 11, -1]}},
        "deals[3].arbiter.score.tricks[1]",
        "from 0 to 10",
        id="tricks-over-ten",
    ),
    pytest.param(
        3,
        {"score": {"tricks": [0, 0, -1]}},
        "deals[3].arbiter.score.tricks[2]",
        "from 0 to 10",
        id="tricks-negative",
    ),
    pytest.param(
        3, {"score": {"tricks": [3, 3, 3]}}, "deals[3].arbiter.score.tricks", "shares 9", id="tricks-sum-nine"
    ),
    pytest.param(
        3,
        {"score": {"tricks": [4, 4, 3]}},
        "deals[3].arbiter.score.tricks",
        "shares 11",
        id="tricks-sum-eleven",
    ),
]


@pytest.mark.parametrize(("index", "ruling", "path", "message"), MALFORMED)
def test_a_malformed_ruling_names_its_path(index: int, ruling: Any, path: str, message: str):
    doc = ruled(load("sochi-pulka.json"), index, ruling)
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(doc)
    assert caught.value.path == path
    assert message in str(caught.value)


def four_player_passout(ruling: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "preferans",
        "version": 1,
        "players": list(FOUR),
        "deals": [
            {
                "dealer": BORIS,
                "auction": [{"seat": s, "call": "pass"} for s in (VERA, GLEB, ANNA)],
                "arbiter": ruling,
            }
        ],
    }


@pytest.mark.parametrize(
    ("tricks", "path", "message"),
    [
        pytest.param(
            [3, 1, 3, 3], "deals[0].arbiter.score.tricks[1]", "sits out", id="four-dealer-takes-a-trick"
        ),
        pytest.param([3, 0, 3], "deals[0].arbiter.score.tricks", "list of 4", id="four-three-counts"),
        pytest.param([3, 0, 3, 3], "deals[0].arbiter.score.tricks", "shares 9", id="four-sum-nine"),
    ],
)
def test_a_malformed_assigned_result_at_a_table_of_four(tricks: list[int], path: str, message: str):
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(four_player_passout({"score": {"tricks": tricks}}))
    assert caught.value.path == path
    assert message in str(caught.value)


def test_a_seat_at_a_table_of_four_is_in_range_to_four():
    # Seat 3 exists at four (the dealer sitting out is a seat too); 4 does not.
    report = run(four_player_passout({"annul": True, "confirm": [BORIS, GLEB]}))
    assert [(f.code, f.seat) for f in report.findings] == [
        ("ANNULLED_BY_ARBITER", BORIS),
        ("RULING_NOT_APPLICABLE", BORIS),
        ("RULING_NOT_APPLICABLE", GLEB),
    ]
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(four_player_passout({"annul": True, "confirm": [4]}))
    assert caught.value.path == "deals[0].arbiter.confirm[0]"


def test_a_repeated_key_in_a_ruling_is_malformed():
    text = json.dumps(load("sochi-pulka.json"))
    text = text.replace('"dealer": 2,', '"dealer": 2, "arbiter": {"annul": true, "annul": true},', 1)
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(text)
    assert caught.value.path == "deals[2].arbiter.annul"


def test_a_null_arbiter_is_no_ruling():
    doc = ruled(load("sochi-pulka.json"), 1, None)  # type: ignore[arg-type]
    log = parse(doc)
    assert log.deals[1].arbiter is None
    assert "arbiter" not in to_document(log)["deals"][1]


# --- the round trip -------------------------------------------------------------------------------


ROUND_TRIPS = [
    pytest.param(
        1, {"annul": True, "reason": "the deck was a card short", "dispute": 12}, id="annul-reason-dispute"
    ),
    pytest.param(1, {"score": {"tricks": [2, 2, 6]}}, id="score"),
    pytest.param(0, {"waive": [2, 0]}, id="waive-unsorted"),
    pytest.param(0, {"confirm": [1], "waive": [0], "reason": ""}, id="waive-confirm-empty-reason"),
    pytest.param(3, {"annul": True, "confirm": [0]}, id="annul-confirm"),
    pytest.param(2, {"confirm": [2, 1, 0]}, id="confirm-unsorted"),
]


@pytest.mark.parametrize(("index", "ruling"), ROUND_TRIPS)
def test_a_ruling_round_trips(index: int, ruling: dict[str, Any]):
    log = parse(ruled(load("sochi-pulka.json"), index, ruling))
    written = to_document(log)
    assert parse(written) == log
    assert to_document(parse(written)) == written
    canonical = written["deals"][index]["arbiter"]
    assert list(canonical) == [
        k for k in ("annul", "score", "waive", "confirm", "reason", "dispute") if k in ruling
    ]
    for key in ("waive", "confirm"):
        if key in ruling:
            assert canonical[key] == ruling[key]  # in the order written
    # The report carries the ruling as read, canonical.
    assert preferans.replay(log).as_dict()["deals"][index]["arbiter"] == canonical
    read = log.deals[index].arbiter
    assert read is not None
    assert read.as_document(int, lambda t: {"tricks": list(t)}) == canonical
    assert ruling_document(read) == canonical


def test_a_log_without_rulings_reports_none():
    out = run(load("sochi-pulka.json")).as_dict()
    assert [(d["arbiter"], d["penalties"], d["redeal"]) for d in out["deals"]] == [(None, [], False)] * 4
    assert "arbiter" not in json.dumps(to_document(parse(load("sochi-pulka.json"))))


# --- properties over simulated pulkas ------------------------------------------------------------


def random_ruling(rng: random.Random, n: int, dealer: int) -> dict[str, Any] | None:
    """None, an annulment, an assigned result (ten tricks among the seats in play), or a
    waive / confirm of random seats, sometimes with the optional keys."""
    kind = rng.choice(["none", "annul", "score", "seats", "annul-seats"])
    if kind == "none":
        return None
    ruling: dict[str, Any] = {}
    if kind.startswith("annul"):
        ruling["annul"] = True
    if kind == "score":
        active = [s for s in range(n) if n == 3 or s != dealer]
        tricks = [0] * n
        for _ in range(10):
            tricks[rng.choice(active)] += 1
        ruling["score"] = {"tricks": tricks}
    if kind.endswith("seats"):  # a list given names at least one seat
        seats = rng.sample(range(n), rng.randint(0 if "annul" in ruling else 1, n))
        cut = rng.randint(0, len(seats))
        if seats[:cut]:
            ruling["waive"] = seats[:cut]
        if seats[cut:]:
            ruling["confirm"] = seats[cut:]
    if rng.random() < 0.3:
        ruling["reason"] = "the arbiter's words"
    if rng.random() < 0.3:
        ruling["dispute"] = rng.randint(1, 99)
    return ruling


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    rulings=st.integers(0, 10**6),
    preset=st.sampled_from(["sochi", "leningrad", "rostov"]),
    players=st.sampled_from([THREE, FOUR]),
    dark_rate=st.sampled_from([0.0, 0.3]),
)
def test_the_settlement_sums_to_zero_under_any_ruling(seed, rulings, preset, players, dark_rate):
    doc = simulate(seed=seed, players=players, deals=8, ruleset=preset, dark_rate=dark_rate).document
    rng = random.Random(rulings)
    n = len(players)
    given_rulings = []
    for deal in doc["deals"]:
        ruling = random_ruling(rng, n, deal["dealer"])
        given_rulings.append(ruling)
        if ruling is not None:
            deal["arbiter"] = ruling
    report = run(doc)
    assert sum(report.settlement.balances) == 0
    assert sum(report.totals) == 0
    out = report.as_dict()
    for d, ruling, before in zip(out["deals"], given_rulings, [None, *out["deals"][:-1]], strict=True):
        assert sum(d["balances"]) == 0
        assert d["penalties"] == []
        if ruling is not None and ruling.get("annul"):
            assert d["entries"] == []
            assert d["bombs_drawn"] == []
            assert d["bombs_extinguished"] == []
            assert d["balances"] == (before["balances"] if before else [0] * n)
        if ruling is not None and "score" in ruling:
            assert d["tricks"] == ruling["score"]["tricks"]
    found = codes(report)
    assert found.count("ANNULLED_BY_ARBITER") == sum(1 for r in given_rulings if r and r.get("annul"))
    assert found.count("SCORE_ADJUSTED") == sum(1 for r in given_rulings if r and "score" in r)
    assert found.count("RULING_NOT_APPLICABLE") == sum(
        len(r.get("waive", ())) + len(r.get("confirm", ())) for r in given_rulings if r
    )
    assert "PENALTY_WAIVED" not in found
    assert "PENALTY_CONFIRMED" not in found
    superseded = {i + 1 for i, r in enumerate(given_rulings) if r and ("annul" in r or "score" in r)}
    assert not [
        f
        for f in report.findings
        if f.deal in superseded and f.code in ("TRICKS_MISMATCH", "ENTRY_MISMATCH", "BOMB_MISMATCH")
    ]


def comparable(report: preferans.Report, skip: int | None) -> tuple[Any, ...]:
    """The report less what the order of dealing and the deal numbers see: every deal but
    ``skip`` (its number and ``redeal`` left out), and the findings but ``WRONG_DEALER``,
    the ruling's own, and those of ``skip``, renumbered as if ``skip`` were not there."""
    out = report.as_dict()
    deals = [
        {k: v for k, v in d.items() if k not in ("deal", "redeal")} for d in out["deals"] if d["deal"] != skip
    ]
    findings = []
    for f in out["findings"]:
        if f["code"] in ("WRONG_DEALER", "ANNULLED_BY_ARBITER") or (skip is not None and f["deal"] == skip):
            continue
        deal = f["deal"]
        if skip is not None and deal is not None and deal > skip:
            deal -= 1
        findings.append((f["code"], deal, f["trick"], f["seat"], f["card"]))
    return sheet(report), deals, findings


PULKAS = {
    "seed": st.integers(0, 10**6),
    "pick": st.integers(0, 10**6),
    "preset": st.sampled_from(["sochi", "leningrad", "rostov"]),
    "players": st.sampled_from([THREE, FOUR]),
    "dark_rate": st.sampled_from([0.0, 0.3]),
}


@settings(max_examples=60, deadline=None)
@given(**PULKAS)
def test_an_annulled_deal_and_its_redeal_are_the_redeal_alone(seed, pick, preset, players, dark_rate):
    # The property: the redeal (the next deal, same dealer) takes the annulled deal's place:
    # the pulka, the bombs and both runs of pass-outs are then what they were before the
    # annulled deal, so every later deal is replayed in the state of the log without it —
    # for any deal, a game or a pass-out, dark or light, with bombs or without. Built from a
    # simulated pulka by dealing deal k twice, the first time annulled: the same sheet,
    # settlement and totals as the pulka itself, the same reports of every other deal
    # (balances included), the same findings, and no WRONG_DEALER.
    doc = simulate(seed=seed, players=players, deals=8, ruleset=preset, dark_rate=dark_rate).document
    k = pick % len(doc["deals"])
    twice = copy.deepcopy(doc)
    twice["deals"].insert(k, {**copy.deepcopy(doc["deals"][k]), "arbiter": {"annul": True}})
    annulled = run(twice)
    assert [d.redeal for d in annulled.deals] == [i == k + 1 for i in range(len(twice["deals"]))]
    assert "WRONG_DEALER" not in codes(annulled)
    assert comparable(annulled, k + 1) == comparable(run(doc), None)


@settings(max_examples=60, deadline=None)
@given(**PULKAS)
def test_annulling_a_deal_that_leaves_the_runs_is_removing_it(seed, pick, preset, players, dark_rate):
    # The property: when the table played on after an annulled deal, the runs of pass-outs
    # are as the table played them; the pulka and the bombs are as before the deal. So
    # annulling deal k is removing it (sheet, settlement, totals, every other deal's report,
    # the findings but WRONG_DEALER) whenever deal k leaves the runs as it found them — a
    # game that follows a game (or opens the pulka) — or nothing follows it (the last deal),
    # with or without bombs. (A pass-out, or a game after pass-outs, changes the runs: see
    # test_after_an_annulled_pass_out_the_table_played_on_priced_as_it_played.)
    doc = simulate(seed=seed, players=players, deals=8, ruleset=preset, dark_rate=dark_rate).document
    deals = doc["deals"]
    last = len(deals) - 1
    leaves = [
        i
        for i, d in enumerate(deals)
        if i == last or ("contract" in d and (i == 0 or "contract" in deals[i - 1]))
    ]
    k = leaves[pick % len(leaves)]
    annulled = run(ruled(doc, k, {"annul": True}))
    removed = run(without(doc, k))
    assert comparable(annulled, k + 1) == comparable(removed, None)
    assert annulled.as_dict()["deals"][k]["entries"] == []
