"""The blind game (втемную) worked out by hand: tests/data/durak/blind.json.

Anna 0 and Boris 1; the turned card is 8H: the lowest trump leads, Anna's 6H.

1. Anna attacks 6S 6D 6C. Boris covers 6S face down (9S): Anna agrees — «Если игрок, который
   зашел, соглашается, карты отправляются в отбой» — the pair stands. He covers 6D face down
   (9D); Anna does not agree and the card is turned: it beats, so «тот, кто не согласился,
   забирает эти карты себе, а ход переходит к тому, кто отбивался» — Anna takes the five cards
   on the table and Boris attacks next. Draws: Anna, the attacker, holds eight: none; Boris 2.
2. Boris TS TD. Anna covers TS face down with 7D; Boris turns it: a diamond does not beat a spade
   and is no trump — «карты забирает себе тот, кто отбивался, а ход переходит к следующему игроку
   по часовой стрелке»: Anna takes; the next player after her, Boris, attacks.
3.–12. Boris attacks with pairs and fours of a rank (QS QD, the four kings, jacks, aces, …),
   Anna takes every time; Boris draws after each bout until the stock (with 8H) is gone and
   plays his last card, 8H, in bout 12: he is out, Anna the fool holding the whole deck.
"""

from __future__ import annotations

from .helpers import codes, finding, load, run, with_event


def test_the_game_as_worked_out_by_hand():
    report = run(load("blind.json"))
    assert codes(report) == []
    game = report.deals[0]
    assert (game.trump, game.first_attacker, game.bouts) == ("8H", 0, 12)
    assert (game.fool, game.out, game.cards_left) == (0, [[1]], [36, 0])


def test_an_unchecked_wrong_card_stands_when_the_attacker_agrees():
    doc = with_event(load("blind.json"), 8, {"event": "challenge", "seat": 1, "answer": "agree"})
    report = run(doc)
    f = finding(report, "BLIND_BEAT_ACCEPTED")
    assert (f.severity, f.event, f.card) == ("info", 8, "7D")


def test_a_blind_beat_waits_for_the_answer():
    report = run(with_event(load("blind.json"), 2, None))
    f = report.findings[0]
    assert (f.code, f.event, f.seat) == ("CHALLENGE_MISSING", 2, 0)


def test_only_the_player_whose_card_was_covered_answers():
    report = run(with_event(load("blind.json"), 2, {"event": "challenge", "seat": 1, "answer": "agree"}))
    f = report.findings[0]
    assert (f.code, f.event) == ("CHALLENGE_OUT_OF_PLACE", 2)


def test_blind_beats_need_the_blind_game():
    doc = load("blind.json")
    doc["ruleset"] = "throw-in"
    report = run(doc)
    f = report.findings[0]
    assert (f.code, f.event) == ("BLIND_NOT_ALLOWED", 1)
