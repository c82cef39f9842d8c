"""The game as a whole: dealer rotation, the schedule, and redeals after an annulled deal."""

from __future__ import annotations

from tests.rules.ohhell.helpers import found, game, run

# A deal that Vera annuls by reneging (3C on a diamond lead, 7D played later); Olga's example.
RENEGE_2 = {"trump": None, "bids": [1, 1, 0], "tricks": [["QD", "3C", "4D"], ["2S", "7D", "5S"]]}


def test_a_redeal_keeps_the_dealer_and_the_cards_and_does_not_advance_the_schedule():
    # "назначается пересдача тем же сдатчиком"
    deals = [
        {"dealer": 2, "cards": 1, "trump": "5C", "bids": [1, 0, 0], "tricks": [["AH", "2H", "KH"]]},
        {"dealer": 0, "cards": 2, **RENEGE_2},
        {"dealer": 0, "cards": 2, "trump": None, "bids": [0, 2, 0], "taken": [0, 2, 0]},
        {"dealer": 1, "cards": 3, "trump": None, "bids": [1, 1, 1], "taken": [1, 1, 1]},
    ]
    rep = run(game(*deals, schedule=[1, 2, 3]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 2, 1, 2)]
    assert [d["redeal"] for d in rep["deals"]] == [False, False, True, False]
    assert [d["annulled"] for d in rep["deals"]] == [False, True, False, False]
    assert rep["totals"] == [11 + 0 + 10 + 11, 10 + 0 + 12 + 11, 10 - 10 + 10 + 11]


def test_a_redeal_that_omits_its_cards_takes_the_annulled_deals_cards():
    deals = [
        {"dealer": 0, "cards": 2, **RENEGE_2},
        {"dealer": 0, "trump": None, "bids": [0, 2, 0], "taken": [0, 2, 0]},
        {"dealer": 1, "trump": None, "bids": [1, 1, 1], "taken": [1, 1, 1]},
    ]
    rep = run(game(*deals, schedule=[2, 3]))
    assert [d["cards"] for d in rep["deals"]] == [2, 2, 3]
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, 1, 2)]


def test_an_annulled_redeal_needs_another_redeal():
    deals = [
        {"dealer": 0, "cards": 2, **RENEGE_2},
        {"dealer": 0, "cards": 2, **RENEGE_2},
        {"dealer": 0, "cards": 2, "trump": None, "bids": [0, 2, 0], "taken": [0, 2, 0]},
    ]
    rep = run(game(*deals, schedule=[2]))
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, 1, 2), ("RENEGE_UNCORRECTED", 2, 1, 2)]
    assert [d["scores"][2] for d in rep["deals"]] == [-10, -10, 10]


def test_the_dealer_passes_to_the_left_and_wraps_around():
    deals = [
        {"dealer": d, "cards": 1, "trump": "2C", "bids": [0, 0, 0], "taken": [1, 0, 0]} for d in (1, 2, 0, 1)
    ]
    assert found(run(game(*deals, schedule=[1, 1, 1, 1]))) == []


def test_too_many_deals_is_a_wrong_schedule():
    deals = [
        {"dealer": d, "cards": 1, "trump": "2C", "bids": [0, 0, 0], "taken": [1, 0, 0]} for d in (0, 1, 2)
    ]
    rep = run(game(*deals, schedule=[1, 1]))
    assert found(rep) == [("WRONG_SCHEDULE", None, None, None)]
    assert (
        rep["findings"][0]["message"] == "the game has 3 deals (redeals not counted), but the schedule has 2"
    )
    # a deal beyond the schedule without "cards" is read from its own log
    deals[2] = {"dealer": 2, "trump": None, "bids": [0, 0, 0], "taken": [1, 1, 0]}
    rep = run(game(*deals, schedule=[1, 1]))
    assert rep["deals"][2]["cards"] == 2


def test_the_last_deal_of_the_schedule_is_the_one_without_trumps_even_when_redealt():
    deals = [
        {"dealer": 0, "cards": 2, **RENEGE_2},
        {"dealer": 0, "cards": 2, "trump": "9C", "bids": [0, 2, 0], "taken": [0, 2, 0]},
    ]
    rep = run(game(*deals, schedule=[2], last_deal_no_trump=True))
    assert ("TRUMP_ON_LAST_DEAL", 2, None, None) in found(rep)
