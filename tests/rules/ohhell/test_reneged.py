"""Trickbook's ``reneged`` extension of the Oh Hell log (docs/ohhell.md): a renege not
corrected in time, marked on a score-sheet-only deal without the cards.

The spec's rule is the same as for a renege the replay finds in the cards: "A renege not
corrected in time annuls the deal: nobody scores it, each player who reneged in it loses
`renege_penalty` once, and the same dealer deals again with the same number of cards."
Seats: Anna 0, Boris 1, Vera 2 (Gleb 3 at four-handed tables).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.errors import MalformedDocument
from rules.ohhell import format_sheet, parse, replay, to_document
from tests.rules.ohhell.helpers import FOUR, found, game, run

# Anna deals two cards; Boris reneged and nobody corrected it: the deal is annulled, Anna
# deals two cards again, then Boris deals three.
ANNULLED = {"dealer": 0, "cards": 2, "trump": "QH", "bids": [1, 0, 0], "taken": [1, 1, 0], "reneged": [1]}
REDEAL = {"dealer": 0, "cards": 2, "trump": "3S", "bids": [0, 1, 1], "taken": [0, 1, 1]}
NEXT = {"dealer": 1, "cards": 3, "trump": None, "bids": [1, 1, 0], "taken": [1, 1, 1]}
BORIS_RENEGED = (
    "Boris reneged and it was not corrected in time (marked on the score sheet, without the cards)"
)


def malformed(doc: dict[str, Any]) -> MalformedDocument:
    with pytest.raises(MalformedDocument) as exc:
        parse(doc)
    return exc.value


# -- reading --------------------------------------------------------------------------


def with_deal(**fields: Any) -> dict[str, Any]:
    """A three-deal game whose second deal is ANNULLED with ``fields`` changed (None: removed)."""
    deal = {**ANNULLED, **fields}
    return game(NEXT, {k: v for k, v in deal.items() if v is not None}, REDEAL, schedule=[3, 2])


BAD = [
    # (fields of deals[1], path, the whole message)
    ({"reneged": 1}, "deals[1].reneged", "must be a list of the seats that reneged, not the number 1"),
    (
        {"reneged": "Boris"},
        "deals[1].reneged",
        "must be a list of the seats that reneged, not the text 'Boris'",
    ),
    ({"reneged": []}, "deals[1].reneged", "lists nobody; leave it out for a deal that stands"),
    ({"reneged": [0, 3]}, "deals[1].reneged[1]", "seat 3 is out of range; seats are 0 to 2"),
    ({"reneged": [-1]}, "deals[1].reneged[0]", "seat -1 is out of range; seats are 0 to 2"),
    ({"reneged": [1, "2"]}, "deals[1].reneged[1]", "must be a seat number, not the text '2'"),
    ({"reneged": [True]}, "deals[1].reneged[0]", "must be a seat number, not true"),
    ({"reneged": [1.0]}, "deals[1].reneged[0]", "must be a seat number, not the number 1.0"),
    (
        {"reneged": [2, 0, 2]},
        "deals[1].reneged[2]",
        "seat 2 is listed twice; each seat that reneged loses the penalty once",
    ),
    (
        {"taken": None},
        "deals[1].reneged",
        "belongs to a score-sheet-only deal: give the deal's taken too",
    ),
    (
        {"tricks": [["AS", "KS", "2D"], ["AH", "KH", "QH"]]},
        "deals[1].reneged",
        "belongs to a score-sheet-only deal; a deal with tricks shows its reneges in its cards",
    ),
    (
        {"taken": None, "tricks": [["AS", "KS", "2D"], ["AH", "KH", "QH"]]},
        "deals[1].reneged",
        "belongs to a score-sheet-only deal; a deal with tricks shows its reneges in its cards",
    ),
    (
        {"bids": None, "events": [{"seat": 1, "bid": 0}, {"seat": 2, "bid": 0}, {"seat": 0, "bid": 1}]},
        "deals[1].reneged",
        "belongs to a score-sheet-only deal; a deal with events shows its reneges in its cards",
    ),
]


@pytest.mark.parametrize(("fields", "path", "message"), BAD, ids=[f"{b[1]}:{b[2]}" for b in BAD])
def test_a_bad_reneged_is_malformed_and_names_its_path(fields, path, message):
    exc = malformed(with_deal(**fields))
    assert (exc.path, exc.message) == (path, message)


def test_null_reneged_is_absent_and_not_written_back():
    """An optional field given as null means absent (docs/ohhell.md), as for ``taken`` and ``scores``."""
    log = parse(with_deal(reneged=None))
    assert [d.reneged for d in log.deals] == [None, None, None]
    doc = with_deal()
    doc["deals"][1]["reneged"] = None
    assert parse(doc) == log
    assert "reneged" not in to_document(log)["deals"][1]


def test_reneged_is_kept_in_the_deal_and_written_back():
    log = parse(with_deal(reneged=[2, 0]))
    assert log.deals[1].reneged == (2, 0)
    assert log.deals[1].taken == (1, 1, 0)
    written = to_document(log)
    assert written["deals"][1] == {
        "dealer": 0,
        "cards": 2,
        "trump": "QH",
        "bids": [1, 0, 0],
        "taken": [1, 1, 0],
        "reneged": [2, 0],
    }
    assert ["reneged" in d for d in written["deals"]] == [False, True, False]
    assert parse(written) == log


# -- the replay -----------------------------------------------------------------------


def test_a_marked_renege_annuls_the_deal_and_costs_the_penalty_once():
    rep = run(game(ANNULLED, REDEAL, NEXT, schedule=[2, 3]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, None, 1)]
    [renege] = rep["findings"]
    assert renege == {
        "code": "RENEGE_UNCORRECTED",
        "severity": "error",
        "deal": 1,
        "trick": None,
        "seat": 1,
        "player": "Boris",
        "card": None,
        "message": BORIS_RENEGED,
        "params": {"form": "marked"},
    }
    assert rep["deals"][0] == {
        "deal": 1,
        "dealer": 0,
        "cards": 2,
        "trump": "QH",
        "bids": [1, 0, 0],
        "blind": [False, False, False],
        "taken": [1, 1, 0],  # as written: the annulled deal still reports them
        "scores": [0, -10, 0],  # Anna made her 1 and Vera her 0, but nobody scores the deal
        "balance": "under",
        "annulled": True,
        "redeal": False,
        "penalties": [{"seat": 1, "kind": "renege", "points": -10, "status": "counted"}],
        "arbiter": None,
    }
    # Anna deals again with two cards: the redeal takes the schedule's place, so no
    # WRONG_DEALER, WRONG_SCHEDULE or MISSING_REDEAL; then Boris deals three.
    assert [(d["deal"], d["dealer"], d["cards"], d["annulled"], d["redeal"]) for d in rep["deals"]] == [
        (1, 0, 2, True, False),
        (2, 0, 2, False, True),
        (3, 1, 3, False, False),
    ]
    assert [d["scores"] for d in rep["deals"][1:]] == [[10, 11, 11], [11, 11, 0]]
    assert rep["totals"] == [21, 12, 11]


def test_every_seat_listed_loses_the_ruleset_penalty_and_the_sheet_marks_the_deal():
    deal = {**ANNULLED, "reneged": [2, 0]}
    doc = game(deal, REDEAL, schedule=[2], renege_penalty=7)
    log = parse(doc)
    report = replay(log)
    assert report.status == 1
    assert found(report.as_dict()) == [("RENEGE_UNCORRECTED", 1, None, 2), ("RENEGE_UNCORRECTED", 1, None, 0)]
    assert report.deals[0].scores == [-7, 0, -7]
    assert report.totals == [3, 11, 4]
    sheet = format_sheet(report)
    assert "| under, ANNULLED (renege not corrected)" in sheet
    assert "| even, redeal" in sheet


def test_written_scores_and_totals_of_the_annulled_deal_agree():
    """The scorekeeper writes the sheet as it stands: 0, −10, 0 and the totals with the penalty."""
    deal = {**ANNULLED, "scores": [0, -10, 0]}
    rep = run(game(deal, REDEAL, NEXT, schedule=[2, 3], totals=[21, 12, 11]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, None, 1)]


def test_the_annulled_deal_scored_as_if_it_stood_is_a_score_mismatch():
    deal = {**ANNULLED, "scores": [11, 0, 10]}
    rep = run(game(deal, REDEAL, schedule=[2], totals=[21, 11, 21]))
    assert found(rep) == [
        ("RENEGE_UNCORRECTED", 1, None, 1),
        ("SCORE_MISMATCH", 1, None, 0),
        ("SCORE_MISMATCH", 1, None, 1),
        ("SCORE_MISMATCH", 1, None, 2),
        ("TOTAL_MISMATCH", None, None, 0),
        ("TOTAL_MISMATCH", None, None, 1),
        ("TOTAL_MISMATCH", None, None, 2),
    ]
    messages = [f["message"] for f in rep["findings"]]
    assert messages[1] == "Anna's score for deal 1 is written as 11, but the rules give 0 (annulled deal)"
    assert messages[4] == "Anna's total is written as 21, but the deals add up to 10"


@pytest.mark.parametrize(
    ("taken", "expected"),
    [
        ([1, 1, 0], []),
        ([0, 1, 0], []),  # the play stopped at the renege: fewer tricks than cards
        ([0, 0, 0], []),  # none counted
        (
            [1, 1, 1],
            [("TAKEN_MISMATCH", 1, None, None, "the tricks taken add up to 3, but 2 cards each were dealt")],
        ),
        ([2, -1, 0], [("TAKEN_MISMATCH", 1, None, 1, "Boris's tricks are written as -1")]),
    ],
)
def test_the_tricks_of_an_annulled_deal_may_fall_short_of_the_cards_but_not_exceed_them(taken, expected):
    rep = run(game({**ANNULLED, "taken": taken}, REDEAL, schedule=[2]))
    got = [(f["code"], f["deal"], f["trick"], f["seat"], f["message"]) for f in rep["findings"]]
    assert got == [*expected, ("RENEGE_UNCORRECTED", 1, None, 1, BORIS_RENEGED)]
    assert rep["deals"][0]["taken"] == taken
    assert rep["deals"][0]["scores"] == [0, -10, 0]


def test_without_the_redeal_it_is_a_missing_redeal():
    rep = run(game(ANNULLED, schedule=[2]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, None, 1), ("MISSING_REDEAL", 1, None, 0)]
    assert rep["findings"][1]["message"] == (
        "deal 1 was annulled for a renege, but the log does not show the redeal by Anna with 2 cards each"
    )
    assert rep["totals"] == [0, -10, 0]


def test_the_next_dealer_after_a_marked_renege_is_a_missing_redeal_not_a_wrong_dealer():
    moved_on = {"dealer": 1, "cards": 3, "trump": None, "bids": [1, 1, 0], "taken": [1, 1, 1]}
    rep = run(game(ANNULLED, moved_on, schedule=[2, 3]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, None, 1), ("MISSING_REDEAL", 1, None, 0)]
    assert rep["deals"][1]["redeal"] is False


def test_a_marked_renege_on_a_redeal_calls_for_another_redeal():
    again = {**REDEAL, "reneged": [0, 1]}
    third = {**REDEAL, "trump": "9D"}
    rep = run(game(ANNULLED, again, third, schedule=[2]))
    assert found(rep) == [
        ("RENEGE_UNCORRECTED", 1, None, 1),
        ("RENEGE_UNCORRECTED", 2, None, 0),
        ("RENEGE_UNCORRECTED", 2, None, 1),
    ]
    assert [(d["annulled"], d["redeal"]) for d in rep["deals"]] == [
        (True, False),
        (True, True),
        (False, True),
    ]
    assert rep["totals"] == [0, -9, 11]


def test_bids_of_an_annulled_deal_are_still_checked():
    """A bid out of range is a finding of the deal however it ended ("В первой сдаче можно
    заказать от 0 до одной взятки")."""
    rep = run(game({**ANNULLED, "bids": [3, 0, 0]}, REDEAL, schedule=[2]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, None, 1), ("BID_OUT_OF_RANGE", 1, None, 0)]
    assert rep["deals"][0]["scores"] == [0, -10, 0]


def test_an_outside_tool_that_ignores_reneged_reads_the_deal_as_standing():
    """What a reader of the spec alone sees in the scorekeeper's log (the deal's scores and the
    game's totals as written): the deal scored from its taken, flagged, and one deal too many."""
    doc = game({**ANNULLED, "scores": [0, -10, 0]}, REDEAL, NEXT, schedule=[2, 3], totals=[21, 12, 11])
    assert found(run(doc)) == [("RENEGE_UNCORRECTED", 1, None, 1)]
    del doc["deals"][0]["reneged"]
    rep = run(doc)
    assert rep["deals"][0]["scores"] == [11, 0, 10]
    assert [d["annulled"] for d in rep["deals"]] == [False, False, False]
    assert found(rep) == [
        ("SCORE_MISMATCH", 1, None, 0),
        ("SCORE_MISMATCH", 1, None, 1),
        ("SCORE_MISMATCH", 1, None, 2),
        ("WRONG_DEALER", 2, None, 0),
        ("WRONG_SCHEDULE", 2, None, None),
        ("WRONG_SCHEDULE", None, None, None),
        ("TOTAL_MISMATCH", None, None, 0),
        ("TOTAL_MISMATCH", None, None, 1),
        ("TOTAL_MISMATCH", None, None, 2),
    ]


# -- property -------------------------------------------------------------------------


@st.composite
def annulled_games(draw: Any) -> tuple[dict[str, Any], list[int], int]:
    """A score-sheet deal with some seats marked as reneged, and its redeal."""
    n = draw(st.integers(3, 7))
    cards = draw(st.integers(1, 52 // n))
    dealer = draw(st.integers(0, n - 1))
    bids = draw(st.lists(st.integers(0, cards), min_size=n, max_size=n))
    taken = draw(st.lists(st.integers(0, cards), min_size=n, max_size=n).filter(lambda t: sum(t) <= cards))
    reneged = draw(st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True))
    penalty = draw(st.integers(0, 50))
    annulled = {
        "dealer": dealer,
        "cards": cards,
        "trump": None,
        "bids": bids,
        "taken": taken,
        "reneged": reneged,
    }
    redeal_taken = [0] * n
    redeal_taken[dealer] = cards
    redeal = {"dealer": dealer, "cards": cards, "trump": None, "bids": [0] * n, "taken": redeal_taken}
    players = [*FOUR, "Dmitro", "Zhenya", "Ira"][:n]
    doc = game(annulled, redeal, players=players, schedule=[cards], renege_penalty=penalty)
    return doc, reneged, penalty


@settings(max_examples=150, deadline=None)
@given(annulled_games())
def test_any_score_sheet_deal_with_reneged_seats_annuls_with_the_exact_penalties(case):
    doc, reneged, penalty = case
    n = len(doc["players"])
    rep = run(doc)
    annulled, redeal = rep["deals"]
    assert annulled["annulled"] is True
    assert annulled["scores"] == [-penalty if seat in reneged else 0 for seat in range(n)]
    assert sum(annulled["scores"]) == -penalty * len(reneged)
    assert redeal["redeal"] is True
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, None, seat) for seat in reneged]
    redeal_scores = [0 if seat == doc["deals"][1]["dealer"] else 10 for seat in range(n)]
    assert rep["totals"] == [s + r for s, r in zip(annulled["scores"], redeal_scores, strict=True)]
    assert parse(to_document(parse(doc))) == parse(doc)
