"""Duplicate boards: each board's dealer and vulnerability, deals made from a seed, the hand record.

A duplicate board carries its deal from table to table; its number fixes who deals and who
is vulnerable (Law 2: the dealer is North on board 1, East on 2, South on 3, West on 4 and
so round again; the vulnerability runs through a cycle of sixteen boards, :data:`VULNERABLE`).

:func:`deal_board` makes a board's four hands from an event's seed and the board's number,
so that the service can deal a session again exactly (a printed hand record, a dealing
machine's file, a board fouled at one table and remade). Whoever knows the seed knows the
cards, so the seed is the event's secret until its boards are played (the apps draw it
with :mod:`secrets`). The shuffle is a Fisher–Yates shuffle by Python's
:class:`random.Random` seeded with ``"<seed>/<board>"`` (a string seed is hashed with
SHA-512, the same on every platform and Python 3 version).

:func:`hand_record_pbn` writes a set of boards as a PBN 2.1 hand-record file (Event, Site,
Date, Board, Dealer, Vulnerable, Deal, and the double-dummy tricks and par where known),
which BigDeal-style dealing machines and the usual scoring programs read.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules.bridge.core import SEATS
from rules.cards import DECK_SIZE, RANKS

#: Law 2, boards 1-16 (then again from 17): (North–South vulnerable, East–West vulnerable).
VULNERABLE: tuple[tuple[bool, bool], ...] = tuple(
    {"-": (False, False), "NS": (True, False), "EW": (False, True), "All": (True, True)}[v]
    for v in (
        "-", "NS", "EW", "All", "NS", "EW", "All", "-",
        "EW", "All", "-", "NS", "All", "-", "NS", "EW",
    )
)  # fmt: skip
#: The PBN Vulnerable tag's value for (NS, EW) vulnerable.
PBN_VULNERABLE = {(False, False): "None", (True, False): "NS", (False, True): "EW", (True, True): "All"}


def dealer_of(board: int) -> int:
    """The seat (N 0, E 1, S 2, W 3) that deals ``board`` (Law 2)."""
    _check(board)
    return (board - 1) % 4


def vulnerable_of(board: int) -> tuple[bool, bool]:
    """(North–South vulnerable, East–West vulnerable) on ``board`` (Law 2)."""
    _check(board)
    return VULNERABLE[(board - 1) % 16]


def _check(board: int) -> None:
    if board < 1:
        raise ValueError(f"boards are numbered from 1, not {board}")


@dataclass(frozen=True, slots=True)
class Board:
    """A board of the hand record: its number and the four hands as dealt (masks N, E, S, W)."""

    number: int
    hands: tuple[int, int, int, int]

    @property
    def dealer(self) -> int:
        return dealer_of(self.number)

    @property
    def vulnerable(self) -> tuple[bool, bool]:
        return vulnerable_of(self.number)


def deal_board(seed: str, number: int) -> Board:
    """Board ``number`` of the event dealt from ``seed`` (see the module docstring)."""
    _check(number)
    deck = list(range(DECK_SIZE))
    # Reproducible by design (a board dealt again is the same board); the seed is what
    # must stay secret until the boards are played.
    random.Random(f"{seed}/{number}").shuffle(deck)  # noqa: S311
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position % 4] |= 1 << card
    return Board(number, (hands[0], hands[1], hands[2], hands[3]))


def deal_boards(seed: str, numbers: Iterable[int]) -> list[Board]:
    return [deal_board(seed, n) for n in numbers]


def hand_text(mask: int) -> str:
    """One hand as PBN writes it: spades.hearts.diamonds.clubs, each from the ace down."""
    suits = []
    for suit in range(4):
        suits.append("".join(RANKS[r] for r in range(12, -1, -1) if mask >> (suit * 13 + r) & 1))
    return ".".join(suits)


def deal_text(board: Board) -> str:
    """The PBN Deal tag's value, from the dealer round: ``N:AKQ.… …``."""
    first = board.dealer
    return f"{SEATS[first]}:" + " ".join(hand_text(board.hands[(first + i) % 4]) for i in range(4))


def is_deal(hands: Sequence[int]) -> bool:
    """Whether four masks are a whole deal: thirteen cards each, every card once."""
    seen = 0
    for mask in hands:
        if mask.bit_count() != 13 or seen & mask:
            return False
        seen |= mask
    return len(hands) == 4 and seen == (1 << DECK_SIZE) - 1


def _pbn_value(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


#: DoubleDummyTricks order (PBN 2.1 §3.17 supplement, as BigDeal and Dealer write it):
#: for N, S, E, W, the tricks in NT, S, H, D, C, each a hex digit.
_DD_SEATS = ("N", "S", "E", "W")
_DD_STRAINS = ("NT", "S", "H", "D", "C")


def board_tags(board: Board, *, event: str = "", site: str = "", date: str = "") -> list[tuple[str, str]]:
    """A board's tags as a PBN hand record writes them: Event, Site, Date ("?" unknown),
    Board, Dealer, Vulnerable and Deal."""
    return [
        ("Event", event),
        ("Site", site),
        ("Date", date or "?"),
        ("Board", str(board.number)),
        ("Dealer", SEATS[board.dealer]),
        ("Vulnerable", PBN_VULNERABLE[board.vulnerable]),
        ("Deal", deal_text(board)),
    ]


def hand_record_pbn(
    boards: Sequence[Board],
    *,
    event: str = "",
    site: str = "",
    date: str = "",
    analysis: dict[int, tuple[dict[str, dict[str, int]], int, str]] | None = None,
) -> str:
    """A PBN 2.1 hand-record file of ``boards``; ``analysis`` maps a board number to its
    (double-dummy table by strain and seat, par score from North–South, par contracts) as
    rules.bridge.analytics.solve gives them; the file carries the table and the par score."""
    lines = ["% PBN 2.1", ""]
    for board in boards:
        tags = board_tags(board, event=event, site=site, date=date)
        solved = (analysis or {}).get(board.number)
        if solved is not None:
            table, par_score, _ = solved
            digits = "".join(format(table[strain][seat], "x") for seat in _DD_SEATS for strain in _DD_STRAINS)
            tags.append(("DoubleDummyTricks", digits))
            tags.append(("OptimumScore", f"NS {par_score}"))
        lines.extend(f'[{name} "{_pbn_value(value)}"]' for name, value in tags)
        lines.append("")
    return "\r\n".join(lines)


def fouled_versions(record: Board, played: list[tuple[int, int, int, int] | None]) -> list[int]:
    """Which version of the board each table played (Law 87): 0 as the hand record deals it,
    1, 2, … for each different deal in the order first met; a table whose hands are not
    known (None) is taken to have played it as dealt.

    A hand left out (mask 0, as a log may leave a seat's cards to the play) is not compared:
    a table differs from the record only where a hand it gives differs. The numbers are the
    ``version`` of rules.duplicate.matchpoints.Played, so that each version is compared
    only with itself and scaled to the whole field (Law 87B; docs/duplicate.md).
    """
    versions: list[tuple[int, int, int, int]] = []
    out = []
    for hands in played:
        if hands is None or all(h == 0 or h == r for h, r in zip(hands, record.hands, strict=True)):
            out.append(0)
            continue
        for i, seen in enumerate(versions):
            if all(h == 0 or s == 0 or h == s for h, s in zip(hands, seen, strict=True)):
                out.append(i + 1)
                break
        else:
            versions.append(hands)
            out.append(len(versions))
    return out
