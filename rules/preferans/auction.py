"""The auction (торговля), light and dark, and what the winner may do with the talon.

The classic auction (the standard rules, "Кодекс преферанса" 3.3–3.4): the
player left of the dealer (первая, старшая рука) calls first and the turn
goes clockwise among those who have not passed; each bid is above the
current one in the order of :class:`rules.preferans.core.Contract`
(6♠ < 6♣ < … < 8NT < misère < 9♠ < … < 10NT); a pass is final; misère may be
called only as a player's first call and its caller bids nothing else
afterwards; the auction ends when all but one have passed (that one plays
the last bid) or when all pass (a pass-out, распасы). The first hand may
"hold" ("здесь", "мои") by repeating the bid of a younger hand; the next
player must then go higher. After pass-outs the caller may set a minimum
opening (the 6-6-6 / 6-7-7 … series, from the pulka state).

The dark games follow shared/seeds/002_42d2e1784dbbf053.txt; each rule is
cited where it is implemented. Every call gets a *height* in one linear
order, so "what overcalls what" is one comparison:

- a light game: its place in the contract order;
- РАЗ / ДВА / ТРИ В ТЕМНУЮ (read as dark 6♠ / 6♣ / 6♦, the bidding shorthand
  "раз" = 6♠, "два" = 6♣): just below the light seven of their suit —
  "РАЗ В ТЕМНУЮ перебивается только ДВА В ТЕМНУЮ или СЕМЬ ПЕРВЫХ в светлую.
  ДВА В ТЕМНУЮ перебивается только ТРИ В ТЕМНУЮ или СЕМЬ ВТОРЫХ в светлую";
- a dark game of level 7–9 ("семирная / восьмерная темная"): just below the
  light game one level up in its strain, so a dark seven is above every
  light seven and below every light eight;
- МИЗЕР В ТЕМНУЮ: above every light game and every dark game below ten —
  "Темный мизер перебивается только темной десятирной";
- a dark ten: above all of them;
- ПАС В ТЕМНУЮ, as the declaration of a dark pass-out: the first just below
  РАЗ В ТЕМНУЮ and the light sevens, the second just below the light eights
  and the dark sevens, the third just below the light nines and the dark
  eights ("перебивается игрой РАЗ В ТЕМНУЮ или семириком в светлую" … "уже
  восьмерной светлой или семирной темной" … "девятирной светлой или
  восьмерной темной").

Irregular calls stand as made (as an accepted call in the other games) and
the auction goes on from them; each is reported once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.cards import NAME, cards_of
from rules.preferans.codes import Findings
from rules.preferans.core import Contract, Strain
from rules.preferans.document import Call, PreferansDeal, call_text

Hold = Literal["first_hand", "elder", "none"]
DarkLevels = Literal["suits", "steps"]
DarkBar = Literal["raz", "any_bid"]
DarkDouble = Literal["all", "dark_range"]

#: Bomb ranks: 1 a simple bomb, 2 a double bomb, 3 "ёлка".
BOMB_NAMES = ("", "bomb", "double bomb", "ёлка")
_SCALE = 8


@dataclass(frozen=True, slots=True)
class AuctionOptions:
    """The rules of the auction a ruleset and the pulka state give.

    ``minimum``: the lowest light game that may be bid on this deal (the
    pass-out exit series, given by the caller from the pulka), ``None`` for
    no limit. ``dark_passouts``: how many dark pass-outs in a row came just
    before this deal (0: a ПАС В ТЕМНУЮ now is the first). ``dark``: whether
    the table plays the dark games at all. ``hold``: who may repeat a
    younger hand's bid ("здесь"): the first hand only (default), any elder
    hand, or nobody. ``dark_levels``: ``"suits"`` (default) — РАЗ/ДВА/ТРИ are
    the dark 6♠/6♣/6♦, any may be declared directly; ``"steps"`` — they are
    the first, second and third dark step, so ДВА needs a РАЗ before it and
    ТРИ a ДВА. ``dark_bar``: ПАС В ТЕМНУЮ is refused after a РАЗ (a
    light 6♠ or РАЗ В ТЕМНУЮ, the seed's words; default) or after any bid.
    ``dark_double``: the dark game doubles whatever contract the dark
    declarer names (default, "проиграв или выиграв он платит или получает
    двойные очки") or only the games played "только в темную".
    """

    minimum: Contract | None = None
    dark_passouts: int = 0
    dark: bool = True
    hold: Hold = "first_hand"
    dark_levels: DarkLevels = "suits"
    dark_bar: DarkBar = "raz"
    dark_double: DarkDouble = "all"


@dataclass(frozen=True, slots=True)
class AuctionResult:
    """What the auction settled.

    ``declarer`` is ``None`` for a pass-out; ``winning`` the call that won.
    ``dark`` is true when that call was made in the dark (a dark level, a dark
    game, МИЗЕР В ТЕМНУЮ); ``dark_level`` 1..3 for РАЗ/ДВА/ТРИ В ТЕМНУЮ.
    ``dark_passout`` is 0 for a light pass-out (or none), else 1, 2, 3 for the
    first, second, third dark pass-out in a row, and ``passout_multiplier``
    its 2, 4, 8. ``bombs`` are (seat, rank) drawn for a dark pass-out (the
    dealer included), rank 1 a bomb, 2 a double bomb, 3 a ёлка.
    ``dark_passers`` passed in the dark; ``looked`` looked before their last call.
    """

    declarer: int | None
    winning: Call | None
    calls: tuple[Call, ...]
    complete: bool
    dark: bool = False
    dark_level: int = 0
    dark_passout: int = 0
    passout_multiplier: int = 1
    bombs: tuple[tuple[int, int], ...] = ()
    dark_passers: frozenset[int] = frozenset()
    looked: frozenset[int] = frozenset()
    dark_double: DarkDouble = "all"

    @property
    def passed_out(self) -> bool:
        return self.declarer is None

    def minimum_contract(self) -> Contract | None:
        """The lowest game the declarer may name: the winning bid, or under a dark level
        the six of its suit ("ДВА В ТЕМНУЮ может играть все игры, кроме шесть пик")."""
        if self.winning is None:
            return None
        if self.dark_level:
            return Contract.game(6, Strain(self.dark_level - 1))
        return self.winning.contract

    def only_dark(self, contract: Contract) -> bool:
        """Whether ``contract`` is played "только в темную" under the dark level won: up to
        the seven of the level's suit ("все шестерки и семь пик (на раз в темную) играются
        только в темную"; ДВА: "шестерики и семирики пик и треф"; ТРИ: "до семи бубен")."""
        if not self.dark_level or contract.misere:
            return False
        return contract <= Contract.game(7, Strain(self.dark_level - 1))

    def multiplier(self, contract: Contract | None = None) -> int:
        """×2 for a dark game ("платит или получает двойные очки"), else 1; with
        ``dark_double="dark_range"`` only for the games played "только в темную"."""
        if not self.dark:
            return 1
        if self.dark_double == "dark_range" and self.dark_level and contract is not None:
            return 2 if self.only_dark(contract) else 1
        return 2


def height(call: Call, dark_passouts: int = 0) -> int:
    """The place of a non-pass call (or a dark pass declaration) in the one linear order of
    overcalls; see the module docstring."""
    top = _SCALE * Contract.game(10, Strain.NOTRUMP).rank
    if call.kind == "pass":
        streak = min(dark_passouts, 2)
        over = (
            Contract.game(7, Strain.SPADES),
            Contract.game(8, Strain.SPADES),
            Contract.game(9, Strain.SPADES),
        )[streak]
        return _SCALE * over.rank - 3
    level = call.dark_level
    if level:
        return _SCALE * Contract.game(7, Strain(level - 1)).rank - 2
    contract = call.contract
    assert contract is not None
    if not call.dark:
        return _SCALE * contract.rank
    if contract.misere:
        return top + 1
    assert contract.strain is not None
    if contract.level == 10:
        return top + 2 + int(contract.strain)
    if contract.level == 6:
        return _SCALE * Contract.game(7, contract.strain).rank - 2
    return _SCALE * Contract.game(contract.level + 1, contract.strain).rank - 1


def _is_raz(call: Call) -> bool:
    """A "РАЗ", light (6♠) or dark (РАЗ В ТЕМНУЮ)."""
    if call.kind == "dark-1":
        return True
    return call.kind == "contract" and call.contract == Contract.game(6, Strain.SPADES)


def active_seats(players_count: int, dealer: int) -> tuple[int, ...]:
    """The seats in the order of the auction: from the dealer's left, clockwise; with four
    players the dealer sits out."""
    seats = tuple((dealer + 1 + i) % players_count for i in range(players_count))
    return seats[:3] if players_count == 4 else seats


def run_auction(
    deal: PreferansDeal | Sequence[Call],
    players_count: int,
    dealer: int,
    options: AuctionOptions,
    findings: Findings,
    deal_no: int | None = None,
) -> AuctionResult:
    """Check the calls of one deal and derive the declarer, the dark game or the pass-out."""
    calls = tuple(deal.auction if isinstance(deal, PreferansDeal) else deal)
    f = findings
    order = active_seats(players_count, dealer)
    passed: set[int] = set()
    looked: set[int] = set()
    dark_passers: set[int] = set()
    made: dict[int, list[int]] = {s: [] for s in order}  # indices of each seat's non-pass calls
    misere_by: set[int] = set()
    last_dark_at: dict[int, int] = {}  # seat -> index of its last dark declaration
    best: tuple[int, int] | None = None  # (height, index of the call) of the current highest
    best_is_bid = False
    dark_pass_at: int | None = None
    raz_seen = False
    bid_seen = False
    dark_levels_seen = 0
    turn_pos = 0
    ended = False
    checked: list[Call] = []

    for i, call in enumerate(calls):
        seat = call.seat
        n = i + 1
        if ended:
            f.add("CALL_AFTER_AUCTION_END", deal=deal_no, seat=seat, ended_after=i, calls=len(calls) - i)
            break
        if seat not in order:
            f.add(
                "CALL_OUT_OF_TURN", deal=deal_no, seat=seat, form="sits_out", call_no=n, call=call_text(call)
            )
            continue
        if seat in passed:
            f.add("PASS_WITHDRAWN", deal=deal_no, seat=seat, call_no=n, call=call_text(call))
            continue
        expected = _next_seat(order, turn_pos, passed)
        if seat != expected:
            f.add(
                "CALL_OUT_OF_TURN",
                deal=deal_no,
                seat=seat,
                call_no=n,
                call=call_text(call),
                turn_seat=expected,
            )
        turn_pos = order.index(seat) + 1
        checked.append(call)
        if call.dark:
            if not options.dark:
                f.add(
                    "DARK_NOT_ALLOWED",
                    deal=deal_no,
                    seat=seat,
                    form="no_dark_games",
                    call_no=n,
                    call=call_text(call),
                )
            elif call.looked or seat in looked:
                # "перезаказывать другие игры, посмотрев свои карты, уже нельзя": nothing is
                # declared in the dark once the cards are seen.
                f.add(
                    "DARK_NOT_ALLOWED",
                    deal=deal_no,
                    seat=seat,
                    form="looked",
                    call_no=n,
                    call=call_text(call),
                )
        if call.looked or (call.kind != "pass" and not call.dark):
            looked.add(seat)
        if call.kind == "pass":
            passed.add(seat)
            if call.dark:
                dark_passers.add(seat)
                if not bid_seen:
                    if dark_pass_at is None:
                        if options.dark_passouts >= 3:
                            f.add(
                                "DARK_NOT_ALLOWED",
                                deal=deal_no,
                                seat=seat,
                                form="fourth_dark_pass",
                                call_no=n,
                            )
                        dark_pass_at = i
                        best = (height(call, options.dark_passouts), i)
                elif raz_seen or options.dark_bar == "any_bid":
                    # "Объявлять ПАС в Темную, если до этого был РАЗ (даже в светлый) — нельзя."
                    if raz_seen:
                        f.add(
                            "DARK_NOT_ALLOWED",
                            deal=deal_no,
                            seat=seat,
                            form="after_raz",
                            call_no=n,
                            raz_contract=str(Contract.game(6, Strain.SPADES)),
                        )
                    else:
                        f.add("DARK_NOT_ALLOWED", deal=deal_no, seat=seat, form="after_bid", call_no=n)
            active = [s for s in order if s not in passed]
            if not active or (len(active) == 1 and best_is_bid):
                ended = True
            continue

        # A non-pass call.
        earlier = made[seat]
        is_misere = call.kind == "contract" and call.contract is not None and call.contract.misere
        if seat in misere_by:
            f.add("MISERE_RULE", deal=deal_no, seat=seat, form="turned", call_no=n, call=call_text(call))
        elif is_misere and earlier:
            f.add("MISERE_RULE", deal=deal_no, seat=seat, form="not_first", call_no=n, call=call_text(call))
        if is_misere:
            misere_by.add(seat)
        if call.kind == "contract" and call.dark and call.contract is not None and call.contract.level == 6:
            f.add(
                "DARK_NOT_ALLOWED",
                deal=deal_no,
                seat=seat,
                form="dark_six",
                call_no=n,
                contract=call_text(call),
            )
        if not call.dark and seat in last_dark_at:
            since = last_dark_at[seat]
            light_over = best is not None and best_is_bid and best[1] > since and not calls[best[1]].dark
            if not light_over:
                # "Если темную игру перебили светлой семирной, а затемнившийся игрок уже
                # посмотрел свои карты, то он может продолжить торговлю в светлую."
                f.add(
                    "DARK_NOT_ALLOWED",
                    deal=deal_no,
                    seat=seat,
                    form="light_after_dark",
                    call_no=n,
                    call=call_text(call),
                )
        level = call.dark_level
        if level and options.dark_levels == "steps" and level != dark_levels_seen + 1:
            f.add(
                "DARK_OVERCALL_WRONG",
                deal=deal_no,
                seat=seat,
                form="step" if dark_levels_seen else "first_step",
                call_no=n,
                call=call_text(call),
                step=level,
                before_call=DARK_LEVEL_CALLS[dark_levels_seen] if dark_levels_seen else None,
            )
        if (
            not call.dark
            and call.contract is not None
            and not call.contract.misere
            and options.minimum is not None
            and call.contract < options.minimum
        ):
            f.add(
                "BID_TOO_LOW",
                deal=deal_no,
                seat=seat,
                form="minimum",
                call_no=n,
                call=call_text(call),
                minimum_contract=str(options.minimum),
            )
        h = height(call, options.dark_passouts)
        if best is not None and h <= best[0]:
            top = calls[best[1]]
            holding = (
                h == best[0]
                and best_is_bid
                and not call.dark
                and not top.dark
                and top.seat != seat
                and _may_hold(options.hold, order, seat, top.seat)
            )
            if not holding:
                if top.dark or call.dark:
                    f.add(
                        "DARK_OVERCALL_WRONG",
                        deal=deal_no,
                        seat=seat,
                        form=_overcall_form(call, top),
                        call_no=n,
                        call=call_text(call),
                        top_call=call_text(top),
                        seven_contract=_seven_of(top),
                    )
                else:
                    f.add(
                        "BID_TOO_LOW",
                        deal=deal_no,
                        seat=seat,
                        call_no=n,
                        call=call_text(call),
                        top_call=call_text(top),
                    )
        if call.dark:
            last_dark_at[seat] = i
        if level:
            dark_levels_seen = max(dark_levels_seen, level)
        if _is_raz(call):
            raz_seen = True
        bid_seen = True
        earlier.append(i)
        best = (h, i)
        best_is_bid = True
        if len([s for s in order if s not in passed]) == 1:
            ended = True

    if not ended:
        f.add("AUCTION_INCOMPLETE", deal=deal_no, calls=len(calls))
    if best is not None and best_is_bid:
        winning = calls[best[1]]
        return AuctionResult(
            declarer=winning.seat,
            winning=winning,
            calls=tuple(checked),
            complete=ended,
            dark=winning.dark,
            dark_level=winning.dark_level,
            dark_passers=frozenset(dark_passers),
            looked=frozenset(looked),
            dark_double=options.dark_double,
        )
    if dark_pass_at is None:
        return AuctionResult(
            declarer=None,
            winning=None,
            calls=tuple(checked),
            complete=ended,
            dark_passers=frozenset(dark_passers),
            looked=frozenset(looked),
        )
    # "Темный распас играется аналогично простому, но все штрафные очки за взятки
    # удваиваются для всех игроков … на первых распасах штрафы будут вдвое больше, чем на
    # светлых, на вторых вчетверо и на третьих в восемь раз."
    nth = min(options.dark_passouts, 2) + 1
    return AuctionResult(
        declarer=None,
        winning=calls[dark_pass_at],
        calls=tuple(checked),
        complete=ended,
        dark=True,
        dark_passout=nth,
        passout_multiplier=2**nth,
        bombs=bombs_for(nth, order, dealer, frozenset(looked)),
        dark_passers=frozenset(dark_passers),
        looked=frozenset(looked),
    )


#: The calls of the dark levels 1..3 (РАЗ / ДВА / ТРИ В ТЕМНУЮ) as the document writes them.
DARK_LEVEL_CALLS = ("", "dark-1", "dark-2", "dark-3")


def _overcall_form(call: Call, top: Call) -> str:
    """How ``DARK_OVERCALL_WRONG`` names the call not overcalled, with the rule of what
    overcalls it as the seed says (rules/preferans/texts.py)."""
    if top.dark_level:
        return ("", "raz", "dva", "tri")[top.dark_level]
    if top.kind == "pass":
        return "dark_pass"
    if top.contract is not None and top.contract.misere and top.dark:
        return "dark_misere"
    if top.dark:
        return "dark_game"
    # A light call is over: the call, dark, is a dark level ("dark-1") or a dark game.
    return "light" if call.dark_level else "dark_under_light"


def _seven_of(top: Call) -> str | None:
    """The light seven that overcalls a dark level: 7♠ for РАЗ, 7♣ for ДВА, 7♦ for ТРИ."""
    level = top.dark_level
    return str(Contract.game(7, Strain(level - 1))) if level else None


def _next_seat(order: tuple[int, ...], pos: int, passed: set[int]) -> int:
    for k in range(len(order)):
        seat = order[(pos + k) % len(order)]
        if seat not in passed:
            return seat
    return order[pos % len(order)]


def _may_hold(hold: Hold, order: tuple[int, ...], seat: int, bidder: int) -> bool:
    """ "Здесь": the first hand (or, with ``hold="elder"``, any hand elder than the bidder)
    may repeat a younger hand's bid to keep it."""
    if hold == "none":
        return False
    if hold == "first_hand":
        return seat == order[0]
    return order.index(seat) < order.index(bidder)


def bombs_for(
    nth: int, order: tuple[int, ...], dealer: int, looked: frozenset[int]
) -> tuple[tuple[int, int], ...]:
    """The bombs of the ``nth`` dark pass-out in a row: "Всем объявившим ПАС В ТЕМНУЮ и
    присоединившимся, на пульке рисуется бомба, за второй ПАС — двойная бомба, на третьей —
    елка. Если все игроки не глядя в карты сказали ПАС В ТЕМНУЮ, то соответствующие бомбы
    пишутся также и сдающему. Если хотя бы один игрок, прежде чем иэ объявить ПАС, посмотрел
    карты, то ему и сдающему бомбы идут на ранг ниже"."""
    anyone = bool(looked & set(order))
    ranks: dict[int, int] = {}
    for seat in order:
        ranks[seat] = nth - (1 if seat in looked else 0)
    ranks[dealer] = min(ranks.get(dealer, nth), nth - (1 if anyone else 0))
    return tuple((seat, rank) for seat, rank in sorted(ranks.items()) if rank > 0)


# -- the talon, the discard and the contract ------------------------------------


def check_discard(
    hand: int | None,
    talon: int | None,
    discard: int | None,
    declarer: int,
    findings: Findings,
    deal_no: int | None = None,
) -> None:
    """The declarer takes the talon and puts away two cards: the discard must be two cards
    of the hand and the talon together (unknown hands are not held against anyone)."""
    if discard is None or hand is None or talon is None:
        return
    held = hand | talon
    stray = discard & ~held
    if stray:
        names = [NAME[c] for c in cards_of(stray)]
        findings.add("DISCARD_WRONG", deal=deal_no, seat=declarer, card=names[0], stray_cards=names)
    elif discard.bit_count() != 2:
        findings.add("DISCARD_WRONG", deal=deal_no, seat=declarer, form="count", cards=discard.bit_count())


def check_contract(
    result: AuctionResult,
    contract: Contract | None,
    findings: Findings,
    deal_no: int | None = None,
    discard: int | None = None,
) -> None:
    """The game named after the discard: none on a pass-out; not below the winning bid
    ("не ниже заявленной"); misère after misère and only then; under a dark level any game
    from the six of its suit ("может играть любую игру, включая мизер"; "все игры, кроме
    шесть пик")."""
    f = findings
    if result.passed_out:
        if contract is not None or discard is not None:
            form = "passout_contract" if contract is not None else "passout_discard"
            f.add("CONTRACT_MISMATCH", deal=deal_no, form=form)
        return
    declarer = result.declarer
    winning = result.winning
    assert winning is not None
    won = call_text(winning)
    if contract is None:
        f.add("CONTRACT_MISMATCH", deal=deal_no, seat=declarer, form="none", winning_call=won)
        return
    won_misere = winning.contract is not None and winning.contract.misere
    if won_misere and not contract.misere:
        form = "dark_misere_won" if winning.dark else "misere_won"
        f.add("MISERE_RULE", deal=deal_no, seat=declarer, form=form, contract=str(contract), winning_call=won)
        return
    if contract.misere:
        if not won_misere and not result.dark_level:
            f.add(
                "MISERE_RULE",
                deal=deal_no,
                seat=declarer,
                form="not_won",
                contract=str(contract),
                winning_call=won,
            )
        return
    minimum = result.minimum_contract()
    assert minimum is not None
    if contract < minimum:
        if result.dark_level:
            f.add(
                "DARK_NOT_ALLOWED",
                deal=deal_no,
                seat=declarer,
                form="level_contract",
                call=won,
                minimum_contract=str(minimum),
                contract=str(contract),
            )
        else:
            f.add("CONTRACT_BELOW_BID", deal=deal_no, seat=declarer, contract=str(contract), winning_call=won)
