"""The deal walkthrough: the engine's own table, watched card by card, agrees with replay()."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import NAME, SUIT_OF
from rules.ohhell import parse, replay
from rules.ohhell.simulate import simulate
from rules.ohhell.walkthrough import Bid, sort_hand, walk_game, walkthrough
from tests.rules.ohhell.helpers import FOUR, game

A, B, V, G = 0, 1, 2, 3


def names(cards: tuple[int, ...] | list[int]) -> list[str]:
    return [NAME[c] for c in cards]


# Anna deals 4 each (3 players), clubs trumps; Vera reneges in trick 3 (6H on a diamond
# lead, holding 8D).
RENEGE_DEAL: dict[str, Any] = {
    "dealer": A,
    "cards": 4,
    "trump": "2C",
    "hands": [["3D", "KH", "AS", "7D"], ["QS", "QH", "9D", "4C"], ["5S", "4H", "8D", "6H"]],
    "bids": [2, 1, 2],
    "tricks": [["QS", "5S", "AS"], ["KH", "QH", "4H"], ["3D", "9D", "6H"], ["4C", "8D", "7D"]],
}
REDEAL: dict[str, Any] = {"dealer": A, "cards": 4, "trump": "JH", "bids": [1, 1, 1], "taken": [2, 1, 1]}


def test_a_renege_in_trick_three_is_the_one_card_marked():
    log = parse(game(RENEGE_DEAL, REDEAL, schedule=[4]))
    w = walkthrough(log, 1)
    assert (w.deal, w.deals, w.dealer, w.cards, NAME[w.trump]) == (1, 2, A, 4, "2C")
    assert w.annulled
    assert not w.redeal
    assert w.cards_logged
    assert w.hands_logged
    assert [names(h) for h in w.hands] == [
        ["AS", "KH", "7D", "3D"],
        ["QS", "QH", "9D", "4C"],
        ["5S", "6H", "4H", "8D"],
    ]
    assert w.bidding == (Bid(B, 1), Bid(V, 2), Bid(A, 2))
    assert w.balance == "over"
    assert [(t.number, t.leader, t.winner, NAME[t.winning_card], t.taken) for t in w.tricks] == [
        (1, B, A, "AS", (1, 0, 0)),
        (2, A, A, "KH", (2, 0, 0)),
        (3, A, B, "9D", (2, 1, 0)),
        (4, B, B, "4C", (2, 2, 0)),
    ]
    [(trick, step)] = w.reneges
    assert (trick.number, step.seat, NAME[step.card], step.renege, names(step.held)) == (
        3,
        V,
        "6H",
        "uncorrected",
        ["8D"],
    )
    assert w.played_in == {log.deals[0].tricks[t - 1][i]: t for t in range(1, 5) for i in range(3)}
    assert [f.code for f in w.findings] == ["RENEGE_UNCORRECTED"]
    redeal = walkthrough(log, 2)
    assert redeal.redeal
    assert not redeal.cards_logged
    assert redeal.hands is None
    assert redeal.tricks == ()
    assert redeal.taken == (2, 1, 1)
    assert redeal.scores == (0, 11, 11)


def test_every_led_suit_card_held_is_named():
    deal = dict(RENEGE_DEAL)
    # Vera reneges in trick 1 instead: 5D on Boris's spade lead while holding 5S.
    deal["hands"] = [["3D", "KH", "AS", "7D"], ["QS", "QH", "9D", "4C"], ["5S", "4H", "8D", "5D"]]
    deal["tricks"] = [["QS", "5D", "AS"], ["KH", "QH", "4H"], ["3D", "9D", "8D"], ["4C", "5S", "7D"]]
    w = walkthrough(parse(game(deal, REDEAL, schedule=[4])), 1)
    assert [(t.number, s.seat, NAME[s.card], names(s.held)) for t, s in w.reneges] == [(1, V, "5D", ["5S"])]


def test_several_led_suit_cards_are_listed_high_first():
    deal = {
        "dealer": A,
        "cards": 3,
        "trump": None,
        "hands": [["AS", "KS", "2H"], ["QS", "JS", "3H"], ["TS", "9S", "4H"]],
        "bids": [1, 1, 1],
        "tricks": [["QS", "4H", "AS"], ["KS", "JS", "TS"], ["2H", "3H", "9S"]],
    }
    w = walkthrough(parse(game(deal, schedule=[3])), 1)
    assert [(t.number, s.seat, NAME[s.card], names(s.held)) for t, s in w.reneges] == [
        (1, V, "4H", ["TS", "9S"])
    ]


EVENTS_HANDS = [["AH", "7C", "3D"], ["KH", "4C", "JD"], ["9H", "5D", "8D"], ["QH", "6C", "TD"]]


def ev(seat: int, kind: str, value: Any) -> dict[str, Any]:
    return {"seat": seat, kind: value}


def test_events_take_back_expose_and_out_of_turn_are_steps():
    events = [ev(B, "bid", 1), ev(V, "bid", 0), ev(G, "bid", 1), ev(A, "bid", 1), ev(V, "bid", 1)]
    events += [ev(A, "expose", "7C"), ev(B, "play", "JD"), ev(V, "play", "8D"), ev(G, "play", "6C")]
    events += [ev(G, "take_back", "6C"), ev(G, "play", "TD"), ev(A, "play", "3D")]
    events += [ev(V, "play", "9H"), ev(B, "play", "KH"), ev(V, "play", "9H"), ev(G, "play", "QH")]
    events += [ev(A, "play", "AH"), ev(A, "play", "7C"), ev(B, "play", "4C"), ev(V, "play", "5D")]
    events += [ev(G, "play", "6C")]
    deal = {"dealer": A, "cards": 3, "trump": "2S", "hands": EVENTS_HANDS, "events": events}
    w = walkthrough(parse(game(deal, players=FOUR, schedule=[3])), 1)
    assert w.bidding == (Bid(B, 1), Bid(V, 0), Bid(G, 1), Bid(A, 1), Bid(V, 1, change=True))
    steps = [[(s.kind, s.seat, NAME[s.card], s.renege, s.taken_back) for s in t.steps] for t in w.tricks]
    assert steps == [
        [
            ("expose", A, "7C", None, False),
            ("play", B, "JD", None, False),
            ("play", V, "8D", None, False),
            ("play", G, "6C", "corrected", True),
            ("take_back", G, "6C", None, False),
            ("play", G, "TD", None, False),
            ("play", A, "3D", None, False),
        ],
        [
            ("out_of_turn", V, "9H", None, False),
            ("play", B, "KH", None, False),
            ("play", V, "9H", None, False),
            ("play", G, "QH", None, False),
            ("play", A, "AH", None, False),
        ],
        [
            ("play", A, "7C", None, False),
            ("play", B, "4C", None, False),
            ("play", V, "5D", None, False),
            ("play", G, "6C", None, False),
        ],
    ]
    assert [names(s.held) for _t, s in w.reneges] == [["TD"]]
    assert [(t.winner, t.taken) for t in w.tricks] == [
        (B, (0, 1, 0, 0)),
        (A, (1, 1, 0, 0)),
        (A, (2, 1, 0, 0)),
    ]
    assert not w.annulled
    assert w.taken == (2, 1, 0, 0)
    assert [(f.code, f.trick, f.seat, f.card) for f in w.findings] == [
        ("BID_CHANGE_TOO_LATE", None, V, None),
        ("RENEGE_CORRECTED", 1, G, "6C"),
        ("PLAY_OUT_OF_TURN", 2, V, "9H"),
    ]


def test_cards_after_the_last_trick_and_a_short_log():
    deal = {
        "dealer": A,
        "cards": 1,
        "trump": "2S",
        "events": [
            ev(B, "bid", 0),
            ev(V, "bid", 0),
            ev(G, "bid", 0),
            ev(A, "bid", 0),
            ev(B, "play", "KH"),
            ev(V, "play", "9H"),
            ev(G, "play", "QH"),
            ev(A, "play", "AH"),
            ev(A, "play", "3D"),
        ],
    }
    w = walkthrough(parse(game(deal, players=FOUR, schedule=[1])), 1)
    assert [(t.number, t.winner) for t in w.tricks] == [(1, A), (2, None)]
    assert [(s.kind, NAME[s.card]) for s in w.tricks[1].steps] == [("extra", "3D")]
    assert sorted(NAME[c] for c in w.played_in) == ["9H", "AH", "KH", "QH"]


def test_bids_only_events_log_no_cards():
    deal = {"dealer": A, "cards": 1, "trump": "2S", "taken": [0, 1, 0, 0]}
    deal["events"] = [ev(B, "bid", 1), ev(V, "bid", 0), ev(G, "bid", 0), ev(A, "bid", 0)]
    w = walkthrough(parse(game(deal, players=FOUR, schedule=[1])), 1)
    assert not w.cards_logged
    assert w.hands is None
    assert w.tricks == ()
    assert w.taken == (0, 1, 0, 0)


def test_hands_inferred_from_tricks_when_not_logged():
    deal = {k: v for k, v in RENEGE_DEAL.items() if k != "hands"}
    w = walkthrough(parse(game(deal, REDEAL, schedule=[4])), 1)
    assert not w.hands_logged
    assert [names(h) for h in w.hands] == [
        ["AS", "KH", "7D", "3D"],
        ["QS", "QH", "9D", "4C"],
        ["5S", "6H", "4H", "8D"],
    ]
    assert [(t.number, s.seat, NAME[s.card], names(s.held)) for t, s in w.reneges] == [(3, V, "6H", ["8D"])]


@pytest.mark.parametrize("deal", [0, 3])
def test_no_such_deal(deal):
    with pytest.raises(IndexError):
        walkthrough(parse(game(RENEGE_DEAL, REDEAL, schedule=[4])), deal)


def test_sort_hand_by_suit_then_rank_high_first():
    from rules.cards import parse_card

    hand = sort_hand([parse_card(c) for c in ["2C", "AH", "TS", "3H", "KD", "JS"]])
    assert names(hand) == ["JS", "TS", "AH", "3H", "KD", "2C"]
    assert [SUIT_OF[c] for c in hand] == sorted(SUIT_OF[c] for c in hand)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(3, 7),
    renege_rate=st.sampled_from([0.0, 0.02, 0.1]),
    include_hands=st.booleans(),
)
def test_walkthrough_agrees_with_replay_and_finds_every_injected_renege(
    seed, players, renege_rate, include_hands
):
    sim = simulate(players=players, seed=seed, renege_rate=renege_rate, include_hands=include_hands)
    log = parse(sim.document)
    report = replay(log)
    walks = walk_game(log, report)
    assert len(walks) == len(report.deals)
    n = len(log.players)
    marked = []
    for w, rep in zip(walks, report.deals, strict=True):
        assert (w.deal, w.cards, w.annulled, w.taken) == (rep.deal, rep.cards, rep.annulled, tuple(rep.taken))
        assert len(w.tricks) == rep.cards
        running = [0] * n
        leader = (w.dealer + 1) % n
        for t in w.tricks:
            # Each trick: led by the last winner, one card per seat, the winner holds a
            # card in it, and the taken counts go up by one for the winner only.
            assert t.leader == leader
            assert [seat for seat, _card in t.cards] == [(leader + i) % n for i in range(n)]
            assert t.winning_card is not None
            running[t.winner] += 1
            assert t.taken == tuple(running)
            leader = t.winner
        assert tuple(running) == w.taken
        # Every dealt card is played exactly once, in the trick the page hides it after.
        assert sorted(w.played_in) == sorted(c for h in w.hands for c in h)
        for t, step in w.reneges:
            led = t.cards[0][1]
            assert step.held
            assert all(SUIT_OF[c] == SUIT_OF[led] for c in step.held)
            assert SUIT_OF[step.card] != SUIT_OF[led]
            assert set(step.held) <= set(w.hands[step.seat])
            marked.append((w.deal, t.number, step.seat, NAME[step.card]))
    assert marked == [(r.deal, r.trick, r.seat, r.card) for r in sim.reneges]
