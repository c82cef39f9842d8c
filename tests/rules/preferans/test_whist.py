"""Whist decisions: both pass, one whists (open or closed), both whist, the half-whist,
dark sixes (both must whist), misère (no whisting)."""

from __future__ import annotations

from rules.preferans.auction import AuctionOptions
from rules.preferans.codes import Findings
from rules.preferans.core import Contract, read_contract
from rules.preferans.document import WhistDecision
from rules.preferans.whist import QUOTA, WhistOptions, defenders_of, game_is_dark, whist_decisions
from tests.rules.preferans.test_auction import c, run

PLAYERS = ("Anna", "Boris", "Vera")
DEF = (2, 0)  # declarer seat 1: the defenders speak from his left


def k(text: str) -> Contract:
    contract = read_contract(text)
    assert contract is not None
    return contract


def w(seat: int, word: str) -> WhistDecision:
    return WhistDecision(seat, word)  # type: ignore[arg-type]


def decide(contract: str, words, *, dark=False, options=None, open_play=None):  # type: ignore[no-untyped-def]
    f = Findings(PLAYERS)
    result = whist_decisions(k(contract), dark, words, DEF, options or WhistOptions(), f, 1, open_play)
    return result, f


def test_defenders_speak_from_the_declarers_left() -> None:
    assert defenders_of(1, 3, 0) == (2, 0)
    assert defenders_of(0, 4, 1) == (2, 3)
    assert QUOTA[6] == 4
    assert QUOTA[7] == 2
    assert QUOTA[8] == QUOTA[9] == 1
    assert QUOTA[10] == 0


def test_both_whist_closed() -> None:
    result, f = decide("6S", [w(2, "whist"), w(0, "whist")], open_play=False)
    assert f.codes() == []
    assert result.whisters == (2, 0)
    assert result.played
    assert not result.open


def test_both_pass_the_game_is_written_without_play() -> None:
    result, f = decide("7H", [w(2, "pass"), w(0, "pass")])
    assert f.codes() == []
    assert result.whisters == ()
    assert not result.played


def test_one_whists_and_may_play_open() -> None:
    result, f = decide("7H", [w(2, "pass"), w(0, "whist")], open_play=True)
    assert f.codes() == []
    assert result.whisters == (0,)
    assert result.passers == (2,)
    assert result.open
    _, f = decide(
        "7H", [w(2, "pass"), w(0, "whist")], open_play=True, options=WhistOptions(one_whister_open="closed")
    )
    assert f.codes() == ["OPEN_WRONG"]


def test_two_whisters_play_closed() -> None:
    _, f = decide("6S", [w(2, "whist"), w(0, "whist")], open_play=True)
    assert f.codes() == ["OPEN_WRONG"]


def test_half_whist_on_a_six_after_a_pass() -> None:
    result, f = decide("6D", [w(2, "pass"), w(0, "half")])
    assert f.codes() == []
    assert result.half == 0
    assert not result.played
    assert result.passers == (2,)


def test_first_defender_answers_a_half_whist_with_a_whist() -> None:
    result, f = decide("6D", [w(2, "pass"), w(0, "half"), w(2, "whist")])
    assert f.codes() == []
    assert result.half is None
    assert result.whisters == (2,)
    assert result.passers == (0,)


def test_half_whist_not_on_a_seven_nor_first() -> None:
    _, f = decide("7D", [w(2, "pass"), w(0, "half")])
    assert f.codes() == ["HALF_WHIST_WRONG"]
    _, f = decide("6D", [w(2, "half"), w(0, "pass")])
    assert f.codes() == ["HALF_WHIST_WRONG"]
    _, f = decide("6D", [w(2, "whist"), w(0, "half")])
    assert f.codes() == ["HALF_WHIST_WRONG"]
    _, f = decide("6D", [w(2, "pass"), w(0, "half")], options=WhistOptions(half_whist_levels=()))
    assert f.codes() == ["HALF_WHIST_WRONG"]


def test_decisions_in_order_and_complete() -> None:
    _, f = decide("6S", [w(0, "whist"), w(2, "whist")])
    assert f.codes() == ["WHIST_OUT_OF_TURN", "WHIST_OUT_OF_TURN"]
    _, f = decide("6S", [w(2, "whist")])
    assert f.codes() == ["WHIST_MISSING"]
    assert f[0].seat == 0
    _, f = decide("6S", [w(1, "whist"), w(2, "whist"), w(0, "pass")])
    assert f.codes() == ["WHIST_OUT_OF_TURN"]


def test_dark_six_both_must_whist_closed() -> None:
    """ "все шестирйки и семь пик (на раз в темную) играются только в темную и вистовать
    обязаны оба партнера"."""
    auction, _ = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")], AuctionOptions())
    assert game_is_dark(auction, k("6H"))
    assert not game_is_dark(auction, k("7C"))
    result, f = decide("6H", [w(2, "whist"), w(0, "pass")], dark=True)
    assert f.codes() == ["WHIST_REQUIRED"]
    assert f[0].seat == 0
    assert result.whisters == (2, 0)
    _, f = decide("6H", [w(2, "pass"), w(0, "half")], dark=True)
    assert f.codes() == ["HALF_WHIST_WRONG", "WHIST_REQUIRED", "WHIST_REQUIRED"]
    _, f = decide("7S", [w(2, "whist"), w(0, "whist")], dark=True, open_play=True)
    assert f.codes() == ["OPEN_WRONG"]


def test_other_games_after_raz_dark_may_be_passed() -> None:
    """ "На остальных играх, в том числе и на мизере, можно играть лежа и пасовать"."""
    result, f = decide("7C", [w(2, "pass"), w(0, "whist")], open_play=True)
    assert f.codes() == []
    assert result.open


def test_misere_no_whisting() -> None:
    result, f = decide("misere", [], open_play=True)
    assert f.codes() == []
    assert result.whisters == DEF
    assert result.open
    _, f = decide("misere", [w(2, "whist"), w(0, "pass")])
    assert f.codes() == ["MISERE_RULE"]


def test_dark_misere_caught_standing() -> None:
    """ "При объявлении МИЗЕР В ТЕМНУЮ — играется мизер и только стоя"."""
    auction, _ = run([c(1, "misere", dark=True), c(2, "pass"), c(0, "pass")], AuctionOptions())
    assert game_is_dark(auction, k("misere"))
    result, f = decide("misere", [], dark=True, open_play=True)
    assert f.codes() == ["OPEN_WRONG"]
    assert not result.open
    raz, _ = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")], AuctionOptions())
    assert not game_is_dark(raz, k("misere"))
