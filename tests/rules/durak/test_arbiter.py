"""The arbiter's rulings on a durak game (docs/arbiter.md; docs/durak.md, "The arbiter's rulings"):
an annulled game counts nothing and is dealt again by its dealer, an assigned result (the fool,
a draw, or the places where the ruleset scores them) replaces what the play or the record
gave, and a waived or confirmed penalty has nothing to act on, durak having none.

The hand-worked evening: tests/data/durak/throw-in.json's game (Vera deals; Vera out first,
Boris second, Anna the fool: places [3, 2, 1]) followed by games logged by their result
alone, each dealt by the fool before it:

    game  dealer  fool
     1    Vera    Anna    (played out)
     2    Anna    Boris
     3    Boris   Vera    <- annulled: «the deck was found short a card after the deal»
     4    Boris   Anna    (Boris deals again: the redeal)
     5    Anna    Anna

Without game 3 the evening is games 1, 2, 4, 5 and every dealer is the fool before him. Fools:
Anna 3 (games 1, 4, 5), Boris 1 (game 2), Vera 0; totals by fools [-3, -1, 0]. With
``place_points`` [2, 1, 0]: game 1 gives [0, 1, 2]; a game known only by its fool puts the
fool last (0) and the others first (2): game 2 [2, 0, 2], games 4 and 5 [0, 2, 2]; totals
[2, 5, 8]. The log with game 3 annulled gives the same.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.durak as durak
from rules.durak.report import game_points
from rules.durak.results import running_totals
from rules.durak.simulate import simulate
from rules.errors import MalformedDocument

from .helpers import codes, finding, load, run

ANNUL = {"annul": True, "reason": "the deck was found short a card after the deal", "dispute": 12}
RULING_CODES = {
    "ANNULLED_BY_ARBITER",
    "SCORE_ADJUSTED",
    "PENALTY_WAIVED",
    "PENALTY_CONFIRMED",
    "RULING_NOT_APPLICABLE",
}


def evening(place_points: list[int] | None = None, *, annul: bool = True) -> dict[str, Any]:
    """The evening of the module docstring; ``annul`` False leaves game 3 out altogether."""
    doc = load("throw-in.json")
    if place_points is not None:
        doc["ruleset"] = {"preset": "throw-in", "place_points": place_points}
    doc["deals"] += [{"dealer": 0, "fool": 1}]
    if annul:
        doc["deals"] += [{"dealer": 1, "fool": 2, "arbiter": dict(ANNUL)}]
    doc["deals"] += [{"dealer": 1, "fool": 0}, {"dealer": 0, "fool": 0}]
    return doc


def two_games(first: dict[str, Any], second_dealer: int) -> dict[str, Any]:
    """throw-in.json's game with ``first`` laid over it, then a game by ``second_dealer`` (fool Vera)."""
    doc = load("throw-in.json")
    doc["deals"][0].update(first)
    doc["deals"].append({"dealer": second_dealer, "fool": 2})
    return doc


def refused(doc: Any) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as caught:
        durak.parse(doc)
    return caught.value


# -- annul --------------------------------------------------------------------------------------


def test_an_annulled_game_in_the_middle_counts_nothing_and_its_dealer_deals_again():
    report = run(evening()).as_dict()
    without = run(evening(annul=False)).as_dict()
    assert (report["fools"], report["totals"], report["draws"]) == ([3, 1, 0], [-3, -1, 0], 0)
    assert (without["fools"], without["totals"]) == ([3, 1, 0], [-3, -1, 0])
    game = report["deals"][2]
    assert (game["annulled"], game["fool"], game["places"], game["draw"], game["source"]) == (
        True,
        None,
        None,
        False,
        "arbiter",
    )
    assert game["recorded"] == {"fool": 2, "draw": False}
    assert game["before_ruling"] == {
        "fool": 2,
        "draw": False,
        "places": None,
        "source": "recorded",
        "lost_by_cards": False,
    }
    assert game["arbiter"] == ANNUL
    assert [d["redeal"] for d in report["deals"]] == [False, False, False, True, False]
    assert [d["penalties"] for d in report["deals"]] == [[]] * 5
    assert [d["arbiter"] for d in without["deals"]] == [None] * 4
    # No WRONG_DEALER: game 4 is the redeal; no RESULT_NOT_REPLAYED for the annulled game.
    assert codes(run(evening())) == [
        "RESULT_NOT_REPLAYED",
        "ANNULLED_BY_ARBITER",
        "RESULT_NOT_REPLAYED",
        "RESULT_NOT_REPLAYED",
    ]
    annulled = finding(run(evening()), "ANNULLED_BY_ARBITER")
    assert (annulled.severity, annulled.deal, annulled.seat, annulled.player, annulled.path) == (
        "info",
        3,
        1,
        "Boris",
        "deals[2].arbiter.annul",
    )
    assert annulled.message == (
        "the arbiter annuls game 3 (the deck was found short a card after the deal): it counts nothing; "
        "Boris deals it again: game 4 is the redeal"
    )
    assert report["status"] == 0


def test_an_annulled_game_scores_no_place_points():
    report = run(evening([2, 1, 0])).as_dict()
    assert report["totals"] == run(evening([2, 1, 0], annul=False)).as_dict()["totals"] == [2, 5, 8]
    assert running_totals(report) == [
        (1, False, [0, 1, 2]),
        (2, False, [2, 1, 4]),
        (3, True, [2, 1, 4]),
        (4, False, [2, 3, 6]),
        (5, False, [2, 5, 8]),
    ]
    assert [r.total for r in durak.seat_results(report)] == [2, 5, 8]


@pytest.mark.parametrize(
    ("second_dealer", "found", "tail"),
    [
        pytest.param(2, [], "Vera deals it again: game 2 is the redeal", id="redeal-by-the-dealer"),
        pytest.param(
            0, [], "the redeal was not played: game 2 is dealt by Anna", id="played-on-the-fool-deals"
        ),
        pytest.param(
            1,
            ["WRONG_DEALER"],
            "the redeal was not played: game 2 is dealt by Boris",
            id="neither-dealer-nor-fool",
        ),
    ],
)
def test_who_deals_after_an_annulled_game(second_dealer: int, found: list[str], tail: str):
    # Game 1 (dealt by Vera, Anna the fool as played) annulled; game 2 dealt by second_dealer.
    report = run(two_games({"arbiter": {"annul": True}}, second_dealer))
    assert [c for c in codes(report) if c not in ("ANNULLED_BY_ARBITER", "RESULT_NOT_REPLAYED")] == found
    assert (
        finding(report, "ANNULLED_BY_ARBITER").message
        == f"the arbiter annuls game 1: it counts nothing; {tail}"
    )
    assert report.deals[1].redeal is (second_dealer == 2)
    if found:
        wrong = finding(report, "WRONG_DEALER")
        assert (wrong.deal, wrong.seat, wrong.severity) == (2, 1, "warning")
        assert wrong.message == (
            "Boris deals, but game 1 is annulled: its redeal is Vera's (or, had the table played on "
            "before the ruling, Anna's, the fool without it)"
        )


def test_an_annulled_last_game_says_its_redeal_is_not_in_the_log():
    doc = load("throw-in.json")
    doc["deals"][0]["arbiter"] = {"annul": True}
    report = run(doc)
    assert finding(report, "ANNULLED_BY_ARBITER").message == (
        "the arbiter annuls game 1: it counts nothing; the redeal, Vera's, is not in the log"
    )
    assert (report.fools, report.totals, report.status) == ([0, 0, 0], [0, 0, 0], 0)


def test_after_an_annulled_draw_anyone_deals():
    doc = load("draw.json")  # Anna deals; a draw
    doc["deals"][0]["arbiter"] = {"annul": True}
    doc["deals"].append({"dealer": 1, "fool": 0})
    report = run(doc)
    assert codes(report) == ["ANNULLED_BY_ARBITER", "RESULT_NOT_REPLAYED"]
    assert (report.deals[1].redeal, report.as_dict()["draws"], report.totals) == (False, 0, [-1, 0])


def test_an_annulled_game_keeps_its_play_findings_but_not_its_result_findings():
    # The table recorded Boris as the fool (FOOL_MISMATCH, an error) and Vera attacked first
    # out of turn; annulled, the result is not checked, the play still is.
    doc = load("throw-in.json")
    doc["deals"][0]["fool"] = 1
    first = doc["deals"][0]["events"][0]
    assert codes(run(doc)) == ["FOOL_MISMATCH"]
    doc["deals"][0]["arbiter"] = {"annul": True}
    assert codes(run(doc)) == ["ANNULLED_BY_ARBITER"]
    first["seat"] = 2
    assert codes(run(doc))[0] == "WRONG_FIRST_ATTACKER"
    assert codes(run(doc))[-1] == "ANNULLED_BY_ARBITER"


def test_an_annulled_unfinished_game_is_not_incomplete():
    doc = load("throw-in.json")
    del doc["deals"][0]["events"][20:]
    assert "GAME_INCOMPLETE" in codes(run(doc))
    doc["deals"][0]["arbiter"] = {"annul": True}
    report = run(doc)
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    assert report.deals[0].before_ruling == {
        "fool": 0,
        "draw": False,
        "places": None,
        "source": "recorded",
        "lost_by_cards": False,
    }


def test_an_annulled_loss_by_cards_is_no_loss():
    doc = load("two-decks.json")  # Boris reaches 52 cards: the fool by the cards
    doc["deals"][0]["arbiter"] = {"annul": True}
    game = run(doc).as_dict()["deals"][0]
    assert (game["fool"], game["lost_by_cards"], game["before_ruling"]["lost_by_cards"]) == (
        None,
        False,
        True,
    )
    assert (game["before_ruling"]["places"], game["before_ruling"]["fool"]) == ([1, 2], 1)


# -- score --------------------------------------------------------------------------------------


def test_an_assigned_fool_supersedes_the_play_and_the_record():
    # The play and the table make Anna the fool; the table wrote Vera, the arbiter assigns Boris.
    doc = load("throw-in.json")
    doc["deals"][0].update(
        fool=2, arbiter={"score": {"fool": 1}, "reason": "Boris played a card he did not hold"}
    )
    report = run(doc)
    assert codes(report) == ["SCORE_ADJUSTED"]
    adjusted = finding(report, "SCORE_ADJUSTED")
    assert (adjusted.severity, adjusted.deal, adjusted.seat, adjusted.path) == (
        "info",
        1,
        None,
        "deals[0].arbiter.score",
    )
    # The arbiter's reason is a parameter: the sentence of an assigned result leaves it to the page.
    assert (
        adjusted.message == "the arbiter assigns game 1's result: Boris the fool; the play gave Anna the fool"
    )
    assert adjusted.params == {
        "form": "fool_played_fool",
        "reason": "Boris played a card he did not hold",
        "fool_seat": 1,
        "was_fool_seat": 0,
    }
    game = report.as_dict()["deals"][0]
    assert (game["fool"], game["places"], game["draw"], game["source"], game["annulled"]) == (
        1,
        None,
        False,
        "arbiter",
        False,
    )
    assert game["before_ruling"] == {
        "fool": 0,
        "draw": False,
        "places": [3, 2, 1],
        "source": "replay",
        "lost_by_cards": False,
    }
    assert (game["out"], game["complete"], game["recorded"]) == ([[2], [1]], True, {"fool": 2, "draw": False})
    assert (report.fools, report.totals, report.status) == ([0, 1, 0], [0, -1, 0], 0)


def test_an_assigned_fool_with_place_points_is_last_and_the_others_first():
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "throw-in", "place_points": [2, 1, 0]}
    doc["deals"][0]["arbiter"] = {"score": {"fool": 1}}
    assert run(doc).totals == [2, 0, 2]


@pytest.mark.parametrize(
    ("second_dealer", "found"),
    [
        pytest.param(1, [], id="the-assigned-fool-deals"),
        pytest.param(0, [], id="the-fool-as-played-deals"),
        pytest.param(2, ["WRONG_DEALER"], id="another-deals"),
    ],
)
def test_who_deals_after_an_assigned_fool(second_dealer: int, found: list[str]):
    report = run(two_games({"arbiter": {"score": {"fool": 1}}}, second_dealer))
    assert [c for c in codes(report) if c not in ("SCORE_ADJUSTED", "RESULT_NOT_REPLAYED")] == found
    assert report.deals[1].redeal is False
    if found:
        assert finding(report, "WRONG_DEALER").message == (
            "Vera deals, but the fool the arbiter assigned in game 1, Boris, deals next (or, had the table "
            "played on before the ruling, Anna's, the fool without it)"
        )


def test_an_assigned_draw():
    # simple.json: game 1 played out, Anna the fool; game 2 recorded, Boris the fool (dealt by Anna).
    doc = load("simple.json")
    doc["deals"][0]["arbiter"] = {"score": {"draw": True}}
    report = run(doc)
    assert codes(report) == ["SCORE_ADJUSTED", "RESULT_NOT_REPLAYED"]
    assert finding(report, "SCORE_ADJUSTED").message == (
        "the arbiter assigns game 1's result: a draw; the play gave Anna the fool"
    )
    out = report.as_dict()
    assert (out["fools"], out["totals"], out["draws"]) == ([0, 1], [0, -1], 1)
    assert [(d["fool"], d["draw"], d["places"]) for d in out["deals"]] == [
        (None, True, None),
        (1, False, None),
    ]
    # After a draw anyone deals: game 2 by Anna or by Boris.
    doc["deals"][1]["dealer"] = 1
    assert "WRONG_DEALER" not in codes(run(doc))
    # A draw known only as a draw scores no place points.
    doc["ruleset"] = {"preset": "simple", "place_points": [3, 0]}
    assert run(doc).totals == [0 + 3, 0 + 0]


def test_a_score_on_a_game_logged_by_its_result_alone():
    doc = load("simple.json")
    doc["deals"][1] = {"dealer": 0, "arbiter": {"score": {"fool": 0}, "dispute": 4}}
    report = run(doc)
    assert codes(report) == ["SCORE_ADJUSTED"]
    assert finding(report, "SCORE_ADJUSTED").message == (
        "the arbiter assigns game 2's result: Anna the fool; no result was known"
    )
    assert (report.fools, report.totals) == ([2, 0], [-2, 0])
    assert report.deals[1].before_ruling == {
        "fool": None,
        "draw": False,
        "places": None,
        "source": None,
        "lost_by_cards": False,
    }


def test_a_score_on_an_unfinished_game_is_not_incomplete():
    doc = load("throw-in.json")
    del doc["deals"][0]["events"][20:]
    doc["deals"][0]["arbiter"] = {"score": {"fool": 2}}
    report = run(doc)
    assert codes(report) == ["SCORE_ADJUSTED"]
    assert finding(report, "SCORE_ADJUSTED").message == (
        "the arbiter assigns game 1's result: Vera the fool; the log gave Anna the fool"
    )
    assert report.fools == [0, 0, 1]


@pytest.mark.parametrize(
    ("places", "points", "fool", "draw", "totals"),
    [
        pytest.param([1, 3, 2], [2, 1, 0], 1, False, [2, 0, 1], id="boris-last"),
        pytest.param([1, 1, 3], [2, 1, 0], 2, False, [2, 2, 0], id="two-out-together"),
        pytest.param([1, 2, 2], [2, 1, 0], None, True, [2, 1, 1], id="a-draw-of-the-last-two"),
        pytest.param([3, 1, 1], [5], 0, False, [0, 5, 5], id="beyond-the-list"),
    ],
)
def test_assigned_places_score_their_place_points(
    places: list[int], points: list[int], fool: int | None, draw: bool, totals: list[int]
):
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "throw-in", "place_points": points}
    doc["deals"][0]["arbiter"] = {"score": {"places": places}}
    report = run(doc)
    game = report.as_dict()["deals"][0]
    assert (game["places"], game["fool"], game["draw"]) == (places, fool, draw)
    assert report.totals == totals
    assert report.fools == [int(seat == fool) for seat in range(3)]
    assert running_totals(report.as_dict()) == [(1, False, totals)]


def test_assigned_places_in_the_message():
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "throw-in", "place_points": [2, 1, 0]}
    doc["deals"][0]["arbiter"] = {"score": {"places": [1, 2, 2]}}
    assert finding(run(doc), "SCORE_ADJUSTED").message == (
        "the arbiter assigns game 1's result: places Anna 1, Boris 2, Vera 2 (a draw); the play gave Anna the fool"
    )


# -- penalties ------------------------------------------------------------------------------------


def test_waive_and_confirm_have_no_penalty_to_act_on():
    doc = load("throw-in.json")
    doc["deals"][0]["arbiter"] = {"waive": [1], "confirm": [2, 0]}
    report = run(doc)
    found = [(f.code, f.severity, f.deal, f.seat, f.path) for f in report.findings]
    assert found == [
        ("RULING_NOT_APPLICABLE", "warning", 1, 1, "deals[0].arbiter.waive[0]"),
        ("RULING_NOT_APPLICABLE", "warning", 1, 2, "deals[0].arbiter.confirm[0]"),
        ("RULING_NOT_APPLICABLE", "warning", 1, 0, "deals[0].arbiter.confirm[1]"),
    ]
    assert report.findings[0].message == (
        "the arbiter waives Boris's penalty in game 1, but durak has no penalties: the ruling has no effect"
    )
    game = report.as_dict()["deals"][0]
    assert (game["penalties"], game["arbiter"], game["before_ruling"], game["source"]) == (
        [],
        {"waive": [1], "confirm": [2, 0]},
        None,
        "replay",
    )
    assert (report.fools, report.totals, report.status) == ([1, 0, 0], [-1, 0, 0], 0)


def test_an_annulled_game_with_a_waiver():
    doc = load("throw-in.json")
    doc["deals"][0]["arbiter"] = {"annul": True, "waive": [0]}
    assert codes(run(doc)) == ["ANNULLED_BY_ARBITER", "RULING_NOT_APPLICABLE"]


def test_the_ruling_codes_and_their_severities():
    from rules.durak.codes import SEVERITY

    assert {code: SEVERITY[code] for code in sorted(RULING_CODES)} == {
        "ANNULLED_BY_ARBITER": "info",
        "PENALTY_CONFIRMED": "info",
        "PENALTY_WAIVED": "info",
        "RULING_NOT_APPLICABLE": "warning",
        "SCORE_ADJUSTED": "info",
    }


# -- the reader -------------------------------------------------------------------------------------


def malformed_cases() -> list[Any]:
    a = "deals[0].arbiter"
    cases: list[tuple[str, Any, str, str, Any]] = [
        ("not-an-object", "annul", a, "must be a JSON object, not the text 'annul'", None),
        ("unknown-key", {"annul": True, "void": True}, f"{a}.void", "unknown field 'void'", None),
        ("rules-nothing", {"reason": "why"}, a, "rules nothing", None),
        ("empty", {}, a, "rules nothing", None),
        ("annul-false", {"annul": False}, f"{a}.annul", "must be true", None),
        ("annul-one", {"annul": 1}, f"{a}.annul", "must be true", None),
        ("annul-null", {"annul": None}, f"{a}.annul", "must be true", None),
        ("annul-with-score", {"annul": True, "score": {"fool": 1}}, f"{a}.score", "annul or score", None),
        ("score-with-waive", {"score": {"fool": 1}, "waive": [0]}, f"{a}.waive", "penalties included", None),
        (
            "score-with-confirm",
            {"score": {"fool": 1}, "confirm": [0]},
            f"{a}.confirm",
            "penalties included",
            None,
        ),
        ("waive-not-a-list", {"waive": 1}, f"{a}.waive", "must be a list of seats", None),
        ("waive-empty", {"waive": []}, f"{a}.waive", "must be a list of seats", None),
        ("waive-seat-out-of-range", {"waive": [0, 3]}, f"{a}.waive[1]", "must be from 0 to 2", None),
        ("waive-seat-not-a-number", {"waive": ["Anna"]}, f"{a}.waive[0]", "must be a whole number", None),
        ("confirm-seat-negative", {"confirm": [-1]}, f"{a}.confirm[0]", "must be from 0 to 2", None),
        ("waive-seat-twice", {"waive": [1, 2, 1]}, f"{a}.waive[2]", "listed twice", None),
        ("confirm-seat-twice", {"confirm": [0, 0]}, f"{a}.confirm[1]", "listed twice", None),
        ("waived-and-confirmed", {"waive": [1], "confirm": [2, 1]}, f"{a}.confirm[1]", "not both", None),
        ("reason-not-text", {"annul": True, "reason": 5}, f"{a}.reason", "must be text", None),
        ("dispute-zero", {"annul": True, "dispute": 0}, f"{a}.dispute", "dispute number", None),
        ("dispute-text", {"annul": True, "dispute": "12"}, f"{a}.dispute", "dispute number", None),
        ("dispute-true", {"annul": True, "dispute": True}, f"{a}.dispute", "dispute number", None),
        ("dispute-float", {"annul": True, "dispute": 2.0}, f"{a}.dispute", "dispute number", None),
        ("score-not-an-object", {"score": 1}, f"{a}.score", "must be a JSON object, not the number 1", None),
        ("score-empty", {"score": {}}, f"{a}.score", "assigns nothing", None),
        ("score-unknown-key", {"score": {"loser": 1}}, f"{a}.score.loser", "unknown field 'loser'", None),
        (
            "score-fool-and-draw",
            {"score": {"fool": 1, "draw": True}},
            f"{a}.score.draw",
            "one of fool, draw or places",
            None,
        ),
        ("score-fool-out-of-range", {"score": {"fool": 3}}, f"{a}.score.fool", "must be from 0 to 2", None),
        ("score-fool-null", {"score": {"fool": None}}, f"{a}.score.fool", "must be a whole number", None),
        ("score-fool-true", {"score": {"fool": True}}, f"{a}.score.fool", "must be a whole number", None),
        ("score-draw-false", {"score": {"draw": False}}, f"{a}.score.draw", "is true for a drawn game", None),
        (
            "score-draw-last-hand-fool",
            {"score": {"draw": True}},
            f"{a}.score.draw",
            "has no draw",
            {"preset": "throw-in", "draw_rule": "last-hand-fool"},
        ),
        (
            "places-without-place-points",
            {"score": {"places": [1, 2, 3]}},
            f"{a}.score.places",
            "scores by fools",
            None,
        ),
    ]
    points = {"preset": "throw-in", "place_points": [2, 1, 0]}
    cases += [
        (
            "places-not-a-list",
            {"score": {"places": "1-2-3"}},
            f"{a}.score.places",
            "must be a list of 3 places",
            points,
        ),
        (
            "places-too-few",
            {"score": {"places": [1, 2]}},
            f"{a}.score.places",
            "must be a list of 3 places",
            points,
        ),
        (
            "places-zero",
            {"score": {"places": [0, 1, 2]}},
            f"{a}.score.places[0]",
            "must be from 1 to 3",
            points,
        ),
        (
            "places-beyond",
            {"score": {"places": [1, 2, 4]}},
            f"{a}.score.places[2]",
            "must be from 1 to 3",
            points,
        ),
        (
            "places-text",
            {"score": {"places": [1, "2", 3]}},
            f"{a}.score.places[1]",
            "must be a whole number",
            points,
        ),
        (
            "places-two-fools",
            {"score": {"places": [1, 3, 3]}},
            f"{a}.score.places[2]",
            "one fool at most",
            points,
        ),
        (
            "places-no-first",
            {"score": {"places": [2, 2, 3]}},
            f"{a}.score.places[0]",
            "so it is place 1",
            points,
        ),
        (
            "places-second-after-two-firsts",
            {"score": {"places": [1, 2, 1]}},
            f"{a}.score.places[1]",
            "so it is place 3",
            points,
        ),
        ("places-skip", {"score": {"places": [1, 1, 2]}}, f"{a}.score.places[2]", "so it is place 3", points),
        (
            "places-draw-last-hand-fool",
            {"score": {"places": [1, 1, 1]}},
            f"{a}.score.places",
            "has no draw",
            {**points, "draw_rule": "last-hand-fool"},
        ),
        (
            "places-with-fool",
            {"score": {"places": [1, 2, 3], "fool": 2}},
            f"{a}.score.fool",
            "one of fool",
            points,
        ),
    ]
    return [
        pytest.param(value, path, message, ruleset, id=name) for name, value, path, message, ruleset in cases
    ]


@pytest.mark.parametrize(("value", "path", "message", "ruleset"), malformed_cases())
def test_a_malformed_ruling_is_refused_with_its_path(value: Any, path: str, message: str, ruleset: Any):
    doc = load("throw-in.json")
    if ruleset is not None:
        doc["ruleset"] = ruleset
    doc["deals"][0]["arbiter"] = value
    error = refused(doc)
    assert (error.path, message in error.message) == (path, True), error.message


def test_the_path_names_the_game():
    doc = evening()
    doc["deals"][3]["arbiter"] = {"score": {"fool": 7}}
    assert refused(doc).path == "deals[3].arbiter.score.fool"


def test_a_repeated_key_in_a_ruling_is_refused():
    raw = json.dumps(load("throw-in.json"))[:-3] + ', "arbiter": {"annul": true, "annul": true}}]}'
    assert json.loads(raw)["deals"][0]["arbiter"] == {"annul": True}
    assert refused(raw).path == "deals[0].arbiter.annul"


def test_a_null_ruling_is_no_ruling():
    doc = load("throw-in.json")
    doc["deals"][0]["arbiter"] = None
    log = durak.parse(doc)
    assert log.deals[0].arbiter is None
    assert "arbiter" not in durak.to_document(log)["deals"][0]


@pytest.mark.parametrize(
    ("ruling", "ruleset"),
    [
        pytest.param(ANNUL, None, id="annul-reason-dispute"),
        pytest.param({"annul": True, "waive": [2, 0], "confirm": [1]}, None, id="annul-waive-confirm"),
        pytest.param({"score": {"fool": 1}}, None, id="score-fool"),
        pytest.param({"score": {"draw": True}, "reason": ""}, None, id="score-draw"),
        pytest.param(
            {"score": {"places": [1, 1, 3]}, "dispute": 1},
            {"preset": "throw-in", "place_points": [2]},
            id="score-places",
        ),
        pytest.param({"confirm": [0]}, None, id="confirm"),
    ],
)
def test_a_ruling_round_trips(ruling: dict[str, Any], ruleset: Any):
    doc = load("throw-in.json")
    if ruleset is not None:
        doc["ruleset"] = ruleset
    doc["deals"][0]["arbiter"] = ruling
    log = durak.parse(json.dumps(doc))
    assert durak.to_document(log) == doc
    assert durak.parse(durak.to_document(log)) == log
    assert durak.replay(log).as_dict()["deals"][0]["arbiter"] == ruling


def test_the_ruling_in_the_model():
    log = durak.parse(evening())
    ruling = log.deals[2].arbiter
    assert ruling is not None
    assert (ruling.annul, ruling.score, ruling.waive, ruling.reason, ruling.dispute) == (
        True,
        None,
        (),
        ANNUL["reason"],
        12,
    )
    doc = load("throw-in.json")
    doc["ruleset"] = {"preset": "throw-in", "place_points": [2, 1, 0]}
    doc["deals"][0]["arbiter"] = {"score": {"places": [1, 3, 2]}}
    placed = durak.parse(doc).deals[0].arbiter
    assert placed is not None
    score = placed.score
    assert score is not None
    assert score == durak.document.AssignedResult(places=(1, 3, 2))
    assert score.outcome() == (1, False, [1, 3, 2])


# -- the other readers of the report ----------------------------------------------------------------


def test_the_sheet_says_annulled_adjusted_and_redealt():
    doc = evening()
    doc["deals"][1]["arbiter"] = {"score": {"fool": 2}}
    doc["deals"][2]["dealer"] = 2  # the assigned fool, Vera, deals game 3
    doc["deals"][3]["dealer"] = 2  # and its redeal
    sheet = durak.format_sheet(run(doc))
    rows = [line for line in sheet.splitlines() if line[:4].strip().isdigit()]
    assert [row.split("  ")[-1].strip() for row in rows] == [
        "Anna",
        "Vera (by the arbiter)",
        "annulled (by the arbiter)",
        "Anna (as recorded) (redeal)",
        "Anna (as recorded)",
    ]
    assert "Fools: Anna 3, Boris 0, Vera 1" in sheet


def test_the_walkthrough_gives_the_ruling_and_the_redeal():
    doc = two_games({"arbiter": {"annul": True}}, 2)
    doc["deals"].append(copy.deepcopy(load("throw-in.json")["deals"][0]))
    log = durak.parse(doc)
    first = durak.walkthrough(log, 1)
    assert (first["result"]["annulled"], first["result"]["arbiter"]) == (True, {"annul": True})
    assert [f["code"] for f in first["findings"]] == ["ANNULLED_BY_ARBITER"]
    assert first["findings"][0]["message"].endswith("Vera deals it again: game 2 is the redeal")
    assert first["steps"][-1]["kind"] == "end"
    assert durak.walkthrough(log, 2)["result"]["redeal"] is True
    assert durak.walkthrough(log, 3)["result"]["redeal"] is False


def test_analytics_leave_an_annulled_game_without_a_result():
    from rules.durak.analytics import analyse_game

    doc = load("throw-in.json")
    doc["deals"][0]["arbiter"] = {"annul": True}
    log = durak.parse(doc)
    rows = analyse_game(durak.replay(log).as_dict(), log)
    assert [(r["place"], r["fool"], r["draw"]) for r in rows] == [(None, None, False)] * 3
    assert all(r["strength"] is not None for r in rows)  # the cards were dealt


def test_a_log_without_rulings_reports_as_before():
    report = run(load("throw-in.json")).as_dict()
    game = report["deals"][0]
    assert {k: game[k] for k in ("annulled", "redeal", "penalties", "arbiter", "before_ruling")} == {
        "annulled": False,
        "redeal": False,
        "penalties": [],
        "arbiter": None,
        "before_ruling": None,
    }
    assert (game["fool"], game["places"], game["source"]) == (0, [3, 2, 1], "replay")


# -- properties over simulated evenings ---------------------------------------------------------------

VARIANTS: list[Any] = [
    "simple",
    "throw-in",
    "transfer",
    "two-decks",
    {"preset": "throw-in", "place_points": [3, 1, 0]},
    {"preset": "transfer-any", "place_points": [2, 1]},
    {"preset": "simple", "draw_rule": "last-hand-fool", "place_points": [1, 0, -1]},
]
EVENINGS = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 10**6),
        "variant": st.sampled_from(VARIANTS),
        "players": st.integers(2, 5),
        "games": st.integers(2, 5),
    }
)
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def simulated(evening: dict[str, Any]) -> dict[str, Any]:
    return simulate(
        evening["seed"],
        players=evening["players"],
        games=evening["games"],
        ruleset=evening["variant"],
        stock=True,
    )


def _points(report: durak.Report, index: int) -> list[int]:
    game = report.deals[index]
    return game_points(game.places, game.fool, report.ruleset.place_points, len(report.players))


@PROPERTY
@given(evening=EVENINGS, data=st.data())
def test_annulling_a_game_subtracts_its_points_and_its_fool(evening: dict[str, Any], data: st.DataObject):
    doc = simulated(evening)
    k = data.draw(st.integers(0, evening["games"] - 1), label="game")
    plain = run(doc)
    ruled = copy.deepcopy(doc)
    ruled["deals"][k]["arbiter"] = {"annul": True}
    report = run(ruled)
    points = _points(plain, k)
    assert report.totals == [t - p for t, p in zip(plain.totals, points, strict=True)]
    fool = plain.deals[k].fool
    assert report.fools == [f - (seat == fool) for seat, f in enumerate(plain.fools)]
    assert report.as_dict()["draws"] == plain.as_dict()["draws"] - plain.deals[k].draw
    # The next game was dealt by the fool as played (the table played on): no WRONG_DEALER.
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    assert running_totals(report.as_dict())[-1][2] == report.totals
    assert [annulled for _n, annulled, _t in running_totals(report.as_dict())] == [
        i == k for i in range(evening["games"])
    ]


@PROPERTY
@given(evening=EVENINGS, data=st.data())
def test_an_annulled_game_with_its_redeal_scores_as_the_evening_without_it(
    evening: dict[str, Any], data: st.DataObject
):
    # The annulled game k stands in the log before the game dealt in its place: the redeal,
    # the same deal played again by the same dealer.
    doc = simulated(evening)
    k = data.draw(st.integers(0, evening["games"] - 1), label="game")
    plain = run(doc)
    ruled = copy.deepcopy(doc)
    annulled = copy.deepcopy(doc["deals"][k])
    annulled["arbiter"] = {"annul": True}
    ruled["deals"].insert(k, annulled)
    report = run(ruled)
    assert (report.totals, report.fools) == (plain.totals, plain.fools)
    assert codes(report) == ["ANNULLED_BY_ARBITER"]
    assert [d.redeal for d in report.deals] == [i == k + 1 for i in range(len(ruled["deals"]))]
    assert finding(report, "ANNULLED_BY_ARBITER").message.endswith(f"game {k + 2} is the redeal")


@PROPERTY
@given(evening=EVENINGS, data=st.data())
def test_an_assigned_fool_scores_as_a_game_known_only_by_that_fool(
    evening: dict[str, Any], data: st.DataObject
):
    doc = simulated(evening)
    k = data.draw(st.integers(0, evening["games"] - 1), label="game")
    seat = data.draw(st.integers(0, evening["players"] - 1), label="fool")
    plain = run(doc)
    ruled = copy.deepcopy(doc)
    ruled["deals"][k]["arbiter"] = {"score": {"fool": seat}}
    report = run(ruled)
    n = evening["players"]
    assigned = game_points(None, seat, plain.ruleset.place_points, n)
    before = _points(plain, k)
    assert report.totals == [t - b + a for t, b, a in zip(plain.totals, before, assigned, strict=True)]
    assert report.deals[k].fool == seat
    assert report.deals[k].before_ruling == {
        "fool": plain.deals[k].fool,
        "draw": plain.deals[k].draw,
        "places": plain.deals[k].places,
        "source": "replay",
        "lost_by_cards": plain.deals[k].lost_by_cards,
    }
    # The next game was dealt by the fool as played: accepted; no result finding either.
    assert codes(report) == ["SCORE_ADJUSTED"]


@PROPERTY
@given(evening=EVENINGS, data=st.data())
def test_any_ruling_round_trips_and_the_running_totals_end_at_the_totals(
    evening: dict[str, Any], data: st.DataObject
):
    doc = simulated(evening)
    n = evening["players"]
    rules = durak.resolve_ruleset(evening["variant"], n)
    seats = st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True)
    scores = [st.fixed_dictionaries({"fool": st.integers(0, n - 1)})]
    if rules.draw_rule == "draw":
        scores.append(st.just({"draw": True}))
    rulings = st.one_of(
        st.builds(lambda w: {"annul": True, **({"waive": w} if w else {})}, st.one_of(st.none(), seats)),
        st.builds(lambda s: {"score": s}, st.one_of(*scores)),
        st.builds(lambda w: {"confirm": w}, seats),
    )
    for deal in doc["deals"]:
        if data.draw(st.booleans(), label="ruled"):
            deal["arbiter"] = data.draw(rulings, label="ruling")
    log = durak.parse(json.dumps(doc))
    assert durak.to_document(log) == doc
    assert durak.parse(durak.to_document(log)) == log
    report = durak.replay(log).as_dict()
    assert running_totals(report)[-1][2] == report["totals"]
    assert sum(report["fools"]) == sum(1 for d in report["deals"] if d["fool"] is not None)
    assert all(d["penalties"] == [] for d in report["deals"])
    assert all(f["severity"] != "error" for f in report["findings"])
    # Each next game was dealt by the fool as played, which a ruling on the game before accepts.
    assert {f["code"] for f in report["findings"]} <= RULING_CODES


def test_assigned_places_of_a_loss_by_cards_at_four():
    # Anna out first; Boris takes his 52nd card: the fool; Vera and Gleb, still holding cards,
    # share the next place (as rules.durak.replay places a loss by the cards).
    doc = {
        "game": "durak",
        "version": 1,
        "ruleset": {"preset": "two-decks", "place_points": [3, 2, 1, 0]},
        "players": ["Anna", "Boris", "Vera", "Gleb"],
        "deals": [{"dealer": 0, "arbiter": {"score": {"places": [1, 4, 2, 2]}}}],
    }
    report = run(doc)
    assert (report.deals[0].fool, report.totals, codes(report)) == (1, [3, 0, 2, 2], ["SCORE_ADJUSTED"])


def test_a_ruling_is_written_in_the_canonical_order_of_its_keys():
    doc = load("throw-in.json")
    doc["deals"][0]["arbiter"] = {"dispute": 3, "reason": "why", "confirm": [1], "annul": True}
    out = durak.to_document(durak.parse(doc))["deals"][0]["arbiter"]
    assert list(out) == ["annul", "confirm", "reason", "dispute"]
