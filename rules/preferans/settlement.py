"""The settlement of a pulka (роспись пульки): mountains into whists, whists netted pairwise, a zero-sum balance.

The classic reckoning ("Преферанс во всех видах", first method): "Определяется
игрок, имеющий в горе наименьшее количество очков. Эта наименьшая гора
вычитается из гор всех других игроков (так называемая «амнистия») … Полученный
результат каждый из игроков умножает на десять … и делит на количество всех
игравших. Результат деления является проигрышем в вистах, который получают все
остальные. … Висты игроков друг на друга взаимно сокращаются. … Сумма выигрышей
и проигрышей при проверке должна быть всегда равной нулю."

A pool left open (the pulka stopped early) is written to the mountain first,
each missing pool point as ``pool_whists ÷ mountain_whists`` mountain points —
1 in Sochi and Rostov, 2 in Leningrad, where a pool point is 20 whists (the
Leningrad doubling). A closed pulka has every pool at the target, so the pools
then play no part.

The arithmetic is exact (:class:`fractions.Fraction`: a mountain of 1 is 10/3
whists at a table of three); :meth:`Settlement.whole_balances` rounds to whole
whists by the largest remainders, which keeps the sum at zero.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.preferans.pulka import Pulka
from rules.preferans.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Settlement:
    """The reckoning, step by step, for the report and the settlement table.

    ``mountains``: each mountain with an open pool's shortfall added, before the
    amnesty; ``amnesty``: the smallest of them, subtracted from all (0 when the
    option is off); ``whists[i][j]``: all whists of ``i`` on ``j`` with the
    mountains converted; ``net[i][j]``: ``whists[i][j] - whists[j][i]``;
    ``balances``: each player's sum of ``net`` — in whists, summing to zero.
    """

    players: int
    mountains: tuple[int, ...]
    amnesty: int
    whists: tuple[tuple[Fraction, ...], ...]
    net: tuple[tuple[Fraction, ...], ...]
    balances: tuple[Fraction, ...]

    def whole_balances(self) -> tuple[int, ...]:
        """The balances in whole whists: each rounded down, then the missing units go to the
        largest fractional parts (ties to the lower seat); the sum stays zero."""
        floors = [b.numerator // b.denominator for b in self.balances]
        missing = -sum(floors)
        by_remainder = sorted(range(self.players), key=lambda s: (-(self.balances[s] - floors[s]), s))
        for seat in by_remainder[:missing]:
            floors[seat] += 1
        return tuple(floors)

    def as_dict(self) -> dict[str, object]:
        """For the report: exact values as whole numbers or ``"p/q"`` texts, and the whole balances."""
        return {
            "mountains": list(self.mountains),
            "amnesty": self.amnesty,
            "whists": [[_number(v) for v in row] for row in self.whists],
            "net": [[_number(v) for v in row] for row in self.net],
            "balances": [_number(b) for b in self.balances],
            "whole_balances": list(self.whole_balances()),
        }


def _number(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def settle(pulka: Pulka, ruleset: Ruleset | None = None) -> Settlement:
    """Settle ``pulka`` under ``ruleset`` (by default the pulka's own)."""
    rules = ruleset or pulka.ruleset
    n = pulka.players
    mountains = tuple(
        pulka.mountain[s] + max(rules.pool - pulka.pool[s], 0) * rules.pool_to_mountain for s in range(n)
    )
    amnesty = min(mountains) if rules.amnesty else 0
    whists = [[Fraction(pulka.whists[i][j]) for j in range(n)] for i in range(n)]
    for holder in range(n):
        share = Fraction((mountains[holder] - amnesty) * rules.mountain_whists, n)
        for other in range(n):
            if other != holder:
                whists[other][holder] += share
    net = tuple(tuple(whists[i][j] - whists[j][i] for j in range(n)) for i in range(n))
    balances = tuple(sum(row, Fraction(0)) for row in net)
    return Settlement(
        players=n,
        mountains=mountains,
        amnesty=amnesty,
        whists=tuple(tuple(row) for row in whists),
        net=net,
        balances=balances,
    )


def whole_balances(pulka: Pulka) -> tuple[int, ...]:
    """``settle(pulka).whole_balances()`` in whole numbers only, for the balance the replay
    writes after every deal: every figure times the number of players is a whole number
    (a mountain share is ``points × mountain_whists ÷ n``), so the balances are reckoned
    ×n and rounded by the same largest-remainder rule without a Fraction in sight."""
    rules = pulka.ruleset
    n = pulka.players
    mountains = [
        pulka.mountain[s] + max(rules.pool - pulka.pool[s], 0) * rules.pool_to_mountain for s in range(n)
    ]
    amnesty = min(mountains) if rules.amnesty else 0
    shares = [(m - amnesty) * rules.mountain_whists for m in mountains]  # each ×n
    everyone = sum(shares)
    w = pulka.whists
    scaled = [n * sum(w[i][j] - w[j][i] for j in range(n)) + everyone - n * shares[i] for i in range(n)]
    floors = [x // n for x in scaled]
    missing = -sum(floors)
    by_remainder = sorted(range(n), key=lambda s: (-(scaled[s] % n), s))
    for seat in by_remainder[:missing]:
        floors[seat] += 1
    return tuple(floors)
