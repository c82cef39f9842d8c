"""Durak through the rules registry: the protocol every game module offers (rules/registry.py),
checked name by name against the other games, and the walkthrough, the sheet and the simulator.

(No registry test is parametrised over every game yet, so this one compares durak with the
others itself.)"""

from __future__ import annotations

import json
from types import ModuleType

import pytest

import rules.durak as durak
from rules import registry
from rules.durak.ruleset import Ruleset
from rules.durak.simulate import simulate
from rules.errors import MalformedDocument
from rules.registry import SeatResult

from .helpers import DATA, load

PROTOCOL = (
    "parse",
    "replay",
    "to_document",
    "format_sheet",
    "ENGINE_VERSION",
    "PRESETS",
    "OPTIONS",
    "resolve_ruleset",
    "TABLE_SIZES",
    "SEAT_RESULTS",
    "SEAT_DEAL_ROWS",
    "seat_results",
    "teams",
    "deal_rows",
    "running_totals",
    "blank_sheet",
    "walkthrough",
)


def module() -> ModuleType:
    return registry.get("durak")


def test_the_registry_knows_durak():
    assert module() is durak
    assert "durak" in registry.game_keys()
    assert registry.table_sizes("durak") == (2, 3, 4, 5, 6)
    assert "durak" not in registry.games_with_deal_rows()
    assert not registry.fills("durak", "whists")
    assert registry.fills("durak", "total")


@pytest.mark.parametrize("name", PROTOCOL)
def test_durak_offers_every_name_of_the_protocol(name):
    assert hasattr(module(), name)


@pytest.mark.parametrize("other", ["oh-hell", "preferans"])
def test_durak_offers_what_the_other_games_offer(other):
    wanted = {n for n in PROTOCOL if n != "walkthrough" and hasattr(registry.get(other), n)}
    assert wanted <= set(dir(module()))


def test_reading_a_document_through_the_registry():
    raw = (DATA / "throw-in.json").read_bytes()
    reading = registry.read(raw)
    assert (reading.game, reading.rules) == ("durak", durak)
    report = reading.rules.replay(reading.log).as_dict()
    for key in ("ruleset", "totals", "deals", "findings", "status"):
        assert key in report
    assert reading.rules.to_document(reading.log)["deals"] == load("throw-in.json")["deals"]
    assert reading.rules.seat_results(report) == [
        SeatResult(total=-1),
        SeatResult(total=0),
        SeatResult(total=0),
    ]
    assert registry.team_of_seats(durak.teams(3), 3) == [0, 1, 2]
    assert durak.deal_rows(report) == []


def test_the_report_is_json():
    report = durak.replay(durak.parse(load("simple.json"))).as_dict()
    assert json.loads(json.dumps(report)) == report


def test_resolve_ruleset_for_a_table():
    rules = durak.resolve_ruleset("transfer", 4)
    assert isinstance(rules, Ruleset)
    assert rules.preset == "transfer"
    with pytest.raises(MalformedDocument):
        durak.resolve_ruleset("transfer", 7)


def test_blank_sheet():
    sheet = durak.blank_sheet(durak.resolve_ruleset("no-trump", 3), ["Anna", "Boris", "Vera"])
    assert sheet["players"] == ["Anna", "Boris", "Vera"]
    assert sheet["trumps"] is False
    assert len(sheet["games"]) == 10


def test_format_sheet_lists_games_fools_and_findings():
    report = durak.replay(durak.parse(load("simple.json")))
    text = durak.format_sheet(report)
    assert "Durak, ruleset simple (36 cards): Anna, Boris" in text
    assert "Fools: Anna 1, Boris 1" in text
    assert "RESULT_NOT_REPLAYED" in text
    assert durak.format_sheet(report.as_dict()) == text


def test_walkthrough_steps_event_by_event():
    log = durak.parse(load("throw-in.json"))
    walk = durak.walkthrough(log, 1)
    steps = walk["steps"]
    assert steps[0]["kind"] == "deal"
    assert steps[0]["hands"][1] == ["AS", "6H", "TD", "9D", "8C", "6C"]
    assert steps[-1]["kind"] == "end"
    first = steps[1]
    assert (first["index"], first["event"], first["attacker"], first["defender"]) == (
        0,
        {"event": "attack", "seat": 1, "cards": ["6H"]},
        1,
        2,
    )
    assert first["table"] == [["6H", None]]
    assert walk["result"]["fool"] == 0
    assert walk["trump"] == "QS"
    with pytest.raises(IndexError):
        durak.walkthrough(log, 2)


def test_walkthrough_of_a_game_logged_by_its_result():
    walk = durak.walkthrough(durak.parse(load("simple.json")), 2)
    assert walk["steps"] == []
    assert walk["result"]["fool"] == 1


def test_the_simulator_is_deterministic_and_plays_every_variant():
    for preset in durak.PRESETS:
        a = simulate(7, players=3, games=2, ruleset=preset)
        assert a == simulate(7, players=3, games=2, ruleset=preset)
        report = durak.replay(durak.parse(a))
        assert report.findings == []
        # the fool deals the next game
        if report.deals[0].fool is not None:
            assert a["deals"][1]["dealer"] == report.deals[0].fool
