"""The deal walkthrough (the deal page's data): hands, auction rows, tricks, revokes, claims."""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.bridge import parse, replay
from rules.bridge.pbn import read_pbn
from rules.bridge.walkthrough import walkthrough

DATA = Path(__file__).resolve().parents[2] / "data" / "pbn"


def log_of(name: str, ruleset: str = "seed"):
    return parse(read_pbn((DATA / f"{name}.pbn").read_bytes(), ruleset=ruleset))


def test_the_hands_by_seat_and_suit_high_cards_first():
    w = walkthrough(log_of("rubber"), 1, analyse=False)
    assert [(h.seat, h.player, h.logged) for h in w.hands] == [
        ("N", "Anna", True),
        ("E", "Boris", True),
        ("S", "Vera", True),
        ("W", "Gleb", True),
    ]
    # [Deal "N:AJ.KQT2.J3.AK983 Q75432..AT72.QT5 KT9.AJ93.KQ865.6 86.87654.94.J742"]
    assert w.hands[0].suits == (
        ("S", ("AS", "JS")),
        ("H", ("KH", "QH", "TH", "2H")),
        ("D", ("JD", "3D")),
        ("C", ("AC", "KC", "9C", "8C", "3C")),
    )
    assert w.hands[1].suits[1] == ("H", ())  # East is void in hearts
    assert w.hands[3].suits[0] == ("S", ("8S", "6S"))


def test_the_auction_in_rows_under_west_north_east_south():
    log = log_of("rubber")
    # Dealer N: 1H Pass 3H Pass / 4H Pass Pass Pass -- the first row's West cell is empty.
    assert walkthrough(log, 1, analyse=False).auction == (
        (None, "1H", "P", "3H"),
        ("P", "4H", "P", "P"),
        ("P", None, None, None),
    )
    # Dealer W: the rows start at West.
    assert walkthrough(log, 4, analyse=False).auction == (("P", "1NT", "P", "3NT"), ("P", "P", "P", None))
    w = walkthrough(log, 3, analyse=False)
    assert w.auction[2] == ("3D", "P", "P", "X")
    assert (w.contract, w.declarer, w.tricks_taken, w.result) == ("3DX", "W", 7, -2)
    assert w.vulnerable == (True, True)
    assert w.auction_complete


def test_the_tricks_leader_winner_and_running_count():
    w = walkthrough(log_of("rubber"), 1, analyse=False)
    assert (w.contract, w.declarer, w.dealer, w.vulnerable) == ("4H", "N", "N", (False, False))
    assert [(t.number, t.leader, t.winner, t.winning_card) for t in w.tricks[:4]] == [
        (1, "E", "S", "KS"),  # East leads the queen of spades, South's king wins
        (2, "S", "E", "AD"),
        (3, "E", "N", "AS"),
        (4, "N", "N", "AC"),
    ]
    assert [(p.seat, p.card) for p in w.tricks[1].cards] == [
        ("S", "KD"),
        ("W", "4D"),
        ("N", "3D"),
        ("E", "AD"),
    ]
    assert w.tricks[-1].won == (10, 3)
    assert (w.tricks_taken, w.result, w.complete_tricks) == (10, 0, 13)
    assert w.played_in["QS"] == 1
    assert w.played_in["AH"] == 13
    assert w.revokes == []
    # 4H made: 120 below, the game; the seed has no game bonus, so no "game" entry.
    assert [e["kind"] for e in w.scores] == ["tricks"]


def test_a_revoke_is_marked_with_the_cards_of_the_led_suit_held():
    w = walkthrough(log_of("revoke"), 1, analyse=False)
    [(trick, card)] = w.revokes
    assert trick.number == 4
    assert trick.leader == "E"
    assert trick.winner == "E"
    assert (card.seat, card.card, card.held, card.established, card.transfer) == (
        "W",
        "2D",
        ("7H", "5H", "3H"),
        True,
        0,
    )
    assert [f.code for f in w.findings] == ["REVOKE"]


def test_law64_transfer_shown_under_the_laws_preset():
    w = walkthrough(log_of("revoke", "laws"), 1, analyse=False)
    [(_trick, card)] = w.revokes
    # West did not win the revoke trick, but East-West won it: one trick transferred (Law 64A2).
    assert card.transfer == 1
    assert w.tricks_taken == 11
    assert w.result == 1
    assert w.tricks[-1].won == (10, 3)  # the tricks as played; the transfer is in tricks_taken


def test_a_passed_out_deal_has_no_contract_and_no_play():
    w = walkthrough(log_of("passout"), 1, analyse=False)
    assert w.passed_out
    assert w.contract is None
    assert w.declarer is None
    assert w.tricks == ()
    assert w.tricks_taken is None
    assert w.result is None
    assert w.auction == ((None, None, "P", "P"), ("P", "P", None, None))
    assert w.hands is not None  # the cards were dealt, even if nobody played them


def test_a_claim_after_the_play_logged():
    w = walkthrough(log_of("claim"), 1, analyse=False)
    assert (w.contract, w.declarer, w.claim, w.tricks_taken, w.result) == ("2H", "W", 3, 9, 1)
    assert len(w.tricks) == 8
    assert w.complete_tricks == 8


def test_hands_not_logged_are_the_cards_played():
    document = read_pbn((DATA / "rubber.pbn").read_bytes())
    del document["deals"][0]["hands"]
    w = walkthrough(parse(document), 1)
    assert not any(h.logged for h in w.hands)
    assert w.hands[0].suits[0] == ("S", ("AS", "JS"))
    assert w.makeable is not None  # every card was played, so the deal is whole again


def test_a_deal_without_play_or_cards():
    document = read_pbn((DATA / "rubber.pbn").read_bytes())
    for field in ("hands", "play"):
        del document["deals"][0][field]
    w = walkthrough(parse(document), 1)
    assert w.hands is None
    assert w.tricks == ()
    assert w.makeable is None
    assert (w.contract, w.tricks_taken) == ("4H", 10)


def test_the_report_given_is_used_and_deal_numbers_are_checked():
    log = log_of("rubber")
    report = replay(log)
    assert walkthrough(log, 2, report, analyse=False).deals == 4
    with pytest.raises(IndexError):
        walkthrough(log, 5)
    with pytest.raises(IndexError):
        walkthrough(log, 0)
