"""The simulator against the replay: clean games replay clean, injected faults are all found.

The simulator (rules.ohhell.simulate) writes logs the way a club does and
says which faults it injected; the replay (rules.ohhell.replay) must find
exactly those: every uncorrected renege at its deal, trick and seat
(RENEGE_UNCORRECTED), a forgotten redeal (MISSING_REDEAL), every wrong
score on the sheet (SCORE_MISMATCH, TOTAL_MISMATCH) -- and nothing else.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import SUIT_MASK, SUIT_OF, mask_of, parse_card
from rules.ohhell import parse, replay
from rules.ohhell.ruleset import default_schedule, max_cards
from rules.ohhell.simulate import InjectedRenege, InjectedWrongScore, SimulatedGame, simulate

Key = tuple[str, int | None, int | None, int | None]

SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def rulesets(draw: st.DrawFn, players: int) -> dict[str, Any]:
    """A preset with some of the spec's options overridden."""
    rs: dict[str, Any] = {"preset": draw(st.sampled_from(["classic", "classic-nil5"]))}
    if draw(st.booleans()):
        rs["dealer_hook"] = draw(st.booleans())
    if draw(st.booleans()):
        rs["last_deal_no_trump"] = draw(st.booleans())
    if draw(st.booleans()):
        rs["schedule"] = draw(st.lists(st.integers(1, max_cards(players)), min_size=1, max_size=6))
    if draw(st.booleans()):
        rs["made_bonus"] = draw(st.integers(5, 20))
        rs["failed"] = draw(st.integers(-10, 0))
    return rs


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    """Keyword arguments of a fault-free :func:`simulate` call."""
    players = draw(st.integers(3, 7))
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "players": players,
        "ruleset": draw(st.one_of(st.sampled_from(["classic", "classic-nil5"]), rulesets(players))),
        "record": draw(st.sampled_from(["tricks", "taken"])),
        "include_hands": draw(st.booleans()),
        "blind_rate": draw(st.sampled_from([0.0, 0.1, 0.5])),
    }


def replayed(game: SimulatedGame) -> Any:
    return replay(parse(game.document))


def serious(report: Any) -> set[Key]:
    """The error and warning findings of a report, by code and place."""
    return {(f.code, f.deal, f.trick, f.seat) for f in report.findings if f.severity != "info"}


# --------------------------------------------------------------------------
# Determinism


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"players": 6, "ruleset": "classic-nil5", "blind_rate": 0.2},
        {"players": 3, "renege_rate": 0.05, "wrong_score_rate": 0.05, "record": "tricks"},
    ],
)
def test_same_seed_same_game(kwargs: dict[str, Any]) -> None:
    a = simulate(seed=7, **kwargs)
    b = simulate(seed=7, **kwargs)
    assert a.document == b.document
    assert a.injected == b.injected


def test_different_seeds_differ() -> None:
    documents = [simulate(seed=s).document for s in range(5)]
    assert all(documents[i] != documents[j] for i in range(5) for j in range(i))


def test_global_random_untouched() -> None:
    random.seed(1)
    expected = random.random()
    random.seed(1)
    simulate(seed=3, renege_rate=0.1, wrong_score_rate=0.1, blind_rate=0.1)
    assert random.random() == expected


# --------------------------------------------------------------------------
# Clean games


@SETTINGS
@given(games())
def test_clean_game_replays_clean(kwargs: dict[str, Any]) -> None:
    game = simulate(**kwargs)
    assert game.injected == []
    report = replayed(game)
    assert serious(report) == set()
    assert report.totals == game.document["totals"]
    for logged, deal in zip(game.document["deals"], report.deals, strict=True):
        assert not deal.annulled
        assert deal.scores == logged["scores"]
        assert sum(deal.taken) == logged["cards"]
        assert deal.bids == logged["bids"]
    if kwargs["record"] == "taken":
        assert all("tricks" not in d and "taken" in d for d in game.document["deals"])
    assert all(("hands" in d) == kwargs["include_hands"] for d in game.document["deals"])


def test_schedule_and_rotation() -> None:
    """Seed: dealers take turns; the default schedule is 1, 2, 3 ... cards (4 players: 13 deals)."""
    game = simulate(seed=11, players=4)
    deals = game.document["deals"]
    assert [d["cards"] for d in deals] == list(range(1, 14))
    first = deals[0]["dealer"]
    assert [d["dealer"] for d in deals] == [(first + i) % 4 for i in range(13)]
    assert deals[-1]["trump"] is None  # "При розыгрыше последней сдачи ... бескозырная игра"
    assert all(d["trump"] is not None for d in deals[:-1])


def test_deals_cut_the_schedule_and_say_so() -> None:
    game = simulate(seed=1, players=5, deals=3)
    assert game.document["ruleset"] == {"preset": "classic", "schedule": [1, 2, 3]}
    assert [d["cards"] for d in game.document["deals"]] == [1, 2, 3]
    assert serious(replayed(game)) == set()


def test_names_and_blind_bids() -> None:
    game = simulate(seed=5, players=["Olga", "Petro", "Taras"], blind_rate=0.5)
    assert game.document["players"] == ["Olga", "Petro", "Taras"]
    assert any("blind" in d for d in game.document["deals"])
    assert serious(replayed(game)) == set()


def test_dealer_hook_respected() -> None:
    """Spec ``dealer_hook``: the dealer may not bid so that the bids sum to the cards."""
    for seed in range(20):
        game = simulate(seed=seed, players=4, ruleset={"preset": "classic", "dealer_hook": True})
        assert all(sum(d["bids"]) != d["cards"] for d in game.document["deals"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 2}, "3 to 7"),
        ({"players": 8}, "3 to 7"),
        ({"players": ["A", "A", "B"]}, "differ"),
        ({"record": "taken", "renege_rate": 0.1}, "renege"),
        ({"renege_rate": 1.5}, "probabilities"),
        ({"ruleset": {"preset": "classic", "schedule": [14]}}, "cannot"),
        ({"deals": 14}, "deals must be"),
    ],
)
def test_bad_arguments(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        simulate(seed=1, **kwargs)


# --------------------------------------------------------------------------
# Injected faults


def expected_findings(game: SimulatedGame, *, redeal: bool) -> set[Key]:
    """What the injections imply: each renege where it was made, a missing
    redeal after each annulled deal when the redeal is off, each wrong
    score where it was written and the totals of those seats."""
    want: set[Key] = set()
    for i in game.injected:
        if isinstance(i, InjectedRenege):
            want.add(("RENEGE_UNCORRECTED", i.deal, i.trick, i.seat))
        else:
            want.add(("SCORE_MISMATCH", i.deal, None, i.seat))
            want.add(("TOTAL_MISMATCH", None, None, i.seat))
    if not redeal:
        for deal in {i.deal for i in game.reneges}:
            want.add(("MISSING_REDEAL", deal, None, None))
    return want


def normalised(found: set[Key]) -> set[Key]:
    """MISSING_REDEAL belongs to a deal; the seat the engine names with it (the dealer) is not compared."""
    return {(c, d, t, None if c == "MISSING_REDEAL" else s) for c, d, t, s in found}


def check_reneges_are_real(game: SimulatedGame) -> None:
    """Each injected renege is a card off the led suit while the hand still held that suit."""
    for r in game.reneges:
        deal = game.document["deals"][r.deal - 1]
        trick = deal["tricks"][r.trick - 1]
        led = SUIT_OF[parse_card(trick[0])]
        assert r.card in trick[1:]
        assert SUIT_OF[parse_card(r.card)] != led
        if "hands" in deal:
            played_before = mask_of(parse_card(c) for t in deal["tricks"][: r.trick - 1] for c in t)
            held = mask_of(parse_card(c) for c in deal["hands"][r.seat]) & ~played_before
            assert held & SUIT_MASK[led]


@SETTINGS
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(3, 7),
    rate=st.sampled_from([0.02, 0.1, 0.3]),
    include_hands=st.booleans(),
)
def test_every_injected_renege_found_and_nothing_else(
    seed: int, players: int, rate: float, include_hands: bool
) -> None:
    game = simulate(seed=seed, players=players, renege_rate=rate, include_hands=include_hands)
    report = replayed(game)
    assert normalised(serious(report)) == expected_findings(game, redeal=True)
    cards = {(f.deal, f.trick, f.seat): f.card for f in report.findings if f.code == "RENEGE_UNCORRECTED"}
    assert cards == {(r.deal, r.trick, r.seat): r.card for r in game.reneges}
    # The scorekeeper wrote annulled deals right: nothing scored, the offender penalised.
    assert report.totals == game.document["totals"]
    annulled = {d.deal for d in report.deals if d.annulled}
    assert annulled == {r.deal for r in game.reneges}
    # Seed: "назначается пересдача тем же сдатчиком" -- same dealer, same cards.
    deals = game.document["deals"]
    for d in annulled:
        assert deals[d]["dealer"] == deals[d - 1]["dealer"]
        assert deals[d]["cards"] == deals[d - 1]["cards"]
    check_reneges_are_real(game)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7))
def test_forgotten_redeal_reported(seed: int, players: int) -> None:
    game = simulate(seed=seed, players=players, renege_rate=0.1, redeal_after_renege=False)
    report = replayed(game)
    assert normalised(serious(report)) == expected_findings(game, redeal=False)
    # The annulled deal took its place in the schedule: no deal was added.
    assert [d["cards"] for d in game.document["deals"]] == list(default_schedule(players))
    for f in report.findings:
        if f.code == "MISSING_REDEAL":
            assert f.seat in (None, game.document["deals"][f.deal - 1]["dealer"])


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7), rate=st.sampled_from([0.02, 0.1, 0.5]))
def test_wrong_scores_found(seed: int, players: int, rate: float) -> None:
    game = simulate(seed=seed, players=players, wrong_score_rate=rate)
    report = replayed(game)
    assert normalised(serious(report)) == expected_findings(game, redeal=True)
    for w in game.wrong_scores:
        assert game.document["deals"][w.deal - 1]["scores"][w.seat] == w.written
        assert report.deals[w.deal - 1].scores[w.seat] == w.correct
        assert w.written > w.correct


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 7), redeal=st.booleans())
def test_all_faults_together(seed: int, players: int, redeal: bool) -> None:
    game = simulate(
        seed=seed, players=players, renege_rate=0.05, redeal_after_renege=redeal, wrong_score_rate=0.05
    )
    report = replayed(game)
    assert normalised(serious(report)) == expected_findings(game, redeal=redeal)


def test_injected_records_are_typed() -> None:
    game = simulate(seed=3, players=4, renege_rate=0.1, wrong_score_rate=0.1)
    assert game.reneges
    assert game.wrong_scores
    assert all(isinstance(i, InjectedRenege | InjectedWrongScore) for i in game.injected)
    assert all(i.kind == "renege" for i in game.reneges)
    assert {i.kind for i in game.wrong_scores} == {"wrong_score"}


def test_renege_rate_one_still_ends() -> None:
    """Every possible renege made: annulled redeals are capped so the game ends."""
    game = simulate(seed=1, players=3, renege_rate=1.0)
    report = replayed(game)
    assert normalised(serious(report)) == expected_findings(game, redeal=True)


# --------------------------------------------------------------------------
# Realism and regression

#: Real 4-player clubs make roughly 45-65 % of their contracts.
MADE_BAND = (0.45, 0.65)


def test_made_contract_share_is_a_clubs() -> None:
    """The bots bid from hand strength and play to their bid: they make about half their contracts."""
    made = contracts = 0
    for seed in range(200):
        game = simulate(seed=seed, players=4)
        deals = replayed(game).deals
        game_made = sum(b == t for d in deals for b, t in zip(d.bids, d.taken, strict=True))
        assert (game.made, game.contracts) == (game_made, 4 * 13)
        made += game_made
        contracts += game.contracts
    share = made / contracts
    assert MADE_BAND[0] <= share <= MADE_BAND[1], share


def test_fixed_game_pinned() -> None:
    """A regression pin: change the bots on purpose, then update these numbers."""
    game = simulate(seed=2026, players=4)
    doc = game.document
    assert doc["totals"] == [57, 106, 89, 87]
    assert [d["scores"] for d in doc["deals"][:4]] == [
        [11, 0, 10, 10],
        [0, 11, 0, 10],
        [10, 10, 0, 0],
        [0, 0, 11, 10],
    ]
    assert doc["deals"][0] == {
        "dealer": 0,
        "cards": 1,
        "trump": "3H",
        "hands": [["9H"], ["8D"], ["4C"], ["8S"]],
        "bids": [1, 1, 0, 0],
        "tricks": [["8D", "4C", "8S", "9H"]],
        "scores": [11, 0, 10, 10],
    }
