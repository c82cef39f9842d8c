"""The defenders' decisions after the contract: whist, pass, half-whist, open or closed.

The classic rules ("Кодекс преферанса" 3.8): the defender left of the
declarer speaks first, then the other. Both may pass — the game is not
played and the declarer is written it as made ("сыграно"); one may whist
and the other pass — the whister plays for both and may ask to play open
("в светлую", "лёжа"), as the ruleset says; both may whist — each plays his
own cards, closed. The gentleman's half-whist (полвиста): when the first
defender passed, the second may say "half" on a six; the game is then not
played and the half-whister is written half the whists — unless the first,
hearing it, changes his pass to a whist (his third word), and then he whists
alone and the half is void. On misère nobody whists: both defenders catch.

The quotas (6 → 4 tricks, 7 → 2, 8 and 9 → 1, 10 → whist optional) are for
scoring; :data:`QUOTA` gives them to the pulka.

The dark games (shared/seeds/002_42d2e1784dbbf053.txt): "все шестирйки и семь
пик (на раз в темную) играются только в темную и вистовать обязаны оба
партнера" — on a game played "only dark" both defenders must whist, closed;
"На остальных играх, в том числе и на мизере, можно играть лежа и пасовать";
"При объявлении МИЗЕР В ТЕМНУЮ — играется мизер и только стоя" — a dark
misère is caught closed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from rules.preferans.auction import AuctionResult, active_seats
from rules.preferans.codes import Findings
from rules.preferans.core import Contract
from rules.preferans.document import WhistDecision

#: The defenders' quota of tricks by the level of the game (10: whist optional, no quota).
QUOTA = {6: 4, 7: 2, 8: 1, 9: 1, 10: 0}

OneWhisterOpen = Literal["choice", "open", "closed"]


@dataclass(frozen=True, slots=True)
class WhistOptions:
    """``half_whist_levels``: the levels on which the gentleman's half-whist may be said
    (default sixes only; ``()`` for none). ``one_whister_open``: with one whister the play
    is open or closed at his choice (default), always open, or always closed."""

    half_whist_levels: tuple[int, ...] = (6,)
    one_whister_open: OneWhisterOpen = "choice"


@dataclass(frozen=True, slots=True)
class WhistResult:
    """``whisters`` in speaking order; ``half`` the seat that half-whisted when it stands;
    ``played`` false when nobody whisted (the game is written without play); ``open``
    whether the defenders played open."""

    whisters: tuple[int, ...]
    passers: tuple[int, ...]
    half: int | None
    open: bool
    played: bool


def defenders_of(declarer: int, players_count: int, dealer: int) -> tuple[int, int]:
    """The two defenders in speaking order: from the declarer's left, clockwise, skipping
    the dealer who sits out of four."""
    order = active_seats(players_count, dealer)
    i = order.index(declarer)
    return (order[(i + 1) % 3], order[(i + 2) % 3])


def game_is_dark(result: AuctionResult, contract: Contract) -> bool:
    """Whether the game is played "только в темную" (both whist, closed): under a dark
    level, the games up to the seven of its suit; a МИЗЕР В ТЕМНУЮ (caught closed)."""
    if contract.misere:
        won = result.winning
        return won is not None and won.dark and won.contract is not None and won.contract.misere
    return result.only_dark(contract)


def whist_decisions(
    contract: Contract,
    dark: bool,
    decisions: Sequence[WhistDecision],
    defenders: tuple[int, int],
    options: WhistOptions,
    findings: Findings,
    deal_no: int | None = None,
    open_play: bool | None = None,
) -> WhistResult:
    """Check the defenders' words and derive who whists; findings go to ``findings``.

    ``dark``: the game is played "только в темную" (see :func:`game_is_dark`).
    ``open_play``: the log's ``open``, ``None`` when not given.
    """
    f = findings
    first, second = defenders
    opened = bool(open_play)

    game = str(contract)
    if contract.misere:
        if decisions:
            f.add("MISERE_RULE", deal=deal_no, form="whists", contract=game)
        if dark and opened:
            f.add("OPEN_WRONG", deal=deal_no, form="dark_misere", contract=game)
        return WhistResult(whisters=defenders, passers=(), half=None, open=opened and not dark, played=True)

    final: dict[int, str] = {}
    half: int | None = None
    expected = [first, second]
    k = 0
    for dec in decisions:
        seat, word = dec.seat, dec.decision
        if seat not in defenders:
            f.add("WHIST_OUT_OF_TURN", deal=deal_no, seat=seat, form="declarer")
            continue
        if k >= len(expected):
            f.add("WHIST_MISSING", deal=deal_no, seat=seat, form=f"extra_{word}")
            continue
        if seat != expected[k]:
            f.add("WHIST_OUT_OF_TURN", deal=deal_no, seat=seat, form=word, turn_seat=expected[k])
        k += 1
        if k == 3:  # the first defender's answer to a half-whist
            if word == "whist":
                final[seat] = "whist"
                if half is not None:
                    final[half] = "pass"
                half = None
            elif word == "half":
                f.add("HALF_WHIST_WRONG", deal=deal_no, seat=seat, form="answer")
            continue
        if word == "half":
            allowed = (
                seat == second
                and final.get(first) == "pass"
                and contract.level in options.half_whist_levels
                and not dark
            )
            if not allowed:
                if seat != second or final.get(first) != "pass":
                    f.add("HALF_WHIST_WRONG", deal=deal_no, seat=seat, form="order")
                elif dark:
                    f.add("HALF_WHIST_WRONG", deal=deal_no, seat=seat, form="dark", contract=game)
                elif not options.half_whist_levels:
                    f.add("HALF_WHIST_WRONG", deal=deal_no, seat=seat, form="not_played", contract=game)
                else:
                    levels = ", ".join(str(v) for v in options.half_whist_levels)
                    f.add(
                        "HALF_WHIST_WRONG",
                        deal=deal_no,
                        seat=seat,
                        form="level",
                        levels=levels,
                        contract=game,
                    )
                word = "pass"
            else:
                half = seat
                expected.append(first)
        final[seat] = word
    if k < 2:
        missing = [s for s in defenders if s not in final]
        for seat in missing:
            f.add("WHIST_MISSING", deal=deal_no, seat=seat, contract=game)
            final[seat] = "whist" if dark else "pass"
    if dark:
        for seat in defenders:
            if final.get(seat) != "whist":
                # Only a pass can stand here: a half-whist on a game played only dark was
                # refused (and taken as a pass) above, a missing word taken as a whist.
                f.add("WHIST_REQUIRED", deal=deal_no, seat=seat, contract=game)
                final[seat] = "whist"
        if opened:
            f.add("OPEN_WRONG", deal=deal_no, form="dark", contract=game)
            opened = False
    whisters = tuple(s for s in defenders if final.get(s) == "whist")
    passers = tuple(s for s in defenders if final.get(s) != "whist" and s != half)
    if len(whisters) == 2 and opened:
        f.add("OPEN_WRONG", deal=deal_no, form="two_whisters")
        opened = False
    if len(whisters) == 1 and open_play is not None:
        rule = options.one_whister_open
        if rule != "choice" and opened != (rule == "open"):
            f.add("OPEN_WRONG", deal=deal_no, form=f"single_{rule}")
            opened = rule == "open"
    if not whisters:
        opened = False
    return WhistResult(whisters=whisters, passers=passers, half=half, open=opened, played=bool(whisters))
