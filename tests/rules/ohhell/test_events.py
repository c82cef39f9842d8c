"""Hand-checked ``events`` deals: the irregularities of the seed, one by one.

Four players, Anna dealing (so Boris bids and leads first), three cards
each, spades trumps (2S turned). The hands:

    Anna  AH 7C 3D      Boris KH 4C JD
    Vera  9H 5D 8D      Gleb  QH 6C TD

Played properly: Boris JD, Vera 8D, Gleb TD, Anna 3D (Boris takes it);
Boris KH, Vera 9H, Gleb QH, Anna AH (Anna); Anna 7C, Boris 4C, Vera 5D,
Gleb 6C (Anna). Bids Boris 1, Vera 0, Gleb 1, Anna 1: taken 2, 1, 0, 0
scores Anna 0, Boris 11, Vera 10, Gleb 0.
"""

from __future__ import annotations

from typing import Any

from tests.rules.ohhell.helpers import FOUR, found, game, run

A, B, V, G = 0, 1, 2, 3
HANDS = [["AH", "7C", "3D"], ["KH", "4C", "JD"], ["9H", "5D", "8D"], ["QH", "6C", "TD"]]
BIDS = [(B, 1), (V, 0), (G, 1), (A, 1)]
TRICK_1 = [(B, "JD"), (V, "8D"), (G, "TD"), (A, "3D")]
TRICK_2 = [(B, "KH"), (V, "9H"), (G, "QH"), (A, "AH")]
TRICK_3 = [(A, "7C"), (B, "4C"), (V, "5D"), (G, "6C")]
PROPER_SCORES = [0, 11, 10, 0]


def bid(seat: int, value: int) -> dict[str, Any]:
    return {"seat": seat, "bid": value}


def play(seat: int, card: str) -> dict[str, Any]:
    return {"seat": seat, "play": card}


def take_back(seat: int, card: str) -> dict[str, Any]:
    return {"seat": seat, "take_back": card}


def expose(seat: int, card: str) -> dict[str, Any]:
    return {"seat": seat, "expose": card}


def bids(pairs=BIDS) -> list[dict[str, Any]]:
    return [bid(s, v) for s, v in pairs]


def plays(*tricks: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [play(s, c) for trick in tricks for s, c in trick]


def replayed(events: list[dict[str, Any]], *, hands: bool = True, redeal: bool = False, **extra: Any) -> dict:
    deal: dict[str, Any] = {"dealer": A, "cards": 3, "trump": "2S", "events": events, **extra}
    if hands:
        deal["hands"] = HANDS
    deals = [deal]
    if redeal:
        deals.append({"dealer": A, "cards": 3, "trump": "2S", "bids": [0, 0, 0, 0], "taken": [1, 1, 1, 0]})
    return run(game(*deals, players=FOUR, schedule=[3]))


def test_a_proper_events_deal_replays_like_its_compact_form():
    rep = replayed(bids() + plays(TRICK_1, TRICK_2, TRICK_3))
    assert found(rep) == []
    deal = rep["deals"][0]
    assert deal["bids"] == [1, 1, 0, 1]
    assert deal["taken"] == [2, 1, 0, 0]
    assert deal["scores"] == PROPER_SCORES
    compact = {
        "dealer": A,
        "cards": 3,
        "trump": "2S",
        "bids": [1, 1, 0, 1],
        "tricks": [["JD", "8D", "TD", "3D"], ["KH", "9H", "QH", "AH"], ["7C", "4C", "5D", "6C"]],
    }
    assert run(game(compact, players=FOUR))["deals"] == rep["deals"]


def test_bid_out_of_turn_is_accepted_and_the_turn_goes_back():
    # Vera bids before Boris: accepted; Boris, Gleb and Anna then bid in turn.
    rep = replayed(bids([(V, 0), (B, 1), (G, 1), (A, 1)]) + plays(TRICK_1, TRICK_2, TRICK_3))
    assert found(rep) == [("BID_OUT_OF_TURN", 1, None, V)]
    assert rep["findings"][0]["severity"] == "warning"
    assert rep["findings"][0]["message"] == (
        "Vera bid 0 out of turn (it was Boris's turn); the bid stands and the turn goes back to Boris"
    )
    assert rep["deals"][0]["bids"] == [1, 1, 0, 1]
    assert rep["deals"][0]["scores"] == PROPER_SCORES


def test_each_bid_out_of_turn_is_reported():
    # Vera and then Gleb bid before Boris.
    rep = replayed(bids([(V, 0), (G, 1), (B, 1), (A, 1)]) + plays(TRICK_1, TRICK_2, TRICK_3))
    assert found(rep) == [("BID_OUT_OF_TURN", 1, None, V), ("BID_OUT_OF_TURN", 1, None, G)]


def test_a_bid_may_be_changed_until_the_next_player_has_bid():
    rep = replayed(bids([(B, 2), (B, 1), (V, 0), (G, 1), (A, 1)]) + plays(TRICK_1, TRICK_2, TRICK_3))
    assert found(rep) == []
    assert rep["deals"][0]["bids"] == [1, 1, 0, 1]


def test_a_late_change_of_bid_is_refused_and_the_first_bid_stands():
    rep = replayed(bids([(B, 1), (V, 0), (B, 2), (G, 1), (A, 1)]) + plays(TRICK_1, TRICK_2, TRICK_3))
    assert found(rep) == [("BID_CHANGE_TOO_LATE", 1, None, B)]
    assert rep["findings"][0]["message"] == (
        "Boris changed the bid from 1 to 2 after Vera had bid; the bid of 1 stands"
    )
    assert rep["deals"][0]["bids"] == [1, 1, 0, 1]
    assert rep["deals"][0]["scores"] == PROPER_SCORES


def test_the_dealer_may_change_the_last_bid_until_play_begins_but_not_after():
    ok = replayed([*bids(), bid(A, 2), bid(A, 1), *plays(TRICK_1, TRICK_2, TRICK_3)])
    assert found(ok) == []
    late = replayed(bids() + plays(TRICK_1[:1]) + [bid(A, 2)] + plays(TRICK_1[1:], TRICK_2, TRICK_3))
    assert found(late) == [("BID_CHANGE_TOO_LATE", 1, None, A)]
    assert late["deals"][0]["bids"] == [1, 1, 0, 1]


def test_a_seat_that_never_bids_is_reported_and_scores_failed():
    rep = replayed(bids([(B, 1), (V, 0), (G, 1)]) + plays(TRICK_1, TRICK_2, TRICK_3))
    assert found(rep) == [("BID_MISSING", 1, None, A)]
    assert rep["deals"][0]["bids"] == [None, 1, 0, 1]
    assert rep["deals"][0]["scores"] == [0, 11, 10, 0]


def test_a_renege_corrected_before_the_next_lead():
    # Vera reneges with 9H on the diamond lead, takes it back (9H is now exposed), Gleb takes
    # back the TD he played after it, without penalty; both then play properly. In trick 2
    # Vera plays the exposed 9H at its first legal chance.
    trick_1 = [
        play(B, "JD"),
        play(V, "9H"),
        play(G, "TD"),
        take_back(V, "9H"),
        take_back(G, "TD"),
        play(V, "8D"),
        play(G, "TD"),
        play(A, "3D"),
    ]
    rep = replayed(bids() + trick_1 + plays(TRICK_2, TRICK_3))
    assert found(rep) == [("RENEGE_CORRECTED", 1, 1, V)]
    finding = rep["findings"][0]
    assert finding["severity"] == "info"
    assert finding["card"] == "9H"
    assert finding["message"] == (
        "Vera played 9H on a diamond lead while holding 8D, and took it back before the next lead; "
        "9H is now an exposed card"
    )
    assert rep["deals"][0]["annulled"] is False
    assert rep["deals"][0]["scores"] == PROPER_SCORES


def test_a_renege_not_corrected_annuls_the_deal():
    trick_1 = [(B, "JD"), (V, "9H"), (G, "TD"), (A, "3D")]
    trick_2 = [(B, "KH"), (V, "5D"), (G, "QH"), (A, "AH")]
    trick_3 = [(A, "7C"), (B, "4C"), (V, "8D"), (G, "6C")]
    rep = replayed(bids() + plays(trick_1, trick_2, trick_3), redeal=True)
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, 1, V)]
    assert rep["findings"][0]["message"] == "Vera played 9H on a diamond lead while holding 8D"
    deal = rep["deals"][0]
    assert (deal["annulled"], deal["taken"], deal["scores"]) == (True, [2, 1, 0, 0], [0, 0, -10, 0])


def test_a_renege_taken_back_after_the_next_lead_is_too_late():
    trick_1 = [(B, "JD"), (V, "9H"), (G, "TD"), (A, "3D")]
    events = bids() + plays(trick_1) + [play(B, "KH"), take_back(V, "9H")]
    events += plays([(V, "5D"), (G, "QH"), (A, "AH")], [(A, "7C"), (B, "4C"), (V, "8D"), (G, "6C")])
    rep = replayed(events, redeal=True)
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, 1, V), ("ILLEGAL_TAKE_BACK", 1, 2, V)]
    assert rep["deals"][0]["annulled"] is True


def test_cards_after_an_uncorrected_renege_may_still_be_taken_back_without_penalty():
    # Gleb takes back TD (played after Vera's renege) and plays it again; Vera never corrects.
    trick_1 = [play(B, "JD"), play(V, "9H"), play(G, "TD"), take_back(G, "TD"), play(G, "TD"), play(A, "3D")]
    trick_2 = [(B, "KH"), (V, "5D"), (G, "QH"), (A, "AH")]
    trick_3 = [(A, "7C"), (B, "4C"), (V, "8D"), (G, "6C")]
    rep = replayed(bids() + trick_1 + plays(trick_2, trick_3), redeal=True)
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, 1, V)]


def test_taking_back_a_proper_card_is_not_allowed_and_exposes_it():
    trick_1 = [play(B, "JD"), play(V, "8D"), take_back(V, "8D"), play(V, "5D"), play(G, "TD"), play(A, "3D")]
    trick_3 = [(A, "7C"), (B, "4C"), (V, "8D"), (G, "6C")]
    rep = replayed(bids() + trick_1 + plays(TRICK_2, trick_3))
    # 8D became exposed and was legal to play (a diamond lead) when Vera played 5D instead.
    assert found(rep) == [("ILLEGAL_TAKE_BACK", 1, 1, V), ("EXPOSED_CARD_NOT_PLAYED", 1, 1, V)]
    assert rep["findings"][1]["card"] == "8D"


def test_an_exposed_card_must_be_played_at_its_first_legal_opportunity():
    # Vera exposes 5D while bidding; on the diamond lead she plays 8D instead.
    rep = replayed([*bids(), expose(V, "5D"), *plays(TRICK_1, TRICK_2, TRICK_3)])
    assert found(rep) == [("EXPOSED_CARD_NOT_PLAYED", 1, 1, V)]
    assert rep["findings"][0]["card"] == "5D"
    assert rep["findings"][0]["message"] == (
        "Vera played 8D in trick 1 instead of the exposed 5D, which could legally be played"
    )
    assert rep["deals"][0]["scores"] == PROPER_SCORES


def test_an_exposed_card_that_may_not_be_played_yet_waits():
    # Vera exposes 5D; on the heart lead she must follow with 9H, so 5D waits until trick 3.
    trick_1 = [(B, "JD"), (V, "8D"), (G, "TD"), (A, "3D")]
    events = bids() + plays(trick_1) + [expose(V, "5D")] + plays(TRICK_2, TRICK_3)
    assert found(replayed(events)) == []


def test_a_card_played_out_of_turn_becomes_an_exposed_card():
    # Vera plays 5D before Boris leads: it stays face up and she plays it on the diamond lead.
    trick_1 = [(B, "JD"), (V, "5D"), (G, "TD"), (A, "3D")]
    trick_3 = [(A, "7C"), (B, "4C"), (V, "8D"), (G, "6C")]
    rep = replayed([*bids(), play(V, "5D"), *plays(trick_1, TRICK_2, trick_3)])
    assert found(rep) == [("PLAY_OUT_OF_TURN", 1, 1, V)]
    assert rep["findings"][0]["message"] == (
        "Vera played 5D out of turn (it was Boris's turn); it stays face up as an exposed card"
    )
    assert rep["deals"][0]["taken"] == [2, 1, 0, 0]


def test_events_without_hands_infer_them_from_the_cards_seen():
    trick_1 = [(B, "JD"), (V, "9H"), (G, "TD"), (A, "3D")]
    trick_2 = [(B, "KH"), (V, "5D"), (G, "QH"), (A, "AH")]
    trick_3 = [(A, "7C"), (B, "4C"), (V, "8D"), (G, "6C")]
    rep = replayed(bids() + plays(trick_1, trick_2, trick_3), hands=False, redeal=True)
    # 8D played in trick 3 shows Vera held a diamond in trick 1.
    assert found(rep) == [("RENEGE_UNCORRECTED", 1, 1, V)]


def test_events_card_not_in_hand_and_unfinished_play():
    events = bids() + plays([(B, "JD"), (V, "8D"), (G, "TD"), (A, "2D")])
    rep = replayed(events)
    assert found(rep) == [("CARD_NOT_IN_HAND", 1, 1, A), ("WRONG_CARD_COUNT", 1, None, None)]
    assert rep["findings"][1]["message"] == "the log shows 1 complete trick, but 3 cards each were dealt"


def test_events_recording_only_the_bidding_take_the_result_from_taken():
    rep = replayed(bids([(V, 0), (B, 1), (G, 1), (A, 1)]), taken=[2, 1, 0, 0])
    assert found(rep) == [("BID_OUT_OF_TURN", 1, None, V)]
    assert rep["deals"][0]["scores"] == PROPER_SCORES


def test_events_taken_must_agree_with_the_play():
    rep = replayed(bids() + plays(TRICK_1, TRICK_2, TRICK_3), taken=[1, 2, 0, 0])
    assert found(rep) == [("TAKEN_MISMATCH", 1, None, A), ("TAKEN_MISMATCH", 1, None, B)]


def test_a_card_played_after_the_last_trick():
    events = bids() + plays(TRICK_1, TRICK_2, TRICK_3) + [play(B, "AS")]
    rep = replayed(events)
    assert found(rep) == [("WRONG_CARD_COUNT", 1, None, B)]


def test_a_renege_keeps_its_led_suit_when_the_lead_is_taken_back_and_the_log_stops():
    # Found by the property test: Boris leads JD, Vera reneges with 9H, Boris takes JD back
    # (not his to take back) and the log ends. The renege still names the diamond lead.
    rep = replayed([*bids(), play(B, "JD"), play(V, "9H"), take_back(B, "JD")], redeal=True)
    assert [f["code"] for f in rep["findings"]] == [
        "ILLEGAL_TAKE_BACK",
        "WRONG_CARD_COUNT",
        "RENEGE_UNCORRECTED",
        "WRONG_CARD_COUNT",
    ]
    renege = rep["findings"][2]
    assert (renege["seat"], renege["card"]) == (V, "9H")
    assert renege["message"] == "Vera played 9H on a diamond lead while holding 8D"
