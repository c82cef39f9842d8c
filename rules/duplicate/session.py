"""A session scored against the field: every board's results compared, each pair's total and place.

:func:`score_session` takes the results of a session as :class:`BoardResult` rows (board,
the pair North–South, the pair East–West, the result) and a method:

- ``"matchpoints"`` — each board matchpointed (rules.duplicate.matchpoints), boards played
  fewer times than ``expected`` scaled by Neuberg; a pair's score is its percentage of the
  tops it played on;
- ``"cross_imps"`` — each board's scores IMPed against each other, a pair's score the sum of
  its per-comparison averages (rules.duplicate.imps.cross_imps);
- ``"butler"`` — each board's scores IMPed against its datum, a pair's score the sum.

A board's expected number of results is, by default, the most any board of the session has
(the movement's count); pass ``expected`` for a board the movement plays at fewer tables.

:func:`score_card` gives a pair's personal score card from the travellers.

Places: pairs are ranked in ``fields`` (by default one field of everybody; a Mitchell
without an arrow switch has two, its North–South and its East–West pairs). Equal scores
share a place, written "3–4" as on a results sheet.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rules.duplicate.imps import butler, cross_imps
from rules.duplicate.matchpoints import Adjusted, Played, Result, board, percentage, top

METHODS = ("matchpoints", "cross_imps", "butler")


@dataclass(frozen=True, slots=True)
class BoardResult:
    board: int
    ns: int
    ew: int
    result: Result


@dataclass(slots=True)
class PairScore:
    pair: int
    #: Matchpoints, or IMPs, earned on each board the pair played.
    by_board: dict[int, Fraction] = field(default_factory=dict)
    total: Fraction = Fraction(0)
    #: The tops of the boards the pair played (matchpoints only).
    tops: int = 0
    #: The percentage (matchpoints) or the total IMPs: what the ranking orders by.
    score: Fraction = Fraction(0)
    place: str = ""


@dataclass(frozen=True, slots=True)
class Traveller:
    """One board's results as its traveller lists them, with what each side earned."""

    board: int
    rows: tuple[tuple[BoardResult, Fraction, Fraction], ...]
    #: The board's top (matchpoints), or its datum (Butler); None for cross-IMPs.
    mark: int | None


def _comparable(rows: Sequence[BoardResult]) -> list[int]:
    scores = []
    for row in rows:
        if not isinstance(row.result, Played):
            raise ValueError(f"board {row.board}: an IMP method takes played scores only")
        scores.append(row.result.ns_score)
    return scores


def score_board(rows: Sequence[BoardResult], method: str, expected: int, per_beat: int = 2) -> Traveller:
    """The traveller of one board: (row, North–South's, East–West's) earnings."""
    if method == "matchpoints":
        points = board([row.result for row in rows], expected=expected, per_beat=per_beat)
        return Traveller(
            rows[0].board,
            tuple((r, ns, ew) for r, (ns, ew) in zip(rows, points, strict=True)),
            top(expected, per_beat),
        )
    if method == "cross_imps":
        imps = cross_imps(_comparable(rows))
        return Traveller(
            rows[0].board, tuple((r, mean, -mean) for r, (_, mean) in zip(rows, imps, strict=True)), None
        )
    if method == "butler":
        datum, imps_ = butler(_comparable(rows))
        return Traveller(
            rows[0].board,
            tuple((r, Fraction(v), Fraction(-v)) for r, v in zip(rows, imps_, strict=True)),
            datum,
        )
    raise ValueError(f"no such scoring method: {method!r} (one of {', '.join(METHODS)})")


def _places(scores: list[PairScore]) -> None:
    ordered = sorted(scores, key=lambda s: (-s.score, s.pair))
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1].score == ordered[i].score:
            j += 1
        place = str(i + 1) if i == j else f"{i + 1}–{j + 1}"
        for k in range(i, j + 1):
            ordered[k].place = place
        i = j + 1


def score_session(
    results: Iterable[BoardResult],
    method: str = "matchpoints",
    expected: Mapping[int, int] | None = None,
    fields: Sequence[Iterable[int]] | None = None,
    per_beat: int = 2,
) -> tuple[list[Traveller], dict[int, PairScore]]:
    """Every board's traveller and every pair's score and place (see the module docstring)."""
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for row in results:
        by_board[row.board].append(row)
    counts = Counter({b: len(rows) for b, rows in by_board.items()})
    most = max(counts.values(), default=0)
    pairs: dict[int, PairScore] = {}
    travellers = []
    for number in sorted(by_board):
        rows = by_board[number]
        want = (expected or {}).get(number, most)
        traveller = score_board(rows, method, want, per_beat)
        travellers.append(traveller)
        for row, ns, ew in traveller.rows:
            for pair, earned in ((row.ns, ns), (row.ew, ew)):
                score = pairs.setdefault(pair, PairScore(pair))
                score.by_board[number] = earned
                score.total += earned
                if traveller.mark is not None and method == "matchpoints":
                    score.tops += traveller.mark
    for score in pairs.values():
        score.score = percentage(score.total, score.tops) if method == "matchpoints" else score.total
    groups = [list(pairs)] if fields is None else [[p for p in f if p in pairs] for f in fields]
    for group in groups:
        _places([pairs[p] for p in group])
    return travellers, pairs


@dataclass(frozen=True, slots=True)
class ScoreCardLine:
    """One board of a pair's personal score card."""

    board: int
    #: "NS" or "EW": the direction the pair sat.
    direction: str
    opponents: int
    #: The pair's own score on the board (North–South's, or its negative for East–West);
    #: None for an adjusted score.
    score: int | None
    #: What the pair earned: matchpoints or IMPs.
    earned: Fraction
    #: The board's top (matchpoints) or datum (Butler); None for cross-IMPs.
    mark: int | None


def score_card(travellers: Iterable[Traveller], pair: int) -> list[ScoreCardLine]:
    """A pair's personal score card from the session's travellers: each board it played, in
    board order, with its direction, its opponents, its score and what it earned."""
    lines = []
    for traveller in sorted(travellers, key=lambda t: t.board):
        for row, ns, ew in traveller.rows:
            if pair not in (row.ns, row.ew):
                continue
            played = row.result.ns_score if isinstance(row.result, Played) else None
            if row.ns == pair:
                lines.append(ScoreCardLine(traveller.board, "NS", row.ew, played, ns, traveller.mark))
            else:
                score = None if played is None else -played
                lines.append(ScoreCardLine(traveller.board, "EW", row.ns, score, ew, traveller.mark))
    return lines


__all__ = [
    "METHODS",
    "Adjusted",
    "BoardResult",
    "PairScore",
    "Played",
    "ScoreCardLine",
    "Traveller",
    "score_board",
    "score_card",
    "score_session",
]
