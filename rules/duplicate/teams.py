"""Teams of four: a match scored board by board in IMPs and converted to victory points; the Swiss draw.

A match is played at two tables on the same boards, the teams' pairs crossed
(rules.duplicate.movements.team_round_robin): at the open table the home team sits
North–South, at the closed table East–West. On each board the home team's net is its
North–South score at the open table less the visitors' North–South score at the closed one,
and that difference goes through the IMP scale (Law 78B); the match's margin in IMPs is then
converted to victory points on the WBF continuous scale (rules.duplicate.victory_points).

:func:`swiss_draw` pairs the next round of a Swiss: teams ranked by their score so far (ties
by team number), each drawn against the highest-ranked team below it that it has not yet
met, going back to change an earlier pairing when a lower one cannot be made (a
backtracking search, deterministic); with an odd number of teams the lowest-ranked team that
has not yet had the bye sits out (the next one up when the rest cannot then be drawn). For
up to half as many rounds as teams a draw always exists; later a Swiss can run out of
draws without a rematch, and :func:`swiss_draw` says so.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal

from rules.duplicate.imps import imps
from rules.duplicate.victory_points import victory_points


@dataclass(frozen=True, slots=True)
class MatchResult:
    #: The home team's IMPs on each board (negative: the visitors').
    by_board: tuple[int, ...]
    home_imps: int
    away_imps: int
    home_vp: Decimal
    away_vp: Decimal


def team_match(boards: Sequence[tuple[int, int]]) -> MatchResult:
    """A match from each board's (open table North–South score, closed table North–South score)."""
    if not boards:
        raise ValueError("a match has at least one board")
    nets = tuple(imps(open_ns - closed_ns) for open_ns, closed_ns in boards)
    home = sum(n for n in nets if n > 0)
    away = -sum(n for n in nets if n < 0)
    home_vp, away_vp = victory_points(home - away, len(boards))
    return MatchResult(nets, home, away, home_vp, away_vp)


def swiss_draw(
    scores: Mapping[int, Decimal | int | float],
    met: Iterable[frozenset[int]] = (),
    byes: Iterable[int] = (),
) -> tuple[list[tuple[int, int]], int | None]:
    """The next round's matches (higher-ranked team first) and the team with the bye, or None.

    ``scores`` are the teams' totals so far, ``met`` the pairs that have already played,
    ``byes`` the teams that have already sat out. Raises ValueError when no draw avoids a
    rematch.
    """
    ranked = sorted(scores, key=lambda t: (-scores[t], t))
    played = {frozenset(p) for p in met}
    if len(ranked) % 2 == 0:
        matches = _pair(ranked, played)
        if matches is None:
            raise ValueError("every draw of this round repeats a match already played")
        return matches, None
    had = set(byes)
    # The lowest-ranked team without a bye sits out; if the others cannot then be drawn,
    # the next one up, and only then a team that has had one.
    candidates = [t for t in reversed(ranked) if t not in had] + [t for t in reversed(ranked) if t in had]
    for bye in candidates:
        matches = _pair([t for t in ranked if t != bye], played)
        if matches is not None:
            return matches, bye
    raise ValueError("every draw of this round repeats a match already played")


def _pair(teams: list[int], played: set[frozenset[int]]) -> list[tuple[int, int]] | None:
    if not teams:
        return []
    first, rest = teams[0], teams[1:]
    for i, other in enumerate(rest):
        if frozenset((first, other)) in played:
            continue
        tail = _pair(rest[:i] + rest[i + 1 :], played)
        if tail is not None:
            return [(first, other), *tail]
    return None
