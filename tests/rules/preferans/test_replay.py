"""The preferans replay end to end: hand-written logs in tests/data/preferans, the pulka and the
settlement worked out by hand (Sochi, docs/preferans.md), the registry protocol, findings, the
``manage.py replay`` command, and the zero sum of every settlement.

The Sochi pulka (sochi-pulka.json), seats Anna 0, Boris 1, Vera 2, pool 20:

1. Anna deals; Boris 6♠, Vera whists, Anna passes. Boris takes his six trumps (6), Anna her
   four aces and kings (4), Vera none. Boris: pool 2. The lone whister takes every defence
   trick (жлобский вист): Vera 4 × 2 = 8 on Boris; the quota 4 is met.
2. Boris deals; Vera 7♥ over Anna's 6♣, both whist. Vera draws five trumps and takes nothing
   else: 5 of 7, down two. Vera: mountain 2 × 4 = 8; consolation 2 × 4 = 8 from each
   defender; whists Anna 2 × 4 = 8, Boris 3 × 4 = 12 (logged merged: Anna 16 in one entry).
3. Vera deals; all pass: a pass-out, round 1 (×1). Vera takes all ten: mountain 10; Anna
   and Boris, no trick, write 1 in the pool.
4. Anna deals (after a pass-out the minimum game is 7; misère is not bound); Anna plays
   misère and takes nothing: pool 10.

Sheet: pools 11 / 3 / 0, mountains 0 / 0 / 18; whists Anna on Vera 16, Boris on Vera 20,
Vera on Boris 8. Settlement: open pools to the mountain (9, 17, 20 missing) → 9 / 17 / 38;
amnesty 9 → 0 / 8 / 29; each mountain point 10/3 whists from each other player:
Anna = 80/3 + (16 + 290/3) = 418/3; Boris = −80/3 + (20 + 290/3) − (8 + 80/3) = 166/3;
Vera = −(16 + 290/3) − (20 + 290/3) + (8 + 80/3) = −584/3. Whole: 139, 55, −195 rounded
down, the missing unit to the lowest seat of equal remainders: 140, 55, −195.
"""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rules.preferans as preferans
from rules import registry
from rules.errors import MalformedDocument
from rules.preferans.core import ALL_CONTRACTS
from rules.registry import SeatResult

DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return doc


def run(doc: dict[str, Any]) -> preferans.Report:
    return preferans.replay(preferans.parse(doc))


def codes(report: preferans.Report) -> list[str]:
    return [f.code for f in report.findings]


# --- the Sochi pulka ---------------------------------------------------------------------


def test_the_sochi_pulka_replays_clean():
    report = run(load("sochi-pulka.json"))
    assert codes(report) == []
    assert report.status == 0


def test_the_sochi_pulka_deals():
    d = run(load("sochi-pulka.json")).as_dict()["deals"]
    assert [(x["contract"], x["declarer"], x["made"]) for x in d] == [
        ("6S", 1, True),
        ("7H", 2, False),
        (None, None, None),
        ("misere", 0, True),
    ]
    assert [x["tricks"] for x in d] == [[4, 6, 0], [2, 3, 5], [0, 0, 10], [0, 0, 10]]
    assert d[0]["whists"] == [{"seat": 0, "decision": "pass"}, {"seat": 2, "decision": "whist"}]
    assert d[0]["entries"] == [
        {"seat": 1, "kind": "pool", "points": 2},
        {"seat": 2, "kind": "whist", "points": 8, "on": 1},
    ]
    assert sorted((e["seat"], e["kind"], e["points"]) for e in d[1]["entries"]) == [
        (0, "whist", 8),
        (0, "whist", 8),
        (1, "whist", 8),
        (1, "whist", 12),
        (2, "mountain", 8),
    ]
    assert d[2]["passout_round"] == 1
    assert d[2]["multiplier"] == 1
    assert d[3]["entries"] == [{"seat": 0, "kind": "pool", "points": 10}]
    assert all(x["multiplier"] == 1 and x["bomb"] == 1 for x in d)


def test_the_sochi_pulka_sheet_and_settlement():
    report = run(load("sochi-pulka.json"))
    out = report.as_dict()
    assert [(p["pool"], p["mountain"]) for p in out["pulka"]] == [(11, 0), (3, 0), (0, 18)]
    assert [p["whists"] for p in out["pulka"]] == [
        {"1": 0, "2": 16},
        {"0": 0, "2": 20},
        {"0": 0, "1": 8},
    ]
    assert report.settlement.balances == (Fraction(418, 3), Fraction(166, 3), Fraction(-584, 3))
    st_ = out["settlement"]
    assert st_["mountains"] == [9, 17, 38]
    assert st_["amnesty"] == 9
    assert st_["balances"] == ["418/3", "166/3", "-584/3"]
    assert st_["whole_balances"] == [140, 55, -195]
    assert out["totals"] == [140, 55, -195]
    assert out["closed"] is False
    assert out["game"] == "preferans"
    assert out["status"] == 0
    json.dumps(out)  # JSON-friendly throughout


def test_running_balances_end_at_the_totals():
    out = run(load("sochi-pulka.json")).as_dict()
    running = preferans.running_totals(out)
    assert [r[0] for r in running] == [1, 2, 3, 4]
    assert all(r[1] is False for r in running)
    assert running[-1][2] == out["totals"]
    # After deal 1 alone: open pools 20, 18, 20 → amnesty 18 → mountains 2, 0, 2, each point
    # 10/3 whists from each other player; Vera has 8 on Boris.
    # Anna = (0 − 20/3) + (20/3 − 20/3) = −20/3; Boris = 20/3 + 20/3 − 8 = 16/3;
    # Vera = 8 − 20/3 = 4/3. Whole: −7, 5, 1 (sum −1), the unit to Anna: −6, 5, 1.
    assert running[0][2] == [-6, 5, 1]


def test_format_sheet_shows_the_pulka_and_the_settlement():
    text = preferans.format_sheet(run(load("sochi-pulka.json")))
    assert "Preferans pulka, ruleset sochi, pool 20: Anna, Boris, Vera" in text
    assert "6S Boris made" in text
    assert "7H Vera down" in text
    assert "pass-out #1" in text
    assert "Settlement (amnesty 9): Anna +140 (418/3), Boris +55 (166/3), Vera -195 (-584/3)" in text
    assert "No findings" in text
    assert preferans.format_sheet(run(load("sochi-pulka.json")).as_dict()) == text


# --- the registry protocol -----------------------------------------------------------------


def test_the_registry_knows_preferans():
    assert registry.get("preferans") is preferans
    assert registry.table_sizes("preferans") == (3, 4)
    assert "preferans" not in registry.games_with_deal_rows()
    assert registry.fills("preferans", "whists")
    reading = registry.read(json.dumps(load("sochi-pulka.json")))
    assert reading.game == "preferans"
    assert reading.log.players == ("Anna", "Boris", "Vera")


def test_seat_results_teams_and_blank_sheet():
    out = run(load("sochi-pulka.json")).as_dict()
    assert preferans.seat_results(out) == [
        SeatResult(total=140, contracts_made=1, whists=140),
        SeatResult(total=55, contracts_made=1, whists=55),
        SeatResult(total=-195, contracts_made=0, whists=-195),
    ]
    assert preferans.teams(3) == ((0,), (1,), (2,))
    assert preferans.teams(4) == ((0,), (1,), (2,), (3,))
    assert preferans.deal_rows(out) == []
    sheet = preferans.blank_sheet(preferans.resolve_ruleset("leningrad", 3), ["A", "B", "C"])
    assert sheet["pool"] == 20
    assert sheet["players"] == ["A", "B", "C"]
    assert sheet["sections"][1] == {"player": "B", "whists_on": ["A", "C"]}
    assert sheet["ruleset"]["preset"] == "leningrad"
    assert preferans.ENGINE_VERSION == "4"
    assert next(iter(preferans.PRESETS)) == "sochi"


def test_check_and_a_wrong_ruleset_is_malformed():
    assert preferans.check(load("sochi-pulka.json"))["totals"] == [140, 55, -195]
    doc = load("sochi-pulka.json")
    doc["ruleset"] = {"preset": "sochi", "pool": 0}
    with pytest.raises(MalformedDocument) as err:
        preferans.parse(doc)
    assert err.value.path == "ruleset.pool"


def test_to_document_round_trips_the_sample():
    log = preferans.parse(load("sochi-pulka.json"))
    again = preferans.parse(preferans.to_document(log))
    assert again == log
    assert preferans.replay(again).as_dict() == preferans.replay(log).as_dict()


# --- the dark games -----------------------------------------------------------------------


def test_a_dark_game_is_doubled():
    # РАЗ В ТЕМНУЮ by Boris, 6♠ played "только в темную": both must whist. ×2 on everything:
    # pool 2 × 2 = 4; Anna 3 tricks × 2 × 2 = 12, Vera 1 × 2 × 2 = 4 on Boris.
    report = run(load("dark-game.json"))
    assert codes(report) == []
    d = report.as_dict()["deals"][0]
    assert (d["contract"], d["dark"], d["dark_level"], d["multiplier"]) == ("6S", True, 1, 2)
    assert report.pulka.pool == [0, 4, 0]
    assert report.pulka.whists == [[0, 12, 0], [0, 0, 0], [0, 4, 0]]
    # Pools open 20/16/20, amnesty 16 → 4/0/4; Anna = 12 − 40/3 = −4/3, Boris = 40/3 − 12 +
    # 40/3 − 4 = 32/3, Vera = 4 − 40/3 = −28/3; whole −1, 11, −10.
    assert report.settlement.balances == (Fraction(-4, 3), Fraction(32, 3), Fraction(-28, 3))
    assert report.totals == [-1, 11, -10]


def test_a_dark_game_taken_with_tricks_to_spare_is_not_punished():
    # Seed 002: "недозаказ в темных играх не рассматривается и не наказывается". Boris's dark
    # six takes eight: the pool gets the six's 2 × 2 = 4 and nothing else; each whister's one
    # trick is 1 × 2 × 2 = 4 on Boris, and each is one short of his half of the quota of four:
    # 1 × 2 × 2 = 4 in each whister's mountain. No entry for the tricks Boris did not bid.
    doc = load("dark-game.json")
    deal = doc["deals"][0]
    deal["tricks"] = [1, 8, 1]
    deal["entries"] = [
        {"seat": 1, "kind": "pool", "points": 4},
        {"seat": 0, "kind": "whist", "on": 1, "points": 4},
        {"seat": 2, "kind": "whist", "on": 1, "points": 4},
        {"seat": 0, "kind": "mountain", "points": 4},
        {"seat": 2, "kind": "mountain", "points": 4},
    ]
    report = run(doc)
    assert codes(report) == []
    assert report.pulka.pool == [0, 4, 0]
    assert report.pulka.mountain == [4, 0, 4]


def test_a_dark_game_with_one_defender_passing_is_a_finding():
    doc = load("dark-game.json")
    doc["deals"][0]["whists"][1]["decision"] = "pass"
    assert codes(run(doc)) == ["WHIST_REQUIRED"]


def test_a_dark_passout_draws_bombs_and_multiplies_the_next_games():
    # 1. Boris ПАС В ТЕМНУЮ, Vera joins with a plain pass (blind), Anna looked: a dark
    #    pass-out ×2: mountains 2·2 = 4, 3·2 = 6, 5·2 = 10. Bombs: Boris and Vera a simple
    #    bomb; Anna looked (and deals, three players: her own pass) — nothing.
    # 2. Vera 7♠ (the minimum after a pass-out is 7), both pass: written as made on her bomb,
    #    4 × 2 = 8 in the pool; the made game extinguishes her bomb.
    # 3. Boris 6♦ on his bomb (×2): 5 of 6, down one: mountain 2·2 = 4; consolation 2·2 = 4
    #    from Vera and Anna; Vera whists alone and takes the defence's 5 tricks: 5·2·2 = 20.
    #    The lost game keeps Boris's bomb.
    report = run(load("dark-passout-bombs.json"))
    assert codes(report) == []
    d = report.as_dict()["deals"]
    assert (d[0]["dark_passout"], d[0]["multiplier"]) == (1, 2)
    assert d[0]["bombs_drawn"] == [{"seat": 1, "rank": 1}, {"seat": 2, "rank": 1}]
    assert (d[1]["bomb"], d[1]["multiplier"], d[1]["played"]) == (2, 2, False)
    assert d[1]["bombs_extinguished"] == [{"seat": 2, "rank": 1}]
    assert (d[2]["bomb"], d[2]["multiplier"], d[2]["made"]) == (2, 2, False)
    assert d[2]["bombs_extinguished"] == []
    assert report.pulka.bombs == [[], [1], []]
    assert report.pulka.pool == [0, 0, 8]
    assert report.pulka.mountain == [4, 10, 10]
    assert report.pulka.whists == [[0, 4, 0], [0, 0, 0], [0, 24, 0]]
    # Open pools 20/20/12 → mountains 24/30/22, amnesty 22 → 2/8/0:
    # Anna = (4 + 80/3 − 20/3) − 20/3 = 52/3; Boris = (20/3 − 4 − 80/3) − (24 + 80/3) = −224/3;
    # Vera = 20/3 + 24 + 80/3 = 172/3. Whole 17, −75, 57 (−1) → the unit to Anna: 18, −75, 57.
    assert report.settlement.balances == (Fraction(52, 3), Fraction(-224, 3), Fraction(172, 3))
    assert report.totals == [18, -75, 57]
    assert [p["bombs"] for p in report.as_dict()["pulka"]] == [[], [1], []]
    assert "bomb" in preferans.format_sheet(report)


def test_a_second_dark_passout_in_a_row_is_x4_and_draws_double_bombs():
    doc = load("dark-passout-bombs.json")
    second = {
        "dealer": 1,
        "auction": [
            {"seat": 2, "call": "pass", "dark": True},
            {"seat": 0, "call": "pass"},
            {"seat": 1, "call": "pass"},
        ],
        "tricks": [4, 4, 2],
        # Round 2 of the pass-outs (step 2 in Sochi's 1-2-3) and the second dark (×4):
        # each trick 1 × 2 × 4 = 8.
        "entries": [
            {"seat": 0, "kind": "mountain", "points": 32},
            {"seat": 1, "kind": "mountain", "points": 32},
            {"seat": 2, "kind": "mountain", "points": 16},
        ],
    }
    doc["deals"] = [doc["deals"][0], second]
    report = run(doc)
    assert codes(report) == []
    d = report.as_dict()["deals"][1]
    assert (d["dark_passout"], d["passout_round"], d["multiplier"]) == (2, 2, 4)
    # In the order of play from the first hand, Vera.
    assert d["bombs_drawn"] == [{"seat": 2, "rank": 2}, {"seat": 0, "rank": 2}, {"seat": 1, "rank": 2}]
    assert report.pulka.bombs == [[2], [1, 2], [1, 2]]


def test_bombs_used_by_the_table_option():
    # bomb_use "table": Vera's game in deal 2 goes on the oldest bomb, Boris's.
    doc = load("dark-passout-bombs.json")
    doc["ruleset"] = {"preset": "sochi", "bomb_use": "table"}
    report = run(doc)
    d = report.as_dict()["deals"]
    assert d[1]["bombs_extinguished"] == [{"seat": 1, "rank": 1}]
    assert report.pulka.bombs == [[], [], [1]]


# --- findings -------------------------------------------------------------------------------


def test_a_wrong_entry_is_named_with_seat_kind_and_points():
    doc = load("sochi-pulka.json")
    doc["deals"][0]["entries"][1]["points"] = 6
    report = run(doc)
    assert codes(report) == ["ENTRY_MISMATCH"]
    f = report.findings[0]
    assert (f.deal, f.seat) == (1, 2)
    assert f.message == "Vera is written 6 in whists on Boris, but the deal gives 8"
    # The pulka follows the rules, not the scorer.
    assert report.totals == [140, 55, -195]
    assert report.status == 1


def test_merged_or_split_entries_match_and_a_missing_one_does_not():
    doc = load("sochi-pulka.json")
    entries = doc["deals"][1]["entries"]
    entries[1:2] = [
        {"seat": 0, "kind": "whist", "on": 2, "points": 10},
        {"seat": 0, "kind": "whist", "on": 2, "points": 6},
    ]
    assert codes(run(doc)) == []
    del doc["deals"][1]["entries"][0]
    report = run(doc)
    assert codes(report) == ["ENTRY_MISMATCH"]
    assert report.findings[0].message == "Vera is written 0 in mountain, but the deal gives 8"


def _one_trick(trick: list[str], vera: list[str], anna: list[str]) -> dict[str, Any]:
    """Boris plays 6♠ (Anna deals); one trick logged, the tricks written."""
    return {
        "game": "preferans",
        "version": 1,
        "players": ["Anna", "Boris", "Vera"],
        "deals": [
            {
                "dealer": 0,
                "hands": [anna, ["AS", "KS", "QS", "JS", "TS", "9S", "7C", "7D", "7H", "8H"], vera],
                "talon": ["8C", "8D"],
                "auction": [
                    {"seat": 1, "call": "6S"},
                    {"seat": 2, "call": "pass"},
                    {"seat": 0, "call": "pass"},
                ],
                "discard": ["8C", "8D"],
                "contract": "6S",
                "whists": [{"seat": 2, "decision": "whist"}, {"seat": 0, "decision": "pass"}],
                "play": [trick],
                "tricks": [4, 6, 0],
            }
        ],
    }


ANNA = ["7S", "AC", "KC", "QC", "JC", "TC", "9C", "AH", "KH", "QH"]
VERA = ["8S", "AD", "KD", "QD", "JD", "TD", "9D", "JH", "TH", "9H"]


def test_not_trumped():
    # Vera has no club and holds the trump 8♠, but throws a diamond.
    report = run(_one_trick(["7C", "JD", "AC"], VERA, ANNA))
    assert codes(report) == ["NOT_TRUMPED"]
    assert (report.findings[0].seat, report.findings[0].card) == (2, "JD")
    # The play is unfinished: the tricks written stand, and the pulka is scored on them.
    assert report.pulka.pool == [0, 2, 0]
    assert report.pulka.whists[2][1] == 8


def test_revoke():
    # Vera trumps legally; Anna throws a heart while holding clubs.
    report = run(_one_trick(["7C", "8S", "AH"], VERA, ANNA))
    assert codes(report) == ["REVOKE"]
    assert (report.findings[0].seat, report.findings[0].card) == (0, "AH")


def test_a_revoke_in_the_full_sample():
    doc = load("sochi-pulka.json")
    play = doc["deals"][0]["play"]
    play[6][2], play[7][0] = play[7][0], play[6][2]  # Anna's A♦ on the 7♣ lead, holding A♣
    assert "REVOKE" in codes(run(doc))


def test_tricks_written_against_the_play():
    doc = load("sochi-pulka.json")
    doc["deals"][0]["tricks"] = [3, 7, 0]
    report = run(doc)
    assert codes(report) == ["TRICKS_MISMATCH", "TRICKS_MISMATCH"]
    assert report.totals == [140, 55, -195]  # the play decides


def test_a_claim_shares_the_tricks_as_written():
    doc = load("sochi-pulka.json")
    deal = doc["deals"][0]
    deal["play"] = [*deal["play"][:6], ["7C", "JC"]]
    deal["claim"] = 0
    assert codes(run(doc)) == []
    deal["tricks"] = [3, 7, 0]
    assert "CLAIM_MISMATCH" not in codes(run(doc))  # Boris claims one more: shares still sum
    assert run(doc).as_dict()["deals"][0]["tricks"] == [3, 7, 0]


def test_the_minimum_after_a_passout_and_the_wrong_dealer():
    doc = load("sochi-pulka.json")
    doc["deals"][3]["auction"] = [
        {"seat": 1, "call": "6S"},
        {"seat": 2, "call": "pass"},
        {"seat": 0, "call": "pass"},
    ]
    doc["deals"][3]["contract"] = "6S"
    doc["deals"][3]["whists"] = [{"seat": 2, "decision": "pass"}, {"seat": 0, "decision": "pass"}]
    del doc["deals"][3]["play"], doc["deals"][3]["tricks"], doc["deals"][3]["entries"]
    doc["deals"][3]["discard"] = ["TS", "TC"]
    doc["deals"][3]["hands"] = None
    assert codes(run(doc)) == ["BID_TOO_LOW"]
    doc["deals"][3]["dealer"] = 1
    doc["deals"][3]["auction"] = [
        {"seat": 2, "call": "7S"},
        {"seat": 0, "call": "pass"},
        {"seat": 1, "call": "pass"},
    ]
    doc["deals"][3]["contract"] = "7S"
    doc["deals"][3]["whists"] = [{"seat": 0, "decision": "pass"}, {"seat": 1, "decision": "pass"}]
    assert codes(run(doc)) == ["WRONG_DEALER"]


def test_unknown_tricks_take_the_scorers_entries():
    doc = load("sochi-pulka.json")
    deal = doc["deals"][0]
    del deal["play"], deal["tricks"]
    report = run(doc)
    assert codes(report) == []
    assert report.as_dict()["deals"][0]["tricks"] is None
    assert report.totals == [140, 55, -195]


def test_four_players_the_dealer_sits_out():
    doc = {
        "game": "preferans",
        "version": 1,
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "deals": [
            {
                "dealer": 3,
                "auction": [
                    {"seat": 0, "call": "pass"},
                    {"seat": 1, "call": "6H"},
                    {"seat": 2, "call": "pass"},
                ],
                "contract": "6H",
                "whists": [{"seat": 2, "decision": "whist"}, {"seat": 0, "decision": "pass"}],
                "tricks": [1, 5, 4, 0],
                # Down one: mountain 2; consolation 2 from Vera, Anna and the dealer Gleb;
                # Vera whists alone: (1 + 4) × 2 = 10.
                "entries": [
                    {"seat": 1, "kind": "mountain", "points": 2},
                    {"seat": 2, "kind": "whist", "on": 1, "points": 12},
                    {"seat": 0, "kind": "whist", "on": 1, "points": 2},
                    {"seat": 3, "kind": "whist", "on": 1, "points": 2},
                ],
            },
            {
                "dealer": 0,
                "auction": [
                    {"seat": 1, "call": "pass"},
                    {"seat": 2, "call": "pass"},
                    {"seat": 3, "call": "pass"},
                ],
                "tricks": [0, 3, 3, 4],
                # Anna deals and sits out: she writes nothing, not even the no-trick pool
                # point. Round 1 (a game came before): each trick 1 in the mountain.
                "entries": [
                    {"seat": 1, "kind": "mountain", "points": 3},
                    {"seat": 2, "kind": "mountain", "points": 3},
                    {"seat": 3, "kind": "mountain", "points": 4},
                ],
            },
        ],
    }
    report = run(doc)
    assert codes(report) == []
    assert report.pulka.mountain == [0, 5, 3, 4]
    assert report.pulka.whists[2][1] == 12
    assert report.pulka.whists[3][1] == 2
    assert report.as_dict()["deals"][1]["passout_round"] == 1
    assert sum(report.settlement.balances) == 0
    assert sum(report.totals) == 0


# --- manage.py replay ------------------------------------------------------------------------


def _command(*args: str) -> tuple[int, str]:
    from django.core.management import call_command

    out = StringIO()
    try:
        call_command("replay", *args, stdout=out)
    except SystemExit as exit_:
        return int(exit_.code or 0), out.getvalue()
    return 0, out.getvalue()


def test_manage_replay_json_exit_0():
    status, text = _command(str(DATA / "sochi-pulka.json"), "--json")
    assert status == 0
    line = json.loads(text)
    assert line["game"] == "preferans"
    assert line["totals"] == [140, 55, -195]
    assert line["settlement"]["whole_balances"] == [140, 55, -195]
    assert line["findings"] == []


def test_manage_replay_exit_1_on_an_error(tmp_path: Path):
    doc = load("sochi-pulka.json")
    doc["deals"][0]["entries"][0]["points"] = 4
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    status, text = _command(str(path), "--json")
    assert status == 1
    assert [f["code"] for f in json.loads(text)["findings"]] == ["ENTRY_MISMATCH"]
    status, text = _command(str(path))
    assert status == 1
    assert "ENTRY_MISMATCH" in text


# --- the settlement always sums to zero ------------------------------------------------------

CONTRACTS = [str(c) for c in ALL_CONTRACTS]


@st.composite
def logs(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.sampled_from([3, 4]))
    preset = draw(st.sampled_from(["sochi", "leningrad", "rostov"]))
    pool = draw(st.integers(1, 20))
    deals = []
    dealer = draw(st.integers(0, n - 1))
    for _ in range(draw(st.integers(0, 10))):
        order = [(dealer + i) % n for i in range(1, 4)]
        tricks = [0] * n
        for _ in range(10):
            tricks[draw(st.sampled_from(order))] += 1
        deal: dict[str, Any] = {"dealer": dealer, "tricks": tricks}
        kind = draw(st.sampled_from(["passout", "dark-passout", "game", "dark-game"]))
        if kind in ("passout", "dark-passout"):
            deal["auction"] = [
                {"seat": s, "call": "pass", **({"dark": True} if kind == "dark-passout" and i == 0 else {})}
                | ({"looked": True} if draw(st.booleans()) and i else {})
                for i, s in enumerate(order)
            ]
        else:
            declarer = draw(st.sampled_from(order))
            if kind == "dark-game":
                call: dict[str, Any] = {
                    "seat": declarer,
                    "call": draw(st.sampled_from(["dark-1", "dark-2", "dark-3"])),
                }
                contract = draw(st.sampled_from(CONTRACTS))
            else:
                contract = draw(st.sampled_from(CONTRACTS))
                call = {"seat": declarer, "call": contract}
            deal["auction"] = [call if s == declarer else {"seat": s, "call": "pass"} for s in order]
            deal["contract"] = contract
            k = order.index(declarer)
            defenders = [order[(k + 1) % 3], order[(k + 2) % 3]]
            words = draw(st.lists(st.sampled_from(["whist", "pass", "half"]), min_size=2, max_size=2))
            deal["whists"] = [{"seat": s, "decision": w} for s, w in zip(defenders, words, strict=True)]
        deals.append(deal)
        dealer = (dealer + 1) % n
    return {
        "game": "preferans",
        "version": 1,
        "ruleset": {"preset": preset, "pool": pool},
        "players": [f"P{i}" for i in range(n)],
        "deals": deals,
    }


@settings(max_examples=150, deadline=None)
@given(logs())
def test_any_replayed_settlement_sums_to_zero(doc: dict[str, Any]):
    report = run(copy.deepcopy(doc))
    assert sum(report.settlement.balances) == 0
    assert sum(report.totals) == 0
    out = report.as_dict()
    json.dumps(out)
    assert preferans.running_totals(out)[-1:] in ([], [(len(doc["deals"]), False, out["totals"])])
