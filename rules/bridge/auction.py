"""The auction: calls in rotation, checked against the Laws, and the contract they settle.

The seed says little of the bidding; what it says is who declares:
"разыгрывающего – того, кто первым объявил козырную масть, даже если
контракт объявил его партнер". The rest is the Laws of Contract Bridge
(Laws 17–22 and the rubber bridge Law 19 wording): the dealer calls first
and the turn passes to the left; a bid must supersede the last bid; a
player may double only the last bid, made by an opponent, with nothing but
passes since; redouble only the last double, made by an opponent, with
nothing but passes since; three passes after a bid end the auction, four
passes at the start pass the deal out.

The check never stops at the first irregularity, so the findings list them
all. How each is carried on (documented in docs/bridge.md):

- an insufficient bid stands as made, as when the next player calls over
  it (Law 27A1): later bids must supersede it, and it can become the
  contract;
- a double or redouble the Laws do not allow is cancelled (Law 36A) and
  counts as a pass, the only substitute that changes nothing;
- a log whose first call was made by a seat other than the dealer (PBN's
  ``[Auction "E"]`` with dealer N, the document's ``auction_start``) is a
  call out of rotation accepted by the next call (Law 29A): the auction
  goes on from that seat. A log of calls in order cannot show any other
  call out of rotation, since each call's seat follows from the previous;
- calls after the auction ended are cancelled (Law 39A) and reported once;
- a log that stops before the closing passes gets the contract it would
  have if the missing calls were passes (hand-written logs often leave the
  last passes out), with an ``AUCTION_INCOMPLETE`` warning.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rules.bridge.codes import Findings
from rules.bridge.core import Call, Contract, Doubling, Seat, Side, Strain


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """What the auction settled. ``contract`` is ``None`` when the deal was passed out (or no
    bid was made); ``calls`` pairs each logged call with the seat that made it; ``complete``
    is false when the log stopped before the auction ended."""

    contract: Contract | None
    calls: tuple[tuple[Seat, Call], ...]
    complete: bool

    @property
    def passed_out(self) -> bool:
        return self.contract is None


def run_auction(
    dealer: Seat,
    calls: Sequence[Call],
    findings: Findings,
    deal_no: int | None = None,
    start: Seat | None = None,
) -> AuctionResult:
    """Check the calls of one deal and derive the contract; findings go to ``findings``.

    ``start`` is the seat that made the first call when the log says so
    (``auction_start``); by default the dealer ("The dealer makes the first
    call", Law 17).
    """
    f = findings
    first = dealer if start is None else start
    if first != dealer and calls:
        f.add("CALL_OUT_OF_ROTATION", deal=deal_no, seat=first, call=str(calls[0]), dealer_seat=int(dealer))
    last_bid: Call | None = None
    bidder = first
    doubling = Doubling.UNDOUBLED
    passes = 0
    ended = False
    seated: list[tuple[Seat, Call]] = []
    for i, call in enumerate(calls):
        seat = Seat((first + i) % 4)
        if ended:
            extra = len(calls) - i
            f.add(
                "CALL_AFTER_AUCTION_END",
                deal=deal_no,
                seat=seat,
                form="one" if extra == 1 else None,
                after=i,
                calls=extra,
                call=str(call),
            )
            break
        seated.append((seat, call))
        kind = call.kind
        if kind == "bid":
            assert call.strain is not None
            if last_bid is not None and call.rank <= last_bid.rank:
                f.add(
                    "INSUFFICIENT_BID",
                    deal=deal_no,
                    seat=seat,
                    call=str(call),
                    number=i + 1,
                    last_call=str(last_bid),
                )
            last_bid, bidder, doubling, passes = call, seat, Doubling.UNDOUBLED, 0
        elif kind == "double":
            why = _double_refused(seat, last_bid, bidder, doubling)
            if why:
                f.add(
                    "ILLEGAL_DOUBLE",
                    deal=deal_no,
                    seat=seat,
                    form=why,
                    number=i + 1,
                    last_call=None if last_bid is None else str(last_bid),
                )
                passes += 1
            else:
                doubling, passes = Doubling.DOUBLED, 0
        elif kind == "redouble":
            why = _redouble_refused(seat, last_bid, bidder, doubling)
            if why:
                f.add(
                    "ILLEGAL_REDOUBLE",
                    deal=deal_no,
                    seat=seat,
                    form=why,
                    number=i + 1,
                    last_call=None if last_bid is None else str(last_bid),
                )
                passes += 1
            else:
                doubling, passes = Doubling.REDOUBLED, 0
        else:
            passes += 1
        if passes == (4 if last_bid is None else 3):
            ended = True
    if not ended:
        if last_bid is None:
            f.add(
                "AUCTION_INCOMPLETE", deal=deal_no, form="no_bid" if calls else "no_calls", calls=len(calls)
            )
        else:
            f.add("AUCTION_INCOMPLETE", deal=deal_no, calls=len(calls), contract=str(last_bid))
    contract = None
    if last_bid is not None:
        assert last_bid.strain is not None
        declarer = declarer_of(seated, bidder.side, last_bid.strain)
        contract = Contract(
            level=last_bid.level,
            strain=last_bid.strain,
            doubling=doubling,
            declarer=bidder if declarer is None else declarer,
        )
    return AuctionResult(contract=contract, calls=tuple(seated), complete=ended)


def declarer_of(calls: Sequence[tuple[Seat, Call]], side: Side, strain: Strain) -> Seat | None:
    """Seed: "разыгрывающего – того, кто первым объявил козырную масть, даже если контракт
    объявил его партнер" (the Laws' definition of declarer agrees): the first player of
    the declaring side to bid the final strain."""
    for seat, call in calls:
        if call.kind == "bid" and call.strain == strain and seat.side == side:
            return seat
    return None


def _double_refused(seat: Seat, last_bid: Call | None, bidder: Seat, doubling: Doubling) -> str:
    """Law 19A: "A player may double only the last preceding bid, and then only if it was
    made by an opponent and no calls other than pass have intervened". Why not, as the form
    of the ``ILLEGAL_DOUBLE`` finding (rules/bridge/texts.py); empty when the double is legal."""
    if last_bid is None:
        return "no_bid"
    if bidder.side == seat.side:
        return "partner" if bidder != seat else "self"
    if doubling == Doubling.DOUBLED:
        return "doubled"
    if doubling == Doubling.REDOUBLED:
        return "redoubled"
    return ""


def _redouble_refused(seat: Seat, last_bid: Call | None, bidder: Seat, doubling: Doubling) -> str:
    """Law 19B: "A player may redouble only the last preceding double, and then only if it
    was made by an opponent and no calls other than pass have intervened". Why not, as the
    form of the ``ILLEGAL_REDOUBLE`` finding; empty when the redouble is legal."""
    if last_bid is None:
        return "no_bid"
    if doubling == Doubling.UNDOUBLED:
        return "undoubled"
    if doubling == Doubling.REDOUBLED:
        return "redoubled"
    if bidder.side != seat.side:
        return "partner"
    return ""
