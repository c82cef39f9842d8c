"""The throw-in game (подкидной) at three, worked out by hand: tests/data/durak/throw-in.json.

Anna 0, Boris 1, Vera 2; Vera deals. The turned card is QS: a queen is «от валета до туза», so
the highest trump leads — Boris's AS, the only trump dealt. Boris attacks Vera (the next
player), Anna may throw in («в подкидном это могут делать все участвующие в игре»).

1. Boris 6H; Vera beats with 7H. Boris, who has the first right, throws in 6C (beaten by KC);
   he has no 6, 7 or K left, so Anna throws in 7D (beaten by KD) and 7C; Vera takes. Draws
   recorded: Boris 2, Anna 2, Vera (ten cards) none. After the take Anna attacks Boris.
2. Anna 8H 8D (TH TD), 8S (9S), TC (AS); Anna passes; done. Draws: Anna 4, Boris 4.
3. Boris QD QC (KD KC); Anna throws in QH (KH). Draws recorded: Boris 2, Anna 1.
4. Vera 7H 7D 7C: Anna beats 9H, 6S (a trump on 7D), 9C. Vera holds sixes (a six is on the
   table) and passes; only then Boris throws in 9D (beaten by 7S); Vera throws in 6H, Anna takes,
   Vera adds 6C. Vera draws the last three, TS JS and the turned QS.
5. Boris AH AD AC, beaten by TS JS QS.
6. Vera JH JD, beaten by the trumps 6S 7S: Vera is out.
7. Anna 6H 6C; Boris beats with 8C and KS: Boris is out; Anna, with eight cards, is the fool.

The same game logged with the trump card only (throw-in-trump-only.json: no stock order, the
drawn cards unknown until played) replays the same.
"""

from __future__ import annotations

import pytest

import rules.durak as durak

from .helpers import codes, load, run


@pytest.mark.parametrize("name", ["throw-in.json", "throw-in-trump-only.json"])
def test_the_game_as_worked_out_by_hand(name):
    report = run(load(name))
    assert codes(report) == []
    game = report.deals[0]
    assert (game.trump, game.first_attacker, game.bouts) == ("QS", 1, 7)
    assert (game.fool, game.out, game.places) == (0, [[2], [1]], [3, 2, 1])
    assert game.cards_left == [8, 0, 0]


def test_the_draws_go_attacker_first_the_defender_last():
    steps = durak.walkthrough(durak.parse(load("throw-in.json")), 1)["steps"]
    draws = [
        (s["bout"], [(d["seat"], d["count"]) for d in s["draws"]]) for s in steps if s["kind"] == "draws"
    ]
    assert draws == [(1, [(1, 2), (0, 2)]), (2, [(0, 4), (1, 4)]), (3, [(1, 2), (0, 1)]), (4, [(2, 3)])]


def test_the_unknown_stock_is_not_a_finding_but_a_card_nobody_can_hold_is():
    doc = load("throw-in-trump-only.json")
    report = run(doc)
    assert report.status == 0
    # Anna's 8S came from the stock unseen; the turned QS is known to lie under the stock:
    # Anna cannot throw it in before it is drawn.
    doc["deals"][0]["events"][14] = {"event": "throw-in", "seat": 0, "card": "QS"}
    assert "CARD_NOT_IN_HAND" in codes(run(doc))
