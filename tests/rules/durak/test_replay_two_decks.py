"""The two-deck game worked out by hand: tests/data/durak/two-decks.json (two 52-card decks).

Anna 0 and Boris 1. The turned card is 5C: clubs are trumps, a five is below the jack, so the
lowest trump leads: Anna's 2C. Each bout Anna attacks with six cards of one rank — two decks hold
eight of each — (six is the bout's cap and Boris's hand is never smaller), Boris takes, and Anna
draws six of the next rank: 2s, 3s … 9s. Boris holds 6 + 6 per bout: 48 after the seventh, 54
after the eighth — «Игрок, у которого оказывается 52 карты и больше, проигрывает сразу»: he
loses at once, with Anna still holding cards to draw, no one out.
"""

from __future__ import annotations

from .helpers import codes, edited, load, run


def test_the_game_as_worked_out_by_hand():
    report = run(load("two-decks.json"))
    assert codes(report) == []
    game = report.deals[0]
    assert (game.trump, game.first_attacker, game.bouts) == ("5C", 0, 8)
    assert (game.fool, game.lost_by_cards, game.out, game.cards_left) == (1, True, [], [0, 54])
    assert game.places == [1, 2]


def test_the_52_card_loss_is_the_two_deck_rule_only():
    doc = load("two-decks.json")
    doc["ruleset"] = {"preset": "two-decks", "deck": 52, "lose_at": None}
    report = run(doc)
    assert report.deals[0].complete is False
    assert "GAME_INCOMPLETE" in codes(report)


def test_a_card_cannot_be_beaten_by_its_twin():
    """Anna and Boris each hold a 2S: Boris's cannot beat Anna's."""
    doc = edited(load("two-decks.json"))
    game = doc["deals"][0]
    game["hands"] = [["AS", "2S", "2H", "2H", "2D", "2C"], ["AS", "2S", "AH", "AH", "AD", "AD"]]
    game["events"][:2] = [
        {"event": "attack", "seat": 0, "cards": ["2S"]},
        {"event": "beat", "seat": 1, "card": "2S", "on": "2S"},
    ]
    report = run(doc)
    first = report.findings[0]
    assert (first.code, first.event, first.card) == ("ILLEGAL_BEAT", 1, "2S")
    assert "twin" in first.message
