"""One deal of a preferans pulka as the table saw it: for the deal page.

The pulka says what each deal wrote; a walkthrough says how: the dealer (and, at a table of
four, that he sits out), the hands as dealt, the talon (прикуп), the auction in the order
spoken with its dark declarations (ПАС / РАЗ / ДВА / ТРИ / МИЗЕР В ТЕМНУЮ, seed 002), the
discard (снос) and the contract, the defenders' words (вист, пас, полвиста; open or closed),
then the play trick by trick with its leader and winner — in a pass-out (распасы) the talon
card turned for each of the first two tricks — and each revoke with the cards the player
should have played; last, what the deal wrote on the pulka and the bombs.

No rule is decided here. The deal's figures (contract, declarer, multiplier, bomb, whists,
tricks, made, entries, bombs drawn and put out) are the replay's own report
(:func:`rules.preferans.replay.replay`), so the page can never disagree with the pulka. The
auction, the whists and the play are run again through the replay's machinery —
:func:`~rules.preferans.auction.run_auction` with the options the replay gave this deal,
:func:`~rules.preferans.whist.whist_decisions`, :func:`~rules.preferans.play.run_play` —
only to read what the report does not keep (the calls counted, who looked, open or closed,
the winner of each trick, the revokes); their findings are discarded (the report's are the
ones shown). The pulka after the deal is the report's entries written again on a
:class:`~rules.preferans.pulka.Pulka`. Plain data: seats are ints, cards canonical names
(``"QH"``), contracts as the report writes them (``"6S"``, ``"7NT"``, ``"misere"``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.cards import BIT, CARD_BY_SPELLING, NAME, SUIT_MASK, SUIT_OF, cards_of
from rules.findings import Finding
from rules.preferans.auction import AuctionOptions, AuctionResult, run_auction
from rules.preferans.codes import Findings
from rules.preferans.core import Contract, read_contract
from rules.preferans.document import PreferansDeal, PreferansLog, card_names
from rules.preferans.play import (
    NOT_TRUMPED,
    TALON_TRICKS,
    PlayResult,
    active_seats,
    first_leader,
    next_leader,
    run_play,
    seat_masks,
    trump_suit,
)
from rules.preferans.pulka import Entry, Pulka
from rules.preferans.replay import ReplayOptions, auction_options, replay, replay_options
from rules.preferans.report import DealReport, Report
from rules.preferans.ruleset import Ruleset
from rules.preferans.whist import WhistOptions, WhistResult, defenders_of, game_is_dark, whist_decisions

__all__ = [
    "AuctionCall",
    "DealWalkthrough",
    "Hand",
    "Played",
    "SeatSheet",
    "Trick",
    "WhistWord",
    "walkthrough",
]

#: Hands are shown suit by suit in the bidding order ♠ ♣ ♦ ♥ (as the log writes them).
SUIT_LETTERS = ("S", "C", "D", "H")


@dataclass(frozen=True, slots=True)
class Hand:
    """A seat's ten cards as dealt, by suit (♠ ♣ ♦ ♥), high cards first.

    ``logged`` is false when the log did not give the hands and these are the cards the
    seat played (so a deal left unfinished shows fewer).
    """

    seat: int
    suits: tuple[tuple[str, tuple[str, ...]], ...]
    logged: bool

    @property
    def cards(self) -> tuple[str, ...]:
        return tuple(c for _suit, cards in self.suits for c in cards)


@dataclass(frozen=True, slots=True)
class AuctionCall:
    """One call as logged, numbered from 1.

    ``kind`` is ``"contract"`` (``contract`` names it: ``"6S"``, ``"misere"``), ``"pass"``
    or ``"dark-1"``..``"dark-3"`` (РАЗ / ДВА / ТРИ В ТЕМНУЮ). ``dark``: made without looking
    (ПАС В ТЕМНУЮ, МИЗЕР В ТЕМНУЮ, a dark game, the dark levels); ``looked``: a call the
    log marks as made after looking. ``counted`` is false for a call the auction ignored (a
    call after one's own pass, after the auction ended, by the dealer sitting out);
    ``winning`` marks the call that won the auction — or, in a dark pass-out, the ПАС В
    ТЕМНУЮ that declared it.
    """

    number: int
    seat: int
    kind: str
    contract: str | None
    dark: bool
    looked: bool
    counted: bool
    winning: bool

    @property
    def dark_level(self) -> int:
        return ("dark-1", "dark-2", "dark-3").index(self.kind) + 1 if self.kind.startswith("dark-") else 0


@dataclass(frozen=True, slots=True)
class WhistWord:
    """A defender's word as spoken, in order: ``whist``, ``pass`` or ``half`` (полвиста);
    ``answer`` marks the first defender's third word, his answer to a half-whist."""

    seat: int
    decision: str
    answer: bool = False


@dataclass(frozen=True, slots=True)
class Played:
    """One card played to a trick. An illegal card carries its finding code (``REVOKE``:
    did not follow suit; ``NOT_TRUMPED``: void and did not trump) and ``should``: the cards
    of the suit it should have been (the suit led or turned, or the trumps) the seat held."""

    seat: int
    card: str
    revoke: str | None = None
    should: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Trick:
    """A trick in the order played, from its leader.

    ``talon_card``: in a pass-out, the talon card turned to set the suit of this trick (the
    first two), which takes nothing; ``winner`` and ``winning_card`` are None for a trick
    left unfinished before a claim; ``taken``: each seat's tricks once this one is over.
    """

    number: int
    leader: int
    talon_card: str | None
    cards: tuple[Played, ...]
    winner: int | None
    winning_card: str | None
    taken: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class SeatSheet:
    """One seat on the pulka: what this deal wrote for it (``pool``, ``mountain``, whists
    on each opponent) and the sheet after the deal (``*_after``), the live bombs before and
    after it (ranks: 1 bomb, 2 double bomb, 3 ёлка) and the balance in whole whists had the
    pulka stopped here."""

    seat: int
    pool: int
    mountain: int
    whists: tuple[tuple[int, int], ...]
    pool_after: int
    mountain_after: int
    whists_after: tuple[tuple[int, int], ...]
    bombs_before: tuple[int, ...]
    bombs_after: tuple[int, ...]
    balance: int


@dataclass(slots=True)
class DealWalkthrough:
    """Everything the deal page shows for one deal (number ``deal``, from 1)."""

    deal: int
    deals: int
    players: tuple[str, ...]
    dealer: int
    #: The dealer at a table of four, who sits out of the deal; None at a table of three.
    sitting_out: int | None
    #: The three seats in play, from the first hand (the dealer's left).
    order: tuple[int, ...]
    #: The hands of the seats in play (``order``), or None when no card of the deal is known.
    hands: tuple[Hand, ...] | None
    hands_logged: bool
    #: The talon in the order written (the order a pass-out turns it), and the discard.
    talon: tuple[str, ...] | None
    discard: tuple[str, ...] | None
    auction: tuple[AuctionCall, ...]
    auction_complete: bool
    #: The lowest light game allowed after the pass-outs before (``"7S"``), None when any.
    minimum: str | None
    passed_out: bool
    #: A pass-out's place in the run of pass-outs, and its dark round (1..3, 0 when light).
    passout_round: int
    dark_passout: int
    #: The game: ``"6S"``, ``"misere"``; the declarer; won with a dark call (``dark_level``
    #: 1..3 for РАЗ / ДВА / ТРИ В ТЕМНУЮ); played "только в темную" (both whist, closed).
    contract: str | None
    declarer: int | None
    dark: bool
    dark_level: int
    only_dark: bool
    #: The defenders (speaking order), their words as spoken, and the replay's reading of
    #: them: per defender ``whist``, ``pass`` or ``half`` (on misère both catch: ``pass``).
    defenders: tuple[int, ...]
    whist_words: tuple[WhistWord, ...]
    whists: dict[int, str]
    half: int | None
    open: bool
    #: False when both defenders passed (or a half-whist stood): the game is written unplayed.
    played: bool
    #: The factor on every entry of the deal; the bomb's part of it; the dark game's part.
    multiplier: int
    bomb: int
    dark_factor: int
    tricks: tuple[Trick, ...]
    #: The tricks claimed after the play (a count), or None.
    claim: int | None
    #: Tricks per seat (the claim included) as the replay counts them; None when unknown.
    taken: tuple[int, ...] | None
    made: bool | None
    entries: tuple[Entry, ...]
    sheet: tuple[SeatSheet, ...]
    bombs_drawn: tuple[tuple[int, int], ...]
    bombs_extinguished: tuple[tuple[int, int], ...]
    #: The replay's findings about this deal, in report order.
    findings: tuple[Finding, ...]
    #: card -> the trick it was played in (or, in a pass-out, turned from the talon for).
    played_in: dict[str, int] = field(default_factory=dict)

    @property
    def revokes(self) -> list[tuple[Trick, Played]]:
        return [(t, p) for t in self.tricks for p in t.cards if p.revoke]

    @property
    def complete_tricks(self) -> int:
        return sum(1 for t in self.tricks if t.winner is not None)

    @property
    def misere(self) -> bool:
        return self.contract == "misere"


def walkthrough(log: PreferansLog, deal: int, report: Report | None = None) -> DealWalkthrough:
    """The walkthrough of deal number ``deal`` (from 1); ``report`` is the log's replay
    (made when not given).

    Raises :class:`IndexError` when the log has no such deal.
    """
    if not 1 <= deal <= len(log.deals):
        raise IndexError(f"the log has {len(log.deals)} deals, not a deal {deal}")
    report = report or replay(log)
    return _walk(log, report, deal, replay_options(report.ruleset))


def _auction_options(report: Report, k: int, ruleset: Ruleset, opts: ReplayOptions) -> AuctionOptions:
    """The options the replay ran deal ``k``'s auction with (rules.preferans.replay, step 1):
    the minimum game after the pass-outs in a row before it (``passout_round`` of the deal
    before: a game resets it) and the dark pass-outs in a row just before it. A deal the
    arbiter annulled and whose redeal followed is passed over: the redeal took its place."""
    deals = report.deals
    before = [d for i, d in enumerate(deals[: k - 1]) if not deals[i + 1].redeal]
    passouts = before[-1].passout_round if before else 0
    dark_run = 0
    for d in reversed(before):
        if not d.dark_passout:
            break
        dark_run += 1
    return auction_options(ruleset, opts, passouts, dark_run)


def _walk(log: PreferansLog, report: Report, k: int, opts: ReplayOptions) -> DealWalkthrough:
    deal = log.deals[k - 1]
    rep = report.deals[k - 1]
    n = len(log.players)
    ruleset = report.ruleset
    scratch = Findings(log.players)  # the replay's findings are the ones shown; these are discarded
    a_opts = _auction_options(report, k, ruleset, opts)
    result = run_auction(deal, n, deal.dealer, a_opts, scratch, k)
    order = active_seats(n, deal.dealer)
    contract = None if rep.contract is None else read_contract(rep.contract)
    declarer = rep.declarer
    defenders: tuple[int, ...] = ()
    whist: WhistResult | None = None
    only_dark = False
    if contract is not None and declarer is not None:
        defenders = defenders_of(declarer, n, deal.dealer)
        only_dark = game_is_dark(result, contract)
        w_opts = WhistOptions(half_whist_levels=ruleset.half_whist_levels if ruleset.half_whist else ())
        first, second = defenders
        whist = whist_decisions(
            contract, only_dark, deal.whists or (), (first, second), w_opts, scratch, k, deal.open
        )
    talon = deal.talon_cards
    full = tuple(t for t in deal.play or () if len(t) == 3)
    played: PlayResult | None = None
    if deal.play is not None:
        discard = None if deal.discard is None else tuple(cards_of(deal.discard))
        played = run_play(
            n,
            deal.dealer,
            declarer,
            contract,
            deal.hands,
            talon,
            discard,
            full,
            None,
            scratch,
            k,
            options=opts.play,
        )
    tricks = [] if played is None else _tricks(deal, n, declarer, contract, talon, played, opts)
    played_in = {p.card: t.number for t in tricks for p in t.cards}
    if declarer is None:
        played_in.update({t.talon_card: t.number for t in tricks if t.talon_card is not None})
    hands = _hands(deal, order, tricks)
    return DealWalkthrough(
        deal=k,
        deals=len(log.deals),
        players=log.players,
        dealer=deal.dealer,
        sitting_out=deal.dealer if n == 4 else None,
        order=order,
        hands=hands,
        hands_logged=deal.hands is not None,
        talon=None if talon is None else tuple(NAME[c] for c in talon),
        discard=None if deal.discard is None else tuple(card_names(deal.discard)),
        auction=_calls(deal, result),
        auction_complete=result.complete,
        minimum=None if a_opts.minimum is None else str(a_opts.minimum),
        passed_out=contract is None,
        passout_round=rep.passout_round,
        dark_passout=rep.dark_passout,
        contract=rep.contract,
        declarer=declarer,
        dark=rep.dark,
        dark_level=rep.dark_level,
        only_dark=only_dark,
        defenders=defenders,
        whist_words=_words(deal),
        whists=dict(rep.whists),
        half=None if whist is None else whist.half,
        open=False if whist is None else whist.open,
        played=rep.played,
        multiplier=rep.multiplier,
        bomb=rep.bomb,
        dark_factor=rep.multiplier // rep.bomb if contract is not None else 1,
        tricks=tuple(tricks),
        claim=deal.claimed,
        taken=rep.tricks,
        made=rep.made,
        entries=tuple(rep.entries),
        sheet=_sheet(report, k, n),
        bombs_drawn=tuple(rep.bombs_drawn),
        bombs_extinguished=tuple(rep.bombs_extinguished),
        findings=tuple(f for f in report.findings if f.deal == k),
        played_in=played_in,
    )


def _calls(deal: PreferansDeal, result: AuctionResult) -> tuple[AuctionCall, ...]:
    """The calls as logged; which the auction counted and which won, as run_auction read them."""
    counted = {id(c) for c in result.calls}
    return tuple(
        AuctionCall(
            number=i,
            seat=call.seat,
            kind=call.kind,
            contract=None if call.contract is None else str(call.contract),
            dark=call.dark,
            looked=call.looked,
            counted=id(call) in counted,
            winning=call is result.winning,
        )
        for i, call in enumerate(deal.auction, 1)
    )


def _words(deal: PreferansDeal) -> tuple[WhistWord, ...]:
    """The defenders' words in the order logged; a third word answers a half-whist
    (rules.preferans.whist: "unless the first, hearing it, changes his pass to a whist")."""
    words = deal.whists or ()
    half_said = any(w.decision == "half" for w in words[:2])
    return tuple(WhistWord(w.seat, w.decision, answer=half_said and i == 2) for i, w in enumerate(words))


def _leaders(
    n: int, dealer: int, declarer: int | None, played: PlayResult, count: int, opts: ReplayOptions
) -> list[int]:
    """The leader of each of ``count`` tricks, as run_play leads them: the first hand first
    ("первый ход — первая рука"); in a pass-out the first hand plays first to both talon
    tricks and leads the third ("ходы из прикупа", ``talon_order="first-hand"``); else the
    winner of the trick before."""
    p_opts = opts.play
    first_hand = active_seats(n, dealer)[0]
    leader = first_leader(n, dealer, declarer, p_opts)
    out = []
    for t in range(count):
        out.append(leader)
        if t >= len(played.winners):
            break
        talon_trick = declarer is None and p_opts.passout_talon and t < TALON_TRICKS
        leader = next_leader(t, played.winners[t], first_hand, talon_trick, p_opts)
    return out


def _tricks(
    deal: PreferansDeal,
    n: int,
    declarer: int | None,
    contract: Contract | None,
    talon: tuple[int, ...] | None,
    played: PlayResult,
    opts: ReplayOptions,
) -> list[Trick]:
    """Each logged trick with its seats, talon card, winner and illegal cards, as run_play
    judged them; a short last trick (before a claim) is shown unfinished."""
    logged = deal.play or ()
    order = active_seats(n, deal.dealer)
    leaders = _leaders(n, deal.dealer, declarer, played, len(logged), opts)
    seated = [
        tuple((order[(order.index(lead) + pos) % 3], card) for pos, card in enumerate(trick))
        for lead, trick in zip(leaders, logged, strict=False)
    ]
    discard = None if deal.discard is None else tuple(cards_of(deal.discard))
    certain, _possible = seat_masks(n, order, declarer, deal.hands, talon, discard)
    shown = [0] * n  # each seat's cards from this trick on: surely held until played (play.py)
    for trick in seated:
        for seat, card in trick:
            shown[seat] |= BIT[card]
    revokes = {(r.trick, r.seat): r for r in played.revokes}
    trump = None if declarer is None else trump_suit(contract)
    passout_talon = declarer is None and opts.play.passout_talon
    taken = [0] * n
    gone = 0
    out: list[Trick] = []
    for number, trick in enumerate(seated, 1):
        talon_card = None
        if passout_talon and number <= TALON_TRICKS and talon is not None and len(talon) >= number:
            talon_card = talon[number - 1]
        led = SUIT_OF[talon_card] if talon_card is not None else SUIT_OF[trick[0][1]]
        cards = []
        for seat, card in trick:
            held = ((certain[seat] & ~gone) | shown[seat]) & ~BIT[card]
            r = revokes.get((number, seat))
            if r is not None and r.card == card:
                suit = trump if r.code == NOT_TRUMPED and trump is not None else led
                should = tuple(card_names(held & SUIT_MASK[suit]))
                cards.append(Played(seat, NAME[card], revoke=r.code, should=should))
            else:
                cards.append(Played(seat, NAME[card]))
            gone |= BIT[card]
            shown[seat] &= ~BIT[card]
        winner = played.winners[number - 1] if number <= len(played.winners) else None
        winning = None
        if winner is not None:
            taken[winner] += 1
            winning = next(NAME[c] for s, c in trick if s == winner)
        out.append(
            Trick(
                number=number,
                leader=trick[0][0],
                talon_card=None if talon_card is None else NAME[talon_card],
                cards=tuple(cards),
                winner=winner,
                winning_card=winning,
                taken=tuple(taken),
            )
        )
    return out


def _hands(deal: PreferansDeal, order: tuple[int, ...], tricks: list[Trick]) -> tuple[Hand, ...] | None:
    """The hands in play as logged, else every card each seat played; None when no card is known."""
    if deal.hands is not None:
        masks = {seat: deal.hands[seat] for seat in order}
    else:
        masks = dict.fromkeys(order, 0)
        for trick in tricks:
            for p in trick.cards:
                masks[p.seat] |= BIT[CARD_BY_SPELLING[p.card]]
        if not any(masks.values()):
            return None
    return tuple(
        Hand(
            seat=seat,
            suits=tuple(
                (letter, tuple(c for c in card_names(masks[seat]) if c[-1] == letter))
                for letter in SUIT_LETTERS
            ),
            logged=deal.hands is not None,
        )
        for seat in order
    )


def _sheet(report: Report, k: int, n: int) -> tuple[SeatSheet, ...]:
    """The pulka before and after deal ``k``: the report's entries (as written, overflow
    already sent) recorded again on a Pulka, its bombs drawn and put out as the replay did."""
    pulka = Pulka(n, report.ruleset)
    before: list[tuple[int, ...]] = []
    rep: DealReport | None = None
    for rep in report.deals[:k]:
        before = [tuple(b) for b in pulka.bombs]
        pulka.record(rep.entries)
        for seat, _rank in rep.bombs_extinguished:
            pulka.extinguish_bomb(seat)
        for seat, rank in rep.bombs_drawn:
            pulka.draw_bomb(seat, rank)
    assert rep is not None
    written = {(s, kind): 0 for s in range(n) for kind in ("pool", "mountain")}
    on: dict[tuple[int, int], int] = {}
    for e in rep.entries:
        if e.kind == "whist":
            assert e.on is not None
            on[(e.seat, e.on)] = on.get((e.seat, e.on), 0) + e.points
        else:
            written[(e.seat, e.kind)] += e.points
    others = [[o for o in range(n) if o != s] for s in range(n)]
    return tuple(
        SeatSheet(
            seat=s,
            pool=written[(s, "pool")],
            mountain=written[(s, "mountain")],
            whists=tuple((o, on.get((s, o), 0)) for o in others[s]),
            pool_after=pulka.pool[s],
            mountain_after=pulka.mountain[s],
            whists_after=tuple((o, pulka.whists[s][o]) for o in others[s]),
            bombs_before=before[s],
            bombs_after=tuple(pulka.bombs[s]),
            balance=rep.balances[s],
        )
        for s in range(n)
    )
