"""Simulated bridge sessions replay clean, and every injected revoke is found exactly."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules import bridge
from rules.bridge.simulate import simulate


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["seed", "laws"]))
def test_a_simulated_session_replays_without_findings(seed, preset):
    session = simulate(seed=seed, deals=6, ruleset=preset)
    report = bridge.check(session.document)
    assert report["findings"] == []
    assert sum(report["whists"]) == 0
    assert len(report["deals"]) == 6


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_every_injected_revoke_is_reported_where_it_was_made(seed):
    session = simulate(seed=seed, deals=4, revoke_rate=0.1)
    report = bridge.check(session.document)
    found = [(f["deal"], f["trick"], f["seat"]) for f in report["findings"] if f["code"] == "REVOKE"]
    assert found == [(r.deal, r.trick, int(r.seat)) for r in session.revokes]


def test_the_same_seed_gives_the_same_session():
    assert simulate(seed=7).document == simulate(seed=7).document
    assert simulate(seed=7).document != simulate(seed=8).document
