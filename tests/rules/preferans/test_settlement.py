"""The settlement: hand-checked pulkas per convention from the first deal to the balances, and zero-sum always.

The same six deals are played under each convention with a pool of 6 (seats
A=0, B=1, C=2):

1. A plays 6♠, B and C whist; tricks 6-3-1.
2. Pass-out (the first): tricks 2-0-8.
3. Pass-out (the second in a row): tricks 3-3-4.
4. B plays 8♥, C whists, A passes; B takes 7 (down one), C 2, A 1.
5. C plays misère and takes nothing.
6. B plays 10♠, both pass.

Each expected number is worked out by hand in the comments.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.preferans.core import Contract, Strain
from rules.preferans.pulka import Entry, Pulka, score_game, score_passout
from rules.preferans.ruleset import PRESETS, Ruleset, resolve_ruleset
from rules.preferans.settlement import settle, whole_balances

A, B, C = 0, 1, 2


def play_the_six_deals(rules: Ruleset) -> tuple[Pulka, list[list[Entry]]]:
    pulka = Pulka(3, rules)
    deals = [
        score_game(Contract.game(6, Strain.SPADES), A, [6, 3, 1], [(B, "whist"), (C, "whist")], 1, rules),
        score_passout([2, 0, 8], 1, 1, rules),
        score_passout([3, 3, 4], 2, 1, rules),
        score_game(Contract.game(8, Strain.HEARTS), B, [1, 7, 2], [(C, "whist"), (A, "pass")], 1, rules),
        score_game(Contract.misere_game(), C, [5, 5, 0], [(A, "pass"), (B, "pass")], 1, rules),
        score_game(Contract.game(10, Strain.SPADES), B, [0, 10, 0], [(C, "pass"), (A, "pass")], 1, rules),
    ]
    written = [pulka.record(entries) for entries in deals]
    return pulka, written


def test_sochi_pulka_to_the_settlement() -> None:
    rules = resolve_ruleset({"preset": "sochi", "pool": 6}, 3)
    pulka, written = play_the_six_deals(rules)
    # 1: A pool 2; B 3 × 2 = 6 on A; C 1 × 2 = 2 on A; the defence took 4 = quota.
    assert written[0] == [Entry(A, "pool", 2), Entry(B, "whist", 6, A), Entry(C, "whist", 2, A)]
    # 2: series 1-2-3, step 1: B took none → 1 in the pool; A 2, C 8 to the mountain.
    assert written[1] == [Entry(B, "pool", 1), Entry(A, "mountain", 2), Entry(C, "mountain", 8)]
    # 3: step 2: 6, 6, 8.
    assert written[2] == [Entry(A, "mountain", 6), Entry(B, "mountain", 6), Entry(C, "mountain", 8)]
    # 4: 8♥ down one: 1 × 6 to B's mountain; consolation 6 from C and from A;
    #    жлобский вист: C writes the defence's 3 tricks × 6 = 18; quota 1 met.
    assert written[3] == [
        Entry(B, "mountain", 6),
        Entry(C, "whist", 6, B),
        Entry(A, "whist", 6, B),
        Entry(C, "whist", 18, B),
    ]
    # 5: misère 10: C's pool closes at 6; 4 over help A (left of C, at 2): 4 × 10 = 40 whists.
    assert written[4] == [Entry(C, "pool", 6), Entry(A, "pool", 4), Entry(C, "whist", 40, A)]
    # 6: 10 for B (at 1): 5 close his pool; 5 over, every pool closed: off B's mountain.
    assert written[5] == [Entry(B, "pool", 5), Entry(B, "mountain", -5)]
    assert pulka.closed
    assert pulka.pool == [6, 6, 6]
    assert pulka.mountain == [8, 7, 16]
    assert pulka.whists == [[0, 6, 0], [6, 0, 0], [42, 24, 0]]

    done = settle(pulka)
    # Amnesty 7: mountains 1, 0, 9. A's 1 → 10/3 whists from B and from C on A;
    # C's 9 → 30 from A and from B on C.
    assert done.mountains == (8, 7, 16)
    assert done.amnesty == 7
    third = Fraction(1, 3)
    assert done.whists == (
        (Fraction(0), Fraction(6), Fraction(30)),
        (28 * third, Fraction(0), Fraction(30)),
        (136 * third, Fraction(24), Fraction(0)),
    )
    # A: (6 − 28/3) + (30 − 136/3) = −56/3; B: 10/3 + (30 − 24) = 28/3; C: 46/3 − 6 = 28/3.
    assert done.balances == (Fraction(-56, 3), Fraction(28, 3), Fraction(28, 3))
    assert sum(done.balances) == 0
    # Whole whists: −19, 9, 9 rounded down (−1 short); the one goes to the largest remainder,
    # all 1/3, the lowest seat: −18, 9, 9.
    assert done.whole_balances() == (-18, 9, 9)
    assert done.as_dict()["balances"] == ["-56/3", "28/3", "28/3"]


def test_leningrad_pulka_to_the_settlement() -> None:
    rules = resolve_ruleset({"preset": "leningrad", "pool": 6}, 3)
    pulka, written = play_the_six_deals(rules)
    # 1: whists doubled: B 3 × 4 = 12, C 1 × 4 = 4.
    assert written[0] == [Entry(A, "pool", 2), Entry(B, "whist", 12, A), Entry(C, "whist", 4, A)]
    # 2: 2-4-6: the first costs 2 a trick; the zero writes 1 in the pool.
    assert written[1] == [Entry(B, "pool", 1), Entry(A, "mountain", 4), Entry(C, "mountain", 16)]
    # 3: the second costs 4: 12, 12, 16.
    assert written[2] == [Entry(A, "mountain", 12), Entry(B, "mountain", 12), Entry(C, "mountain", 16)]
    # 4: down one on 8: 12 to the mountain; consolation 12 from C and A;
    #    джентльменский вист: 3 × 12 = 36 shared 18 / 18 between C (whisted) and A (passed).
    assert written[3] == [
        Entry(B, "mountain", 12),
        Entry(C, "whist", 12, B),
        Entry(A, "whist", 12, B),
        Entry(C, "whist", 18, B),
        Entry(A, "whist", 18, B),
    ]
    # 5: the help costs 20 a pool point: 4 × 20 = 80.
    assert written[4] == [Entry(C, "pool", 6), Entry(A, "pool", 4), Entry(C, "whist", 80, A)]
    # 6: 5 over with every pool closed: 5 × 2 = 10 off B's mountain.
    assert written[5] == [Entry(B, "pool", 5), Entry(B, "mountain", -10)]
    assert pulka.mountain == [16, 14, 32]
    assert pulka.whists == [[0, 30, 0], [12, 0, 0], [84, 30, 0]]

    done = settle(pulka)
    # Amnesty 14: 2, 0, 18. A's 2 → 20/3 from B and C; C's 18 → 60 from A and B.
    # A: (30 − 56/3) + (60 − 272/3) = −58/3; B: −34/3 + (60 − 30) = 56/3; C: 92/3 − 30 = 2/3.
    assert done.amnesty == 14
    assert done.balances == (Fraction(-58, 3), Fraction(56, 3), Fraction(2, 3))
    # Whole: −20, 18, 0 rounded down (−2 short, every remainder 2/3): the two go to A and B.
    assert done.whole_balances() == (-19, 19, 0)
    assert sum(done.whole_balances()) == 0


def test_rostov_pulka_to_the_settlement() -> None:
    rules = resolve_ruleset({"preset": "rostov", "pool": 6}, 3)
    pulka, written = play_the_six_deals(rules)
    assert written[0] == [Entry(A, "pool", 2), Entry(B, "whist", 6, A), Entry(C, "whist", 2, A)]
    # 2: B took fewest (0): 1 in the pool; 5 whists per trick: 10 on A, 40 on C.
    assert written[1] == [Entry(B, "pool", 1), Entry(B, "whist", 10, A), Entry(B, "whist", 40, C)]
    # 3: no progression; A and B share C's 4 × 5 = 20: 10 each.
    assert written[2] == [Entry(A, "whist", 10, C), Entry(B, "whist", 10, C)]
    # 4: mountain 6; consolation 6 each; gentleman's: 3 × 6 = 18 shared 9 / 9.
    assert written[3] == [
        Entry(B, "mountain", 6),
        Entry(C, "whist", 6, B),
        Entry(A, "whist", 6, B),
        Entry(C, "whist", 9, B),
        Entry(A, "whist", 9, B),
    ]
    # 5: the overflow helps the pool nearest to closing: A (2) before B (1): 4 × 10 = 40.
    assert written[4] == [Entry(C, "pool", 6), Entry(A, "pool", 4), Entry(C, "whist", 40, A)]
    assert written[5] == [Entry(B, "pool", 5), Entry(B, "mountain", -5)]
    assert pulka.mountain == [0, 1, 0]
    assert pulka.whists == [[0, 15, 10], [16, 0, 50], [42, 15, 0]]

    done = settle(pulka)
    # Amnesty 0; B's 1 → 10/3 from A and from C on B.
    # A: (55/3 − 16) + (10 − 42) = −89/3; B: −7/3 + (50 − 55/3) = 88/3; C: 32 − 95/3 = 1/3.
    assert done.amnesty == 0
    assert done.balances == (Fraction(-89, 3), Fraction(88, 3), Fraction(1, 3))
    # Whole: −30, 29, 0 rounded down (−1 short, every remainder 1/3): the one goes to A.
    assert done.whole_balances() == (-29, 29, 0)


def test_amnesty_changes_the_mountains_not_the_balances() -> None:
    on = resolve_ruleset({"preset": "sochi", "pool": 6}, 3)
    off = resolve_ruleset({"preset": "sochi", "pool": 6, "amnesty": False}, 3)
    pulka, _ = play_the_six_deals(on)
    with_amnesty, without = settle(pulka, on), settle(pulka, off)
    assert with_amnesty.amnesty == 7
    assert without.amnesty == 0
    assert with_amnesty.balances == without.balances
    # Without the amnesty B's 7 is written too: 70/3 from A and from C on B.
    assert without.whists[A][B] == 6 + Fraction(70, 3)


def test_an_open_pool_goes_to_the_mountain_doubled_in_leningrad() -> None:
    # Stopped after one 6♠ played unwhisted (pool 10): A 2, B 0, C 0.
    for preset, factor in (("sochi", 1), ("leningrad", 2)):
        rules = resolve_ruleset({"preset": preset, "pool": 10}, 3)
        pulka = Pulka(3, rules)
        pulka.record(
            score_game(Contract.game(6, Strain.SPADES), A, [6, 2, 2], [(B, "pass"), (C, "pass")], 1, rules)
        )
        done = settle(pulka)
        # Shortfalls 8, 10, 10 (× factor); amnesty 8 × factor; A ahead by 2 × factor mountain points,
        # i.e. 2 × factor × 10 × 2/3 whists net of each of B and C …
        assert done.mountains == (8 * factor, 10 * factor, 10 * factor)
        assert done.balances == (
            Fraction(40 * factor, 3),
            Fraction(-20 * factor, 3),
            Fraction(-20 * factor, 3),
        )
        # … which is the pool point at its worth: (2 − 2/3) × pool_whists = 40/3 (Sochi), 80/3 (Leningrad).
        assert done.balances[A] == (2 - Fraction(2, 3)) * rules.pool_whists


def test_four_players_settle_by_four() -> None:
    rules = resolve_ruleset({"pool": 2}, 4)
    pulka = Pulka(4, rules)
    pulka.record([Entry(0, "pool", 2), Entry(1, "pool", 2), Entry(2, "pool", 2), Entry(3, "pool", 2)])
    pulka.record([Entry(3, "mountain", 3), Entry(1, "whist", 5, 0)])
    done = settle(pulka)
    # Seat 3's 3 → 30/4 = 15/2 from each of the three others; seat 1 has 5 on seat 0.
    assert done.balances == (Fraction(5, 2), Fraction(25, 2), Fraction(15, 2), Fraction(-45, 2))
    assert done.whole_balances() == (3, 13, 7, -23)


# --- zero sum, always ------------------------------------------------------------------------

DECISION_SETS = [("whist", "whist"), ("whist", "pass"), ("pass", "whist"), ("pass", "pass"), ("pass", "half")]


@st.composite
def deal(draw: st.DrawFn, players: int) -> tuple[str, dict[str, object]]:
    kind = draw(st.sampled_from(["game", "misere", "passout"]))
    dealer = draw(st.integers(0, players - 1)) if players == 4 else None
    active = [s for s in range(players) if s != dealer]
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=2, max_size=2)))
    split = [cuts[0], cuts[1] - cuts[0], 10 - cuts[1]]
    tricks = [0] * players
    for seat, count in zip(active, split, strict=True):
        tricks[seat] = count
    multiplier = draw(st.sampled_from([1, 2, 4, 8]))
    declarer = draw(st.sampled_from(active))
    defenders = [s for s in active if s != declarer]
    if kind == "passout":
        return kind, {
            "tricks": tricks,
            "round": draw(st.integers(1, 5)),
            "multiplier": multiplier,
            "dealer": dealer,
        }
    level = draw(st.integers(6, 10))
    decisions = draw(st.sampled_from(DECISION_SETS))
    if decisions[1] == "half" and level > 7:
        decisions = ("pass", "pass")
    contract = (
        Contract.misere_game()
        if kind == "misere"
        else Contract.game(level, draw(st.sampled_from(list(Strain))))
    )
    return kind, {
        "contract": contract,
        "declarer": declarer,
        "tricks": tricks,
        "whists": list(zip(defenders, decisions, strict=True)),
        "multiplier": multiplier,
    }


@st.composite
def pulka_run(draw: st.DrawFn) -> tuple[Ruleset, list[tuple[str, dict[str, object]]]]:
    players = draw(st.sampled_from([3, 4]))
    preset = draw(st.sampled_from(list(PRESETS)))
    pool = draw(st.integers(1, 30))
    amnesty = draw(st.booleans())
    rules = resolve_ruleset({"preset": preset, "pool": pool, "amnesty": amnesty}, players)
    return rules, draw(st.lists(deal(players), max_size=40))


@settings(max_examples=300, deadline=None)
@given(pulka_run())
def test_any_pulka_settles_to_zero(run: tuple[Ruleset, list[tuple[str, dict[str, object]]]]) -> None:
    rules, deals = run
    players = len(deals[0][1]["tricks"]) if deals else 3  # type: ignore[arg-type]
    pulka = Pulka(players, rules)
    for kind, d in deals:
        if pulka.closed:
            break
        if kind == "passout":
            entries = score_passout(d["tricks"], d["round"], d["multiplier"], rules, dealer=d["dealer"])  # type: ignore[arg-type]
        else:
            entries = score_game(
                d["contract"], d["declarer"], d["tricks"], d["whists"], d["multiplier"], rules
            )  # type: ignore[arg-type]
        written = pulka.record(entries)
        # Closing moves pool points, never makes or loses them: what was scored is what is written,
        # counting a write-off at its pool worth.
        scored_pool = sum(e.points for e in entries if e.kind == "pool")
        written_pool = sum(e.points for e in written if e.kind == "pool")
        written_off = -sum(e.points for e in written if e.kind == "mountain" and e.points < 0)
        assert scored_pool == written_pool + written_off // rules.pool_to_mountain
        assert all(0 <= p <= rules.pool for p in pulka.pool)
        # The replay's per-deal balance, reckoned in whole numbers, is the exact one rounded.
        assert whole_balances(pulka) == settle(pulka).whole_balances()
    done = settle(pulka)
    assert sum(done.balances) == 0
    assert sum(done.whole_balances()) == 0
    assert all(abs(w - b) < 1 for w, b in zip(done.whole_balances(), done.balances, strict=True))
    for i in range(players):
        for j in range(players):
            assert done.net[i][j] == -done.net[j][i]
    flipped = resolve_ruleset({**rules.as_dict(), "amnesty": not rules.amnesty}, players)
    assert settle(pulka, flipped).balances == done.balances
