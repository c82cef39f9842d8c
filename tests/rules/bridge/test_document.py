"""Strict reading of the rubber bridge log: every malformed input names its JSON path and the
reason; cards, calls and seats are read leniently and written canonically; canonical documents
survive parse → to_document unchanged."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge.core import Call, Seat, Side, Strain
from rules.bridge.document import (
    CALL_BY_SPELLING,
    BridgeDeal,
    BridgeLog,
    Honours,
    Irregularity,
    SideScores,
    hand_names,
    parse,
    read_call,
    to_document,
)
from rules.cards import NAME, mask_of, parse_card
from rules.errors import MalformedDocument
from rules.texts import ERRORS

SPADES = ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]
HEARTS = [c[0] + "H" for c in SPADES]
DIAMONDS = [c[0] + "D" for c in SPADES]
CLUBS = [c[0] + "C" for c in SPADES]

BASE: dict[str, Any] = {
    "game": "bridge-rubber",
    "version": 1,
    "ruleset": "seed",
    "players": ["Anna", "Boris", "Vera", "Gleb"],
    "deals": [
        {
            "dealer": "N",
            "hands": {"N": SPADES, "E": HEARTS, "S": DIAMONDS, "W": CLUBS},
            "auction": ["1H", "P", "2H", "P", "4H", "P", "P", "P"],
            "play": [["2C", "AS", "KH", "AD"], ["QH", "KD", "3C", "KS"]],
            "claim": 9,
            "result": 10,
            "scores": {"we": {"above": [30], "below": [120]}, "they": {"above": [], "below": []}},
        },
        {"dealer": "E", "auction": ["P", "P", "P", "P"]},
        {"dealer": "S", "auction": ["1NT", "P", "P", "P"], "result": 6, "board": 3},
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


D0 = ["deals", 0]


def short_trick_without_claim(doc):
    """A last trick of three cards, and no claim after it."""
    del doc["deals"][0]["claim"]
    doc["deals"][0]["play"][1].pop()


CASES = [
    # (mutation, expected path, words the message must hold)
    (setter(["game"], "oh-hell"), "game", "must be 'bridge-rubber'"),
    (deleter(["game"]), "game", "is required"),
    (setter(["version"], 2), "version", "unsupported version"),
    (setter(["version"], True), "version", "unsupported version"),
    (deleter(["players"]), "players", "is required"),
    (deleter(["deals"]), "deals", "is required"),
    (setter(["comment"], "x"), "comment", "unknown field 'comment'"),
    (setter(["ruleset"], 5), "ruleset", "preset name or an object"),
    (setter(["ruleset"], " "), "ruleset", "not empty text"),
    (setter(["players"], ["Anna", "Boris", "Vera"]), "players", "4 players (N, E, S, W), not 3"),
    (setter(["players"], "Anna Boris Vera Gleb"), "players", "must be a list of four names"),
    (setter(["players"], ["Anna", "Boris", "Vera", ""]), "players[3]", "a player's name"),
    (setter(["players"], ["Anna", "Boris", "Vera", 4]), "players[3]", "a player's name"),
    (setter(["players"], ["Anna", "Boris", "Anna", "Gleb"]), "players[2]", "already sits N"),
    (setter(["deals"], {}), "deals", "must be a list of deals"),
    (setter(["deals", 1], []), "deals[1]", "must be a JSON object, not a list"),
    (setter([*D0, "trick"], []), "deals[0].trick", "unknown field 'trick'"),
    (deleter([*D0, "dealer"]), "deals[0].dealer", "is required"),
    (setter([*D0, "dealer"], 0), "deals[0].dealer", "one of N, E, S, W"),
    (setter([*D0, "dealer"], "X"), "deals[0].dealer", "one of N, E, S, W"),
    (setter([*D0, "auction_start"], "Q"), "deals[0].auction_start", "one of N, E, S, W"),
    (deleter([*D0, "auction"]), "deals[0].auction", "is required"),
    (setter([*D0, "auction"], "1H P"), "deals[0].auction", "must be a list of calls"),
    (setter([*D0, "auction", 5], "8H"), "deals[0].auction[5]", "must be a call"),
    (setter([*D0, "auction", 5], "1Z"), "deals[0].auction[5]", "not the text '1Z'"),
    (setter([*D0, "auction", 5], 1), "deals[0].auction[5]", "not the number 1"),
    (setter([*D0, "hands"], []), "deals[0].hands", "must be a JSON object"),
    (setter([*D0, "hands", "X"], SPADES), "deals[0].hands.X", "unknown seat 'X'"),
    (setter([*D0, "hands", "n"], SPADES), "deals[0].hands.n", "given twice"),
    (setter([*D0, "hands", "N"], SPADES[:12]), "deals[0].hands.N", "13 cards, not 12"),
    (setter([*D0, "hands", "N"], [*SPADES[:12], "ZZ"]), "deals[0].hands.N[12]", "not a card"),
    (setter([*D0, "hands", "N"], [*SPADES[:12], "AS"]), "deals[0].hands.N[12]", "AS is already earlier"),
    (setter([*D0, "hands", "E"], [*HEARTS[:12], "2S"]), "deals[0].hands.E[12]", "2S is already in N's hand"),
    (setter([*D0, "hands", "N"], "AKQ"), "deals[0].hands.N", "must be a list of cards, not the text 'AKQ'"),
    (setter([*D0, "play"], {}), "deals[0].play", "must be a list of tricks"),
    (setter([*D0, "play", 1, 2], "1C"), "deals[0].play[1][2]", "not a card"),
    (setter([*D0, "play", 1, 2], ["3C"]), "deals[0].play[1][2]", "not a list"),
    (setter([*D0, "play", 0], []), "deals[0].play[0]", "not 0"),
    (setter([*D0, "play", 0], ["2C", "AS", "KH", "AD", "3D"]), "deals[0].play[0]", "not 5"),
    (setter([*D0, "play", 0], ["2C", "AS"]), "deals[0].play[0]", "only the last trick may be incomplete"),
    (setter([*D0, "play"], [["2C"] * 4] * 14), "deals[0].play", "13 tricks, not 14"),
    (short_trick_without_claim, "deals[0].play[1]", "only for a claim"),
    (setter([*D0, "claim"], 14), "deals[0].claim", "from 0 to 13"),
    (setter([*D0, "claim"], "9"), "deals[0].claim", "whole number"),
    (setter([*D0, "result"], -1), "deals[0].result", "from 0 to 13"),
    (setter([*D0, "result"], 10.0), "deals[0].result", "whole number"),
    (deleter(["deals", 2, "result"]), "deals[2].result", "required when there is no play"),
    (setter(["deals", 2, "claim"], 3), "deals[2].claim", "give play"),
    (setter(["deals", 2, "play_start"], "W"), "deals[2].play_start", "give play"),
    (setter([*D0, "irregularities"], {}), "deals[0].irregularities", "must be a list of marks"),
    (
        setter([*D0, "irregularities"], [{"mark": "Q"}]),
        "deals[0].irregularities[0].mark",
        "one of R, S, L, I",
    ),
    (setter([*D0, "irregularities"], [{"trick": 3}]), "deals[0].irregularities[0].mark", "one of R, S, L, I"),
    (
        setter([*D0, "irregularities"], [{"mark": "R", "trick": 0}]),
        "deals[0].irregularities[0].trick",
        "1 to 13",
    ),
    (setter([*D0, "irregularities"], [{"mark": "R", "seat": 1}]), "deals[0].irregularities[0].seat", "seat"),
    (
        setter([*D0, "irregularities"], [{"mark": "R", "card": "2C"}]),
        "deals[0].irregularities[0].card",
        "unknown",
    ),
    (setter([*D0, "honours"], {"side": "us", "points": 100}), "deals[0].honours.side", "'we'"),
    (setter([*D0, "honours"], {"side": "we", "points": 120}), "deals[0].honours.points", "100 or 150"),
    (setter([*D0, "honours"], {"side": "we"}), "deals[0].honours.points", "is required"),
    (setter([*D0, "honours"], {"side": "we", "points": 100, "x": 1}), "deals[0].honours.x", "unknown"),
    (setter([*D0, "scores"], []), "deals[0].scores", "must be a JSON object"),
    (setter([*D0, "scores", "ns"], {}), "deals[0].scores.ns", "unknown field 'ns'"),
    (setter([*D0, "scores", "we", "middle"], []), "deals[0].scores.we.middle", "unknown field"),
    (setter([*D0, "scores", "we", "above"], 30), "deals[0].scores.we.above", "list of points"),
    (setter([*D0, "scores", "we", "below"], [120, "x"]), "deals[0].scores.we.below[1]", "whole number"),
    (setter([*D0, "scores", "they", "below"], [-20]), "deals[0].scores.they.below[0]", "at least 0"),
    (setter(["deals", 2, "board"], 0), "deals[2].board", "at least 1"),
    (setter(["deals", 2, "board"], ""), "deals[2].board", "board number or label"),
]


@pytest.mark.parametrize(("mutate", "path", "words"), CASES, ids=[f"{c[1]}:{c[2]}" for c in CASES])
def test_malformed_documents_name_the_path_and_the_reason(mutate, path, words):
    exc = malformed(mutate)
    assert exc.path == path
    assert words in exc.message
    # Every refusal is a registered code (rules/bridge/texts.py, rules/texts_read.py) with its data.
    assert exc.code in ERRORS, exc.code
    assert exc.as_dict() == {"path": path, "message": exc.message, "code": exc.code, "params": exc.params}


@pytest.mark.parametrize(
    ("raw", "words"),
    [(b"", "not JSON"), (b"\xff\xfe\x00", "not UTF-8 text"), (b"[]", "must be a JSON object")],
)
def test_text_that_is_no_json_object(raw, words):
    with pytest.raises(MalformedDocument) as exc:
        parse(raw)
    assert exc.value.path == ""
    assert words in exc.value.message


def test_repeated_keys_are_refused_with_their_path():
    text = json.dumps(BASE).replace('"dealer": "E"', '"dealer": "E", "dealer": "W"')
    with pytest.raises(MalformedDocument) as exc:
        parse(text)
    assert exc.value.path == "deals[1].dealer"
    assert "appears twice" in exc.value.message


def test_the_base_document_reads_into_the_model():
    log = parse(json.dumps(BASE).encode())
    assert log.players == ("Anna", "Boris", "Vera", "Gleb")
    assert log.ruleset == "seed"
    first, passed, third = log.deals
    assert first.dealer == Seat.N
    assert first.hands == (
        mask_of(parse_card(c) for c in SPADES),
        mask_of(parse_card(c) for c in HEARTS),
        mask_of(parse_card(c) for c in DIAMONDS),
        mask_of(parse_card(c) for c in CLUBS),
    )
    assert first.auction[0] == Call("bid", 1, Strain.HEARTS)
    assert first.auction[1] == Call("pass")
    assert first.play == (
        tuple(parse_card(c) for c in ["2C", "AS", "KH", "AD"]),
        tuple(parse_card(c) for c in ["QH", "KD", "3C", "KS"]),
    )
    assert (first.claim, first.result) == (9, 10)
    assert first.scores == (SideScores(above=(30,), below=(120,)), SideScores())
    assert passed == BridgeDeal(dealer=Seat.E, auction=(Call("pass"),) * 4)
    assert third.board == 3
    assert third.play is None


def test_lenient_spellings_are_written_canonically():
    doc = copy.deepcopy(BASE)
    deal = doc["deals"][0]
    deal["dealer"] = "n"
    deal["auction"] = ["1h", "Pass", "2♥", "dbl", "RDBL", "pass", "4n", "P", "p", "P"]
    deal["hands"] = {
        "n": [c.lower() for c in SPADES],
        "E": HEARTS,
        "s": DIAMONDS,
        "W": [f"{c[0]}♣" for c in CLUBS],
    }
    deal["play"][0] = ["2♣", "ТS", "10H", "AD"]  # Cyrillic Т is the ace, 10 is the ten
    deal["irregularities"] = [{"mark": "r", "seat": "e", "trick": 2}]
    deal["honours"] = {"side": "We", "points": 150}
    out = to_document(parse(doc))["deals"][0]
    assert out["dealer"] == "N"
    assert out["auction"] == ["1H", "P", "2H", "X", "XX", "P", "4NT", "P", "P", "P"]
    assert out["hands"] == {"N": SPADES, "E": HEARTS, "S": DIAMONDS, "W": CLUBS}
    assert out["play"][0] == ["2C", "AS", "TH", "AD"]
    assert out["irregularities"] == [{"trick": 2, "seat": "E", "mark": "R"}]
    assert out["honours"] == {"side": "we", "points": 150}


def test_partial_hands_and_scores_are_allowed():
    doc = copy.deepcopy(BASE)
    deal = doc["deals"][0]
    del deal["hands"]["E"], deal["hands"]["W"]
    deal["scores"] = {"they": {"above": [50]}}
    log = parse(doc)
    hands = log.deals[0].hands
    assert hands is not None
    assert hands[Seat.E] == hands[Seat.W] == 0
    assert log.deals[0].scores == (SideScores(), SideScores(above=(50,)))
    out = to_document(log)["deals"][0]
    assert set(out["hands"]) == {"N", "S"}
    assert out["scores"] == {"we": {"above": [], "below": []}, "they": {"above": [50], "below": []}}


def test_no_ruleset_is_kept_as_none_and_an_object_as_written():
    doc = copy.deepcopy(BASE)
    del doc["ruleset"]
    log = parse(doc)
    assert log.ruleset is None
    assert "ruleset" not in to_document(log)
    doc["ruleset"] = {"preset": "laws", "anything": [1]}
    assert parse(doc).ruleset == {"preset": "laws", "anything": [1]}


def test_every_call_spelling_reads_to_a_call_and_bids_cover_all_35():
    bids = {c for c in CALL_BY_SPELLING.values() if c.kind == "bid"}
    assert len(bids) == 35
    assert {str(c) for c in bids} == {f"{lv}{s}" for lv in range(1, 8) for s in ("C", "D", "H", "S", "NT")}
    assert read_call(" 3 nt ") == Call("bid", 3, Strain.NOTRUMP)
    assert read_call("Double") == Call("double")
    assert read_call("0C") is None


def test_hands_are_written_from_the_ace_down_by_suit():
    mask = mask_of(parse_card(c) for c in ["2C", "AS", "TD", "KH", "3S"])
    assert hand_names(mask) == ["AS", "3S", "KH", "TD", "2C"]


# -- round trip ------------------------------------------------------------------------------

SEAT_LETTERS = "NESW"
CALLS = sorted({str(c) for c in CALL_BY_SPELLING.values()})


@st.composite
def canonical_deals(draw: st.DrawFn) -> dict[str, Any]:
    deal: dict[str, Any] = {"dealer": draw(st.sampled_from(SEAT_LETTERS))}
    if draw(st.booleans()):
        deal["auction_start"] = draw(st.sampled_from(SEAT_LETTERS))
    cards = draw(st.permutations(range(52)))
    if draw(st.booleans()):
        seats = draw(st.sets(st.sampled_from(SEAT_LETTERS), min_size=1))
        deal["hands"] = {
            s: hand_names(mask_of(cards[13 * i : 13 * i + 13]))
            for i, s in enumerate(SEAT_LETTERS)
            if s in seats
        }
    deal["auction"] = draw(st.lists(st.sampled_from(CALLS), max_size=12))
    has_play = draw(st.booleans())
    if has_play:
        n = draw(st.integers(0, 13))
        play = [[NAME[c] for c in cards[4 * t : 4 * t + 4]] for t in range(n)]
        claim = draw(st.none() | st.integers(0, 13))
        if claim is not None and play and draw(st.booleans()):
            play[-1] = play[-1][: draw(st.integers(1, 3))]
        deal["play"] = play
        if claim is not None:
            deal["claim"] = claim
        if draw(st.booleans()):
            deal["play_start"] = draw(st.sampled_from(SEAT_LETTERS))
    if not has_play or draw(st.booleans()):
        deal["result"] = draw(st.integers(0, 13))
    if draw(st.booleans()):
        deal["irregularities"] = draw(
            st.lists(
                st.fixed_dictionaries(
                    {"mark": st.sampled_from("RSLI")},
                    optional={"trick": st.integers(1, 13), "seat": st.sampled_from(SEAT_LETTERS)},
                ),
                max_size=3,
            )
        )
    if draw(st.booleans()):
        deal["honours"] = {
            "side": draw(st.sampled_from(["we", "they"])),
            "points": draw(st.sampled_from([100, 150])),
        }
    if draw(st.booleans()):
        points = st.lists(st.integers(0, 3000), max_size=3)
        deal["scores"] = {side: {"above": draw(points), "below": draw(points)} for side in ("we", "they")}
    if draw(st.booleans()):
        deal["board"] = draw(st.integers(1, 100) | st.text(min_size=1, max_size=5).filter(str.strip))
    return deal


names = st.text(min_size=1, max_size=12).filter(str.strip)


@st.composite
def canonical_logs(draw: st.DrawFn) -> dict[str, Any]:
    doc: dict[str, Any] = {"game": "bridge-rubber", "version": 1}
    ruleset = draw(st.none() | st.sampled_from(["seed", "laws"]) | st.just({"preset": "laws"}))
    if ruleset is not None:
        doc["ruleset"] = ruleset
    doc["players"] = draw(st.lists(names, min_size=4, max_size=4, unique=True))
    doc["deals"] = draw(st.lists(canonical_deals(), max_size=3))
    return doc


@settings(max_examples=200, deadline=None)
@given(canonical_logs())
def test_canonical_documents_round_trip(doc):
    log = parse(doc)
    assert to_document(log) == doc
    assert parse(json.dumps(to_document(log))) == log


def test_the_model_types():
    log = parse(BASE)
    assert isinstance(log, BridgeLog)
    deal = parse(
        {
            **BASE,
            "deals": [
                {
                    "dealer": "W",
                    "auction": ["P"] * 4,
                    "honours": {"side": "they", "points": 100},
                    "irregularities": [{"mark": "L"}],
                }
            ],
        }
    ).deals[0]
    assert deal.honours == Honours(side=Side.THEY, points=100)
    assert deal.irregularities == (Irregularity(mark="L"),)
