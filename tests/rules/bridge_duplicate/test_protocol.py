"""Duplicate bridge through the registry protocol (rules/registry.py): one table's round of
tests/data/duplicate/table.json — board 1 with its hands, auction and play (1♦ by West making
10 tricks: 130 to East–West), board 2 3NT by South making 10 vulnerable (630), board 3 4♠
doubled by East two down vulnerable (500 to North–South), board 4 passed out, board 5 adjusted
60 % / 40 %. North–South 1,000, East–West −1,000."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from rules import registry
from rules.bridge_duplicate import analytics
from rules.errors import MalformedDocument
from rules.registry import SeatResult

TABLE = Path(__file__).resolve().parents[2] / "data" / "duplicate" / "table.json"


@pytest.fixture
def reading() -> registry.Reading:
    return registry.read(TABLE.read_bytes())


@pytest.fixture
def report(reading: registry.Reading) -> dict:
    return registry.replay(reading)


def test_the_registry_reads_and_replays_a_table(reading, report) -> None:
    assert reading.game == "bridge-duplicate"
    assert reading.rules.__name__ == "rules.bridge_duplicate"
    assert report["totals"] == [1000, -1000]
    assert report["status"] == 0
    assert report["findings"] == []
    assert [d["deal"] for d in report["deals"]] == [1, 2, 3, 4, 5]
    assert [d["board"] for d in report["deals"]] == [b["board"] for b in report["boards"]]
    assert reading.rules.ENGINE_VERSION == "1"
    assert reading.rules.parse(reading.rules.to_document(reading.log)) == reading.log


def test_seat_results_teams_and_the_protocol_constants(reading, report) -> None:
    rules = reading.rules
    assert rules.seat_results(report) == [
        SeatResult(total=1000, contracts_made=1),
        SeatResult(total=-1000, contracts_made=1),
        SeatResult(total=1000, contracts_made=1),
        SeatResult(total=-1000, contracts_made=1),
    ]
    assert rules.teams(4) == ((0, 2), (1, 3))
    assert rules.TABLE_SIZES == (4,)
    assert rules.SEAT_RESULTS == ("contracts_made",)
    assert rules.SEAT_DEAL_ROWS is False
    assert rules.deal_rows(report) == []
    assert list(rules.PRESETS) == ["laws"]
    assert rules.resolve_ruleset(None, 4).preset == "laws"
    assert rules.resolve_ruleset({"preset": "laws"}, 4).as_dict() == report["ruleset"]
    with pytest.raises(MalformedDocument):
        rules.resolve_ruleset("seed", 4)
    with pytest.raises(MalformedDocument):
        rules.resolve_ruleset("laws", 3)
    assert registry.fills("bridge-duplicate", "contracts_made")
    assert not registry.fills("bridge-duplicate", "whists")


def test_sheet_rows_and_running_totals(reading, report) -> None:
    assert registry.sheet_rows("bridge-duplicate", report) == [
        ["board", "contract", "declarer", "lead", "tricks", "ns_score"],
        [1, "1D", "W", "AD", 10, -130],
        [2, "3NT", "S", "KH", 10, 630],
        [3, "4SX", "E", "", 8, 500],
        [4, "Pass", "", "", None, 0],
        [5, "adjusted 60%/40%", "", "", None, None],
        ["total", "", "", "", "", 1000],
    ]
    assert [t for _n, _a, t in reading.rules.running_totals(report)] == [
        [-130, 130, -130, 130],
        [500, -500, 500, -500],
        [1000, -1000, 1000, -1000],
        [1000, -1000, 1000, -1000],
        [1000, -1000, 1000, -1000],
    ]


def test_analytics_weigh_each_played_board(reading, report) -> None:
    """Board 1 has its hands: double dummy 11 tricks in diamonds for West, who took 10; boards
    2 to 4 have none (their rows say so); board 5, an adjusted score, has no rows
    (tests/rules/bridge_duplicate/test_analytics.py checks the figures on a hand-worked deal)."""
    assert registry.analytics("bridge-duplicate") is analytics
    boards = list(analytics.analyse_deals(report, reading.log))
    assert [len(rows) for rows in boards] == [4, 4, 4, 4, 0]
    west = boards[0][3]
    assert (west["role"], west["dd_tricks"], west["tricks"], west["play"], west["score"]) == (
        "declarer",
        11,
        10,
        -1,
        130,
    )
    assert {row["reason"] for rows in boards[1:4] for row in rows} == {"hands_unknown"}
    assert analytics.player_summary([])["deals"] == 0


def test_the_blank_table_card(reading) -> None:
    rules = reading.rules
    sheet = rules.blank_sheet(
        rules.resolve_ruleset(None, 4), ["Анна", "Борис", "Вера", "Глеб"], boards=[5, 6]
    )
    assert sheet["ns"] == ["Анна", "Вера"]
    assert sheet["ew"] == ["Борис", "Глеб"]
    assert sheet["boards"] == [
        {"number": 5, "dealer": "N", "vulnerable": "NS"},
        {"number": 6, "dealer": "E", "vulnerable": "EW"},
    ]
    assert len(rules.blank_sheet(rules.resolve_ruleset(None, 4), ["a", "b", "c", "d"])["boards"]) == 4


def test_the_walkthrough_of_a_played_board_and_of_a_traveller_line(reading) -> None:
    played = reading.rules.walkthrough(reading.log, 1)
    assert played.board == 1
    assert played.deals == 5
    assert played.played is not None
    assert played.played.contract == "1D"
    assert played.played.declarer == "W"
    assert played.played.board == 1
    assert played.played.vulnerable == (False, False)
    assert len(played.played.tricks) == 13
    line = reading.rules.walkthrough(reading.log, 3)
    assert line.played is None
    assert (line.line["contract"], line.vulnerable) == ("4SX", (False, True))
    with pytest.raises(IndexError):
        reading.rules.walkthrough(reading.log, 6)


def test_the_findings_are_said_by_the_traveller_texts() -> None:
    texts = registry.texts("bridge-duplicate")
    assert "LEAD_MISMATCH" in texts
    assert "SCORE_MISMATCH/board" in texts
    assert any(key.split("/")[0] == "REVOKE" for key in texts)


def test_manage_py_replay_reads_a_table(capsys) -> None:
    out = StringIO()
    call_command("replay", str(TABLE), "--json", stdout=out)
    line = json.loads(out.getvalue())
    assert line["game"] == "bridge-duplicate"
    assert line["totals"] == [1000, -1000]
    out = StringIO()
    call_command("replay", str(TABLE), "--language", "ru", stdout=out)
    assert "board    3" in out.getvalue()
