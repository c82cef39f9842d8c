"""The bridge replay end to end: auction, play or result, points, rubbers and whists, findings."""

from __future__ import annotations

import json

import pytest

from rules import bridge, registry
from rules.bridge.document import hand_names
from rules.cards import parse_card

PLAYERS = ["Anna", "Boris", "Vera", "Gleb"]


def session(*deals: dict, ruleset: object = "seed") -> dict:
    return {
        "game": "bridge-rubber",
        "version": 1,
        "ruleset": ruleset,
        "players": PLAYERS,
        "deals": list(deals),
    }


RUBBER = [
    {"dealer": "N", "auction": ["1H", "P", "2H", "P", "4H", "P", "P", "P"], "result": 10},
    {"dealer": "E", "auction": ["P", "P", "P", "P"]},
    {"dealer": "S", "auction": ["1NT", "P", "3NT", "P", "P", "P"], "result": 8},
    {"dealer": "W", "auction": ["1S", "P", "4S", "X", "P", "P", "P"], "result": 10},
    {"dealer": "N", "auction": ["2C", "P", "2D", "P", "3NT", "P", "P", "P"], "result": 9},
]


def test_a_rubber_won_two_games_to_one_in_the_seed_preset():
    report = bridge.check(session(*RUBBER))
    assert [d["contract"] for d in report["deals"]] == ["4H", None, "3NT", "4SX", "3NT"]
    assert [d["declarer"] for d in report["deals"]] == ["N", None, "S", "W", "N"]
    assert [d["result"] for d in report["deals"]] == [0, None, -1, 0, 0]
    # Before each deal: nobody vulnerable; We after deal 1; both after deal 4.
    assert [(d["vulnerable"]["we"], d["vulnerable"]["they"]) for d in report["deals"]] == [
        (False, False),
        (True, False),
        (True, False),
        (True, False),
        (True, True),
    ]
    (rubber,) = report["rubbers"]
    # We: 120 below (game), 100 below (game), 500 rubber bonus (They had a game).
    # They: 100 undertrick (We vulnerable), 50 insult above; 240 below (game).
    # The seed has no game bonus: the games are the 100s below the line.
    assert rubber["below"] == [220, 240]
    assert rubber["above"] == [0, 150]
    assert rubber["bonus"] == [500, 0]
    assert rubber["totals"] == [720, 390]
    assert rubber["whists"] == [3, -3]  # (720 - 390) / 100 = 3.3
    assert report["totals"] == [720, 390]
    assert report["whists"] == [3, -3]
    assert report["findings"] == []


def test_the_laws_preset_scores_the_same_rubber_alike():
    report = bridge.check(session(*RUBBER, ruleset="laws"))
    assert report["rubbers"][0]["totals"] == [720, 390]
    assert report["rubbers"][0]["whists"] == [3, -3]


def test_the_seeds_other_reading_adds_100_below_for_each_game_won():
    report = bridge.check(session(*RUBBER, ruleset={"preset": "seed", "game_bonus": 100}))
    (rubber,) = report["rubbers"]
    # We: 120 + 100 (game) below, 100 + 100 (game) below, 500 rubber bonus.
    # They: 100 undertrick, 50 insult above; 240 + 100 (game) below.
    assert rubber["below"] == [420, 340]
    assert rubber["above"] == [0, 150]
    assert rubber["bonus"] == [500, 0]
    assert rubber["totals"] == [920, 490]
    assert rubber["whists"] == [4, -4]  # (920 - 490) / 100 = 4.3
    assert report["ruleset"]["game_bonus"] == 100
    assert report["findings"] == []


def test_a_miscopied_score_and_an_insufficient_bid_are_found():
    deals = [dict(RUBBER[0], scores={"we": {"above": [], "below": [120, 110]}})]
    deals.append({"dealer": "E", "auction": ["1S", "1H", "P", "P", "P"], "result": 7})
    report = bridge.check(session(*deals))
    codes = [(f["code"], f["deal"]) for f in report["findings"]]
    assert codes == [("SCORE_MISMATCH", 1), ("INSUFFICIENT_BID", 2)]
    # 4H made: 120 below, and no more (the seed has no game bonus).
    assert report["findings"][0]["message"] == "we below the line: written 230, the rules give 120"


def test_a_contract_without_play_or_result_is_malformed():
    from rules.errors import MalformedDocument

    with pytest.raises(MalformedDocument) as caught:
        bridge.parse(session({"dealer": "N", "auction": ["1C", "P", "P", "P"]}))
    assert caught.value.path == "deals[0].result"


def test_play_that_stops_without_a_claim_or_result_scores_nothing():
    deal = _deal_with_play()
    deal["play"] = [["AH", "AD", "AC", "AS"], ["KH", "KD", "KC", "KS"]]
    report = bridge.check(session(deal))
    codes = [f["code"] for f in report["findings"]]
    assert codes == ["WRONG_CARD_COUNT", "RESULT_MISSING"]
    assert report["deals"][0]["scores"] == []
    assert report["totals"] == [0, 0]


def _deal_with_play() -> dict:
    """North declares 1NT; the hands are split by suit so every trick is easy to follow."""
    hands = {
        "N": "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S",
        "E": "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H",
        "S": "AD KD QD JD TD 9D 8D 7D 6D 5D 4D 3D 2D",
        "W": "AC KC QC JC TC 9C 8C 7C 6C 5C 4C 3C 2C",
    }
    return {
        "dealer": "N",
        "auction": ["1NT", "P", "P", "P"],
        "hands": {s: h.split() for s, h in hands.items()},
    }


def test_play_decides_the_tricks_when_it_is_logged():
    deal = _deal_with_play()
    # East leads (left of North); every player holds one suit, so East's hearts win all 13.
    tricks = []
    for rank in "AKQJT98765432":
        tricks.append([f"{rank}H", f"{rank}D", f"{rank}C", f"{rank}S"])
    deal["play"] = tricks
    report = bridge.check(session(deal))
    assert report["deals"][0]["tricks"] == 0
    assert report["deals"][0]["result"] == -7
    # 7 undertricks not vulnerable, undoubled: 350 to They.
    assert report["rubbers"][0]["above"] == [0, 350]
    assert report["findings"] == []
    assert hand_names(1 << parse_card("AS")) == ["AS"]


def test_the_registry_reads_bridge_logs_and_the_sheet_prints():
    raw = json.dumps(session(*RUBBER)).encode()
    reading = registry.read(raw)
    assert reading.game == "bridge-rubber"
    sheet = reading.rules.format_sheet(reading.rules.replay(reading.log))
    assert "rubber 1: We 720, They 390; whists We +3, They -3" in sheet
    assert "No findings" in sheet


@pytest.mark.parametrize("preset", ["seed", "laws"])
def test_the_report_echoes_the_ruleset(preset):
    assert bridge.check(session(RUBBER[1], ruleset=preset))["ruleset"]["preset"] == preset


DATA = __import__("pathlib").Path(__file__).resolve().parents[2] / "data" / "pbn"


GAME_BONUS = {"preset": "seed", "game_bonus": 100}


@pytest.mark.parametrize(
    ("name", "preset", "codes", "totals"),
    [
        ("rubber.pbn", "laws", [], [1250, 100]),
        # NS: 120 + 500 + 100 + 30 and the rubber bonus 500 (EW had a game); EW: 100.
        ("rubber.pbn", "seed", [], [1250, 100]),
        # The file's ScoreRubber tags were written without 100 per game won: the other reading
        # finds them short on boards 1 and 2, which made a game (board 4 has no tag).
        ("rubber.pbn", GAME_BONUS, [("SCORE_MISMATCH", 1), ("SCORE_MISMATCH", 2)], [1450, 200]),
        # 4S made: 120, and 300 for the game of a rubber left unfinished.
        ("revoke.pbn", "seed", [("REVOKE", 1)], [420, 0]),
        ("revoke.pbn", GAME_BONUS, [("REVOKE", 1)], [520, 0]),
        # Law 64 moves a trick; the file's Result did not apply it.
        ("revoke.pbn", "laws", [("REVOKE", 1), ("RESULT_MISMATCH", 1)], [450, 0]),
        ("passout.pbn", "seed", [], [0, 0]),
        ("claim.pbn", "seed", [], [0, 190]),
    ],
)
def test_pbn_files_replay_through_the_registry(name, preset, codes, totals):
    reading = registry.read_named((DATA / name).read_bytes(), name, ruleset=preset)
    report = reading.rules.replay(reading.log).as_dict()
    assert reading.game == "bridge-rubber"
    assert report["ruleset"]["preset"] == (preset if isinstance(preset, str) else preset["preset"])
    assert [(f["code"], f["deal"]) for f in report["findings"]] == codes
    assert report["totals"] == totals


def test_a_recorded_contract_that_the_auction_did_not_reach_is_found():
    deal = dict(RUBBER[0], contract="4S", declarer="N")
    report = bridge.check(session(deal))
    assert [(f["code"], f["message"]) for f in report["findings"]] == [
        ("CONTRACT_MISMATCH", "the sheet records 4S by Anna, but the auction reached 4H by Anna")
    ]
    assert report["findings"][0]["params"] == {
        "recorded_contract": "4S",
        "recorded_seat": 0,
        "contract": "4H",
        "declarer_seat": 0,
    }


def test_a_deal_with_only_the_recorded_contract_is_scored_from_it():
    deal = {"dealer": "N", "auction": [], "contract": "3NTX", "declarer": "E", "result": 9}
    report = bridge.check(session(deal))
    assert report["deals"][0]["contract"] == "3NTX"
    assert report["deals"][0]["declarer"] == "E"
    # 3NT doubled made: 200 below (a game), 50 insult; no game bonus in the seed.
    assert report["rubbers"][0]["below"] == [0, 200]
