"""The arbiter's rulings in a rubber bridge log (docs/arbiter.md; docs/bridge.md, "The arbiter's
rulings"): annul, an assigned score, a Law 64 penalty waived or confirmed. Outcomes worked out
by hand; every malformed ruling with its path; the round trip; and properties over simulated
sessions (rules.bridge.simulate)."""

from __future__ import annotations

import copy
import json
from collections.abc import Collection
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import bridge
from rules.arbiter import Ruling
from rules.bridge.core import Seat
from rules.bridge.document import AssignedScore, parse, to_document
from rules.bridge.export import export_pbn
from rules.bridge.pbn import read_pbn
from rules.bridge.simulate import simulate
from rules.bridge.walkthrough import walkthrough
from rules.errors import MalformedDocument
from tests.rules.bridge.test_document import canonical_deals

PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]


def session(*deals: dict[str, Any], ruleset: object = "seed") -> dict[str, Any]:
    return {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": ruleset,
        "players": PLAYERS,
        "deals": list(deals),
    }


def codes(report: dict[str, Any]) -> list[tuple[str, str, int | None, int | None]]:
    return [(f["code"], f["severity"], f["deal"], f["seat"]) for f in report["findings"]]


def ruled(deal: dict[str, Any], **ruling: Any) -> dict[str, Any]:
    return {**deal, "arbiter": ruling}


# The rubber of test_replay.py (seed preset), worked out there: We win it 2–1, 720 to 390.
# The seed has no game bonus: a game is the 100 below the line that make it.
#   1. N 4H by N, 10 tricks: We 120 below, a game. We vulnerable from here.
#   2. E passed out.
#   3. S 3NT by S, 8 tricks: one down vulnerable, They 100 above.
#   4. W 4SX by W, 10 tricks: They 240 below, a game, 50 insult above. Both vulnerable.
#   5. N 3NT by N, 9 tricks: We 100 below, a game, the rubber: 500 (They have a game).
RUBBER = [
    {"dealer": "N", "auction": ["1H", "P", "2H", "P", "4H", "P", "P", "P"], "result": 10},
    {"dealer": "E", "auction": ["P", "P", "P", "P"]},
    {"dealer": "S", "auction": ["1NT", "P", "3NT", "P", "P", "P"], "result": 8},
    {"dealer": "W", "auction": ["1S", "P", "4S", "X", "P", "P", "P"], "result": 10},
    {"dealer": "N", "auction": ["2C", "P", "2D", "P", "3NT", "P", "P", "P"], "result": 9},
]

# 4S by South under the laws preset (Law 64 on): dealer S opens 1S, North raises to 4S; West
# leads. Trick 1: W KH, N 2H, E 2S (a ruff while holding the 4H he leads to trick 2: a
# revoke, established when he plays to trick 2), S 3H; East wins. Trick 2: E 4H, S 5H, W 6H,
# N AH; North wins. Then the declarer's side claims 10 of the 11 tricks left.
# As played: declarer's side 1 + 10 = 11 tricks, the defenders 1 + 1 = 2.
# Law 64A1: the offender (E) won the revoke trick, and his side won a later one: 2 tricks go
# to the declarer's side, 13.
EAST_RUFFS = {
    "dealer": "S",
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": [["KH", "2H", "2S", "3H"], ["4H", "5H", "6H", "AH"]],
    "claim": 10,
}
# The same contract; East discards 2C on the heart lead and West's king wins; North wins trick
# 2 with AC; East shows a heart at trick 3 (won by West's JH). Declarer's side: 1 + 10 = 11;
# Law 64A2: the offender did not win the revoke trick, his side did: 1 trick, 12.
EAST_DISCARDS = {
    "dealer": "S",
    "auction": ["1S", "P", "4S", "P", "P", "P"],
    "play": [["KH", "2H", "2C", "3H"], ["5C", "AC", "6C", "7C"], ["8H", "9H", "TH", "JH"]],
    "claim": 10,
}


# -- annul -------------------------------------------------------------------------------------


def test_a_deal_annulled_mid_rubber_leaves_the_rubber_as_if_it_had_not_been_played():
    # Deal 4, They's game, is annulled. After deal 3 We have a game, They none; deal 5 (3NT
    # by N, made) then wins the rubber 2–0: We 100 below + 700 rubber.
    #   We:   120 (deal 1) + 100 (deal 5) + 700 = 920
    #   They: 100 (deal 3's undertrick)         = 100
    # whists (920 − 100) / 100 = 8.2 → 8.
    deals = copy.deepcopy(RUBBER)
    deals[3] = ruled(deals[3], annul=True, reason="the deck was found short a card", dispute=3)
    report = bridge.check(session(*deals))
    (rubber,) = report["rubbers"]
    assert rubber["games"] == [2, 0]
    assert rubber["below"] == [220, 0]
    assert rubber["above"] == [0, 100]
    assert rubber["bonus"] == [700, 0]
    assert rubber["totals"] == [920, 100]
    assert rubber["whists"] == [8, -8]
    assert report["totals"] == [920, 100]
    annulled = report["deals"][3]
    # The deal keeps what the table played (4SX by W, 10 tricks) and scores nothing.
    assert (annulled["contract"], annulled["declarer"], annulled["tricks"]) == ("4SX", "W", 10)
    assert annulled["scores"] == []
    assert annulled["penalties"] == []
    assert annulled["arbiter"] == {"annul": True, "reason": "the deck was found short a card", "dispute": 3}
    # Deal 5 is played at the vulnerability of a rubber without deal 4: We only.
    assert report["deals"][4]["vulnerable"] == {"we": True, "they": False}
    assert codes(report) == [("ANNULLED_BY_ARBITER", "info", 4, int(Seat.W))]
    assert (
        "the next deal of the log is dealt by Anna: the table played on" in report["findings"][0]["message"]
    )
    # The same rubber as the log without deal 4.
    without = bridge.check(session(*(d for i, d in enumerate(RUBBER) if i != 3)))
    assert without["totals"] == report["totals"]
    assert without["whists"] == report["whists"]
    assert [(r["games"], r["totals"], r["whists"]) for r in without["rubbers"]] == [
        (r["games"], r["totals"], r["whists"]) for r in report["rubbers"]
    ]
    assert bridge.replay(bridge.parse(session(*deals))).status == 0  # a ruling is no irregularity


def test_the_redeal_by_the_same_dealer_follows_an_annulled_deal():
    # Deal 1 annulled before anyone called (no auction, no result: nothing to replay), and
    # North deals again: no dealer rotation is checked in bridge, so the redeal is just the
    # next deal, the first to score in the rubber.
    deals = [{"dealer": "N", "auction": [], "arbiter": {"annul": True}}, RUBBER[0]]
    report = bridge.check(session(*deals))
    assert codes(report) == [("ANNULLED_BY_ARBITER", "info", 1, int(Seat.N))]
    assert (
        "the next deal of the log has the same dealer, as a redeal does" in report["findings"][0]["message"]
    )
    assert report["deals"][0]["contract"] is None
    assert report["deals"][1]["vulnerable"] == {"we": False, "they": False}
    # 4H made: 120 below, a game; the session ends mid-rubber with a game for We alone: 300
    # (Law 80). The annulled deal is listed in the rubber and adds nothing.
    assert report["totals"] == [420, 0]
    assert report["rubbers"][0]["deals"] == [1, 2]


def test_an_annulled_deal_written_on_the_sheet_is_a_score_mismatch():
    # The sheet of an annulled deal is blank; a scorer who left the played points on it is
    # told so, as for Oh Hell (docs/arbiter.md).
    played = dict(RUBBER[0], scores={"we": {"above": [], "below": [120]}})
    blank = dict(RUBBER[0], scores={"we": {"above": [], "below": []}})
    assert codes(bridge.check(session(ruled(blank, annul=True)))) == [("ANNULLED_BY_ARBITER", "info", 1, 0)]
    assert [c[0] for c in codes(bridge.check(session(ruled(played, annul=True))))] == [
        "SCORE_MISMATCH",
        "ANNULLED_BY_ARBITER",
    ]


def test_an_annulled_deal_needs_no_result_and_its_play_findings_stay():
    # The play stops after two tricks without a claim (the deal was stopped): the play's
    # WRONG_CARD_COUNT and the REVOKE stay, but no tricks are needed, so no RESULT_MISSING.
    deal = {k: v for k, v in EAST_RUFFS.items() if k != "claim"}
    report = bridge.check(session(ruled(deal, annul=True), ruleset="laws"))
    assert [c[0] for c in codes(report)] == ["WRONG_CARD_COUNT", "REVOKE", "ANNULLED_BY_ARBITER"]
    assert report["deals"][0]["scores"] == []
    assert report["deals"][0]["penalties"] == []  # an annulled deal transfers no trick
    with pytest.raises(MalformedDocument) as caught:
        parse(session({"dealer": "N", "auction": ["1C", "P", "P", "P"]}))
    assert caught.value.path == "deals[0].result"  # without a ruling the result is still required


# -- score ---------------------------------------------------------------------------------------


def test_an_assigned_4h_made_by_the_other_side():
    # Deal 1 (4H by N, 10 tricks) is assigned to East–West: 4H by E, 10 tricks. Seed preset:
    #   deal 1: They 120 below, a game. They vulnerable.
    #   deal 3: 3NT by S one down, We not vulnerable: They 50 above.
    #   deal 4: 4SX by W made, They vulnerable: 240 below, 50 insult; They's second game: the
    #           rubber, 700 (We have none). Rubber 1: They 120 + 50 + 240 + 50 + 700 = 1160,
    #           We 0; whists −11.6 → −12.
    #   deal 5: a new rubber: 3NT by N, 100 below, a game; the session ends: We alone have
    #           a game, 300 (Law 80). Rubber 2: We 400; whists +4.
    deals = copy.deepcopy(RUBBER)
    deals[0] = ruled(
        deals[0],
        score={"contract": "4h", "declarer": "e", "result": 10},
        reason="North's 4H was bid on unauthorised information",
    )
    deals[0]["scores"] = {"we": {"above": [], "below": [120]}}  # the table's sheet
    report = bridge.check(session(*deals))
    first = report["deals"][0]
    assert (first["contract"], first["declarer"], first["tricks"], first["result"]) == ("4H", "E", 10, 0)
    assert first["scores"] == [
        {"side": "they", "line": "below", "kind": "tricks", "points": 120},
    ]
    assert first["arbiter"] == {
        "score": {"contract": "4H", "declarer": "E", "result": 10},
        "reason": "North's 4H was bid on unauthorised information",
    }
    assert report["deals"][1]["vulnerable"] == {"we": False, "they": True}
    r1, r2 = report["rubbers"]
    assert (r1["games"], r1["totals"], r1["whists"]) == ([0, 2], [0, 1160], [-12, 12])
    assert (r2["games"], r2["totals"], r2["whists"], r2["finished"]) == ([1, 0], [400, 0], [4, -4], False)
    assert report["totals"] == [400, 1160]
    assert report["whists"] == [-8, 8]  # −12 + 4, each rubber rounded on its own
    # The sheet's 120 for We is not compared: the arbiter's score supersedes it.
    assert codes(report) == [("SCORE_ADJUSTED", "info", 1, None)]


def test_an_assigned_result_supersedes_the_sheets_result_and_the_play():
    # EAST_RUFFS with the sheet's result 11 (Law 64 forgotten): without a ruling that is a
    # RESULT_MISMATCH (the play gives 13). Assigned 4S by S, 12 tricks: 120 below, 2 × 30
    # above; the REVOKE stays, the penalty is in the assigned score (no penalties listed).
    # The session ends there, We alone with a game: 300 more (Law 80), 480 in all.
    deal = {**EAST_RUFFS, "result": 11}
    plain = bridge.check(session(deal, ruleset="laws"))
    assert [c[0] for c in codes(plain)] == ["REVOKE", "RESULT_MISMATCH"]
    report = bridge.check(
        session(ruled(deal, score={"contract": "4S", "declarer": "S", "result": 12}), ruleset="laws")
    )
    assert [c[0] for c in codes(report)] == ["REVOKE", "SCORE_ADJUSTED"]
    assert report["deals"][0]["tricks"] == 12
    assert report["deals"][0]["penalties"] == []
    assert report["deals"][0]["scores"] == [
        {"side": "we", "line": "below", "kind": "tricks", "points": 120},
        {"side": "we", "line": "above", "kind": "overtricks", "points": 60},
    ]
    assert report["totals"] == [480, 0]


def test_an_assigned_pass_out_scores_nothing_and_the_deal_stands():
    report = bridge.check(session(ruled(RUBBER[0], score={"contract": "pass"}), RUBBER[0]))
    assert report["deals"][0]["contract"] is None
    assert report["deals"][0]["scores"] == []
    assert report["deals"][0]["arbiter"] == {"score": {"contract": "Pass"}}
    assert report["deals"][1]["vulnerable"] == {"we": False, "they": False}
    assert codes(report) == [("SCORE_ADJUSTED", "info", 1, None)]


def _hands(**cards: str) -> dict[str, list[str]]:
    return {seat: text.split() for seat, text in cards.items()}


def test_honours_on_an_assigned_result_are_those_the_hands_hold_in_its_strain():
    # North holds A K Q J of hearts, East A K Q J of spades. Played: 1S by N, 7 tricks
    # (East's spade honours: They 100). Assigned: 4H by E, 10 tricks: They 120 below (a game;
    # the seed has no game bonus), and North's four heart honours score We 100 above, as at
    # the table they would have. The sheet's honours claim (written for the contract played, and wrong) is
    # not checked: the assigned score is the deal's whole score.
    hands = _hands(
        N="AH KH QH JH TS 9S 8S 7S 6S 5S 4S 3S 2S",
        E="AS KS QS JS TH 9H 8H 7H 6H 5H 4H 3H 2H",
        S="AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        W="AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    )
    deal = {
        "dealer": "N",
        "hands": hands,
        "auction": ["1S", "P", "P", "P"],
        "result": 7,
        "honours": {"side": "we", "points": 150},
    }
    played = bridge.check(session({k: v for k, v in deal.items() if k != "honours"}))
    assert played["deals"][0]["scores"][-1] == {
        "side": "they",
        "line": "above",
        "kind": "honours",
        "points": 100,
    }
    report = bridge.check(session(ruled(deal, score={"contract": "4H", "declarer": "E", "result": 10})))
    assert report["deals"][0]["scores"] == [
        {"side": "they", "line": "below", "kind": "tricks", "points": 120},
        {"side": "we", "line": "above", "kind": "honours", "points": 100},
    ]
    assert codes(report) == [("SCORE_ADJUSTED", "info", 1, None)]
    # Without the four hands there are no honours to count on an assigned result.
    bare = {k: v for k, v in deal.items() if k != "hands"}
    report = bridge.check(session(ruled(bare, score={"contract": "4H", "declarer": "E", "result": 10})))
    assert [e["kind"] for e in report["deals"][0]["scores"]] == ["tricks"]


# -- penalties: counted, waived, confirmed --------------------------------------------------------


@pytest.mark.parametrize(
    ("deal", "points", "tricks_counted"),
    [
        pytest.param(EAST_RUFFS, -2, 13, id="law64a1-two-tricks"),
        pytest.param(EAST_DISCARDS, -1, 12, id="law64a2-one-trick"),
    ],
)
def test_every_deal_lists_its_revoke_penalties(deal, points, tricks_counted):
    report = bridge.check(session(deal, RUBBER[1], ruleset="laws"))
    assert report["deals"][0]["penalties"] == [
        {"seat": "E", "kind": "revoke", "points": points, "status": "counted"}
    ]
    assert report["deals"][0]["tricks"] == tricks_counted
    assert report["deals"][0]["arbiter"] is None
    assert report["deals"][1]["penalties"] == []  # a passed-out deal has none
    assert report["deals"][1]["arbiter"] is None


@pytest.mark.parametrize(
    ("deal", "tricks", "above"),
    [
        # 4S by S, not vulnerable, laws preset: 120 below; each overtrick 30 above.
        pytest.param(EAST_RUFFS, 11, 30, id="law64a1-waived-11-tricks"),
        pytest.param(EAST_DISCARDS, 11, 30, id="law64a2-waived-11-tricks"),
    ],
)
def test_a_waived_revoke_transfer_leaves_the_tricks_as_played(deal, tricks, above):
    report = bridge.check(session(ruled(deal, waive=["e"]), ruleset="laws"))
    (d,) = report["deals"]
    assert d["tricks"] == tricks
    assert d["penalties"][0]["status"] == "waived"
    assert d["scores"] == [
        {"side": "we", "line": "below", "kind": "tricks", "points": 120},
        {"side": "we", "line": "above", "kind": "overtricks", "points": above},
    ]
    assert d["arbiter"] == {"waive": ["E"]}
    assert [c[:2] for c in codes(report)] == [("REVOKE", "error"), ("PENALTY_WAIVED", "info")]
    assert report["findings"][1]["seat"] == int(Seat.E)
    assert report["findings"][1]["trick"] == 1
    assert "but the arbiter waived it" in report["findings"][0]["message"]


def test_a_waived_revoke_agrees_with_the_sheet_that_did_not_transfer():
    # The sheet wrote the 11 tricks as played: with the penalty waived the play gives 11 too.
    counted = bridge.check(session({**EAST_RUFFS, "result": 11}, ruleset="laws"))
    assert "RESULT_MISMATCH" in [c[0] for c in codes(counted)]
    waived = bridge.check(session(ruled({**EAST_RUFFS, "result": 11}, waive=["E"]), ruleset="laws"))
    assert [c[0] for c in codes(waived)] == ["REVOKE", "PENALTY_WAIVED"]


@pytest.mark.parametrize("deal", [pytest.param(EAST_RUFFS, id="a1"), pytest.param(EAST_DISCARDS, id="a2")])
def test_a_confirmed_penalty_changes_nothing_but_its_status(deal):
    plain = bridge.check(session(deal, ruleset="laws"))
    report = bridge.check(session(ruled(deal, confirm=["E"], reason="East agreed"), ruleset="laws"))
    for key in ("totals", "whists", "rubbers"):
        assert report[key] == plain[key]
    got, want = report["deals"][0], plain["deals"][0]
    assert {k: v for k, v in got.items() if k not in ("penalties", "arbiter")} == {
        k: v for k, v in want.items() if k not in ("penalties", "arbiter")
    }
    assert got["penalties"] == [{**want["penalties"][0], "status": "confirmed"}]
    assert got["arbiter"] == {"confirm": ["E"], "reason": "East agreed"}
    assert codes(report) == [*codes(plain), ("PENALTY_CONFIRMED", "info", 1, int(Seat.E))]


@pytest.mark.parametrize(
    ("deal", "ruling", "ruleset", "why"),
    [
        pytest.param(
            EAST_RUFFS, {"waive": ["N"]}, "laws", "Law 64 transfers no trick", id="seat-without-revoke"
        ),
        pytest.param(
            EAST_RUFFS, {"confirm": ["W"]}, "laws", "Law 64 transfers no trick", id="partner-of-offender"
        ),
        pytest.param(EAST_RUFFS, {"waive": ["E"]}, "seed", "law64 is off", id="seed-has-no-transfer"),
        pytest.param(
            EAST_RUFFS, {"annul": True, "waive": ["E"]}, "laws", "an annulled deal", id="annulled-deal"
        ),
        pytest.param(RUBBER[0], {"confirm": ["S"]}, "laws", "Law 64 transfers no trick", id="no-play"),
    ],
)
def test_a_ruling_on_a_seat_without_a_penalty_is_not_applicable(deal, ruling, ruleset, why):
    plain = bridge.check(session(deal, ruleset=ruleset))
    report = bridge.check(session(ruled(deal, **ruling), ruleset=ruleset))
    seat = int(Seat.of((ruling.get("waive") or ruling.get("confirm"))[0]))
    found = [c for c in codes(report) if c[0] == "RULING_NOT_APPLICABLE"]
    assert found == [("RULING_NOT_APPLICABLE", "warning", 1, seat)]
    assert why in next(f["message"] for f in report["findings"] if f["code"] == "RULING_NOT_APPLICABLE")
    if not ruling.get("annul"):  # the ruling changes nothing
        assert report["totals"] == plain["totals"]
        assert report["deals"][0]["penalties"] == plain["deals"][0]["penalties"]


def test_the_sheet_shows_the_rulings():
    deals = [ruled(RUBBER[0], annul=True), ruled(EAST_RUFFS, waive=["E"])]
    sheet = bridge.format_sheet(bridge.replay(bridge.parse(session(*deals, ruleset="laws"))))
    assert "annulled by the arbiter" in sheet
    assert "E's revoke penalty waived" in sheet
    sheet = bridge.format_sheet(
        bridge.replay(bridge.parse(session(ruled(RUBBER[0], score={"contract": "Pass"}))))
    )
    assert "score adjusted by the arbiter" in sheet


def test_an_annulled_deal_counts_as_no_contract_made():
    report = bridge.check(session(ruled(RUBBER[0], annul=True), RUBBER[4]))
    assert [r.contracts_made for r in bridge.seat_results(report)] == [1, 0, 1, 0]


def test_the_walkthrough_shows_the_tables_play_under_an_assigned_score():
    # Assigned 4H by E, but the table played 4S by S: the deal page shows the play of 4S (13
    # tricks after the Law 64 transfer) beside the arbiter's scores.
    deal = ruled(EAST_RUFFS, score={"contract": "4H", "declarer": "E", "result": 10})
    log = bridge.parse(session(deal, ruleset="laws"))
    page = walkthrough(log, 1, analyse=False)
    assert (page.contract, page.declarer, page.tricks_taken, page.result) == ("4S", "S", 13, 3)
    assert page.complete_tricks == 2
    assert [e["side"] for e in page.scores] == ["they"]  # 4H by E made: 120 below for They
    assert page.arbiter == {"score": {"contract": "4H", "declarer": "E", "result": 10}}
    assert page.penalties == []
    waived = walkthrough(
        bridge.parse(session(ruled(EAST_RUFFS, waive=["E"]), ruleset="laws")), 1, analyse=False
    )
    assert waived.tricks_taken == 11
    assert [(t.number, p.seat, p.transfer) for t, p in waived.revokes] == [(1, "E", 0)]  # none moved
    assert waived.penalties == [{"seat": "E", "kind": "revoke", "points": -2, "status": "waived"}]


# -- PBN ---------------------------------------------------------------------------------------------


def test_the_pbn_export_writes_the_ruled_points_and_names_the_ruling():
    # Deal 1 annulled, though the sheet still has the played 4H: the export writes the
    # replay's points (nothing) and a commentary; deal 2 keeps its own sheet as before.
    deals = [
        ruled(
            dict(RUBBER[0], scores={"we": {"above": [], "below": [120]}}),
            annul=True,
            reason="a card {the 2C} was missing",
            dispute=4,
        ),
        dict(RUBBER[2], scores={"they": {"above": [50], "below": []}}),
    ]
    document = session(*deals)
    report = bridge.check(document)
    text = export_pbn([(document, report)])
    first, second = text.split('[Board "1"]')[1].split('[Board "2"]')
    assert '[ScoreRubber "NS 0/0 EW 0/0"]' in first
    assert "{Arbiter: the deal is annulled; dispute 4; reason: a card (the 2C) was missing}" in first
    assert '[Contract "4H"]' in first  # the table's contract; the ruling is in the commentary
    assert '[ScoreRubber "NS 0/0 EW 50/0"]' in second
    assert "Arbiter" not in second
    back = read_pbn(text)
    assert len(back["deals"]) == 2
    assert "arbiter" not in back["deals"][0]  # PBN cannot carry it (docs/bridge-pbn.md)
    assert back["deals"][0]["scores"] == {
        "we": {"above": [], "below": []},
        "they": {"above": [], "below": []},
    }


def test_the_pbn_commentary_of_an_assigned_score_and_of_penalties():
    document = session(
        ruled(RUBBER[0], score={"contract": "4H", "declarer": "E", "result": 10}),
        ruled(EAST_RUFFS, confirm=["E"]),
        ruleset="laws",
    )
    text = export_pbn([(document, bridge.check(document))])
    assert "{Arbiter: the deal is scored as 4H by E, 10 tricks}" in text
    assert "{Arbiter: revoke penalty of E confirmed}" in text
    assert '[ScoreRubber "NS 0/0 EW 0/120"]' in text


# -- malformed -----------------------------------------------------------------------------------


def _with_ruling(ruling: Any, deal: dict[str, Any] | None = None) -> dict[str, Any]:
    return session(RUBBER[0], {**(deal or RUBBER[3]), "arbiter": ruling})


SCORE = {"contract": "4H", "declarer": "E", "result": 10}


@pytest.mark.parametrize(
    ("ruling", "path"),
    [
        pytest.param({"annul": True, "note": "x"}, "deals[1].arbiter.note", id="unknown-key"),
        pytest.param({"annul": False}, "deals[1].arbiter.annul", id="annul-false"),
        pytest.param({"annul": 1}, "deals[1].arbiter.annul", id="annul-one"),
        pytest.param({"annul": "true"}, "deals[1].arbiter.annul", id="annul-text"),
        pytest.param({"annul": True, "score": SCORE}, "deals[1].arbiter.score", id="annul-with-score"),
        pytest.param({"score": SCORE, "waive": ["E"]}, "deals[1].arbiter.waive", id="score-with-waive"),
        pytest.param({"score": SCORE, "confirm": ["E"]}, "deals[1].arbiter.confirm", id="score-with-confirm"),
        pytest.param({"waive": ["X"]}, "deals[1].arbiter.waive[0]", id="seat-unknown"),
        pytest.param({"waive": [1]}, "deals[1].arbiter.waive[0]", id="seat-as-index"),
        pytest.param({"confirm": ["N", "NE"]}, "deals[1].arbiter.confirm[1]", id="seat-two-letters"),
        pytest.param({"waive": ["E", "e"]}, "deals[1].arbiter.waive[1]", id="seat-twice"),
        pytest.param(
            {"waive": ["E"], "confirm": ["S", "E"]}, "deals[1].arbiter.confirm[1]", id="waive-and-confirm"
        ),
        pytest.param({"waive": []}, "deals[1].arbiter.waive", id="waive-empty"),
        pytest.param({"confirm": "E"}, "deals[1].arbiter.confirm", id="confirm-not-a-list"),
        pytest.param({}, "deals[1].arbiter", id="empty-ruling"),
        pytest.param({"reason": "x", "dispute": 2}, "deals[1].arbiter", id="rules-nothing"),
        pytest.param({"annul": True, "reason": 5}, "deals[1].arbiter.reason", id="reason-not-text"),
        pytest.param({"annul": True, "dispute": 0}, "deals[1].arbiter.dispute", id="dispute-zero"),
        pytest.param({"annul": True, "dispute": -3}, "deals[1].arbiter.dispute", id="dispute-negative"),
        pytest.param({"annul": True, "dispute": 1.5}, "deals[1].arbiter.dispute", id="dispute-fraction"),
        pytest.param({"annul": True, "dispute": True}, "deals[1].arbiter.dispute", id="dispute-bool"),
        pytest.param({"annul": True, "dispute": "12"}, "deals[1].arbiter.dispute", id="dispute-text"),
        pytest.param(["annul"], "deals[1].arbiter", id="ruling-not-an-object"),
        pytest.param({"score": "4H by E"}, "deals[1].arbiter.score", id="score-not-an-object"),
        pytest.param(
            {"score": {**SCORE, "tricks": 10}}, "deals[1].arbiter.score.tricks", id="score-unknown-key"
        ),
        pytest.param(
            {"score": {"declarer": "E", "result": 10}},
            "deals[1].arbiter.score.contract",
            id="score-no-contract",
        ),
        pytest.param(
            {"score": {**SCORE, "contract": "8H"}}, "deals[1].arbiter.score.contract", id="contract-level-8"
        ),
        pytest.param(
            {"score": {**SCORE, "contract": "4HXXX"}}, "deals[1].arbiter.score.contract", id="contract-xxx"
        ),
        pytest.param(
            {"score": {**SCORE, "contract": "4Z"}}, "deals[1].arbiter.score.contract", id="contract-strain"
        ),
        pytest.param(
            {"score": {**SCORE, "contract": 4}}, "deals[1].arbiter.score.contract", id="contract-number"
        ),
        pytest.param(
            {"score": {"contract": "4H", "result": 10}}, "deals[1].arbiter.score.declarer", id="no-declarer"
        ),
        pytest.param(
            {"score": {**SCORE, "declarer": "NS"}}, "deals[1].arbiter.score.declarer", id="declarer-side"
        ),
        pytest.param(
            {"score": {"contract": "4H", "declarer": "E"}}, "deals[1].arbiter.score.result", id="no-result"
        ),
        pytest.param(
            {"score": {**SCORE, "result": 14}}, "deals[1].arbiter.score.result", id="result-over-13"
        ),
        pytest.param(
            {"score": {**SCORE, "result": -1}}, "deals[1].arbiter.score.result", id="result-negative"
        ),
        pytest.param({"score": {**SCORE, "result": "10"}}, "deals[1].arbiter.score.result", id="result-text"),
        pytest.param(
            {"score": {"contract": "Pass", "declarer": "E"}},
            "deals[1].arbiter.score.declarer",
            id="pass-declarer",
        ),
        pytest.param(
            {"score": {"contract": "Pass", "result": 0}}, "deals[1].arbiter.score.result", id="pass-result"
        ),
    ],
)
def test_a_malformed_ruling_names_its_path(ruling, path):
    with pytest.raises(MalformedDocument) as caught:
        bridge.parse(_with_ruling(ruling))
    assert caught.value.path == path


def test_a_null_ruling_is_no_ruling():
    assert bridge.parse(_with_ruling(None)) == bridge.parse(session(RUBBER[0], RUBBER[3]))


# -- the model and the round trip --------------------------------------------------------------------


def test_the_ruling_is_read_into_the_model():
    deal = bridge.parse(
        _with_ruling(
            {"score": {"contract": "3ntx", "declarer": "w", "result": 7}, "reason": "r", "dispute": 9}
        )
    ).deals[1]
    assert deal.arbiter == Ruling(score=AssignedScore("3NTX", Seat.W, 7), reason="r", dispute=9)
    deal = bridge.parse(_with_ruling({"waive": ["s", "N"], "confirm": ["e"]})).deals[1]
    assert deal.arbiter == Ruling(waive=(Seat.S, Seat.N), confirm=(Seat.E,))


RULINGS = [
    {"annul": True},
    {"annul": True, "waive": ["E"], "reason": "the deck was short", "dispute": 12},
    {"score": {"contract": "4HX", "declarer": "S", "result": 9}},
    {"score": {"contract": "Pass"}, "reason": ""},
    {"waive": ["W", "N"]},
    {"confirm": ["E"], "waive": ["S"]},
]


@pytest.mark.parametrize("ruling", [pytest.param(r, id=f"ruling-{i}") for i, r in enumerate(RULINGS)])
def test_a_canonical_ruling_round_trips(ruling):
    doc = _with_ruling(ruling)
    log = parse(doc)
    assert to_document(log) == doc
    assert parse(to_document(log)) == log
    assert parse(json.dumps(to_document(log))) == log


def test_a_lenient_ruling_is_written_canonically():
    log = parse(_with_ruling({"dispute": 2, "confirm": ["e"], "reason": "x"}))
    assert to_document(log)["deals"][1]["arbiter"] == {"confirm": ["E"], "reason": "x", "dispute": 2}
    log = parse(_with_ruling({"score": {"result": 9, "declarer": "s", "contract": "4♥x"}}))
    assert to_document(log)["deals"][1]["arbiter"] == {
        "score": {"contract": "4HX", "declarer": "S", "result": 9}
    }
    assert parse(to_document(log)) == log


seats = st.sampled_from("NESW")


@st.composite
def rulings(draw: st.DrawFn) -> dict[str, Any]:
    kind = draw(st.sampled_from(["annul", "score", "penalties"]))
    out: dict[str, Any] = {}
    if kind == "annul":
        out["annul"] = True
    if kind == "score":
        contract = draw(st.sampled_from(["Pass", "1C", "3NT", "4HX", "7SXX"]))
        out["score"] = {"contract": contract}
        if contract != "Pass":
            out["score"].update(declarer=draw(seats), result=draw(st.integers(0, 13)))
    else:
        chosen = draw(st.lists(seats, unique=True, max_size=4))
        split = draw(st.integers(0, len(chosen)))
        if chosen[:split]:
            out["waive"] = chosen[:split]
        if chosen[split:]:
            out["confirm"] = chosen[split:]
        if not out:
            out["annul"] = True
    if draw(st.booleans()):
        out["reason"] = draw(st.text(max_size=20))
    if draw(st.booleans()):
        out["dispute"] = draw(st.integers(1, 10**6))
    return out


@st.composite
def ruled_logs(draw: st.DrawFn) -> dict[str, Any]:
    deals = draw(st.lists(canonical_deals(), min_size=1, max_size=3))
    for deal in deals:
        if draw(st.booleans()):
            deal["arbiter"] = draw(rulings())
    return {"game": "bridge-rubber", "version": 1, "players": PLAYERS, "deals": deals}


@settings(max_examples=150, deadline=None)
@given(ruled_logs())
def test_documents_with_rulings_round_trip(doc):
    log = parse(doc)
    assert to_document(log) == doc
    assert parse(to_document(log)) == log


# -- properties over simulated sessions ---------------------------------------------------------


def _rubbers(report: dict[str, Any], annulled: Collection[int] = ()) -> list[tuple[Any, ...]]:
    """Each rubber's games, totals, whists and whether it finished; a rubber that holds only
    annulled deals (the session ended on them after a rubber closed) is not one."""
    return [
        (tuple(r["games"]), tuple(r["totals"]), tuple(r["whists"]), r["finished"])
        for r in report["rubbers"]
        if set(r["deals"]) - set(annulled)
    ]


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.integers(1, 12),
    pick=st.integers(0, 11),
    preset=st.sampled_from(["seed", "laws"]),
)
def test_annulling_a_deal_is_replaying_the_session_without_it(seed, size, pick, preset):
    # Why this holds for every deal, not only one that leaves later vulnerabilities alone:
    # the rubber is a fold over the deals' entries (rules.bridge.rubber.RubberTracker), and
    # an annulled deal writes no entry, so every later deal meets the state it would meet
    # were the deal not in the log: the same games, part scores and vulnerability, and so
    # the same points. The one difference is bookkeeping: the annulled deal is listed in its
    # rubber, and a session that ends on it after a rubber closed shows an empty rubber.
    document = simulate(seed=seed, deals=size, ruleset=preset, revoke_rate=0.02).document
    k = pick % size
    ruled_doc = copy.deepcopy(document)
    ruled_doc["deals"][k]["arbiter"] = {"annul": True}
    removed = copy.deepcopy(document)
    del removed["deals"][k]
    report, without = bridge.check(ruled_doc), bridge.check(removed)
    assert report["totals"] == without["totals"]
    assert report["whists"] == without["whists"]
    assert _rubbers(report, {k + 1}) == _rubbers(without)
    kept = [d for d in report["deals"] if d["deal"] != k + 1]
    assert [(d["vulnerable"], d["scores"]) for d in kept] == [
        (d["vulnerable"], d["scores"]) for d in without["deals"]
    ]
    # And exactly the rubbers of the session with the deal passed out instead.
    passed = copy.deepcopy(document)
    passed["deals"][k] = {"dealer": document["deals"][k]["dealer"], "auction": ["P"] * 4}
    assert bridge.check(passed)["rubbers"] == report["rubbers"]


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 8))
def test_waiving_every_penalty_is_the_session_without_law_64(seed, size):
    # Law 64 is the only thing the laws preset's law64 option switches, and a waived
    # transfer is not made: with the penalties of every seat that revoked waived, every
    # deal's tricks and points (and so the rubbers) are those of the session with law64 off.
    # Every seat that revoked, not only those the plain replay charges: a waived revoke is
    # ruled as if not incurred, so a partner's revoke that the Law 64A cap left without a
    # transfer gets its own once the first is waived.
    document = simulate(seed=seed, deals=size, ruleset="laws", revoke_rate=0.08).document
    plain = bridge.check(document)
    waived = copy.deepcopy(document)
    for number, deal in enumerate(waived["deals"], 1):
        revoked = {f["seat"] for f in plain["findings"] if f["code"] == "REVOKE" and f["deal"] == number}
        if revoked:
            deal["arbiter"] = {"waive": ["NESW"[s] for s in sorted(revoked)]}
    off = copy.deepcopy(document)
    off["ruleset"] = {"preset": "laws", "law64": False}
    report, without = bridge.check(waived), bridge.check(off)
    assert [(d["tricks"], d["scores"]) for d in report["deals"]] == [
        (d["tricks"], d["scores"]) for d in without["deals"]
    ]
    assert report["rubbers"] == without["rubbers"]
    assert all(p["status"] == "waived" for d in report["deals"] for p in d["penalties"])
    waived_count = sum(len(d["penalties"]) for d in report["deals"])
    assert [f["code"] for f in report["findings"]].count("PENALTY_WAIVED") == waived_count


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(1, 8))
def test_confirming_every_penalty_changes_no_point(seed, size):
    document = simulate(seed=seed, deals=size, ruleset="laws", revoke_rate=0.08).document
    plain = bridge.check(document)
    confirmed = copy.deepcopy(document)
    for deal, replayed in zip(confirmed["deals"], plain["deals"], strict=True):
        offenders = sorted({p["seat"] for p in replayed["penalties"]})
        if offenders:
            deal["arbiter"] = {"confirm": offenders}
    report = bridge.check(confirmed)
    assert report["rubbers"] == plain["rubbers"]
    assert [(d["tricks"], d["scores"]) for d in report["deals"]] == [
        (d["tricks"], d["scores"]) for d in plain["deals"]
    ]
    assert [[{**p, "status": "counted"} for p in d["penalties"]] for d in report["deals"]] == [
        d["penalties"] for d in plain["deals"]
    ]
    others = [f for f in report["findings"] if f["code"] != "PENALTY_CONFIRMED"]
    assert others == plain["findings"]
