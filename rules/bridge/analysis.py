"""Double-dummy analysis of a deal: the tricks each declarer can make in each strain.

The solver is endplay's binding of Bo Haglund's DDS (PyPI ``endplay``).
endplay is a runtime dependency (requirements/base.in: the analytics need
it too), yet it is imported only when a table is asked for, and
:func:`makeable` answers None should it be missing. Nothing here decides a
rule: the table is shown beside the deal as what could have been made.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from rules.bridge.core import SEATS, STRAIN_LETTERS
from rules.cards import FULL_DECK, RANK_OF, RANKS, SUIT_MASK, cards_of

__all__ = ["available", "dd_table", "makeable"]

#: endplay's Denom names by our strain letters, and Player names by our seats.
_DENOMS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "nt"}
_PLAYERS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def available() -> bool:
    """Whether the double-dummy solver can be imported here."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def _pbn_hand(mask: int) -> str:
    """One hand in PBN's ``Deal`` form: suits S.H.D.C, high cards first."""
    return ".".join(
        "".join(RANKS[RANK_OF[c]] for c in sorted(cards_of(mask & SUIT_MASK[suit]), reverse=True))
        for suit in range(4)
    )


def dd_table(hands: Sequence[int]) -> Any | None:
    """endplay's double-dummy table of the four hands (masks by seat N, E, S, W); None when the
    hands are not a whole deal (thirteen cards each, the 52 cards) or endplay is not installed.
    The one call to the solver: the deal page's table and the analytics' par both start here."""
    if len(hands) != 4 or any(h.bit_count() != 13 for h in hands):
        return None
    if hands[0] | hands[1] | hands[2] | hands[3] != FULL_DECK:
        return None
    if not available():  # asked each time: only a table that was solved is remembered
        return None
    return _solved(tuple(hands))


@lru_cache(maxsize=4096)
def _solved(hands: tuple[int, ...]) -> Any:
    """The solver's table of a whole deal, remembered per process: a deal's table never changes,
    and one DDS call is 0.14–0.25 s of CPU, so the deal page, a re-analysis and a re-audit of the
    same deal in one process pay for it once (4096 tables, a few hundred kB)."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal

    return calc_dd_table(Deal("N:" + " ".join(_pbn_hand(h) for h in hands)))


def makeable(hands: Sequence[int]) -> dict[str, dict[str, int]] | None:
    """``{strain: {seat: tricks}}`` for the four hands (masks by seat N, E, S, W).

    Strains ``C D H S NT``, seats ``N E S W``: the tricks the declarer at
    that seat takes in that strain with best play by all four. None when
    the hands are not a whole deal or endplay is not installed (:func:`dd_table`).
    """
    table = dd_table(hands)
    if table is None:
        return None
    from endplay.types import Denom, Player

    return {
        strain: {
            seat: int(table[getattr(Denom, _DENOMS[strain]), getattr(Player, _PLAYERS[seat])])
            for seat in SEATS
        }
        for strain in STRAIN_LETTERS
    }
