"""One deal of a game log, step by step, as the table saw it: for the deal replay page.

The score sheet says who bid and took what; a walkthrough says how: the
hands as dealt, the bids in the order spoken, then each trick with its
leader, every card in the order it was played (cards taken back and
exposed included), the winner and the tricks taken so far, and each
renege with the cards of the led suit the player held ("Следующий игрок
по часовой стрелке должен класть карту в масть, если это возможно").

No rule is decided here. The deal is driven through the careful replay's
own :class:`~rules.ohhell.table.Table`, which is only watched: a subclass
notes each card before and after the engine acts on it, and each trick as
the engine closes it (winner, taken). Cards per deal, annulment, redeal
and the deal's findings come from :func:`~rules.ohhell.replay.replay`, so
the walkthrough can never disagree with the score sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rules.cards import NAME, RANK_OF, SUIT_MASK, SUIT_OF, cards_of, mask_of
from rules.findings import Finding
from rules.ohhell.codes import Findings
from rules.ohhell.document import Deal, GameLog
from rules.ohhell.replay import replay
from rules.ohhell.report import Report
from rules.ohhell.table import Table, infer_hands_from_events, infer_hands_from_tricks

__all__ = ["Bid", "DealWalkthrough", "Step", "StepKind", "Trick", "walk_game", "walkthrough"]

#: ``play``: a card played to the trick in turn; ``out_of_turn``: played out of
#: turn, so it stays face up as an exposed card; ``extra``: played after the last
#: trick; ``take_back``: a card taken back from the trick; ``expose``: a card
#: exposed by accident.
StepKind = Literal["play", "out_of_turn", "extra", "take_back", "expose"]
Renege = Literal["uncorrected", "corrected"]
RENEGE_CODES: dict[str, Renege] = {"RENEGE_UNCORRECTED": "uncorrected", "RENEGE_CORRECTED": "corrected"}


@dataclass(slots=True)
class Step:
    """One thing done with a card during the play of a trick."""

    kind: StepKind
    seat: int
    card: int
    #: For a renege (a ``play`` off the led suit while holding it): whether it was
    #: corrected in time, and the led-suit cards the seat held -- what it should
    #: have followed with.
    renege: Renege | None = None
    held: tuple[int, ...] = ()
    #: A ``play`` whose card was later taken back from the trick.
    taken_back: bool = False


@dataclass(slots=True)
class Trick:
    """A trick as it was played and closed by the engine."""

    number: int
    leader: int
    steps: list[Step] = field(default_factory=list)
    #: (seat, card) as the trick stood when it closed, from the leader.
    cards: tuple[tuple[int, int], ...] = ()
    #: ``None`` when the trick was never completed (the log stops short).
    winner: int | None = None
    #: Each seat's tricks taken once this one was closed.
    taken: tuple[int, ...] = ()

    @property
    def winning_card(self) -> int | None:
        for seat, card in self.cards:
            if seat == self.winner:
                return card
        return None

    @property
    def reneges(self) -> list[Step]:
        return [s for s in self.steps if s.renege is not None]


@dataclass(frozen=True, slots=True)
class Bid:
    seat: int
    value: int
    #: A later bid by the same seat (events logs): a change of bid.
    change: bool = False


@dataclass(slots=True)
class DealWalkthrough:
    """Everything the deal replay page shows for one deal (number ``deal``, from 1)."""

    deal: int
    deals: int
    players: tuple[str, ...]
    dealer: int
    cards: int
    trump: int | None
    #: The hands as dealt, each by suit (S H D C) then rank (high first); ``None``
    #: when the log holds no card of this deal (a score-sheet-only deal).
    hands: tuple[tuple[int, ...], ...] | None
    #: True when ``hands`` are the log's own; False when the engine inferred them
    #: from the cards played, exposed or taken back.
    hands_logged: bool
    bidding: tuple[Bid, ...]
    bids: tuple[int | None, ...]
    blind: tuple[bool, ...]
    balance: str
    taken: tuple[int, ...]
    scores: tuple[int, ...]
    annulled: bool
    redeal: bool
    #: False for a score-sheet-only deal (bids and taken, no cards).
    cards_logged: bool
    tricks: tuple[Trick, ...]
    #: The replay's findings about this deal, in report order.
    findings: tuple[Finding, ...]
    #: card -> the trick in which it left its hand for good.
    played_in: dict[int, int]

    @property
    def reneges(self) -> list[tuple[Trick, Step]]:
        return [(t, s) for t in self.tricks for s in t.steps if s.renege is not None]

    @property
    def speaking_order(self) -> tuple[int, ...]:
        """Seed: "Торговлю начинает игрок, который сидит слева от сдатчика"."""
        n = len(self.players)
        return tuple((self.dealer + 1 + i) % n for i in range(n))


def sort_hand(cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """A hand as a player holds it: by suit in the spec's order S H D C, high cards first."""
    return tuple(sorted(cards, key=lambda c: (SUIT_OF[c], -RANK_OF[c])))


class _Watched(Table):
    """The engine's table, watched: each card step and each closed trick is noted.

    The overrides call the engine first and only read its state afterwards.
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.tricks: list[Trick] = []
        self.current = Trick(number=self.trick_no, leader=self.leader)

    def play(self, seat: int, card: int) -> None:
        if None not in self.slots:  # the next lead closes the full trick (the engine's own step)
            self._close()
        before = set(self.renege)
        slots = list(self.slots)
        held = self.held[seat]
        after_last = self.closed >= self.cards
        super().play(seat, card)
        placed = [pos for pos, c in enumerate(self.slots) if c is not None and slots[pos] is None]
        if not placed:
            self.current.steps.append(Step("extra" if after_last else "out_of_turn", seat, card))
            return
        pos = placed[0]
        step = Step("play", seat, card)
        if pos in self.renege and pos not in before:
            led = self.slots[0]
            assert led is not None
            step.held = sort_hand(cards_of(held & SUIT_MASK[SUIT_OF[led]]))
        self.current.steps.append(step)

    def take_back(self, seat: int, card: int) -> None:
        slots = list(self.slots)
        super().take_back(seat, card)
        if slots != self.slots:  # the engine took it off the trick
            for step in reversed(self.current.steps):
                if step.kind == "play" and step.card == card and not step.taken_back:
                    step.taken_back = True
                    break
        self.current.steps.append(Step("take_back", seat, card))

    def expose(self, seat: int, card: int) -> None:
        super().expose(seat, card)
        self.current.steps.append(Step("expose", seat, card))

    def _close(self) -> None:
        full = None not in self.slots
        winner = self.to_play() if full else None
        leader = self.leader
        cards = tuple(((leader + pos) % self.n, c) for pos, c in enumerate(self.slots) if c is not None)
        super()._close()
        trick = self.current
        trick.leader, trick.cards, trick.winner, trick.taken = leader, cards, winner, tuple(self.taken)
        self.tricks.append(trick)
        self.current = Trick(number=self.trick_no, leader=self.leader)

    def done(self) -> list[Trick]:
        """The closed tricks, then what is left over (cards after the last trick)."""
        if self.current.steps:
            self.tricks.append(self.current)
            self.current = Trick(number=self.trick_no, leader=self.leader)
        for trick in self.tricks:
            for f in self.f:
                kind = RENEGE_CODES.get(f.code)
                if kind is None or f.trick != trick.number:
                    continue
                for step in trick.steps:
                    if step.kind == "play" and step.seat == f.seat and NAME[step.card] == f.card:
                        step.renege = kind
        return self.tricks


def walk_game(log: GameLog, report: Report | None = None) -> list[DealWalkthrough]:
    """The walkthrough of every deal of ``log`` (``report`` is its replay, made if not given)."""
    report = report or replay(log)
    return [_walk(log, report, k) for k in range(1, len(log.deals) + 1)]


def walkthrough(log: GameLog, deal: int, report: Report | None = None) -> DealWalkthrough:
    """The walkthrough of deal number ``deal`` (from 1, redeals counted as in the report).

    Raises :class:`IndexError` when the log has no such deal.
    """
    if not 1 <= deal <= len(log.deals):
        raise IndexError(f"the log has {len(log.deals)} deals, not a deal {deal}")
    return _walk(log, report or replay(log), deal)


def _walk(log: GameLog, report: Report, k: int) -> DealWalkthrough:
    deal = log.deals[k - 1]
    rep = report.deals[k - 1]
    n = len(log.players)
    leader = (deal.dealer + 1) % n
    hands_logged = deal.hands is not None
    tricks: list[Trick] = []
    bidding: tuple[Bid, ...]
    dealt: list[int] | None = None if deal.hands is None else [mask_of(h) for h in deal.hands]
    if deal.events is not None:
        bidding = _bids_spoken(deal)
        plays = [e for e in deal.events if e.kind != "bid"]
        if plays:
            dealt = dealt or infer_hands_from_events(deal.events, n)
            table = _table(log, k, deal, rep.cards, dealt, hands_logged)
            table.run_events(deal.events)
            table.finish(all_tricks=False)
            tricks = table.done()
    else:
        assert deal.bids is not None
        order = [(deal.dealer + 1 + i) % n for i in range(n)]
        bidding = tuple(Bid(seat, deal.bids[seat]) for seat in order)
        if deal.tricks is not None:
            dealt = dealt or infer_hands_from_tricks(deal.tricks, n, leader, deal.trump)
            table = _table(log, k, deal, rep.cards, dealt, hands_logged)
            table.bids = list(deal.bids)
            table.run_tricks(deal.tricks)
            table.finish(all_tricks=False)
            tricks = table.done()
    cards_logged = bool(tricks) or hands_logged
    played_in: dict[int, int] = {}
    for trick in tricks:
        for _seat, card in trick.cards:
            played_in[card] = trick.number
    blind = rep.blind if rep.blind is not None else [False] * n
    return DealWalkthrough(
        deal=k,
        deals=len(log.deals),
        players=log.players,
        dealer=deal.dealer,
        cards=rep.cards,
        trump=deal.trump,
        hands=None if dealt is None else tuple(sort_hand(cards_of(m)) for m in dealt),
        hands_logged=hands_logged,
        bidding=bidding,
        bids=tuple(rep.bids),
        blind=tuple(blind),
        balance=rep.balance,
        taken=tuple(rep.taken),
        scores=tuple(rep.scores),
        annulled=rep.annulled,
        redeal=rep.redeal,
        cards_logged=cards_logged,
        tricks=tuple(tricks),
        findings=tuple(f for f in report.findings if f.deal == k),
        played_in=played_in,
    )


def _bids_spoken(deal: Deal) -> tuple[Bid, ...]:
    """The bid events in the order logged; a seat's second bid is a change of bid."""
    assert deal.events is not None
    seen: set[int] = set()
    out = []
    for e in deal.events:
        if e.kind == "bid":
            out.append(Bid(e.seat, e.value, change=e.seat in seen))
            seen.add(e.seat)
    return tuple(out)


def _table(log: GameLog, k: int, deal: Deal, cards: int, dealt: list[int], hands_logged: bool) -> _Watched:
    return _Watched(
        findings=Findings(log.players),
        deal_no=k,
        dealer=deal.dealer,
        cards=cards,
        trump=deal.trump,
        dealt=list(dealt),
        hands_logged=hands_logged,
    )
