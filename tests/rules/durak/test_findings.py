"""Each legality rule of the replay, one test each: the exact code, severity, event index and
JSON path, on the hand-checked logs with one event changed (tests/data/durak; their bouts are
worked out in the test_replay_* docstrings).

Indices used, from throw-in.json (Anna 0, Boris 1, Vera 2; QS trumps): 0 Boris attacks 6H;
1 Vera beats 7H on 6H; 2 Boris throws in 6C; 3 Vera beats KC; 4 Anna throws in 7D; 5 KD; 6 Anna
throws in 7C; 7 Vera takes; 8 done; 9, 10 draws Boris 2 and Anna 2; 11 Anna attacks 8H 8D.
From simple.json (Anna 0, Boris 1; 9D trumps): 0 Anna attacks 6S 6H 6C; 1 Boris takes; 2 Anna
throws in 6D; 3 done; 4 Anna attacks 7S 7H 7C.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules.durak.codes import SEVERITY

from .helpers import edited, finding, index_of, load, run, with_event


def first(doc: dict[str, Any]) -> Any:
    """The first finding of the replay."""
    report = run(doc)
    assert report.findings, "no finding"
    return report.findings[0]


def test_every_code_has_a_severity_and_fits_the_finding_rows():
    assert all(s in ("error", "warning", "info") for s in SEVERITY.values())
    assert all(len(code) <= 40 and code.isupper() for code in SEVERITY)


def test_the_finding_names_the_game_bout_event_and_path():
    doc = with_event(load("throw-in.json"), 4, {"event": "throw-in", "seat": 0, "card": "9H"})
    f = first(doc)
    assert (f.code, f.severity, f.deal, f.trick, f.event, f.seat, f.player, f.card) == (
        "THROW_IN_RANK_NOT_ON_TABLE",
        "error",
        1,
        1,
        4,
        0,
        "Anna",
        "9H",
    )
    out = f.as_dict()
    assert (out["bout"], out["event"], out["path"]) == (1, 4, "deals[0].events[4]")


def test_card_not_in_hand():
    f = first(with_event(load("throw-in.json"), 0, {"event": "attack", "seat": 1, "cards": ["6S"]}))
    assert (f.code, f.event, f.path) == ("CARD_NOT_IN_HAND", 0, "deals[0].events[0].cards[0]")


def test_card_not_in_hand_names_the_card_of_a_several_card_attack():
    f = first(with_event(load("simple.json"), 0, {"event": "attack", "seat": 0, "cards": ["6S", "6H", "QH"]}))
    assert f.code == "ATTACK_NOT_ONE_RANK"
    report = run(
        with_event(load("simple.json"), 0, {"event": "attack", "seat": 0, "cards": ["6S", "6H", "9S"]})
    )
    missing = next(x for x in report.findings if x.code == "CARD_NOT_IN_HAND")
    assert (missing.event, missing.path) == (0, "deals[0].events[0].cards[2]")


def test_wrong_first_attacker():
    """QS turned: the highest trump, Boris's AS, leads; Anna opens instead."""
    f = first(with_event(load("throw-in.json"), 0, {"event": "attack", "seat": 0, "cards": ["7D"]}))
    # At the bout the attack opens, the first (issue 21: it was put before it, at none).
    assert (f.code, f.event, f.seat, f.trick) == ("WRONG_FIRST_ATTACKER", 0, 0, 1)
    assert "Boris" in f.message
    assert "AS" in f.message.replace(" ", "") or "highest trump, AS" in f.message


def test_wrong_first_attacker_under_the_other_jack_reading():
    """A turned jack: the lowest trump leads by default; with ``first_attack_jack: "highest"``
    the highest does, and the same opening is wrong."""
    doc = load("simple.json")
    game = doc["deals"][0]
    # put the JD under the stock instead of the 9D: Anna (6D) leads by default, Boris's TD by the other reading
    stock = game["stock"]
    stock[stock.index("JD")], stock[-1] = stock[-1], "JD"
    game["events"] = game["events"][:1]
    assert [f.code for f in run(doc).findings] == ["GAME_INCOMPLETE", "RESULT_NOT_REPLAYED"]
    doc["ruleset"] = {"preset": "simple", "first_attack_jack": "highest"}
    f = first(doc)
    assert (f.code, f.event) == ("WRONG_FIRST_ATTACKER", 0)


def test_wrong_attacker():
    """After Boris took in bout 1 the player after him, Anna, attacks; Boris attacks instead: the
    finding is at bout 2, the one his attack opens (issue 21: it was put at bout 1)."""
    f = first(with_event(load("simple.json"), 4, {"event": "attack", "seat": 1, "cards": ["KS"]}))
    assert (f.code, f.event, f.trick) == ("WRONG_ATTACKER", 4, 2)


def test_attack_not_one_rank():
    f = first(with_event(load("simple.json"), 0, {"event": "attack", "seat": 0, "cards": ["6S", "7S"]}))
    assert (f.code, f.event) == ("ATTACK_NOT_ONE_RANK", 0)


def test_too_many_cards_for_the_defender():
    """Bout 7 of simple.json: Boris holds two cards; Anna attacks with three aces."""
    doc = load("simple.json")
    i = index_of(doc, event="attack", cards=["8C", "8D"])
    f = first(with_event(doc, i, {"event": "attack", "seat": 0, "cards": ["AS", "AH", "AC"]}))
    assert (f.code, f.event, f.path) == ("TOO_MANY_CARDS_FOR_DEFENDER", i, f"deals[0].events[{i}].cards[2]")


def test_too_many_cards_thrown_in():
    """Bout 5 of simple.json: Anna beat two queens and took, holding four; two uncovered cards
    (QD, AC) and two more would be four: a fifth is too many."""
    doc = load("simple.json")
    i = index_of(doc, event="throw-in", card="AC")
    doc = with_event(doc, i + 1, {"event": "throw-in", "seat": 1, "card": "QS"}, insert=True)
    report = run(doc)
    assert [(f.code, f.event) for f in report.findings if f.severity == "error"][:1] == [
        ("CARD_NOT_IN_HAND", i + 1)
    ]


def test_bout_limit_first_bout_option():
    """The common "five in the first bout" is not in the seed: off by default, an option."""
    doc = load("two-decks.json")
    assert run(doc).status == 0
    doc["ruleset"] = {"preset": "two-decks", "deck": 52, "first_bout_limit": 5}
    f = first(doc)
    assert (f.code, f.event, f.path) == ("BOUT_LIMIT_EXCEEDED", 0, "deals[0].events[0].cards[5]")


def test_bout_limit_cap():
    doc = load("no-trump.json")
    doc["ruleset"] = {"preset": "no-trump", "bout_limit": 3}
    f = first(doc)
    assert (f.code, f.event, f.path) == ("BOUT_LIMIT_EXCEEDED", 0, "deals[0].events[0].cards[3]")


def test_throw_in_rank_not_on_table():
    f = first(with_event(load("throw-in.json"), 4, {"event": "throw-in", "seat": 0, "card": "9H"}))
    assert (f.code, f.event) == ("THROW_IN_RANK_NOT_ON_TABLE", 4)


def test_only_the_attacker_adds_cards_in_the_simple_game():
    doc = load("throw-in.json")
    doc["ruleset"] = "simple"
    f = first(doc)
    assert (f.code, f.event, f.seat) == ("THROW_IN_NOT_ALLOWED", 4, 0)
    assert "simple" in f.message


def test_the_defender_throws_in_nothing():
    f = first(with_event(load("throw-in.json"), 4, {"event": "throw-in", "seat": 2, "card": "KH"}))
    assert (f.code, f.event, f.seat) == ("THROW_IN_NOT_ALLOWED", 4, 2)


def test_the_attacker_throws_in_first():
    """Bout 4 of throw-in.json: Vera attacks, holds sixes and a six is on the table; without her
    pass, Boris's 9D comes before her turn."""
    doc = load("throw-in.json")
    i = index_of(doc, event="pass", seat=2)
    f = first(with_event(doc, i, None))
    assert (f.code, f.severity, f.event, f.seat) == ("NOT_YOUR_TURN_TO_THROW", "warning", i, 1)


def test_illegal_beat():
    f = first(with_event(load("throw-in.json"), 1, {"event": "beat", "seat": 2, "card": "KD", "on": "6H"}))
    assert (f.code, f.event, f.card) == ("ILLEGAL_BEAT", 1, "KD")


def test_a_trump_is_beaten_by_a_higher_trump_only():
    """Bout 3 of simple.json: Boris throws in the trump 6D; a plain card cannot beat it."""
    doc = load("simple.json")
    i = index_of(doc, event="beat", card="JD")
    f = first(with_event(doc, i, {"event": "beat", "seat": 0, "card": "8C", "on": "6D"}))
    assert (f.code, f.event) == ("ILLEGAL_BEAT", i)
    assert "trump" in f.message


def test_no_such_attack_card():
    f = first(with_event(load("throw-in.json"), 1, {"event": "beat", "seat": 2, "card": "7H", "on": "6S"}))
    assert (f.code, f.event, f.path) == ("NO_SUCH_ATTACK_CARD", 1, "deals[0].events[1].on")


def test_a_beat_without_on_covers_the_card_it_beats():
    doc = with_event(load("throw-in.json"), 1, {"event": "beat", "seat": 2, "card": "7H"})
    assert run(doc).status == 0


def test_not_the_defender():
    f = first(with_event(load("throw-in.json"), 1, {"event": "beat", "seat": 0, "card": "9H", "on": "6H"}))
    assert (f.code, f.event, f.seat) == ("NOT_THE_DEFENDER", 1, 0)


def test_transfer_in_a_game_without_it():
    f = first(with_event(load("throw-in.json"), 1, {"event": "transfer", "seat": 2, "card": "6C"}))
    assert (f.code, f.event) == ("ILLEGAL_TRANSFER", 1)
    assert "no transfer" in f.message


def test_transfer_of_another_rank():
    f = first(with_event(load("transfer.json"), 1, {"event": "transfer", "seat": 1, "card": "8D"}))
    assert (f.code, f.event) == ("ILLEGAL_TRANSFER", 1)
    assert "rank" in f.message


def test_transfer_onto_a_player_with_too_few_cards():
    """Bout 6 of transfer.json: Vera attacks Anna with three sevens; Anna's 7H would pass four
    cards to Boris, who holds one."""
    doc = load("transfer.json")
    i = index_of(doc, event="beat", card="JS", on="7S")
    f = first(with_event(doc, i, {"event": "transfer", "seat": 0, "card": "7H"}))
    assert (f.code, f.event) == ("ILLEGAL_TRANSFER", i)
    assert "holds 1" in f.message


def test_bout_ended_unbeaten():
    """Without Boris's take, the done of bout 1 leaves four sixes unbeaten: he takes them."""
    report = run(with_event(load("simple.json"), 1, None))
    assert [(f.code, f.event) for f in report.findings if f.severity != "info"] == [
        ("BOUT_ENDED_UNBEATEN", 2)
    ]


@pytest.mark.parametrize(
    ("index", "event"),
    [
        (0, {"event": "take", "seat": 1}),  # no bout yet
        (0, {"event": "draw", "seat": 0, "count": 1}),  # no bout has ended
        (2, {"event": "beat", "seat": 1, "card": "KS", "on": "6S"}),  # after the take
        (2, {"event": "take", "seat": 1}),  # a second take
    ],
)
def test_event_out_of_place(index, event):
    f = first(with_event(load("simple.json"), index, event, insert=True))
    assert (f.code, f.event) == ("EVENT_OUT_OF_PLACE", index)


def test_events_after_the_end():
    doc = load("throw-in.json")
    n = len(doc["deals"][0]["events"])
    doc = with_event(doc, n, {"event": "attack", "seat": 0, "cards": ["9D"]}, insert=True)
    f = first(doc)
    assert (f.code, f.event) == ("EVENT_AFTER_GAME_END", n)


def test_game_incomplete_takes_the_recorded_fool():
    doc = load("simple.json")
    doc["deals"][0]["events"] = doc["deals"][0]["events"][:10]
    report = run(doc)
    f = finding(report, "GAME_INCOMPLETE")
    assert (f.severity, f.event, f.path) == ("warning", None, "deals[0]")
    assert (report.deals[0].fool, report.deals[0].source) == (0, "recorded")


def test_fool_mismatch():
    f = finding(run(edited(load("throw-in.json"), fool=1)), "FOOL_MISMATCH")
    assert (f.severity, f.deal, f.seat) == ("error", 1, 1)
    f = finding(run(edited(load("throw-in.json"), fool=None, draw=True)), "FOOL_MISMATCH")
    assert f.seat == 0


def test_wrong_dealer():
    f = finding(run(edited(load("simple.json"), game=1, dealer=1)), "WRONG_DEALER")
    assert (f.severity, f.deal, f.event) == ("warning", 2, None)


def test_wrong_draw_order():
    doc = load("throw-in.json")
    evs = doc["deals"][0]["events"]
    evs[9], evs[10] = evs[10], evs[9]  # Anna before Boris, the attacker
    f = first(doc)
    assert (f.code, f.event, f.seat) == ("WRONG_DRAW_ORDER", 10, 1)


def test_wrong_draw_count():
    f = first(with_event(load("throw-in.json"), 9, {"event": "draw", "seat": 1, "count": 3}))
    assert (f.code, f.event, f.seat) == ("WRONG_DRAW_COUNT", 9, 1)


def test_a_draw_left_out_of_the_record():
    f = first(with_event(load("throw-in.json"), 10, None))
    assert (f.code, f.event, f.seat) == ("WRONG_DRAW_COUNT", 9, 0)
    assert "no draw" in f.message


def test_wrong_draw_cards():
    """Bout 5 of simple.json: Boris draws the stock's last two, AD and the turned 9D."""
    doc = load("simple.json")
    i = index_of(doc, event="draw", seat=1, cards=["AD", "9D"])
    f = first(with_event(doc, i, {"event": "draw", "seat": 1, "cards": ["AD", "8S"]}))
    assert (f.code, f.event, f.path) == ("WRONG_DRAW_CARDS", i, f"deals[0].events[{i}].cards[1]")


def test_result_not_replayed():
    f = finding(run(load("simple.json")), "RESULT_NOT_REPLAYED")
    assert (f.severity, f.deal) == ("info", 2)


def test_the_replay_goes_on_after_a_finding():
    """A beat naming a card not on the table is read as covering the card it can: the replay goes
    on and the game still ends with its fool."""
    report = run(with_event(load("throw-in.json"), 1, {"event": "beat", "seat": 2, "card": "7H", "on": "6S"}))
    assert [f.code for f in report.findings] == ["NO_SUCH_ATTACK_CARD"]
    assert (report.deals[0].complete, report.deals[0].fool) == (True, 0)
