"""Luck and skill rows (rules.ohhell.analytics): which deals are analysed, what each row says,
and the summaries, on simulated games and on hand-built rows with known answers.

Issue 13: "the luck-adjusted score summing sensibly over a table" -- luck
points sum to zero at every deal, so the adjusted scores of a table add up
to its real scores.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from rules.cards import SUIT_OF, parse_card
from rules.ohhell import parse, replay
from rules.ohhell.analytics import (
    ANALYSIS_VERSION,
    COLUMNS,
    analyse_game,
    club_summary,
    dealt_hands,
    player_summary,
)
from rules.ohhell.expected import ESTIMATOR_VERSION
from rules.ohhell.simulate import simulate

SAMPLES = 30  # enough to check the arithmetic; the estimator's own tests check its accuracy


def analysed(doc: dict[str, Any], **kwargs: Any) -> list[dict[str, Any]]:
    log = parse(doc)
    return analyse_game(replay(log).as_dict(), log, samples=SAMPLES, **kwargs)


def by_deal(rows: list[dict[str, Any]]) -> dict[int, list[dict[str, Any]]]:
    out: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        out.setdefault(row["deal"], []).append(row)
    return out


# --------------------------------------------------------------------------
# Rows of a game


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3), (7, 4)])
def test_luck_points_cancel_at_every_deal(players: int, seed: int) -> None:
    """Luck points sum to zero over the seats of each deal, so the adjusted scores of the
    table add up to its real scores (deal by deal and over the game)."""
    doc = simulate(players=players, seed=seed, deals=6).document
    rows = analysed(doc)
    assert len(rows) == players * 6
    for deal_rows in by_deal(rows).values():
        assert [row["seat"] for row in deal_rows] == list(range(players))
        assert sum(row["luck_points"] for row in deal_rows) == pytest.approx(0.0, abs=1e-9)
        assert sum(row["adjusted_score"] for row in deal_rows) == pytest.approx(
            sum(row["score"] for row in deal_rows), abs=1e-9
        )
    assert sum(row["adjusted_score"] for row in rows) == pytest.approx(sum(doc["totals"]), abs=1e-9)


def test_row_fields_follow_their_definitions() -> None:
    doc = simulate(players=4, seed=5).document
    log = parse(doc)
    report = replay(log).as_dict()
    rows = analyse_game(report, log)  # the default samples
    assert len(rows) == 4 * 13
    for row in rows:
        deal = report["deals"][row["deal"] - 1]
        seat = row["seat"]
        assert row["player"] == doc["players"][seat]
        assert row["cards"] == deal["cards"]
        assert row["trump"] == deal["trump"]
        assert row["dealer"] == (seat == deal["dealer"])
        assert (row["bid"], row["taken"], row["score"]) == (
            deal["bids"][seat],
            deal["taken"][seat],
            deal["scores"][seat],
        )
        assert row["made"] == (row["bid"] == row["taken"])
        assert row["balance"] == deal["balance"]
        assert row["low"] <= row["expected"] <= row["high"]
        assert row["luck"] == pytest.approx(row["expected"] - row["cards"] / 4)
        assert row["bid_error"] == pytest.approx(row["bid"] - row["expected"])
        assert row["play"] == pytest.approx(row["taken"] - row["expected"])
        assert row["adjusted_score"] == pytest.approx(row["score"] - row["luck_points"])
    # One and two cards each: 6 and 90 distributions, enumerated; from three cards on, sampled.
    assert {row["exact"] for row in rows if row["cards"] <= 2} == {True}
    assert {row["exact"] for row in rows if row["cards"] >= 3} == {False}
    assert {row["samples"] for row in rows if row["cards"] == 2} == {90}


def test_rows_are_json_and_columns_cover_them() -> None:
    rows = analysed(simulate(players=3, seed=8, deals=3).document)
    assert json.loads(json.dumps(rows)) == rows
    keys = [key for key, _label in COLUMNS]
    assert keys == list(rows[0])
    assert len(set(keys)) == len(keys)
    assert all(label for _key, label in COLUMNS)
    assert ESTIMATOR_VERSION in ANALYSIS_VERSION


def test_rows_are_reproducible_by_seed() -> None:
    doc = simulate(players=4, seed=9, deals=5).document
    assert analysed(doc, seed=3) == analysed(doc, seed=3)
    assert analysed(doc, seed=3) != analysed(doc, seed=4)


# --------------------------------------------------------------------------
# Which deals are analysed


def test_hands_read_from_the_tricks() -> None:
    """Without logged hands the tricks show every card each seat held: the same rows."""
    with_hands = simulate(players=4, seed=10, deals=6).document
    without = simulate(players=4, seed=10, deals=6, include_hands=False).document
    assert "hands" not in without["deals"][0]
    assert analysed(without) == analysed(with_hands)


def test_hands_read_from_the_events() -> None:
    """A deal logged as events (bids and plays, each with its seat) gives the same rows."""
    doc = simulate(players=3, seed=12, deals=4).document
    events_doc = copy.deepcopy(doc)
    for deal in events_doc["deals"]:
        deal["events"] = _events(deal, 3)
        for key in ("hands", "bids", "tricks"):
            del deal[key]
    assert analysed(events_doc) == analysed(doc)


def _events(deal: dict[str, Any], n: int) -> list[dict[str, Any]]:
    """The compact deal as events: bids from the dealer's left, then each card with its seat."""
    leader = (deal["dealer"] + 1) % n
    events: list[dict[str, Any]] = [
        {"seat": (leader + i) % n, "bid": deal["bids"][(leader + i) % n]} for i in range(n)
    ]
    trump = None if deal["trump"] is None else SUIT_OF[parse_card(deal["trump"])]
    for trick in deal["tricks"]:
        played = [parse_card(card) for card in trick]
        led = SUIT_OF[played[0]]
        best = max(
            range(n), key=lambda i: (SUIT_OF[played[i]] == trump, SUIT_OF[played[i]] == led, played[i])
        )
        events.extend({"seat": (leader + i) % n, "play": trick[i]} for i in range(n))
        leader = (leader + best) % n
    return events


def test_score_sheet_deals_have_no_rows() -> None:
    """Bids and tricks taken only: no cards to judge, no rows."""
    assert analysed(simulate(players=4, seed=13, deals=4, record="taken", include_hands=False).document) == []


def test_annulled_deals_have_no_rows_but_their_redeals_do() -> None:
    game = simulate(players=4, seed=14, deals=8, renege_rate=0.05)
    annulled = {r.deal for r in game.reneges}
    assert annulled, "the seed was chosen to have a renege"
    rows = analysed(game.document)
    analysed_deals = set(by_deal(rows))
    assert not analysed_deals & annulled
    assert analysed_deals == set(range(1, len(game.document["deals"]) + 1)) - annulled
    # The redeals that stood (same dealer, same cards) are analysed like any deal.
    redeals = {
        d["deal"]
        for d in replay(parse(game.document)).as_dict()["deals"]
        if d["redeal"] and not d["annulled"]
    }
    assert redeals
    assert redeals <= analysed_deals


def test_deals_whose_cards_are_no_proper_deal_have_no_rows() -> None:
    doc = simulate(players=3, seed=15, deals=3).document
    doc["deals"][1]["hands"][0][0] = doc["deals"][1]["hands"][1][0]  # one card in two hands
    rows = analysed(doc)
    assert set(by_deal(rows)) == {1, 3}


def test_dealt_hands_refuses_incomplete_records() -> None:
    log = parse(simulate(players=3, seed=16, deals=2, include_hands=False).document)
    deal = log.deals[1]
    assert dealt_hands(deal, 3, 2) is not None
    assert dealt_hands(deal, 3, 3) is None  # two tricks cannot show three cards each


def test_report_and_log_must_match() -> None:
    log = parse(simulate(players=3, seed=17, deals=2).document)
    report = replay(log).as_dict()
    report["deals"].pop()
    with pytest.raises(ValueError, match="1 deals but the log has 2"):
        analyse_game(report, log)


def test_estimates_cache_is_filled_and_read() -> None:
    doc = simulate(players=3, seed=18, deals=3).document
    cache: dict[str, list[dict[str, Any]]] = {}
    rows = analysed(doc, estimates=cache)
    assert len(cache) == 3
    assert all(len(per_seat) == 3 for per_seat in cache.values())
    assert analysed(doc, estimates=cache) == rows
    # A stored estimate is used as it is, not recomputed.
    key = next(iter(cache))
    cache[key][0] = {"mean": 0.5, "low": 0.25, "high": 0.75, "samples": 7, "exact": False, "score": 4.0}
    again = analysed(doc, estimates=cache)
    assert (again[0]["expected"], again[0]["samples"], again[0]["expected_score"]) == (0.5, 7, 4.0)


def test_stock_option_reaches_the_estimator() -> None:
    """``stock=True`` estimates from the player's own view (the undealt cards redealt too):
    other figures, cached under other keys."""
    doc = simulate(players=4, seed=19, deals=3).document
    cache: dict[str, list[dict[str, Any]]] = {}
    plain = analysed(doc, estimates=cache)
    with_stock = analysed(doc, stock=True, estimates=cache)
    assert len(cache) == 6
    assert [r["expected"] for r in plain] != [r["expected"] for r in with_stock]
    assert [r["score"] for r in plain] == [r["score"] for r in with_stock]


# --------------------------------------------------------------------------
# Summaries of hand-built rows


def row(
    cards: int,
    bid: int | None,
    taken: int,
    expected: float,
    *,
    dealer: bool = False,
    balance: str = "even",
    **more: Any,
) -> dict[str, Any]:
    """A row with just what the summaries read; score 10 + bid when made, else 0."""
    made = bid is not None and bid == taken
    score = (10 + taken) if made else 0
    base = {
        "cards": cards,
        "dealer": dealer,
        "bid": bid,
        "taken": taken,
        "made": made,
        "score": score,
        "expected": expected,
        "luck": expected - cards / 4,
        "luck_points": more.pop("luck_points", 0.0),
        "bid_error": None if bid is None else bid - expected,
        "play": taken - expected,
        "balance": balance,
    }
    base["adjusted_score"] = score - base["luck_points"]
    base.update(more)
    return base


def test_player_summary() -> None:
    rows = [
        row(4, 2, 2, 1.5, luck_points=2.0),  # made, bid error +0.5, play +0.5
        row(4, 0, 1, 1.0, luck_points=-1.0),  # missed, bid error -1.0, play 0.0
        row(8, 3, 1, 2.0, luck_points=0.5),  # missed, bid error +1.0, play -1.0
        row(8, None, 2, 3.0),  # no bid: no contract
    ]
    summary = player_summary(rows)
    assert summary == {
        "deals": 4,
        "expected": pytest.approx(7.5 / 4),
        "luck": pytest.approx((0.5 + 0.0 + 0.0 + 1.0) / 4),
        "luck_points": pytest.approx(1.5),
        "bid_error": {
            "contracts": 3,
            "mean_abs": pytest.approx(2.5 / 3),
            "mean_signed": pytest.approx(0.5 / 3),
        },
        "bid_error_by_cards": {
            "4": {"contracts": 2, "mean_abs": pytest.approx(0.75), "mean_signed": pytest.approx(-0.25)},
            "8": {"contracts": 1, "mean_abs": pytest.approx(1.0), "mean_signed": pytest.approx(1.0)},
        },
        "play": {
            "made": {"contracts": 1, "mean": pytest.approx(0.5)},
            "missed": {"contracts": 2, "mean": pytest.approx(-0.5)},
        },
        "score": 12,
        "adjusted_score": pytest.approx(10.5),
        "contracts": 3,
        "made": 1,
        "made_rate": pytest.approx(1 / 3),
    }


def test_player_summary_of_nothing() -> None:
    summary = player_summary([])
    assert summary["deals"] == 0
    assert summary["luck"] is None
    assert summary["bid_error"] == {"contracts": 0, "mean_abs": None, "mean_signed": None}
    assert summary["bid_error_by_cards"] == {}
    assert summary["play"] == {
        "made": {"contracts": 0, "mean": None},
        "missed": {"contracts": 0, "mean": None},
    }
    assert summary["made_rate"] is None
    assert json.loads(json.dumps(summary)) == summary


def test_club_summary() -> None:
    rows = [
        # deal A: 2 cards, bids over
        row(2, 1, 1, 0.5, dealer=True, balance="over"),
        row(2, 1, 0, 1.0, balance="over"),
        row(2, 1, 1, 0.5, balance="over"),
        # deal B: 2 cards, even
        row(2, 0, 0, 0.25, dealer=True),
        row(2, 2, 2, 1.75),
        row(2, 0, 0, 0.0),
        # deal C: 5 cards, under; the dealer misses
        row(5, 2, 3, 2.5, dealer=True, balance="under"),
        row(5, 1, 1, 1.5, balance="under"),
        row(5, None, 1, 1.0, balance="under"),
    ]
    summary = club_summary(rows)
    assert summary == {
        "deals": 3,
        "by_cards": {
            "2": {
                "rows": 6,
                "mean_bid": pytest.approx(5 / 6),
                "mean_expected": pytest.approx(4.0 / 6),
                "mean_bid_minus_expected": pytest.approx(1 / 6),
                "made_rate": pytest.approx(5 / 6),
            },
            "5": {
                "rows": 3,
                "mean_bid": pytest.approx(1.5),
                "mean_expected": pytest.approx(5.0 / 3),
                "mean_bid_minus_expected": pytest.approx(-0.5),
                "made_rate": pytest.approx(0.5),
            },
        },
        "dealer": {
            "dealer": {"contracts": 3, "made": 2, "made_rate": pytest.approx(2 / 3)},
            "others": {"contracts": 5, "made": 4, "made_rate": pytest.approx(0.8)},
            "advantage": pytest.approx(2 / 3 - 0.8),
        },
        "balance": {
            "over": {"deals": 1, "share": pytest.approx(1 / 3)},
            "under": {"deals": 1, "share": pytest.approx(1 / 3)},
            "even": {"deals": 1, "share": pytest.approx(1 / 3)},
        },
    }


def test_club_summary_of_a_simulated_club() -> None:
    """On real rows the balance shares add up to one and the dealer's made rate is a rate."""
    rows = [r for seed in range(3) for r in analysed(simulate(players=4, seed=20 + seed, deals=5).document)]
    summary = club_summary(rows)
    assert summary["deals"] == 15
    assert sum(b["deals"] for b in summary["balance"].values()) == 15
    assert sum(b["share"] for b in summary["balance"].values()) == pytest.approx(1.0)
    assert summary["dealer"]["dealer"]["contracts"] == 15
    assert summary["dealer"]["others"]["contracts"] == 45
    assert list(summary["by_cards"]) == ["1", "2", "3", "4", "5"]
    assert json.loads(json.dumps(summary)) == summary
