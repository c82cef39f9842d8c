"""What each deal writes on the pulka, per convention, and how a full pool closes.

Every expected entry is worked out by hand from the convention's values
(rules/preferans/ruleset.py, docs/preferans.md); the comment beside it says how.
Seats: 0, 1, 2 (and 3 at four); ``Entry(seat, kind, points, on)``.
"""

from __future__ import annotations

import pytest

from rules.preferans.core import Contract, Strain
from rules.preferans.pulka import Entry, Pulka, score_game, score_passout
from rules.preferans.ruleset import resolve_ruleset

SOCHI = resolve_ruleset("sochi", 3)
LENINGRAD = resolve_ruleset("leningrad", 3)
ROSTOV = resolve_ruleset("rostov", 3)
W, P, H = "whist", "pass", "half"


def game(level: int, strain: Strain = Strain.SPADES) -> Contract:
    return Contract.game(level, strain)


def as_set(entries: list[Entry]) -> set[tuple[int, str, int, int | None]]:
    return {(e.seat, e.kind, e.points, e.on) for e in entries}


# --- games ---------------------------------------------------------------------------------


def test_sochi_six_made_two_whisters_meet_the_quota() -> None:
    # 6♠ by 0, both whist, tricks 6-2-2: pool 2; each whister 2 tricks × 2 = 4 on 0; 4 ≥ quota 4.
    entries = score_game(game(6), 0, [6, 2, 2], [(1, W), (2, W)], 1, SOCHI)
    assert entries == [Entry(0, "pool", 2), Entry(1, "whist", 4, 0), Entry(2, "whist", 4, 0)]


def test_sochi_two_whisters_short_answer_each_for_his_half() -> None:
    # 6♠ made with 7; whisters took 2 and 1 (3 < 4): the second is one short of his 2 → 1 × 2 in the mountain.
    entries = score_game(game(6), 0, [7, 2, 1], [(1, W), (2, W)], 1, SOCHI)
    assert as_set(entries) == {
        (0, "pool", 2, None),
        (1, "whist", 4, 0),
        (2, "whist", 2, 0),
        (2, "mountain", 2, None),
    }
    # Kodex example: whisters 1 and 0 of 4 — "первый без одной, второй без двух".
    entries = score_game(game(6), 0, [9, 1, 0], [(1, W), (2, W)], 1, SOCHI)
    assert as_set(entries) == {
        (0, "pool", 2, None),
        (1, "whist", 2, 0),
        (1, "mountain", 2, None),
        (2, "mountain", 4, None),
    }


def test_sochi_seven_down_two_lone_whister_takes_all_and_both_console() -> None:
    # 7♦ by 1 takes 5: mountain 2 × 4 = 8; consolation 2 × 4 = 8 from each defender;
    # жлобский вист: the whister 2 writes all 5 defence tricks × 4 = 20.
    entries = score_game(game(7, Strain.DIAMONDS), 1, [2, 5, 3], [(2, W), (0, P)], 1, SOCHI)
    assert as_set(entries) == {
        (1, "mountain", 8, None),
        (2, "whist", 8, 1),
        (0, "whist", 8, 1),
        (2, "whist", 20, 1),
    }


def test_leningrad_seven_down_two_doubles_and_shares_with_the_passer() -> None:
    # Same deal in Leningrad: mountain 2 × 8 = 16; consolation 2 × 8 = 16 each;
    # джентльменский вист: 5 × 8 = 40 split 20 / 20 between whister and passer.
    entries = score_game(game(7, Strain.DIAMONDS), 1, [2, 5, 3], [(2, W), (0, P)], 1, LENINGRAD)
    assert as_set(entries) == {
        (1, "mountain", 16, None),
        (2, "whist", 16, 1),
        (0, "whist", 16, 1),
        (2, "whist", 20, 1),
        (0, "whist", 20, 1),
    }


def test_gentleman_split_only_when_the_declarer_goes_down() -> None:
    # Leningrad 6♠ made with 7: the lone whister keeps all 3 × 4 = 12; 3 < 4 → 1 × 2 (half-responsible).
    entries = score_game(game(6), 0, [7, 2, 1], [(1, W), (2, P)], 1, LENINGRAD)
    assert as_set(entries) == {(0, "pool", 2, None), (1, "whist", 12, 0), (1, "mountain", 2, None)}


def test_rostov_lone_whister_short_pays_half() -> None:
    # 6♠ made with 8, the whister 1 with the passer took 2: 2 × 2 = 4 whists; 2 short × 1 = 2 mountain.
    entries = score_game(game(6), 0, [8, 1, 1], [(1, W), (2, P)], 1, ROSTOV)
    assert as_set(entries) == {(0, "pool", 2, None), (1, "whist", 4, 0), (1, "mountain", 2, None)}
    # Sochi, the same deal: responsible — 2 short × 2 = 4.
    entries = score_game(game(6), 0, [8, 1, 1], [(1, W), (2, P)], 1, SOCHI)
    assert as_set(entries) == {(0, "pool", 2, None), (1, "whist", 4, 0), (1, "mountain", 4, None)}


def test_quota_of_one_the_second_whister_or_both() -> None:
    # 8NT made with 10, both whist, no trick: Sochi — the one who whisted second (2) answers: 6;
    # Leningrad — both answer, 6 each (half of 12).
    entries = score_game(game(8, Strain.NOTRUMP), 0, [10, 0, 0], [(1, W), (2, W)], 1, SOCHI)
    assert as_set(entries) == {(0, "pool", 6, None), (2, "mountain", 6, None)}
    entries = score_game(game(8, Strain.NOTRUMP), 0, [10, 0, 0], [(2, W), (1, W)], 1, SOCHI)
    assert as_set(entries) == {(0, "pool", 6, None), (1, "mountain", 6, None)}
    entries = score_game(game(8, Strain.NOTRUMP), 0, [10, 0, 0], [(1, W), (2, W)], 1, LENINGRAD)
    assert as_set(entries) == {(0, "pool", 6, None), (1, "mountain", 6, None), (2, "mountain", 6, None)}


def test_ten_has_no_quota_by_default_and_one_when_agreed() -> None:
    entries = score_game(game(10, Strain.HEARTS), 0, [10, 0, 0], [(1, W), (2, P)], 1, SOCHI)
    assert entries == [Entry(0, "pool", 10)]
    kodex = resolve_ruleset({"quotas": [4, 2, 1, 1, 1]}, 3)
    entries = score_game(game(10, Strain.HEARTS), 0, [10, 0, 0], [(1, W), (2, P)], 1, kodex)
    assert entries == [Entry(0, "pool", 10), Entry(1, "mountain", 10)]


def test_both_pass_writes_the_game_as_played() -> None:
    assert score_game(game(9), 2, [0, 0, 0], [(0, P), (1, P)], 1, SOCHI) == [Entry(2, "pool", 8)]


def test_half_whist_on_six_and_seven() -> None:
    # Полвиста on 6: pool 2; the half-whister takes half the quota, 2 tricks × 2 = 4.
    assert score_game(game(6), 0, [0, 0, 0], [(1, P), (2, H)], 1, SOCHI) == [
        Entry(0, "pool", 2),
        Entry(2, "whist", 4, 0),
    ]
    # Leningrad 7: pool 4; 1 trick × 8 = 8.
    assert score_game(game(7), 0, [0, 0, 0], [(1, P), (2, H)], 1, LENINGRAD) == [
        Entry(0, "pool", 4),
        Entry(2, "whist", 8, 0),
    ]
    with pytest.raises(ValueError, match="no half-whist"):
        score_game(game(8), 0, [0, 0, 0], [(1, P), (2, H)], 1, SOCHI)
    with pytest.raises(ValueError, match="no half-whist"):
        score_game(game(6), 0, [0, 0, 0], [(1, P), (2, H)], 1, resolve_ruleset({"half_whist": False}, 3))
    with pytest.raises(ValueError, match="beside a pass"):
        score_game(game(6), 0, [6, 2, 2], [(1, W), (2, H)], 1, SOCHI)


def test_misere_made_and_caught() -> None:
    misere = Contract.misere_game()
    assert score_game(misere, 1, [5, 0, 5], [(2, P), (0, P)], 1, SOCHI) == [Entry(1, "pool", 10)]
    # Caught with 2 tricks: 2 × 10 in Sochi, 2 × 20 in Leningrad; no whists.
    assert score_game(misere, 1, [4, 2, 4], [(2, P), (0, P)], 1, SOCHI) == [Entry(1, "mountain", 20)]
    assert score_game(misere, 1, [4, 2, 4], [(2, P), (0, P)], 1, LENINGRAD) == [Entry(1, "mountain", 40)]
    kodex = resolve_ruleset({"misere_consolation": True}, 3)
    assert as_set(score_game(misere, 1, [4, 2, 4], [(2, P), (0, P)], 1, kodex)) == {
        (1, "mountain", 20, None),
        (2, "whist", 20, 1),
        (0, "whist", 20, 1),
    }


def test_the_multiplier_multiplies_every_entry() -> None:
    # Dark ×2 on a bomb ×2: 8♠ made with 8, whisters 1 and 1: pool 6 × 4 = 24; whists 1 × 6 × 4 = 24 each.
    entries = score_game(game(8), 0, [8, 1, 1], [(1, W), (2, W)], 4, SOCHI)
    assert entries == [Entry(0, "pool", 24), Entry(1, "whist", 24, 0), Entry(2, "whist", 24, 0)]
    # Lesnoy: "на двойной бомбе сказал раз втёмную и сыграл восьмерную … Он пишет в пулю 48.
    # За каждую взятку вистующие пишут также по 48" — the same ×8 on 6.
    entries = score_game(game(8), 0, [8, 2, 0], [(1, W), (2, W)], 8, SOCHI)
    assert entries[:2] == [Entry(0, "pool", 48), Entry(1, "whist", 96, 0)]


def test_four_players_the_dealer_also_consoles() -> None:
    # 6♣ by 1 at four (dealer 0 sits out), takes 5: mountain 2; consolation 2 from 2, 3 and the dealer 0.
    entries = score_game(game(6, Strain.CLUBS), 1, [0, 5, 3, 2], [(2, W), (3, W)], 1, SOCHI)
    assert as_set(entries) == {
        (1, "mountain", 2, None),
        (2, "whist", 2, 1),
        (3, "whist", 2, 1),
        (0, "whist", 2, 1),
        (2, "whist", 6, 1),
        (3, "whist", 4, 1),
    }
    no_dealer = resolve_ruleset({"consolation_dealer": False}, 4)
    entries = score_game(game(6, Strain.CLUBS), 1, [0, 5, 3, 2], [(2, W), (3, W)], 1, no_dealer)
    assert (0, "whist", 2, 1) not in as_set(entries)


@pytest.mark.parametrize(
    ("tricks", "whists", "words"),
    [
        ([6, 2], [(1, W), (2, W)], "three or four"),
        ([6, 2, 2], [(1, W)], "two defenders"),
        ([6, 2, 2], [(0, W), (2, W)], "two defenders"),
        ([6, 2, 2], [(1, "vist"), (2, W)], "unknown whist decision"),
        ([6, 2, 2], [(1, W), (5, W)], "no seat"),
    ],
)
def test_impossible_games_are_refused(tricks: list[int], whists: list[tuple[int, str]], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        score_game(game(6), 0, tricks, whists, 1, SOCHI)
    with pytest.raises(ValueError, match="at least 1"):
        score_game(game(6), 0, [6, 2, 2], [(1, W), (2, W)], 0, SOCHI)


# --- pass-outs -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("series", "steps"),
    [("1-1-1", (1, 1, 1, 1)), ("1-2-3", (1, 2, 3, 3)), ("1-2-2", (1, 2, 2, 2))],
)
def test_pass_outs_with_each_price_series(series: str, steps: tuple[int, ...]) -> None:
    rules = resolve_ruleset({"passout_series": series}, 3)
    for round_number, step in enumerate(steps, start=1):
        # Tricks 0-4-6: seat 0 writes the price of a trick (1 × step) in the pool; 4 and 6 tricks × step to the mountain.
        entries = score_passout([0, 4, 6], round_number, 1, rules)
        assert entries == [
            Entry(0, "pool", step),
            Entry(1, "mountain", 4 * step),
            Entry(2, "mountain", 6 * step),
        ]


def test_leningrad_pass_outs_cost_two_four_six() -> None:
    # Tricks 1-3-6 on the third pass-out: 6 per trick → 6, 18, 36.
    assert score_passout([1, 3, 6], 3, 1, LENINGRAD) == [
        Entry(0, "mountain", 6),
        Entry(1, "mountain", 18),
        Entry(2, "mountain", 36),
    ]


def test_dark_pass_outs_double_the_penalties_not_the_premium() -> None:
    # Seed: "все штрафные очки за взятки удваиваются для всех игроков"; ×2 on the first: 1 × 2 per trick.
    assert score_passout([0, 4, 6], 1, 2, SOCHI) == [
        Entry(0, "pool", 1),
        Entry(1, "mountain", 8),
        Entry(2, "mountain", 12),
    ]


def test_rostov_pass_outs_the_fewest_write_whists() -> None:
    # Tricks 1-3-6: seat 0 took fewest and writes 5 per trick: 15 on 1, 30 on 2.
    assert score_passout([1, 3, 6], 1, 1, ROSTOV) == [Entry(0, "whist", 15, 1), Entry(0, "whist", 30, 2)]
    # 0-3-7: the zero also writes 1 in the pool.
    assert score_passout([0, 3, 7], 2, 1, ROSTOV) == [
        Entry(0, "pool", 1),
        Entry(0, "whist", 15, 1),
        Entry(0, "whist", 35, 2),
    ]
    # 3-3-4: the two fewest share the 4 × 5 = 20 whists on seat 2.
    assert score_passout([3, 3, 4], 1, 1, ROSTOV) == [Entry(0, "whist", 10, 2), Entry(1, "whist", 10, 2)]


def test_pass_out_at_four_skips_the_dealer() -> None:
    entries = score_passout([2, 0, 3, 5], 1, 1, SOCHI, dealer=1)
    assert entries == [Entry(0, "mountain", 2), Entry(2, "mountain", 3), Entry(3, "mountain", 5)]
    with pytest.raises(ValueError, match="name the dealer"):
        score_passout([2, 0, 3, 5], 1, 1, SOCHI)
    with pytest.raises(ValueError, match="at least 1"):
        score_passout([2, 3, 5], 0, 1, SOCHI)


# --- the sheet and closing the pool --------------------------------------------------------


def test_record_writes_pool_mountain_and_whists() -> None:
    pulka = Pulka(3, SOCHI)
    written = pulka.record([Entry(0, "pool", 2), Entry(1, "whist", 4, 0), Entry(2, "mountain", 6)])
    assert written == [Entry(0, "pool", 2), Entry(1, "whist", 4, 0), Entry(2, "mountain", 6)]
    assert pulka.pool == [2, 0, 0]
    assert pulka.mountain == [0, 0, 6]
    assert pulka.whists == [[0, 0, 0], [4, 0, 0], [0, 0, 0]]
    assert not pulka.closed


def test_sochi_overflow_helps_the_next_pool_clockwise() -> None:
    rules = resolve_ruleset({"pool": 4}, 3)
    pulka = Pulka(3, rules)
    pulka.record([Entry(0, "pool", 3), Entry(2, "pool", 1)])
    # Seat 0 plays an 8 (6 points): 1 closes his pool; 5 over: seat 1 (left) needs 4 → 40 whists;
    # seat 2 needs 3 → gets the last 1 → 10 whists.
    written = pulka.record([Entry(0, "pool", 6)])
    assert written == [
        Entry(0, "pool", 1),
        Entry(1, "pool", 4),
        Entry(0, "whist", 40, 1),
        Entry(2, "pool", 1),
        Entry(0, "whist", 10, 2),
    ]
    assert pulka.pool == [4, 4, 2]


def test_rostov_overflow_helps_the_pool_nearest_to_closing() -> None:
    rules = resolve_ruleset({"preset": "rostov", "pool": 4}, 3)
    pulka = Pulka(3, rules)
    pulka.record([Entry(0, "pool", 3), Entry(1, "pool", 1), Entry(2, "pool", 3)])
    # Seat 0 takes 4: 1 closes his; 3 over: seat 2 (3 of 4) first gets 1, then seat 1 gets 2.
    written = pulka.record([Entry(0, "pool", 4)])
    assert written == [
        Entry(0, "pool", 1),
        Entry(2, "pool", 1),
        Entry(0, "whist", 10, 2),
        Entry(1, "pool", 2),
        Entry(0, "whist", 20, 1),
    ]


def test_leningrad_help_costs_twenty_and_a_write_off_two_mountain_points() -> None:
    rules = resolve_ruleset({"preset": "leningrad", "pool": 4}, 3)
    pulka = Pulka(3, rules)
    pulka.record([Entry(0, "pool", 2), Entry(1, "pool", 4), Entry(2, "pool", 4)])
    # Seat 1's pool is closed and so is seat 2's: his 6 help seat 0 (needs 2) → 2 × 20 = 40 whists;
    # the 4 left, every pool closed, are written off seat 1's mountain as 4 × 2 = 8.
    written = pulka.record([Entry(1, "pool", 6)])
    assert written == [Entry(0, "pool", 2), Entry(1, "whist", 40, 0), Entry(1, "mountain", -8)]
    assert pulka.mountain == [0, -8, 0]
    assert pulka.closed


def test_closed_when_the_pools_sum_to_players_times_target() -> None:
    rules = resolve_ruleset({"pool": 2}, 4)
    pulka = Pulka(4, rules)
    pulka.record([Entry(0, "pool", 2), Entry(1, "pool", 2), Entry(2, "pool", 2)])
    assert not pulka.closed
    pulka.record([Entry(3, "pool", 10)])
    assert pulka.closed
    assert sum(pulka.pool) == 4 * 2
    assert pulka.mountain[3] == -8


def test_bombs_are_drawn_and_extinguished() -> None:
    pulka = Pulka(3, SOCHI)
    pulka.draw_bomb(1, 1)
    pulka.draw_bomb(1, 3)
    assert pulka.bombs == [[], [1, 3], []]
    assert pulka.extinguish_bomb(1) == 1
    assert pulka.extinguish_bomb(0) is None
    assert pulka.as_dict()["bombs"] == [[], [3], []]
    with pytest.raises(ValueError, match="rank 1, 2 or 3"):
        pulka.draw_bomb(0, 4)


@pytest.mark.parametrize(
    ("entry", "words"),
    [
        (Entry(3, "pool", 2), "no seat"),
        (Entry(0, "gora", 2), "unknown entry kind"),
        (Entry(0, "whist", 2), "on another seat"),
        (Entry(0, "whist", 2, 0), "on another seat"),
        (Entry(0, "whist", -2, 1), "never negative"),
        (Entry(0, "pool", -1), "never negative"),
        (Entry(0, "mountain", 2, 1), "on nobody"),
    ],
)
def test_record_refuses_impossible_entries(entry: Entry, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Pulka(3, SOCHI).record([entry])


def test_a_pulka_is_for_three_or_four() -> None:
    with pytest.raises(ValueError, match="three or four"):
        Pulka(2, SOCHI)
    assert Entry(1, "whist", 4, 0).as_dict() == {"seat": 1, "kind": "whist", "points": 4, "on": 0}
    assert Entry(1, "pool", 4).as_dict() == {"seat": 1, "kind": "pool", "points": 4}
