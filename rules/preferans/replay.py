"""The preferans replay: every deal of a log through the auction, the talon, the whists, the
play and the pulka, and the pulka settled at the end (docs/preferans-log.md).

:func:`replay` never raises for a parsed log and never stops at a finding: an irregular call
stands, a missing whist decision is taken as the rules say, a play that breaks the rule of
play still gives its tricks. Per deal, in order:

1. The auction (:func:`rules.preferans.auction.run_auction`) with the options the ruleset
   and the pulka give: the minimum light game after the consecutive pass-outs so far
   (``passout_minimum``: 6-7-7 in Sochi) and the number of dark pass-outs in a row just
   before (the next ПАС В ТЕМНУЮ is the first, second or third).
2. A game: the discard (:func:`check_discard`) and the contract (:func:`check_contract`);
   the whists (:func:`whist_decisions`, a game played "только в темную" by
   :func:`game_is_dark`); the play when logged (:func:`run_play`, the tricks written
   checked against it), else the tricks written; the entries
   (:func:`rules.preferans.pulka.score_game`) with the multiplier = the dark game's
   ``dark_multiplier`` (×2, "проиграв или выиграв он платит или получает двойные очки",
   as the auction's :meth:`AuctionResult.multiplier` says for the contract) × the bomb the
   game goes on (:meth:`BombState.multiplier_for`, "бомбы отыгрываются как на светлых так
   и на темных играх — увеличивая выигрыш (или проигрыш) от игры в 2, 4 или 8 раз"); then
   :meth:`BombState.after_game` ("При проигрыше, однако, бомба не пропадает … Сыгранная игра
   гасит бомбу").
3. A pass-out: the play (the talon turned on the first two tricks), the entries
   (:func:`score_passout`) with the round number in the series and the dark pass-out's
   ×2/×4/×8 ("на первых распасах штрафы будут вдвое больше, чем на светлых, на вторых
   вчетверо и на третьих в восемь раз"); a dark pass-out draws its bombs through
   :meth:`BombState.after_dark_passout`.
4. The entries are written on the :class:`Pulka` (a full pool's overflow helps an opponent)
   and compared with the deal's logged ``entries`` (``ENTRY_MISMATCH``).

At the end :func:`rules.preferans.settlement.settle` gives the balances.

Decisions (docs/preferans-log.md, "Report"):

- **One source of truth for bombs**: :mod:`rules.preferans.bombs`. The auction's own
  ``bombs`` (:func:`rules.preferans.auction.bombs_for`) is ignored: it reads the three-player
  dealer differently ("the lower of the two") from the bombs module's default
  (``three_player_dealer="own-pass"``). The seats that passed blind are the seats in play
  that did not look (a plain pass without ``looked`` counts as blind, as the auction reads it).
- **Entries compared as sums** per seat, kind and (for whists) the opponent: scorers merge
  entries (one 12 for a game's 2 and a consolation's 10 is not this, but 6 whists written
  as 4 + 2 is), so the log's entries and the replay's are summed per (seat, kind, on) and
  each difference is one ``ENTRY_MISMATCH`` naming the seat, the kind and both sums. A deal
  without ``entries`` is not compared.
- **Tricks unknown** (a game whisted or a pass-out with neither play nor ``tricks``): the
  scorer's ``entries`` are written on the pulka as logged (nothing to check them against);
  with no entries either the deal writes nothing.
- **Claim**: a ``claim`` per seat gives the unplayed tricks; a ``claim`` written as a count
  takes its shares from ``tricks`` (written minus what the play gave). A short last trick
  before a claim is left to the claim. A counted claim without ``tricks`` leaves the
  deal's tricks unknown.
- **Talon order**: the pass-out's talon tricks are turned in the order the log writes the
  talon (``PreferansDeal.talon_cards``).
- **Readings**: the options of the play, the auction and the bombs are the ruleset's
  (:func:`replay_options`), so a document chooses them and the report echoes them.
- **Bombs and settlement as written**: a deal's ``bombs`` marks are compared with the bombs
  drawn and put out (``BOMB_MISMATCH``), the log's ``settlement`` with the whole balances
  (``SETTLEMENT_MISMATCH``); neither is compared when the log leaves it out.
- **Dealer**: each deal's dealer should be the one left of the last (``WRONG_DEALER``,
  a warning).
- **Dark streak**: any deal other than a dark pass-out ends the run of dark pass-outs;
  a game (played or not) ends the run of pass-outs.
- **The arbiter's rulings** (docs/arbiter.md; docs/preferans.md, "The arbiter's rulings"):
  an annulled deal is replayed for its findings and writes nothing, draws and puts out no
  bomb. The next deal may be its redeal by the same dealer, which takes its place (the runs
  of pass-outs and dark pass-outs as they were before it), or the next dealer's, the table
  having played on (the runs as the annulled deal left them: the later deals were bid and
  priced so). A deal with a ``score`` is scored by the assigned tricks as a played deal is. On an
  annulled or adjusted deal the sheet as written (``tricks``, ``entries``, ``bombs``) is
  not compared: the ruling supersedes it. The replay imposes no penalty, so a seat in
  ``waive`` or ``confirm`` is ``RULING_NOT_APPLICABLE``. A deal without ``arbiter`` costs
  one ``is None`` test.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any, cast

from rules.arbiter import Ruling
from rules.cards import cards_of
from rules.preferans.auction import (
    AuctionOptions,
    AuctionResult,
    active_seats,
    check_contract,
    check_discard,
    run_auction,
)
from rules.preferans.bombs import BombOptions, BombState
from rules.preferans.codes import Findings
from rules.preferans.core import Contract, Strain
from rules.preferans.document import Entry as LoggedEntry
from rules.preferans.document import PreferansDeal, PreferansLog
from rules.preferans.play import DEFAULT_OPTIONS, PlayOptions, run_play
from rules.preferans.pulka import Entry, Pulka, score_game, score_passout
from rules.preferans.report import DealReport, Report
from rules.preferans.ruleset import Ruleset, resolve_ruleset
from rules.preferans.settlement import settle, whole_balances
from rules.preferans.whist import WhistOptions, defenders_of, game_is_dark, whist_decisions

TRICKS = 10
#: The comparisons of the sheet as written that an annulment or an assigned score
#: supersedes: the deal's written ``tricks``, ``entries`` and ``bombs``.
SUPERSEDED = frozenset({"TRICKS_MISMATCH", "ENTRY_MISMATCH", "BOMB_MISMATCH"})


@dataclass(frozen=True, slots=True)
class ReplayOptions:
    """The ruleset's readings as the modules take them: the bombs (whose game a bomb
    multiplies, the three-player dealer), the play (first lead, pass-out talon) and the
    auction's dark readings (``minimum`` and ``dark_passouts`` are the pulka's and are
    filled per deal). Built from the ruleset by :func:`replay_options`."""

    bombs: BombOptions = field(default_factory=BombOptions)
    play: PlayOptions = DEFAULT_OPTIONS
    auction: AuctionOptions = field(default_factory=AuctionOptions)


def replay_options(ruleset: Ruleset) -> ReplayOptions:
    """The readings a ruleset chose (``first_lead`` … ``bomb_dealer``), per module."""
    return ReplayOptions(
        bombs=BombOptions(
            use=cast(Any, ruleset.bomb_use), three_player_dealer=cast(Any, ruleset.bomb_dealer)
        ),
        play=PlayOptions(
            first_lead=cast(Any, ruleset.first_lead),
            passout_talon=ruleset.passout_talon,
            talon_order=cast(Any, ruleset.talon_order),
        ),
        auction=AuctionOptions(
            dark=ruleset.dark_games,
            hold=cast(Any, ruleset.hold),
            dark_levels=cast(Any, ruleset.dark_levels),
            dark_bar=cast(Any, ruleset.dark_bar),
            dark_double=cast(Any, ruleset.dark_double),
        ),
    )


def auction_options(
    ruleset: Ruleset, opts: ReplayOptions, passouts: int, dark_passouts: int
) -> AuctionOptions:
    """A deal's auction options: the ruleset's readings, the minimum light game after
    ``passouts`` pass-outs in a row (6-7-7 in Sochi) and the number of dark pass-outs in a
    row just before the deal."""
    level = ruleset.minimum_level(passouts)
    minimum = Contract.game(level, Strain.SPADES) if level > 6 else None
    return replace(opts.auction, minimum=minimum, dark_passouts=dark_passouts)


@dataclass(slots=True)
class _State:
    pulka: Pulka
    bombs: BombState
    passouts: int = 0
    dark_passouts: int = 0
    last_dealer: int | None = None
    #: The number of the last deal the arbiter annulled (its redeal may follow), and the
    #: runs of pass-outs and dark pass-outs before it, for the redeal to take its place.
    annulled: int | None = None
    runs_before: tuple[int, int] = (0, 0)


def replay(log: PreferansLog) -> Report:
    """Replay a parsed log; the report with the pulka, the settlement, the deals and the findings.

    Raises MalformedDocument only for a ruleset the log names wrongly (the package's
    ``parse`` refuses those first).
    """
    n = len(log.players)
    ruleset = resolve_ruleset(log.ruleset, n)
    opts = replay_options(ruleset)
    findings = Findings(log.players)
    state = _State(pulka=Pulka(n, ruleset), bombs=BombState(n, options=opts.bombs))
    deals = [
        _deal(number, deal, ruleset, state, opts, findings) for number, deal in enumerate(log.deals, start=1)
    ]
    settlement = settle(state.pulka)
    if log.settlement is not None:
        _compare_settlement(log.settlement, settlement.whole_balances(), findings)
    return Report(
        ruleset=ruleset,
        players=log.players,
        pulka=state.pulka,
        settlement=settlement,
        deals=deals,
        findings=list(findings),
    )


def _deal(
    number: int, deal: PreferansDeal, ruleset: Ruleset, state: _State, opts: ReplayOptions, f: Findings
) -> DealReport:
    n = state.pulka.players
    last = state.last_dealer
    redeal = False
    if last is not None and deal.dealer != (last + 1) % n:
        if deal.dealer == last and state.annulled == number - 1:
            # "пересдача тем же сдатчиком": the annulled deal's redeal, by the same dealer,
            # in its place: the runs of pass-outs are what they were before it.
            redeal = True
            state.passouts, state.dark_passouts = state.runs_before
        else:
            expected = (last + 1) % n
            if state.annulled == number - 1:
                f.add(
                    "WRONG_DEALER",
                    deal=number,
                    seat=deal.dealer,
                    form="redeal",
                    expected_seat=expected,
                    redeal_seat=last,
                    annulled_deal=number - 1,
                )
            else:
                f.add("WRONG_DEALER", deal=number, seat=deal.dealer, expected_seat=expected)
    state.last_dealer = deal.dealer
    if deal.arbiter is not None:
        report = _ruled(number, deal, deal.arbiter, ruleset, state, opts, f)
    else:
        report = _played(number, deal, ruleset, state, opts, f, None)
    report.balances = whole_balances(state.pulka)
    if redeal:
        report.redeal = True
    return report


def _played(
    number: int,
    deal: PreferansDeal,
    ruleset: Ruleset,
    state: _State,
    opts: ReplayOptions,
    f: Findings,
    assigned: tuple[int, ...] | None,
) -> DealReport:
    """The auction, then the game or the pass-out, scored by the tricks of the play (or
    written), or by the ``assigned`` tricks of an arbiter's score."""
    n = state.pulka.players
    a_opts = auction_options(ruleset, opts, state.passouts, state.dark_passouts)
    result = run_auction(deal, n, deal.dealer, a_opts, f, number)
    check_contract(result, deal.contract, f, number, deal.discard)
    if result.passed_out:
        return _passout(number, deal, result, ruleset, state, opts, f, assigned)
    return _game(number, deal, result, ruleset, state, opts, f, assigned)


def _ruled(
    number: int,
    deal: PreferansDeal,
    ruling: Ruling[int, tuple[int, ...]],
    ruleset: Ruleset,
    state: _State,
    opts: ReplayOptions,
    f: Findings,
) -> DealReport:
    """A deal with the arbiter's ruling (docs/arbiter.md; docs/preferans.md, "The arbiter's
    rulings").

    ``annul``: the deal is replayed as logged, for its findings (the auction's, the play's:
    "the renege happened; the ruling says what it costs"), on a copy of the pulka; then the
    pulka and the bombs are put back as they were, so the deal writes nothing, draws no
    bomb and puts none out. The runs of pass-outs are left as the deal left them (the
    table played on), and the ones before it kept for its redeal (:func:`_deal`).
    ``score``: the deal is scored by the assigned tricks. Either way
    the sheet as written (tricks, entries, bomb marks) is not compared. ``waive`` and
    ``confirm``: the preferans replay imposes no penalty, so each seat named is
    ``RULING_NOT_APPLICABLE``.
    """
    names = f.players
    dealer = deal.dealer
    supersedes = ruling.annul or ruling.score is not None
    out = Findings(names) if supersedes else f
    if ruling.annul:
        kept, runs = (state.pulka, state.bombs), (state.passouts, state.dark_passouts)
        state.pulka = _copy_pulka(state.pulka)
        report = _played(number, deal, ruleset, state, opts, out, None)
        state.pulka, state.bombs = kept
        state.annulled, state.runs_before = number, runs
        report.entries, report.bombs_drawn, report.bombs_extinguished = [], [], []
        report.made = None
    else:
        report = _played(number, deal, ruleset, state, opts, out, ruling.score)
    if supersedes:
        f.extend(x for x in out if x.code not in SUPERSEDED)
    reason = ruling.reason or None
    form = "reason" if reason else None
    if ruling.annul:
        f.add("ANNULLED_BY_ARBITER", deal=number, seat=dealer, form=form, reason=reason)
    elif ruling.score is not None:
        # The three seats in play, in seat order, each with the tricks assigned to it.
        playing = [s for s in range(len(names)) if len(names) == 3 or s != dealer]
        shares: dict[str, Any] = {}
        for place, s in zip(("first", "second", "third"), playing, strict=True):
            shares[f"{place}_seat"] = s
            shares[f"{place}_tricks"] = ruling.score[s]
        f.add("SCORE_ADJUSTED", deal=number, form=form, reason=reason, **shares)
    for word, seats in (("waive", ruling.waive), ("confirm", ruling.confirm)):
        for seat in seats:
            f.add("RULING_NOT_APPLICABLE", deal=number, seat=seat, form=word)
    report.arbiter = ruling
    return report


def _copy_pulka(pulka: Pulka) -> Pulka:
    """A copy to replay an annulled deal on, so the sheet itself is left as it was."""
    return Pulka(
        pulka.players,
        pulka.ruleset,
        pool=list(pulka.pool),
        mountain=list(pulka.mountain),
        whists=[list(row) for row in pulka.whists],
        bombs=[list(b) for b in pulka.bombs],
    )


def _tricks(
    number: int,
    deal: PreferansDeal,
    declarer: int | None,
    contract: Contract | None,
    n: int,
    opts: ReplayOptions,
    f: Findings,
) -> tuple[int, ...] | None:
    """The tricks per seat: from the play when it accounts for all ten, else as written."""
    if deal.play is None:
        return deal.tricks
    talon = deal.talon_cards
    discard = None if deal.discard is None else tuple(cards_of(deal.discard))
    play = deal.play
    claim: tuple[int, ...] | None = None
    if isinstance(deal.claim, tuple):
        play = tuple(t for t in play if len(t) == 3)
        claim = deal.claim
    elif deal.claim is not None:
        play = tuple(t for t in play if len(t) == 3)
        if deal.tricks is not None:
            scratch = Findings(f.players)
            partial = run_play(
                n,
                deal.dealer,
                declarer,
                contract,
                deal.hands,
                talon,
                discard,
                play,
                None,
                scratch,
                number,
                options=opts.play,
            )
            claim = tuple(w - p for w, p in zip(deal.tricks, partial.tricks, strict=True))
    result = run_play(
        n,
        deal.dealer,
        declarer,
        contract,
        deal.hands,
        talon,
        discard,
        play,
        claim,
        f,
        number,
        written=deal.tricks,
        options=opts.play,
    )
    if result.complete:
        return result.tricks
    return deal.tricks if deal.tricks is not None and sum(deal.tricks) == TRICKS else None


def _game(
    number: int,
    deal: PreferansDeal,
    result: AuctionResult,
    ruleset: Ruleset,
    state: _State,
    opts: ReplayOptions,
    f: Findings,
    assigned: tuple[int, ...] | None = None,
) -> DealReport:
    n = state.pulka.players
    declarer = result.declarer
    assert declarer is not None
    state.passouts = 0
    state.dark_passouts = 0
    hand = None if deal.hands is None else deal.hands[declarer]
    check_discard(hand, deal.talon, deal.discard, declarer, f, number)
    # No contract named: the winning bid is played (or the lowest game its dark level allows).
    contract = deal.contract or result.minimum_contract()
    assert contract is not None
    defenders = defenders_of(declarer, n, deal.dealer)
    dark_game = game_is_dark(result, contract)
    w_opts = WhistOptions(half_whist_levels=ruleset.half_whist_levels if ruleset.half_whist else ())
    whist = whist_decisions(contract, dark_game, deal.whists or (), defenders, w_opts, f, number, deal.open)
    decisions: dict[int, str] = {}
    for seat in defenders:
        if contract.misere:
            decisions[seat] = "pass"
        elif seat in whist.whisters:
            decisions[seat] = "whist"
        elif seat == whist.half:
            decisions[seat] = "half"
        else:
            decisions[seat] = "pass"
    dark_factor = ruleset.dark_multiplier if result.multiplier(contract) > 1 else 1
    bomb = state.bombs.multiplier_for(declarer)
    multiplier = dark_factor * bomb
    tricks = _tricks(number, deal, declarer, contract, n, opts, f)
    if assigned is not None:  # the arbiter's score: the tricks each seat is held to have taken
        tricks = assigned
    if not whist.played and not contract.misere:
        # Both passed, or a half-whist stands: the game is written as made without play.
        made: bool | None = True
        counts = tricks or tuple(0 for _ in range(n))
    elif tricks is None:
        made, counts = None, None
    else:
        made = tricks[declarer] == 0 if contract.misere else tricks[declarer] >= contract.level
        counts = tricks
    if counts is None:
        computed = None
    else:
        try:
            computed = score_game(
                contract, declarer, counts, [(s, decisions[s]) for s in defenders], multiplier, ruleset
            )
        except ValueError:  # decisions the whist module already reported; nothing is written
            computed = []
    written, extinguished = _write(number, deal, computed, state, f), []
    if made is not None:
        before = state.bombs.bomb_for(declarer)
        state.bombs = state.bombs.after_game(declarer, made, deal=number)
        if made and before is not None:
            state.pulka.extinguish_bomb(before.owner)
            extinguished.append((before.owner, int(before.rank)))
    _compare_bombs(number, deal, [], extinguished, f)
    return DealReport(
        deal=number,
        dealer=deal.dealer,
        declarer=declarer,
        contract=str(contract),
        dark=result.dark,
        dark_level=result.dark_level,
        dark_passout=0,
        passout_round=0,
        multiplier=multiplier,
        bomb=bomb,
        whists=decisions,
        played=whist.played,
        tricks=tricks,
        made=made,
        entries=written,
        bombs_drawn=[],
        bombs_extinguished=extinguished,
        balances=(),
    )


def _passout(
    number: int,
    deal: PreferansDeal,
    result: AuctionResult,
    ruleset: Ruleset,
    state: _State,
    opts: ReplayOptions,
    f: Findings,
    assigned: tuple[int, ...] | None = None,
) -> DealReport:
    n = state.pulka.players
    state.passouts += 1
    round_no = state.passouts
    tricks = _tricks(number, deal, None, None, n, opts, f)
    if assigned is not None:  # the arbiter's score
        tricks = assigned
    multiplier = result.passout_multiplier if result.dark_passout else 1
    computed = None
    if tricks is not None:
        computed = score_passout(
            tricks, round_no, multiplier, ruleset, dealer=deal.dealer if n == 4 else None
        )
    written = _write(number, deal, computed, state, f)
    drawn: list[tuple[int, int]] = []
    if result.dark_passout:
        state.dark_passouts += 1
        order = active_seats(n, deal.dealer)
        looked = result.looked & set(order)
        before = len(state.bombs.bombs)
        state.bombs = state.bombs.after_dark_passout(
            [s for s in order if s not in looked], looked, deal.dealer, result.dark_passout, deal=number
        )
        for bomb in state.bombs.bombs[before:]:
            state.pulka.draw_bomb(bomb.owner, int(bomb.rank))
            drawn.append((bomb.owner, int(bomb.rank)))
    else:
        state.dark_passouts = 0
    _compare_bombs(number, deal, drawn, [], f)
    return DealReport(
        deal=number,
        dealer=deal.dealer,
        declarer=None,
        contract=None,
        dark=result.dark,
        dark_level=0,
        dark_passout=result.dark_passout,
        passout_round=round_no,
        multiplier=multiplier,
        bomb=1,
        whists={},
        played=True,
        tricks=tricks,
        made=None,
        entries=written,
        bombs_drawn=drawn,
        bombs_extinguished=[],
        balances=(),
    )


def _write(
    number: int, deal: PreferansDeal, computed: list[Entry] | None, state: _State, f: Findings
) -> list[Entry]:
    """Record the deal's entries on the pulka and compare them with the logged ones; with
    nothing computed (tricks unknown) the logged entries are recorded as they stand."""
    if computed is None:
        logged = [Entry(e.seat, e.kind, e.points, e.on) for e in deal.entries or ()]
        try:
            return state.pulka.record(logged)
        except ValueError:
            return []
    written = state.pulka.record(computed)
    if deal.entries is not None:
        _compare(number, deal.entries, written, f)
    return written


def _sums(entries: list[Entry] | tuple[LoggedEntry, ...]) -> Counter[tuple[int, str, int | None]]:
    out: Counter[tuple[int, str, int | None]] = Counter()
    for e in entries:
        out[(e.seat, e.kind, e.on)] += e.points
    return out


def _compare(number: int, logged: tuple[LoggedEntry, ...], written: list[Entry], f: Findings) -> None:
    """``ENTRY_MISMATCH`` for each (seat, kind, opponent) whose logged sum differs from the replay's."""
    have, want = _sums(logged), _sums(written)
    for key in sorted(set(have) | set(want), key=lambda k: (k[0], k[1], -1 if k[2] is None else k[2])):
        seat, kind, on = key
        if have[key] == want[key]:
            continue
        f.add(
            "ENTRY_MISMATCH",
            deal=number,
            seat=seat,
            form=kind,
            on_seat=on,
            written=have[key],
            computed=want[key],
        )


def _compare_bombs(
    number: int,
    deal: PreferansDeal,
    drawn: list[tuple[int, int]],
    extinguished: list[tuple[int, int]],
    f: Findings,
) -> None:
    """``BOMB_MISMATCH`` for each bomb the scorer marked that the deal did not draw or put
    out, and each one it did that is not marked. A deal without ``bombs`` is not compared;
    an extinguished mark without a rank matches the seat's bomb whatever its rank."""
    if deal.bombs is None:
        return
    want: Counter[tuple[str, int, int | None]] = Counter()
    for owner, bomb in drawn:
        want[("drawn", owner, bomb)] += 1
    for owner, bomb in extinguished:
        want[("extinguished", owner, bomb)] += 1
    marked: Counter[tuple[str, int, int | None]] = Counter()
    for mark in deal.bombs:
        key: tuple[str, int, int | None] = (mark.event, mark.seat, mark.rank)
        if mark.event == "extinguished" and mark.rank is None:
            # Unranked: take the rank the replay put out for this seat, if it put one out.
            ranks = [r for (e, s, r), c in want.items() if e == "extinguished" and s == mark.seat and c]
            key = (mark.event, mark.seat, ranks[0] if ranks else None)
        marked[key] += 1
    for event, seat, rank in sorted(set(want) | set(marked), key=lambda k: (k[1], k[0], k[2] or 0)):
        have, should = marked[(event, seat, rank)], want[(event, seat, rank)]
        if have == should:
            continue
        # The form: marked or not, drawn or put out, and the bomb's name by its rank (an
        # extinguished mark without a rank is "a bomb").
        form = f"{'marked' if have > should else 'unmarked'}_{event}_{_BOMB_FORMS[rank or 1]}"
        f.add("BOMB_MISMATCH", deal=number, seat=seat, form=form, rank=rank)


#: A bomb's rank as the forms of ``BOMB_MISMATCH`` name it: 1 a bomb, 2 a double bomb, 3 a ёлка.
_BOMB_FORMS = {1: "bomb", 2: "double", 3: "elka"}


def _compare_settlement(written: tuple[int, ...], computed: tuple[int, ...], f: Findings) -> None:
    """``SETTLEMENT_MISMATCH`` for each seat whose written balance is not the replay's."""
    for seat, (have, want) in enumerate(zip(written, computed, strict=True)):
        if have != want:
            f.add("SETTLEMENT_MISMATCH", seat=seat, written=have, settled=want)
