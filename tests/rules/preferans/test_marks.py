"""What the scorer marks besides the entries: bombs drawn and put out, the settlement, the
talon in the order written, a claim shared per seat, and the readings a ruleset chooses
(docs/preferans-log.md, "Deal" and "Settlement")."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from rules import preferans
from rules.errors import MalformedDocument

DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"


def load(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((DATA / name).read_text(encoding="utf-8"))
    return doc


def findings(doc: dict[str, Any]) -> list[tuple[str, int | None, int | None, str]]:
    report = preferans.replay(preferans.parse(doc)).as_dict()
    return [(f["code"], f["deal"], f["seat"], f["message"]) for f in report["findings"]]


# -- bombs ---------------------------------------------------------------------------------
# dark-passout-bombs.json: deal 1 a dark pass-out (Boris blind, Vera blind, Anna the dealer
# looked) draws a bomb for Boris and one for Vera; in deal 2 Vera makes 7♠ and puts hers out.


def with_bombs(first: list[dict[str, Any]], second: list[dict[str, Any]]) -> dict[str, Any]:
    doc = load("dark-passout-bombs.json")
    doc["deals"][0]["bombs"] = first
    doc["deals"][1]["bombs"] = second
    return doc


DRAWN = [{"seat": 1, "event": "drawn", "rank": 1}, {"seat": 2, "event": "drawn", "rank": 1}]


def test_bombs_marked_as_the_deals_draw_and_put_them_out_are_clean() -> None:
    doc = with_bombs(DRAWN, [{"seat": 2, "event": "extinguished", "rank": 1}])
    assert findings(doc) == []


def test_an_extinguished_mark_without_its_rank_matches_the_bomb_put_out() -> None:
    assert findings(with_bombs(DRAWN, [{"seat": 2, "event": "extinguished"}])) == []


def test_a_bomb_not_marked_is_a_mismatch_naming_the_owner() -> None:
    doc = with_bombs(DRAWN[:1], [{"seat": 2, "event": "extinguished", "rank": 1}])
    assert findings(doc) == [
        ("BOMB_MISMATCH", 1, 2, "the deal draws a bomb for Vera, but the pulka does not mark it")
    ]


def test_a_bomb_of_the_wrong_rank_is_two_mismatches() -> None:
    doc = with_bombs([DRAWN[0], {"seat": 2, "event": "drawn", "rank": 2}], [])
    assert findings(doc) == [
        ("BOMB_MISMATCH", 1, 2, "the deal draws a bomb for Vera, but the pulka does not mark it"),
        ("BOMB_MISMATCH", 1, 2, "Vera is marked with a double bomb drawn, but the deal draws no such bomb"),
        ("BOMB_MISMATCH", 2, 2, "the deal puts out a bomb for Vera, but the pulka does not mark it"),
    ]


def test_a_bomb_put_out_by_a_lost_game_is_a_mismatch() -> None:
    # Deal 3: Boris goes down in 6♦; a lost game keeps the bomb ("При проигрыше … бомба не пропадает").
    doc = load("dark-passout-bombs.json")
    doc["deals"][2]["bombs"] = [{"seat": 1, "event": "extinguished", "rank": 1}]
    assert findings(doc) == [
        (
            "BOMB_MISMATCH",
            3,
            1,
            "Boris is marked with a bomb extinguished, but the deal puts out no such bomb",
        )
    ]


def test_an_empty_bomb_list_says_nothing_happened() -> None:
    doc = load("dark-passout-bombs.json")
    doc["deals"][0]["bombs"] = []
    assert [f[:3] for f in findings(doc)] == [("BOMB_MISMATCH", 1, 1), ("BOMB_MISMATCH", 1, 2)]


@pytest.mark.parametrize(
    ("mark", "path", "message"),
    [
        ({"seat": 1, "event": "drawn"}, "deals[0].bombs[0].rank", "is required for a bomb drawn"),
        (
            {"seat": 1, "event": "lit", "rank": 1},
            "deals[0].bombs[0].event",
            "must be 'drawn' or 'extinguished'",
        ),
        ({"seat": 1, "event": "drawn", "rank": 4}, "deals[0].bombs[0].rank", "must be from 1 to 3, not 4"),
        ({"seat": 3, "event": "drawn", "rank": 1}, "deals[0].bombs[0].seat", "must be from 0 to 2, not 3"),
        ({"event": "drawn", "rank": 1}, "deals[0].bombs[0].seat", "is required"),
        ({"seat": 1, "event": "drawn", "rank": 1, "when": 2}, "deals[0].bombs[0]", "when"),
    ],
)
def test_a_malformed_bomb_mark_names_its_path(mark: dict[str, Any], path: str, message: str) -> None:
    doc = load("dark-passout-bombs.json")
    doc["deals"][0]["bombs"] = [mark]
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(doc)
    assert caught.value.path.startswith(path)
    assert message in caught.value.message


def test_bomb_marks_round_trip() -> None:
    doc = with_bombs(DRAWN, [{"seat": 2, "event": "extinguished"}])
    assert preferans.to_document(preferans.parse(doc))["deals"][:2] == doc["deals"][:2]


# -- the settlement ------------------------------------------------------------------------


def test_a_settlement_written_as_the_pulka_settles_is_clean() -> None:
    doc = load("sochi-pulka.json")
    doc["settlement"] = {"balances": [140, 55, -195]}
    assert findings(doc) == []
    assert preferans.to_document(preferans.parse(doc))["settlement"] == {"balances": [140, 55, -195]}


def test_a_miswritten_settlement_names_each_wrong_balance() -> None:
    doc = load("sochi-pulka.json")
    doc["settlement"] = {"balances": [150, 45, -195]}
    assert findings(doc) == [
        (
            "SETTLEMENT_MISMATCH",
            None,
            0,
            "Anna is settled at 150 whists, but the pulka settles at 140 whists",
        ),
        ("SETTLEMENT_MISMATCH", None, 1, "Boris is settled at 45 whists, but the pulka settles at 55 whists"),
    ]


@pytest.mark.parametrize(
    ("settlement", "path"),
    [
        ({"balances": [1, 2]}, "settlement.balances"),
        ({"balances": [1, 2, "x"]}, "settlement.balances[2]"),
        ({}, "settlement.balances"),
        ({"balances": [0, 0, 0], "net": []}, "settlement.net"),
        ([0, 0, 0], "settlement"),
    ],
)
def test_a_malformed_settlement_names_its_path(settlement: Any, path: str) -> None:
    doc = load("sochi-pulka.json")
    doc["settlement"] = settlement
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(doc)
    assert caught.value.path == path


# -- the talon in the order written --------------------------------------------------------
# sochi-pulka.json deal 3 is a pass-out with the talon 7♠ 7♣: trick 1 follows spades, 2 clubs.


def test_the_passout_talon_is_turned_in_the_order_written() -> None:
    doc = load("sochi-pulka.json")
    doc["deals"][2]["talon"] = ["7C", "7S"]
    got = findings(doc)
    revokes = [(code, message) for code, deal, _seat, message in got if code == "REVOKE" and deal == 3]
    assert revokes[0] == ("REVOKE", "Anna played 8S on a club talon card in trick 1 while holding 9C")
    assert len(revokes) == 6


def test_the_talon_turned_clubs_first_with_the_play_to_match_is_clean() -> None:
    doc = load("sochi-pulka.json")
    deal = doc["deals"][2]
    deal["talon"] = ["7C", "7S"]
    deal["play"][0], deal["play"][1] = deal["play"][1], deal["play"][0]
    assert findings(doc) == []
    assert preferans.to_document(preferans.parse(doc))["deals"][2]["talon"] == ["7C", "7S"]


# -- a claim shared per seat ---------------------------------------------------------------
# sochi-pulka.json deal 1: Boris's 6♠; after seven tricks Anna 1, Boris 6, Vera 0.


def claimed(shares: list[int] | int, tricks: list[int] | None = None) -> dict[str, Any]:
    doc = load("sochi-pulka.json")
    deal = doc["deals"][0]
    deal["play"] = deal["play"][:7]
    deal["claim"] = shares
    if tricks is None:
        del deal["tricks"]
    else:
        deal["tricks"] = tricks
    doc["deals"] = doc["deals"][:1]
    return doc


def test_a_claim_per_seat_gives_the_tricks_without_a_written_count() -> None:
    doc = claimed([3, 0, 0])
    assert findings(doc) == []
    assert preferans.replay(preferans.parse(doc)).as_dict()["deals"][0]["tricks"] == [4, 6, 0]


def test_a_claim_per_seat_that_gives_the_declarer_more_is_scored_so() -> None:
    # Boris claimed one of the three: 7 tricks, an overtrick the entries as written do not show.
    got = findings(claimed([0, 1, 2]))
    assert [code for code, *_ in got] == ["ENTRY_MISMATCH", "ENTRY_MISMATCH"]


def test_a_claim_per_seat_must_share_the_tricks_left() -> None:
    assert findings(claimed([2, 0, 0])) == [
        (
            "CLAIM_MISMATCH",
            1,
            None,
            "the claim shares 2 tricks, but 3 tricks remained after the 7 tricks played",
        )
    ]


def test_a_claim_per_seat_is_checked_against_the_written_tricks() -> None:
    # The claim gives Boris an overtrick: Vera, the lone whister, is short of her quota.
    assert findings(claimed([2, 1, 0], [4, 6, 0])) == [
        ("TRICKS_MISMATCH", 1, 0, "Anna is written with 4 tricks, but the play gives 3 tricks"),
        ("TRICKS_MISMATCH", 1, 1, "Boris is written with 6 tricks, but the play gives 7 tricks"),
        ("ENTRY_MISMATCH", 1, 2, "Vera is written 0 in mountain, but the deal gives 2"),
        ("ENTRY_MISMATCH", 1, 2, "Vera is written 8 in whists on Boris, but the deal gives 6"),
    ]


def test_a_claim_count_still_reads_its_shares_from_the_written_tricks() -> None:
    assert findings(claimed(3, [4, 6, 0])) == []


@pytest.mark.parametrize(
    ("claim", "path", "message"),
    [
        ([1, 2], "deals[0].claim", "must give each of the 3 seats"),
        ([1, 2, "3"], "deals[0].claim[2]", "must be a whole number"),
        ([6, 6, 0], "deals[0].claim", "the claim shares 12"),
        ("3", "deals[0].claim", "the number of tricks claimed or a list"),
        (11, "deals[0].claim", "must be from 0 to 10"),
    ],
)
def test_a_malformed_claim_names_its_path(claim: Any, path: str, message: str) -> None:
    with pytest.raises(MalformedDocument) as caught:
        preferans.parse(claimed(claim))
    assert (caught.value.path, message in caught.value.message) == (path, True)


def test_a_claim_per_seat_round_trips() -> None:
    doc = claimed([3, 0, 0])
    assert preferans.to_document(preferans.parse(doc))["deals"][0]["claim"] == [3, 0, 0]


# -- the readings a ruleset chooses --------------------------------------------------------


READINGS = {
    "first_lead": ("first-hand", "left-of-declarer"),
    "talon_order": ("first-hand", "winner"),
    "hold": ("first_hand", "elder", "none"),
    "dark_levels": ("suits", "steps"),
    "dark_bar": ("raz", "any_bid"),
    "dark_double": ("all", "dark_range"),
    "bomb_use": ("owner", "table"),
    "bomb_dealer": ("own-pass", "dealer"),
}


@pytest.mark.parametrize("preset", ["sochi", "leningrad", "rostov"])
def test_every_convention_defaults_to_the_documented_readings(preset: str) -> None:
    ruleset = preferans.resolve_ruleset(preset, 3).as_dict()
    assert {name: ruleset[name] for name in READINGS} == {name: words[0] for name, words in READINGS.items()}
    assert (ruleset["passout_talon"], ruleset["dark_games"]) == (True, True)


@pytest.mark.parametrize(("name", "words"), READINGS.items())
def test_each_reading_takes_its_words_and_refuses_others(name: str, words: tuple[str, ...]) -> None:
    for word in words:
        assert preferans.resolve_ruleset({"preset": "sochi", name: word}, 3).as_dict()[name] == word
    with pytest.raises(MalformedDocument) as caught:
        preferans.resolve_ruleset({"preset": "sochi", name: "other"}, 3)
    assert caught.value.path == f"ruleset.{name}"
    assert ", ".join(words) in caught.value.message


def test_a_table_without_dark_games_finds_a_dark_call() -> None:
    doc = load("dark-passout-bombs.json")
    doc["ruleset"] = {"preset": "sochi", "dark_games": False}
    assert ("DARK_NOT_ALLOWED", 1, 1) in [f[:3] for f in findings(doc)]


def test_the_passout_talon_switched_off_lets_the_first_hand_lead_freely() -> None:
    doc = load("sochi-pulka.json")
    deal = doc["deals"][2]
    deal["talon"] = ["7C", "7S"]  # would be six revokes with the talon turned
    doc["ruleset"] = {"preset": "sochi", "passout_talon": False}
    got = findings(doc)
    # No talon suit to follow: the first two tricks stand as played (later tricks are led
    # by the winners now, which the log, written for the talon, does not follow).
    assert not any("talon" in message for *_, message in got)
    assert not any(f"trick {t} " in message for *_, message in got for t in (1, 2))


def test_a_reading_is_echoed_as_an_override() -> None:
    ruleset = preferans.resolve_ruleset({"preset": "rostov", "bomb_use": "table"}, 3)
    assert ruleset.overrides() == {"bomb_use": "table"}


def test_the_readings_survive_a_copy_of_the_document() -> None:
    doc = load("dark-passout-bombs.json")
    doc["ruleset"] = {"preset": "sochi", "bomb_use": "table"}
    again = preferans.to_document(preferans.parse(copy.deepcopy(doc)))
    assert again["ruleset"] == {"preset": "sochi", "bomb_use": "table"}
