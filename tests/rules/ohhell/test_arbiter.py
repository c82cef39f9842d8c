"""The arbiter's rulings on an Oh Hell deal (docs/arbiter.md): annul, an adjusted score, a renege
penalty waived or confirmed; the reading, the replay, the report and the round trip.

Seats: Anna 0, Boris 1, Vera 2. The classic ruleset: a contract made scores 10 plus the tricks
bid (a zero bid made 10), missed 0, the renege penalty 10 ("Со счета игрока, который сделал
ренонс, снимается 10 очков").
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import MalformedDocument
from rules.ohhell import check, parse, to_document
from rules.ohhell.simulate import simulate
from tests.rules.ohhell.helpers import found, game, run

# Anna deals one card each, trump 8♦; Boris leads A♠, Vera and Anna follow: Boris takes it.
ONE = {"dealer": 0, "cards": 1, "trump": "8D", "bids": [0, 1, 0], "tricks": [["AS", "2S", "3S"]]}
# Boris deals two; Vera leads the K♣ and Anna, holding the 5♣, plays the 4♥: an uncorrected renege.
RENEGE = {
    "dealer": 1,
    "cards": 2,
    "trump": "2D",
    "hands": [["4H", "5C"], ["QC", "JH"], ["KC", "7H"]],
    "bids": [0, 1, 1],
    "tricks": [["KC", "4H", "QC"], ["7H", "5C", "JH"]],
}
# Vera deals three; every contract is made.
THREE = {"dealer": 2, "cards": 3, "trump": "TS", "bids": [1, 1, 1], "taken": [1, 1, 1]}


def with_ruling(deal: dict[str, Any], ruling: dict[str, Any]) -> dict[str, Any]:
    return {**deal, "arbiter": ruling}


def malformed(doc: dict[str, Any]) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as exc:
        parse(doc)
    return exc.value


# -- reading --------------------------------------------------------------------------


BAD = [
    # (the ruling on deals[1], path, message)
    ("annul", "deals[1].arbiter", "must be a JSON object, not the text 'annul'"),
    ({}, "deals[1].arbiter", "rules nothing: give annul, score, waive or confirm"),
    ({"reason": "why"}, "deals[1].arbiter", "rules nothing: give annul, score, waive or confirm"),
    (
        {"annul": True, "void": 1},
        "deals[1].arbiter.void",
        "unknown field 'void'; this object has annul, score, waive, confirm, reason, dispute",
    ),
    ({"annul": False}, "deals[1].arbiter.annul", "must be true (leave it out otherwise), not false"),
    ({"annul": 1}, "deals[1].arbiter.annul", "must be true (leave it out otherwise), not the number 1"),
    (
        {"annul": True, "score": [0, 0, 0]},
        "deals[1].arbiter.score",
        "an annulled deal has no score: give annul or score",
    ),
    ({"score": [10, 0]}, "deals[1].arbiter.score", "must hold one entry per seat (3), not 2"),
    ({"score": [10, "0", 0]}, "deals[1].arbiter.score[1]", "must be a whole number, not the text '0'"),
    (
        {"score": [10, 0, 0], "waive": [0]},
        "deals[1].arbiter.waive",
        "an adjusted score is the deal's whole score, penalties included",
    ),
    (
        {"score": [10, 0, 0], "confirm": [0]},
        "deals[1].arbiter.confirm",
        "an adjusted score is the deal's whole score, penalties included",
    ),
    ({"waive": []}, "deals[1].arbiter.waive", "must be a list of seats, not a list"),
    ({"waive": 0}, "deals[1].arbiter.waive", "must be a list of seats, not the number 0"),
    ({"waive": [3]}, "deals[1].arbiter.waive[0]", "seat 3 is out of range; seats are 0 to 2"),
    ({"confirm": [0, 0]}, "deals[1].arbiter.confirm[1]", "this seat is listed twice"),
    (
        {"waive": [0], "confirm": [0]},
        "deals[1].arbiter.confirm[0]",
        "a penalty is waived or confirmed, not both",
    ),
    ({"annul": True, "reason": 5}, "deals[1].arbiter.reason", "must be text, not the number 5"),
    ({"annul": True, "dispute": 0}, "deals[1].arbiter.dispute", "must be a dispute number, not the number 0"),
    (
        {"annul": True, "dispute": "3"},
        "deals[1].arbiter.dispute",
        "must be a dispute number, not the text '3'",
    ),
]


@pytest.mark.parametrize(("ruling", "path", "message"), BAD, ids=[f"{i}:{b[1]}" for i, b in enumerate(BAD)])
def test_a_bad_ruling_is_malformed_and_names_its_path(ruling, path, message):
    exc = malformed(game(ONE, with_ruling(RENEGE, ruling), THREE))
    assert (exc.path, exc.message) == (path, message)


def test_a_ruling_is_kept_in_the_deal_and_written_back_canonically():
    ruling = {"dispute": 4, "reason": "видно по картам", "confirm": [0], "annul": True}
    log = parse(game(ONE, with_ruling(RENEGE, ruling), THREE))
    written = to_document(log)
    # In the table's order, whatever order the scorer wrote.
    assert written["deals"][1]["arbiter"] == {
        "annul": True,
        "confirm": [0],
        "reason": "видно по картам",
        "dispute": 4,
    }
    assert list(written["deals"][1]["arbiter"]) == ["annul", "confirm", "reason", "dispute"]
    assert ["arbiter" in d for d in written["deals"]] == [False, True, False]
    assert parse(written) == log


def test_a_null_ruling_is_absent():
    doc = game(ONE, with_ruling(RENEGE, None), THREE)  # type: ignore[arg-type]
    assert parse(doc) == parse(game(ONE, RENEGE, THREE))


# -- the replay -----------------------------------------------------------------------


def test_without_a_ruling_the_renege_annuls_the_deal_and_the_penalty_counts():
    rep = run(game(ONE, RENEGE, THREE))
    # Deal 1: Anna 0 made 10, Boris 1 made 11, Vera 0 made 10. Deal 2 annulled: Anna −10.
    # Deal 3 is not the redeal (Vera deals, not Boris): MISSING_REDEAL.
    assert [d["scores"] for d in rep["deals"]] == [[10, 11, 10], [-10, 0, 0], [11, 11, 11]]
    assert rep["deals"][1]["penalties"] == [{"seat": 0, "kind": "renege", "points": -10, "status": "counted"}]
    assert rep["deals"][1]["arbiter"] is None
    assert found(rep) == [("RENEGE_UNCORRECTED", 2, 1, 0), ("MISSING_REDEAL", 2, None, 1)]
    assert rep["totals"] == [11, 22, 21]


def test_a_waived_penalty_is_not_taken_but_the_renege_still_annuls_the_deal():
    rep = run(game(ONE, with_ruling(RENEGE, {"waive": [0], "reason": "the deck was marked"}), THREE))
    deal = rep["deals"][1]
    assert (deal["annulled"], deal["scores"]) == (True, [0, 0, 0])
    assert deal["penalties"] == [{"seat": 0, "kind": "renege", "points": -10, "status": "waived"}]
    assert deal["arbiter"] == {"waive": [0], "reason": "the deck was marked"}
    assert found(rep) == [
        ("RENEGE_UNCORRECTED", 2, 1, 0),  # the renege happened; the ruling says what it costs
        ("PENALTY_WAIVED", 2, None, 0),
        ("MISSING_REDEAL", 2, None, 1),  # waiving the penalty does not make the redeal unnecessary
    ]
    assert rep["totals"] == [21, 22, 21]  # Anna's 10 back


def test_a_confirmed_penalty_counts_as_before_and_says_so():
    plain = run(game(ONE, RENEGE, THREE))
    rep = run(game(ONE, with_ruling(RENEGE, {"confirm": [0]}), THREE))
    assert rep["totals"] == plain["totals"] == [11, 22, 21]
    assert [d["scores"] for d in rep["deals"]] == [d["scores"] for d in plain["deals"]]
    assert rep["deals"][1]["penalties"] == [
        {"seat": 0, "kind": "renege", "points": -10, "status": "confirmed"}
    ]
    confirmed = [f for f in rep["findings"] if f["code"] == "PENALTY_CONFIRMED"]
    assert confirmed == [
        {
            "code": "PENALTY_CONFIRMED",
            "severity": "info",
            "deal": 2,
            "trick": None,
            "seat": 0,
            "player": "Anna",
            "card": None,
            "message": "the arbiter confirmed Anna's renege penalty in deal 2",
            "params": {},
        }
    ]


def test_a_ruling_on_a_seat_without_a_penalty_is_reported_and_changes_nothing():
    plain = run(game(ONE, RENEGE, THREE))
    rep = run(game(ONE, with_ruling(RENEGE, {"waive": [2], "confirm": [1]}), THREE))
    assert rep["totals"] == plain["totals"]
    assert rep["deals"][1]["penalties"] == [{"seat": 0, "kind": "renege", "points": -10, "status": "counted"}]
    assert [(c, d, s) for c, d, _t, s in found(rep) if c == "RULING_NOT_APPLICABLE"] == [
        ("RULING_NOT_APPLICABLE", 2, 2),
        ("RULING_NOT_APPLICABLE", 2, 1),
    ]
    assert {f["severity"] for f in rep["findings"] if f["code"] == "RULING_NOT_APPLICABLE"} == {"warning"}


def test_an_annulled_deal_scores_nothing_and_owes_its_redeal_without_a_warning():
    # The arbiter annuls deal 1 (Anna's one card): nobody scores it. The table played on, so
    # the redeal was never played: ANNULLED_BY_ARBITER says so, no MISSING_REDEAL, no
    # WRONG_DEALER for Boris dealing next, and the schedule's place of deal 1 is spent.
    rep = run(game(with_ruling(ONE, {"annul": True, "reason": "a card was face up"}), THREE, schedule=[1, 3]))
    assert [(d["annulled"], d["scores"]) for d in rep["deals"]] == [(True, [0, 0, 0]), (False, [11, 11, 11])]
    assert found(rep) == [("ANNULLED_BY_ARBITER", 1, None, 0), ("WRONG_DEALER", 2, None, 2)]
    # Vera dealt deal 2, but after Anna's deal it is Boris's turn: that is the table's own slip.
    assert rep["findings"][0]["message"] == (
        "the arbiter annulled deal 1: nobody scores it, and the same dealer, Anna, deals again with 1 card each"
    )
    assert rep["totals"] == [11, 11, 11]


def test_an_annulled_deal_followed_by_its_redeal_keeps_the_schedule():
    redeal = {"dealer": 0, "cards": 1, "trump": "3H", "bids": [1, 0, 0], "tricks": [["9C", "8C", "AC"]]}
    nxt = {**THREE, "dealer": 1}
    rep = run(game(with_ruling(ONE, {"annul": True}), redeal, nxt, schedule=[1, 3]))
    assert [(d["dealer"], d["annulled"], d["redeal"]) for d in rep["deals"]] == [
        (0, True, False),
        (0, False, True),
        (1, False, False),
    ]
    # The redeal: Boris leads the 9♣ and Anna's A♣ takes it: Anna made her 1 (11), the zeros 10.
    assert rep["deals"][1]["scores"] == [11, 10, 10]
    assert found(rep) == [("ANNULLED_BY_ARBITER", 1, None, 0)]


def test_annulling_a_deal_with_a_renege_keeps_the_penalty_unless_waived():
    rep = run(game(ONE, with_ruling(RENEGE, {"annul": True}), THREE))
    assert rep["deals"][1]["scores"] == [-10, 0, 0]
    assert [c for c, *_ in found(rep)] == ["RENEGE_UNCORRECTED", "ANNULLED_BY_ARBITER"]
    waived = run(game(ONE, with_ruling(RENEGE, {"annul": True, "waive": [0]}), THREE))
    assert waived["deals"][1]["scores"] == [0, 0, 0]
    assert [c for c, *_ in found(waived)] == ["RENEGE_UNCORRECTED", "PENALTY_WAIVED", "ANNULLED_BY_ARBITER"]


def test_an_adjusted_score_replaces_the_deal_and_the_deal_stands():
    # The arbiter rules the renege deal as if played out: Anna's zero made, Boris 11, Vera 0.
    # The deal stands, so Vera's deal 3 is next in turn and no redeal is owed.
    rep = run(game(ONE, with_ruling(RENEGE, {"score": [10, 11, 0]}), THREE))
    deal = rep["deals"][1]
    assert (deal["annulled"], deal["scores"], deal["penalties"]) == (False, [10, 11, 0], [])
    assert deal["arbiter"] == {"score": [10, 11, 0]}
    assert found(rep) == [("RENEGE_UNCORRECTED", 2, 1, 0), ("SCORE_ADJUSTED", 2, None, None)]
    assert (
        rep["findings"][1]["message"] == "deal 2 is scored as the arbiter assigned: Anna 10, Boris 11, Vera 0"
    )
    assert rep["totals"] == [31, 33, 21]


def test_an_adjusted_score_is_not_compared_with_the_written_one():
    written = {**THREE, "scores": [11, 11, 11]}
    rep = run(game(ONE, RENEGE, with_ruling(written, {"score": [11, 0, 11]}), schedule=[1, 2, 3]))
    assert "SCORE_MISMATCH" not in [c for c, *_ in found(rep)]
    # …but a ruling that is not a score leaves the written scores checked.
    wrong = {**THREE, "scores": [11, 11, 12]}
    rep = run(game(with_ruling(ONE, {"confirm": [0]}), wrong, schedule=[1, 3]))
    assert ("SCORE_MISMATCH", 2, None, 2) in found(rep)


def test_rulings_never_change_the_status_but_by_their_warning():
    rep = check(game(with_ruling(ONE, {"annul": True}), {**THREE, "dealer": 1}, schedule=[1, 3]))
    assert {f["severity"] for f in rep["findings"]} == {"info"}


# -- properties -----------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), pick=st.integers(0, 1_000), players=st.integers(3, 7))
def test_annulling_a_deal_takes_exactly_its_points_off_the_totals(seed, pick, players):
    """Whatever deal of a clean game is annulled, the other deals score as before and the totals
    drop by that deal's points (the schedule and the dealers go on as the log shows)."""
    doc = simulate(players=players, seed=seed).document
    plain = check(doc)
    k = pick % len(doc["deals"])
    doc["deals"][k]["arbiter"] = {"annul": True}
    doc.pop("totals", None)
    ruled = check(doc)
    assert ruled["deals"][k]["scores"] == [0] * players
    for i, (a, b) in enumerate(zip(plain["deals"], ruled["deals"], strict=True)):
        if i != k:
            assert a["scores"] == b["scores"]
    lost = plain["deals"][k]["scores"]
    assert ruled["totals"] == [t - p for t, p in zip(plain["totals"], lost, strict=True)]
    assert "MISSING_REDEAL" not in {f["code"] for f in ruled["findings"]}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(3, 5))
def test_waiving_every_penalty_gives_back_exactly_the_penalties(seed, players):
    doc = simulate(players=players, seed=seed, renege_rate=0.05).document
    plain = check(doc)
    penalised = [(i, p["seat"]) for i, d in enumerate(plain["deals"]) for p in d["penalties"]]
    for i in {i for i, _ in penalised}:
        doc["deals"][i]["arbiter"] = {"waive": sorted(s for j, s in penalised if j == i)}
    ruled = check(doc)
    back = [0] * players
    for _, seat in penalised:
        back[seat] += 10
    assert ruled["totals"] == [t + b for t, b in zip(plain["totals"], back, strict=True)]
    assert all(p["status"] == "waived" for d in ruled["deals"] for p in d["penalties"])
    assert sum(f["code"] == "PENALTY_WAIVED" for f in ruled["findings"]) == len(penalised)
