"""The transfer games (переводной, and transferring after beating too) worked out by hand:
tests/data/durak/transfer.json and transfer-any.json share their first three bouts.

Anna 0, Boris 1, Vera 2; Anna deals. The turned card is 7H: the lowest trump leads, Anna's 6H.

1. Anna attacks Boris with 6S. Boris transfers with 6D («перевести игру следующему по часовой
   стрелке игроку, положив карту такого же значения»): Vera must beat two cards; she transfers
   with 6C to Anna, who transfers with her 6H back to Boris: four sixes, Boris holds five. Boris
   beats them (9S, 8D, the trump 8H on 6C, QH on the trump 6H). Anna, the last to transfer, is
   the attacker now: she throws in 8C first (KC beats it). The draws are recorded from her:
   Anna 3, Vera 1, Boris, the defender, last: 6 (he has no card left).
2. Boris AS AD AC; Vera cannot beat the ace of spades (no trump) and takes. Boris draws 3.
3. Anna TS TH; Boris transfers with TD to Vera (twelve cards); she beats TS with QS and takes.
   Boris, who transferred, draws first (1), then Anna (2).

transfer.json, the plain transfer game:

4. Anna QC (9H); she throws in 9C (TC) and passes; Vera throws in QD (KD); a king is now on the
   table and Anna holds KH: she passes again before Vera throws in TS (KS). Anna draws the last
   two.
5. Boris 8S (QS). 6. Vera 7S 7D 7C (JS, the trump 7H, JC) and JD (JH); Vera passes.
7. Anna KH: Boris takes. 8. Vera TH (AH): Anna is out. 9. Boris, after Anna, 9D (TD).
10. Vera AS; Boris beats it with the trump KH and is out: Vera is the fool with AD AC.

transfer-any.json, transferring after beating too («игрок может перевести карты не только до
отбивания, но и после»):

4. Anna QC, beaten by 9H; Anna throws in 9C and Boris transfers it with 9D to Vera (two cards
   to beat, she holds twelve). Boris is the attacker: he throws in TC (TH beats it). The stock
   has two cards: Boris draws both (recorded: 2), Anna none.
5. Vera 7S 7D 7C (JS JH JC) and JD (KH): Anna is out. 6. Boris, after Anna, KS KD (AS AD) and
   AH: Vera takes. 7. Boris 8S (TS). 8. Vera QS: Boris beats with his last card, the trump 7H.
   Vera is the fool.
"""

from __future__ import annotations

import pytest

import rules.durak as durak

from .helpers import codes, index_of, load, run


@pytest.mark.parametrize(
    ("name", "bouts", "left"), [("transfer.json", 10, [0, 0, 2]), ("transfer-any.json", 8, [0, 0, 6])]
)
def test_the_games_as_worked_out_by_hand(name, bouts, left):
    report = run(load(name))
    assert codes(report) == []
    game = report.deals[0]
    assert (game.trump, game.first_attacker, game.bouts) == ("7H", 0, bouts)
    assert (game.fool, game.out, game.places, game.cards_left) == (2, [[0], [1]], [1, 2, 3], left)


def test_the_player_who_transferred_draws_first():
    steps = durak.walkthrough(durak.parse(load("transfer.json")), 1)["steps"]
    draws = [
        (s["bout"], [(d["seat"], d["count"]) for d in s["draws"]]) for s in steps if s["kind"] == "draws"
    ]
    assert draws[:3] == [(1, [(0, 3), (2, 1), (1, 6)]), (2, [(1, 3)]), (3, [(1, 1), (0, 2)])]


def test_the_transfer_chain_on_the_table():
    steps = durak.walkthrough(durak.parse(load("transfer.json")), 1)["steps"]
    after = {s["index"]: s for s in steps if s["index"] is not None}
    assert [after[i]["defender"] for i in (0, 1, 2, 3)] == [1, 2, 0, 1]
    assert [after[i]["attacker"] for i in (0, 1, 2, 3)] == [0, 1, 2, 0]
    assert after[3]["table"] == [["6S", None], ["6D", None], ["6C", None], ["6H", None]]


def test_transferring_after_a_beat_is_the_next_variant_only():
    doc = load("transfer-any.json")
    doc["ruleset"] = "transfer"
    report = run(doc)
    late = index_of(doc, event="transfer", card="9D")
    first = report.findings[0]
    assert (first.code, first.event) == ("ILLEGAL_TRANSFER", late)
    assert "before anything is beaten" in first.message
