"""The scorekeeper's draft, replayed through the Oh Hell rules engine after every entry.

Plain Python over ``rules.ohhell``: no rule of the game is decided here,
and nothing here touches the database; only the sentences of its refusals
are Django's (gettext, through :mod:`games.refusals`). The entries the scorekeeper taps (the
trump card, each bid, each card or the tricks taken, a card taken back, a
renege let stand) are turned into the events of the log
(shared/spec/ohhell-log.md) and driven through the engine's own
:class:`~rules.ohhell.table.Table` -- whose turn it is to bid or play, an
out-of-turn bid, a change of bid too late, a card already played, a
renege not corrected before the next lead -- and the whole draft through
:func:`~rules.ohhell.replay` for the bids' range, the dealer hook, the
tricks taken adding up and the scores. What the engine refuses (an error
finding caused by the entry itself) the scorekeeper is told at once.

The schedule (who deals, how many cards, the no-trump last deal) is
:func:`rules.ohhell.sheet_entry.plan`; an annulled deal is dealt again by
the same dealer with the same cards ("назначается пересдача тем же
сдатчиком").

Card-by-card without the hands: the engine infers each hand from the
cards the seat played, exposed or took back in the deal, so a renege
shows when the player later plays the suit -- or when the scorekeeper,
letting a renege stand, records the card of the led suit the player held
(logged as that card exposed). The warning "may still hold the suit" is
a hint for the table, not a rule: the player has not shown out of the led
suit before in this deal and some card of it is still unseen.

Irregularities entered as they happen (seed, "Ошибки и нарушения"): a card
exposed by accident and a card played out of turn both stay face up on the
table, to be played at the first chance ("Если игрок вскрыл карту с руки или
сделал любой ход вне своей очереди, то карта должна остаться на столе в
открытом виде для ее розыгрыша при первой возможности"), so both are logged
as the spec's ``expose`` event: a ``play`` by the wrong seat is the spec's
``PLAY_OUT_OF_TURN`` error, while the seed makes the card an exposed one.
In tricks-taken mode (no cards entered) a renege not corrected in time is
marked by who reneged: the deal is annulled, the offenders lose the penalty
and the same dealer deals again. The spec annuls a deal only through a
renege found in its cards, so the log carries such a deal with Trickbook's
``reneged`` extension (docs/ohhell.md): a score-sheet-only deal with its
``bids``, ``taken``, ``reneged`` and the ``scores`` as the sheet shows them,
and the game's ``totals``; the replay annuls it and expects the redeal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from games.refusals import Refusal, is_english
from rules.cards import BIT, NAME, SUIT_MASK, SUIT_OF, cards_of
from rules.findings import Finding
from rules.ohhell import parse, replay
from rules.ohhell.codes import Findings
from rules.ohhell.document import GAME, VERSION, Event
from rules.ohhell.ruleset import Ruleset, resolve_ruleset
from rules.ohhell.scoring import annulled_scores, balance
from rules.ohhell.sheet_entry import PlannedDeal, plan
from rules.ohhell.table import Table, infer_hands_from_events

KINDS = ("trump", "bid", "taken", "play", "take_back", "held", "expose", "out_of_turn", "renege", "undo")

#: Findings of the whole draft's replay that an entry may not cause: the scorekeeper is told
#: at once instead (a bid out of range, the dealer hook, tricks taken that do not add up).
REFUSED_IN_REPLAY = frozenset({"BID_OUT_OF_RANGE", "DEALER_HOOK", "TAKEN_MISMATCH"})
#: Findings of the deal's table that an entry may not cause.
REFUSED_AT_TABLE = frozenset(
    {
        "BID_CHANGE_TOO_LATE",
        "DUPLICATE_CARD",
        "WRONG_CARD_COUNT",
        "EXPOSED_CARD_NOT_PLAYED",
        "PLAY_OUT_OF_TURN",
    }
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One tap of the scorekeeper, as stored (cards as ints)."""

    kind: str
    seat: int | None = None
    value: int | None = None  # a bid
    card: int | None = None  # trump (None: no trump), play, take_back, held, expose, out_of_turn
    blind: bool = False
    taken: tuple[int, ...] | None = None
    seats: tuple[int, ...] | None = None  # renege: the seats that reneged


#: The sentence of each refusal of an entry, by its code (an engine finding refused at once is
#: said as the finding is: :meth:`Refused.of_finding`).
TEXTS: dict[str, Promise] = {
    "NOTHING_TO_UNDO": _("there is nothing to undo"),
    "UNKNOWN_ENTRY": _("unknown entry '%(kind)s'"),
    "GAME_COMPLETE": _("every deal of the schedule has been played"),
    "NO_TRUMP_DEAL": _("the last deal is played without trumps: no card is turned"),
    "TRUMP_AFTER_BIDS": _("the trump card is turned before the bidding"),
    "NOT_A_CARD": _("not a card"),
    "TRUMP_FIRST": _("enter the trump card first"),
    "BIDDING_OVER": _("the play has begun: the bids stand"),
    "NO_SEAT": _("whose bid is it? choose the player"),
    "NO_BID": _("a bid is a number of tricks"),
    "NO_BLIND": _("blind bids are not played at this table"),
    "CARDS_PLAYED": _("cards of this deal were entered one by one; undo them first"),
    "TAKEN_PER_SEAT": _("enter the tricks each player took"),
    "NOT_ON_TRICK": _("only a card on the current trick can be taken back"),
    "NOT_A_RENEGE": _("only a card that did not follow suit, or a card played after it, can be taken back"),
    "NO_RENEGE": _("no card on this trick missed the led suit"),
    "IN_TURN": _("it is that player's turn: enter the card as played"),
    "ALREADY_EXPOSED": _("%(card)s is already face up"),
    "RENEGED_WHO": _("mark who reneged"),
    "OTHER_HAND": _("%(card)s is in %(player)s's hand"),
    "TOO_MANY_CARDS": _("%(player)s has no more cards than that in hand"),
    "BIDS_FIRST": _("every player bids before the play"),
}
#: Codes said in more than one way, by what was entered.
WHOSE_CARD_TEXT = _("whose card is it? choose the player")
TRICKS_RECORDED_TEXT = _("the tricks of this deal are recorded")
NOT_MISSED_TEXT = _("that player did not miss the led suit with that card unseen")
NOT_A_CARD_TEXT = _("'%(text)s' is not a card (expected rank then suit, e.g. TH, 10H, Q♠)")


class Refused(Refusal):
    """An entry the rules (or the state of the deal) do not allow: ``code`` names why,
    ``params`` what it names, and ``str()`` says it in the reader's language (games.refusals).

    The template is the code's (:data:`TEXTS`) unless one is given; a plain sentence given
    for a code without one is said as it is.
    """

    def __init__(self, code: str, template: str | Promise | None = None, /, **params: Any) -> None:
        if template is None or (isinstance(template, str) and code in TEXTS):
            template = TEXTS.get(code, template or code)
        Refusal.__init__(self, code, template, **params)
        self.finding: dict[str, Any] | None = None
        self.players: list[str] = []

    @classmethod
    def of_finding(cls, finding: Finding, players: Sequence[str]) -> Refused:
        """An error finding an entry would cause, refused at once and said as the finding is."""
        params = {**finding.params, "seat": finding.seat, "deal": finding.deal}
        refused = cls(finding.code, finding.message, **params)
        refused.finding = finding.as_dict()
        refused.players = list(players)
        return refused

    def render(self) -> str:
        if self.finding is None:
            return super().render()
        if is_english():  # the engine's own sentence, as the report says it
            return str(self.finding["message"])
        from games.finding_text import sentence

        return sentence(GAME, self.finding, self.players)


@dataclass(frozen=True, slots=True)
class Setup:
    players: tuple[str, ...]
    ruleset: Any  # as the log names it: a preset name or an object
    first_dealer: int
    blind_bids: bool = False

    @property
    def rules(self) -> Ruleset:
        return resolve_ruleset(self.ruleset, len(self.players))


class _Recorder(Table):
    """The engine's table, watched: each closed trick is noted (leader, cards from the leader)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.history: list[tuple[int, tuple[int | None, ...]]] = []

    def _close(self) -> None:
        if None not in self.slots:
            self.history.append((self.leader, tuple(self.slots)))
        super()._close()


@dataclass
class Warning:
    """A card off the led suit while its player may still hold that suit (a possible renege)."""

    seat: int
    card: int
    position: int
    led_suit: int
    #: Cards of the led suit nobody has shown yet: what the player may hold.
    unseen: tuple[int, ...]
    #: The scorekeeper let it stand and recorded the card the player held.
    stands: bool = False


@dataclass
class DealState:
    """One deal of the draft: what the page shows and what the log records."""

    number: int  # counted from 1, redeals included
    planned: PlannedDeal
    redeal: bool
    trump: int | None = None
    trump_set: bool = False
    events: list[Event] = field(default_factory=list)
    blind: list[bool] = field(default_factory=list)
    taken: tuple[int, ...] | None = None
    annulled: bool = False
    closed: bool = False
    #: The lead that ended the time to correct a renege: kept in the entries, not in the log.
    dropped_lead: bool = False
    #: Tricks-taken mode: the seats marked as having reneged, uncorrected (the deal is annulled).
    marked: tuple[int, ...] = ()
    #: Cards exposed by accident or played out of turn, as entered: (entry kind, seat, card).
    exposures: list[tuple[str, int, int]] = field(default_factory=list)
    table: _Recorder | None = None

    @property
    def dealer(self) -> int:
        return self.planned.dealer

    @property
    def cards(self) -> int:
        return self.planned.cards

    @property
    def plays(self) -> list[Event]:
        return [e for e in self.events if e.kind == "play"]

    @property
    def bid_events(self) -> list[Event]:
        return [e for e in self.events if e.kind == "bid"]

    @property
    def irregular(self) -> bool:
        """Recorded as events: a bid out of turn or changed, a card taken back or exposed, annulled."""
        if self.annulled or any(e.kind in ("take_back", "expose") for e in self.events):
            return True
        bids = self.bid_events
        n = len(self.blind)
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        return [e.seat for e in bids] != order


@dataclass
class State:
    """The whole draft after its entries: finished deals, the deal in progress, the replay."""

    setup: Setup
    deals: list[DealState]
    current: DealState | None
    complete: bool
    document: dict[str, Any]
    report: dict[str, Any]
    schedule: int
    entries: int
    last: Entry | None = None
    #: When the deal in progress is played out: the deal that comes next (a redeal of the same
    #: row when a renege stands), and whether it is a redeal; None when the game is over.
    upcoming: PlannedDeal | None = None
    upcoming_redeal: bool = False

    # -- the deal in progress, as the page shows it ------------------------------------

    @property
    def n(self) -> int:
        return len(self.setup.players)

    @property
    def phase(self) -> str:
        """``trump``, ``bidding``, ``play``, ``played_out`` or ``complete``."""
        deal = self.current
        if deal is None:
            return "complete"
        if not deal.trump_set:
            return "trump"
        bids = self.bids
        if None in bids:
            return "bidding"
        if self.played_out:
            return "played_out"
        return "play"

    @property
    def bids(self) -> list[int | None]:
        if self.current is None or self.current.table is None:
            return [None] * self.n
        return list(self.current.table.bids)

    @property
    def bid_turn(self) -> int | None:
        table = self.current.table if self.current else None
        return None if table is None else table.bid_turn

    @property
    def speaking_order(self) -> list[int]:
        """Seed: "Торговлю начинает игрок, который сидит слева от сдатчика"."""
        if self.current is None:
            return []
        return [(self.current.dealer + 1 + i) % self.n for i in range(self.n)]

    @property
    def balance(self) -> tuple[str, int] | None:
        """The announcement after the last bid: over / under / even, and by how many."""
        bids = self.bids
        if self.current is None or None in bids:
            return None
        total = sum(b for b in bids if b is not None)
        return balance(bids, self.current.cards), abs(total - self.current.cards)

    @property
    def played_out(self) -> bool:
        deal = self.current
        if deal is None or deal.table is None:
            return False
        table = deal.table
        return table.closed + (None not in table.slots) >= deal.cards

    @property
    def to_play(self) -> int | None:
        deal = self.current
        if deal is None or deal.table is None or self.phase != "play":
            return None
        return deal.table.to_play()

    @property
    def trick(self) -> list[tuple[int, int]]:
        """The cards on the current trick, (seat, card) from its leader."""
        deal = self.current
        if deal is None or deal.table is None:
            return []
        table = deal.table
        return [((table.leader + pos) % self.n, c) for pos, c in enumerate(table.slots) if c is not None]

    @property
    def trick_number(self) -> int:
        deal = self.current
        if deal is None or deal.table is None:
            return 0
        table = deal.table
        return table.trick_no + (None not in table.slots and not self.played_out)

    @property
    def played(self) -> set[int]:
        """Every card out of the hands in this deal (on a closed or the current trick), and the trump."""
        deal = self.current
        out: set[int] = set()
        if deal is None:
            return out
        if deal.trump is not None:
            out.add(deal.trump)
        if deal.table is not None:
            for _leader, cards in deal.table.history:
                out.update(c for c in cards if c is not None)
            out.update(c for c in deal.table.slots if c is not None)
        return out

    @property
    def taken_so_far(self) -> list[int]:
        deal = self.current
        if deal is None or deal.table is None:
            return [0] * self.n
        taken = list(deal.table.taken)
        if None not in deal.table.slots:  # a full trick not yet closed by the next lead: its winner's
            taken[deal.table.to_play()] += 1
        return taken

    @property
    def exposed(self) -> list[list[int]]:
        """Each seat's exposed cards still in hand: shown until played."""
        deal = self.current
        if deal is None or deal.table is None:
            return [[] for _ in range(self.n)]
        table = deal.table
        return [cards_of(table.exposed[s] & table.held[s]) for s in range(self.n)]

    @property
    def warnings(self) -> list[Warning]:
        """Cards on the current trick played off the led suit while the player may hold it."""
        deal = self.current
        if deal is None or deal.table is None or self.phase not in ("play", "played_out"):
            return []
        return _warnings(deal, self.n)

    def deal_findings(self, number: int) -> list[dict[str, Any]]:
        return [f for f in self.report["findings"] if f.get("deal") == number]


# -- running the entries ---------------------------------------------------------------


def effective(entries: Iterable[Entry]) -> list[Entry]:
    """The entries that stand: each ``undo`` takes back the last entry standing before it."""
    out: list[Entry] = []
    for entry in entries:
        if entry.kind == "undo":
            if out:
                out.pop()
        else:
            out.append(entry)
    return out


def run(setup: Setup, entries: Sequence[Entry]) -> State:
    """The state after every entry; entries the rules refuse now are skipped (none are, when
    each was checked with :func:`check` before it was stored)."""
    game = _Game(setup, trusted=True)
    standing = effective(entries)
    for entry in standing:
        try:
            game.feed(entry)
        except Refused:
            continue
    return game.state(entries=len(standing), last=standing[-1] if standing else None)


def check(setup: Setup, entries: Sequence[Entry], entry: Entry) -> State:
    """The state with ``entry`` added; raises :class:`Refused` saying why it cannot be added."""
    if entry.kind == "undo":
        standing = effective(entries)
        if not standing:
            raise Refused("NOTHING_TO_UNDO")
        return run(setup, [*entries, entry])
    game = _Game(setup, trusted=True)
    standing = effective(entries)
    for e in standing:
        try:
            game.feed(e)
        except Refused:
            continue
    game.trusted = False
    game.feed(entry)
    game.refuse_replay_findings()
    return game.state(entries=len(standing) + 1, last=entry)


def document(setup: Setup, entries: Sequence[Entry]) -> dict[str, Any]:
    """The standard log of the finished deals (compact, or events where irregularities were recorded)."""
    return run(setup, entries).document


class _Game:
    def __init__(self, setup: Setup, *, trusted: bool = False) -> None:
        self.setup = setup
        self.trusted = trusted
        self.n = len(setup.players)
        self.rules = setup.rules
        self.plan = plan(self.rules, self.n, setup.first_dealer)
        self.deals: list[DealState] = []
        self.fed: DealState | None = None
        self.slot = 0
        self.current: DealState | None = self._new_deal(redeal=False)

    # -- deals ---------------------------------------------------------------------------

    def _new_deal(self, *, redeal: bool) -> DealState | None:
        if self.slot >= len(self.plan):
            return None
        planned = self.plan[self.slot]
        deal = DealState(number=len(self.deals) + 1, planned=planned, redeal=redeal, blind=[False] * self.n)
        if planned.no_trump:
            # "При розыгрыше последней сдачи партии карта не открывается": no card to enter.
            deal.trump, deal.trump_set = None, True
        deal.table = self._table(deal, deal.events)
        return deal

    def _close_current(self) -> None:
        deal = self.current
        assert deal is not None
        deal.closed = True
        self.deals.append(deal)
        if not deal.annulled:
            self.slot += 1
        self.current = self._new_deal(redeal=deal.annulled)

    def _table(self, deal: DealState, events: Sequence[Event]) -> _Recorder:
        return self._run(deal, events, infer_hands_from_events(tuple(events), self.n))

    def _trial(self, deal: DealState, event: Event) -> tuple[_Recorder, list[Finding]]:
        """The deal's table with ``event`` added, and the findings that event itself caused.

        Both runs know the new card (the hands are inferred from every card the deal has
        shown), so what the earlier events are found to have done is not blamed on it.
        """
        known = infer_hands_from_events((*deal.events, event), self.n)
        after = self._run(deal, [*deal.events, event], known)
        if self.trusted:  # stored entries were checked when they were made
            return after, []
        before = self._run(deal, deal.events, known)
        earlier = list(before.f)
        return after, [f for f in after.f if f not in earlier]

    def _run(self, deal: DealState, events: Sequence[Event], dealt: list[int]) -> _Recorder:
        table = _Recorder(
            findings=Findings(self.setup.players),
            deal_no=deal.number,
            dealer=deal.dealer,
            cards=deal.cards,
            trump=deal.trump,
            dealt=list(dealt),
            hands_logged=False,
        )
        for e in events:
            _apply(table, e)
        return table

    # -- entries -------------------------------------------------------------------------

    def feed(self, entry: Entry) -> None:
        deal = self.current
        if entry.kind not in KINDS or entry.kind == "undo":
            raise Refused("UNKNOWN_ENTRY", kind=entry.kind)
        if deal is not None and deal.table is not None and entry.kind not in ("take_back", "held"):
            table = deal.table
            if deal.taken is None and deal.plays and table.closed + (None not in table.slots) >= deal.cards:
                # The deal was played out: the next entry that is not a correction starts the next deal.
                self._finish_played_out(deal)
                self._close_current()
                deal = self.current
        if deal is None:
            raise Refused("GAME_COMPLETE")
        # The deal the entry goes into (it may close it: the tricks taken, a marked renege), for
        # the arbiter's timeline of a deal (deal_numbers).
        self.fed = deal
        getattr(self, f"_{entry.kind}")(deal, entry)

    def _finish_played_out(self, deal: DealState) -> None:
        table = self._table(deal, deal.events)
        table.finish(all_tricks=False)
        deal.annulled = bool(table.reneged)

    def _trump(self, deal: DealState, entry: Entry) -> None:
        if deal.planned.no_trump:
            raise Refused("NO_TRUMP_DEAL")
        if deal.events:
            raise Refused("TRUMP_AFTER_BIDS")
        if entry.card is not None and not 0 <= entry.card < 52:
            raise Refused("NOT_A_CARD")
        deal.trump, deal.trump_set = entry.card, True
        deal.table = self._table(deal, deal.events)

    def _bid(self, deal: DealState, entry: Entry) -> None:
        if not deal.trump_set:
            raise Refused("TRUMP_FIRST")
        if deal.plays or deal.taken is not None:
            raise Refused("BIDDING_OVER")
        assert deal.table is not None
        seat = deal.table.bid_turn if entry.seat is None else entry.seat
        if seat is None or not 0 <= seat < self.n:
            raise Refused("NO_SEAT")
        if entry.value is None:
            raise Refused("NO_BID")
        if entry.blind and not self.setup.blind_bids:
            raise Refused("NO_BLIND")
        event = Event("bid", seat, entry.value)
        table, caused = self._trial(deal, event)
        _refuse(caused, REFUSED_AT_TABLE, self.setup.players)
        deal.events.append(event)
        deal.blind[seat] = entry.blind
        deal.table = table

    def _taken(self, deal: DealState, entry: Entry) -> None:
        self._ready_to_play(deal)
        if deal.plays:
            raise Refused("CARDS_PLAYED")
        taken = entry.taken
        if taken is None or len(taken) != self.n:
            raise Refused("TAKEN_PER_SEAT")
        deal.taken = tuple(taken)
        self._close_current()

    def _play(self, deal: DealState, entry: Entry) -> None:
        self._ready_to_play(deal)
        if entry.card is None or not 0 <= entry.card < 52:
            raise Refused("NOT_A_CARD")
        assert deal.table is not None
        seat = deal.table.to_play()
        self._refuse_other_hand(deal, seat, entry.card)
        self._refuse_too_many(deal, seat, entry.card)
        event = Event("play", seat, entry.card)
        table, caused = self._trial(deal, event)
        _refuse(caused, REFUSED_AT_TABLE, self.setup.players)
        deal.events.append(event)
        deal.table = table
        if table.reneged:
            # "Если ренонс не был исправлен вовремя, то игра по сдаче аннулируется": the lead of
            # the next trick (or a later card proving the renege) ends the deal.
            deal.annulled = True
            if None in table.slots and sum(c is not None for c in table.slots) == 1:
                without = self._table(deal, deal.events[:-1])
                without.finish(all_tricks=False)
                if without.reneged:
                    deal.dropped_lead = True
            self._close_current()

    def _take_back(self, deal: DealState, entry: Entry) -> None:
        table = deal.table
        if table is None or not deal.plays or entry.card is None or entry.card not in table.slots:
            raise Refused("NOT_ON_TRICK")
        warnings = _warnings(deal, self.n)
        pos = table.slots.index(entry.card)
        if not warnings or pos < min(w.position for w in warnings):
            raise Refused("NOT_A_RENEGE")
        seat = (table.leader + pos) % self.n
        event = Event("take_back", seat, entry.card)
        new, caused = self._trial(deal, event)
        _refuse(caused, REFUSED_AT_TABLE, self.setup.players)
        deal.events.append(event)
        deal.table = new

    def _held(self, deal: DealState, entry: Entry) -> None:
        """A renege let stand: the card of the led suit the player held, shown to the table."""
        table = deal.table
        if table is None or entry.card is None:
            raise Refused("NO_RENEGE")
        for warning in _warnings(deal, self.n):
            if warning.seat == entry.seat and entry.card in warning.unseen and not warning.stands:
                self._refuse_other_hand(deal, warning.seat, entry.card)
                self._refuse_too_many(deal, warning.seat, entry.card)
                event = Event("expose", warning.seat, entry.card)
                new, caused = self._trial(deal, event)
                _refuse(caused, REFUSED_AT_TABLE, self.setup.players)
                deal.events.append(event)
                deal.table = new
                return
        raise Refused("NO_RENEGE", NOT_MISSED_TEXT, seat=entry.seat)

    def _expose(self, deal: DealState, entry: Entry) -> None:
        """Seed: "Если игрок вскрыл карту с руки ..., то карта должна остаться на столе в открытом
        виде для ее розыгрыша при первой возможности": a card shown by accident, during the
        bidding or the play, stays face up until it can be played."""
        if not deal.trump_set:
            raise Refused("TRUMP_FIRST")
        if deal.taken is not None:
            raise Refused("CARDS_PLAYED", TRICKS_RECORDED_TEXT)
        self._exposed(deal, entry)

    def _out_of_turn(self, deal: DealState, entry: Entry) -> None:
        """Seed: "... или сделал любой ход вне своей очереди, то карта должна остаться на столе в
        открытом виде": a card played out of turn does not join the trick; it becomes an
        exposed card (logged as ``expose``: a ``play`` by the wrong seat would be the spec's
        ``PLAY_OUT_OF_TURN`` error) and the turn stays with the player whose turn it was."""
        self._ready_to_play(deal)
        if deal.taken is not None:
            raise Refused("CARDS_PLAYED", TRICKS_RECORDED_TEXT)
        assert deal.table is not None
        if entry.seat is not None and entry.seat == deal.table.to_play():
            raise Refused("IN_TURN", seat=entry.seat)
        self._exposed(deal, entry)

    def _exposed(self, deal: DealState, entry: Entry) -> None:
        table = deal.table
        assert table is not None
        seat, card = entry.seat, entry.card
        if seat is None or not 0 <= seat < self.n:
            raise Refused("NO_SEAT", WHOSE_CARD_TEXT)
        if card is None or not 0 <= card < 52:
            raise Refused("NOT_A_CARD")
        if table.exposed[seat] & table.held[seat] & BIT[card]:
            raise Refused("ALREADY_EXPOSED", seat=seat, card=NAME[card])
        self._refuse_other_hand(deal, seat, card)
        self._refuse_too_many(deal, seat, card)
        event = Event("expose", seat, card)
        new, caused = self._trial(deal, event)
        _refuse(caused, REFUSED_AT_TABLE, self.setup.players)
        deal.events.append(event)
        deal.exposures.append((entry.kind, seat, card))
        deal.table = new

    def _renege(self, deal: DealState, entry: Entry) -> None:
        """Tricks-taken mode: a renege not corrected in time, marked by who reneged. Seed: "Если
        ренонс не был исправлен вовремя, то игра по сдаче аннулируется и назначается пересдача
        тем же сдатчиком. Со счета игрока, который сделал ренонс, снимается 10 очков." """
        self._ready_to_play(deal)
        if deal.plays:
            raise Refused("CARDS_PLAYED")
        seats = entry.seats or ()
        if not seats or len(set(seats)) != len(seats) or not all(0 <= s < self.n for s in seats):
            raise Refused("RENEGED_WHO")
        deal.marked = tuple(sorted(seats))
        deal.annulled = True
        self._close_current()

    def _refuse_other_hand(self, deal: DealState, seat: int, card: int) -> None:
        """A card the deal has shown in another player's hand (exposed, or taken back) is not this one's."""
        table = deal.table
        if table is None:
            return
        for other in range(self.n):
            if other != seat and table.held[other] & BIT[card]:
                raise Refused("OTHER_HAND", seat=other, card=NAME[card], player=self.setup.players[other])

    def _refuse_too_many(self, deal: DealState, seat: int, card: int) -> None:
        """A hand holds the deal's cards less those it has played: a card beyond what the deal
        has shown of it (exposed cards included) must still fit. (On a full trick every seat
        has played to it, closed or not: the count is the same.)"""
        table = deal.table
        assert table is not None
        known = table.held[seat] | BIT[card]
        on_trick = table.slots[(seat - table.leader) % self.n] is not None
        if known.bit_count() > deal.cards - table.closed - on_trick:
            raise Refused("TOO_MANY_CARDS", seat=seat, card=NAME[card], player=self.setup.players[seat])

    def _ready_to_play(self, deal: DealState) -> None:
        if not deal.trump_set:
            raise Refused("TRUMP_FIRST")
        if deal.table is None or None in deal.table.bids:
            raise Refused("BIDS_FIRST")

    # -- the draft's replay --------------------------------------------------------------

    def _finished_deals(self) -> list[DealState]:
        deals = list(self.deals)
        deal = self.current
        if deal is not None and deal.table is not None and deal.plays:
            table = deal.table
            if table.closed + (None not in table.slots) >= deal.cards:
                deals.append(deal)
        return deals

    def _document(self, deals: Sequence[DealState], current: DealState | None = None) -> dict[str, Any]:
        """The log of ``deals`` (and ``current`` as far as it went). A deal annulled by a renege
        marked without its cards carries ``reneged`` and its ``scores`` as on the sheet (and
        :meth:`state` adds the sheet's ``totals``), so a reader that ignores the extension
        still sees the deal flagged: a ``SCORE_MISMATCH`` and a ``TOTAL_MISMATCH``."""
        out = [_deal_document(d, self.n, rules=self.rules) for d in deals]
        if current is not None:
            out.append(_deal_document(current, self.n, partial=True))
        return {
            "game": GAME,
            "version": VERSION,
            "ruleset": self.setup.ruleset,
            "players": list(self.setup.players),
            "deals": out,
        }

    def refuse_replay_findings(self) -> None:
        """Refuse an entry whose deal the whole replay finds wrong (range, hook, tricks taken)."""
        current = self.current
        if current is not None and current.events:
            doc, number = self._document(self.deals, current), len(self.deals) + 1
        elif self.deals:
            doc, number = self._document(self.deals), len(self.deals)
        else:
            return
        report = replay(parse(doc))
        for f in report.findings:
            if f.deal == number and f.code in REFUSED_IN_REPLAY:
                raise Refused.of_finding(f, self.setup.players)

    def state(self, *, entries: int, last: Entry | None) -> State:
        finished = self._finished_deals()
        doc = self._document(finished)
        report = replay(parse(doc)).as_dict()
        if any(d.marked for d in finished):
            doc["totals"] = list(report["totals"])
        upcoming, redeal = None, False
        if len(finished) > len(self.deals) and self.current is not None:
            table = self._table(self.current, self.current.events)
            table.finish(all_tricks=False)
            redeal = bool(table.reneged)
            slot = self.slot if redeal else self.slot + 1
            upcoming = self.plan[slot] if slot < len(self.plan) else None
        complete = self.current is None or (len(finished) > len(self.deals) and self._last_slot())
        if not complete and finished:
            # The last deal's redeal is the one in progress (or next): not missing, only not yet.
            last_deal = len(finished)
            report["findings"] = [
                f for f in report["findings"] if f["code"] != "MISSING_REDEAL" or f["deal"] != last_deal
            ]
        return State(
            upcoming=upcoming,
            upcoming_redeal=redeal,
            setup=self.setup,
            deals=finished,
            current=self.current,
            complete=complete,
            document=doc,
            report=report,
            schedule=len(self.plan),
            entries=entries,
            last=last,
        )

    def _last_slot(self) -> bool:
        """The deal in progress is played out, is the schedule's last, and stands."""
        deal = self.current
        if deal is None:
            return True
        if self.slot != len(self.plan) - 1:
            return False
        table = self._table(deal, deal.events)
        table.finish(all_tricks=False)
        return not table.reneged


def _apply(table: Table, e: Event) -> None:
    if e.kind == "bid":
        table.bid(e.seat, e.value)
    elif e.kind == "play":
        table.play(e.seat, e.value)
    elif e.kind == "take_back":
        table.take_back(e.seat, e.value)
    else:
        table.expose(e.seat, e.value)


def _refuse(caused: list[Finding], codes: frozenset[str], players: Sequence[str]) -> None:
    for f in caused:
        if f.code in codes and f.severity == "error":
            raise Refused.of_finding(f, players)


def _warnings(deal: DealState, n: int) -> list[Warning]:
    """Off-suit cards on the current trick whose players may still hold the led suit."""
    table = deal.table
    if table is None or table.slots[0] is None:
        return []
    led = table.slots[0]
    led_suit = SUIT_OF[led]
    seen = set()
    if deal.trump is not None:
        seen.add(deal.trump)
    shown_out: set[int] = set()  # seats that missed this suit on an earlier trick
    for leader, cards in table.history:
        seen.update(c for c in cards if c is not None)
        first = cards[0]
        if first is not None and SUIT_OF[first] == led_suit:
            for pos, c in enumerate(cards):
                if c is not None and SUIT_OF[c] != led_suit:
                    shown_out.add((leader + pos) % n)
    seen.update(c for c in table.slots if c is not None)
    unseen = tuple(c for c in cards_of(SUIT_MASK[led_suit]) if c not in seen)
    out = []
    for pos, card in enumerate(table.slots):
        if pos == 0 or card is None or SUIT_OF[card] == led_suit:
            continue
        seat = (table.leader + pos) % n
        # Not what another player is known to hold (an exposed card, a card taken back).
        others = 0
        for other in range(n):
            if other != seat:
                others |= table.held[other]
        mine = tuple(c for c in unseen if not others & BIT[c])
        if seat in shown_out or not mine:
            continue
        # The rest of the hand is known (a one-card deal, exposed cards) and holds none of the suit.
        known = table.held[seat]
        if not known & SUIT_MASK[led_suit] and known.bit_count() >= deal.cards - table.closed - 1:
            continue
        out.append(
            Warning(
                seat=seat,
                card=card,
                position=pos,
                led_suit=led_suit,
                unseen=mine,
                stands=pos in table.renege,
            )
        )
    return out


def _deal_document(
    deal: DealState, n: int, partial: bool = False, rules: Ruleset | None = None
) -> dict[str, Any]:
    """One deal of the log: compact (bids and tricks, or bids and taken) unless irregular."""
    out: dict[str, Any] = {
        "dealer": deal.dealer,
        "cards": deal.cards,
        "trump": None if deal.trump is None else NAME[deal.trump],
    }
    if deal.marked:
        assert rules is not None
        _marked_document(out, deal, n, rules)
        return out
    events = deal.events[:-1] if deal.dropped_lead else deal.events
    if deal.irregular or partial:
        out["events"] = [
            {"seat": e.seat, e.kind: e.value if e.kind == "bid" else NAME[e.value]}
            for e in events
            if deal.taken is None or e.kind == "bid"
        ]
        if deal.taken is not None:
            out["taken"] = list(deal.taken)
    else:
        bids: list[int] = [0] * n
        for e in deal.bid_events:
            bids[e.seat] = e.value
        out["bids"] = bids
        if deal.taken is not None:
            out["taken"] = list(deal.taken)
        else:
            plays = [e.value for e in deal.plays]
            out["tricks"] = [[NAME[c] for c in plays[i : i + n]] for i in range(0, len(plays), n)]
    if any(deal.blind):
        out["blind"] = list(deal.blind)
    return out


def _marked_document(out: dict[str, Any], deal: DealState, n: int, rules: Ruleset) -> None:
    """A deal annulled by a renege marked in tricks-taken mode, as Trickbook's ``reneged``
    extension writes it: a score-sheet-only deal (the extension allows no ``events``), so its
    bids are the bids that stood; ``taken`` is zeros, as the scorekeeper marked the renege
    instead of counting the tricks, which an annulled deal does not score ("игра по сдаче
    аннулируется"); ``scores`` as the sheet shows them."""
    assert deal.table is not None
    out["bids"] = [0 if bid is None else bid for bid in deal.table.bids]
    out["taken"] = [0] * n
    out["reneged"] = list(deal.marked)
    out["scores"] = annulled_scores(rules, n, deal.marked)
    if any(deal.blind):
        out["blind"] = list(deal.blind)


def deal_numbers(
    setup: Setup, entries: Sequence[Entry]
) -> tuple[list[int | None], set[int], list[int | None]]:
    """Which deal each entry was made in, which entries an undo took back, and each entry's seat.

    For the arbiter's timeline of a deal (games.evidence): every entry as the scorekeeper made
    it, undos and what they took back included. An entry belongs to the deal it went into, even
    when it closed that deal (the tricks taken, a renege marked); an undo to the deal of the
    entry it took back; an entry the rules refused now, or an undo with nothing to take back, to
    none. The seat is the entry's own, or, for a card the page sent without one (whose turn it
    was is the engine's to say), the seat the engine gave the card. The draft is fed entry by
    entry; an undo replays what still stands.
    """
    numbers: list[int | None] = []
    seats: list[int | None] = []
    undone: set[int] = set()
    standing: list[tuple[int, Entry, int | None]] = []
    game = _Game(setup, trusted=True)
    for index, entry in enumerate(entries):
        if entry.kind == "undo":
            seats.append(None)
            if not standing:
                numbers.append(None)
                continue
            taken_back, _entry, number = standing.pop()
            undone.add(taken_back)
            numbers.append(number)
            game = _Game(setup, trusted=True)
            for _i, kept, _n in standing:
                try:
                    game.feed(kept)
                except Refused:
                    continue
            continue
        seat = entry.seat
        try:
            game.feed(entry)
        except Refused:
            number = None
        else:
            fed = game.fed
            number = None if fed is None else fed.number
            if seat is None and fed is not None and entry.card is not None:
                seat = next((e.seat for e in reversed(fed.events) if e.value == entry.card), None)
        standing.append((index, entry, number))
        numbers.append(number)
        seats.append(seat)
    return numbers, undone, seats
