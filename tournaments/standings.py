"""Standings from table results: points by method, then the tie-break order, then shared places.

Plain Python (no Django): the compile task loads the tables' results and
writes what this returns. Methods: total points; table points (points by
place at each table from a scale per table size, tied places sharing the
points of the places they cover evenly); average per game; whists (the sum
of a player's whists, for games that have them: rubber bridge, where each
partner wins the side's whists). Every figure is the seat's own, as the
game's rules gave it (a bridge seat has its side's total and whists), so
the partners of a table share a place. Tie-breaks, in
the order the organiser chose before the start (FIDE-style): head-to-head
among the tied, contracts made, best single game, table wins, a drawing of
lots (seeded). Players still tied share the place, shown "3–4".
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

TIEBREAKS = ("head_to_head", "contracts_made", "best_game", "table_wins", "lots")
METHODS = ("total", "table_points", "average", "whists")
_EPSILON = 1e-9


@dataclass(frozen=True)
class TableResult:
    """One table's finished game: players in seat order, their totals, contracts made and whists
    (empty: a game without whists)."""

    table: int
    round: int
    players: tuple[int, ...]
    totals: tuple[float, ...]
    contracts_made: tuple[int, ...]
    whists: tuple[float, ...] = ()

    def places(self) -> list[tuple[int, int]]:
        """Per seat, the (first, last) place it shares: (1, 1) alone on top, (2, 3) tied for 2nd."""
        out = []
        for total in self.totals:
            above = sum(1 for t in self.totals if t > total + _EPSILON)
            level = sum(1 for t in self.totals if abs(t - total) <= _EPSILON)
            out.append((above + 1, above + level))
        return out


@dataclass
class Line:
    """A player's line of the standings."""

    player: int
    points: float = 0.0
    games: int = 0
    total: float = 0.0
    whists: float = 0.0
    contracts_made: int = 0
    best_game: float | None = None
    table_wins: int = 0
    lots: int = 0
    rank: int = 0
    rank_to: int = 0
    tiebreaks: dict[str, float | int | None] = field(default_factory=dict)

    @property
    def place(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}–{self.rank_to}"


def table_points_for(size: int, first: int, last: int, scale: Mapping[int, Sequence[float]]) -> float:
    """Places first..last share their points evenly ("tied places sharing the points evenly")."""
    points = scale.get(size)
    if points is None or len(points) < size:
        raise ValueError(f"the table points scale has no {size}-player line")
    share = points[first - 1 : last]
    return sum(share) / len(share)


def compile_standings(
    players: Sequence[int],
    results: Sequence[TableResult],
    *,
    method: str = "total",
    table_points: Mapping[int, Sequence[float]] | None = None,
    tiebreaks: Sequence[str] = (),
    seed: int = 0,
) -> list[Line]:
    """Rank every entered player from the tables' results (players without a game score 0)."""
    if method not in METHODS:
        raise ValueError(f"unknown standings method {method!r}; one of {', '.join(METHODS)}")
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise ValueError(f"unknown tie-break {name!r}; one of {', '.join(TIEBREAKS)}")
    lines = {p: Line(player=p) for p in players}
    for result in results:
        places = result.places()
        for seat, player in enumerate(result.players):
            line = lines.setdefault(player, Line(player=player))
            total = result.totals[seat]
            first, last = places[seat]
            line.games += 1
            line.total += total
            line.contracts_made += result.contracts_made[seat]
            line.whists += result.whists[seat] if seat < len(result.whists) else 0.0
            line.best_game = total if line.best_game is None else max(line.best_game, total)
            line.table_wins += first == 1
            if method == "table_points":
                line.points += table_points_for(len(result.players), first, last, table_points or {})
    for line in lines.values():
        if method == "total":
            line.points = line.total
        elif method == "average":
            line.points = line.total / line.games if line.games else 0.0
        elif method == "whists":
            line.points = line.whists
    _draw_lots(list(lines.values()), seed)
    ordered = sorted(lines.values(), key=lambda ln: (-ln.points, ln.player))
    tables_of = _tables_of(results)
    tiers: list[list[Line]] = []
    for group in _equal_runs(ordered, lambda ln: ln.points):
        h2h = _head_to_head(group, results, tables_of) if len(group) > 1 else {}
        for line in group:
            line.tiebreaks = {name: _value(name, line, h2h) for name in tiebreaks}
        tiers.extend(_break_ties(group, list(tiebreaks), results, tables_of))
    rank = 1
    standings = []
    for tier in tiers:
        for line in sorted(tier, key=lambda ln: ln.player):
            line.rank, line.rank_to = rank, rank + len(tier) - 1
            standings.append(line)
        rank += len(tier)
    return standings


def _draw_lots(lines: list[Line], seed: int) -> None:
    """A seeded drawing of lots: 1 is the best draw. Reproducible from the tournament's seed."""
    order = sorted(lines, key=lambda ln: ln.player)
    random.Random(seed).shuffle(order)  # noqa: S311 - a drawing of lots, not cryptography
    for position, line in enumerate(order, start=1):
        line.lots = position


def _value(name: str, line: Line, h2h: Mapping[int, float]) -> float | int | None:
    if name == "head_to_head":
        return h2h.get(line.player)
    if name == "best_game":
        return line.best_game
    return int(getattr(line, name))


def _tables_of(results: Sequence[TableResult]) -> dict[int, list[int]]:
    """Per player, the indexes of the results they sat in (in the results' order)."""
    tables_of: dict[int, list[int]] = defaultdict(list)
    for index, result in enumerate(results):
        for player in dict.fromkeys(result.players):
            tables_of[player].append(index)
    return tables_of


def _head_to_head(
    group: Sequence[Line],
    results: Sequence[TableResult],
    tables_of: Mapping[int, Sequence[int]] | None = None,
) -> dict[int, float]:
    """Among the tied: a point for each tied rival finished below at a shared table, half for level.

    With ``tables_of`` (from :func:`_tables_of`) only the tables where two
    or more of the tied sat are visited, in the results' order; the others
    add nothing.
    """
    tied = {line.player for line in group}
    score: dict[int, float] = defaultdict(float)
    if tables_of is not None:
        seen = Counter(index for player in tied for index in tables_of.get(player, ()))
        results = [results[index] for index in sorted(i for i, n in seen.items() if n > 1)]
    for result in results:
        at_table = [(p, t) for p, t in zip(result.players, result.totals, strict=True) if p in tied]
        for p, t in at_table:
            for q, u in at_table:
                if p != q:
                    score[p] += 1.0 if t > u + _EPSILON else 0.5 if abs(t - u) <= _EPSILON else 0.0
    return {p: score.get(p, 0.0) for p in tied}


def _break_ties(
    group: list[Line],
    remaining: list[str],
    results: Sequence[TableResult],
    tables_of: Mapping[int, Sequence[int]] | None = None,
) -> list[list[Line]]:
    """Split a tied group by the first tie-break, then each sub-group by the next (head-to-head recomputed)."""
    if len(group) == 1 or not remaining:
        return [group]
    name, rest = remaining[0], remaining[1:]
    h2h = _head_to_head(group, results, tables_of) if name == "head_to_head" else {}

    def key(line: Line) -> float:
        value = _value(name, line, h2h)
        if value is None:
            return 1e18  # no value (no game): below every real one, level with each other
        # Lots: the lower draw is better; every other measure: more is better.
        return float(value) if name == "lots" else -float(value)

    tiers = []
    for tier in _equal_runs(sorted(group, key=key), key):
        tiers.extend(_break_ties(tier, rest, results, tables_of))
    return tiers


def _equal_runs(lines: Sequence[Line], key: Callable[[Line], float]) -> list[list[Line]]:
    """Consecutive lines whose key is equal (within rounding), as groups."""
    runs: list[list[Line]] = []
    for line in lines:
        value = key(line)
        if runs and abs(key(runs[-1][0]) - value) <= _EPSILON:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs
