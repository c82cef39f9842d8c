"""Strict reading of documents: every malformed input names its JSON path and the reason;
cards are read leniently and always written canonically."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.cards import parse_card
from rules.errors import MalformedDocument
from rules.ohhell import Deal, Event, GameLog, parse, to_document
from rules.texts import ERRORS

BASE: dict[str, Any] = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": "classic",
    "players": ["Anna", "Boris", "Vera"],
    "deals": [
        {"dealer": 0, "cards": 1, "trump": "QH", "bids": [0, 1, 0], "tricks": [["KS", "5S", "2S"]]},
        {
            "dealer": 1,
            "cards": 2,
            "trump": None,
            "events": [{"seat": 2, "bid": 0}, {"seat": 2, "play": "AH"}, {"seat": 0, "take_back": "2H"}],
        },
    ],
}


def malformed(mutate) -> MalformedDocument:
    doc = copy.deepcopy(BASE)
    mutate(doc)
    with pytest.raises(MalformedDocument) as exc:
        parse(doc)
    return exc.value


def setter(path: list[Any], value: Any):
    def mutate(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return mutate


def deleter(path: list[Any]):
    def mutate(doc):
        target = doc
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return mutate


CASES = [
    # (mutation, expected path, words the message must hold)
    (setter(["deals", 0, "tricks", 0, 1], "ZZ"), "deals[0].tricks[0][1]", "'ZZ' is not a card"),
    (setter(["deals", 0, "tricks", 0, 1], 10), "deals[0].tricks[0][1]", "must be a card such as 'TH'"),
    (setter(["deals", 0, "tricks", 0, 1], ["KS"]), "deals[0].tricks[0][1]", "not a list"),
    (setter(["deals", 0, "tricks", 0], "KS 5S 2S"), "deals[0].tricks[0]", "must be a list of cards"),
    (setter(["deals", 0, "tricks"], {}), "deals[0].tricks", "must be a list of tricks"),
    (setter(["deals", 0, "trump"], "11H"), "deals[0].trump", "not a card"),
    (setter(["deals", 0, "hands"], [["KS"], ["5S"]]), "deals[0].hands", "one entry per seat (3), not 2"),
    (setter(["deals", 0, "hands"], [["KS"], ["5S"], ["XX"]]), "deals[0].hands[2][0]", "not a card"),
    (setter(["deals", 0, "bids"], [0, 1]), "deals[0].bids", "one entry per seat (3), not 2"),
    (setter(["deals", 0, "bids"], [0, "1", 0]), "deals[0].bids[1]", "whole number, not the text '1'"),
    (setter(["deals", 0, "bids"], [0, 1.0, 0]), "deals[0].bids[1]", "whole number, not the number 1.0"),
    (setter(["deals", 0, "bids"], [0, True, 0]), "deals[0].bids[1]", "whole number, not true"),
    (setter(["deals", 0, "blind"], [0, 1, 0]), "deals[0].blind[0]", "true or false"),
    (setter(["deals", 0, "taken"], [0, 1]), "deals[0].taken", "one entry per seat"),
    (setter(["deals", 0, "scores"], [0, 1, "x"]), "deals[0].scores[2]", "whole number"),
    (setter(["deals", 0, "dealer"], 3), "deals[0].dealer", "seat 3 is out of range; seats are 0 to 2"),
    (setter(["deals", 0, "dealer"], -1), "deals[0].dealer", "out of range"),
    (setter(["deals", 0, "dealer"], "0"), "deals[0].dealer", "must be a seat number"),
    (deleter(["deals", 0, "dealer"]), "deals[0].dealer", "is required"),
    (deleter(["deals", 0, "trump"]), "deals[0].trump", "is required"),
    (deleter(["deals", 0, "bids"]), "deals[0].bids", "is required (or events)"),
    (deleter(["deals", 0, "tricks"]), "deals[0].tricks", "or taken"),
    (setter(["deals", 0, "cards"], 0), "deals[0].cards", "from 1 to 17"),
    (setter(["deals", 0, "cards"], 18), "deals[0].cards", "from 1 to 17"),
    (setter(["deals", 0, "trick"], []), "deals[0].trick", "unknown deal field 'trick'"),
    (setter(["deals", 1, "bids"], [0, 0, 0]), "deals[1].bids", "records its bids and play as events"),
    (setter(["deals", 1, "events", 0, "seat"], 5), "deals[1].events[0].seat", "out of range"),
    (deleter(["deals", 1, "events", 0, "seat"]), "deals[1].events[0].seat", "is required"),
    (setter(["deals", 1, "events", 1, "lead"], "AH"), "deals[1].events[1].lead", "unknown event 'lead'"),
    (setter(["deals", 1, "events", 1, "bid"], 1), "deals[1].events[1]", "exactly one of"),
    (setter(["deals", 1, "events", 1, "play"], "A"), "deals[1].events[1].play", "not a card"),
    (setter(["deals", 1, "events", 2, "take_back"], None), "deals[1].events[2].take_back", "not null"),
    (setter(["deals", 1, "events", 0, "bid"], "two"), "deals[1].events[0].bid", "whole number"),
    (setter(["deals", 1, "events", 0], [2, 0]), "deals[1].events[0]", "must be a JSON object"),
    (setter(["deals", 1], "deal"), "deals[1]", "must be a JSON object, not the text 'deal'"),
    (setter(["deals"], {}), "deals", "must be a list of deals"),
    (setter(["players"], ["Anna", "Boris"]), "players", "3 to 7 players, not 2"),
    (setter(["players"], [f"P{i}" for i in range(8)]), "players", "3 to 7 players, not 8"),
    (setter(["players"], ["Anna", "Boris", ""]), "players[2]", "a player's name"),
    (setter(["players"], ["Anna", "Boris", "Anna"]), "players[2]", "already at seat 0"),
    (setter(["players"], "Anna, Boris, Vera"), "players", "must be a list of names"),
    (setter(["game"], "bridge-rubber"), "game", "must be 'oh-hell'"),
    (deleter(["game"]), "game", "is required"),
    (setter(["version"], 2), "version", "unsupported version"),
    (setter(["version"], "1"), "version", "unsupported version"),
    (deleter(["ruleset"]), "ruleset", "is required"),
    (setter(["ruleset"], "modern"), "ruleset", "unknown preset 'modern'"),
    (setter(["ruleset"], {"preset": "nope"}), "ruleset.preset", "unknown preset"),
    (setter(["ruleset"], {"preset": 1}), "ruleset.preset", "preset name"),
    (setter(["ruleset"], {"preset": "classic", "bonus": 5}), "ruleset.bonus", "unknown ruleset option"),
    (setter(["ruleset"], {"made_bonus": "10"}), "ruleset.made_bonus", "whole number"),
    (setter(["ruleset"], {"dealer_hook": 1}), "ruleset.dealer_hook", "true or false"),
    (setter(["ruleset"], {"schedule": []}), "ruleset.schedule", "non-empty list"),
    (setter(["ruleset"], {"schedule": [1, 18]}), "ruleset.schedule[1]", "cannot be dealt to 3 players"),
    (setter(["ruleset"], {"schedule": [1, "2"]}), "ruleset.schedule[1]", "whole number"),
    (setter(["ruleset"], {"nil_made": "5+tricks"}), "ruleset.nil_made", '"N+cards"'),
    (setter(["ruleset"], {"renege_penalty": -10}), "ruleset.renege_penalty", "at least 0"),
    (setter(["ruleset"], {"blind_multiplier": 0}), "ruleset.blind_multiplier", "at least 1"),
    (setter(["ruleset"], ["classic"]), "ruleset", "preset name or an object"),
    (setter(["totals"], [1, 2]), "totals", "one entry per seat"),
    (setter(["comment"], "x"), "comment", "unknown field 'comment'"),
]


@pytest.mark.parametrize(("mutate", "path", "words"), CASES, ids=[c[1] + ":" + c[2] for c in CASES])
def test_malformed_documents_name_the_path_and_the_reason(mutate, path, words):
    exc = malformed(mutate)
    assert exc.path == path
    assert words in exc.message
    assert exc.code in ERRORS, exc.code
    assert exc.as_dict() == {"path": path, "message": exc.message, "code": exc.code, "params": exc.params}


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (b"", "not JSON"),
        (b"{", "not JSON"),
        (b"\xff\xfe\x00", "not UTF-8 text"),
        (b"[]", "must be a JSON object"),
        (b'"oh-hell"', "must be a JSON object"),
    ],
)
def test_text_that_is_no_json_object(raw, words):
    with pytest.raises(MalformedDocument) as exc:
        parse(raw)
    assert exc.value.path == ""
    assert words in exc.value.message


def test_a_repeated_key_is_malformed_not_silently_dropped():
    text = json.dumps(BASE).replace('"dealer": 0,', '"dealer": 0, "dealer": 2,', 1)
    with pytest.raises(MalformedDocument) as exc:
        parse(text)
    assert exc.value.path == "deals[0].dealer"
    assert "appears twice" in exc.value.message


@pytest.mark.parametrize(
    ("spelling", "canonical"),
    [
        ("TH", "TH"),
        ("10H", "TH"),
        ("10♥", "TH"),
        ("th", "TH"),
        ("T♡", "TH"),
        ("ТH", "AH"),  # Cyrillic Т is the ace (туз)
        ("тh", "AH"),
        ("В♠", "JS"),  # валет
        ("Д♦", "QD"),  # дама
        ("К♣", "KC"),  # король
        ("KC", "KC"),  # Latin K
        ("q♦", "QD"),
        (" 7c ", "7C"),
        ("2♤", "2S"),
    ],
)
def test_cards_are_read_leniently_and_written_canonically(spelling, canonical):
    doc = copy.deepcopy(BASE)
    doc["deals"][0]["trump"] = spelling
    log = parse(doc)
    assert log.deals[0].trump == parse_card(canonical)
    assert to_document(log)["deals"][0]["trump"] == canonical


def test_parse_gives_ints_and_tuples():
    log = parse(json.dumps(BASE))
    assert isinstance(log, GameLog)
    assert log.players == ("Anna", "Boris", "Vera")
    assert log.deals[0] == Deal(
        dealer=0,
        trump=parse_card("QH"),
        cards=1,
        bids=(0, 1, 0),
        tricks=((parse_card("KS"), parse_card("5S"), parse_card("2S")),),
    )
    assert log.deals[1].events == (
        Event("bid", 2, 0),
        Event("play", 2, parse_card("AH")),
        Event("take_back", 0, parse_card("2H")),
    )


def test_null_optional_fields_are_absent_and_null_trump_is_no_trumps():
    doc = copy.deepcopy(BASE)
    doc["totals"] = None
    doc["deals"][0].update(cards=None, hands=None, blind=None, taken=None, scores=None)
    log = parse(doc)
    assert log.totals is None
    assert log.deals[0].cards is None
    assert log.deals[1].trump is None


def test_parse_accepts_bytes_text_and_dicts_alike():
    text = json.dumps(BASE)
    assert parse(text) == parse(text.encode()) == parse(json.loads(text))


def test_to_document_is_canonical_and_round_trips():
    doc = copy.deepcopy(BASE)
    doc["ruleset"] = {"preset": "classic", "made_bonus": 20, "schedule": [1, 2]}
    doc["deals"][0]["tricks"] = [["к♠", "5s", "2♠"]]
    doc["deals"][0]["hands"] = [["К♠"], ["5S"], ["2S"]]
    doc["totals"] = [1, 2, 3]
    log = parse(doc)
    out = to_document(log)
    assert out["ruleset"] == {"preset": "classic", "schedule": [1, 2], "made_bonus": 20, "nil_made": 20}
    assert out["deals"][0]["tricks"] == [["KS", "5S", "2S"]]
    assert out["deals"][0]["hands"] == [["KS"], ["5S"], ["2S"]]
    assert out["deals"][1]["events"][2] == {"seat": 0, "take_back": "2H"}
    assert parse(out) == log
    assert parse(json.dumps(out)) == log


def test_a_preset_alone_serialises_as_its_name():
    assert to_document(parse(BASE))["ruleset"] == "classic"
    doc = copy.deepcopy(BASE)
    doc["ruleset"] = {"preset": "classic-nil5"}
    assert to_document(parse(doc))["ruleset"] == "classic-nil5"
