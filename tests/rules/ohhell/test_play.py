"""Hand-checked play and scoring of compact deals: who leads, who wins, what it scores.

Seats: Anna 0, Boris 1, Vera 2 (clockwise). The player left of the dealer
leads the first trick; the winner of a trick leads the next.
"""

from __future__ import annotations

import pytest

from tests.rules.ohhell.helpers import FOUR, found, game, run


def one_card(dealer: int, trump: str | None, trick: list[str], bids: list[int]) -> dict:
    return run(game({"dealer": dealer, "cards": 1, "trump": trump, "bids": bids, "tricks": [trick]}))


@pytest.mark.parametrize(
    ("trump", "trick", "taken"),
    [
        # "Взятку забирает игрок, который положит старший козырь" -- a trump beats the led suit.
        ("5C", ["AH", "2H", "3C"], [0, 0, 1]),
        # the higher of two trumps wins
        ("5C", ["AH", "4C", "3C"], [0, 1, 0]),
        # "или старшую карту в масти карты первого хода" -- an off-suit ace wins nothing
        ("5C", ["2H", "AS", "3H"], [0, 0, 1]),
        # without trumps, the highest of the led suit
        (None, ["5D", "AS", "9D"], [0, 0, 1]),
        # trumps led: the highest trump
        ("5C", ["2C", "AH", "3C"], [0, 0, 1]),
        # the leader's card stands when nobody follows or trumps
        ("5C", ["2D", "AH", "AS"], [1, 0, 0]),
    ],
)
def test_the_highest_trump_else_the_highest_of_the_led_suit_takes_the_trick(trump, trick, taken):
    rep = one_card(2, trump, trick, [0, 0, 0])  # dealer Vera: Anna leads
    assert rep["deals"][0]["taken"] == taken
    assert found(rep) == []


def test_the_player_left_of_the_dealer_leads_the_first_trick():
    # Dealer Anna: Boris leads, so AH is Boris's and takes the trick.
    rep = one_card(0, None, ["AH", "2H", "3H"], [0, 1, 0])
    assert rep["deals"][0]["taken"] == [0, 1, 0]
    assert rep["deals"][0]["scores"] == [10, 11, 10]


def test_the_winner_of_a_trick_leads_the_next():
    # Dealer Vera: Anna leads 2H, Boris takes it with AH, so Boris leads KS to the second trick.
    deal = {
        "dealer": 2,
        "cards": 2,
        "trump": None,
        "bids": [0, 2, 0],
        "tricks": [["2H", "AH", "3H"], ["KS", "2S", "3S"]],
    }
    rep = run(game(deal))
    assert rep["deals"][0]["taken"] == [0, 2, 0]
    assert rep["deals"][0]["scores"] == [10, 12, 10]
    assert rep["totals"] == [10, 12, 10]
    assert found(rep) == []


def test_four_players_trick_order_wraps_around_the_table():
    # Dealer Gleb (3): Anna leads; Gleb plays last and trumps.
    deal = {
        "dealer": 3,
        "cards": 1,
        "trump": "2S",
        "bids": [1, 0, 0, 1],
        "tricks": [["AH", "KH", "QH", "3S"]],
    }
    rep = run(game(deal, players=FOUR))
    assert rep["deals"][0]["taken"] == [0, 0, 0, 1]
    assert rep["deals"][0]["scores"] == [0, 10, 10, 11]


@pytest.mark.parametrize(
    ("bids", "scores", "balance"),
    [
        # "получает 10 очков плюс очки по контракту": 10 + tricks bid; zero bid made: 10
        ([0, 2, 0], [10, 12, 10], "even"),
        # "При переборе или недоборе ... Банкротам очки не записывают": over or under scores 0
        ([1, 1, 0], [0, 0, 10], "even"),
        ([1, 2, 1], [0, 12, 0], "over"),
        ([0, 1, 0], [10, 0, 10], "under"),
    ],
)
def test_contracts_made_exactly_score_ten_plus_the_bid_and_missed_ones_nothing(bids, scores, balance):
    deal = {
        "dealer": 2,
        "cards": 2,
        "trump": None,
        "bids": bids,
        "tricks": [["2H", "AH", "3H"], ["KS", "2S", "3S"]],
    }
    d = run(game(deal))["deals"][0]
    assert (d["scores"], d["balance"]) == (scores, balance)


def test_score_sheet_only_deal_is_scored_from_taken():
    deal = {"dealer": 0, "cards": 3, "trump": "7D", "bids": [1, 2, 1], "taken": [1, 1, 1]}
    rep = run(game(deal))
    assert rep["deals"][0]["taken"] == [1, 1, 1]
    assert rep["deals"][0]["scores"] == [11, 0, 11]
    assert rep["deals"][0]["balance"] == "over"
    assert found(rep) == []


def test_running_totals_add_every_deal():
    deals = [
        {"dealer": 0, "cards": 1, "trump": "7D", "bids": [0, 0, 1], "taken": [0, 0, 1]},
        {"dealer": 1, "cards": 2, "trump": "8C", "bids": [1, 1, 1], "taken": [1, 1, 0]},
        {"dealer": 2, "cards": 3, "trump": None, "bids": [2, 0, 0], "taken": [2, 0, 1]},
    ]
    rep = run(game(*deals))
    assert [d["scores"] for d in rep["deals"]] == [[10, 10, 11], [11, 11, 0], [12, 10, 0]]
    assert rep["totals"] == [33, 31, 11]


def test_report_deal_fields_are_exactly_the_spec_ones_plus_blind_redeal_and_the_rulings():
    rep = one_card(2, "5C", ["AH", "2H", "3C"], [1, 0, 1])
    assert rep["deals"][0] == {
        "deal": 1,
        "dealer": 2,
        "cards": 1,
        "trump": "5C",
        "bids": [1, 0, 1],
        "blind": [False, False, False],
        "taken": [0, 0, 1],
        "scores": [0, 10, 11],
        "balance": "over",
        "annulled": False,
        "redeal": False,
        "penalties": [],  # docs/arbiter.md: the renege penalties of the deal and what became of them
        "arbiter": None,
    }
    assert list(rep) == ["game", "ruleset", "players", "totals", "deals", "findings"]
