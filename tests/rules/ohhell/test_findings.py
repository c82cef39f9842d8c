"""Hand-checked compact logs for every finding code: exact findings, exact scores.

Seats: Anna 0, Boris 1, Vera 2 (Gleb 3 at four-handed tables). Findings are
compared as (code, deal, trick, seat); deal and trick count from 1.
"""

from __future__ import annotations

import pytest

from tests.rules.ohhell.helpers import found, game, run

# Dealer Vera, so Anna leads. Vera reneges in trick 1 (5S on a diamond lead,
# holding 4D); in trick 2 Boris (4S on a heart lead, holding 7H) and Vera
# again (4D, holding 6H) renege. Anna takes all three tricks.
HANDS_3 = [["AD", "2S", "3H"], ["KD", "4S", "7H"], ["4D", "5S", "6H"]]
TRICKS_3 = [["AD", "KD", "5S"], ["3H", "4S", "4D"], ["2S", "7H", "6H"]]


@pytest.mark.parametrize("with_hands", [True, False], ids=["hands", "no-hands"])
def test_every_renege_in_a_deal_is_reported_and_annuls_it(with_hands):
    deal = {"dealer": 2, "cards": 3, "trump": None, "bids": [3, 0, 0], "tricks": TRICKS_3}
    if with_hands:
        deal["hands"] = HANDS_3
    redeal = {"dealer": 2, "cards": 3, "trump": None, "bids": [0, 0, 0], "taken": [1, 1, 1]}
    rep = run(game(deal, redeal, schedule=[3]))
    assert found(rep) == [
        ("RENEGE_UNCORRECTED", 1, 1, 2),
        ("RENEGE_UNCORRECTED", 1, 2, 1),
        ("RENEGE_UNCORRECTED", 1, 2, 2),
    ]
    messages = [f["message"] for f in rep["findings"]]
    assert messages == [
        "Vera played 5S on a diamond lead while holding 4D",
        "Boris played 4S on a heart lead while holding 7H",
        "Vera played 4D on a heart lead while holding 6H",
    ]
    annulled = rep["deals"][0]
    # Taken as played, the balance announced, and only the penalties scored: Vera once.
    assert annulled["taken"] == [3, 0, 0]
    assert annulled["balance"] == "even"
    assert annulled["annulled"] is True
    assert annulled["scores"] == [0, -10, -10]
    assert rep["deals"][1]["redeal"] is True
    assert rep["deals"][1]["scores"] == [0, 0, 0]
    assert rep["totals"] == [0, -10, -10]


def test_a_renege_without_a_redeal_is_missing_its_redeal():
    deal = {"dealer": 2, "cards": 3, "trump": None, "bids": [3, 0, 0], "tricks": TRICKS_3}
    rep = run(game(deal))
    assert found(rep)[-1] == ("MISSING_REDEAL", 1, None, 2)
    assert rep["findings"][-1]["message"] == (
        "deal 1 was annulled for a renege, but the log does not show the redeal by Vera with 3 cards each"
    )


def test_a_deal_by_the_next_dealer_after_an_annulled_one_is_a_missing_redeal_not_a_wrong_dealer():
    deal = {"dealer": 2, "cards": 3, "trump": None, "bids": [3, 0, 0], "tricks": TRICKS_3}
    moved_on = {"dealer": 0, "cards": 4, "trump": None, "bids": [0, 0, 0], "taken": [1, 1, 2]}
    rep = run(game(deal, moved_on, schedule=[3, 4]))
    assert [f for f in found(rep) if f[0] != "RENEGE_UNCORRECTED"] == [("MISSING_REDEAL", 1, None, 2)]


def test_a_redeal_with_other_cards_is_no_redeal():
    deal = {"dealer": 2, "cards": 3, "trump": None, "bids": [3, 0, 0], "tricks": TRICKS_3}
    other = {"dealer": 2, "cards": 2, "trump": None, "bids": [0, 0, 0], "taken": [1, 1, 0]}
    rep = run(game(deal, other, schedule=[3, 2]))
    assert ("MISSING_REDEAL", 1, None, 2) in found(rep)
    assert rep["deals"][1]["redeal"] is False


def test_bid_out_of_range():
    deal = {"dealer": 0, "cards": 1, "trump": "2C", "bids": [2, -1, 0], "tricks": [["AH", "2H", "3H"]]}
    rep = run(game(deal))
    assert found(rep) == [("BID_OUT_OF_RANGE", 1, None, 0), ("BID_OUT_OF_RANGE", 1, None, 1)]
    assert rep["findings"][0]["message"] == "Anna bid 2 with 1 card; a bid is from 0 to 1"
    assert rep["deals"][0]["scores"] == [0, 0, 10]


def test_dealer_hook_forbids_the_dealer_to_make_the_bids_add_up():
    deal = {"dealer": 2, "cards": 1, "trump": "2C", "bids": [0, 0, 1], "tricks": [["AH", "2H", "3C"]]}
    assert found(run(game(deal))) == []
    rep = run(game(deal, dealer_hook=True))
    assert found(rep) == [("DEALER_HOOK", 1, None, 2)]
    assert rep["deals"][0]["scores"] == [10, 10, 11]  # the bid still stands and scores


def test_card_not_in_hand():
    deal = {
        "dealer": 2,
        "cards": 1,
        "trump": None,
        "hands": [["AH"], ["2H"], ["3H"]],
        "bids": [1, 0, 0],
        "tricks": [["AH", "4H", "3H"]],
    }
    rep = run(game(deal))
    assert found(rep) == [("CARD_NOT_IN_HAND", 1, 1, 1)]
    assert rep["findings"][0]["card"] == "4H"
    assert rep["findings"][0]["message"] == "Boris played 4H, which is not among the cards dealt to Boris"
    assert rep["deals"][0]["taken"] == [1, 0, 0]


@pytest.mark.parametrize(
    ("extra", "tricks", "expected", "card"),
    [
        # the turned trump card played
        ({}, [["AH", "2H", "5C"]], ("DUPLICATE_CARD", 1, 1, 2), "5C"),
        # one card played twice
        ({"cards": 2}, [["AH", "2H", "3H"], ["AS", "2H", "4S"]], ("DUPLICATE_CARD", 1, 2, 1), "2H"),
        # one card dealt to two hands
        ({"hands": [["AH"], ["AH"], ["3H"]]}, [["AH", "AH", "3H"]], ("DUPLICATE_CARD", 1, None, 1), "AH"),
        # the trump card in a hand
        ({"hands": [["5C"], ["2H"], ["3H"]]}, [["5C", "2H", "3H"]], ("DUPLICATE_CARD", 1, None, 0), "5C"),
    ],
    ids=["trump-played", "played-twice", "dealt-twice", "trump-in-hand"],
)
def test_duplicate_card(extra, tricks, expected, card):
    deal = {"dealer": 2, "cards": 1, "trump": "5C", "bids": [0, 0, 0], "tricks": tricks, **extra}
    rep = run(game(deal))
    assert expected in found(rep)
    assert {f["card"] for f in rep["findings"] if f["code"] == "DUPLICATE_CARD"} == {card}


def test_wrong_card_count_in_a_hand():
    deal = {
        "dealer": 2,
        "cards": 1,
        "trump": None,
        "hands": [["AH", "KH"], ["2H"], ["3H"]],
        "bids": [1, 0, 0],
        "tricks": [["AH", "2H", "3H"]],
    }
    rep = run(game(deal))
    assert found(rep) == [("WRONG_CARD_COUNT", 1, None, 0)]
    assert rep["deals"][0]["scores"] == [11, 10, 10]


def test_wrong_card_count_of_tricks():
    deal = {"dealer": 2, "cards": 2, "trump": None, "bids": [1, 0, 0], "tricks": [["AH", "2H", "3H"]]}
    rep = run(game(deal))
    assert found(rep) == [("WRONG_CARD_COUNT", 1, None, None)]
    assert rep["findings"][0]["message"] == "the log shows 1 trick, but 2 cards each were dealt"
    assert rep["deals"][0]["taken"] == [1, 0, 0]


def test_wrong_card_count_in_a_trick_stops_the_check_there():
    deal = {
        "dealer": 2,
        "cards": 2,
        "trump": None,
        "bids": [1, 0, 0],
        "tricks": [["AH", "2H", "3H"], ["KH", "4H"]],
    }
    rep = run(game(deal))
    assert found(rep) == [("WRONG_CARD_COUNT", 1, 2, None)]
    assert rep["deals"][0]["taken"] == [1, 0, 0]


def test_taken_that_disagrees_with_the_tricks():
    deal = {
        "dealer": 2,
        "cards": 1,
        "trump": None,
        "bids": [1, 0, 0],
        "tricks": [["AH", "2H", "3H"]],
        "taken": [0, 1, 0],
    }
    rep = run(game(deal))
    assert found(rep) == [("TAKEN_MISMATCH", 1, None, 0), ("TAKEN_MISMATCH", 1, None, 1)]
    # the tricks win: Anna took the trick and made her contract
    assert rep["deals"][0]["taken"] == [1, 0, 0]
    assert rep["deals"][0]["scores"] == [11, 10, 10]


def test_taken_that_does_not_add_up_to_the_cards():
    deal = {"dealer": 0, "cards": 2, "trump": None, "bids": [1, 1, 0], "taken": [1, 0, 0]}
    rep = run(game(deal))
    assert found(rep) == [("TAKEN_MISMATCH", 1, None, None)]
    assert rep["deals"][0]["scores"] == [11, 0, 10]


def test_negative_taken_on_a_score_sheet():
    deal = {"dealer": 0, "cards": 1, "trump": None, "bids": [1, 0, 0], "taken": [2, -1, 0]}
    assert found(run(game(deal))) == [("TAKEN_MISMATCH", 1, None, 1)]


def test_score_and_total_mismatch():
    deals = [
        {
            "dealer": 0,
            "cards": 1,
            "trump": "7D",
            "bids": [0, 0, 1],
            "taken": [0, 0, 1],
            "scores": [10, 10, 11],
        },
        {"dealer": 1, "cards": 2, "trump": "8C", "bids": [1, 1, 1], "taken": [1, 1, 0], "scores": [11, 1, 0]},
    ]
    rep = run(game(*deals, totals=[21, 11, 21]))
    assert found(rep) == [
        ("SCORE_MISMATCH", 2, None, 1),
        ("TOTAL_MISMATCH", None, None, 1),
        ("TOTAL_MISMATCH", None, None, 2),
    ]
    assert rep["findings"][0]["message"] == (
        "Boris's score for deal 2 is written as 1, but the rules give 11 (bid 1, took 1)"
    )
    assert rep["findings"][2]["message"] == "Vera's total is written as 21, but the deals add up to 11"
    assert rep["totals"] == [21, 21, 11]


def test_an_annulled_deal_scored_as_if_played_is_a_score_mismatch():
    deal = {
        "dealer": 2,
        "cards": 3,
        "trump": None,
        "bids": [3, 0, 0],
        "tricks": TRICKS_3,
        "scores": [13, 10, 10],
    }
    redeal = {"dealer": 2, "cards": 3, "trump": None, "bids": [0, 0, 0], "taken": [1, 1, 1]}
    rep = run(game(deal, redeal, schedule=[3]))
    assert [f for f in found(rep) if f[0] == "SCORE_MISMATCH"] == [
        ("SCORE_MISMATCH", 1, None, 0),
        ("SCORE_MISMATCH", 1, None, 1),
        ("SCORE_MISMATCH", 1, None, 2),
    ]


def test_wrong_dealer():
    deals = [
        {"dealer": 0, "cards": 1, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]},
        {"dealer": 0, "cards": 2, "trump": "8C", "bids": [1, 1, 0], "taken": [1, 1, 0]},
        {"dealer": 1, "cards": 3, "trump": "9C", "bids": [1, 1, 0], "taken": [1, 1, 1]},
    ]
    rep = run(game(*deals))
    # Deal 2 should have been Boris's; the rotation then continues from who really dealt.
    assert found(rep) == [("WRONG_DEALER", 2, None, 0)]
    assert rep["findings"][0]["message"] == "deal 2 was dealt by Anna, but it was Boris's turn to deal"


def test_the_first_dealer_is_chosen_by_lot():
    deal = {"dealer": 1, "cards": 1, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]}
    assert found(run(game(deal))) == []


def test_wrong_schedule_for_a_deal_and_for_the_number_of_deals():
    deals = [
        {"dealer": 0, "cards": 1, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]},
        {"dealer": 1, "cards": 3, "trump": "8C", "bids": [1, 1, 0], "taken": [1, 1, 1]},
    ]
    rep = run(game(*deals, schedule=[1, 2, 3]))
    assert found(rep) == [("WRONG_SCHEDULE", 2, None, None), ("WRONG_SCHEDULE", None, None, None)]
    assert [f["message"] for f in rep["findings"]] == [
        "deal 2 has 3 cards each, but the schedule calls for 2",
        "the game has 2 deals (redeals not counted), but the schedule has 3",
    ]


def test_trump_on_the_last_deal():
    deals = [
        {"dealer": 0, "cards": 1, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]},
        {"dealer": 1, "cards": 2, "trump": "8C", "bids": [1, 1, 0], "taken": [1, 1, 0]},
    ]
    rep = run(game(*deals, last_deal_no_trump=True))
    assert found(rep) == [("TRUMP_ON_LAST_DEAL", 2, None, None)]
    assert rep["findings"][0]["card"] == "8C"
    assert found(run(game(*deals, last_deal_no_trump=False))) == []


def test_severities_and_player_names_follow_the_spec():
    deal = {"dealer": 2, "cards": 3, "trump": None, "bids": [3, 0, 9], "tricks": TRICKS_3}
    rep = run(game(deal))
    by_code = {f["code"]: f for f in rep["findings"]}
    assert by_code["RENEGE_UNCORRECTED"]["severity"] == "error"
    assert by_code["MISSING_REDEAL"]["severity"] == "warning"
    assert by_code["BID_OUT_OF_RANGE"]["severity"] == "error"
    assert by_code["BID_OUT_OF_RANGE"]["player"] == "Vera"
    assert list(by_code["RENEGE_UNCORRECTED"]) == [
        "code",
        "severity",
        "deal",
        "trick",
        "seat",
        "player",
        "card",
        "message",
        "params",
    ]
