"""Presets and every ruleset option: resolution, the echo in the report, and the score each changes."""

from __future__ import annotations

import pytest

from rules.ohhell import PRESETS, default_schedule, resolve_ruleset
from tests.rules.ohhell.helpers import found, game, run

# Dealer Vera, Anna leads: Anna 2H, Boris AH (takes it), Boris KS (takes it): taken 0, 2, 0.
TWO_TRICKS = [["2H", "AH", "3H"], ["KS", "2S", "3S"]]


def scores(bids, *, blind=None, **ruleset) -> list[int]:
    deal = {"dealer": 2, "cards": 2, "trump": None, "bids": bids, "tricks": TWO_TRICKS}
    if blind is not None:
        deal["blind"] = blind
    rep = run(game(deal, **ruleset))
    assert [f for f in found(rep) if f[0] != "BID_OUT_OF_RANGE"] == []
    return rep["deals"][0]["scores"]


@pytest.mark.parametrize(("players", "deals"), [(3, 15), (4, 13), (5, 10), (6, 8), (7, 7)])
def test_default_schedule_by_number_of_players(players, deals):
    # "Если играют 3 игрока, то сдач всего 15 ... Если играют 7 игроков, то сдач 7."
    assert default_schedule(players) == tuple(range(1, deals + 1))
    assert resolve_ruleset("classic", players).schedule == tuple(range(1, deals + 1))


def test_classic_is_echoed_in_full():
    assert resolve_ruleset("classic", 4).as_dict() == {
        "preset": "classic",
        "schedule": list(range(1, 14)),
        "last_deal_no_trump": True,
        "made_bonus": 10,
        "per_trick": 1,
        "failed": 0,
        "nil_made": 10,
        "renege_penalty": 10,
        "dealer_hook": False,
        "blind_multiplier": 2,
    }
    assert set(PRESETS) == {"classic", "classic-nil5"}


def test_the_report_echoes_the_resolved_ruleset_with_overrides():
    rep = run(
        game({"dealer": 0, "cards": 1, "trump": None, "bids": [0, 0, 1], "taken": [0, 0, 1]}, made_bonus=20)
    )
    assert rep["ruleset"]["preset"] == "classic"
    assert rep["ruleset"]["made_bonus"] == 20
    assert rep["ruleset"]["nil_made"] == 20  # follows made_bonus unless set
    assert rep["ruleset"]["schedule"] == [1]


def test_classic_scores():
    assert scores([0, 2, 0]) == [10, 12, 10]


def test_classic_nil5_scores_a_zero_bid_five_plus_the_cards():
    # Примечание: "заказавший нулевой контракт получает 5 очков и число очков, равное числу взяток в сдаче"
    assert scores([0, 2, 0], preset="classic-nil5") == [7, 12, 7]
    assert resolve_ruleset("classic-nil5", 3).as_dict()["nil_made"] == "5+cards"


def test_made_bonus_and_per_trick():
    assert scores([0, 2, 0], made_bonus=5, per_trick=3) == [5, 11, 5]


def test_nil_made_as_a_number_and_as_a_formula():
    assert scores([0, 2, 0], nil_made=7) == [7, 12, 7]
    assert scores([0, 2, 0], nil_made="3+cards") == [5, 12, 5]


def test_failed_scores_a_missed_contract_over_or_under():
    assert scores([1, 1, 0], failed=-5) == [-5, -5, 10]


def test_blind_contract_made_scores_times_the_multiplier_and_missed_scores_failed():
    assert scores([0, 2, 1], blind=[True, True, True]) == [20, 24, 0]
    assert scores([0, 2, 1], blind=[True, True, True], blind_multiplier=3, failed=-1) == [30, 36, -1]


def test_blind_marks_in_the_report():
    deal = {"dealer": 2, "cards": 2, "trump": None, "bids": [0, 2, 0], "tricks": TWO_TRICKS}
    deal["blind"] = [False, True, False]
    assert run(game(deal))["deals"][0]["blind"] == [False, True, False]


def test_renege_penalty():
    # Vera (seat 2) plays 5S on Anna's diamond lead and plays 4D later.
    deal = {
        "dealer": 2,
        "cards": 2,
        "trump": None,
        "bids": [2, 0, 0],
        "tricks": [["AD", "KD", "5S"], ["2S", "3C", "4D"]],
    }
    redeal = {"dealer": 2, "cards": 2, "trump": None, "bids": [0, 0, 0], "taken": [1, 1, 0]}
    rep = run(game(deal, redeal, schedule=[2], renege_penalty=25))
    assert rep["deals"][0]["scores"] == [0, 0, -25]


def test_dealer_hook_option():
    deal = {"dealer": 2, "cards": 2, "trump": None, "bids": [0, 2, 0], "tricks": TWO_TRICKS}
    assert found(run(game(deal))) == []
    assert found(run(game(deal, dealer_hook=True))) == [("DEALER_HOOK", 1, None, 2)]


def test_last_deal_no_trump_option():
    deal = {"dealer": 2, "cards": 2, "trump": "2C", "bids": [0, 2, 0], "tricks": TWO_TRICKS}
    assert found(run(game(deal, last_deal_no_trump=True))) == [("TRUMP_ON_LAST_DEAL", 1, None, None)]
    assert found(run(game(deal, last_deal_no_trump=False))) == []


def test_schedule_option_sets_the_cards_of_deals_that_omit_them():
    deals = [
        {"dealer": 0, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]},
        {"dealer": 1, "trump": None, "bids": [1, 1, 1], "taken": [1, 1, 1]},
    ]
    rep = run(game(*deals, schedule=[1, 3]))
    assert [d["cards"] for d in rep["deals"]] == [1, 3]
    assert found(rep) == []


def test_default_schedule_makes_a_short_game_a_wrong_schedule():
    deal = {"dealer": 0, "cards": 1, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]}
    doc = game(deal)
    doc["ruleset"] = "classic"
    assert found(run(doc)) == [("WRONG_SCHEDULE", None, None, None)]


def test_overrides_list_only_what_differs_from_the_preset():
    rs = resolve_ruleset({"preset": "classic", "made_bonus": 10, "dealer_hook": True}, 4)
    assert rs.overrides(4) == {"dealer_hook": True}
