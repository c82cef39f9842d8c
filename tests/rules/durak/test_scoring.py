"""Scoring a durak log: fools by default, or points per place (ruleset ``place_points``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import durak
from rules.durak.report import game_points
from rules.durak.results import running_totals, seat_results
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "durak"


def load(name: str, place_points: list[int] | None = None) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    if place_points is not None:
        preset = doc.get("ruleset") or "simple"
        base = preset if isinstance(preset, dict) else {"preset": preset}
        doc["ruleset"] = {**base, "place_points": place_points}
    return doc


def test_by_default_a_seat_scores_minus_its_games_as_the_fool() -> None:
    # throw-in.json: one game at three; Anna (seat 0) is the fool, Vera went out first.
    report = durak.check(load("throw-in"))
    assert report["deals"][0]["places"] == [3, 2, 1]
    assert (report["totals"], report["fools"]) == ([-1, 0, 0], [1, 0, 0])
    assert report["ruleset"]["place_points"] is None


def test_points_per_place_score_the_order_going_out() -> None:
    report = durak.check(load("throw-in", [2, 1, 0]))
    assert report["totals"] == [0, 1, 2]
    assert [r.total for r in seat_results(report)] == [0, 1, 2]
    assert report["ruleset"]["place_points"] == [2, 1, 0]


def test_places_beyond_the_list_score_nothing() -> None:
    assert durak.check(load("throw-in", [5]))["totals"] == [0, 0, 5]


def test_a_draw_shares_the_best_place() -> None:
    # draw.json: the last cards of both players ran out together: places [1, 1], no fool.
    report = durak.check(load("draw", [3, 0]))
    assert report["deals"][0]["places"] == [1, 1]
    assert report["totals"] == [3, 3]
    assert durak.check(load("draw"))["totals"] == [0, 0]


def test_a_game_known_only_by_its_fool_puts_the_others_first() -> None:
    # simple.json: game 1 played out (Boris out first, Anna the fool), game 2 recorded only:
    # Boris the fool.
    report = durak.check(load("simple", [2, 0]))
    assert [(d["places"], d["fool"]) for d in report["deals"]] == [([2, 1], 0), (None, 1)]
    assert report["totals"] == [0 + 2, 2 + 0]
    assert running_totals(report) == [(1, False, [0, 2]), (2, False, [2, 2])]


def test_running_totals_by_fools() -> None:
    assert running_totals(durak.check(load("simple"))) == [(1, False, [-1, 0]), (2, False, [-1, -1])]


@pytest.mark.parametrize(
    ("places", "fool", "points", "want"),
    [
        ([3, 2, 1], 0, None, [-1, 0, 0]),
        ([3, 2, 1], 0, (4, 2, 0), [0, 2, 4]),
        ([1, 1, 3], 2, (4, 2, -1), [4, 4, -1]),
        (None, None, (4, 2, 0), [0, 0, 0]),
        (None, 1, (4, 2, 0), [4, 0, 4]),
        ([1, 1], None, None, [0, 0]),
    ],
)
def test_game_points(places: list[int] | None, fool: int | None, points: Any, want: list[int]) -> None:
    assert game_points(places, fool, points, len(want)) == want


@pytest.mark.parametrize(
    ("value", "path", "message"),
    [
        ("2-1-0", "ruleset.place_points", "must be a list of 1 to 6 numbers"),
        ([], "ruleset.place_points", "must be a list of 1 to 6 numbers"),
        ([1, 1, 1, 1, 1, 1, 1], "ruleset.place_points", "must be a list of 1 to 6 numbers"),
        ([2, "1"], "ruleset.place_points[1]", "must be a whole number"),
    ],
)
def test_malformed_place_points_name_their_path(value: Any, path: str, message: str) -> None:
    with pytest.raises(MalformedDocument) as caught:
        durak.resolve_ruleset({"preset": "throw-in", "place_points": value}, 3)
    assert (caught.value.path, message in caught.value.message) == (path, True)
