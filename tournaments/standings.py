"""Standings from table results: points by method, then the tie-break order, then shared places.

Plain Python (no Django): the compile task loads the tables' results and
writes what this returns. Methods: total points; table points (points by
place at each table from a scale per table size, tied places sharing the
points of the places they cover evenly); average per game; whists (the sum
of a player's whists, for games that have them: rubber bridge, where each
partner wins the side's whists). Every figure is the seat's own, as the
game's rules gave it (a bridge seat has its side's total and whists), so
the partners of a table share a place. Partners who have played every game
of theirs together are a partnership (a rubber is won by a partnership,
issue 20): ranked as one line, which both players' rows carry, and never
split from each other by a tie-break or the lots. Tie-breaks, in
the order the organiser chose before the start (FIDE-style): head-to-head
among the tied, contracts made, best single game, table wins, a drawing of
lots (seeded). Players still tied share the place, shown "3–4".

A compile is the ranking of a tally of the tables (:func:`tally`, :func:`rank`); a very large
tournament's is tallied per span of rounds on several workers and the tallies merged
(:func:`merge`, issue 10), which lands on the same lines.
"""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

TIEBREAKS = ("head_to_head", "contracts_made", "best_game", "table_wins", "lots")
METHODS = ("total", "table_points", "average", "whists")
_EPSILON = 1e-9


def gettext_noop(text: str) -> str:
    """Mark ``text`` as a message to translate (``makemessages`` knows this name); returns it as is."""
    return text


class StandingsError(ValueError):
    """Rules of ranking this module cannot follow: ``code``, ``params`` and the English
    ``template`` they fill (``str()``: the English sentence). No Django here: whoever shows it to
    a person translates the template (it is the gettext msgid)."""

    def __init__(self, code: str, template: str, /, **params: Any) -> None:
        self.code = code
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


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
    #: The seats that share one result (rules.<game>.teams): rubber bridge ((0, 2), (1, 3)); empty
    #: or every seat alone in a game played for oneself.
    teams: tuple[tuple[int, ...], ...] = ()

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
    #: The partner this line is ranked with (the same place, one line of the standings), if any.
    partner: int | None = None

    @property
    def place(self) -> str:
        return str(self.rank) if self.rank == self.rank_to else f"{self.rank}–{self.rank_to}"


def table_points_for(size: int, first: int, last: int, scale: Mapping[int, Sequence[float]]) -> float:
    """Places first..last share their points evenly ("tied places sharing the points evenly")."""
    points = scale.get(size)
    if points is None or len(points) < size:
        raise StandingsError(
            "STANDINGS_SCALE_MISSING",
            gettext_noop("the table points scale has no %(size)s-player line"),
            size=size,
        )
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
    """Rank every entered player from the tables' results (players without a game score 0).

    The tally of all the tables at once, ranked: :func:`rank` of one :func:`tally`. A compile
    split over workers ranks the :func:`merge` of the parts' tallies instead, and lands on the
    same lines.
    """
    check_rules(method, tiebreaks)
    return rank(
        players,
        tally(results, placings=method == "table_points", tables="head_to_head" in tiebreaks),
        method=method,
        table_points=table_points,
        tiebreaks=tiebreaks,
        seed=seed,
    )


def check_rules(method: str, tiebreaks: Sequence[str]) -> None:
    """Refuse a standings method or tie-break this module does not know."""
    if method not in METHODS:
        raise StandingsError(
            "STANDINGS_METHOD_UNKNOWN",
            gettext_noop("unknown standings method '%(method)s'; one of %(methods)s"),
            method=method,
            methods=", ".join(METHODS),
        )
    for name in tiebreaks:
        if name not in TIEBREAKS:
            raise StandingsError(
                "STANDINGS_TIEBREAK_UNKNOWN",
                gettext_noop("unknown tie-break '%(tiebreak)s'; one of %(tiebreaks)s"),
                tiebreak=name,
                tiebreaks=", ".join(TIEBREAKS),
            )


#: A table as head-to-head reads it: its players in seat order and the first place each shares.
Seated = tuple[tuple[int, ...], tuple[int, ...]]


@dataclass
class Tally:
    """What a set of tables adds to the standings, before ranking.

    Per player the sums (games, total, whists, contracts made, table wins) and the best game;
    with ``placings``, how often the player shared places first..last at a table of a size (the
    table points are worked out from these when ranking, with the scale); with ``tables``, each
    table's players and places, which head-to-head needs ("among the tied": only known once
    every table is counted). The tallies of disjoint sets of tables merge exactly — counts,
    sums of whole numbers, maxima, a list of tables — so standings compiled per group of rounds
    and merged equal the compile of every table at once, whatever the split.
    """

    lines: dict[int, Line] = field(default_factory=dict)
    placings: dict[int, Counter[tuple[int, int, int]]] = field(default_factory=dict)
    tables: list[Seated] = field(default_factory=list)
    #: Per player, everyone who has shared a result with them (a partner at some table).
    partners: dict[int, set[int]] = field(default_factory=dict)

    def to_wire(self) -> dict[str, Sequence[int | float]]:
        """Flat lists of numbers (whole numbers as ints), for a task's JSON result."""
        lines = list(self.lines.values())
        placings = [
            number
            for player, counts in self.placings.items()
            for (size, first, last), count in counts.items()
            for number in (player, size, first, last, count)
        ]
        seats = [len(players) for players, _ in self.tables]
        return {
            "player": [line.player for line in lines],
            "games": [line.games for line in lines],
            "total": [_compact(line.total) for line in lines],
            "whists": [_compact(line.whists) for line in lines],
            "contracts_made": [line.contracts_made for line in lines],
            "best_game": [_compact(line.best_game or 0.0) for line in lines],
            "table_wins": [line.table_wins for line in lines],
            "placings": placings,
            "seats": seats,
            "table_players": [p for players, _ in self.tables for p in players],
            "table_places": [f for _, firsts in self.tables for f in firsts],
            "partners": [
                n for player, mates in self.partners.items() for mate in mates for n in (player, mate)
            ],
        }

    @classmethod
    def from_wire(cls, wire: Mapping[str, Sequence[int | float]]) -> Tally:
        """The tally :meth:`to_wire` wrote (floats come back bit for bit)."""
        out = cls()
        columns = zip(
            wire["player"],
            wire["games"],
            wire["total"],
            wire["whists"],
            wire["contracts_made"],
            wire["best_game"],
            wire["table_wins"],
            strict=True,
        )
        for player, games, total, whists, made, best, wins in columns:
            out.lines[int(player)] = Line(
                player=int(player),
                games=int(games),
                total=float(total),
                whists=float(whists),
                contracts_made=int(made),
                best_game=float(best),
                table_wins=int(wins),
            )
        placings = wire["placings"]
        for i in range(0, len(placings), 5):
            player, size, first, last, count = (int(n) for n in placings[i : i + 5])
            out.placings.setdefault(player, Counter())[(size, first, last)] += count
        players, places = wire["table_players"], wire["table_places"]
        at = 0
        for seats in wire["seats"]:
            end = at + int(seats)
            out.tables.append((tuple(int(p) for p in players[at:end]), tuple(int(f) for f in places[at:end])))
            at = end
        pairs = wire.get("partners", ())
        for i in range(0, len(pairs), 2):
            out.partners.setdefault(int(pairs[i]), set()).add(int(pairs[i + 1]))
        return out


def _compact(number: float) -> int | float:
    return int(number) if float(number).is_integer() else number


def tally(results: Iterable[TableResult], *, placings: bool = False, tables: bool = False) -> Tally:
    """Count the tables' results: per player the sums and best game; the placings (for table
    points) and the tables' places (for head-to-head) only when asked, as they cost the most."""
    out = Tally()
    lines = out.lines
    for result in results:
        places = result.places()
        size = len(result.players)
        for seat, player in enumerate(result.players):
            line = lines.get(player)
            if line is None:
                line = lines[player] = Line(player=player)
            total = result.totals[seat]
            first, last = places[seat]
            line.games += 1
            line.total += total
            line.contracts_made += result.contracts_made[seat]
            line.whists += result.whists[seat] if seat < len(result.whists) else 0.0
            line.best_game = total if line.best_game is None else max(line.best_game, total)
            line.table_wins += first == 1
            if placings:
                out.placings.setdefault(player, Counter())[(size, first, last)] += 1
        if tables:
            out.tables.append((result.players, tuple(first for first, _ in places)))
        for team in result.teams:
            for seat in team:
                mates = out.partners.setdefault(result.players[seat], set())
                mates.update(result.players[other] for other in team if other != seat)
    return out


def merge(tallies: Iterable[Tally]) -> Tally:
    """One tally of the tables of all the parts (each table counted in exactly one part)."""
    out = Tally()
    lines = out.lines
    for part in tallies:
        for player, counted in part.lines.items():
            line = lines.get(player)
            if line is None:
                lines[player] = replace(counted, tiebreaks={})
                continue
            line.games += counted.games
            line.total += counted.total
            line.whists += counted.whists
            line.contracts_made += counted.contracts_made
            if counted.best_game is not None:
                line.best_game = (
                    counted.best_game if line.best_game is None else max(line.best_game, counted.best_game)
                )
            line.table_wins += counted.table_wins
        for player, counts in part.placings.items():
            out.placings.setdefault(player, Counter()).update(counts)
        out.tables.extend(part.tables)
        for player, mates in part.partners.items():
            out.partners.setdefault(player, set()).update(mates)
    return out


def rank(
    players: Sequence[int],
    counted: Tally,
    *,
    method: str = "total",
    table_points: Mapping[int, Sequence[float]] | None = None,
    tiebreaks: Sequence[str] = (),
    seed: int = 0,
) -> list[Line]:
    """The standings from a tally: points by the method, then the tie-breaks in order, then
    shared places. A partnership (:func:`partnerships`) is ranked as one line: its first
    player's, which the partner's copies. The tally is read, not changed."""
    check_rules(method, tiebreaks)
    lines = {p: Line(player=p) for p in players}
    for player, line in counted.lines.items():
        lines[player] = replace(line, tiebreaks={})
    pairs = {
        second: first
        for first, second in partnerships(counted.partners)
        if first in lines and second in lines
    }
    seconds = {second: lines.pop(second) for second in pairs}
    for line in lines.values():
        if method == "total":
            line.points = line.total
        elif method == "average":
            line.points = line.total / line.games if line.games else 0.0
        elif method == "whists":
            line.points = line.whists
        elif method == "table_points":
            # "Tied places sharing the points of the places they cover evenly", per table; summed
            # in one order (by size and places) whatever order the tables were counted in.
            counts: Mapping[tuple[int, int, int], int] = counted.placings.get(line.player, {})
            line.points = sum(
                count * table_points_for(size, first, last, table_points or {})
                for (size, first, last), count in sorted(counts.items())
            )
    _draw_lots(list(lines.values()), seed)
    ordered = sorted(lines.values(), key=lambda ln: (-ln.points, ln.player))
    heads = "head_to_head" in tiebreaks
    tables_of = _tables_of(counted.tables) if heads else {}
    tiers: list[list[Line]] = []
    for group in _equal_runs(ordered, lambda ln: ln.points):
        h2h = _head_to_head(group, counted.tables, tables_of) if heads and len(group) > 1 else {}
        for line in group:
            line.tiebreaks = {name: _value(name, line, h2h) for name in tiebreaks}
        tiers.extend(_break_ties(group, list(tiebreaks), counted.tables, tables_of))
    rank = 1
    standings = []
    for tier in tiers:
        for line in sorted(tier, key=lambda ln: ln.player):
            line.rank, line.rank_to = rank, rank + len(tier) - 1
            standings.append(line)
        rank += len(tier)
    by_player = {line.player: line for line in standings}
    for second, first in sorted(pairs.items()):
        lead = by_player[first]
        lead.partner = second
        copied = replace(
            seconds[second],
            points=lead.points,
            rank=lead.rank,
            rank_to=lead.rank_to,
            lots=lead.lots,
            tiebreaks=dict(lead.tiebreaks),
            partner=first,
        )
        standings.insert(standings.index(lead) + 1, copied)
    return standings


def partnerships(partners: Mapping[int, set[int]]) -> list[tuple[int, int]]:
    """The fixed partnerships: two players each of whom has had only the other as a partner, as
    (lower id, higher id). Partners who changed between rounds (an individual movement) are not
    one: each keeps a line of their own."""
    return sorted(
        (player, mate)
        for player, mates in partners.items()
        if len(mates) == 1
        for mate in mates
        if player < mate and partners.get(mate) == {player}
    )


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


def _tables_of(tables: Sequence[Seated]) -> dict[int, list[int]]:
    """Per player, the indexes of the tables they sat at (in the tables' order)."""
    tables_of: dict[int, list[int]] = defaultdict(list)
    for index, (players, _) in enumerate(tables):
        for player in dict.fromkeys(players):
            tables_of[player].append(index)
    return tables_of


def _head_to_head(
    group: Sequence[Line],
    tables: Sequence[Seated],
    tables_of: Mapping[int, Sequence[int]] | None = None,
) -> dict[int, float]:
    """Among the tied: a point for each tied rival finished below at a shared table, half for level.

    Finished below: a worse place at the table (the places of :meth:`TableResult.places`, so
    level totals are a level place). With ``tables_of`` (from :func:`_tables_of`) only the
    tables where two or more of the tied sat are visited; the others add nothing.
    """
    tied = {line.player for line in group}
    score: dict[int, float] = defaultdict(float)
    if tables_of is not None:
        seen = Counter(index for player in tied for index in tables_of.get(player, ()))
        tables = [tables[index] for index in sorted(i for i, n in seen.items() if n > 1)]
    for players, firsts in tables:
        at_table = [(p, f) for p, f in zip(players, firsts, strict=True) if p in tied]
        for p, f in at_table:
            for q, g in at_table:
                if p != q:
                    score[p] += 1.0 if f < g else 0.5 if f == g else 0.0
    return {p: score.get(p, 0.0) for p in tied}


def _break_ties(
    group: list[Line],
    remaining: list[str],
    tables: Sequence[Seated],
    tables_of: Mapping[int, Sequence[int]] | None = None,
) -> list[list[Line]]:
    """Split a tied group by the first tie-break, then each sub-group by the next (head-to-head recomputed)."""
    if len(group) == 1 or not remaining:
        return [group]
    name, rest = remaining[0], remaining[1:]
    h2h = _head_to_head(group, tables, tables_of) if name == "head_to_head" else {}

    def key(line: Line) -> float:
        value = _value(name, line, h2h)
        if value is None:
            return 1e18  # no value (no game): below every real one, level with each other
        # Lots: the lower draw is better; every other measure: more is better.
        return float(value) if name == "lots" else -float(value)

    tiers = []
    for tier in _equal_runs(sorted(group, key=key), key):
        tiers.extend(_break_ties(tier, rest, tables, tables_of))
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
