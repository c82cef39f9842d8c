"""The dark games of seed 002, each rule and each overcall as its own test (dealer seat 0,
so seat 1 calls first)."""

from __future__ import annotations

from rules.preferans.auction import AuctionOptions, check_contract
from rules.preferans.core import read_contract
from tests.rules.preferans.test_auction import c, run


def contract(text: str):  # type: ignore[no-untyped-def]
    k = read_contract(text)
    assert k is not None
    return k


# -- РАЗ В ТЕМНУЮ ---------------------------------------------------------------------


def test_raz_dark_wins_doubled() -> None:
    """ "проиграв или выиграв он платит или получает двойные очки"."""
    result, f = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")])
    assert f.codes() == []
    assert result.declarer == 1
    assert result.dark
    assert result.dark_level == 1
    assert result.multiplier(contract("6S")) == 2
    assert result.multiplier(contract("8H")) == 2


def test_raz_dark_allows_any_game_including_misere() -> None:
    """ "Объявивший РАЗ В ТЕМНУЮ может играть любую игру, включая мизер"."""
    result, f = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")])
    for text in ("6S", "6NT", "7S", "9H", "misere"):
        check_contract(result, contract(text), f)
    assert f.codes() == []


def test_raz_dark_sixes_and_seven_spades_only_dark() -> None:
    """ "все шестирйки и семь пик (на раз в темную) играются только в темную"."""
    result, _ = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")])
    assert [result.only_dark(contract(t)) for t in ("6S", "6NT", "7S", "7C", "misere")] == [
        True,
        True,
        True,
        False,
        False,
    ]
    assert result.multiplier(contract("7C")) == 2
    ranged = AuctionOptions(dark_double="dark_range")
    result, _ = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")], ranged)
    assert result.multiplier(contract("7S")) == 2
    assert result.multiplier(contract("7C")) == 1


def test_raz_dark_overcalled_by_dva_dark() -> None:
    result, f = run([c(1, "dark-1"), c(2, "dark-2"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    assert result.dark_level == 2


def test_raz_dark_overcalled_by_light_seven_of_the_first_suit() -> None:
    """ "РАЗ В ТЕМНУЮ перебивается только ДВА В ТЕМНУЮ или СЕМЬ ПЕРВЫХ в светлую"."""
    result, f = run([c(1, "dark-1"), c(2, "7S"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    assert not result.dark
    assert result.multiplier() == 1


def test_raz_dark_not_overcalled_by_a_light_six() -> None:
    _, f = run([c(1, "dark-1"), c(2, "6NT"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]
    assert f[0].seat == 2
    assert "РАЗ В ТЕМНУЮ" in f[0].message


# -- ДВА В ТЕМНУЮ ---------------------------------------------------------------------


def test_dva_dark_allows_all_games_but_six_spades() -> None:
    """ "Объявивший ДВА В ТЕМНУЮ может играть все игры, кроме шесть пик"."""
    result, f = run([c(1, "dark-2"), c(2, "pass"), c(0, "pass")])
    check_contract(result, contract("6C"), f)
    check_contract(result, contract("misere"), f)
    assert f.codes() == []
    check_contract(result, contract("6S"), f)
    assert f.codes() == ["DARK_NOT_ALLOWED"]


def test_dva_dark_sixes_and_sevens_of_spades_and_clubs_only_dark() -> None:
    """ "шестирики и семирики пик и треф играются только в темную"."""
    result, _ = run([c(1, "dark-2"), c(2, "pass"), c(0, "pass")])
    assert result.only_dark(contract("6C"))
    assert result.only_dark(contract("7S"))
    assert result.only_dark(contract("7C"))
    assert not result.only_dark(contract("7D"))


def test_dva_dark_overcalled_by_tri_or_light_seven_of_the_second_suit() -> None:
    """ "ДВА В ТЕМНУЮ перебивается только ТРИ В ТЕМНУЮ или СЕМЬ ВТОРЫХ в светлую"."""
    result, f = run([c(1, "dark-2"), c(2, "dark-3"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    assert result.dark_level == 3
    result, f = run([c(1, "dark-2"), c(2, "7C"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    assert not result.dark
    _, f = run([c(1, "dark-2"), c(2, "7S"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]
    _, f = run([c(1, "dark-2"), c(2, "dark-1"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]


# -- ТРИ В ТЕМНУЮ ---------------------------------------------------------------------


def test_tri_dark_extends_dark_games_to_seven_diamonds() -> None:
    """ "ТРИ В ТЕМНУЮ — продлевают темные игры до семи бубен"."""
    result, f = run([c(1, "dark-3"), c(2, "pass"), c(0, "pass")])
    assert f.codes() == []
    assert result.only_dark(contract("7D"))
    assert not result.only_dark(contract("7H"))
    check_contract(result, contract("6C"), f)
    assert f.codes() == ["DARK_NOT_ALLOWED"]


def test_tri_dark_overcalled_by_light_seven_diamonds() -> None:
    _, f = run([c(1, "dark-3"), c(2, "7D"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    _, f = run([c(1, "dark-3"), c(2, "7C"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]


def test_steps_reading_needs_the_steps_in_order() -> None:
    steps = AuctionOptions(dark_levels="steps")
    _, f = run([c(1, "dark-2"), c(2, "pass"), c(0, "pass")], steps)
    assert f.codes() == ["DARK_OVERCALL_WRONG"]
    _, f = run([c(1, "dark-1"), c(2, "dark-2"), c(0, "pass"), c(1, "pass")], steps)
    assert f.codes() == []
    _, f = run([c(1, "dark-2"), c(2, "pass"), c(0, "pass")])
    assert f.codes() == []


# -- the light seven overcall and looking ---------------------------------------------


def test_dark_player_continues_in_the_light_after_a_light_seven() -> None:
    """ "Если темную игру перебили светлой семирной, а затемнившийся игрок уже посмотрел свои
    карты, то он может продолжить торговлю в светлую, но уже без повышающих коэффициентов"."""
    result, f = run([c(1, "dark-1"), c(2, "7S"), c(0, "pass"), c(1, "7C"), c(2, "pass")])
    assert f.codes() == []
    assert result.declarer == 1
    assert not result.dark
    assert result.multiplier() == 1
    assert 1 in result.looked


def test_dark_player_may_not_go_light_after_a_dark_overcall() -> None:
    _, f = run([c(1, "dark-1"), c(2, "dark-2"), c(0, "pass"), c(1, "7C"), c(2, "pass")])
    assert f.codes() == ["DARK_NOT_ALLOWED"]
    assert f[0].seat == 1


def test_no_dark_declaration_after_looking() -> None:
    _, f = run([c(1, "dark-1", looked=True), c(2, "pass"), c(0, "pass")])
    assert f.codes() == ["DARK_NOT_ALLOWED"]
    _, f = run([c(1, "6S"), c(2, "6C"), c(0, "pass"), c(1, "dark-2"), c(2, "pass")])
    assert f.codes() == ["DARK_NOT_ALLOWED"]


def test_no_dark_games_at_a_light_table() -> None:
    _, f = run([c(1, "dark-1"), c(2, "pass"), c(0, "pass")], AuctionOptions(dark=False))
    assert f.codes() == ["DARK_NOT_ALLOWED"]


def test_a_dark_six_is_written_as_a_dark_level() -> None:
    _, f = run([c(1, "6S", dark=True), c(2, "pass"), c(0, "pass")])
    assert f.codes() == ["DARK_NOT_ALLOWED"]


# -- МИЗЕР В ТЕМНУЮ -------------------------------------------------------------------


def test_dark_misere_is_played_as_misere() -> None:
    """ "При объявлении МИЗЕР В ТЕМНУЮ — играется мизер … перезаказывать другие игры,
    посмотрев свои карты, уже нельзя"."""
    result, f = run([c(1, "misere", dark=True), c(2, "pass"), c(0, "pass")])
    assert f.codes() == []
    assert result.dark
    assert result.multiplier() == 2
    check_contract(result, contract("misere"), f)
    assert f.codes() == []
    check_contract(result, contract("10NT"), f)
    assert f.codes() == ["MISERE_RULE"]


def test_dark_misere_overcalled_only_by_a_dark_ten() -> None:
    """ "Темный мизер перебивается только темной десятирной"."""
    result, f = run([c(1, "misere", dark=True), c(2, "10S", dark=True), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    assert result.dark
    _, f = run([c(1, "misere", dark=True), c(2, "10NT"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]
    _, f = run([c(1, "misere", dark=True), c(2, "9NT", dark=True), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]


def test_dark_misere_caller_does_not_rebid() -> None:
    _, f = run([c(1, "misere", dark=True), c(2, "10S", dark=True), c(0, "pass"), c(1, "10NT"), c(2, "pass")])
    assert "MISERE_RULE" in f.codes()


# -- ПАС В ТЕМНУЮ ---------------------------------------------------------------------


def test_first_dark_passout_doubles_and_draws_bombs() -> None:
    """All pass in the dark: "бомба" for each, and the dealer too; penalties ×2."""
    result, f = run([c(1, "pass", dark=True), c(2, "pass", dark=True), c(0, "pass", dark=True)])
    assert f.codes() == []
    assert result.passed_out
    assert result.dark_passout == 1
    assert result.passout_multiplier == 2
    assert result.bombs == ((0, 1), (1, 1), (2, 1))


def test_second_and_third_dark_passouts() -> None:
    """ "на вторых вчетверо и на третьих в восемь раз"; double bomb, ёлка."""
    calls = [c(1, "pass", dark=True), c(2, "pass", dark=True), c(0, "pass", dark=True)]
    second, _ = run(calls, AuctionOptions(dark_passouts=1))
    assert second.passout_multiplier == 4
    assert second.bombs == ((0, 2), (1, 2), (2, 2))
    third, _ = run(calls, AuctionOptions(dark_passouts=2))
    assert third.passout_multiplier == 8
    assert third.bombs == ((0, 3), (1, 3), (2, 3))
    _, f = run(calls, AuctionOptions(dark_passouts=3))
    assert f.codes() == ["DARK_NOT_ALLOWED"]


def test_a_looker_and_the_dealer_get_a_bomb_one_rank_lower() -> None:
    """ "Если хотя бы один игрок, прежде чем объявить ПАС, посмотрел карты, то ему и сдающему
    бомбы идут на ранг ниже"."""
    calls = [c(1, "pass", dark=True), c(2, "pass", looked=True), c(0, "pass", dark=True)]
    first, f = run(calls)
    assert f.codes() == []
    assert first.bombs == ((1, 1),)
    second, _ = run(calls, AuctionOptions(dark_passouts=1))
    assert second.bombs == ((0, 1), (1, 2), (2, 1))


def test_dealer_sitting_out_gets_the_bomb_too() -> None:
    calls = [c(2, "pass", dark=True), c(3, "pass", dark=True), c(0, "pass", dark=True)]
    result, f = run(calls, dealer=1, n=4)
    assert f.codes() == []
    assert result.bombs == ((0, 1), (1, 1), (2, 1), (3, 1))


def test_first_dark_pass_overcalled_by_raz_dark_or_a_light_seven() -> None:
    """ "Игра ПАС В ТЕМНУЮ на первом роббере перебивается игрой РАЗ В ТЕМНУЮ или семириком в
    светлую"."""
    result, f = run([c(1, "pass", dark=True), c(2, "dark-1"), c(0, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    assert result.dark_passout == 0
    result, f = run([c(1, "pass", dark=True), c(2, "7H"), c(0, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    _, f = run([c(1, "pass", dark=True), c(2, "6NT"), c(0, "pass")])
    assert f.codes() == ["DARK_OVERCALL_WRONG"]


def test_second_dark_pass_overcalled_by_light_eight_or_dark_seven() -> None:
    """ "перебивается уже восьмерной светлой или семирной темной"."""
    options = AuctionOptions(dark_passouts=1)
    for call in (c(2, "8S"), c(2, "7S", dark=True)):
        _, f = run([c(1, "pass", dark=True), call, c(0, "pass")], options)
        assert f.codes() == []
    for call in (c(2, "7NT"), c(2, "dark-3")):
        _, f = run([c(1, "pass", dark=True), call, c(0, "pass")], options)
        assert f.codes() == ["DARK_OVERCALL_WRONG"]


def test_third_dark_pass_overcalled_by_light_nine_or_dark_eight() -> None:
    """ "Третий подряд ПАС В ТЕМНУЮ перебивается девятирной светлой или восьмерной темной"."""
    options = AuctionOptions(dark_passouts=2)
    for call in (c(2, "9S"), c(2, "8S", dark=True)):
        _, f = run([c(1, "pass", dark=True), call, c(0, "pass")], options)
        assert f.codes() == []
    for call in (c(2, "misere"), c(2, "7NT", dark=True)):
        _, f = run([c(1, "pass", dark=True), call, c(0, "pass")], options)
        assert f.codes() == ["DARK_OVERCALL_WRONG"]


def test_no_dark_pass_after_a_raz_even_light() -> None:
    """ "Объявлять ПАС в Темную, если до этого был РАЗ (даже в светлый) — нельзя"."""
    _, f = run([c(1, "6S"), c(2, "pass", dark=True), c(0, "pass")])
    assert f.codes() == ["DARK_NOT_ALLOWED"]
    _, f = run([c(1, "dark-1"), c(2, "pass", dark=True), c(0, "pass")])
    assert f.codes() == ["DARK_NOT_ALLOWED"]
    _, f = run([c(1, "6C"), c(2, "pass", dark=True), c(0, "pass")])
    assert f.codes() == []
    _, f = run([c(1, "6C"), c(2, "pass", dark=True), c(0, "pass")], AuctionOptions(dark_bar="any_bid"))
    assert f.codes() == ["DARK_NOT_ALLOWED"]
