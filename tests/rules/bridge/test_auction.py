"""The auction: hand-checked legal and illegal sequences with their exact findings, and
random legal auctions against endplay's contract derivation."""

from __future__ import annotations

import pytest
from endplay.types import Bid, Denom, Penalty, Player
from endplay.types import Contract as EContract
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.bridge.auction import AuctionResult, declarer_of, run_auction
from rules.bridge.codes import SEVERITY, Findings
from rules.bridge.core import Call, Contract, Doubling, Seat, Strain
from rules.bridge.document import read_call

PLAYERS = ("Anna", "Boris", "Vera", "Gleb")
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def calls(text: str) -> list[Call]:
    out = []
    for word in text.split():
        call = read_call(word)
        assert call is not None, word
        out.append(call)
    return out


def auction(text: str, dealer: Seat = N, start: Seat | None = None) -> tuple[AuctionResult, list[tuple]]:
    f = Findings(PLAYERS)
    result = run_auction(dealer, calls(text), f, 3, start)
    return result, [(x.code, x.deal, x.trick, x.seat) for x in f]


def contract(text: str) -> Contract:
    """``"4H by N"``, ``"3NTX by E"``."""
    bid, _, seat = text.split()
    doubling = Doubling.UNDOUBLED
    if bid.endswith("XX"):
        bid, doubling = bid[:-2], Doubling.REDOUBLED
    elif bid.endswith("X"):
        bid, doubling = bid[:-1], Doubling.DOUBLED
    call = read_call(bid)
    assert call is not None
    assert call.strain is not None
    return Contract(call.level, call.strain, doubling, Seat.of(seat))


LEGAL = [
    # (dealer, calls, contract)
    (N, "1H P 2H P 4H P P P", "4H by N"),
    (E, "1H P 2H P 4H P P P", "4H by E"),
    (N, "P 1S P 2S P P P", "2S by E"),
    # The seed: the declarer is the first of the side to name the strain, even when the
    # partner bid the contract — South bid hearts first, North bid 4H.
    (N, "1C P 1H P 2NT P 3H P 4H P P P", "4H by S"),
    (N, "1C P 1H P 4H P P P", "4H by S"),
    (N, "1H 1S 2H 2S 3H 3S 4H P P P", "4H by N"),
    # A strain named first by the opponents does not make them declarer.
    (N, "1S 2H 2S 4H P P P", "4H by E"),
    (N, "1NT P 3NT P P P", "3NT by N"),
    (W, "1NT P 3NT P P P", "3NT by W"),
    (N, "1H X P P P", "1HX by N"),
    (N, "1H X XX P P P", "1HXX by N"),
    (N, "1H P P X P P XX P P P", "1HXX by N"),
    (N, "1H X 2H P P P", "2H by N"),  # a new bid sweeps the double away
    (N, "1H X XX 1S P P P", "1S by W"),
    (N, "7NT X XX P P P", "7NTXX by N"),
    (S, "1C P P P", "1C by S"),
]


@pytest.mark.parametrize(("dealer", "text", "expected"), LEGAL, ids=[f"{d.name}:{t}" for d, t, _ in LEGAL])
def test_legal_auctions_settle_the_contract_without_findings(dealer, text, expected):
    result, found = auction(text, dealer)
    assert found == []
    assert result.complete
    assert result.contract == contract(expected)
    assert [seat for seat, _ in result.calls] == [Seat((dealer + i) % 4) for i in range(len(calls(text)))]


@pytest.mark.parametrize("dealer", list(Seat))
def test_four_passes_pass_the_deal_out(dealer):
    result, found = auction("P P P P", dealer)
    assert found == []
    assert result.complete
    assert result.passed_out
    assert result.contract is None


ILLEGAL = [
    # (dealer, calls, findings as (code, deal, trick, seat), contract or None, complete)
    (N, "1S 1H P P P", [("INSUFFICIENT_BID", 3, None, E)], "1H by E", True),
    (N, "1S 1S P P P", [("INSUFFICIENT_BID", 3, None, E)], "1S by E", True),
    (N, "2C P 1NT P P P", [("INSUFFICIENT_BID", 3, None, S)], "1NT by S", True),
    # An accepted insufficient bid is the bid to beat: 1D over it is sufficient.
    (
        N,
        "1S 1H 1D P P P",
        [("INSUFFICIENT_BID", 3, None, E), ("INSUFFICIENT_BID", 3, None, S)],
        "1D by S",
        True,
    ),
    (N, "1S 1H 2C P P P", [("INSUFFICIENT_BID", 3, None, E)], "2C by S", True),
    # Doubling partner's bid: cancelled, counted as a pass, so W's pass ends the auction.
    (N, "1H P X P", [("ILLEGAL_DOUBLE", 3, None, S)], "1H by N", True),
    (N, "X P P P", [("ILLEGAL_DOUBLE", 3, None, N)], None, True),
    (N, "1H X P X P", [("ILLEGAL_DOUBLE", 3, None, W)], "1HX by N", True),
    (N, "1H X XX P X P", [("ILLEGAL_DOUBLE", 3, None, N)], "1HXX by N", True),
    (N, "1H P XX P", [("ILLEGAL_REDOUBLE", 3, None, S)], "1H by N", True),
    (N, "1H X P XX P", [("ILLEGAL_REDOUBLE", 3, None, W)], "1HX by N", True),
    (N, "1H X XX P P XX", [("ILLEGAL_REDOUBLE", 3, None, E)], "1HXX by N", True),
    (N, "XX P P P", [("ILLEGAL_REDOUBLE", 3, None, N)], None, True),
    (N, "1H P P P P", [("CALL_AFTER_AUCTION_END", 3, None, N)], "1H by N", True),
    (N, "P P P P 1H P P P", [("CALL_AFTER_AUCTION_END", 3, None, N)], None, True),
    (E, "1H P P P 2H X", [("CALL_AFTER_AUCTION_END", 3, None, E)], "1H by E", True),
    (N, "1H P 2H", [("AUCTION_INCOMPLETE", 3, None, None)], "2H by N", False),
    (N, "1H X XX", [("AUCTION_INCOMPLETE", 3, None, None)], "1HXX by N", False),
    (N, "P P P", [("AUCTION_INCOMPLETE", 3, None, None)], None, False),
    (N, "", [("AUCTION_INCOMPLETE", 3, None, None)], None, False),
    # Several at once: every irregularity is listed.
    (
        N,
        "1H X X 1C XX P P P P",
        [
            ("ILLEGAL_DOUBLE", 3, None, S),
            ("INSUFFICIENT_BID", 3, None, W),
            ("ILLEGAL_REDOUBLE", 3, None, N),
            ("CALL_AFTER_AUCTION_END", 3, None, W),
        ],
        "1C by W",
        True,
    ),
]


@pytest.mark.parametrize(
    ("dealer", "text", "expected", "contract_text", "complete"),
    ILLEGAL,
    ids=[f"{d.name}:{t or 'empty'}" for d, t, *_ in ILLEGAL],
)
def test_irregular_auctions_are_found_and_carried_on(dealer, text, expected, contract_text, complete):
    result, found = auction(text, dealer)
    assert found == expected
    assert result.complete is complete
    assert result.contract == (None if contract_text is None else contract(contract_text))


def test_calls_after_the_end_are_reported_once_and_left_out_of_the_calls():
    f = Findings(PLAYERS)
    result = run_auction(N, calls("1H P P P 2H P P P"), f, 1)
    assert [x.code for x in f] == ["CALL_AFTER_AUCTION_END"]
    assert f[0].message == (
        "the auction had ended after call 4, but the log goes on with 4 calls from 2H on; "
        "they are cancelled (Law 39A)"
    )
    assert f[0].params == {"after": 4, "calls": 4, "call": "2H"}
    assert len(result.calls) == 4


def test_a_first_call_from_another_seat_than_the_dealer_is_out_of_rotation():
    result, found = auction("1H P P P", N, start=E)
    assert found == [("CALL_OUT_OF_ROTATION", 3, None, E)]
    assert result.contract == contract("1H by E")
    assert result.calls[0] == (E, Call("bid", 1, Strain.HEARTS))
    same, none = auction("1H P P P", N, start=N)
    assert none == []
    assert same.contract == contract("1H by N")


def test_findings_carry_the_players_names_and_severities():
    f = Findings(PLAYERS)
    run_auction(N, calls("1S 1H P X P"), f, 2)
    assert [(x.code, x.severity, x.player) for x in f] == [
        ("INSUFFICIENT_BID", "warning", "Boris"),
        ("ILLEGAL_DOUBLE", "error", "Gleb"),
    ]
    assert "Boris bid 1H (call 2) over 1S" in f[0].message
    assert "the last bid, 1H, was made by partner" in f[1].message
    assert all(code in SEVERITY for code in ("REVOKE", "INSUFFICIENT_BID", "CALL_OUT_OF_ROTATION"))


def test_declarer_of_finds_the_first_of_the_side_to_name_the_strain():
    seated = [
        (N, Call("bid", 1, Strain.CLUBS)),
        (S, Call("bid", 1, Strain.HEARTS)),
        (N, Call("bid", 4, Strain.HEARTS)),
    ]
    assert declarer_of(seated, S.side, Strain.HEARTS) == S
    assert declarer_of(seated, E.side, Strain.HEARTS) is None


# -- random legal auctions against endplay ---------------------------------------------

_DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
_PENALTY = {
    Doubling.UNDOUBLED: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}


@st.composite
def legal_auctions(draw: st.DrawFn) -> tuple[Seat, list[Call]]:
    """A dealer and a legal auction that ends: each step picks among the legal calls."""
    dealer = Seat(draw(st.integers(0, 3)))
    out: list[Call] = []
    last_rank, bidder_side, doubling, passes = -1, None, Doubling.UNDOUBLED, 0
    while passes < (3 if last_rank >= 0 else 4):
        seat = Seat((dealer + len(out)) % 4)
        options = [Call("pass")] * 3
        if last_rank < 34:
            rank = draw(st.integers(last_rank + 1, min(34, last_rank + 6)))
            options.append(Call("bid", rank // 5 + 1, Strain(rank % 5)))
        if last_rank >= 0 and bidder_side != seat.side and doubling == Doubling.UNDOUBLED:
            options.append(Call("double"))
        if doubling == Doubling.DOUBLED and bidder_side == seat.side:
            options.append(Call("redouble"))
        call = draw(st.sampled_from(options))
        out.append(call)
        if call.kind == "bid":
            last_rank, bidder_side, doubling, passes = call.rank, seat.side, Doubling.UNDOUBLED, 0
        elif call.kind == "pass":
            passes += 1
        else:
            doubling, passes = (Doubling.DOUBLED if call.kind == "double" else Doubling.REDOUBLED), 0
    return dealer, out


@settings(max_examples=300, deadline=None)
@given(legal_auctions())
def test_random_legal_auctions_agree_with_endplay(case):
    dealer, sequence = case
    f = Findings(PLAYERS)
    result = run_auction(dealer, sequence, f, 1)
    assert list(f) == []
    assert result.complete
    theirs = EContract.from_auction(Player(int(dealer)), [Bid(str(c)) for c in sequence])
    if result.contract is None:
        assert theirs.is_passout()
        return
    ours = result.contract
    assert (theirs.level, theirs.denom, int(theirs.declarer), theirs.penalty) == (
        ours.level,
        _DENOM[ours.strain],
        int(ours.declarer),
        _PENALTY[ours.doubling],
    )


@settings(max_examples=200, deadline=None)
@given(legal_auctions(), st.data())
def test_an_insufficient_bid_injected_into_a_legal_auction_is_the_one_finding(case, data):
    dealer, sequence = case
    bids = [i for i, c in enumerate(sequence) if c.kind == "bid" and c.rank > 0]
    if not bids:
        sequence = [Call("bid", 2, Strain.CLUBS), Call("bid", 1, Strain.CLUBS), *([Call("pass")] * 3)]
        at = 1
    else:
        i = data.draw(st.sampled_from(bids))
        low = data.draw(st.integers(0, sequence[i].rank - 1))
        sequence = [*sequence[: i + 1], Call("bid", low // 5 + 1, Strain(low % 5)), *([Call("pass")] * 3)]
        at = i + 1
    f = Findings(PLAYERS)
    result = run_auction(dealer, sequence, f, 1)
    assert [(x.code, x.seat) for x in f] == [("INSUFFICIENT_BID", (dealer + at) % 4)]
    assert result.complete
    assert result.contract is not None
    assert result.contract.level == sequence[at].level
