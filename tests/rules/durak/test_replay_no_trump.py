"""The no-trump game (бескозырный) worked out by hand: tests/data/durak/no-trump.json.

Anna 0 and Boris 1, no trump card turned. Nobody can hold a trump, so «ходит тот, у кого самая
старшая карта»: Anna holds the four aces. She attacks with them; without trumps Boris cannot
beat an ace and takes. She draws four each time (the kings, then queens …: the stock is laid so)
and attacks with four of a rank, Boris taking, until the stock is gone after bout 6. In bout 7
Boris beats her four eights with his four nines — a card is beaten by a higher one of its suit
only — and attacks: 6D 6C, which Anna beats with 7D 7C, her last cards. Boris is the fool with
24 cards.
"""

from __future__ import annotations

from .helpers import codes, load, run, with_event


def test_the_game_as_worked_out_by_hand():
    report = run(load("no-trump.json"))
    assert codes(report) == []
    game = report.deals[0]
    assert (game.trump, game.first_attacker, game.bouts) == (None, 0, 8)
    assert (game.fool, game.out, game.cards_left) == (1, [[0]], [0, 24])


def test_without_trumps_another_suit_never_beats():
    doc = load("no-trump.json")
    report = run(with_event(doc, 21, {"event": "beat", "seat": 1, "card": "AH", "on": "8S"}))
    first = report.findings[0]
    assert (first.code, first.event) == ("ILLEGAL_BEAT", 21)
    assert "no trumps" in first.message
