"""Movements: who sits where, against whom, on which boards, round by round.

A :class:`Movement` is a list of :class:`Sitting` — in round ``r`` at table ``t`` pair
``ns`` sits North–South and pair ``ew`` East–West and they play board set ``boards`` —
built from the field's size alone, so that a property test can check every field size
(tests/rules/duplicate/test_movements.py). Rounds, tables, pairs and board sets are
numbered from 1, as on the guide cards. ``None`` for a pair is the phantom of a field with
an odd number of pairs: the pair drawn against it sits the round out.

- :func:`mitchell` — North–South stay at their table; East–West move up one table and the
  boards down one after each round. With an odd number of tables each East–West pair meets
  every North–South pair and plays every set once. With an even number the East–West pairs
  skip a table after half the rounds (the skip Mitchell), else they would meet the boards
  they played in the first round; they then miss one North–South pair, and the movement
  has one round fewer than tables (the round that would bring them back to their first
  opponents is left out). North–South pairs are 1..n, East–West pairs n+1..2n (East–West
  pair k of the guide card is n+k).
  ``relay=True`` is the relay-and-bye Mitchell for an even number of tables instead: tables 1
  and n share a set each round and one set rests on a bye stand, so that in n rounds every
  pair meets every pair across and plays every set.
  An arrow switch (``switched`` rounds) turns the pairs round at every table in those rounds,
  so that all pairs are ranked in one field.
- :func:`howell` — every pair meets every other pair once and plays every set once: 2n
  pairs, 2n − 1 rounds, 2n − 1 sets. Pair 2n sits North–South at table 1 throughout; the
  others move. The sets are placed by a cyclic rule (:data:`HOWELL_OFFSETS`): in round r,
  table k + 1 plays set r + offset[k]. For 4 and 6–12 tables no two tables share a set in a
  round; 2, 3 and 5 tables have no such rule, and tables share a set (the boards are passed
  between them, or dealt twice): 2 tables both play the same set, 3 tables all three, and
  5 tables share one set between tables 2 and 5.
- :func:`team_round_robin` — teams of four, every team meets every other once, two tables a
  match: the home team's pair North–South at its table, the visitors' pair North–South at
  the other, both tables on the same boards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: int


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole schedule and what it promises."""

    kind: str
    tables: int
    rounds: int
    sets: int
    pairs: tuple[int, ...]
    sittings: tuple[Sitting, ...]
    #: The rounds of a Mitchell in which the pairs turned round.
    switched: frozenset[int] = field(default_factory=frozenset)

    def round(self, number: int) -> list[Sitting]:
        return [s for s in self.sittings if s.round == number]

    def of_pair(self, pair: int) -> list[Sitting]:
        """The pair's own rounds, in order (a sit-out round is not among them)."""
        return [s for s in self.sittings if pair in (s.ns, s.ew) and s.ns and s.ew]

    def sits_out(self, pair: int) -> list[int]:
        """The rounds in which the pair is drawn against the phantom."""
        return [s.round for s in self.sittings if pair in (s.ns, s.ew) and not (s.ns and s.ew)]

    def meetings(self) -> Counter[frozenset[int]]:
        """How often each two real pairs meet."""
        return Counter(frozenset((s.ns, s.ew)) for s in self.sittings if s.ns and s.ew)

    def plays(self) -> Counter[tuple[int, int]]:
        """How often each real pair plays each board set: (pair, set) → times."""
        out: Counter[tuple[int, int]] = Counter()
        for s in self.sittings:
            for pair in (s.ns, s.ew):
                if pair:
                    out[(pair, s.boards)] += 1
        return out


def _check_tables(tables: int, least: int) -> None:
    if tables < least:
        raise ValueError(f"this movement needs at least {least} tables, not {tables}")


def mitchell(
    tables: int,
    rounds: int | None = None,
    switched: Iterable[int] = (),
    phantom: int | None = None,
    relay: bool = False,
) -> Movement:
    """A Mitchell movement for ``tables`` tables (see the module docstring).

    ``rounds`` may curtail it (the default is a full movement: ``tables`` rounds when odd,
    ``tables`` − 1 when even, ``tables`` with ``relay``). ``phantom`` names a pair that is
    not there (a half table). ``relay`` (an even number of tables) is the relay-and-bye
    Mitchell instead of the skip: :func:`_relay_station`.
    """
    _check_tables(tables, 2)
    if relay and (tables % 2 or tables < 4):
        raise ValueError(f"a relay-and-bye Mitchell is for an even number of tables from 4, not {tables}")
    full = tables if tables % 2 or relay else tables - 1
    count = full if rounds is None else rounds
    if not 1 <= count <= full:
        raise ValueError(f"a Mitchell of {tables} tables has 1 to {full} rounds, not {count}")
    turned = frozenset(switched)
    if not turned <= set(range(1, count + 1)):
        raise ValueError("an arrow switch names a round the movement does not have")
    # The skip (an even number of tables without the relay): East–West move up two tables
    # once, after half the rounds.
    skip_after = tables // 2 if tables % 2 == 0 and not relay else count
    sittings = []
    for r in range(count):
        skip = 1 if r >= skip_after else 0
        for t in range(tables):
            # East–West pair e (0-based) sits at table e + r + skip: the pair at table t is
            # t − r − skip. The boards' station k holds set k + r: each table is its own
            # station, but for the relay's shared table and bye stand (_relay_station).
            ns = t + 1
            ew = tables + (t - r - skip) % tables + 1
            station = _relay_station(tables, t + 1) if relay else t
            boards = (station + r) % tables + 1
            ns_pair: int | None = None if ns == phantom else ns
            ew_pair: int | None = None if ew == phantom else ew
            if r + 1 in turned:
                ns_pair, ew_pair = ew_pair, ns_pair
            sittings.append(Sitting(r + 1, t + 1, ns_pair, ew_pair, boards))
    pairs = tuple(p for p in range(1, 2 * tables + 1) if p != phantom)
    kind = "mitchell-relay" if relay else "mitchell"
    return Movement(kind, tables, count, tables, pairs, tuple(sittings), turned)


def _relay_station(tables: int, table: int) -> int:
    """Where a table stands in the boards' round of a relay-and-bye Mitchell (0-based).

    The boards pass through ``tables`` stations: tables 1 and n together (they share, or
    "relay", one set), tables 2 … n/2, the bye stand (a set that rests that round), then
    tables n/2 + 1 … n − 1; in round r station k holds set k + r. East–West move up one
    table a round as in every Mitchell, so in n rounds each meets every North–South pair and
    plays every set once (tested for every size); each set is played at n tables.
    """
    if table in (1, tables):
        return 0
    return table - 1 if table <= tables // 2 else table


#: For each number of tables of a Howell, the set offset of each table (0-based): in round r
#: (0-based) table k + 1 plays set (r + offset[k]) mod (2n − 1), + 1. Found by search, checked
#: for every size by the tests: each pair plays each set exactly once.
HOWELL_OFFSETS: dict[int, tuple[int, ...]] = {
    2: (0, 0),
    3: (0, 0, 0),
    4: (0, 2, 4, 1),
    5: (0, 2, 6, 8, 2),
    6: (0, 3, 5, 9, 1, 4),
    7: (0, 3, 5, 9, 1, 6, 2),
    8: (0, 2, 7, 11, 6, 1, 13, 5),
    9: (0, 2, 6, 8, 3, 7, 4, 16, 5),
    10: (0, 2, 6, 10, 14, 7, 11, 4, 17, 5),
    11: (0, 2, 4, 10, 12, 15, 11, 18, 1, 3, 8),
    12: (0, 2, 4, 8, 12, 14, 16, 20, 22, 3, 5, 9),
}


def howell(tables: int, phantom: int | None = None) -> Movement:
    """A complete Howell for ``tables`` tables (2 to 12): pairs 1..2n, 2n − 1 rounds.

    Round r: pair 2n meets pair r at table 1; pairs r + k and r − k (mod 2n − 1, the pairs
    1..2n − 1 on a circle) meet at table k + 1, r + k North–South. Every pair sits
    North–South n − 1 or n times.
    """
    if tables not in HOWELL_OFFSETS:
        raise ValueError(f"a Howell is built for 2 to 12 tables, not {tables}")
    m = 2 * tables - 1
    offsets = HOWELL_OFFSETS[tables]
    stationary = 2 * tables

    def real(pair: int) -> int | None:
        return None if pair == phantom else pair

    sittings = []
    for r in range(m):
        for k in range(tables):
            if k == 0:
                ns, ew = stationary, r + 1
            else:
                ns, ew = (r + k) % m + 1, (r - k) % m + 1
            boards = (r + offsets[k]) % m + 1
            sittings.append(Sitting(r + 1, k + 1, real(ns), real(ew), boards))
    pairs = tuple(p for p in range(1, stationary + 1) if p != phantom)
    return Movement("howell", tables, m, m, pairs, tuple(sittings))


def round_robin_pairings(teams: int) -> list[list[tuple[int | None, int | None]]]:
    """The circle method: for ``teams`` teams (a bye, None, added to an odd number), each round's
    matches (home, visitors), every two teams meeting once; each team at home as often as away
    to within one."""
    if teams < 2:
        raise ValueError("a round robin needs at least two teams")
    field_: list[int | None] = list(range(1, teams + 1))
    if teams % 2:
        field_.append(None)
    size = len(field_)
    out = []
    for r in range(size - 1):
        matches = []
        for i in range(size // 2):
            a, b = field_[i], field_[size - 1 - i]
            # The fixed team alternates by round; of the others, the one in the upper half
            # of the circle is at home, and the rotation takes each team through both halves.
            home_first = (r % 2 == 0) if i == 0 else True
            matches.append((a, b) if home_first else (b, a))
        out.append(matches)
        field_ = [field_[0], field_[-1], *field_[1:-1]]
    return out


def team_round_robin(teams: int) -> Movement:
    """Teams of four in a round robin, two tables a match (see the module docstring).

    A team's pairs are numbered 2t − 1 (its North–South pair at home) and 2t; match m of a
    round is played at tables 2m − 1 and 2m on board set m of that round, numbered
    round by round (the same boards at both tables). A team drawn against the bye sits out.
    """
    rounds = round_robin_pairings(teams)
    sittings = []
    per_round = len(rounds[0])
    for r, matches in enumerate(rounds):
        for m, (home, away) in enumerate(matches):
            set_number = r * per_round + m + 1
            if home is None or away is None:
                continue
            open_room, closed_room = 2 * m + 1, 2 * m + 2
            sittings.append(Sitting(r + 1, open_room, 2 * home - 1, 2 * away, set_number))
            sittings.append(Sitting(r + 1, closed_room, 2 * away - 1, 2 * home, set_number))
    pairs = tuple(range(1, 2 * teams + 1))
    return Movement("teams", 2 * per_round, len(rounds), len(rounds) * per_round, pairs, tuple(sittings))


def team_of(pair: int) -> int:
    """The team a pair of :func:`team_round_robin` belongs to."""
    return (pair + 1) // 2


def times_played(movement: Movement) -> Counter[int]:
    """How many tables play each board set over the whole movement."""
    return Counter(s.boards for s in movement.sittings if s.ns and s.ew)


def sharing(movement: Movement) -> list[tuple[int, int, Sequence[int]]]:
    """(round, set, tables) wherever two or more tables play the same set in the same round."""
    by: dict[tuple[int, int], list[int]] = {}
    for s in movement.sittings:
        by.setdefault((s.round, s.boards), []).append(s.table)
    return [(r, b, t) for (r, b), t in sorted(by.items()) if len(t) > 1]


@dataclass(frozen=True, slots=True)
class CardLine:
    """One round of a guide card: where to sit, against whom, on which boards."""

    round: int
    table: int
    #: "NS" or "EW": the direction the pair sits (a table card gives both pairs).
    direction: str
    opponents: int | None
    boards: int


def pair_card(movement: Movement, pair: int) -> list[CardLine]:
    """The pair's guide card: each round, its table, direction, opponents and board set.

    A round in which the pair is drawn against the phantom shows ``opponents`` None (the pair
    sits out); a pair of the movement always has a line for every round it is in the field.
    """
    if pair not in movement.pairs:
        raise ValueError(f"pair {pair} is not in this movement")
    lines = []
    for s in movement.sittings:
        if s.ns == pair:
            lines.append(CardLine(s.round, s.table, "NS", s.ew, s.boards))
        elif s.ew == pair:
            lines.append(CardLine(s.round, s.table, "EW", s.ns, s.boards))
    return lines


def table_card(movement: Movement, table: int) -> list[Sitting]:
    """The table's guide card: each round, the pairs North–South and East–West and the boards."""
    lines = [s for s in movement.sittings if s.table == table]
    if not lines:
        raise ValueError(f"table {table} is not in this movement")
    return lines


def boards_of_set(set_number: int, boards_per_round: int) -> range:
    """The board numbers of a set when every round plays ``boards_per_round`` boards: set 1 is
    boards 1..k, set 2 is k + 1..2k, and so on."""
    if set_number < 1 or boards_per_round < 1:
        raise ValueError("sets and boards are numbered from 1")
    first = (set_number - 1) * boards_per_round + 1
    return range(first, first + boards_per_round)
