"""rules.durak.document: the strict reader (MalformedDocument with the JSON path) and the
canonical writer."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import rules.durak as durak
from rules.errors import MalformedDocument

from .helpers import DATA, load


def small(**deal: Any) -> dict[str, Any]:
    """A two-player simple log with one game: hands and the trump card, no events."""
    game: dict[str, Any] = {
        "dealer": 1,
        "hands": [["6S", "7S", "8S", "9S", "TS", "JS"], ["6H", "7H", "8H", "9H", "TH", "JH"]],
        "trump": "QD",
    }
    game.update(deal)
    return {"game": "durak", "version": 1, "ruleset": "simple", "players": ["Anna", "Boris"], "deals": [game]}


def refused(doc: Any) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as caught:
        durak.parse(doc)
    return caught.value


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.json")))
def test_the_logs_are_canonical_and_round_trip(name):
    doc = load(name)
    log = durak.parse(json.dumps(doc).encode())
    assert durak.to_document(log) == doc
    assert durak.parse(durak.to_document(log)) == log


def test_hands_are_kept_sorted_so_one_game_is_one_document():
    doc = small()
    doc["deals"][0]["hands"][0] = ["JS", "6S", "TS", "7S", "9S", "8S"]
    assert durak.to_document(durak.parse(doc))["deals"][0]["hands"][0] == ["JS", "TS", "9S", "8S", "7S", "6S"]


def test_lenient_card_spellings_are_written_canonically():
    doc = small(trump="Д♦", events=[{"event": "attack", "seat": 0, "cards": ["10s"]}])
    out = durak.to_document(durak.parse(doc))["deals"][0]
    assert (out["trump"], out["events"][0]["cards"]) == ("QD", ["TS"])


def test_a_draw_with_cards_is_written_with_its_cards_only():
    doc = small(events=[{"event": "draw", "seat": 0, "count": 1, "cards": ["AS"]}])
    log = durak.parse(doc)
    assert log.deals[0].events[0].number == 1
    assert durak.to_document(log)["deals"][0]["events"][0] == {"event": "draw", "seat": 0, "cards": ["AS"]}


def test_a_game_by_its_result_alone():
    doc = small(fool=1)
    del doc["deals"][0]["hands"]
    del doc["deals"][0]["trump"]
    log = durak.parse(doc)
    assert (log.deals[0].hands, log.deals[0].fool, log.deals[0].recorded) == (None, 1, True)


@pytest.mark.parametrize(
    ("change", "path"),
    [
        (lambda d: d.update(game="preferans"), "game"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d.pop("deals"), "deals"),
        (lambda d: d.update(deals=[]), "deals"),
        (lambda d: d.update(extra=1), "extra"),
        (lambda d: d.update(players=["Anna"]), "players"),
        (lambda d: d.update(players=["Anna", "Anna"]), "players[1]"),
        (lambda d: d.update(ruleset={"preset": "simple", "deck": 40}), "ruleset.deck"),
        (lambda d: d["deals"][0].pop("dealer"), "deals[0].dealer"),
        (lambda d: d["deals"][0].update(dealer=2), "deals[0].dealer"),
        (lambda d: d["deals"][0].update(talon=[]), "deals[0].talon"),
        (lambda d: d["deals"][0]["hands"][1].pop(), "deals[0].hands[1]"),
        (lambda d: d["deals"][0]["hands"][1].__setitem__(2, "2H"), "deals[0].hands[1][2]"),
        (lambda d: d["deals"][0]["hands"][1].__setitem__(2, "XX"), "deals[0].hands[1][2]"),
        (lambda d: d["deals"][0]["hands"][1].__setitem__(0, "6S"), "deals[0].hands[1][0]"),
        (lambda d: d["deals"][0].update(trump="6S"), "deals[0].trump"),
        (lambda d: d["deals"][0].pop("trump"), "deals[0].trump"),
        (lambda d: d["deals"][0].update(stock=["AS"]), "deals[0].stock"),
        (lambda d: d["deals"][0].update(fool=2), "deals[0].fool"),
        (lambda d: d["deals"][0].update(draw=False), "deals[0].draw"),
        (lambda d: d["deals"][0].update(draw=True, fool=0), "deals[0].draw"),
        (lambda d: d["deals"][0].update(events={}), "deals[0].events"),
        (lambda d: d["deals"][0].update(events=[{"event": "play"}]), "deals[0].events[0].event"),
        (lambda d: d["deals"][0].update(events=[{"event": "attack", "seat": 0}]), "deals[0].events[0].cards"),
        (
            lambda d: d["deals"][0].update(events=[{"event": "attack", "seat": 0, "cards": []}]),
            "deals[0].events[0].cards",
        ),
        (
            lambda d: d["deals"][0].update(
                events=[{"event": "attack", "seat": 0, "cards": ["6S"], "on": "7S"}]
            ),
            "deals[0].events[0].on",
        ),
        (
            lambda d: d["deals"][0].update(events=[{"event": "beat", "seat": 5, "card": "7H"}]),
            "deals[0].events[0].seat",
        ),
        (
            lambda d: d["deals"][0].update(events=[{"event": "beat", "seat": 1, "card": 7}]),
            "deals[0].events[0].card",
        ),
        (
            lambda d: d["deals"][0].update(events=[{"event": "challenge", "seat": 0, "answer": "no"}]),
            "deals[0].events[0].answer",
        ),
        (lambda d: d["deals"][0].update(events=[{"event": "draw", "seat": 0}]), "deals[0].events[0]"),
        (
            lambda d: d["deals"][0].update(
                events=[{"event": "draw", "seat": 0, "count": 2, "cards": ["AS"]}]
            ),
            "deals[0].events[0].count",
        ),
        (
            lambda d: d["deals"][0].update(events=[{"event": "draw", "seat": 0, "count": 0}]),
            "deals[0].events[0].count",
        ),
    ],
)
def test_malformed_logs_are_refused_at_their_path(change, path):
    doc = small()
    change(doc)
    assert refused(doc).path == path


def test_events_need_the_hands():
    doc = small(events=[{"event": "done"}])
    del doc["deals"][0]["hands"]
    assert refused(doc).path == "deals[0].hands"


def test_the_stock_with_the_hands_is_the_whole_deck_and_ends_with_the_trump():
    doc = load("simple.json")
    bad = copy.deepcopy(doc)
    bad["deals"][0]["stock"].pop(0)
    assert refused(bad).path == "deals[0].stock"
    bad = copy.deepcopy(doc)
    bad["deals"][0]["trump"] = "AS"
    assert refused(bad).path == "deals[0].trump"
    good = copy.deepcopy(doc)
    good["deals"][0]["trump"] = good["deals"][0]["stock"][-1]
    durak.parse(good)


def test_a_card_appears_as_often_as_the_decks_hold_it():
    doc = load("two-decks.json")
    durak.parse(doc)  # 2S twice in Anna's hand: two decks
    bad = copy.deepcopy(doc)
    bad["deals"][0]["hands"][1][0] = "2S"  # a third 2S
    assert refused(bad).path == "deals[0].hands[1][0]"


def test_the_36_card_deck_has_no_card_below_the_six():
    assert refused(small(trump="5D")).path == "deals[0].trump"
    doc = small(trump="5D")
    doc["ruleset"] = {"preset": "simple", "deck": 52}
    durak.parse(doc)


def test_no_trump_card_in_a_game_without_trumps():
    doc = small()
    doc["ruleset"] = "no-trump"
    assert refused(doc).path == "deals[0].trump"
    del doc["deals"][0]["trump"]
    durak.parse(doc)


def test_with_no_stock_the_trump_is_the_dealers_last_card():
    """Six players, 36 cards: nothing is left for a stock; the trump is the dealer's card, shown."""
    suits = "SHDC"
    ranks = "6789TJQKA"
    cards = [r + s for s in suits for r in ranks]
    hands = [cards[i * 6 : i * 6 + 6] for i in range(6)]
    doc = {
        "game": "durak",
        "version": 1,
        "players": ["A", "B", "C", "D", "E", "F"],
        "deals": [{"dealer": 5, "hands": hands, "trump": hands[5][0]}],
    }
    durak.parse(doc)
    doc["deals"][0]["trump"] = hands[0][0]
    assert refused(doc).path == "deals[0].trump"
