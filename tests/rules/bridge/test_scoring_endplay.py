"""Differential: the Laws preset against endplay's duplicate scoring, where the two coincide.

Duplicate and rubber scoring share the trick score, the overtricks, the
undertricks, the insult and the slam bonuses (Law 77); duplicate adds a game
(300 not vulnerable, 500 vulnerable) or part-score (50) bonus to every made
contract where rubber bridge has its rubber bonus instead. So endplay's
``Contract.score(vul)`` less that duplicate bonus must equal the declarer
side's rubber points less the defenders' — for every level, strain,
doubling, declarer, vulnerability of both sides and number of tricks.
"""

from __future__ import annotations

import itertools

import pytest
from endplay.types import Contract as EpContract
from endplay.types import Denom, Penalty, Player, Vul

from rules.bridge.core import Contract, Doubling, Seat, Strain
from rules.bridge.ruleset import resolve_ruleset
from rules.bridge.scoring import score_deal, trick_points

LAWS = resolve_ruleset("laws")
SEED = resolve_ruleset("seed")

DENOM = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}
PENALTY = {
    Doubling.UNDOUBLED: Penalty.passed,
    Doubling.DOUBLED: Penalty.doubled,
    Doubling.REDOUBLED: Penalty.redoubled,
}
VUL = {(False, False): Vul.none, (True, False): Vul.ns, (False, True): Vul.ew, (True, True): Vul.both}
VULNERABILITIES = list(VUL)


def endplay_rubber_part(c: Contract, tricks: int, vul: tuple[bool, bool]) -> int:
    """endplay's duplicate score for the declarer, less the duplicate-only game/part-score bonus."""
    ep = EpContract(
        level=c.level,
        denom=DENOM[c.strain],
        declarer=Player(int(c.declarer)),
        penalty=PENALTY[c.doubling],
        result=tricks - c.tricks_needed,
    )
    score = ep.score(VUL[vul])
    if tricks >= c.tricks_needed:
        below = trick_points(c.level, c.strain, c.doubling, LAWS)
        score -= (500 if vul[c.side] else 300) if below >= 100 else 50
    return score


def ours(c: Contract, tricks: int, vul: tuple[bool, bool], rules=LAWS) -> int:
    deal = score_deal(c, tricks, vul, (0, 0), rules)
    return deal.total(c.side) - deal.total(c.side.other)


CONTRACTS = [
    Contract(level, strain, doubling, declarer)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
    for declarer in Seat
]


@pytest.mark.parametrize("doubling", list(Doubling), ids=lambda d: d.name.lower())
@pytest.mark.parametrize("strain", list(Strain), ids=lambda s: s.name.lower())
def test_laws_preset_equals_endplay_where_duplicate_coincides(strain, doubling):
    checked = 0
    for c in CONTRACTS:
        if c.strain is not strain or c.doubling is not doubling:
            continue
        for vul, tricks in itertools.product(VULNERABILITIES, range(14)):
            assert ours(c, tricks, vul) == endplay_rubber_part(c, tricks, vul), (str(c), tricks, vul)
            checked += 1
    # 7 levels x 4 declarers x 4 vulnerabilities x 14 results.
    assert checked == 7 * 4 * 4 * 14


def test_the_seed_departs_from_endplay_only_where_the_seed_table_differs():
    """The seed matches the duplicate parts too, except its slams, the doubled non-vulnerable
    undertricks from the fourth and the redoubled insult — and by exactly those amounts."""
    mismatches = 0
    for c in CONTRACTS:
        for vul, tricks in itertools.product(VULNERABILITIES, range(14)):
            diff = ours(c, tricks, vul, SEED) - endplay_rubber_part(c, tricks, vul)
            expected = 0
            extra = tricks - c.tricks_needed
            is_vul = vul[c.side]
            if extra >= 0:
                if c.level == 6 and is_vul:
                    expected += 700 - 750
                if c.level == 7 and not is_vul:
                    expected += 750 - 1000
            elif c.doubling is not Doubling.UNDOUBLED and not is_vul and -extra >= 4:
                expected += (-extra - 3) * 100 * (2 if c.doubling is Doubling.REDOUBLED else 1)
            assert diff == expected, (str(c), tricks, vul)
            mismatches += diff != 0
    assert mismatches > 0
