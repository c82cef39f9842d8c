"""Individual movements: every player partners every other player once.

In an individual each player is on their own; partnerships change every round. The
schedule is a *Whist tournament* Wh(v) on v players: each round the players sit in
foursomes (North and South partners, East and West partners), and over the whole
movement each two players are partners exactly once and opponents exactly twice. With
v ≡ 0 (mod 4) there are v/4 tables and v − 1 rounds; with v ≡ 1 (mod 4) there are
(v − 1)/4 tables, v rounds, and one player sits each round out.

Every movement here is *cyclic*: one initial round (:data:`INITIAL_ROUNDS`) is developed
round by round by adding 1 to every point.

- v ≡ 0 (mod 4): points Z_{v−1} ∪ {∞}; round r is the initial round with every finite point
  increased by r − 1 (mod v − 1), ∞ fixed.
- v ≡ 1 (mod 4): points Z_v; round r adds r − 1 (mod v); the point in no table sits out.

Because each round is a translate, the conditions reduce to differences in the initial
round: the partner differences ±(S − N), ±(W − E) of its finite pairs cover each nonzero
residue exactly once, and the opponent differences (N, E), (N, W), (S, E), (S, W) cover each
nonzero residue exactly twice (pairs with ∞ hold automatically: ∞ partners every finite
point once as its partner moves round the circle, and meets each twice, once via each of
its two opponents). The tests check the developed movement itself, not only the
differences.

Cyclic whist designs go back to E. H. Moore, "Tactical memoranda I–III", American Journal
of Mathematics 18 (1896); I. Anderson, *Combinatorial Designs and Tournaments* (Oxford,
1997), chapters on whist tournaments, is the reference for the cyclic (Z-cyclic)
constructions. The initial rounds below are not copied from either: the 12-player round is
a well-known small one, the others were found by a small backtracking search over the
difference conditions, run once and hardcoded; the tests verify every one. No Z-cyclic
Wh(9) exists (the search over Z_9 is exhaustive and finds none), so 9 players have no
movement here.

Player numbers are 1..v as on the guide cards: ∞ is player v, finite point p is player
p + 1. The table holding ∞ is table 1, with ∞ North, so player v sits North at table 1
throughout (v ≡ 0 mod 4).

Boards: in an individual every table of a round plays the *same* board set — set r in round
r. The hand record is dealt once and the boards duplicated for each table, so that every
result on a board is compared against the whole field, and each player plays every set
once (but the one of a round they sit out).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

#: The point ∞ of Z_{v−1} ∪ {∞} in :data:`INITIAL_ROUNDS`.
INF = -1

#: For each field size, the initial round as tables (N, E, S, W) of points: Z_{v−1} ∪ {∞}
#: (∞ written as :data:`INF`, always North at the first table) when v ≡ 0 (mod 4), Z_v when
#: v ≡ 1 (mod 4). Checked by the tests through the developed movement.
INITIAL_ROUNDS: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    8: ((INF, 4, 5, 2), (6, 1, 3, 0)),
    12: ((INF, 1, 0, 3), (2, 6, 9, 7), (4, 5, 10, 8)),
    13: ((1, 5, 10, 7), (2, 3, 8, 4), (6, 9, 11, 12)),
    16: ((INF, 13, 0, 7), (1, 3, 8, 4), (2, 5, 14, 9), (6, 10, 11, 12)),
    17: ((1, 5, 3, 11), (2, 7, 6, 16), (4, 8, 14, 13), (9, 12, 10, 15)),
    20: ((INF, 13, 0, 3), (1, 11, 8, 16), (2, 6, 15, 14), (4, 5, 7, 9), (10, 17, 12, 18)),
    21: ((1, 5, 11, 18), (2, 4, 14, 20), (3, 6, 7, 12), (8, 13, 15, 16), (9, 17, 10, 19)),
    24: (
        (INF, 17, 0, 4),
        (1, 9, 7, 14),
        (2, 6, 18, 15),
        (3, 10, 5, 11),
        (8, 19, 20, 22),
        (12, 13, 16, 21),
    ),
}

#: The field sizes that have a movement, ascending.
SIZES: tuple[int, ...] = tuple(sorted(INITIAL_ROUNDS))


@dataclass(frozen=True, slots=True)
class Foursome:
    """One table in one round: four players by seat, and the board set they play."""

    round: int
    table: int
    north: int
    east: int
    south: int
    west: int
    boards: int

    def players(self) -> tuple[int, int, int, int]:
        """The players in seat order North, East, South, West."""
        return (self.north, self.east, self.south, self.west)


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """A whole individual schedule and what it promises."""

    players: int
    tables: int
    rounds: int
    sets: int
    sittings: tuple[Foursome, ...]

    def round(self, number: int) -> list[Foursome]:
        return [s for s in self.sittings if s.round == number]

    def of_player(self, player: int) -> list[Foursome]:
        """The player's own rounds, in order (a sit-out round is not among them)."""
        return [s for s in self.sittings if player in s.players()]

    def sits_out(self, player: int) -> list[int]:
        """The rounds in which the player is at no table."""
        playing = {s.round for s in self.of_player(player)}
        return [r for r in range(1, self.rounds + 1) if r not in playing]

    def partners(self) -> Counter[frozenset[int]]:
        """How often each two players sit as partners."""
        out: Counter[frozenset[int]] = Counter()
        for s in self.sittings:
            out[frozenset((s.north, s.south))] += 1
            out[frozenset((s.east, s.west))] += 1
        return out

    def opponents(self) -> Counter[frozenset[int]]:
        """How often each two players sit against each other."""
        out: Counter[frozenset[int]] = Counter()
        for s in self.sittings:
            for a in (s.north, s.south):
                for b in (s.east, s.west):
                    out[frozenset((a, b))] += 1
        return out


def individual(players: int, rounds: int | None = None) -> IndividualMovement:
    """The cyclic individual movement for ``players`` players (see the module docstring).

    ``rounds`` curtails it to its first rounds (the default is the full movement: v − 1
    rounds when v ≡ 0 mod 4, v when v ≡ 1 mod 4). Round r plays set r at every table.
    """
    if players not in INITIAL_ROUNDS:
        sizes = ", ".join(str(n) for n in SIZES)
        raise ValueError(f"there is no individual movement for {players} players; the sizes are {sizes}")
    initial = INITIAL_ROUNDS[players]
    # The modulus of the cyclic development: v − 1 with the fixed point ∞, v without.
    modulus = players - 1 if players % 4 == 0 else players
    full = modulus
    count = full if rounds is None else rounds
    if not 1 <= count <= full:
        raise ValueError(f"an individual of {players} players has 1 to {full} rounds, not {count}")

    def player(point: int, shift: int) -> int:
        return players if point == INF else (point + shift) % modulus + 1

    sittings = []
    for r in range(count):
        for t, table in enumerate(initial):
            n, e, s, w = (player(p, r) for p in table)
            sittings.append(Foursome(r + 1, t + 1, n, e, s, w, r + 1))
    return IndividualMovement(players, len(initial), count, count, tuple(sittings))
