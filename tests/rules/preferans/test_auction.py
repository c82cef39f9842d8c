"""The light auction: turn, overcalls, "здесь", a pass is final, misère, the minimum after
pass-outs, the contract and the discard; hypothesis: random legal auctions give no findings."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.cards import mask_of, parse_card
from rules.preferans.auction import (
    AuctionOptions,
    active_seats,
    check_contract,
    check_discard,
    run_auction,
)
from rules.preferans.codes import Findings
from rules.preferans.core import ALL_CONTRACTS, Contract, read_contract
from rules.preferans.document import Call

PLAYERS = ("Anna", "Boris", "Vera")
OPT = AuctionOptions()


def c(seat: int, text: str, *, dark: bool = False, looked: bool = False) -> Call:
    if text == "pass":
        return Call(seat, "pass", dark=dark, looked=looked)
    if text.startswith("dark-"):
        return Call(seat, text, dark=True, looked=looked)  # type: ignore[arg-type]
    contract = read_contract(text)
    assert contract is not None
    return Call(seat, "contract", contract, dark=dark, looked=looked)


def run(calls: list[Call], options: AuctionOptions = OPT, dealer: int = 0, n: int = 3):
    f = Findings(PLAYERS + (("Gleb",) if n == 4 else ()))
    return run_auction(calls, n, dealer, options, f, 1), f


def test_simple_auction_the_last_bidder_wins() -> None:
    result, f = run([c(1, "6S"), c(2, "pass"), c(0, "6C"), c(1, "pass")])
    assert f.codes() == []
    assert result.declarer == 0
    assert str(result.winning) == "6C"
    assert result.complete
    assert not result.dark
    assert result.multiplier() == 1


def test_all_pass_is_a_light_passout() -> None:
    result, f = run([c(1, "pass"), c(2, "pass"), c(0, "pass")])
    assert f.codes() == []
    assert result.passed_out
    assert result.dark_passout == 0
    assert result.passout_multiplier == 1
    assert result.bombs == ()


def test_last_hand_may_bid_after_two_passes() -> None:
    result, f = run([c(1, "pass"), c(2, "pass"), c(0, "6S")])
    assert f.codes() == []
    assert result.declarer == 0
    assert result.complete


def test_bid_not_above_is_too_low() -> None:
    _, f = run([c(1, "6D"), c(2, "6C"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["BID_TOO_LOW"]
    assert f[0].seat == 2


def test_first_hand_holds_with_the_same_bid() -> None:
    """ "Здесь": the first hand (seat 1 when seat 0 deals) repeats 6♣; the other must go higher."""
    result, f = run([c(1, "6S"), c(2, "6C"), c(0, "pass"), c(1, "6C"), c(2, "pass")])
    assert f.codes() == []
    assert result.declarer == 1
    assert str(result.winning) == "6C"


def test_only_the_first_hand_may_hold() -> None:
    _, f = run([c(1, "6S"), c(2, "6S"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["BID_TOO_LOW"]
    _, f = run([c(1, "6S"), c(2, "6S"), c(0, "pass"), c(1, "pass")], AuctionOptions(hold="elder"))
    assert f.codes() == ["BID_TOO_LOW"]  # seat 2 is younger than seat 1
    _, f = run([c(1, "pass"), c(2, "6S"), c(0, "6S"), c(2, "pass")], AuctionOptions(hold="elder"))
    assert f.codes() == ["BID_TOO_LOW"]  # seat 0 (the dealer) is the youngest
    _, f = run([c(1, "6S"), c(2, "6C"), c(0, "pass"), c(1, "6C"), c(2, "pass")], AuctionOptions(hold="none"))
    assert f.codes() == ["BID_TOO_LOW"]


def test_a_pass_is_final() -> None:
    result, f = run([c(1, "pass"), c(2, "6S"), c(0, "pass"), c(1, "6C")])
    assert f.codes() == ["CALL_AFTER_AUCTION_END"]
    result, f = run([c(1, "pass"), c(2, "6S"), c(0, "6C"), c(1, "6D"), c(2, "pass")])
    assert f.codes() == ["PASS_WITHDRAWN"]
    assert f[0].seat == 1
    assert result.declarer == 0


def test_call_out_of_turn_stands() -> None:
    result, f = run([c(2, "6S"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["CALL_OUT_OF_TURN"]
    assert f[0].severity == "warning"
    assert result.declarer == 2


def test_four_players_the_dealer_sits_out() -> None:
    assert active_seats(4, 3) == (0, 1, 2)
    assert active_seats(4, 1) == (2, 3, 0)
    result, f = run([c(2, "6S"), c(3, "pass"), c(0, "pass")], dealer=1, n=4)
    assert f.codes() == []
    assert result.declarer == 2
    _, f = run([c(2, "6S"), c(1, "6C"), c(3, "pass"), c(0, "pass")], dealer=1, n=4)
    assert f.codes()[0] == "CALL_OUT_OF_TURN"


def test_misere_only_as_first_call() -> None:
    result, f = run([c(1, "misere"), c(2, "pass"), c(0, "pass")])
    assert f.codes() == []
    assert result.winning is not None
    assert str(result.winning) == "misere"
    _, f = run([c(1, "6S"), c(2, "6C"), c(0, "pass"), c(1, "misere"), c(2, "pass")])
    assert f.codes() == ["MISERE_RULE"]


def test_misere_is_overcalled_by_nine_and_its_caller_bids_no_more() -> None:
    result, f = run([c(1, "misere"), c(2, "9S"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == []
    assert result.declarer == 2
    _, f = run([c(1, "misere"), c(2, "8NT"), c(0, "pass"), c(1, "pass")])
    assert f.codes() == ["BID_TOO_LOW"]
    _, f = run([c(1, "misere"), c(2, "9S"), c(0, "pass"), c(1, "9C"), c(2, "pass")])
    assert f.codes() == ["MISERE_RULE"]


def test_minimum_after_passouts() -> None:
    options = AuctionOptions(minimum=read_contract("7S"))
    _, f = run([c(1, "6NT"), c(2, "pass"), c(0, "pass")], options)
    assert f.codes() == ["BID_TOO_LOW"]
    _, f = run([c(1, "7S"), c(2, "pass"), c(0, "pass")], options)
    assert f.codes() == []
    _, f = run([c(1, "misere"), c(2, "pass"), c(0, "pass")], options)
    assert f.codes() == []


def test_incomplete_auction() -> None:
    result, f = run([c(1, "6S"), c(2, "pass")])
    assert f.codes() == ["AUCTION_INCOMPLETE"]
    assert result.declarer == 1
    assert not result.complete


def test_contract_not_below_the_bid() -> None:
    result, f = run([c(1, "7H"), c(2, "pass"), c(0, "pass")])
    check_contract(result, read_contract("7H"), f)
    check_contract(result, read_contract("8S"), f)
    assert f.codes() == []
    check_contract(result, read_contract("7D"), f)
    assert f.codes() == ["CONTRACT_BELOW_BID"]
    check_contract(result, read_contract("misere"), f)
    assert f.codes() == ["CONTRACT_BELOW_BID", "MISERE_RULE"]
    check_contract(result, None, f)
    assert f.codes()[-1] == "CONTRACT_MISMATCH"


def test_misere_won_is_played_as_misere() -> None:
    result, f = run([c(1, "misere"), c(2, "pass"), c(0, "pass")])
    check_contract(result, read_contract("misere"), f)
    assert f.codes() == []
    check_contract(result, read_contract("9S"), f)
    assert f.codes() == ["MISERE_RULE"]


def test_contract_on_a_passout() -> None:
    result, f = run([c(1, "pass"), c(2, "pass"), c(0, "pass")])
    check_contract(result, None, f)
    assert f.codes() == []
    check_contract(result, read_contract("6S"), f)
    assert f.codes() == ["CONTRACT_MISMATCH"]


def test_discard_two_cards_of_hand_and_talon() -> None:
    hand = mask_of(parse_card(x) for x in ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "AC", "KC"])
    talon = mask_of(parse_card(x) for x in ("7H", "8H"))
    f = Findings(PLAYERS)
    check_discard(hand, talon, mask_of([parse_card("7H"), parse_card("KC")]), 1, f)
    assert f.codes() == []
    check_discard(hand, talon, mask_of([parse_card("7H"), parse_card("AH")]), 1, f)
    assert f.codes() == ["DISCARD_WRONG"]
    assert f[0].card == "AH"
    assert f[0].seat == 1
    check_discard(None, talon, mask_of([parse_card("7H"), parse_card("AH")]), 1, f)
    assert len(f) == 1


BIDS = [k for k in ALL_CONTRACTS if not k.misere]


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[int, list[Call], int | None]:
    """A legal light auction: players in turn, each bid above the last (or the first hand's
    "здесь"), misère only as a first call and then only passes, passes final."""
    dealer = draw(st.integers(0, 2))
    order = active_seats(3, dealer)
    passed: set[int] = set()
    called: set[int] = set()
    misere_by: set[int] = set()
    best: Contract | None = None
    best_seat: int | None = None
    calls: list[Call] = []
    pos = 0
    while True:
        active = [s for s in order if s not in passed]
        if not active or (len(active) == 1 and best is not None):
            break
        while order[pos % 3] in passed:
            pos += 1
        seat = order[pos % 3]
        pos += 1
        choices: list[Contract | None] = [None]
        if seat not in misere_by:
            floor = -1 if best is None else best.rank
            hold = seat == order[0] and best is not None and best_seat != seat and not best.misere
            choices += [k for k in BIDS if k.rank > floor or (hold and k == best)]
            misere = Contract.misere_game()
            if seat not in called and misere.rank > floor:
                choices.append(misere)
        pick = draw(st.sampled_from(choices[:8]) if draw(st.booleans()) else st.sampled_from(choices))
        called.add(seat)
        if pick is None:
            passed.add(seat)
            calls.append(Call(seat, "pass"))
        else:
            if pick.misere:
                misere_by.add(seat)
            best, best_seat = pick, seat
            calls.append(Call(seat, "contract", pick))
    return dealer, calls, best_seat


@settings(max_examples=300, deadline=None)
@given(legal_auctions())
def test_random_legal_light_auctions_have_no_findings(case: tuple[int, list[Call], int | None]) -> None:
    dealer, calls, winner = case
    f = Findings(PLAYERS)
    result = run_auction(calls, 3, dealer, OPT, f, 1)
    assert f.codes() == []
    assert result.complete
    assert result.declarer == winner
    if result.winning is not None:
        check_contract(result, result.winning.contract, f)
        assert f.codes() == []
