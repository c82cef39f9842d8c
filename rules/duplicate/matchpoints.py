"""Matchpoints (Law 78A): each result on a board compared with every other result in the same direction.

A result earns ``per_beat`` matchpoints (2 by default, as most of Europe scores; 1 as the
ACBL does) for each result it beats and half that for each it ties; the top is ``per_beat``
× (results − 1). The two directions share the top: East–West get the top less North–South's.

Neuberg's formula scales a result compared among ``A`` results to a board that should have
had ``E``: ``(M + t)·E/A − t``, with ``t`` half the value of a beat (``per_beat`` / 2). It
is used when a board was played fewer times than the others (a half table, a late arrival,
a withdrawal) and for a fouled board (Law 87B: the results on each version of the board are
compared among themselves, then scaled up to the whole field). A result compared with no
other (``A`` = 1) comes out at exactly half the top.

An artificial adjusted score (Law 12C2) is not compared: it is a percentage of the top —
average 50, average plus 60, average minus 40 — given to each side on its own (60/40, 40/40,
50/50 are all possible), and it still counts as one of the board's ``E`` results.

Everything is exact (:class:`fractions.Fraction`); the pages round.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

#: Law 12C2's artificial adjusted scores, in percent of the top.
AVERAGE = 50
AVERAGE_PLUS = 60
AVERAGE_MINUS = 40


@dataclass(frozen=True, slots=True)
class Played:
    """A result scored at the table: North–South's score (East–West's is its negative).

    ``version`` tells the versions of a fouled board apart (Law 87): 0 is the board as dealt;
    results are compared only with results on the same version.
    """

    ns_score: int
    version: int = 0


@dataclass(frozen=True, slots=True)
class Adjusted:
    """An artificial adjusted score: each direction's percentage of the top (Law 12C2)."""

    ns_percent: int = AVERAGE
    ew_percent: int = AVERAGE


Result = Played | Adjusted


def top(results: int, per_beat: int = 2) -> int:
    """The most a result can earn on a board of ``results`` results."""
    return per_beat * (results - 1)


def neuberg(points: Fraction, compared: int, expected: int, per_beat: int = 2) -> Fraction:
    """Neuberg's formula: matchpoints earned among ``compared`` results, on a board of ``expected``."""
    tie = Fraction(per_beat, 2)
    return (points + tie) * expected / compared - tie


def board(
    results: Sequence[Result], expected: int | None = None, per_beat: int = 2
) -> list[tuple[Fraction, Fraction]]:
    """(North–South's, East–West's) matchpoints for each result of one board.

    ``expected`` is the number of results the board should have (by default as many as there
    are); the top is :func:`top` of it. Played results are compared within their version and
    scaled by :func:`neuberg` when their version has fewer than ``expected`` of them.
    """
    count = len(results) if expected is None else expected
    if count < len(results):
        raise ValueError(f"{len(results)} results on a board expected to have {count}")
    full = top(count, per_beat)
    versions: dict[int, list[int]] = defaultdict(list)
    for result in results:
        if isinstance(result, Played):
            versions[result.version].append(result.ns_score)
    out: list[tuple[Fraction, Fraction]] = []
    for result in results:
        if isinstance(result, Adjusted):
            out.append((Fraction(full * result.ns_percent, 100), Fraction(full * result.ew_percent, 100)))
            continue
        scores = versions[result.version]
        beaten = sum(1 for other in scores if other < result.ns_score)
        tied = sum(1 for other in scores if other == result.ns_score) - 1
        points = Fraction(per_beat * beaten) + Fraction(per_beat * tied, 2)
        if len(scores) != count:
            points = neuberg(points, len(scores), count, per_beat)
        out.append((points, full - points))
    return out


def percentage(points: Fraction, tops: int) -> Fraction:
    """Matchpoints as a percentage of the tops they were earned on; 50 when there is no top
    (a board of one result)."""
    return Fraction(50) if tops == 0 else points * 100 / tops
