"""Simulated pulkas replay clean, injected revokes are found exactly, and the seed decides all."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import preferans
from rules.cards import mask_of, parse_card
from rules.preferans.core import Strain
from rules.preferans.simulate import simulate, sure_tricks

THREE = ("Anna", "Boris", "Vera")
FOUR = ("Anna", "Boris", "Vera", "Gleb")


def hand(*names: str) -> int:
    return mask_of(parse_card(n) for n in names)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    preset=st.sampled_from(["sochi", "leningrad", "rostov"]),
    players=st.sampled_from([THREE, FOUR]),
    dark_rate=st.sampled_from([0.0, 0.2]),
)
def test_a_simulated_pulka_replays_without_findings(seed, preset, players, dark_rate):
    pulka = simulate(seed=seed, players=players, deals=8, ruleset=preset, dark_rate=dark_rate)
    report = preferans.check(pulka.document)
    assert report["findings"] == []
    assert report["status"] == 0
    assert sum(report["totals"]) == 0
    assert len(report["deals"]) == 8
    assert pulka.revokes == []
    for deal, replayed in zip(pulka.document["deals"], report["deals"], strict=True):
        assert deal["entries"] == replayed["entries"]
        if len(players) == 4:
            assert deal["hands"][deal["dealer"]] == []


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    preset=st.sampled_from(["sochi", "leningrad", "rostov"]),
    players=st.sampled_from([THREE, FOUR]),
)
def test_every_injected_revoke_is_reported_where_it_was_made(seed, preset, players):
    pulka = simulate(seed=seed, players=players, deals=5, ruleset=preset, revoke_rate=0.1, dark_rate=0.1)
    report = preferans.check(pulka.document)
    found = [(f["deal"], f["trick"], f["seat"]) for f in report["findings"] if f["code"] == "REVOKE"]
    assert found == [(r.deal, r.trick, r.seat) for r in pulka.revokes]
    assert [f for f in report["findings"] if f["code"] != "REVOKE"] == []
    assert sum(report["totals"]) == 0


def test_revokes_are_injected_at_a_high_rate():
    pulka = simulate(seed=3, revoke_rate=0.5)
    assert len(pulka.revokes) > 5


def test_the_same_seed_gives_the_same_document():
    assert simulate(seed=7).document == simulate(seed=7).document
    assert simulate(seed=7).document != simulate(seed=8).document
    assert simulate(seed=7, dark_rate=0.3).document == simulate(seed=7, dark_rate=0.3).document


def test_the_dealer_rotates_and_sits_out_of_four():
    doc = simulate(seed=1, players=FOUR, deals=6).document
    assert [d["dealer"] for d in doc["deals"]] == [0, 1, 2, 3, 0, 1]
    for d in doc["deals"]:
        assert all(c["seat"] != d["dealer"] for c in d["auction"])
        assert [len(h) for h in d["hands"]].count(10) == 3


def test_dark_calls_and_pass_outs_appear():
    deals = [d for seed in range(10) for d in simulate(seed=seed, dark_rate=0.3).document["deals"]]
    calls = {c["call"] + ("*" if c.get("dark") else "") for d in deals for c in d["auction"]}
    assert {"pass*", "dark-1"} <= calls
    assert any("contract" not in d for d in deals)  # a pass-out
    assert any(d.get("contract") == "misere" for d in deals)


def test_sure_tricks_hand_checked():
    # ♠ A K Q 10 9 8, ♥ A, ♦ K 7, ♣ 7: in spades A K Q (3) + two long trumps (6 − 4) + ♥A (1)
    # + ♦K with a second card (1) = 7; in no-trump the spades also run (A K head them): 7;
    # in hearts the spades give 3, no long trumps: 5.
    h = hand("AS", "KS", "QS", "TS", "9S", "8S", "AH", "KD", "7D", "7C")
    assert sure_tricks(h, Strain.SPADES) == 7
    assert sure_tricks(h, Strain.NOTRUMP) == 7
    assert sure_tricks(h, Strain.HEARTS) == 5
    # A bare king counts nothing; a queen needs the ace or king beside it and a suit of three.
    assert sure_tricks(hand("KS", "QH", "JH", "8H", "QD", "KD", "7D", "7C", "8C", "9C"), None) == 2
