"""One deal of a rubber bridge log as the table saw it: for the deal page.

The score sheet says what each deal scored; a walkthrough says how: the
four hands by seat, the auction by rounds under the columns W N E S, the
contract, then the play trick by trick with its leader and winner, and
each revoke with the cards of the led suit the offender still held.

No rule is decided here. The auction is :func:`rules.bridge.auction.run_auction`
(the seat of each call, the contract), the play is
:func:`rules.bridge.play.run_play` (the winner of each trick, the revokes,
Law 64), and the vulnerability, contract, tricks and entries come from the
session's replay (:func:`rules.bridge.replay.replay`), so the deal page can
never disagree with the score sheet. Everything is plain data (seats
``"N"``, canonical cards ``"QH"``, calls ``"1NT"``), ready for a template.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.bridge.analysis import makeable
from rules.bridge.auction import run_auction
from rules.bridge.codes import Findings
from rules.bridge.core import SEATS, Seat
from rules.bridge.document import BridgeDeal, BridgeLog
from rules.bridge.play import PlayResult, run_play
from rules.bridge.replay import played_contract, replay
from rules.bridge.report import DealReport, Report, contract_text
from rules.cards import BIT, NAME, RANK_OF, SUIT_MASK, SUIT_OF, SUITS, cards_of
from rules.findings import Finding

__all__ = ["AUCTION_COLUMNS", "DealWalkthrough", "Hand", "Played", "Trick", "walkthrough"]

#: The auction table's columns, as bridge books print it.
AUCTION_COLUMNS = ("W", "N", "E", "S")


@dataclass(frozen=True, slots=True)
class Hand:
    """A seat's thirteen cards as dealt, by suit (S H D C), high cards first.

    ``suits`` pairs each suit letter with the canonical cards of that suit;
    ``logged`` is false when the log did not give the hand and it is the
    cards the seat played (so it may be short).
    """

    seat: str
    player: str
    suits: tuple[tuple[str, tuple[str, ...]], ...]
    logged: bool


@dataclass(frozen=True, slots=True)
class Played:
    """One card played to a trick. A ``revoke`` carries the led-suit cards the seat held."""

    seat: str
    card: str
    revoke: bool = False
    held: tuple[str, ...] = ()
    established: bool = False
    transfer: int = 0


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick in the order played, from its leader; ``winner`` is None when it is not complete."""

    number: int
    leader: str
    cards: tuple[Played, ...]
    winner: str | None
    winning_card: str | None
    #: Tricks won in play by each side [We, They] once this trick is over.
    won: tuple[int, int]


@dataclass(slots=True)
class DealWalkthrough:
    """Everything the deal page shows for one deal (number ``deal``, from 1)."""

    deal: int
    deals: int
    board: int | str | None
    #: The players by seat N, E, S, W.
    players: tuple[str, str, str, str]
    dealer: str
    #: Before the deal, by side (We = N–S, They = E–W): «по партии».
    vulnerable: tuple[bool, bool]
    #: The four hands N, E, S, W, or None when no card of this deal was logged.
    hands: tuple[Hand, ...] | None
    #: The auction by rounds under AUCTION_COLUMNS; None for a cell before the first call.
    auction: tuple[tuple[str | None, ...], ...]
    #: True when the log ends the auction with its closing passes.
    auction_complete: bool
    #: The contract ``"4HX"`` and declarer ``"N"``; both None when passed out.
    contract: str | None
    declarer: str | None
    passed_out: bool
    #: Tricks the declarer's side took (after claims and Law 64), and that against the contract.
    tricks_taken: int | None
    result: int | None
    claim: int | None
    tricks: tuple[Trick, ...]
    #: The replay's findings about this deal, in report order.
    findings: tuple[Finding, ...]
    #: This deal's entries on the sheet, as the report gives them.
    scores: list[dict[str, Any]] = field(default_factory=list)
    #: card -> the number of the trick in which it was played.
    played_in: dict[str, int] = field(default_factory=dict)
    #: Double-dummy tricks by strain and declarer (rules.bridge.analysis.makeable); None
    #: when the hands are not all known, endplay is not installed, or not asked for.
    makeable: dict[str, dict[str, int]] | None = None
    #: The deal's Law 64 penalties and the arbiter's ruling, as the report gives them
    #: (docs/arbiter.md). Under an assigned ``score`` the contract, tricks and play above are
    #: the table's and ``scores`` the arbiter's.
    penalties: list[dict[str, Any]] = field(default_factory=list)
    arbiter: dict[str, Any] | None = None

    @property
    def auction_columns(self) -> tuple[str, ...]:
        return AUCTION_COLUMNS

    @property
    def revokes(self) -> list[tuple[Trick, Played]]:
        return [(t, p) for t in self.tricks for p in t.cards if p.revoke]

    @property
    def complete_tricks(self) -> int:
        return sum(1 for t in self.tricks if t.winner is not None)


def walkthrough(
    log: BridgeLog, deal: int, report: Report | None = None, *, analyse: bool = True
) -> DealWalkthrough:
    """The walkthrough of deal number ``deal`` (from 1); ``analyse`` adds the double-dummy table.

    Raises :class:`IndexError` when the log has no such deal.
    """
    if not 1 <= deal <= len(log.deals):
        raise IndexError(f"the log has {len(log.deals)} deals, not a deal {deal}")
    report = report or replay(log)
    return _walk(log, report.deals[deal - 1], report, deal, analyse)


def _walk(log: BridgeLog, rep: DealReport, report: Report, k: int, analyse: bool) -> DealWalkthrough:
    deal = log.deals[k - 1]
    scratch = Findings(log.players)  # the replay's findings are the ones shown; these are discarded
    auction = run_auction(deal.dealer, deal.auction, scratch, k, start=deal.auction_start)
    contract = rep.contract
    tricks_taken = rep.tricks
    ruling = deal.arbiter
    if ruling is not None and ruling.score is not None:  # the table's contract, not the assigned one
        contract = played_contract(deal, scratch, k)
        tricks_taken = deal.result
    seated: list[tuple[tuple[Seat, int], ...]] = []
    played: PlayResult | None = None
    if contract is not None and deal.play is not None:
        played = run_play(
            contract,
            deal.hands,
            deal.play,
            deal.claim,
            scratch,
            k,
            law64=report.ruleset.law64,
            opening_leader=deal.play_start,
            result=deal.result,
            waive=() if ruling is None or ruling.annul else ruling.waive,
        )
        if ruling is not None and ruling.score is not None and played.complete:
            tricks_taken = played.declarer_tricks
        leader = deal.play_start if deal.play_start is not None else contract.declarer.left
        seated = _seated(deal, played, leader)
    dealt = _dealt(deal, seated)
    tricks = [] if played is None or dealt is None else _tricks(seated, played, dealt)
    played_in = {p.card: t.number for t in tricks for p in t.cards}
    hands = None
    if dealt is not None:
        hands = tuple(
            Hand(
                seat=SEATS[seat],
                player=log.players[seat],
                suits=tuple(
                    (SUITS[suit], tuple(NAME[c] for c in _high_first(dealt[seat] & SUIT_MASK[suit])))
                    for suit in range(4)
                ),
                logged=bool(deal.hands and deal.hands[seat]),
            )
            for seat in Seat
        )
    full = dealt is not None and all(m.bit_count() == 13 for m in dealt)
    return DealWalkthrough(
        deal=k,
        deals=len(log.deals),
        board=deal.board,
        players=log.players,
        dealer=SEATS[deal.dealer],
        vulnerable=rep.vulnerable,
        hands=hands,
        auction=_auction_rows(auction.calls),
        auction_complete=auction.complete,
        contract=None if contract is None else contract_text(contract),
        declarer=None if contract is None else SEATS[contract.declarer],
        passed_out=contract is None,
        tricks_taken=tricks_taken,
        result=None if contract is None or tricks_taken is None else tricks_taken - contract.tricks_needed,
        claim=None if played is None else played.claimed,
        tricks=tuple(tricks),
        findings=tuple(f for f in report.findings if f.deal == k),
        scores=rep.score.as_dict(),
        played_in=played_in,
        makeable=makeable(dealt) if analyse and full and dealt is not None else None,
        penalties=rep.penalties or [],
        arbiter=rep.arbiter,
    )


def _auction_rows(calls: tuple[tuple[Seat, Any], ...]) -> tuple[tuple[str | None, ...], ...]:
    """The calls by rounds under the columns W N E S, blank cells before the first caller."""
    if not calls:
        return ()
    cells: list[str | None] = [None] * AUCTION_COLUMNS.index(SEATS[calls[0][0]])
    cells += [str(call) for _seat, call in calls]
    cells += [None] * (-len(cells) % 4)
    return tuple(tuple(cells[i : i + 4]) for i in range(0, len(cells), 4))


def _seated(deal: BridgeDeal, played: PlayResult, leader: Seat) -> list[tuple[tuple[Seat, int], ...]]:
    """The logged tricks with the seat of each card: the leader, clockwise; the winner leads next.

    Stops where run_play could not read on (a WRONG_CARD_COUNT finding says why).
    """
    out: list[tuple[tuple[Seat, int], ...]] = []
    for number, cards in enumerate(deal.play or (), 1):
        if number > len(played.winners) + 1:
            break
        out.append(tuple((Seat((leader + pos) % 4), card) for pos, card in enumerate(cards)))
        if number > len(played.winners):
            break
        leader = played.winners[number - 1]
    return out


def _dealt(deal: BridgeDeal, seated: list[tuple[tuple[Seat, int], ...]]) -> list[int] | None:
    """The four hands as masks: as logged, else every card the seat played (as run_play infers
    them); None when no card of the deal is known."""
    masks = [deal.hands[s] if deal.hands and deal.hands[s] else 0 for s in range(4)]
    known = [bool(m) for m in masks]
    for trick in seated:
        for seat, card in trick:
            if not known[seat]:
                masks[seat] |= BIT[card]
    return masks if any(masks) else None


def _tricks(seated: list[tuple[tuple[Seat, int], ...]], played: PlayResult, dealt: list[int]) -> list[Trick]:
    """Each trick with its winner and revokes, as run_play judged them."""
    revokes = {(r.trick, r.seat): r for r in played.revokes}
    out: list[Trick] = []
    won = [0, 0]
    gone = 0  # the cards played before this one
    for number, trick in enumerate(seated, 1):
        led = SUIT_OF[trick[0][1]]
        cards = []
        for seat, card in trick:
            r = revokes.get((number, seat))
            if r is not None and r.card == card:
                held = dealt[seat] & ~gone & SUIT_MASK[led]
                cards.append(
                    Played(
                        SEATS[seat],
                        NAME[card],
                        revoke=True,
                        held=tuple(NAME[c] for c in _high_first(held)),
                        established=r.established,
                        transfer=0 if r.waived else r.transfer,  # the tricks moved
                    )
                )
            else:
                cards.append(Played(SEATS[seat], NAME[card]))
            gone |= BIT[card]
        winner = played.winners[number - 1] if number <= len(played.winners) else None
        winning = None
        if winner is not None:
            won[winner.side] += 1
            winning = next(NAME[c] for s, c in trick if s == winner)
        out.append(
            Trick(
                number=number,
                leader=SEATS[trick[0][0]],
                cards=tuple(cards),
                winner=None if winner is None else SEATS[winner],
                winning_card=winning,
                won=(won[0], won[1]),
            )
        )
    return out


def _high_first(mask: int) -> list[int]:
    return sorted(cards_of(mask), key=lambda c: (SUIT_OF[c], -RANK_OF[c]))
