"""Score-sheet-only logs built from a form's bids and taken, replayed by the engine."""

from __future__ import annotations

import pytest

from rules.errors import MalformedDocument
from rules.ohhell import check, resolve_ruleset
from rules.ohhell.sheet_entry import Cell, PlannedDeal, build_document, cell_of, entry_errors, plan

PLAYERS = ["Анна", "Борис", "Вера"]


def rows_of(n: int, deals: int) -> tuple[list[list[int]], list[list[int]]]:
    """Seat 0 bids and takes every trick; the others bid and take nothing (cards = deal number)."""
    bids = [[k, 0, 0][:n] + [0] * (n - 3) for k in range(1, deals + 1)]
    return bids, [list(row) for row in bids]


def test_plan_follows_the_schedule_and_rotates_the_dealer():
    rows = plan(resolve_ruleset("classic", 3), 3, first_dealer=2)
    assert len(rows) == 15
    assert rows[0] == PlannedDeal(deal=1, dealer=2, cards=1, no_trump=False)
    assert rows[1] == PlannedDeal(deal=2, dealer=0, cards=2, no_trump=False)
    assert rows[-1] == PlannedDeal(deal=15, dealer=1, cards=15, no_trump=True)  # (2 + 14) % 3


def test_plan_refuses_a_dealer_outside_the_table():
    with pytest.raises(MalformedDocument) as err:
        plan(resolve_ruleset("classic", 3), 3, first_dealer=3)
    assert err.value.path == "deals[0].dealer"


#: The trump card turned up for each of the 15 deals of three players; the last is played without.
TRUMPS: list[str | None] = ["QH"] * 14 + [None]


def test_a_built_sheet_replays_to_the_exact_totals():
    bids, taken = rows_of(3, 15)
    document = build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=TRUMPS)
    assert document["deals"][0] == {
        "dealer": 0,
        "cards": 1,
        "trump": "QH",
        "bids": [1, 0, 0],
        "taken": [1, 0, 0],
    }
    assert document["deals"][3]["dealer"] == 0  # 3 players: seats 0, 1, 2, 0 ...
    report = check(document)
    # Anna makes k each deal: 10 + k; the others make nil: 10 each deal (classic nil_made = made_bonus).
    assert report["totals"] == [sum(10 + k for k in range(1, 16)), 150, 150]
    assert entry_errors(report) == []
    assert [f["code"] for f in report["findings"]] == []


def test_nil5_ruleset_kept_as_given():
    bids, taken = rows_of(3, 15)
    document = build_document(
        players=PLAYERS, ruleset={"preset": "classic-nil5"}, bids=bids, taken=taken, trumps=TRUMPS
    )
    assert document["ruleset"] == {"preset": "classic-nil5"}
    report = check(document)
    assert report["totals"][1] == sum(5 + k for k in range(1, 16))


def test_taken_not_adding_up_is_an_entry_error_naming_the_deal():
    bids, taken = rows_of(3, 15)
    taken[2] = [3, 1, 0]  # deal 3: 4 tricks of 3 cards
    report = check(build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=TRUMPS))
    errors = entry_errors(report)
    assert [(e["code"], e["deal"]) for e in errors] == [("TAKEN_MISMATCH", 3)]
    assert "add up to 4" in errors[0]["message"]


def test_a_missed_contract_scores_failed():
    bids, taken = rows_of(3, 15)
    taken[0] = [0, 1, 0]
    report = check(build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=TRUMPS))
    assert report["deals"][0]["scores"] == [0, 0, 10]


def test_rows_must_match_the_schedule_and_the_seats():
    bids, taken = rows_of(3, 15)
    with pytest.raises(MalformedDocument) as err:
        build_document(
            players=PLAYERS, ruleset="classic", bids=bids[:-1], taken=taken[:-1], trumps=TRUMPS[:-1]
        )
    assert err.value.path == "deals"
    bids[4] = [1, 2]
    with pytest.raises(MalformedDocument) as err:
        build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=TRUMPS)
    assert err.value.path == "deals[4].bids"


@pytest.mark.parametrize(
    ("path", "cell"),
    [
        ("deals[2].taken[1]", Cell(deal=3, field="taken", seat=1)),
        ("deals[0].bids", Cell(deal=1, field="bids", seat=None)),
        ("deals[11]", Cell(deal=12)),
        ("deals[4].dealer", Cell(deal=5)),
        ("players", None),
        ("", None),
    ],
)
def test_cell_of_maps_paths_back_to_the_sheet(path, cell):
    assert cell_of(path) == cell


def test_the_trump_is_written_as_the_sheet_gives_it_and_never_invented():
    bids, taken = rows_of(3, 15)
    trumps: list[str | None] = ["10♠", "qd", *["2C"] * 12, None]
    document = build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=trumps)
    assert [d["trump"] for d in document["deals"][:3]] == ["TS", "QD", "2C"]
    assert document["deals"][-1]["trump"] is None  # the last deal, without trumps by the seed
    missing = [*trumps[:5], None, *trumps[6:]]
    with pytest.raises(MalformedDocument) as err:
        build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=missing)
    assert (err.value.path, err.value.code, err.value.params) == (
        "deals[5].trump",
        "OHHELL_SHEET_TRUMP_MISSING",
        {"deal_no": 6},
    )
    turned = [*trumps[:14], "AS"]
    with pytest.raises(MalformedDocument) as err:
        build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=turned)
    assert (err.value.path, err.value.code) == ("deals[14].trump", "OHHELL_SHEET_TRUMP_ON_NO_TRUMP")
    wrong = [*trumps[:2], "ZZ", *trumps[3:]]
    with pytest.raises(MalformedDocument) as err:
        build_document(players=PLAYERS, ruleset="classic", bids=bids, taken=taken, trumps=wrong)
    assert err.value.path == "deals[2].trump"
