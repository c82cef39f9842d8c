"""The pulka (пулька): the paper sheet of pool, mountain and whists, and what each deal writes on it.

Each player has a pool (пуля: the games he played, closed at the agreed
target), a mountain (гора: his penalties) and his whists written on each
opponent (висты на каждого). :func:`score_game` and :func:`score_passout`
turn one deal into :class:`Entry` values, pure functions of the deal and the
:class:`~rules.preferans.ruleset.Ruleset`; :meth:`Pulka.record` writes them,
closing a full pool as the convention says (the overflow helps an opponent's
pool and the helper writes whists on him for it).

Multipliers are the caller's: the dark game's ×2 and the bombs' ×2/×4/×8 are
worked out by the dark-game module and passed in as one integer. Seed 002:
"проиграв или выиграв он платит или получает двойные очки" — every entry of
the game (pool, mountain, whists) is multiplied.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from rules.preferans.core import Contract
from rules.preferans.ruleset import Ruleset

POOL, MOUNTAIN, WHIST = "pool", "mountain", "whist"
KINDS = (POOL, MOUNTAIN, WHIST)
DECISIONS = ("whist", "pass", "half")


@dataclass(frozen=True, slots=True)
class Entry:
    """One writing on the sheet: ``points`` in ``seat``'s pool or mountain, or whists of ``seat`` on ``on``.

    Mountain points may be negative (a write-off when a closed pool has nobody
    left to help, Kodex 4.1.1: "They should be written off the mountain, even
    if the record in the mountain takes a negative value").
    """

    seat: int
    kind: str
    points: int
    on: int | None = None

    def as_dict(self) -> dict[str, int | str]:
        out: dict[str, int | str] = {"seat": self.seat, "kind": self.kind, "points": self.points}
        if self.on is not None:
            out["on"] = self.on
        return out


def _positive(entries: Iterable[Entry]) -> list[Entry]:
    return [e for e in entries if e.points != 0]


def score_game(
    contract: Contract,
    declarer: int,
    tricks: Sequence[int],
    whists: Sequence[tuple[int, str]],
    multiplier: int,
    ruleset: Ruleset,
) -> list[Entry]:
    """The entries of one game: ``tricks`` taken by each seat (0 for a dealer sitting out),
    ``whists`` the defenders' decisions in the order spoken (``"whist"``, ``"pass"``,
    ``"half"``), ``multiplier`` the dark and bomb factor of the deal.

    A game both defenders pass is written as played ("остальные игроки могут сразу
    согласиться … запишет себе выигрыш в пулю"); the tricks are then ignored.
    Raises ValueError for decisions that cannot stand together.
    """
    n = len(tricks)
    if n not in (3, 4):
        raise ValueError(f"tricks must give three or four seats, not {n}")
    if multiplier < 1:
        raise ValueError(f"the multiplier must be at least 1, not {multiplier}")
    defenders = [seat for seat, _ in whists]
    if len(defenders) != 2 or len(set(defenders)) != 2 or declarer in defenders:
        raise ValueError("whists must give the two defenders' decisions")
    for seat, decision in whists:
        if decision not in DECISIONS:
            raise ValueError(f"unknown whist decision {decision!r}")
        if not 0 <= seat < n:
            raise ValueError(f"no seat {seat}")
    sitting_out = [s for s in range(n) if s != declarer and s not in defenders]
    dealer = sitting_out[0] if sitting_out else None
    m = multiplier
    if contract.misere:
        return _score_misere(declarer, tricks, defenders, dealer, m, ruleset)

    level = contract.level
    value = ruleset.game_value(level) * m
    decisions = [d for _, d in whists]
    whisters = [seat for seat, d in whists if d == "whist"]
    halves = [seat for seat, d in whists if d == "half"]
    if halves:
        if whisters or len(halves) > 1:
            raise ValueError("a half-whist stands only beside a pass")
        if not ruleset.half_whist or level not in ruleset.half_whist_levels:
            raise ValueError(f"no half-whist on {contract} under these rules")
        # Полвиста: the game counts as made; the half-whister takes half the quota.
        half_tricks = ruleset.quota(level) // 2
        return _positive(
            [
                Entry(declarer, POOL, value),
                Entry(halves[0], WHIST, half_tricks * ruleset.whist_value(level) * m, declarer),
            ]
        )
    if decisions == ["pass", "pass"]:
        return [Entry(declarer, POOL, value)]

    entries: list[Entry] = []
    taken = tricks[declarer]
    defence = sum(tricks[s] for s in defenders)
    per_trick = ruleset.whist_value(level) * m
    made = taken >= level
    if made:
        entries.append(Entry(declarer, POOL, value))
    else:
        down = level - taken
        entries.append(Entry(declarer, MOUNTAIN, down * ruleset.undertrick_value(level) * m))
        if ruleset.consolation:
            consolers = list(defenders)
            if dealer is not None and ruleset.consolation_dealer:
                consolers.append(dealer)
            for seat in consolers:
                entries.append(Entry(seat, WHIST, down * ruleset.consolation_value(level) * m, declarer))
    # Whists for the tricks taken.
    if len(whisters) == 2:
        for seat in whisters:
            entries.append(Entry(seat, WHIST, tricks[seat] * per_trick, declarer))
    else:
        whister = whisters[0]
        passer = next(s for s in defenders if s != whister)
        total = defence * per_trick
        if ruleset.whist_split == "gentleman" and not made:
            # Джентльменский вист: when the declarer goes down the passer shares the whists.
            entries.append(Entry(whister, WHIST, total - total // 2, declarer))
            entries.append(Entry(passer, WHIST, total // 2, declarer))
        else:
            # Жлобский вист: the lone whister writes every trick of the defence.
            entries.append(Entry(whister, WHIST, total, declarer))
    entries.extend(_shortfall(level, tricks, whisters, defence, m, ruleset))
    return _positive(entries)


def _shortfall(
    level: int, tricks: Sequence[int], whisters: list[int], defence: int, m: int, ruleset: Ruleset
) -> list[Entry]:
    """The whisters' penalty in the mountain when the defence took fewer than the quota.

    A lone whister answers for the whole quota. Two whisters answer each for his
    half (6: two tricks each, 7: one each) when together they fell short; on a
    quota of one (8, 9) the one who whisted second answers, or both (an option).
    """
    quota = ruleset.quota(level)
    price = ruleset.shortfall_value(level) * m
    if defence >= quota or not whisters:
        return []
    if len(whisters) == 1:
        return [Entry(whisters[0], MOUNTAIN, (quota - defence) * price)]
    if quota == 1:
        liable = whisters[1:] if ruleset.high_quota_liable == "second" else whisters
        return [Entry(seat, MOUNTAIN, price) for seat in liable]
    shares = (quota // 2, quota - quota // 2)
    return [
        Entry(seat, MOUNTAIN, max(0, share - tricks[seat]) * price)
        for seat, share in zip(whisters, shares, strict=True)
    ]


def _score_misere(
    declarer: int, tricks: Sequence[int], defenders: list[int], dealer: int | None, m: int, ruleset: Ruleset
) -> list[Entry]:
    """Misère: its value to the pool when no trick is taken, else each trick to the mountain."""
    caught = tricks[declarer]
    if caught == 0:
        return [Entry(declarer, POOL, ruleset.misere_value * m)]
    entries = [Entry(declarer, MOUNTAIN, caught * ruleset.misere_trick_value * m)]
    if ruleset.misere_consolation:
        consolers = defenders + ([dealer] if dealer is not None and ruleset.consolation_dealer else [])
        entries += [Entry(s, WHIST, caught * ruleset.misere_value * m, declarer) for s in consolers]
    return entries


def score_passout(
    tricks: Sequence[int],
    round_number: int,
    multiplier: int,
    ruleset: Ruleset,
    *,
    dealer: int | None = None,
) -> list[Entry]:
    """The entries of a pass-out (распасы): ``round_number`` counts the consecutive pass-outs (1-based).

    Mountain scoring (Sochi, Leningrad): each trick costs ``passout_trick ×
    step × multiplier`` in the taker's mountain. Whist scoring (Rostov): the
    player(s) with the fewest tricks write ``passout_trick × step × multiplier``
    whists per trick on each other player; two sharing the fewest split each
    loser's whists (the first in seat order takes the odd one). Either way a
    player with no trick writes ``passout_zero_pool × step`` in his pool — a
    premium, not a penalty, so the dark multiplier (seed: "все штрафные очки за
    взятки удваиваются") does not touch it. ``dealer``: the seat sitting out at four.
    """
    n = len(tricks)
    if n not in (3, 4):
        raise ValueError(f"tricks must give three or four seats, not {n}")
    if multiplier < 1 or round_number < 1:
        raise ValueError("the round number and the multiplier must be at least 1")
    active = [s for s in range(n) if s != dealer]
    if len(active) != 3:
        raise ValueError("a pass-out is played by three seats: name the dealer sitting out at four")
    step = ruleset.passout_step(round_number)
    price = ruleset.passout_trick * step * multiplier
    entries: list[Entry] = []
    for seat in active:
        if tricks[seat] == 0:
            entries.append(Entry(seat, POOL, ruleset.passout_zero_pool * step))
    if ruleset.passout_scoring == "mountain":
        entries += [Entry(seat, MOUNTAIN, tricks[seat] * price) for seat in active]
    else:
        fewest = min(tricks[s] for s in active)
        winners = [s for s in active if tricks[s] == fewest]
        losers = [s for s in active if tricks[s] > fewest]
        for loser in losers:
            total = tricks[loser] * price
            if len(winners) == 1:
                entries.append(Entry(winners[0], WHIST, total, loser))
            else:
                entries.append(Entry(winners[0], WHIST, total - total // 2, loser))
                entries.append(Entry(winners[1], WHIST, total // 2, loser))
    return _positive(entries)


@dataclass(slots=True)
class Pulka:
    """The sheet for ``players`` seats: pool, mountain, whists[seat][on], and the bombs drawn.

    Bombs are marks the dark-game module draws and extinguishes (1 bomb, 2
    double bomb, 3 ёлка); the sheet only keeps them for the page and the report.
    """

    players: int
    ruleset: Ruleset
    pool: list[int] = field(default_factory=list)
    mountain: list[int] = field(default_factory=list)
    whists: list[list[int]] = field(default_factory=list)
    bombs: list[list[int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if self.players not in (3, 4):
            raise ValueError(f"a pulka is for three or four players, not {self.players}")
        n = self.players
        self.pool = self.pool or [0] * n
        self.mountain = self.mountain or [0] * n
        self.whists = self.whists or [[0] * n for _ in range(n)]
        self.bombs = self.bombs or [[] for _ in range(n)]

    @property
    def target(self) -> int:
        return self.ruleset.pool

    @property
    def closed(self) -> bool:
        """The pulka ends when every pool is closed: the pools sum to players × target."""
        return sum(self.pool) == self.players * self.target

    def record(self, entries: Iterable[Entry]) -> list[Entry]:
        """Write ``entries`` and return them as written: a pool entry past the target is cut
        at the target and its overflow closes opponents' pools, the helper writing
        ``pool_whists`` whists per point on the helped; with every pool closed the rest
        is written off the helper's own mountain (``pool_whists ÷ mountain_whists`` per point).
        """
        written: list[Entry] = []
        for entry in entries:
            self._check(entry)
            if entry.kind == POOL:
                written += self._pool(entry.seat, entry.points)
            elif entry.kind == MOUNTAIN:
                self.mountain[entry.seat] += entry.points
                written.append(entry)
            else:
                assert entry.on is not None
                self.whists[entry.seat][entry.on] += entry.points
                written.append(entry)
        return written

    def _check(self, entry: Entry) -> None:
        n = self.players
        if entry.kind not in KINDS:
            raise ValueError(f"unknown entry kind {entry.kind!r}")
        if not 0 <= entry.seat < n:
            raise ValueError(f"no seat {entry.seat}")
        if entry.kind == WHIST:
            if entry.on is None or not 0 <= entry.on < n or entry.on == entry.seat:
                raise ValueError("a whist entry is written on another seat")
            if entry.points < 0:
                raise ValueError("whists are never negative")
        elif entry.on is not None:
            raise ValueError(f"a {entry.kind} entry is on nobody")
        if entry.kind == POOL and entry.points < 0:
            raise ValueError("pool entries are never negative")

    def _pool(self, seat: int, points: int) -> list[Entry]:
        room = self.target - self.pool[seat]
        own = min(points, max(room, 0))
        written = [Entry(seat, POOL, own)] if own else []
        self.pool[seat] += own
        rest = points - own
        while rest:
            helped = self._helped(seat)
            if helped is None:
                off = rest * self.ruleset.pool_to_mountain
                self.mountain[seat] -= off
                written.append(Entry(seat, MOUNTAIN, -off))
                break
            given = min(rest, self.target - self.pool[helped])
            self.pool[helped] += given
            aid = given * self.ruleset.pool_whists
            self.whists[seat][helped] += aid
            written += [Entry(helped, POOL, given), Entry(seat, WHIST, aid, helped)]
            rest -= given
        return written

    def _helped(self, seat: int) -> int | None:
        """Whose pool the overflow of ``seat`` closes next: the next open pool clockwise
        (``left``), or the open pool nearest the target, ties clockwise (``highest``)."""
        n = self.players
        order = [(seat + k) % n for k in range(1, n)]
        open_pools = [s for s in order if self.pool[s] < self.target]
        if not open_pools:
            return None
        if self.ruleset.overflow_to == "left":
            return open_pools[0]
        return max(open_pools, key=lambda s: (self.pool[s], -order.index(s)))

    def draw_bomb(self, seat: int, rank: int) -> None:
        """Mark a bomb (1), a double bomb (2) or a ёлка (3) on ``seat``'s part of the sheet."""
        if rank not in (1, 2, 3):
            raise ValueError(f"a bomb is of rank 1, 2 or 3, not {rank}")
        self.bombs[seat].append(rank)

    def extinguish_bomb(self, seat: int) -> int | None:
        """Strike out ``seat``'s oldest bomb ("Сыгранная игра гасит бомбу"); its rank, or None."""
        return self.bombs[seat].pop(0) if self.bombs[seat] else None

    def as_dict(self) -> dict[str, object]:
        """The sheet per player for the report: pool, mountain, whists on each opponent, bombs."""
        return {
            "pool": list(self.pool),
            "mountain": list(self.mountain),
            "whists": [list(row) for row in self.whists],
            "bombs": [list(b) for b in self.bombs],
            "closed": self.closed,
        }
