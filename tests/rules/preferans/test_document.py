"""The preferans log: strict reading with JSON paths, and the canonical round trip."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import NAME, parse_card
from rules.errors import MalformedDocument
from rules.preferans.core import ALL_CONTRACTS, DECK, read_contract
from rules.preferans.document import Call, Entry, PreferansLog, WhistDecision, parse, to_document

HANDS = [
    ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AC", "KC"],
    ["QC", "JC", "TC", "9C", "8C", "7C", "AD", "KD", "QD", "JD"],
    ["TD", "9D", "8D", "7D", "AH", "KH", "QH", "JH", "TH", "9H"],
]
TALON = ["8H", "7H"]


def doc() -> dict[str, Any]:
    return {
        "game": "preferans",
        "version": 1,
        "ruleset": {"preset": "sochi", "pool": 20},
        "players": ["Anna", "Boris", "Vera"],
        "deals": [
            {
                "dealer": 0,
                "hands": copy.deepcopy(HANDS),
                "talon": list(TALON),
                "auction": [
                    {"seat": 1, "call": "6S"},
                    {"seat": 2, "call": "pass"},
                    {"seat": 0, "call": "6C"},
                    {"seat": 1, "call": "pass"},
                ],
                "discard": ["8H", "7H"],
                "contract": "6C",
                "whists": [{"seat": 1, "decision": "whist"}, {"seat": 2, "decision": "pass"}],
                "open": False,
                "tricks": [6, 4, 0],
                "entries": [
                    {"seat": 0, "kind": "pool", "points": 2},
                    {"seat": 1, "kind": "whist", "on": 0, "points": 8},
                ],
            }
        ],
    }


def test_parse_the_example() -> None:
    log = parse(json.dumps(doc()))
    deal = log.deals[0]
    assert log.players == ("Anna", "Boris", "Vera")
    assert log.ruleset == {"preset": "sochi", "pool": 20}
    assert deal.auction[0] == Call(1, "contract", read_contract("6S"))
    assert deal.auction[1] == Call(1 + 1, "pass")
    assert deal.contract == read_contract("6C")
    assert deal.open is False
    assert deal.whists == (WhistDecision(1, "whist"), WhistDecision(2, "pass"))
    assert deal.entries == (Entry(0, "pool", 2), Entry(1, "whist", 8, on=0))
    assert deal.talon == (1 << parse_card("8H")) | (1 << parse_card("7H"))
    assert deal.hands is not None
    assert all(h.bit_count() == 10 for h in deal.hands)


def test_dark_calls() -> None:
    d = doc()
    d["deals"][0]["auction"] = [
        {"seat": 1, "call": "pass", "dark": True},
        {"seat": 2, "call": "dark-1"},
        {"seat": 0, "call": "misere", "dark": True},
        {"seat": 1, "call": "pass", "looked": True},
    ]
    calls = parse(d).deals[0].auction
    assert calls[0] == Call(1, "pass", dark=True)
    assert calls[1] == Call(2, "dark-1", dark=True)
    assert calls[1].dark_level == 1
    assert calls[2].contract is not None
    assert calls[2].contract.misere
    assert calls[2].dark
    assert calls[3].looked


def bad(d: dict[str, Any], path: str) -> str:
    with pytest.raises(MalformedDocument) as exc:
        parse(d)
    assert exc.value.path == path
    return exc.value.message


def test_malformed_paths() -> None:
    d = doc()
    d["extra"] = 1
    assert "unknown field" in bad(d, "extra")
    d = doc()
    d["players"] = ["A", "B"]
    bad(d, "players")
    d = doc()
    d["deals"][0]["hands"][1][3] = "6C"
    assert "32-card" in bad(d, "deals[0].hands[1][3]")
    d = doc()
    d["deals"][0]["hands"][1][3] = "AS"
    assert "already" in bad(d, "deals[0].hands[1][3]")
    d = doc()
    d["deals"][0]["hands"][2] = d["deals"][0]["hands"][2][:9]
    bad(d, "deals[0].hands[2]")
    d = doc()
    d["deals"][0]["talon"] = ["8H", "AS"]
    bad(d, "deals[0].talon[1]")
    d = doc()
    d["deals"][0]["auction"][2]["call"] = "5S"
    bad(d, "deals[0].auction[2].call")
    d = doc()
    d["deals"][0]["auction"][2]["bid"] = "6S"
    bad(d, "deals[0].auction[2].bid")
    d = doc()
    d["deals"][0]["auction"][1] = {"seat": 2, "call": "dark-2", "dark": False}
    bad(d, "deals[0].auction[1].dark")
    d = doc()
    d["deals"][0]["whists"][0]["decision"] = "double"
    bad(d, "deals[0].whists[0].decision")
    d = doc()
    d["deals"][0]["entries"][1].pop("on")
    bad(d, "deals[0].entries[1].on")
    d = doc()
    d["deals"][0]["entries"][0]["on"] = 1
    bad(d, "deals[0].entries[0].on")
    d = doc()
    d["deals"][0]["contract"] = "11S"
    bad(d, "deals[0].contract")
    d = doc()
    d["deals"][0]["discard"] = ["8H"]
    bad(d, "deals[0].discard")
    with pytest.raises(MalformedDocument) as exc:
        parse(b'{"game": "preferans", "game": "x"}')
    assert exc.value.path == "game"


def test_four_players_the_dealer_sits_out() -> None:
    d = doc()
    d["players"].append("Gleb")
    d["deals"][0]["dealer"] = 3
    d["deals"][0]["hands"].append([])
    d["deals"][0]["tricks"].append(0)
    log = parse(d)
    assert log.deals[0].hands is not None
    assert log.deals[0].hands[3] == 0
    d["deals"][0]["auction"][0]["seat"] = 3
    assert "sits out" in bad(d, "deals[0].auction[0].seat")
    d = doc()
    d["players"].append("Gleb")
    d["deals"][0]["dealer"] = 3
    d["deals"][0]["hands"].append(["7D"])
    bad(d, "deals[0].hands[3]")


def test_play_and_claim() -> None:
    d = doc()
    d["deals"][0]["play"] = [["AS", "QC", "TD"], ["KS"]]
    bad(d, "deals[0].play[1]")
    d["deals"][0]["claim"] = 7
    log = parse(d)
    assert log.deals[0].play == ((parse_card("AS"), parse_card("QC"), parse_card("TD")), (parse_card("KS"),))


def test_canonical_round_trip_of_the_example() -> None:
    canonical = to_document(parse(doc()))
    assert to_document(parse(canonical)) == canonical
    assert parse(canonical) == parse(doc())


CONTRACT_TEXTS = [str(k) for k in ALL_CONTRACTS]


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.sampled_from([3, 4]))
    deals = []
    for _ in range(draw(st.integers(0, 3))):
        dealer = draw(st.integers(0, n - 1))
        deck = list(draw(st.permutations(DECK)))
        active = [s for s in range(n) if not (n == 4 and s == dealer)]
        deal: dict[str, Any] = {"dealer": dealer}
        if draw(st.booleans()):
            hands: list[list[str]] = [[] for _ in range(n)]
            for j, s in enumerate(active):
                hands[s] = [NAME[x] for x in deck[j * 10 : j * 10 + 10]]
            deal["hands"] = hands
            deal["talon"] = [NAME[x] for x in deck[30:32]]
        auction = []
        for _ in range(draw(st.integers(0, 6))):
            call: dict[str, Any] = {
                "seat": draw(st.sampled_from(active)),
                "call": draw(st.sampled_from(["pass", "dark-1", "dark-2", "dark-3", *CONTRACT_TEXTS])),
            }
            if not call["call"].startswith("dark-") and draw(st.booleans()):
                call["dark"] = True
            if draw(st.booleans()):
                call["looked"] = True
            auction.append(call)
        deal["auction"] = auction
        if draw(st.booleans()):
            deal["discard"] = [NAME[x] for x in deck[:2]]
            deal["contract"] = draw(st.sampled_from(CONTRACT_TEXTS))
            deal["whists"] = [
                {"seat": s, "decision": draw(st.sampled_from(["whist", "pass", "half"]))} for s in active[:2]
            ]
            deal["open"] = draw(st.booleans())
        if draw(st.booleans()):
            deal["play"] = [
                [NAME[x] for x in deck[t * 3 : t * 3 + 3]] for t in range(draw(st.integers(0, 10)))
            ]
            if draw(st.booleans()):
                deal["claim"] = draw(
                    st.integers(0, 10)
                    | st.lists(st.integers(0, 3), min_size=n, max_size=n).filter(lambda c: sum(c) <= 10)
                )
        if draw(st.booleans()):
            deal["tricks"] = [4 if s == active[0] else 3 if s in active else 0 for s in range(n)]
        if draw(st.booleans()):
            deal["entries"] = [
                {"seat": active[0], "kind": "pool", "points": draw(st.integers(-10, 40))},
                {"seat": active[1], "kind": "whist", "points": 4, "on": active[0]},
            ]
        if draw(st.booleans()):
            deal["bombs"] = [
                {"seat": draw(st.sampled_from(active)), "event": "drawn", "rank": draw(st.integers(1, 3))},
                {"seat": active[0], "event": "extinguished"},
            ][: draw(st.integers(0, 2))]
        deals.append(deal)
    out: dict[str, Any] = {"game": "preferans", "version": 1}
    if draw(st.booleans()):
        out["ruleset"] = draw(st.sampled_from(["sochi", {"preset": "rostov", "pool": 10}]))
    out["players"] = ["Anna", "Boris", "Vera", "Gleb"][:n]
    out["deals"] = deals
    if draw(st.booleans()):
        out["settlement"] = {"balances": draw(st.lists(st.integers(-500, 500), min_size=n, max_size=n))}
    return out


@settings(max_examples=150, deadline=None)
@given(documents())
def test_round_trip(d: dict[str, Any]) -> None:
    log = parse(json.dumps(d))
    assert isinstance(log, PreferansLog)
    canonical = to_document(log)
    assert parse(canonical) == log
    assert to_document(parse(json.dumps(canonical))) == canonical
