"""Properties over random deals (hypothesis), against an independent slow reading of the rules.

- any legal play: taken sums to the cards, equals the independent count, and nothing is found;
- reneges injected at random are each reported at their deal, trick, seat and card, and
  nothing else is, alike in compact form (with or without hands) and as events;
- parse -> to_document -> parse gives the same log, whatever spellings the cards had.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import NAME
from rules.ohhell import parse, replay, to_document
from rules.ohhell.ruleset import max_cards
from tests.rules.ohhell.legal_play import LegalDeal, legal_deal

PLAYERS = ["Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor", "Zoya"]
FAST = settings(max_examples=150, deadline=None)


@st.composite
def deals(draw: st.DrawFn, renege_rate: float = 0.0) -> tuple[int, LegalDeal]:
    n = draw(st.integers(3, 7))
    cards = draw(st.integers(1, max_cards(n)))
    dealer = draw(st.integers(0, n - 1))
    seed = draw(st.integers(0, 2**32 - 1))
    with_trump = draw(st.booleans())
    rate = renege_rate and draw(st.sampled_from([0.0, renege_rate, 1.0]))
    return n, legal_deal(random.Random(seed), n, cards, dealer, with_trump=with_trump, renege_rate=rate)


def names(cards: list[int]) -> list[str]:
    return [NAME[c] for c in cards]


def compact(d: LegalDeal, *, hands: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dealer": d.dealer,
        "cards": d.cards,
        "trump": None if d.trump is None else NAME[d.trump],
        "bids": d.bids,
        "tricks": [names(t) for t in d.tricks],
    }
    if hands:
        out["hands"] = [names(h) for h in d.hands]
    return out


def as_events(d: LegalDeal, n: int) -> dict[str, Any]:
    events: list[dict[str, Any]] = []
    for i in range(n):
        seat = (d.dealer + 1 + i) % n
        events.append({"seat": seat, "bid": d.bids[seat]})
    for leader, trick in zip(d.leaders, d.tricks, strict=True):
        for i, card in enumerate(trick):
            events.append({"seat": (leader + i) % n, "play": NAME[card]})
    return {
        "dealer": d.dealer,
        "cards": d.cards,
        "trump": None if d.trump is None else NAME[d.trump],
        "events": events,
    }


def document(n: int, *deals: dict[str, Any]) -> dict[str, Any]:
    return {
        "game": "oh-hell",
        "version": 1,
        "ruleset": {"preset": "classic", "schedule": [deals[0]["cards"]], "last_deal_no_trump": False},
        "players": PLAYERS[:n],
        "deals": list(deals),
    }


@FAST
@given(deals(), st.booleans())
def test_any_legal_play_replays_clean_and_taken_sums_to_the_cards(drawn, hands):
    n, d = drawn
    rep = replay(parse(document(n, compact(d, hands=hands))))
    deal = rep.deals[0]
    assert sum(deal.taken) == d.cards
    assert deal.taken == d.taken
    assert rep.findings == []


@FAST
@given(deals(renege_rate=0.2))
def test_every_injected_renege_is_reported_and_nothing_else_in_every_form(drawn):
    n, d = drawn
    expected = [("RENEGE_UNCORRECTED", 1, trick, seat, NAME[card]) for trick, seat, card in d.reneges]
    redeal = {
        "dealer": d.dealer,
        "cards": d.cards,
        "trump": None,
        "bids": [0] * n,
        "taken": [d.cards] + [0] * (n - 1),
    }
    results = []
    for form in (compact(d, hands=True), compact(d, hands=False), as_events(d, n)):
        logged = [form, redeal] if d.reneges else [form]
        rep = replay(parse(document(n, *logged)))
        got = [(f.code, f.deal, f.trick, f.seat, f.card) for f in rep.findings]
        assert sorted(got) == sorted(expected)
        deal = rep.deals[0]
        assert deal.taken == d.taken
        assert deal.annulled == bool(d.reneges)
        results.append((deal.taken, deal.scores, deal.bids, deal.annulled))
    assert results[0] == results[1] == results[2]
    if d.reneges:
        reneged = {seat for _, seat, _ in d.reneges}
        assert results[0][1] == [-10 if s in reneged else 0 for s in range(n)]


SPELLINGS = {
    "rank": {
        8: ["T", "t", "10"],
        9: ["J", "j", "В"],
        10: ["Q", "q", "Д"],
        11: ["K", "k", "К"],
        12: ["A", "a", "Т"],
    },
    "suit": [["S", "s", "♠", "♤"], ["H", "h", "♥", "♡"], ["D", "d", "♦", "♢"], ["C", "c", "♣", "♧"]],
}


def spell(card: int, rng: random.Random) -> str:
    rank, suit = card % 13, card // 13
    ranks = SPELLINGS["rank"].get(rank, ["23456789"[rank]] if rank < 8 else [])
    return rng.choice(ranks) + rng.choice(SPELLINGS["suit"][suit])


@st.composite
def documents(draw: st.DrawFn) -> dict[str, Any]:
    """A document of random legal deals in every form, with random card spellings and options."""
    n = draw(st.integers(3, 7))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    logged = []
    for _ in range(draw(st.integers(0, 4))):
        cards = rng.randint(1, max_cards(n))
        d = legal_deal(rng, n, cards, rng.randrange(n), with_trump=rng.random() < 0.7)
        form = rng.choice(["tricks", "hands", "taken", "events"])
        if form == "events":
            deal = as_events(d, n)
        else:
            deal = compact(d, hands=form == "hands")
            if form == "taken":
                del deal["tricks"]
                deal["taken"] = d.taken
        for key in ("tricks", "hands"):
            if key in deal:
                deal[key] = [[spell(c, rng) for c in group] for group in getattr(d, key)]
        if deal["trump"] is not None:
            deal["trump"] = spell(d.trump, rng)  # type: ignore[arg-type]
        if rng.random() < 0.3:
            del deal["cards"]
        if rng.random() < 0.3:
            deal["scores"] = [rng.randint(-10, 30) for _ in range(n)]
        if rng.random() < 0.3:
            deal["blind"] = [rng.random() < 0.2 for _ in range(n)]
        logged.append(deal)
    ruleset: Any = rng.choice(["classic", "classic-nil5"])
    if rng.random() < 0.6:
        ruleset = {"preset": ruleset}
        for option, value in [
            ("schedule", [rng.randint(1, max_cards(n)) for _ in range(rng.randint(1, 5))]),
            ("last_deal_no_trump", rng.random() < 0.5),
            ("made_bonus", rng.randint(0, 20)),
            ("per_trick", rng.randint(0, 3)),
            ("failed", rng.randint(-10, 0)),
            ("nil_made", rng.choice([5, 15, "5+cards", "2+cards"])),
            ("renege_penalty", rng.randint(0, 20)),
            ("dealer_hook", rng.random() < 0.5),
            ("blind_multiplier", rng.randint(1, 3)),
        ]:
            if rng.random() < 0.4:
                ruleset[option] = value
    doc: dict[str, Any] = {
        "game": "oh-hell",
        "version": 1,
        "ruleset": ruleset,
        "players": PLAYERS[:n],
        "deals": logged,
    }
    if rng.random() < 0.5:
        doc["totals"] = [rng.randint(0, 100) for _ in range(n)]
    return doc


@FAST
@given(documents())
def test_parse_to_document_parse_round_trips(doc):
    log = parse(doc)
    out = to_document(log)
    assert parse(out) == log
    assert to_document(parse(out)) == out  # canonical output is a fixed point
    assert replay(parse(out)).as_dict() == replay(log).as_dict()


@st.composite
def chaotic_documents(draw: st.DrawFn) -> dict[str, Any]:
    """Well-formed documents with nonsense inside: random cards, sizes, seats and events."""
    n = draw(st.integers(3, 7))
    card = st.integers(0, 51).map(lambda c: NAME[c])
    seat = st.integers(0, n - 1)
    logged = []
    for _ in range(draw(st.integers(0, 3))):
        cards = draw(st.none() | st.integers(1, max_cards(n)))
        deal: dict[str, Any] = {"dealer": draw(seat), "trump": draw(st.none() | card)}
        if cards is not None:
            deal["cards"] = cards
        if draw(st.booleans()):
            deal["hands"] = draw(st.lists(st.lists(card, max_size=4), min_size=n, max_size=n))
        if draw(st.booleans()):
            deal["events"] = draw(
                st.lists(
                    st.one_of(
                        st.builds(lambda s, b: {"seat": s, "bid": b}, seat, st.integers(-1, 5)),
                        st.builds(lambda s, c: {"seat": s, "play": c}, seat, card),
                        st.builds(lambda s, c: {"seat": s, "take_back": c}, seat, card),
                        st.builds(lambda s, c: {"seat": s, "expose": c}, seat, card),
                    ),
                    max_size=30,
                )
            )
            if draw(st.booleans()):
                deal["taken"] = draw(st.lists(st.integers(-1, 4), min_size=n, max_size=n))
        else:
            deal["bids"] = draw(st.lists(st.integers(-1, 5), min_size=n, max_size=n))
            if draw(st.booleans()):
                deal["tricks"] = draw(st.lists(st.lists(card, min_size=n - 1, max_size=n + 1), max_size=5))
            if "tricks" not in deal or draw(st.booleans()):
                deal["taken"] = draw(st.lists(st.integers(-1, 4), min_size=n, max_size=n))
        if draw(st.booleans()):
            deal["scores"] = draw(st.lists(st.integers(-20, 30), min_size=n, max_size=n))
        if draw(st.booleans()):
            deal["blind"] = draw(st.lists(st.booleans(), min_size=n, max_size=n))
        logged.append(deal)
    return {
        "game": "oh-hell",
        "version": 1,
        "ruleset": {
            "preset": draw(st.sampled_from(["classic", "classic-nil5"])),
            "dealer_hook": draw(st.booleans()),
        },
        "players": PLAYERS[:n],
        "deals": logged,
        "totals": draw(st.lists(st.integers(0, 50), min_size=n, max_size=n)),
    }


@settings(max_examples=150, deadline=None)
@given(chaotic_documents())
def test_replay_never_raises_on_a_well_formed_document(doc):
    from rules.ohhell.codes import SEVERITY

    report = replay(parse(doc))
    rep = report.as_dict()
    assert len(rep["deals"]) == len(doc["deals"])
    assert rep["totals"] == [sum(d["scores"][s] for d in rep["deals"]) for s in range(len(doc["players"]))]
    for f in rep["findings"]:
        assert f["severity"] == SEVERITY[f["code"]]
        assert f["deal"] is None or 1 <= f["deal"] <= len(doc["deals"])
        assert f["seat"] is None or f["player"] == doc["players"][f["seat"]]
        assert f["trick"] is None or f["trick"] >= 1
    assert report.status == (1 if any(f["severity"] == "error" for f in rep["findings"]) else 0)
    assert parse(to_document(parse(doc))) == parse(doc)
