"""One preferans deal as the table saw it (rules/preferans/walkthrough.py): the hands, the talon,
the auction with its dark declarations, the whists, the play trick by trick with the pass-out's
talon cards and the revokes, and what the deal wrote on the pulka.

The deals are the hand-worked logs of tests/data/preferans (see test_replay.py for the Sochi
pulka worked out by hand): seats Anna 0, Boris 1, Vera 2.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import rules.preferans as preferans
from rules.cards import CARD_BY_SPELLING, SUIT_OF
from rules.preferans.core import read_contract
from rules.preferans.play import trick_winner_position, trump_suit
from rules.preferans.simulate import simulate
from rules.preferans.walkthrough import AuctionCall, Hand, Played, SeatSheet, Trick, WhistWord

DATA = Path(__file__).resolve().parents[2] / "data" / "preferans"
ANNA, BORIS, VERA = 0, 1, 2


def load(name: str) -> dict[str, Any]:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def walk(doc: dict[str, Any], deal: int) -> preferans.DealWalkthrough:
    return preferans.walkthrough(preferans.parse(doc), deal)


def call(number: int, seat: int, kind: str, contract: str | None = None, **flags: bool) -> AuctionCall:
    return AuctionCall(
        number=number,
        seat=seat,
        kind=kind,
        contract=contract,
        dark=flags.get("dark", False),
        looked=flags.get("looked", False),
        counted=flags.get("counted", True),
        winning=flags.get("winning", False),
    )


# -- a game: Boris 6♠, Vera whists alone (sochi-pulka.json, deal 1) ----------------------------


def test_a_game_the_hands_the_talon_the_auction_and_the_whists():
    w = walk(load("sochi-pulka.json"), 1)
    assert (w.deal, w.deals, w.dealer, w.sitting_out) == (1, 4, ANNA, None)
    assert w.order == (BORIS, VERA, ANNA)  # the first hand is left of the dealer; the dealer plays last
    assert w.hands_logged
    assert w.hands is not None
    assert w.hands[0] == Hand(
        seat=BORIS,
        suits=(
            ("S", ("AS", "KS", "QS", "JS", "TS", "9S")),
            ("C", ("7C",)),
            ("D", ("7D",)),
            ("H", ("8H", "7H")),
        ),
        logged=True,
    )
    assert [h.seat for h in w.hands] == [BORIS, VERA, ANNA]
    assert w.hands[2].cards == ("7S", "AC", "KC", "QC", "AD", "KD", "QD", "AH", "KH", "QH")
    assert (w.talon, w.discard) == (("8C", "8D"), ("8C", "8D"))
    assert w.auction == (
        call(1, BORIS, "contract", "6S", winning=True),
        call(2, VERA, "pass"),
        call(3, ANNA, "pass"),
    )
    assert w.auction_complete
    assert w.minimum is None
    assert (w.passed_out, w.contract, w.declarer, w.dark, w.dark_level, w.only_dark) == (
        False,
        "6S",
        BORIS,
        False,
        0,
        False,
    )
    assert w.defenders == (VERA, ANNA)  # the defender left of the declarer speaks first
    assert w.whist_words == (WhistWord(VERA, "whist"), WhistWord(ANNA, "pass"))
    assert w.whists == {VERA: "whist", ANNA: "pass"}
    assert (w.half, w.open, w.played) == (None, False, True)
    assert (w.multiplier, w.bomb, w.dark_factor) == (1, 1, 1)
    assert not w.misere
    assert w.findings == ()


def test_a_game_trick_by_trick_and_on_the_pulka():
    w = walk(load("sochi-pulka.json"), 1)
    assert len(w.tricks) == w.complete_tricks == 10
    assert w.tricks[0] == Trick(
        number=1,
        leader=BORIS,
        talon_card=None,
        cards=(Played(BORIS, "AS"), Played(VERA, "8S"), Played(ANNA, "7S")),
        winner=BORIS,
        winning_card="AS",
        taken=(0, 1, 0),
    )
    assert [t.leader for t in w.tricks] == [BORIS] * 7 + [ANNA] * 3
    assert [t.winning_card for t in w.tricks] == ["AS", "KS", "QS", "JS", "TS", "9S", "AC", "AD", "AH", "KH"]
    assert w.tricks[6].cards == (Played(BORIS, "7C"), Played(VERA, "JC"), Played(ANNA, "AC"))
    assert w.tricks[-1].taken == w.taken == (4, 6, 0)
    assert w.made is True
    assert w.claim is None
    assert w.revokes == []
    assert w.played_in["8S"] == 1
    assert w.played_in["KH"] == 10
    assert "8C" not in w.played_in  # discarded
    assert [(e.seat, e.kind, e.points, e.on) for e in w.entries] == [
        (BORIS, "pool", 2, None),
        (VERA, "whist", 8, BORIS),
    ]
    assert w.sheet[VERA] == SeatSheet(
        seat=VERA,
        pool=0,
        mountain=0,
        whists=((ANNA, 0), (BORIS, 8)),
        pool_after=0,
        mountain_after=0,
        whists_after=((ANNA, 0), (BORIS, 8)),
        bombs_before=(),
        bombs_after=(),
        balance=1,
    )
    assert [s.balance for s in w.sheet] == [-6, 5, 1]
    assert (w.bombs_drawn, w.bombs_extinguished) == ((), ())


def test_the_sheet_after_a_later_deal_adds_up_the_deals_before():
    w = walk(load("sochi-pulka.json"), 4)  # Anna's misère, after deals 1-3
    assert w.misere
    assert w.contract == "misere"
    assert w.minimum == "7S"  # one pass-out before: the lowest game is seven (6-7-7)
    assert w.whist_words == ()
    assert w.defenders == (BORIS, VERA)
    assert (w.played, w.made, w.taken) == (True, True, (0, 0, 10))
    assert [(s.pool_after, s.mountain_after) for s in w.sheet] == [(11, 0), (3, 0), (0, 18)]
    assert [s.whists_after for s in w.sheet] == [
        ((BORIS, 0), (VERA, 16)),
        ((ANNA, 0), (VERA, 20)),
        ((ANNA, 0), (BORIS, 8)),
    ]
    assert [s.balance for s in w.sheet] == [140, 55, -195]  # the pulka's settlement
    assert w.sheet[ANNA].pool == 10


# -- a pass-out: the talon turned for the first two tricks (sochi-pulka.json, deal 3) ---------


def test_a_pass_out_turns_the_talon_for_the_first_two_tricks():
    w = walk(load("sochi-pulka.json"), 3)
    assert (w.passed_out, w.contract, w.declarer, w.defenders) == (True, None, None, ())
    assert (w.passout_round, w.dark_passout, w.multiplier) == (1, 0, 1)
    assert w.auction == (call(1, ANNA, "pass"), call(2, BORIS, "pass"), call(3, VERA, "pass"))
    assert w.talon == ("7S", "7C")
    assert w.discard is None
    assert [t.talon_card for t in w.tricks[:3]] == ["7S", "7C", None]
    # The first hand plays first to both talon tricks and leads the third; then the winner leads.
    assert [t.leader for t in w.tricks[:4]] == [ANNA, ANNA, ANNA, VERA]
    assert w.tricks[0].cards == (Played(ANNA, "8S"), Played(BORIS, "TS"), Played(VERA, "AS"))
    assert w.tricks[1].winning_card == "AC"
    assert (w.played_in["7S"], w.played_in["7C"]) == (1, 2)  # turned for tricks 1 and 2
    assert w.taken == (0, 0, 10)
    assert w.made is None
    assert [(e.seat, e.kind, e.points) for e in w.entries] == [
        (ANNA, "pool", 1),
        (BORIS, "pool", 1),
        (VERA, "mountain", 10),
    ]
    assert (w.whist_words, w.whists, w.played) == ((), {}, True)


# -- the dark games (seed 002) ------------------------------------------------------------


def test_a_dark_game_raz_v_temnuyu():
    w = walk(load("dark-game.json"), 1)
    assert w.auction == (
        call(1, BORIS, "dark-1", dark=True, winning=True),
        call(2, VERA, "pass"),
        call(3, ANNA, "pass"),
    )
    assert w.auction[0].dark_level == 1
    assert (w.contract, w.declarer, w.dark, w.dark_level, w.only_dark) == ("6S", BORIS, True, 1, True)
    assert (w.multiplier, w.dark_factor, w.bomb) == (2, 2, 1)
    assert w.whists == {VERA: "whist", ANNA: "whist"}
    assert (w.open, w.played, w.made) == (False, True, True)
    # Neither hands nor play logged: no cards, no tricks, the tricks as written.
    assert (w.hands, w.talon, w.tricks, w.played_in) == (None, None, (), {})
    assert w.taken == (3, 6, 1)
    assert [(e.seat, e.kind, e.points, e.on) for e in w.entries] == [
        (BORIS, "pool", 4, None),
        (VERA, "whist", 4, BORIS),
        (ANNA, "whist", 12, BORIS),
    ]


def test_a_dark_pass_out_draws_bombs_and_the_next_game_goes_on_one():
    log = preferans.parse(load("dark-passout-bombs.json"))
    report = preferans.replay(log)
    first, second, third = (preferans.walkthrough(log, k, report) for k in (1, 2, 3))
    # ПАС В ТЕМНУЮ declared by Boris, Vera joins blind, Anna passes after looking.
    assert first.auction == (
        call(1, BORIS, "pass", dark=True, winning=True),
        call(2, VERA, "pass"),
        call(3, ANNA, "pass", looked=True),
    )
    assert (first.passed_out, first.dark_passout, first.passout_round, first.multiplier) == (True, 1, 1, 2)
    assert first.bombs_drawn == ((BORIS, 1), (VERA, 1))  # Anna looked: a rank lower, nothing
    assert [(s.bombs_before, s.bombs_after) for s in first.sheet] == [((), ()), ((), (1,)), ((), (1,))]
    # Vera's 7♠ goes on her bomb (×2); both pass, the game is made and puts the bomb out.
    assert second.minimum == "7S"
    assert (second.contract, second.declarer, second.bomb, second.multiplier, second.dark_factor) == (
        "7S",
        VERA,
        2,
        2,
        1,
    )
    assert (second.played, second.made, second.whists) == (False, True, {ANNA: "pass", BORIS: "pass"})
    assert second.bombs_extinguished == ((VERA, 1),)
    assert [(s.bombs_before, s.bombs_after) for s in second.sheet] == [((), ()), ((1,), (1,)), ((1,), ())]
    # Boris's 6♦ on his bomb, lost: the bomb stays.
    assert (third.contract, third.declarer, third.bomb, third.made) == ("6D", BORIS, 2, False)
    assert third.minimum is None  # a game ends the run of pass-outs
    assert [s.bombs_after for s in third.sheet] == [(), (1,), ()]


# -- irregularities ------------------------------------------------------------------------


def test_a_revoke_is_marked_with_the_cards_the_player_should_have_played():
    doc = load("sochi-pulka.json")
    play = doc["deals"][0]["play"]
    # Vera throws 9♣ on Boris's A♠ while holding 8♠, and plays the 8♠ on the next spade.
    play[0], play[1] = ["AS", "9C", "7S"], ["KS", "8S", "QC"]
    w = walk(doc, 1)
    assert w.tricks[0].cards == (
        Played(BORIS, "AS"),
        Played(VERA, "9C", revoke="REVOKE", should=("8S",)),
        Played(ANNA, "7S"),
    )
    assert w.revokes == [(w.tricks[0], w.tricks[0].cards[1])]
    assert [(f.code, f.trick, f.seat, f.card) for f in w.findings] == [("REVOKE", 1, VERA, "9C")]
    assert w.tricks[1].winner == BORIS
    assert w.taken == (4, 6, 0)


def test_hands_not_logged_are_the_cards_each_seat_played():
    doc = load("sochi-pulka.json")
    del doc["deals"][0]["hands"]
    w = walk(doc, 1)
    assert not w.hands_logged
    assert w.hands is not None
    assert not w.hands[0].logged
    assert w.hands[0].cards == ("AS", "KS", "QS", "JS", "TS", "9S", "7C", "7D", "8H", "7H")


def test_a_claim_after_an_unfinished_trick():
    doc = load("sochi-pulka.json")
    deal = doc["deals"][0]
    deal["play"] = [*deal["play"][:8], ["AH"]]
    deal["claim"] = 2
    w = walk(doc, 1)
    assert (len(w.tricks), w.complete_tricks, w.claim) == (9, 8, 2)
    assert w.tricks[-1] == Trick(
        number=9,
        leader=ANNA,
        talon_card=None,
        cards=(Played(ANNA, "AH"),),
        winner=None,
        winning_card=None,
        taken=(2, 6, 0),
    )
    assert w.taken == (4, 6, 0)  # the claim included, as the tricks were written


def test_a_half_whist_and_the_answer_to_it():
    doc = load("sochi-pulka.json")
    deal = doc["deals"][0]
    for key in ("play", "tricks", "entries", "open"):
        del deal[key]
    deal["whists"] = [{"seat": VERA, "decision": "pass"}, {"seat": ANNA, "decision": "half"}]
    w = walk(doc, 1)
    assert (w.half, w.played, w.made) == (ANNA, False, True)
    assert w.whists == {VERA: "pass", ANNA: "half"}
    assert [(e.seat, e.kind, e.points, e.on) for e in w.entries] == [
        (BORIS, "pool", 2, None),
        (ANNA, "whist", 4, BORIS),  # half the quota of four, at 2 a trick
    ]
    deal["whists"].append({"seat": VERA, "decision": "whist"})
    w = walk(doc, 1)
    assert w.whist_words[2] == WhistWord(VERA, "whist", answer=True)
    assert (w.half, w.whists) == (None, {VERA: "whist", ANNA: "pass"})


def test_a_call_after_the_auction_ended_is_not_counted():
    doc = load("sochi-pulka.json")
    doc["deals"][0]["auction"].append({"seat": BORIS, "call": "7S"})
    w = walk(doc, 1)
    assert w.auction[-1] == call(4, BORIS, "contract", "7S", counted=False)
    assert w.auction[0].winning
    assert [f.code for f in w.findings] == ["CALL_AFTER_AUCTION_END"]


@pytest.mark.parametrize("deal", [0, 5, -1])
def test_no_such_deal(deal):
    log = preferans.parse(load("sochi-pulka.json"))
    with pytest.raises(IndexError):
        preferans.walkthrough(log, deal)


# -- the simulator's pulkas: four players, dark calls and injected revokes --------------------


@pytest.mark.parametrize(("players", "seed"), [(("A", "B", "C"), 5), (("A", "B", "C", "D"), 3)])
def test_every_trick_seats_its_cards_as_the_play_judged_them(players, seed):
    pulka = simulate(players=players, seed=seed, deals=8, dark_rate=0.3, revoke_rate=0.2)
    log = preferans.parse(pulka.document)
    report = preferans.replay(log)
    marked = set()
    for k in range(1, len(log.deals) + 1):
        w = preferans.walkthrough(log, k, report)
        n = len(players)
        assert w.sitting_out == (w.dealer if n == 4 else None)
        assert w.dealer not in w.order if n == 4 else w.order[-1] == w.dealer
        assert w.hands is None or [h.seat for h in w.hands] == list(w.order)
        trump = None if w.contract is None else trump_suit(read_contract(w.contract))
        for t in w.tricks:
            if t.winner is None:
                continue
            cards = [CARD_BY_SPELLING[p.card] for p in t.cards]
            led = CARD_BY_SPELLING[t.talon_card or t.cards[0].card]
            assert t.cards[trick_winner_position(cards, SUIT_OF[led], trump)].seat == t.winner
        marked |= {(k, t.number, p.seat) for t, p in w.revokes}
        assert w.taken == report.deals[k - 1].tricks
        assert [s.balance for s in w.sheet] == list(report.deals[k - 1].balances)
    assert marked == {(r.deal, r.trick, r.seat) for r in pulka.revokes}
    assert marked


@pytest.mark.parametrize(
    "ruleset",
    [
        {"preset": "sochi", "first_lead": "left-of-declarer", "talon_order": "winner"},
        {"preset": "rostov", "talon_order": "winner"},
        {"preset": "leningrad", "passout_talon": False},
    ],
)
def test_the_leaders_follow_the_ruleset_s_readings_of_the_play(ruleset):
    # Whatever the cards, each trick's winner sits where run_play's leader rule puts him.
    pulka = simulate(
        players=("A", "B", "C"), seed=5, deals=8, dark_rate=0.3, revoke_rate=0.2, ruleset=ruleset
    )
    log = preferans.parse(pulka.document)
    report = preferans.replay(log)
    rules = report.ruleset
    for k in range(1, len(log.deals) + 1):
        w = preferans.walkthrough(log, k, report)
        trump = None if w.contract is None else trump_suit(read_contract(w.contract))
        for t in w.tricks:
            cards = [CARD_BY_SPELLING[p.card] for p in t.cards]
            led = CARD_BY_SPELLING[t.talon_card or t.cards[0].card]
            assert t.cards[trick_winner_position(cards, SUIT_OF[led], trump)].seat == t.winner
        if w.passed_out:
            assert all(t.talon_card is None for t in w.tricks) is not rules.passout_talon
        elif w.tricks and rules.first_lead == "left-of-declarer":
            assert w.tricks[0].leader == w.defenders[0]
        if w.passed_out and rules.passout_talon and rules.talon_order == "winner" and len(w.tricks) > 1:
            assert w.tricks[1].leader == w.tricks[0].winner


def test_a_pulka_of_four_leaves_the_dealer_out():
    pulka = simulate(players=("A", "B", "C", "D"), seed=3, deals=2)
    w = preferans.walkthrough(preferans.parse(pulka.document), 2)
    assert (w.dealer, w.sitting_out, w.order) == (1, 1, (2, 3, 0))
    assert w.hands is not None
    assert len(w.hands) == 3
    assert len(w.sheet) == 4


def test_the_walkthrough_is_the_package_s_and_the_registry_s():
    from rules import registry

    doc = copy.deepcopy(load("sochi-pulka.json"))
    reading = registry.read(json.dumps(doc))
    assert reading.rules.walkthrough is preferans.walkthrough
    assert "walkthrough" in preferans.__all__
    assert reading.rules.walkthrough(reading.log, 2).contract == "7H"
