"""The rubber: part scores carried, the line drawn after a game, vulnerability, the rubber
bonus, whists, and the unfinished rubber — hand-checked sessions in both presets, and in the
seed's other reading of «100 – за выигрыш первой партии; 100 – за выигрыш второй партии»:
100 more below the line for each game won, the option ``{"preset": "seed", "game_bonus": 100}``."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge.core import Contract, Doubling, Seat, Side, Strain
from rules.bridge.rubber import RubberTracker, round_whists, score_session
from rules.bridge.ruleset import resolve_ruleset
from rules.bridge.scoring import DealScore, Entry, score_deal

SEED = resolve_ruleset("seed")
LAWS = resolve_ruleset("laws")
#: The seed's other reading: 100 below the line for each game won (issue 22 ruled the 100s are
#: the points that make each game, so the preset has no game bonus).
SEED_GAME_BONUS = resolve_ruleset({"preset": "seed", "game_bonus": 100})
STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
}
NOBODY = (0, 0)


def deal(text: str, declarer: str, tricks: int, honours: tuple[int, int] = NOBODY):
    """``("4HX", "W", 8)`` -> the result tuple score_session reads."""
    doubling = Doubling.UNDOUBLED
    if text.endswith("XX"):
        doubling, text = Doubling.REDOUBLED, text[:-2]
    elif text.endswith("X"):
        doubling, text = Doubling.DOUBLED, text[:-1]
    return Contract(int(text[0]), STRAINS[text[1:]], doubling, Seat.of(declarer)), tricks, honours


PASSED = (None, 0, NOBODY)

TWO_NIL = [
    deal("4S", "N", 10),  # We 120: game
    deal("2H", "E", 8),  # They 60, a part score
    deal("3NT", "S", 10),  # We vulnerable, 100 + 30: the second game, 2-0
]

TWO_ONE = [
    deal("2S", "N", 8),  # We 60
    deal("3D", "E", 9),  # They 60
    deal("2NT", "E", 8),  # They 70: 130, their game; the line is drawn under both part scores
    deal("2H", "N", 8),  # We 60, starting again from nothing: no game
    deal("2S", "N", 7),  # We not vulnerable, one down: They 50
    deal("1NT", "N", 7),  # We 40: 100, our game; both vulnerable now
    deal("4HX", "W", 8),  # They vulnerable, doubled, two down: We 500
    deal("5C", "E", 11),  # They 100: their second game, 2-1
]


def test_two_nil_rubber_seed():
    session = score_session(TWO_NIL, SEED)
    assert session.vulnerability == ((False, False), (True, False), (True, False))
    # No game bonus: a game is the 100 below the line that make it.
    assert [d.sheet() for d in session.deals] == [
        {"we": {"above": [], "below": [120]}, "they": {"above": [], "below": []}},
        {"we": {"above": [], "below": []}, "they": {"above": [], "below": [60]}},
        {"we": {"above": [30, 700], "below": [100]}, "they": {"above": [], "below": []}},
    ]
    assert [e.kind for e in session.deals[2].entries] == ["tricks", "overtricks", "rubber"]
    (rubber,) = session.rubbers
    # We: below 120 + 100, above 30; the rubber bonus 700 (They never had a game). They: 60.
    assert rubber.as_dict() == {
        "number": 1,
        "deals": [1, 2, 3],
        "finished": True,
        "games": [2, 0],
        "above": [30, 0],
        "below": [220, 60],
        "bonus": [700, 0],
        "bonus_entries": [{"side": "we", "line": "above", "kind": "rubber", "points": 700}],
        "totals": [950, 60],
        "whists": [9, -9],  # 890 / 100 = 8.9 -> 9
    }
    assert rubber.winner is Side.WE
    assert session.totals == (950, 60)
    assert session.whists == (9, -9)


def test_two_nil_rubber_seed_with_a_game_bonus():
    session = score_session(TWO_NIL, SEED_GAME_BONUS)
    assert session.vulnerability == ((False, False), (True, False), (True, False))
    assert [d.sheet() for d in session.deals] == [
        {"we": {"above": [], "below": [120, 100]}, "they": {"above": [], "below": []}},
        {"we": {"above": [], "below": []}, "they": {"above": [], "below": [60]}},
        {"we": {"above": [30, 700], "below": [100, 100]}, "they": {"above": [], "below": []}},
    ]
    assert [e.kind for e in session.deals[2].entries] == ["tricks", "overtricks", "game", "rubber"]
    (rubber,) = session.rubbers
    # We: below 120 + 100 + 100 + 100 (two games), above 30; the rubber bonus 700. They: 60.
    assert rubber.as_dict() == {
        "number": 1,
        "deals": [1, 2, 3],
        "finished": True,
        "games": [2, 0],
        "above": [30, 0],
        "below": [420, 60],
        "bonus": [700, 0],
        "bonus_entries": [{"side": "we", "line": "above", "kind": "rubber", "points": 700}],
        "totals": [1150, 60],
        "whists": [11, -11],  # 1090 / 100 = 10.9 -> 11
    }
    assert rubber.winner is Side.WE
    assert session.totals == (1150, 60)
    assert session.whists == (11, -11)


def test_two_nil_rubber_laws():
    session = score_session(TWO_NIL, LAWS)
    (rubber,) = session.rubbers
    assert [d.sheet() for d in session.deals][2] == {
        "we": {"above": [30, 700], "below": [100]},
        "they": {"above": [], "below": []},
    }
    assert (rubber.above, rubber.below, rubber.bonus) == ((30, 0), (220, 60), (700, 0))
    assert rubber.totals == (950, 60)
    assert rubber.whists == (9, -9)  # 890 -> 8.9 -> 9


def test_two_one_rubber_seed_part_scores_and_lines():
    tracker = RubberTracker(SEED)
    seen = []
    for contract, tricks, honours in TWO_ONE:
        vul = tracker.vulnerable
        seen.append((vul, tracker.games, tracker.partscores))
        tracker.record(score_deal(contract, tricks, vul, honours, SEED))
    assert seen == [
        ((False, False), (0, 0), (0, 0)),
        ((False, False), (0, 0), (60, 0)),
        ((False, False), (0, 0), (60, 60)),
        ((False, True), (0, 1), (0, 0)),  # the line under both part scores
        ((False, True), (0, 1), (60, 0)),
        ((False, True), (0, 1), (60, 0)),
        ((True, True), (1, 1), (0, 0)),
        ((True, True), (1, 1), (0, 0)),
    ]
    (rubber,) = tracker.rubbers
    # We: below 60 + 60 + 40; above 500. They: below 60 + 70 + 100; above 50; the rubber
    # bonus 500 (We had a game). No game bonus: the games are the 100s below the line.
    assert (rubber.above, rubber.below, rubber.bonus) == ((500, 50), (160, 230), (0, 500))
    assert rubber.totals == (660, 780)
    assert rubber.whists == (-1, 1)  # -120 -> -1.2 -> -1
    assert rubber.winner is Side.THEY
    assert rubber.games == (1, 2)
    # After the rubber a fresh one: nobody vulnerable, no part scores.
    assert (tracker.vulnerable, tracker.games, tracker.partscores) == ((False, False), (0, 0), (0, 0))
    assert tracker.finish() is None


def test_two_one_rubber_seed_with_a_game_bonus():
    (rubber,) = score_session(TWO_ONE, SEED_GAME_BONUS).rubbers
    # We: below 60 + 60 + 40 + 100 (game); above 500. They: below 60 + 70 + 100 + 100 + 100
    # (two games); above 50; the rubber bonus 500 (We had a game).
    assert (rubber.above, rubber.below, rubber.bonus) == ((500, 50), (260, 430), (0, 500))
    assert rubber.totals == (760, 980)
    assert rubber.whists == (-2, 2)  # -220 -> -2.2 -> -2
    assert rubber.winner is Side.THEY
    assert rubber.games == (1, 2)


def test_two_one_rubber_laws_then_a_new_rubber_left_unfinished():
    session = score_session([*TWO_ONE, deal("1C", "N", 7)], LAWS)
    first, second = session.rubbers
    assert (first.above, first.below, first.bonus) == ((500, 50), (160, 230), (0, 500))
    assert first.totals == (660, 780)
    assert first.whists == (-1, 1)  # -120 -> -1
    assert session.vulnerability[-1] == (False, False)
    assert second.as_dict() == {
        "number": 2,
        "deals": [9],
        "finished": False,
        "games": [0, 0],
        "above": [0, 0],
        "below": [20, 0],
        "bonus": [100, 0],
        "bonus_entries": [{"side": "we", "line": "above", "kind": "unfinished_partscore", "points": 100}],
        "totals": [120, 0],
        "whists": [1, -1],
    }
    assert second.winner is None
    assert session.totals == (780, 780)
    assert session.whists == (0, 0)


def test_unfinished_rubber_one_game_against_a_part_score():
    results = [deal("4S", "N", 10), deal("2H", "E", 8)]
    seed = score_session(results, SEED).rubbers[0]
    assert [(e.side, e.kind, e.points) for e in seed.bonus_entries] == [
        (Side.WE, "unfinished_game", 300),
        (Side.THEY, "unfinished_partscore", 100),
    ]
    assert seed.totals == (120 + 300, 60 + 100)
    assert seed.whists == (3, -3)  # 260 -> 2.6 -> 3
    bonus = score_session(results, SEED_GAME_BONUS).rubbers[0]
    assert bonus.totals == (120 + 100 + 300, 60 + 100)  # the game's 100 below the line
    assert bonus.whists == (4, -4)  # 360 -> 3.6 -> 4
    laws = score_session(results, LAWS).rubbers[0]
    assert laws.totals == (420, 160)
    assert laws.whists == (3, -3)


@pytest.mark.parametrize(
    ("results", "bonus"),
    [
        # A game each: no 300 for either; They alone have a part score: 100.
        ([deal("4S", "N", 10), deal("3NT", "E", 9), deal("1S", "W", 7)], (0, 100)),
        # Both sides with part scores in the unfinished game: no 100 for either.
        ([deal("1S", "N", 7), deal("1S", "W", 7)], (0, 0)),
        # A part score left from before a game does not count: the line was drawn.
        ([deal("1S", "N", 7), deal("4H", "E", 10)], (0, 300)),
        # Only passed-out deals and undertricks: no bonus at all.
        ([PASSED, deal("4S", "N", 9)], (0, 0)),
    ],
)
def test_unfinished_rubber_bonuses(results, bonus):
    session = score_session(results, LAWS)
    (rubber,) = session.rubbers
    assert rubber.finished is False
    assert rubber.bonus == bonus


def test_finish_false_leaves_the_rubber_open_and_finish_on_nothing_is_none():
    assert score_session([deal("1S", "N", 7)], SEED, finish=False).rubbers == ()
    assert score_session([], SEED).rubbers == ()
    assert RubberTracker(SEED).finish() is None


def test_passed_out_deal_belongs_to_the_rubber_and_scores_nothing():
    session = score_session([PASSED], SEED)
    assert session.deals == (DealScore(),)
    (rubber,) = session.rubbers
    assert rubber.deals == (0,)
    assert rubber.totals == (0, 0)
    assert rubber.whists == (0, 0)


def test_honours_count_in_the_totals_but_not_toward_game():
    # 2H made with 150 honours: 60 below, no game, 150 above.
    session = score_session([deal("2H", "N", 8, (150, 0)), deal("2H", "N", 8)], LAWS, finish=False)
    assert session.vulnerability == ((False, False), (False, False))
    session = score_session([deal("2H", "N", 8, (150, 0)), deal("2H", "N", 8), deal("3NT", "N", 9)], LAWS)
    assert session.vulnerability[-1] == (True, False)


def test_doubled_part_score_makes_game():
    # 2H doubled, made: 60 x 2 = 120 below (a game), 50 for the insult above.
    session = score_session([deal("2HX", "N", 8), deal("1C", "E", 7)], SEED, finish=False)
    assert session.vulnerability == ((False, False), (True, False))
    assert session.deals[0].sheet()["we"] == {"above": [50], "below": [120]}
    session = score_session([deal("2HX", "N", 8), deal("1C", "E", 7)], SEED_GAME_BONUS, finish=False)
    assert session.deals[0].sheet()["we"] == {"above": [50], "below": [120, 100]}


@pytest.mark.parametrize(
    ("results", "half_up", "half_down", "half_even"),
    [
        ([deal("2C", "E", 7)], 1, 0, 0),  # We 50
        ([deal("4S", "E", 5)], 3, 2, 2),  # We 250
        ([deal("7S", "E", 6)], 4, 3, 4),  # We 350
        ([deal("7S", "N", 6)], -4, -3, -4),  # They 350
    ],
)
def test_whists_rounding_of_exact_halves(results, half_up, half_down, half_even):
    for rounding, whists in (("half_up", half_up), ("half_down", half_down), ("half_even", half_even)):
        rules = resolve_ruleset({"preset": "seed", "whists_rounding": rounding})
        (rubber,) = score_session(results, rules).rubbers
        assert rubber.whists == (whists, -whists)


@pytest.mark.parametrize(
    ("difference", "half_up", "half_down", "half_even"),
    [
        (0, 0, 0, 0),
        (40, 0, 0, 0),
        (49, 0, 0, 0),
        (50, 1, 0, 0),
        (51, 1, 1, 1),
        (150, 2, 1, 2),
        (1090, 11, 11, 11),
        (-1040, -10, -10, -10),
        (-250, -3, -2, -2),
        (-350, -4, -3, -4),
    ],
)
def test_round_whists(difference, half_up, half_down, half_even):
    assert round_whists(difference, "half_up") == half_up
    assert round_whists(difference, "half_down") == half_down
    assert round_whists(difference, "half_even") == half_even


@given(st.integers(-100_000, 100_000), st.sampled_from(["half_up", "half_down", "half_even"]))
def test_round_whists_is_nearest_and_symmetric(difference, rounding):
    w = round_whists(difference, rounding)
    assert abs(difference - 100 * w) <= 50
    assert round_whists(-difference, rounding) == -w


def test_game_and_rubber_options():
    # The other reading's game bonus above the line instead; a custom rubber bonus; a higher game.
    rules = resolve_ruleset(
        {"preset": "seed", "game_bonus": 100, "game_bonus_line": "above", "rubber_bonus_two_games": 1000}
    )
    session = score_session(TWO_NIL, rules)
    assert session.deals[0].sheet()["we"] == {"above": [100], "below": [120]}
    assert session.rubbers[0].bonus == (1000, 0)
    # We: below 120 + 100; above 100 + 100 (two games) + 30 + 1000. They: below 60.
    assert session.rubbers[0].totals == (1450, 60)
    # Without a game bonus the line it would go on changes nothing.
    rules = resolve_ruleset({"preset": "seed", "game_bonus_line": "above"})
    assert score_session(TWO_NIL, rules).rubbers[0].totals == score_session(TWO_NIL, SEED).rubbers[0].totals
    high = resolve_ruleset({"preset": "laws", "game_threshold": 120, "rubber_bonus_three_games": 400})
    session = score_session([deal("3NT", "N", 9), deal("4S", "E", 10), deal("5D", "N", 11)], high)
    assert session.vulnerability == ((False, False), (False, False), (False, True))
    # 3NT (100) is no game at 120; their 4S game draws the line under it, so 5D (100) is none either.
    assert session.rubbers[0].games == (0, 1)
    session = score_session([*[deal("4S", s, 10) for s in "NESW"]], high)
    assert session.rubbers[0].games == (2, 1)
    assert session.rubbers[0].bonus == (400, 0)
    none = resolve_ruleset({"preset": "laws", "unfinished_game": 0, "unfinished_partscore": 0})
    assert score_session([deal("4S", "N", 10), deal("1C", "E", 7)], none).rubbers[0].bonus == (0, 0)


def test_record_returns_the_deal_with_its_game_entries():
    tracker = RubberTracker(SEED_GAME_BONUS)
    base = DealScore((Entry(Side.THEY, "below", "tricks", 100),))
    assert tracker.record(base).entries == (*base.entries, Entry(Side.THEY, "below", "game", 100))
    small = DealScore((Entry(Side.WE, "below", "tricks", 40),))
    assert tracker.record(small) is small
    # The seed itself has no game bonus: a game adds no entry, though it is won.
    tracker = RubberTracker(SEED)
    assert tracker.record(base) is base
    assert tracker.games == (0, 1)


# Properties over random sessions.

CONTRACTS = st.builds(
    Contract,
    st.integers(1, 7),
    st.sampled_from(list(Strain)),
    st.sampled_from(list(Doubling)),
    st.sampled_from(list(Seat)),
)
RESULTS = st.lists(
    st.tuples(
        st.one_of(st.none(), CONTRACTS),
        st.integers(0, 13),
        st.sampled_from([(0, 0), (100, 0), (0, 150)]),
    ),
    max_size=40,
)


@settings(max_examples=300)
@given(RESULTS, st.sampled_from([SEED, SEED_GAME_BONUS, LAWS]))
def test_session_invariants(results, rules):
    session = score_session(results, rules)
    assert len(session.deals) == len(results)
    # The rubbers take the deals in order, each exactly once; all but the last are finished.
    assert [d for r in session.rubbers for d in r.deals] == list(range(len(results)))
    assert all(r.finished for r in session.rubbers[:-1])
    everything = [e for d in session.deals for e in d.entries]
    for r in session.rubbers:
        assert r.whists[0] == -r.whists[1]
        assert abs(r.totals[0] - r.totals[1] - 100 * r.whists[0]) <= 50
        assert session.vulnerability[r.deals[0]] == (False, False)
        if r.finished:
            winner = r.winner
            assert winner is not None
            assert r.games[winner] == 2
            assert r.games[winner.other] in (0, 1)
            expected = (
                rules.rubber_bonus_three_games if r.games[winner.other] else rules.rubber_bonus_two_games
            )
            assert r.bonus_entries == (Entry(winner, "above", "rubber", expected),)
        else:
            assert max(r.games) <= 1
            everything.extend(r.bonus_entries)
        # Vulnerability only grows within a rubber.
        vuls = [session.vulnerability[d] for d in r.deals]
        for before, after in itertools.pairwise(vuls):
            assert before[0] <= after[0]
            assert before[1] <= after[1]
    # Nothing is lost or counted twice: the session totals are every entry written.
    assert session.totals == (
        sum(e.points for e in everything if e.side is Side.WE),
        sum(e.points for e in everything if e.side is Side.THEY),
    )
