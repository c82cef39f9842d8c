"""The simple game (простой дурак) worked out by hand: tests/data/durak/simple.json.

Anna (seat 0) and Boris (1), 36 cards; Boris deals, so the cards go to Anna first. The turned
card under the stock is 9D: diamonds are trumps, and a nine is «от 6 до валета», so the lowest
trump leads: Anna's 6D (Boris's only trump is TD).

1. Anna attacks 6S 6H 6C (Boris holds six: three may come); Boris takes; Anna adds 6D after the
   take («подкидывает только соперник» — she is the attacker); Boris 10 cards. Anna draws 4
   (Boris holds more than six). After a take the player after the defender attacks: Anna.
2. Anna: 7S 7H 7C, beaten by KS KH KC; 7D thrown in, beaten by TD; Anna passes; done: beaten.
   Anna draws 4. The defender attacks next: Boris.
3. Boris: 6S 6H 6C, beaten by 8S 8H 9C; 6D (a trump) thrown in and beaten by the higher trump JD.
   Draws recorded: Boris, the attacker, 4, then Anna 4 — «Первым берет игрок, который ходил, ...
   последним – тот, кто отбивался».
4. Anna: TS TH TC beaten by JS JH JC. Anna draws 3, Boris 3: the stock has 2 left (AD, 9D).
5. Boris: QS QH QD; Anna beats QS and QH with aces, cannot beat the trump QD and takes; Boris adds
   AC (an ace is on the table). Boris draws the last two, AD and the turned 9D (recorded with
   its cards).
6. The stock is empty. Boris: 9H 9D, beaten by QH and QD.
7. Anna: 8C 8D; Boris beats 8C with the trump KD and 8D with AD: he is out of cards with the
   stock empty — Anna keeps six cards and is the fool, as the log records.

Game 2 is logged by its result alone (Anna, the fool, deals: Boris the fool).
"""

from __future__ import annotations

import rules.durak as durak
from rules.registry import SeatResult

from .helpers import codes, edited, load, run


def test_the_game_as_worked_out_by_hand():
    report = run(load("simple.json"))
    assert codes(report) == ["RESULT_NOT_REPLAYED"]
    assert report.status == 0
    game = report.deals[0]
    assert (game.trump, game.first_attacker, game.bouts) == ("9D", 0, 7)
    assert (game.fool, game.draw, game.out, game.places) == (0, False, [[1]], [2, 1])
    assert game.cards_left == [6, 0]
    assert (game.complete, game.source) == (True, "replay")


def test_the_draws_bout_by_bout():
    steps = durak.walkthrough(durak.parse(load("simple.json")), 1)["steps"]
    draws = [
        (s["bout"], [(d["seat"], d["count"]) for d in s["draws"]]) for s in steps if s["kind"] == "draws"
    ]
    assert draws == [
        (1, [(0, 4)]),
        (2, [(0, 4)]),
        (3, [(1, 4), (0, 4)]),
        (4, [(0, 3), (1, 3)]),
        (5, [(1, 2)]),
    ]


def test_the_fools_and_totals_of_the_two_games():
    report = run(load("simple.json")).as_dict()
    assert report["fools"] == [1, 1]
    assert report["totals"] == [-1, -1]
    assert report["deals"][1]["source"] == "recorded"
    assert durak.seat_results(report) == [SeatResult(total=-1), SeatResult(total=-1)]
    assert durak.running_totals(report) == [(1, False, [-1, 0]), (2, False, [-1, -1])]


def test_the_fool_deals_the_next_game():
    report = run(edited(load("simple.json"), game=1, dealer=1))
    assert "WRONG_DEALER" in codes(report)


def test_a_wrong_recorded_fool_is_a_finding():
    report = run(edited(load("simple.json"), fool=1))
    assert "FOOL_MISMATCH" in codes(report)
    assert report.deals[0].fool == 0  # the play decides
