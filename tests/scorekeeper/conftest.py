"""Helpers that drive a draft entry by entry, and the tournament fixtures shared with the view tests."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from rules.ohhell import parse, replay
from scorekeeper import services
from scorekeeper.models import Draft
from tests.tournaments.conftest import seated, tournament  # noqa: F401  (fixtures shared)

_ids = itertools.count(1)


def add(draft: Draft, user: Any, kind: str, **fields: Any) -> services.EntryResult:
    """One entry with a fresh id (as the page's script makes one per tap)."""
    return services.entry_add(draft=draft, user=user, entry_id=f"e{next(_ids)}", kind=kind, **fields)


def enter_game(draft: Draft, user: Any, document: dict[str, Any], *, cards: bool = True) -> None:
    """Enter a whole (regular) log: per deal the trump, the bids in speaking order, then every
    card, or the tricks each player took."""
    n = len(draft.players)
    report = replay(parse(document))
    for deal, result in zip(document["deals"], report.deals, strict=True):
        if deal["trump"] is not None:
            add(draft, user, "trump", card=deal["trump"])
        for i in range(n):
            seat = (deal["dealer"] + 1 + i) % n
            add(draft, user, "bid", seat=seat, value=deal["bids"][seat])
        if cards:
            for trick in deal["tricks"]:
                for c in trick:
                    add(draft, user, "play", card=c)
        else:
            add(draft, user, "taken", taken=list(result.taken))


FOUR = ["Anna", "Boris", "Vera", "Gleb"]


@pytest.fixture
def free_draft(people) -> Draft:
    return services.draft_start(
        club=people.club,
        user=people.scorer,
        players=FOUR,
        ruleset={"preset": "classic", "schedule": [2, 2, 1]},
        first_dealer=0,
    )
