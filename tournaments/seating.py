"""Seating a round: how many tables of which size, and who sits where.

Plain Python, no Django: the tournaments app stores what this returns. Three
ways to seat (``method``):

- ``"rotate"``: players meet as few earlier opponents as possible. Exact
  (branch and bound, provably optimal) up to ``EXACT_LIMIT`` players; above
  it a seeded greedy construction improved by a tabu search over swaps of
  players between tables, deterministic by seed.
- ``"standings"``: strong with strong for later rounds; the ranking is cut
  into tables in order, the seed only breaks tied ranks and draws the seats.
- ``"random"``: the seeded shuffle cut into tables. It is the baseline
  ``rotate`` starts from, so ``rotate`` is never worse than it.

Every result is reproducible: the same players (in any order), history and
seed give the same ``Seating``, on any Python version (``_Lots``). The
organiser previews it, swaps seats by hand (``swap``) and confirms.
docs/seating.md explains the guarantees, the heuristics and the figures.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias, TypeVar

Method: TypeAlias = Literal["rotate", "standings", "random"]
METHODS: tuple[Method, ...] = ("rotate", "standings", "random")

Meetings: TypeAlias = Mapping[frozenset[int], int]
"""How often each pair of players has already sat at the same table."""

Rounds: TypeAlias = Sequence[Sequence[Sequence[int]]]
"""Earlier rounds: each a list of tables, each table the player ids in seat order."""

History: TypeAlias = Meetings | Rounds

_T = TypeVar("_T")


def gettext_noop(text: str) -> str:
    """Mark ``text`` as a message to translate (``makemessages`` knows this name); returns it as is."""
    return text


class SeatingError(ValueError):
    """A seating that cannot be made, or input that is not one: ``code``, ``params`` and the
    English ``template`` they fill (``str()``: the English sentence).

    No Django here: the template is marked for translation only, and whoever shows the
    refusal to a person says it in their language (tournaments.services: a ServiceError
    from the same code, template and parameters).
    """

    def __init__(self, code: str, template: str, /, **params: Any) -> None:
        self.code = code
        self.template = template
        self.params = params
        super().__init__(template % params if params else template)


MIN_TABLE = 3  # issue 5: "never a table below 3"
MAX_TABLE = 7  # Oh Hell is played by 3 to 7 (the seed's deal counts stop at 7 players)

EXACT_LIMIT = 12
"""Fields up to this size are seated by exhaustive branch and bound: 12 players
have at most 15,400 ways to sit at four tables of three, under 0.05 s. At 14
(4+4+3+3) there are over a million, which pruning does not reliably tame."""

# The tabu search's budget is counted (steps, swaps evaluated), never timed, so the
# result does not depend on the machine. The figures in docs/seating.md come from these.

SEARCH_STEPS = 4_000
"""Tabu steps for this round's own search."""

LOOKAHEAD_STEPS = 2_000
"""Tabu steps spent afterwards on this round together with the imagined next one."""

SEARCH_EVALUATIONS = 200_000
"""Swaps evaluated per search at most, whatever the field: bounds the time of big fields."""

SEARCH_TABLES = 48
"""Tables examined per tabu step; bigger fields use a seeded sample of this many."""

PATIENCE = 1_500
"""Tabu steps without a new best before a search gives up early."""

STALL_LIMIT = 300
"""Tabu steps without a new best before the search restarts from its best, shaken."""

TENURE_MIN, TENURE_SPREAD = 1, 3
"""A swapped player may not go back to the table just left for 1–3 steps: short tabus
worked best on the tight fields (16 players in fours: about 150 steps, not 700)."""

LOOKAHEAD = 1
"""Later rounds imagined while seating this one (see ``_Plan``)."""

LOOKAHEAD_LIMIT = 64
"""Fields above this size seat one round at a time: with so many players not
yet met, a clean round does not corner the next one."""


# --- table sizes ---------------------------------------------------------------------------------


def table_sizes(
    entrants: int, preferred: int, *, minimum: int = MIN_TABLE, maximum: int = MAX_TABLE
) -> list[int]:
    """The sizes of a round's tables, biggest first.

    Sizes differ by at most one (nobody gets a much smaller game than the
    next table). Among the table counts that fit ``minimum``..``maximum``
    the choice is, in order: the smallest worst distance from ``preferred``;
    then the fewest players seated away from ``preferred`` (10 at 4 is
    4+3+3, not 5+5; 9 at 4 is 5+4, not 3+3+3); then the more, smaller tables
    (12 at 5 is 4+4+4, not 6+6), because the preferred size is usually the
    most a table comfortably holds.
    """
    _require_int(entrants, "entrants")
    _require_int(preferred, "preferred")
    _require_int(minimum, "minimum")
    _require_int(maximum, "maximum")
    if minimum < 2:
        raise SeatingError(
            "SEATING_TABLE_TOO_SMALL",
            gettext_noop("a table seats at least 2 players, not minimum=%(minimum)s"),
            minimum=minimum,
        )
    if not minimum <= preferred <= maximum:
        raise SeatingError(
            "SEATING_PREFERRED_OUTSIDE",
            gettext_noop("preferred table size %(preferred)s is outside %(minimum)s..%(maximum)s"),
            preferred=preferred,
            minimum=minimum,
            maximum=maximum,
        )
    if entrants < minimum:
        raise SeatingError(
            "SEATING_TOO_FEW",
            gettext_noop("%(entrants)s entrants cannot fill a table of at least %(minimum)s"),
            entrants=entrants,
            minimum=minimum,
        )
    best: tuple[tuple[int, int, int], list[int]] | None = None
    for tables in range(-(-entrants // maximum), entrants // minimum + 1):
        small, extra = divmod(entrants, tables)
        sizes = [small + 1] * extra + [small] * (tables - extra)
        if sizes[-1] < minimum or sizes[0] > maximum:
            continue
        key = (
            max(abs(size - preferred) for size in sizes),
            sum(size for size in sizes if size != preferred),
            -tables,
        )
        if best is None or key < best[0]:
            best = (key, sizes)
    if best is None:
        raise SeatingError(
            "SEATING_UNSPLITTABLE",
            gettext_noop("%(entrants)s entrants cannot be split into tables of %(minimum)s to %(maximum)s"),
            entrants=entrants,
            minimum=minimum,
            maximum=maximum,
        )
    return best[1]


# --- the result ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Seating:
    """The tables of one round, in table order; each lists player ids in seat order.

    Seat 0 is the proposed first dealer, drawn by the seeded lot (Oh Hell:
    "Первый сдатчик карт определяется жребием"); the game record still says
    who actually dealt. ``repeats`` is the sum, over pairs at the same table,
    of their earlier meetings; ``repeated`` lists those pairs as
    ``(a, b, times met before)`` with ``a < b``. ``optimal`` is true when no
    seating could have fewer repeats (exact search, zero, or the lower bound
    reached); a hand swap keeps it only if the count stays the same.
    ``swaps`` records the organiser's swaps, so ``seed`` plus ``swaps``
    rebuild the confirmed seating.
    """

    tables: tuple[tuple[int, ...], ...]
    repeats: int
    method: Method
    seed: int
    repeated: tuple[tuple[int, int, int], ...] = ()
    optimal: bool = False
    swaps: tuple[tuple[int, int], ...] = ()

    @property
    def sizes(self) -> list[int]:
        return [len(table) for table in self.tables]

    @property
    def players(self) -> list[int]:
        return [player for table in self.tables for player in table]

    def table_of(self, player: int) -> int:
        """The index (from 0) of the table ``player`` sits at; ValueError if not seated."""
        for number, table in enumerate(self.tables):
            if player in table:
                return number
        raise SeatingError(
            "SEATING_PLAYER_NOT_SEATED", gettext_noop("player %(player)s is not seated"), player=player
        )

    def as_dict(self) -> dict[str, Any]:
        """The JSON form, for the preview and the confirm of the seating API."""
        return {
            "method": self.method,
            "seed": self.seed,
            "tables": [list(table) for table in self.tables],
            "repeats": self.repeats,
            "repeated": [{"players": [a, b], "met": met} for a, b, met in self.repeated],
            "optimal": self.optimal,
            "swaps": [list(pair) for pair in self.swaps],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Seating:
        """Read back ``as_dict`` (e.g. a preview sent to be confirmed), checking its shape.

        Counts are taken as given; a confirm that does not trust its client
        recomputes them with ``rescore`` against the stored history.
        """
        if not isinstance(data, Mapping):
            raise SeatingError("SEATING_NOT_AN_OBJECT", gettext_noop("a seating must be an object"))
        method = data.get("method")
        if method not in METHODS:
            raise _unknown_method(method)
        seed = _require_int(data.get("seed"), "seed")
        raw_tables = data.get("tables")
        if not isinstance(raw_tables, list) or not raw_tables:
            raise SeatingError("SEATING_NO_TABLES", gettext_noop("tables must be a non-empty list of tables"))
        tables = []
        for number, table in enumerate(raw_tables):
            if not isinstance(table, list) or not table:
                raise SeatingError(
                    "SEATING_EMPTY_TABLE",
                    gettext_noop("tables[%(table)s] must be a non-empty list of player ids"),
                    table=number,
                )
            tables.append(tuple(_require_int(p, f"tables[{number}] player") for p in table))
        _require_distinct([p for table in tables for p in table], "seated")
        repeated = []
        for entry in data.get("repeated", []):
            pair = entry.get("players") if isinstance(entry, Mapping) else None
            if not isinstance(pair, list) or len(pair) != 2:
                raise SeatingError(
                    "SEATING_BAD_REPEATED",
                    gettext_noop("each repeated entry must be {'players': [a, b], 'met': n}"),
                )
            a, b = sorted(_require_int(p, "repeated player") for p in pair)
            repeated.append((a, b, _require_int(entry.get("met"), "repeated met")))
        swaps = []
        for pair in data.get("swaps", []):
            if not isinstance(pair, list) or len(pair) != 2:
                raise SeatingError("SEATING_BAD_SWAP", gettext_noop("each swap must be a pair of player ids"))
            swaps.append((_require_int(pair[0], "swap player"), _require_int(pair[1], "swap player")))
        optimal = data.get("optimal", False)
        if not isinstance(optimal, bool):
            raise SeatingError("SEATING_BAD_OPTIMAL", gettext_noop("optimal must be true or false"))
        return cls(
            tables=tuple(tables),
            repeats=_require_int(data.get("repeats"), "repeats"),
            method=method,
            seed=seed,
            repeated=tuple(repeated),
            optimal=optimal,
            swaps=tuple(swaps),
        )


# --- history ---------------------------------------------------------------------------------------


def meetings(history: History) -> dict[frozenset[int], int]:
    """Pair → times at the same table, from earlier rounds or an existing count map.

    Accepting both lets the app pass either its stored tables or a count it
    already keeps; zero counts are dropped.
    """
    counts: dict[frozenset[int], int] = {}
    if isinstance(history, Mapping):
        for pair, met in history.items():
            if not isinstance(pair, frozenset) or len(pair) != 2:
                raise SeatingError(
                    "SEATING_BAD_HISTORY_PAIR",
                    gettext_noop("history keys must be frozensets of two player ids, not %(found)s"),
                    found=repr(pair),
                )
            for player in pair:
                _require_int(player, "history player")
            if _require_int(met, "history count") < 0:
                raise SeatingError(
                    "SEATING_BAD_HISTORY_COUNT",
                    gettext_noop("pair %(pair)s cannot have met %(met)s times"),
                    pair=sorted(pair),
                    met=met,
                )
            if met:
                counts[pair] = met
        return counts
    for number, round_ in enumerate(_rounds(history)):
        for table in round_:
            ids = [_require_int(p, f"history round {number + 1} player") for p in table]
            if len(set(ids)) != len(ids):
                raise SeatingError(
                    "SEATING_HISTORY_TWICE",
                    gettext_noop("history round %(round)s seats a player twice at one table"),
                    round=number + 1,
                )
            for a, b in itertools.combinations(ids, 2):
                pair = frozenset((a, b))
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def repeated_pairs(tables: Sequence[Sequence[int]], history: History) -> list[tuple[int, int, int]]:
    """Pairs seated together that have met before, as ``(a, b, times)``, ``a < b``, sorted."""
    counts = meetings(history)
    found = []
    for table in tables:
        for a, b in itertools.combinations(sorted(table), 2):
            met = counts.get(frozenset((a, b)), 0)
            if met:
                found.append((a, b, met))
    return sorted(found)


def repeats_of(tables: Sequence[Sequence[int]], history: History) -> int:
    """The repeat count of any tables: the sum of earlier meetings of pairs seated together."""
    return sum(met for _, _, met in repeated_pairs(tables, history))


def rescore(seating: Seating, history: History) -> Seating:
    """The same seating with ``repeats`` and ``repeated`` recomputed against ``history``.

    ``optimal`` is kept only if the recount agrees with the stored count.
    """
    repeated = tuple(repeated_pairs(seating.tables, history))
    repeats = sum(met for _, _, met in repeated)
    return Seating(
        tables=seating.tables,
        repeats=repeats,
        method=seating.method,
        seed=seating.seed,
        repeated=repeated,
        optimal=seating.optimal and repeats == seating.repeats,
        swaps=seating.swaps,
    )


# --- seating a round -------------------------------------------------------------------------------


def seat_round(
    players: Sequence[int],
    *,
    preferred: int,
    seed: int,
    history: History = (),
    method: Method = "rotate",
    standings: Sequence[int] | Mapping[int, int] | None = None,
    minimum: int = MIN_TABLE,
    maximum: int = MAX_TABLE,
) -> Seating:
    """Seat one round: tables of ``table_sizes(len(players), preferred, ...)``, biggest first.

    ``history`` is the earlier rounds (tables of ids in seat order) or a pair
    → meetings map; pairs with players not in ``players`` are ignored.
    ``standings`` (for ``method="standings"``) is either the ids best first
    or a map id → rank (1 best; equal ranks are tied, and the seed orders
    them). The order of ``players`` does not matter.
    """
    if method not in METHODS:
        raise _unknown_method(method)
    _require_int(seed, "seed")
    ids = [_require_int(p, "player") for p in players]
    _require_distinct(ids, "entered")
    sizes = table_sizes(len(ids), preferred, minimum=minimum, maximum=maximum)
    counts = meetings(history)
    rng = _Lots(seed)
    # Sorting first makes the result independent of the caller's order: a
    # preview regenerated from the same entries and seed is the same seating.
    order = sorted(ids)
    rng.shuffle(order)
    optimal = False
    if method == "standings":
        ranked = _ranked(ids, standings, order)
        tables = _cut(ranked, sizes)
    elif standings is not None:
        raise SeatingError(
            "SEATING_STANDINGS_UNUSED",
            gettext_noop("standings are only used by method='standings', not %(found)s"),
            found=repr(method),
        )
    elif method == "random":
        tables = _cut(order, sizes)
    else:
        tables, optimal = _rotate(order, sizes, counts, rng)
    firsts = _first_seats(history)
    seated = tuple(tuple(_seat_order(table, rng, firsts)) for table in tables)
    repeated = tuple(repeated_pairs(seated, counts))
    return Seating(
        tables=seated,
        repeats=sum(met for _, _, met in repeated),
        method=method,
        seed=seed,
        repeated=repeated,
        optimal=optimal or not repeated,
    )


def swap(seating: Seating, a: int, b: int, *, history: History) -> Seating:
    """The organiser's hand swap of two players' seats, at one table or across two.

    ``history`` is needed to recount the repeats: the swap makes new pairs.
    Swapping a player with themself changes nothing.
    """
    _require_int(a, "player")
    _require_int(b, "player")
    where = {p: (t, s) for t, table in enumerate(seating.tables) for s, p in enumerate(table)}
    for player in (a, b):
        if player not in where:
            raise SeatingError(
                "SEATING_SWAP_NOT_SEATED",
                gettext_noop("player %(player)s is not seated in this round"),
                player=player,
            )
    if a == b:
        return seating
    tables = [list(table) for table in seating.tables]
    (ta, sa), (tb, sb) = where[a], where[b]
    tables[ta][sa], tables[tb][sb] = b, a
    repeated = tuple(repeated_pairs(tables, history))
    return Seating(
        tables=tuple(tuple(table) for table in tables),
        repeats=sum(met for _, _, met in repeated),
        method=seating.method,
        seed=seating.seed,
        repeated=repeated,
        # Still the minimum if the swap kept the count (e.g. within one table).
        optimal=not repeated or (seating.optimal and sum(met for _, _, met in repeated) == seating.repeats),
        swaps=(*seating.swaps, (a, b)),
    )


# --- helpers of seat_round -------------------------------------------------------------------------


class _Lots:
    """Seeded draws built only on ``random.Random(seed).random()``.

    Python promises to keep that one sequence across versions, not those of
    ``shuffle``, ``choice`` or ``randrange``; a seed stored with a confirmed
    round must rebuild the same seating after an upgrade. Never the global
    generator, never the clock. (The bias of ``int(random() * n)`` is below
    one part in 2**40 for the sizes drawn here.)
    """

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random  # noqa: S311 - a reproducible lot, not a secret

    def below(self, n: int) -> int:
        return int(self._random() * n)

    def choice(self, items: Sequence[_T]) -> _T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[_T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[_T], k: int) -> list[_T]:
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]


def _cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _ranked(
    ids: list[int], standings: Sequence[int] | Mapping[int, int] | None, lots: list[int]
) -> list[int]:
    """Players best first; ``lots`` (the seeded shuffle) orders equal ranks."""
    if standings is None:
        raise SeatingError(
            "SEATING_STANDINGS_MISSING", gettext_noop("method='standings' needs the standings")
        )
    if isinstance(standings, Mapping):
        ranks = {p: _require_int(r, f"rank of player {p}") for p, r in standings.items()}
    else:
        listed = [_require_int(p, "standings player") for p in standings]
        _require_distinct(listed, "ranked")
        ranks = {p: rank for rank, p in enumerate(listed, start=1)}
    missing = sorted(set(ids) - set(ranks))
    if missing:
        raise SeatingError(
            "SEATING_UNRANKED", gettext_noop("players without a standing: %(players)s"), players=missing
        )
    return sorted(lots, key=lambda p: ranks[p])  # stable: ties keep the seeded order


def _first_seats(history: History) -> dict[int, int]:
    """How often each player sat at seat 0 (dealt first) in the earlier rounds, if known."""
    firsts: dict[int, int] = {}
    if isinstance(history, Mapping):
        return firsts
    for round_ in _rounds(history):
        for table in round_:
            if len(table):
                firsts[table[0]] = firsts.get(table[0], 0) + 1
    return firsts


def _seat_order(table: list[int], rng: _Lots, firsts: Mapping[int, int]) -> list[int]:
    """A seeded lot of seats, turned so that seat 0 goes to whoever dealt first least often.

    Turning (not re-drawing) keeps the lot's neighbours: who sits on whose left
    is still random, and nobody keeps dealing first round after round.
    """
    seats = sorted(table)
    rng.shuffle(seats)
    first = min(range(len(seats)), key=lambda s: (firsts.get(seats[s], 0), s))
    return seats[first:] + seats[:first]


def _rounds(history: Rounds) -> Rounds:
    if isinstance(history, str | bytes) or not isinstance(history, Sequence):
        raise SeatingError(
            "SEATING_BAD_HISTORY",
            gettext_noop("history must be earlier rounds (lists of tables of ids) or a pair → count map"),
        )
    for number, round_ in enumerate(history):
        if isinstance(round_, str | bytes) or not isinstance(round_, Sequence):
            raise SeatingError(
                "SEATING_BAD_HISTORY_ROUND",
                gettext_noop("history round %(round)s must be a list of tables"),
                round=number + 1,
            )
        for table in round_:
            if isinstance(table, str | bytes) or not isinstance(table, Sequence):
                raise SeatingError(
                    "SEATING_BAD_HISTORY_TABLE",
                    gettext_noop("history round %(round)s must list each table's player ids"),
                    round=number + 1,
                )
    return history


def _require_int(value: object, name: str) -> int:
    if type(value) is not int:
        raise SeatingError(
            "SEATING_NOT_AN_INTEGER",
            gettext_noop("%(name)s must be an integer, not %(found)s"),
            name=name,
            found=repr(value),
        )
    return value


def _unknown_method(method: object) -> SeatingError:
    return SeatingError(
        "SEATING_METHOD_UNKNOWN",
        gettext_noop("method must be one of %(methods)s, not %(found)s"),
        methods=", ".join(METHODS),
        found=repr(method),
    )


#: A player listed twice, by the list: entered, seated or ranked.
TWICE = {
    "entered": gettext_noop("players entered twice: %(players)s"),
    "seated": gettext_noop("players seated twice: %(players)s"),
    "ranked": gettext_noop("players ranked twice: %(players)s"),
}


def _require_distinct(ids: Sequence[int], what: str) -> None:
    seen: set[int] = set()
    twice: set[int] = set()
    for p in ids:
        (twice if p in seen else seen).add(p)
    if twice:
        raise SeatingError("SEATING_PLAYERS_TWICE", TWICE[what], what=what, players=sorted(twice))


# --- rotate: fewest repeated opponents -------------------------------------------------------------


def _rotate(
    order: list[int], sizes: list[int], counts: Mapping[frozenset[int], int], rng: _Lots
) -> tuple[list[list[int]], bool]:
    """Tables with the fewest repeats, and whether that is proven the minimum.

    Works on indices into ``order`` (the seeded shuffle), so ties between
    equally good seatings fall by the seed. Small fields get the exact
    optimum first; every field up to ``LOOKAHEAD_LIMIT`` is then searched
    together with ``LOOKAHEAD`` imagined later rounds, never giving up a
    repeat now for the future, only choosing among the equally good.
    """
    n = len(order)
    index = {p: i for i, p in enumerate(order)}
    weights: list[dict[int, int]] = [{} for _ in range(n)]
    for pair, met in counts.items():
        a, b = pair
        if a in index and b in index:
            weights[index[a]][index[b]] = met
            weights[index[b]][index[a]] = met
    floor = _lower_bound(weights, min(sizes))
    if n <= EXACT_LIMIT:
        best = _exact(n, sizes, weights, floor)
        floor = _cost(best, weights)
    else:
        random_cut = [t for t, size in enumerate(sizes) for _ in range(size)]
        greedy = _greedy(n, sizes, weights)
        start = min(random_cut, greedy, key=lambda table_of: _cost(table_of, weights))
        best = _Plan(sizes, weights, start, 1, rng).search(floor, SEARCH_STEPS)
    if LOOKAHEAD and n <= LOOKAHEAD_LIMIT:
        plan = _Plan(sizes, weights, best, 1 + LOOKAHEAD, rng)
        best = plan.search(max(floor, _cost(best, weights)), LOOKAHEAD_STEPS)
    groups: list[list[int]] = [[] for _ in sizes]
    for p, t in enumerate(best):
        groups[t].append(p)
    return [[order[i] for i in group] for group in groups], _cost(best, weights) <= floor


def _cost(table_of: Sequence[int], weights: list[dict[int, int]]) -> int:
    """The repeats of one round given as player → table."""
    return sum(
        met for p, row in enumerate(weights) for q, met in row.items() if q > p and table_of[q] == table_of[p]
    )


def _lower_bound(weights: list[dict[int, int]], smallest: int) -> int:
    """No seating can do better: each player needs ``smallest - 1`` companions,
    at best the ones met least often (0 for anyone not met yet)."""
    n = len(weights)
    need = smallest - 1
    total = 0
    for row in weights:
        unmet = n - 1 - len(row)
        if unmet < need:
            total += sum(sorted(row.values())[: need - unmet])
    return -(-total // 2)


def _exact(n: int, sizes: list[int], weights: list[dict[int, int]], floor: int) -> list[int]:
    """The optimum by branch and bound over all partitions into tables of ``sizes``.

    Each partition is met once: the lowest unseated player always opens the
    next table, trying each distinct size still wanted. A branch whose cost
    already reaches the best found is cut; reaching ``floor`` (a lower bound)
    ends the search.
    """
    best = [t for t, size in enumerate(sizes) for _ in range(size)]
    best_cost = _cost(best, weights)
    wanted: dict[int, int] = {}
    for size in sizes:
        wanted[size] = wanted.get(size, 0) + 1
    groups: list[tuple[int, ...]] = []

    def pairs_cost(group: tuple[int, ...]) -> int:
        return sum(weights[a].get(b, 0) for a, b in itertools.combinations(group, 2))

    def extend(unseated: list[int], cost: int) -> None:
        nonlocal best, best_cost
        if not unseated:
            best_cost = cost
            ordered = sorted(groups, key=lambda g: (-len(g), g))
            best = [0] * n
            for t, group in enumerate(ordered):
                for p in group:
                    best[p] = t
            return
        first, rest = unseated[0], unseated[1:]
        for size in sorted(wanted, reverse=True):
            if not wanted[size]:
                continue
            wanted[size] -= 1
            for others in itertools.combinations(rest, size - 1):
                group = (first, *others)
                added = pairs_cost(group)
                if cost + added >= best_cost:
                    continue
                groups.append(group)
                chosen = set(others)
                extend([p for p in rest if p not in chosen], cost + added)
                groups.pop()
                if best_cost <= floor:
                    break
            wanted[size] += 1
            if best_cost <= floor:
                return

    if best_cost > floor:
        extend(list(range(n)), 0)
    return best


def _greedy(n: int, sizes: list[int], weights: list[dict[int, int]]) -> list[int]:
    """Seat the most-met players first, each at the open table where they know fewest.

    Players are taken in index order (the seeded shuffle) within equal
    amounts of history, so the construction is seeded too.
    """
    table_of = [-1] * n
    room = list(sizes)
    open_tables = list(range(len(sizes)))
    for player in sorted(range(n), key=lambda p: -sum(weights[p].values())):
        known: dict[int, int] = {}
        for other, met in weights[player].items():
            t = table_of[other]
            if t >= 0:
                known[t] = known.get(t, 0) + met
        choice, fewest = -1, -1
        for t in open_tables:
            k = known.get(t, 0)
            if choice < 0 or k < fewest:
                choice, fewest = t, k
                if k == 0:
                    break
        table_of[player] = choice
        room[choice] -= 1
        if not room[choice]:
            open_tables.remove(choice)
    return table_of


class _Plan:
    """This round and ``rounds - 1`` imagined later ones, improved together by tabu search.

    Why imagine later rounds: seating round by round, a round with no repeat
    can leave no way to avoid repeats in the next (16 players at tables of 4
    after three clean rounds: about two seatings in three are dead ends). The
    objective is lexicographic, this round's repeats first, then the repeats
    the whole plan would cause, so the future only breaks ties.

    A step takes a player who sits, in some round, with someone met before
    (earlier or elsewhere in the plan) and makes the best swap with a player
    of another table of that round, even a worsening one, unless it is tabu
    (either player going back to a table just left, for a few steps) and not
    a new best. A stall restarts from the best plan shaken by random swaps.
    Only seeded draws decide, and the budget is a count, so it is reproducible.
    """

    def __init__(
        self,
        sizes: list[int],
        history: list[dict[int, int]],
        first: list[int],
        rounds: int,
        rng: _Lots,
    ) -> None:
        self.n = len(first)
        self.sizes = sizes
        self.history = history
        self.rounds = rounds
        self.rng = rng
        cut = [t for t, size in enumerate(sizes) for _ in range(size)]
        plan = [list(first)]
        for _ in range(rounds - 1):
            later = list(cut)
            rng.shuffle(later)
            plan.append(later)
        # The weight of this round's repeats: more than the plan's total can ever be.
        most = max((met for row in history for met in row.values()), default=0) + rounds
        self.now_weight = 0 if rounds == 1 else 1 + rounds * self.n * max(sizes) * most
        self.table_of: list[list[int]] = []
        self.members: list[list[list[int]]] = []
        self.met: list[dict[int, int]] = []
        self.own: list[list[int]] = []
        self.own_now: list[int] = []
        self.now = self.total = 0
        self._load(plan)
        self.best_now = self.best_total = self.steps = 0  # what the last search found, and its steps

    def _load(self, plan: list[list[int]]) -> None:
        """Rebuild every count from the tables of each round."""
        n, history = self.n, self.history
        self.table_of = [list(round_) for round_ in plan]
        self.members = [[[] for _ in self.sizes] for _ in plan]
        for r, round_ in enumerate(self.table_of):
            for p, t in enumerate(round_):
                self.members[r][t].append(p)
        # met[p][q]: earlier meetings plus meetings in the plan's rounds.
        self.met = [dict(row) for row in history]
        total = 0
        for groups in self.members:
            for group in groups:
                for a, b in itertools.combinations(group, 2):
                    before = self.met[a].get(b, 0)
                    total += before
                    self.met[a][b] = self.met[b][a] = before + 1
        self.total = total
        # own[r][p]: how many of p's meetings at its table in round r are not its only one.
        self.own = [
            [sum(self.met[p].get(q, 0) - 1 for q in self.members[r][round_[p]] if q != p) for p in range(n)]
            for r, round_ in enumerate(self.table_of)
        ]
        self.own_now = [
            sum(history[p].get(q, 0) for q in self.members[0][self.table_of[0][p]]) for p in range(n)
        ]
        self.now = sum(self.own_now) // 2

    def key(self) -> int:
        return self.now_weight * self.now + self.total

    def search(self, floor: int, steps: int) -> list[int]:
        """The best first round found in ``steps``; stops early at ``floor`` with a clean future,
        or after ``PATIENCE`` steps without a new best."""
        rng, n, rounds, weight = self.rng, self.n, self.rounds, self.now_weight
        tables_count = len(self.sizes)
        all_tables = list(range(tables_count))
        best_plan = [list(round_) for round_ in self.table_of]
        best_key, best_now, best_total = self.key(), self.now, self.total
        tabu: dict[tuple[int, int, int], int] = {}
        step = stall = evaluations = last_best = 0
        while evaluations < SEARCH_EVALUATIONS and step < steps and step - last_best < PATIENCE:
            if best_now <= floor and best_total == best_now:
                break  # this round at its minimum, the imagined ones clean
            step += 1
            troubled = [(r, p) for r in range(rounds) for p, mine in enumerate(self.own[r]) if mine]
            if not troubled:  # every round clean: nothing left to improve
                best_plan, best_now, best_total = [list(x) for x in self.table_of], self.now, self.total
                break
            r, player = rng.choice(troubled)
            table_of, own, members = self.table_of[r], self.own[r], self.members[r]
            home = table_of[player]
            home_members = members[home]
            with_now = r == 0 and weight > 0
            # For every player x: the meetings of ``player`` at x's table, and of x with
            # ``player``'s tablemates; a swap's change in cost is read off these.
            row = self.met[player]
            known: dict[int, int] = {}
            for other, met in row.items():
                known[table_of[other]] = known.get(table_of[other], 0) + met
            joining: dict[int, int] = {}
            for q in home_members:
                for other, met in self.met[q].items():
                    joining[other] = joining.get(other, 0) + met
            past = self.history[player]
            known_now: dict[int, int] = {}
            joining_now: dict[int, int] = {}
            if with_now:
                for other, met in past.items():
                    known_now[table_of[other]] = known_now.get(table_of[other], 0) + met
                for q in home_members:
                    for other, met in self.history[q].items():
                        joining_now[other] = joining_now.get(other, 0) + met
            own_now = self.own_now
            mine, mine_now = own[player], own_now[player]
            targets = (
                rng.sample(all_tables, SEARCH_TABLES) if tables_count - 1 > SEARCH_TABLES else all_tables
            )
            current = self.key()
            best_delta: int | None = None
            moves: list[tuple[int, int, int, int]] = []
            for table in targets:
                if table == home:
                    continue
                there = known.get(table, 0) - mine
                there_now = known_now.get(table, 0) - mine_now
                barred = tabu.get((r, player, table), 0) > step
                for other in members[table]:
                    d_total = there + joining.get(other, 0) - 2 * row.get(other, 0) - own[other]
                    d_now = 0
                    if with_now:
                        d_now = (
                            there_now + joining_now.get(other, 0) - 2 * past.get(other, 0) - own_now[other]
                        )
                    delta = weight * d_now + d_total
                    evaluations += 1
                    if best_delta is not None and delta > best_delta:
                        continue
                    if (barred or tabu.get((r, other, home), 0) > step) and current + delta >= best_key:
                        continue
                    if best_delta is None or delta < best_delta:
                        best_delta, moves = delta, [(other, table, d_now, d_total)]
                    else:
                        moves.append((other, table, d_now, d_total))
            if best_delta is None:
                continue
            other, table, d_now, d_total = rng.choice(moves)
            self._swap(r, player, other)
            self.now += d_now if weight else d_total  # one round: the plan is the round
            self.total += d_total
            tenure = TENURE_MIN + rng.below(TENURE_SPREAD)
            tabu[(r, player, home)] = step + tenure
            tabu[(r, other, table)] = step + tenure
            if self.key() < best_key:
                best_plan = [list(x) for x in self.table_of]
                best_key, best_now, best_total = self.key(), self.now, self.total
                stall, last_best = 0, step
            else:
                stall += 1
            if stall >= STALL_LIMIT:
                stall = 0
                shaken = [list(x) for x in best_plan]
                for _ in range(max(2, n // 8)):
                    round_ = shaken[rng.below(rounds)]
                    a, b = rng.below(n), rng.below(n)
                    round_[a], round_[b] = round_[b], round_[a]
                self._load(shaken)
                tabu.clear()
        self.best_now, self.best_total, self.steps = best_now, best_total, step
        return best_plan[0]

    def _swap(self, r: int, a: int, b: int) -> None:
        """Swap players ``a`` and ``b`` (at different tables) in round ``r``, keeping the counts.

        Incremental: only pairs with ``a`` or ``b`` change, so only their own
        counts and those of their old and new tablemates are touched.
        """
        table_of, members, met, own = self.table_of[r], self.members[r], self.met, self.own[r]
        home, away = table_of[a], table_of[b]
        stay_home = [q for q in members[home] if q != a]
        stay_away = [q for q in members[away] if q != b]
        row_a, row_b = met[a], met[b]
        own_a = own_b = 0
        for q in stay_home:  # q loses a, gains b
            with_a, with_b = row_a.get(q, 0), row_b.get(q, 0)
            own[q] += with_b - with_a + 1
            own_b += with_b
        for q in stay_away:  # q loses b, gains a
            with_a, with_b = row_a.get(q, 0), row_b.get(q, 0)
            own[q] += with_a - with_b + 1
            own_a += with_a
        own[a], own[b] = own_a, own_b
        if r == 0 and self.now_weight:
            past_a, past_b, own_now = self.history[a], self.history[b], self.own_now
            now_a = now_b = 0
            for q in stay_home:
                own_now[q] += past_b.get(q, 0) - past_a.get(q, 0)
                now_b += past_b.get(q, 0)
            for q in stay_away:
                own_now[q] += past_a.get(q, 0) - past_b.get(q, 0)
                now_a += past_a.get(q, 0)
            own_now[a], own_now[b] = now_a, now_b
        changes = [(a, q, -1) for q in stay_home] + [(b, q, 1) for q in stay_home]
        changes += [(b, q, -1) for q in stay_away] + [(a, q, 1) for q in stay_away]
        others = [other_r for other_r in range(self.rounds) if other_r != r]
        for x, y, d in changes:
            count = met[x].get(y, 0) + d
            if count:
                met[x][y] = met[y][x] = count
            else:
                del met[x][y], met[y][x]
            for other_r in others:
                if self.table_of[other_r][x] == self.table_of[other_r][y]:
                    self.own[other_r][x] += d
                    self.own[other_r][y] += d
        members[home][members[home].index(a)] = b
        members[away][members[away].index(b)] = a
        table_of[a], table_of[b] = away, home
