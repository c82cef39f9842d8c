"""The draft replayed through the rules engine: every step and every irregularity of the seed.

Four players, Anna (seat 0) deals first; a schedule of 2, 2 and 1 cards (the last deal without
trumps). No database: the engine is plain Python over rules.ohhell.
"""

from __future__ import annotations

import pytest

from rules.cards import CARD_BY_SPELLING
from rules.ohhell import parse, replay
from rules.ohhell.simulate import simulate
from scorekeeper.engine import Entry, Refused, Setup, check, effective, run

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
SETUP = Setup(players=PLAYERS, ruleset={"preset": "classic", "schedule": [2, 2, 1]}, first_dealer=0)


def c(name: str) -> int:
    return CARD_BY_SPELLING[name]


def trump(name: str | None) -> Entry:
    return Entry("trump", card=None if name is None else c(name))


def bid(seat: int, value: int, blind: bool = False) -> Entry:
    return Entry("bid", seat=seat, value=value, blind=blind)


def play(name: str) -> Entry:
    return Entry("play", card=c(name))


def feed(entries: list[Entry], *more: Entry, setup: Setup = SETUP):
    """Add entries one by one through the checks, as the service does; the last state."""
    state = None
    for entry in more:
        state = check(setup, entries, entry)
        entries.append(entry)
    return state


def refused(entries: list[Entry], entry: Entry, setup: Setup = SETUP) -> Refused:
    with pytest.raises(Refused) as info:
        check(setup, entries, entry)
    return info.value


def test_a_new_draft_asks_for_the_trump_card_of_the_first_deal():
    state = run(SETUP, [])
    assert state.phase == "trump"
    assert (state.current.number, state.current.dealer, state.current.cards) == (1, 0, 2)
    assert state.speaking_order == [1, 2, 3, 0]  # Boris, left of the dealer, bids first
    assert refused([], bid(1, 0)).code == "TRUMP_FIRST"


def test_bids_in_speaking_order_then_the_balance_is_announced():
    entries: list[Entry] = []
    state = feed(entries, trump("2C"), bid(1, 1))
    assert state.phase == "bidding"
    assert state.bid_turn == 2
    assert state.bids == [None, 1, None, None]
    state = feed(entries, bid(2, 1), bid(3, 1), bid(0, 0))
    assert state.phase == "play"
    assert state.balance == ("over", 1)
    entries2: list[Entry] = []
    assert feed(entries2, trump("2C"), bid(1, 0), bid(2, 0), bid(3, 0), bid(0, 0)).balance == ("under", 2)


def test_a_bid_beyond_the_cards_is_refused_with_the_engines_reason():
    entries: list[Entry] = [trump("2C")]
    error = refused(entries, bid(1, 3))
    assert error.code == "BID_OUT_OF_RANGE"
    assert "a bid is from 0 to 2" in error.message


def test_the_dealer_hook_is_enforced_when_the_ruleset_has_it():
    setup = Setup(
        players=PLAYERS,
        ruleset={"preset": "classic", "schedule": [2, 2, 1], "dealer_hook": True},
        first_dealer=0,
    )
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), setup=setup)
    assert refused(entries, bid(0, 1), setup).code == "DEALER_HOOK"
    assert feed(entries, bid(0, 0), setup=setup).phase == "play"
    # Without the hook the same bid stands.
    plain: list[Entry] = []
    assert feed(plain, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 1)).balance == ("even", 0)


def test_a_bid_out_of_turn_stands_and_the_turn_goes_back():
    entries: list[Entry] = [trump("2C")]
    state = feed(entries, bid(3, 0))  # Gleb bids before Boris
    assert state.bids == [None, None, None, 0]
    assert state.bid_turn == 1
    state = feed(entries, bid(1, 1), bid(2, 1), bid(0, 0))
    assert state.phase == "play"


def test_a_bid_may_be_changed_until_the_next_player_bids():
    entries: list[Entry] = [trump("2C")]
    state = feed(entries, bid(1, 1), bid(1, 2))  # Boris changes before Vera bids
    assert state.bids[1] == 2
    feed(entries, bid(2, 0))
    error = refused(entries, bid(1, 0))
    assert error.code == "BID_CHANGE_TOO_LATE"


def test_blind_bids_only_where_the_table_plays_them():
    entries: list[Entry] = [trump("2C")]
    assert refused(entries, bid(1, 1, blind=True)).code == "NO_BLIND"
    setup = Setup(players=PLAYERS, ruleset=SETUP.ruleset, first_dealer=0, blind_bids=True)
    state = feed(entries, bid(1, 1, blind=True), setup=setup)
    assert state.current.blind[1] is True


def test_tricks_taken_must_add_up_to_the_cards():
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 1))
    error = refused(entries, Entry("taken", taken=(0, 1, 0, 0)))
    assert error.code == "TAKEN_MISMATCH"
    assert "add up to 1, but 2 cards each were dealt" in error.message
    state = feed(entries, Entry("taken", taken=(1, 1, 0, 0)))
    assert state.phase == "trump"
    assert state.current.number == 2
    assert state.current.dealer == 1
    assert state.report["deals"][0]["scores"] == [11, 11, 10, 10]
    assert state.document["deals"][0] == {
        "dealer": 0,
        "cards": 2,
        "trump": "2C",
        "bids": [1, 1, 0, 0],
        "taken": [1, 1, 0, 0],
    }


def test_card_by_card_knows_whose_turn_and_refuses_a_card_already_out():
    entries: list[Entry] = []
    state = feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 0))
    assert state.to_play == 1
    state = feed(entries, play("AH"))
    assert state.to_play == 2
    assert c("AH") in state.played
    assert c("2C") in state.played
    assert refused(entries, play("AH")).code == "DUPLICATE_CARD"
    assert refused(entries, play("2C")).code == "DUPLICATE_CARD"  # the turned trump
    state = feed(entries, play("5H"), play("4H"), play("6H"))
    assert state.to_play == 1  # Boris won with the ace and leads
    assert state.taken_so_far == [0, 1, 0, 0]
    state = feed(entries, play("KS"), play("3S"), play("2S"), play("8S"))
    assert state.phase == "played_out"
    assert state.complete is False
    assert state.document["deals"][0]["tricks"] == [["AH", "5H", "4H", "6H"], ["KS", "3S", "2S", "8S"]]
    assert state.report["deals"][0]["scores"] == [10, 0, 10, 10]


def test_an_off_suit_card_warns_and_a_take_back_corrects_the_renege():
    entries: list[Entry] = []
    state = feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 0), play("AH"), play("3S"))
    [warning] = state.warnings
    assert (warning.seat, warning.card, warning.stands) == (2, c("3S"), False)
    assert c("5H") in warning.unseen
    # Only the renege card, or one played after it, can be taken back.
    assert refused(entries, Entry("take_back", card=c("AH"))).code == "NOT_A_RENEGE"
    state = feed(entries, Entry("take_back", card=c("3S")))
    assert state.exposed[2] == [c("3S")]
    assert state.to_play == 2
    state = feed(entries, play("5H"), play("4H"), play("6H"), play("KS"), play("3S"), play("7D"), play("8S"))
    assert state.exposed[2] == []
    assert state.phase == "played_out"
    deal = state.document["deals"][0]
    assert "events" in deal
    assert {"seat": 2, "take_back": "3S"} in deal["events"]
    codes = [f["code"] for f in state.report["findings"]]
    assert "RENEGE_CORRECTED" in codes
    assert "RENEGE_UNCORRECTED" not in codes
    assert state.report["deals"][0]["scores"] == [10, 0, 10, 10]


def test_later_cards_of_the_trick_may_be_taken_back_too():
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 0), play("AH"), play("3S"), play("4H"))
    state = feed(entries, Entry("take_back", card=c("4H")), Entry("take_back", card=c("3S")))
    assert state.trick == [(1, c("AH"))]
    state = feed(entries, play("5H"), play("4H"), play("6H"), play("KS"), play("3S"), play("7D"), play("8S"))
    assert [f["code"] for f in state.report["findings"] if f["deal"]] == ["RENEGE_CORRECTED"]


def _deal_one(entries: list[Entry]) -> None:
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 0))
    for name in ("AH", "5H", "4H", "6H", "KS", "3S", "2S", "8S"):
        feed(entries, play(name))


def test_a_renege_let_stand_annuls_the_deal_at_the_next_lead_and_the_dealer_deals_again():
    entries: list[Entry] = []
    _deal_one(entries)
    state = feed(entries, trump("9D"), bid(2, 1), bid(3, 0), bid(0, 0), bid(1, 1), play("QC"), play("2H"))
    [warning] = state.warnings
    assert warning.seat == 3
    state = feed(entries, Entry("held", seat=3, card=c("4C")))
    assert state.warnings[0].stands is True
    state = feed(entries, play("5C"), play("6C"))
    assert state.current.number == 2  # the renege may still be corrected
    state = feed(entries, play("JS"))  # Vera leads the next trick: too late
    assert state.phase == "trump"
    assert (state.current.number, state.current.dealer, state.current.cards, state.current.redeal) == (
        3,
        1,
        2,
        True,
    )
    annulled = state.report["deals"][1]
    assert annulled["annulled"] is True
    assert annulled["scores"] == [0, 0, 0, -10]
    [renege] = [f for f in state.report["findings"] if f["code"] == "RENEGE_UNCORRECTED"]
    assert (renege["deal"], renege["seat"], renege["card"]) == (2, 3, "2H")
    # The lead that ended the time to correct it is not part of the log's deal.
    assert {"seat": 2, "play": "JS"} not in state.document["deals"][1]["events"]


def test_a_renege_shown_by_a_later_card_annuls_the_deal():
    entries: list[Entry] = []
    _deal_one(entries)
    feed(entries, trump("9D"), bid(2, 1), bid(3, 0), bid(0, 0), bid(1, 1))
    state = feed(entries, play("QC"), play("2H"), play("5C"), play("6C"), play("JS"))
    assert state.current.number == 2
    assert not state.current.annulled
    state = feed(entries, play("4C"))  # Gleb had a club all along
    assert state.current.number == 3
    assert state.current.redeal
    assert state.report["deals"][1]["annulled"] is True


def test_undo_takes_back_the_last_entry():
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1))
    state = feed(entries, Entry("undo"))
    assert state.bids == [None, None, None, None]
    state = feed(entries, Entry("undo"))
    assert state.phase == "trump"
    assert refused(entries, Entry("undo")).code == "NOTHING_TO_UNDO"
    assert effective([trump("2C"), Entry("undo"), trump("3C")]) == [trump("3C")]


def test_the_last_deal_has_no_trump_card_and_the_game_completes():
    entries: list[Entry] = []
    _deal_one(entries)
    feed(entries, trump("9D"), bid(2, 1), bid(3, 0), bid(0, 0), bid(1, 1), Entry("taken", taken=(0, 1, 1, 0)))
    state = run(SETUP, entries)
    assert state.current.planned.no_trump
    assert state.phase == "bidding"
    assert refused(entries, trump("3C")).code == "NO_TRUMP_DEAL"
    state = feed(
        entries, bid(3, 1), bid(0, 0), bid(1, 0), bid(2, 0), play("AS"), play("2S"), play("3S"), play("4S")
    )
    assert state.complete
    assert refused(entries, trump("5C")).code == "GAME_COMPLETE"
    report = replay(parse(state.document)).as_dict()
    assert report["totals"] == state.report["totals"] == [30, 21, 31, 31]
    assert not [f for f in report["findings"] if f["severity"] != "info"]


def test_a_simulated_game_entered_card_by_card_replays_to_the_same_log():
    game = simulate(players=4, seed=5)
    doc = game.document
    setup = Setup(
        players=tuple(doc["players"]), ruleset=doc["ruleset"], first_dealer=doc["deals"][0]["dealer"]
    )
    entries: list[Entry] = []
    for deal in doc["deals"]:
        if deal["trump"] is not None:
            entries.append(trump(deal["trump"]))
        for i in range(4):
            seat = (deal["dealer"] + 1 + i) % 4
            entries.append(bid(seat, deal["bids"][seat]))
        entries.extend(play(card) for trick in deal["tricks"] for card in trick)
    state = run(setup, entries)
    assert state.complete
    assert state.report["totals"] == replay(parse(doc)).totals
    assert [d["tricks"] for d in state.document["deals"]] == [d["tricks"] for d in doc["deals"]]


# -- irregularities entered as they happen (seed, "Ошибки и нарушения") ----------------------------


def expose(seat: int, name: str) -> Entry:
    return Entry("expose", seat=seat, card=c(name))


def out_of_turn(seat: int, name: str) -> Entry:
    return Entry("out_of_turn", seat=seat, card=c(name))


def test_a_card_exposed_in_the_bidding_must_be_played_at_the_first_legal_chance():
    """ "Если игрок вскрыл карту с руки ..., то карта должна остаться на столе в открытом виде для ее
    розыгрыша при первой возможности": Gleb shows A♥ while the bids go round; when hearts are led
    he must play it, and the log carries it as the spec's expose event."""
    entries: list[Entry] = []
    state = feed(entries, trump("2C"), bid(1, 1), expose(3, "AH"))
    assert (state.phase, state.bid_turn) == ("bidding", 2)  # the bidding goes on
    assert state.exposed == [[], [], [], [c("AH")]]
    feed(entries, bid(2, 0), bid(3, 0), bid(0, 0), play("KH"), play("5H"))
    error = refused(entries, play("4H"))
    assert error.code == "EXPOSED_CARD_NOT_PLAYED"
    assert "instead of the exposed AH" in error.message
    state = feed(entries, play("AH"))
    assert state.exposed == [[], [], [], []]
    assert [e for e in state.current.events if e.kind == "expose"] == [(("expose", 3, c("AH")))]
    assert state.current.exposures == [("expose", 3, c("AH"))]


def test_a_card_played_out_of_turn_stays_face_up_and_the_turn_stays():
    """ "... или сделал любой ход вне своей очереди, то карта должна остаться на столе в открытом
    виде": Anna plays 3♠ while it is Vera's turn; it does not join the trick, it is logged as
    exposed (a play by the wrong seat would be the spec's PLAY_OUT_OF_TURN error)."""
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 0), play("KH"))
    assert refused(entries, out_of_turn(2, "4S")).code == "IN_TURN"  # Vera's turn: a plain play
    state = feed(entries, out_of_turn(0, "3S"))
    assert (state.to_play, state.trick) == (2, [(1, c("KH"))])
    assert state.exposed[0] == [c("3S")]
    assert refused(entries, play("3S")).code == "OTHER_HAND"  # Vera cannot play Anna's card
    assert refused(entries, out_of_turn(0, "3S")).code == "ALREADY_EXPOSED"
    state = feed(entries, play("5H"), play("AH"), play("6H"), play("8D"))
    # Anna has one card left, and it is the exposed 3♠: nothing else can be hers.
    assert refused(entries, play("9D")).code == "TOO_MANY_CARDS"
    state = feed(entries, play("3S"), play("TD"), play("4S"))
    deal = state.document["deals"][0]
    assert {"seat": 0, "expose": "3S"} in deal["events"]
    assert not [e for e in deal["events"] if e.get("play") == "3S" and e["seat"] != 0]
    report = replay(parse(state.document)).as_dict()
    assert [f["code"] for f in report["findings"] if f["severity"] == "error"] == []
    assert report["deals"][0]["taken"] == [0, 1, 0, 1]
    assert report["deals"][0]["scores"] == state.report["deals"][0]["scores"] == [10, 11, 10, 0]


def test_an_exposed_card_needs_a_player_a_card_and_room_in_the_hand():
    entries: list[Entry] = []
    assert refused(entries, expose(1, "AS")).code == "TRUMP_FIRST"
    feed(entries, trump("2C"))
    assert refused(entries, Entry("expose", card=c("AS"))).code == "NO_SEAT"
    assert refused(entries, Entry("expose", seat=1)).code == "NOT_A_CARD"
    assert refused(entries, expose(1, "2C")).code == "DUPLICATE_CARD"  # the turned trump
    feed(entries, expose(1, "AS"), expose(1, "KS"))
    assert refused(entries, expose(1, "QS")).code == "TOO_MANY_CARDS"  # two cards each
    assert refused(entries, expose(2, "AS")).code == "OTHER_HAND"
    assert refused(entries, out_of_turn(2, "QS")).code == "BIDS_FIRST"


def test_a_renege_marked_in_tricks_taken_mode_annuls_the_deal_and_the_dealer_deals_again():
    """ "Если ренонс не был исправлен вовремя, то игра по сдаче аннулируется и назначается пересдача
    тем же сдатчиком. Со счета игрока, который сделал ренонс, снимается 10 очков." Without the
    cards the log carries the deal with Trickbook's ``reneged`` (docs/ohhell.md): the replay
    annuls it, takes the penalty and expects the redeal, so the log's totals are the sheet's."""
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 1), Entry("taken", taken=(1, 1, 0, 0)))
    feed(entries, trump("9D"), bid(2, 1), bid(3, 0), bid(0, 0), bid(1, 1))
    assert refused(entries, Entry("renege", seats=())).code == "RENEGED_WHO"
    assert refused(entries, Entry("renege", seats=(3, 3))).code == "RENEGED_WHO"
    assert refused(entries, Entry("renege", seats=(4,))).code == "RENEGED_WHO"
    state = feed(entries, Entry("renege", seats=(3,)))
    assert (state.phase, state.current.number, state.current.dealer, state.current.redeal) == (
        "trump",
        3,
        1,
        True,
    )
    annulled = state.report["deals"][1]
    assert (annulled["deal"], annulled["annulled"], annulled["scores"]) == (2, True, [0, 0, 0, -10])
    assert annulled["bids"] == [0, 1, 1, 0]
    assert annulled["taken"] == [0, 0, 0, 0]  # the tricks were not counted
    [renege] = [f for f in state.report["findings"] if f["code"] == "RENEGE_UNCORRECTED"]
    assert (renege["deal"], renege["trick"], renege["seat"], renege["player"], renege["card"]) == (
        2,
        None,
        3,
        "Gleb",
        None,
    )
    assert renege["message"] == (
        "Gleb reneged and it was not corrected in time (marked on the score sheet, without the cards)"
    )
    # The redeal is the deal in progress: no MISSING_REDEAL on the page while it is played.
    assert [f["code"] for f in state.report["findings"]] == ["RENEGE_UNCORRECTED", "WRONG_SCHEDULE"]
    assert state.report["totals"] == [11, 11, 10, 0]
    feed(entries, trump("TD"), bid(2, 1), bid(3, 0), bid(0, 0), bid(1, 1), Entry("taken", taken=(0, 1, 1, 0)))
    state = feed(entries, bid(3, 0), bid(0, 0), bid(1, 0), bid(2, 1), Entry("taken", taken=(0, 0, 1, 0)))
    assert state.complete
    assert [(d["deal"], d["annulled"], d["redeal"]) for d in state.report["deals"]] == [
        (1, False, False),
        (2, True, False),
        (3, False, True),
        (4, False, False),
    ]
    assert state.report["totals"] == [31, 32, 32, 20]
    doc = state.document
    assert doc["deals"][1] == {
        "dealer": 1,
        "cards": 2,
        "trump": "9D",
        "bids": [0, 1, 1, 0],
        "taken": [0, 0, 0, 0],
        "reneged": [3],
        "scores": [0, 0, 0, -10],
    }
    assert [(d["dealer"], d["cards"]) for d in doc["deals"]] == [(0, 2), (1, 2), (1, 2), (2, 1)]
    assert doc["totals"] == [31, 32, 32, 20]
    report = replay(parse(doc)).as_dict()
    assert report == state.report  # the page's sheet is the log's replay
    assert [(f["code"], f["deal"], f["seat"]) for f in report["findings"]] == [("RENEGE_UNCORRECTED", 2, 3)]


def test_a_renege_marked_after_irregular_bidding_is_logged_with_the_bids_that_stood():
    """The extension belongs to a score-sheet-only deal (no events): a bid out of turn and a
    change of bid leave their final bids; the annulled deal scores only the penalties anyway."""
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(2, 1), bid(1, 0), bid(1, 2), bid(2, 0), bid(3, 0), bid(0, 1))
    state = feed(entries, Entry("renege", seats=(0, 2)))
    deal = state.document["deals"][0]
    assert "events" not in deal
    assert (deal["bids"], deal["reneged"], deal["scores"]) == ([1, 2, 0, 0], [0, 2], [-10, 0, -10, 0])
    assert state.report["totals"] == [-10, 0, -10, 0]
    assert [(f["code"], f["seat"]) for f in state.report["findings"]] == [
        ("RENEGE_UNCORRECTED", 0),
        ("RENEGE_UNCORRECTED", 2),
        ("WRONG_SCHEDULE", None),  # the game has only begun
    ]
    assert (state.current.dealer, state.current.cards, state.current.redeal) == (0, 2, True)


def test_a_renege_is_marked_only_in_tricks_taken_mode_after_the_bids():
    entries: list[Entry] = []
    feed(entries, trump("2C"), bid(1, 1), bid(2, 0))
    assert refused(entries, Entry("renege", seats=(1,))).code == "BIDS_FIRST"
    feed(entries, bid(3, 0), bid(0, 0), play("AH"))
    assert refused(entries, Entry("renege", seats=(1,))).code == "CARDS_PLAYED"
    state = feed(entries, Entry("undo"), Entry("renege", seats=(1, 2)))
    assert state.report["deals"][0]["scores"] == [0, -10, -10, 0]
    assert (state.current.number, state.current.dealer) == (2, 0)


def test_no_renege_warning_when_the_rest_of_the_hand_is_known():
    """In a one-card deal a card off the led suit is the player's only card: no renege is possible,
    so the page does not ask; nor when the player's other cards are all exposed."""
    setup = Setup(players=PLAYERS, ruleset={"preset": "classic", "schedule": [1, 2, 1]}, first_dealer=0)
    entries: list[Entry] = []
    state = feed(
        entries, trump("2C"), bid(1, 1), bid(2, 0), bid(3, 0), bid(0, 0), play("AH"), play("3S"), setup=setup
    )
    assert state.warnings == []
    assert refused(entries, Entry("held", seat=2, card=c("5H")), setup).code == "NO_RENEGE"
    for name in ("4H", "5H"):
        feed(entries, play(name), setup=setup)
    feed(entries, trump("9D"), expose(3, "9H"), expose(3, "8H"), setup=setup)
    feed(entries, bid(2, 0), bid(3, 0), bid(0, 0), bid(1, 0), setup=setup)
    state = feed(entries, play("QS"), play("9H"), setup=setup)  # Gleb's last card is the exposed 8♥
    assert state.warnings == []
    state = feed(entries, play("3D"), setup=setup)  # Anna's other card is unknown: she may hold a spade
    assert [w.seat for w in state.warnings] == [0]
