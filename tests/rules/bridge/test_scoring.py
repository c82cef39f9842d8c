"""Every line of the points table in both presets, hand-checked; honours; the ruleset itself."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.bridge.core import Contract, Doubling, Seat, Side, Strain
from rules.bridge.ruleset import OPTIONS, PRESETS, Ruleset, resolve_ruleset
from rules.bridge.scoring import DealScore, Entry, honours_points, score_deal
from rules.cards import card_name, mask_of, parse_card
from rules.errors import MalformedDocument

SEED = resolve_ruleset("seed")
LAWS = resolve_ruleset("laws")
STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
}


def contract(text: str, declarer: str = "N") -> Contract:
    """``"3DX"`` -> 3 diamonds doubled by ``declarer``."""
    doubling = Doubling.UNDOUBLED
    if text.endswith("XX"):
        doubling, text = Doubling.REDOUBLED, text[:-2]
    elif text.endswith("X"):
        doubling, text = Doubling.DOUBLED, text[:-1]
    return Contract(int(text[0]), STRAINS[text[1:]], doubling, Seat.of(declarer))


def entries(text: str, result: int, vul: bool, rules: Ruleset) -> list[tuple[str, str, str, int]]:
    """Score ``text`` by North with ``result`` tricks over (+) or under (-) the contract."""
    c = contract(text)
    score = score_deal(c, c.tricks_needed + result, (vul, False), (0, 0), rules)
    return [(("we", "they")[e.side], e.line, e.kind, e.points) for e in score.entries]


def made(below: int, *above: tuple[str, int]) -> list[tuple[str, str, str, int]]:
    return [("we", "below", "tricks", below), *(("we", "above", kind, pts) for kind, pts in above)]


def down(points: int) -> list[tuple[str, str, str, int]]:
    return [("they", "above", "undertricks", points)]


# (contract, result, vulnerable, seed entries, laws entries): one row per line of the table.
TABLE = [
    # Below the line: 20 a trick in the minors, 30 in the majors, NT 40 then 30.
    ("1C", 0, False, made(20), made(20)),
    ("2C", 0, False, made(40), made(40)),
    ("5D", 0, True, made(100), made(100)),
    ("2H", 0, False, made(60), made(60)),
    ("4S", 0, True, made(120), made(120)),
    ("1NT", 0, False, made(40), made(40)),
    ("2NT", 0, True, made(70), made(70)),
    ("3NT", 0, False, made(100), made(100)),
    # Doubled: 40, 60, 80 then 60; redoubled: twice that.
    ("2DX", 0, False, made(80, ("insult", 50)), made(80, ("insult", 50))),
    ("2HX", 0, False, made(120, ("insult", 50)), made(120, ("insult", 50))),
    ("3NTX", 0, True, made(200, ("insult", 50)), made(200, ("insult", 50))),
    ("1CXX", 0, False, made(80, ("insult", 100)), made(80, ("insult", 100))),
    ("1NTXX", 0, True, made(160, ("insult", 100)), made(160, ("insult", 100))),
    ("2SXX", 0, False, made(240, ("insult", 100)), made(240, ("insult", 100))),
    # Overtricks undoubled: the trick value, nv and vul alike (NT: 30).
    ("3NT", 1, False, made(100, ("overtricks", 30)), made(100, ("overtricks", 30))),
    ("1D", 2, False, made(20, ("overtricks", 40)), made(20, ("overtricks", 40))),
    ("2H", 1, True, made(60, ("overtricks", 30)), made(60, ("overtricks", 30))),
    ("1NT", 6, True, made(40, ("overtricks", 180)), made(40, ("overtricks", 180))),
    # Overtricks doubled: 100 nv, 200 vul; redoubled 200 / 400.
    (
        "1NTX",
        1,
        False,
        made(80, ("overtricks", 100), ("insult", 50)),
        made(80, ("overtricks", 100), ("insult", 50)),
    ),
    (
        "1NTX",
        1,
        True,
        made(80, ("overtricks", 200), ("insult", 50)),
        made(80, ("overtricks", 200), ("insult", 50)),
    ),
    (
        "2CX",
        3,
        False,
        made(80, ("overtricks", 300), ("insult", 50)),
        made(80, ("overtricks", 300), ("insult", 50)),
    ),
    (
        "2SXX",
        1,
        True,
        made(240, ("overtricks", 400), ("insult", 100)),
        made(240, ("overtricks", 400), ("insult", 100)),
    ),
    (
        "1NTXX",
        2,
        False,
        made(160, ("overtricks", 400), ("insult", 100)),
        made(160, ("overtricks", 400), ("insult", 100)),
    ),
    # Undertricks undoubled: 50 nv, 100 vul, each.
    ("4S", -1, False, down(50), down(50)),
    ("4S", -3, True, down(300), down(300)),
    ("7NT", -13, False, down(650), down(650)),
    # Doubled not vulnerable: 100, 200, 200, then seed 200 / Laws 300 each.
    ("2HX", -1, False, down(100), down(100)),
    ("2HX", -2, False, down(300), down(300)),
    ("2HX", -3, False, down(500), down(500)),
    ("3DX", -4, False, down(700), down(800)),
    ("3DX", -5, False, down(900), down(1100)),
    ("7NTX", -13, False, down(2500), down(3500)),
    # Doubled vulnerable: 200, then 300 each (the same in both).
    ("4HX", -1, True, down(200), down(200)),
    ("4HX", -2, True, down(500), down(500)),
    ("4HX", -3, True, down(800), down(800)),
    ("4HX", -4, True, down(1100), down(1100)),
    ("7CX", -13, True, down(3800), down(3800)),
    # Redoubled: twice the doubled values.
    ("1SXX", -1, False, down(200), down(200)),
    ("1SXX", -3, False, down(1000), down(1000)),
    ("1SXX", -4, False, down(1400), down(1600)),
    ("1SXX", -2, True, down(1000), down(1000)),
    ("1SXX", -4, True, down(2200), down(2200)),
    # Slams bid and made: seed 500/700 small, 750/1500 grand; Laws 500/750, 1000/1500.
    ("6S", 0, False, made(180, ("slam", 500)), made(180, ("slam", 500))),
    ("6S", 0, True, made(180, ("slam", 700)), made(180, ("slam", 750))),
    (
        "6NT",
        1,
        True,
        made(190, ("overtricks", 30), ("slam", 700)),
        made(190, ("overtricks", 30), ("slam", 750)),
    ),
    ("7NT", 0, True, made(220, ("slam", 1500)), made(220, ("slam", 1500))),
    ("7NT", 0, False, made(220, ("slam", 750)), made(220, ("slam", 1000))),
    ("7C", 0, False, made(140, ("slam", 750)), made(140, ("slam", 1000))),
    ("6SX", 0, True, made(360, ("insult", 50), ("slam", 700)), made(360, ("insult", 50), ("slam", 750))),
    ("7HXX", 0, False, made(840, ("insult", 100), ("slam", 750)), made(840, ("insult", 100), ("slam", 1000))),
    # Twelve tricks in a five-level contract is no slam: only overtricks.
    ("5D", 2, True, made(100, ("overtricks", 40)), made(100, ("overtricks", 40))),
    # A slam bid and missed scores only the undertricks.
    ("6S", -1, True, down(100), down(100)),
]


@pytest.mark.parametrize(("text", "result", "vul", "seed", "laws"), TABLE)
def test_points_table_line_in_both_presets(text, result, vul, seed, laws):
    assert entries(text, result, vul, SEED) == seed
    assert entries(text, result, vul, LAWS) == laws


def test_east_west_declarer_scores_on_their_side_with_their_vulnerability():
    c = contract("4HX", "W")
    # East–West vulnerable, North–South not: West's 4HX-2 gives We 500.
    assert score_deal(c, 8, (False, True), (0, 0), SEED).entries == (
        Entry(Side.WE, "above", "undertricks", 500),
    )
    # The same result with only North–South vulnerable is the non-vulnerable 300.
    assert score_deal(c, 8, (True, False), (0, 0), SEED).entries == (
        Entry(Side.WE, "above", "undertricks", 300),
    )
    assert score_deal(c, 10, (False, True), (0, 0), SEED).entries == (
        Entry(Side.THEY, "below", "tricks", 240),
        Entry(Side.THEY, "above", "insult", 50),
    )


def test_passed_out_deal_scores_nothing():
    assert score_deal(None, 0, (True, True), (0, 0), SEED) == DealScore()
    assert score_deal(None, 0, (False, False), (0, 0), LAWS).entries == ()


def test_declarer_tricks_out_of_range_are_refused():
    with pytest.raises(ValueError, match="0 to 13"):
        score_deal(contract("1C"), 14, (False, False), (0, 0), SEED)


def test_honours_are_written_for_the_side_that_holds_them_made_or_not():
    c = contract("4S")
    made_score = score_deal(c, 10, (False, False), (150, 0), SEED)
    assert made_score.entries == (
        Entry(Side.WE, "below", "tricks", 120),
        Entry(Side.WE, "above", "honours", 150),
    )
    # The defenders' honours stand beside their undertricks.
    down_score = score_deal(c, 8, (False, False), (0, 100), LAWS)
    assert down_score.entries == (
        Entry(Side.THEY, "above", "undertricks", 100),
        Entry(Side.THEY, "above", "honours", 100),
    )
    assert down_score.sheet() == {
        "we": {"above": [], "below": []},
        "they": {"above": [100, 100], "below": []},
    }
    assert down_score.total(Side.THEY) == 200
    assert down_score.above(Side.THEY) == 200
    assert down_score.below(Side.THEY) == 0


def test_deal_score_sums_and_dict():
    score = score_deal(contract("3NT"), 10, (False, False), (0, 0), SEED)
    assert score.below(Side.WE) == 100
    assert score.above(Side.WE) == 30
    assert score.points(Side.WE, kind="tricks") == 100
    assert score.total(Side.THEY) == 0
    assert score.as_dict() == [
        {"side": "we", "line": "below", "kind": "tricks", "points": 100},
        {"side": "we", "line": "above", "kind": "overtricks", "points": 30},
    ]
    assert score.sheet() == {"we": {"above": [30], "below": [100]}, "they": {"above": [], "below": []}}


# Honours from the hands.


def hands(**by_seat: str) -> list[int]:
    """Masks by seat from space-separated card names; unnamed seats hold nothing relevant."""
    out = [0, 0, 0, 0]
    for seat, cards in by_seat.items():
        out[Seat.of(seat)] = mask_of(parse_card(c) for c in cards.split())
    return out


HONOURS = [
    # All five trump honours in one hand: 150.
    (hands(N="AS KS QS JS TS 2H"), Strain.SPADES, (150, 0)),
    # Any four of the five in one hand: 100, whichever four.
    (hands(E="AH KH QH JH 9H", W="TH"), Strain.HEARTS, (0, 100)),
    (hands(S="KD QD JD TD", N="AD"), Strain.DIAMONDS, (100, 0)),
    (hands(W="AC QC JC TC", E="KC"), Strain.CLUBS, (0, 100)),
    # Three in one hand, or honours split: nothing.
    (hands(N="AS KS QS", S="JS TS"), Strain.SPADES, (0, 0)),
    # Honours in a suit that is not trumps: nothing.
    (hands(N="AS KS QS JS TS"), Strain.HEARTS, (0, 0)),
    # Four aces in one hand at no-trump: 150; split aces nothing; at a suit contract aces alone nothing.
    (hands(W="AS AH AD AC"), Strain.NOTRUMP, (0, 150)),
    (hands(N="AS AH AD", S="AC"), Strain.NOTRUMP, (0, 0)),
    (hands(N="AS AH AD AC"), Strain.CLUBS, (0, 0)),
    # Five trump honours at no-trump are no honours there.
    (hands(N="AS KS QS JS TS"), Strain.NOTRUMP, (0, 0)),
]


@pytest.mark.parametrize(("masks", "strain", "expected"), HONOURS)
@pytest.mark.parametrize("rules", [SEED, LAWS], ids=["seed", "laws"])
def test_honours_points(masks, strain, expected, rules):
    assert honours_points(masks, strain, rules) == expected


def test_honours_values_are_options():
    rules = resolve_ruleset(
        {"preset": "seed", "honours_four": 40, "honours_five": 60, "four_aces_notrump": 70}
    )
    assert honours_points(hands(N="AS KS QS JS"), Strain.SPADES, rules) == (40, 0)
    assert honours_points(hands(E="AS KS QS JS TS"), Strain.SPADES, rules) == (0, 60)
    assert honours_points(hands(S="AS AH AD AC"), Strain.NOTRUMP, rules) == (70, 0)


@given(st.permutations(range(52)))
def test_honours_of_a_full_deal_match_a_count_by_name(order):
    dealt = [order[i * 13 : i * 13 + 13] for i in range(4)]
    masks = [mask_of(cards) for cards in dealt]
    names = [{card_name(c) for c in cards} for cards in dealt]
    for strain in Strain:
        expected = [0, 0]
        for seat in Seat:
            if strain is Strain.NOTRUMP:
                held = sum(f"A{s}" in names[seat] for s in "SHDC")
                expected[seat.side] += 150 if held == 4 else 0
            else:
                suit = "CDHS"[strain]
                held = sum(f"{r}{suit}" in names[seat] for r in "AKQJT")
                expected[seat.side] += {5: 150, 4: 100}.get(held, 0)
        assert honours_points(masks, strain, LAWS) == tuple(expected)
        # Only one hand can hold four of the five honours, or the four aces.
        assert 0 in expected


# The ruleset.


def test_seed_is_echoed_in_full():
    assert resolve_ruleset("seed").as_dict() == {
        "preset": "seed",
        "trick_minor": 20,
        "trick_major": 30,
        "trick_notrump_first": 40,
        "trick_notrump_next": 30,
        "doubled_multiplier": 2,
        "redoubled_multiplier": 2,
        "overtrick_doubled_nv": 100,
        "overtrick_doubled_vul": 200,
        "undertricks_nv": [50, 50, 50],
        "undertricks_vul": [100, 100, 100],
        "undertricks_doubled_nv": [100, 200, 200],
        "undertricks_doubled_vul": [200, 300, 300],
        "insult_doubled": 50,
        "insult_redoubled": 100,
        "small_slam_nv": 500,
        "small_slam_vul": 700,
        "grand_slam_nv": 750,
        "grand_slam_vul": 1500,
        "honours_four": 100,
        "honours_five": 150,
        "four_aces_notrump": 150,
        "game_threshold": 100,
        "game_bonus": 0,  # the 100s "за выигрыш … партии" are the points that make each game
        "game_bonus_line": "below",
        "rubber_bonus_two_games": 700,
        "rubber_bonus_three_games": 500,
        "unfinished_game": 300,
        "unfinished_partscore": 100,
        "law64": False,
        "whists_rounding": "half_up",
    }


def test_laws_differ_from_seed_exactly_where_documented():
    laws = resolve_ruleset("laws").as_dict()
    seed = resolve_ruleset("seed").as_dict()
    assert {k: (seed[k], v) for k, v in laws.items() if seed[k] != v} == {
        "preset": ("seed", "laws"),
        "undertricks_doubled_nv": ([100, 200, 200], [100, 200, 300]),
        "small_slam_vul": (700, 750),
        "grand_slam_nv": (750, 1000),
        "law64": (False, True),
        "whists_rounding": ("half_up", "half_down"),
    }


def test_the_seeds_other_reading_differs_from_it_by_the_game_bonus_only():
    # «100 – за выигрыш первой партии; 100 – за выигрыш второй партии» read as 100 more for
    # each game won: the option docs/bridge.md gives for it.
    other = resolve_ruleset({"preset": "seed", "game_bonus": 100})
    seed = resolve_ruleset("seed").as_dict()
    assert {k: (seed[k], v) for k, v in other.as_dict().items() if seed[k] != v} == {"game_bonus": (0, 100)}
    assert other.preset == "seed"
    assert other.overrides() == {"game_bonus": 100}
    assert resolve_ruleset("laws").game_bonus == 0


def test_options_and_class_fields_agree():
    assert tuple(Ruleset.__dataclass_fields__)[1:] == OPTIONS
    for preset in PRESETS.values():
        assert set(preset) == set(OPTIONS)


def test_default_and_object_forms():
    assert resolve_ruleset() == SEED
    assert resolve_ruleset(None) == SEED
    assert resolve_ruleset({}) == SEED
    assert resolve_ruleset({"preset": "laws"}) == LAWS
    custom = resolve_ruleset({"preset": "laws", "undertricks_doubled_nv": [100, 200, 200], "law64": False})
    assert custom.undertricks_doubled_nv == (100, 200, 200)
    assert custom.overrides() == {"undertricks_doubled_nv": [100, 200, 200], "law64": False}
    assert LAWS.overrides() == {}


@pytest.mark.parametrize(
    ("value", "path", "message"),
    [
        ("rubber", "ruleset", "unknown preset 'rubber'"),
        (7, "ruleset", "must be a preset name or an object"),
        ({"preset": 1}, "ruleset.preset", "must be a preset name"),
        ({"preset": "duplicate"}, "ruleset.preset", "unknown preset 'duplicate'"),
        ({"slam": 1}, "ruleset.slam", "unknown ruleset option 'slam'"),
        ({"trick_major": "30"}, "ruleset.trick_major", "must be a whole number, not the text '30'"),
        ({"trick_major": True}, "ruleset.trick_major", "must be a whole number, not true"),
        ({"small_slam_nv": -1}, "ruleset.small_slam_nv", "must be at least 0"),
        ({"game_threshold": 0}, "ruleset.game_threshold", "must be at least 1"),
        ({"redoubled_multiplier": 0}, "ruleset.redoubled_multiplier", "must be at least 1"),
        ({"undertricks_nv": [50, 50]}, "ruleset.undertricks_nv", "a list of three points"),
        ({"undertricks_nv": 50}, "ruleset.undertricks_nv", "a list of three points"),
        ({"undertricks_vul": [100, "x", 100]}, "ruleset.undertricks_vul[1]", "must be a whole number"),
        ({"law64": 1}, "ruleset.law64", "must be true or false"),
        (
            {"whists_rounding": "up"},
            "ruleset.whists_rounding",
            "must be one of half_up, half_down, half_even",
        ),
        ({"game_bonus_line": "middle"}, "ruleset.game_bonus_line", "must be one of above, below"),
    ],
)
def test_bad_rulesets_name_the_option(value, path, message):
    with pytest.raises(MalformedDocument) as caught:
        resolve_ruleset(value)
    assert caught.value.path == path
    assert message in caught.value.message


def test_every_points_option_changes_the_score():
    def pts(text: str, result: int, vul: bool, **options: object) -> list[tuple[str, str, str, int]]:
        return entries(text, result, vul, resolve_ruleset({"preset": "seed", **options}))

    assert pts("2C", 0, False, trick_minor=25) == made(50)
    assert pts("2S", 0, False, trick_major=35) == made(70)
    assert pts("2NT", 1, False, trick_notrump_first=50, trick_notrump_next=35) == made(85, ("overtricks", 35))
    assert pts("1HX", 0, False, doubled_multiplier=3) == made(90, ("insult", 50))
    assert pts("1HXX", 1, False, redoubled_multiplier=3) == made(180, ("overtricks", 300), ("insult", 100))
    assert pts("1HX", 1, False, overtrick_doubled_nv=150) == made(60, ("overtricks", 150), ("insult", 50))
    assert pts("1HX", 1, True, overtrick_doubled_vul=250) == made(60, ("overtricks", 250), ("insult", 50))
    assert pts("1H", -4, False, undertricks_nv=[10, 20, 30]) == down(80)
    assert pts("1H", -4, True, undertricks_vul=[10, 20, 40]) == down(90)
    assert pts("1HX", -4, False, undertricks_doubled_nv=[1, 2, 3]) == down(8)
    assert pts("1HX", -5, True, undertricks_doubled_vul=[1, 2, 3]) == down(11)
    assert pts("1HX", 0, False, insult_doubled=0) == made(60)
    assert pts("1HXX", 0, False, insult_redoubled=100) == made(120, ("insult", 100))
    assert pts("6H", 0, False, small_slam_nv=1) == made(180, ("slam", 1))
    assert pts("6H", 0, True, small_slam_vul=2) == made(180, ("slam", 2))
    assert pts("7H", 0, False, grand_slam_nv=3) == made(210, ("slam", 3))
    assert pts("7H", 0, True, grand_slam_vul=4) == made(210, ("slam", 4))
