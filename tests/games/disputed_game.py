"""The hand-built disputed game the arbiter's desk is tested on (test_page_disputes.py,
test_api_disputes.py and the pages beside them): three players, classic rules, schedule 1-2-3.

Anna deals one card and every contract is made (Anna 10, Boris 11, Vera 10); Boris deals two and
Anna, holding the 5♣, plays the 4♥ on Vera's K♣ lead: an uncorrected renege, the deal annulled,
Anna −10 — but the scorekeeper wrote the penalty to Boris ([0, −10, 0]); Vera deals three, every
contract made (11 each), and the table played on without the redeal. Recomputed totals: Anna 11,
Boris 22, Vera 21; written on the sheet: Anna 21, Boris 12, Vera 21.
"""

from __future__ import annotations

import json
from typing import Any

from games import services
from games.models import Game, Membership, Player
from tests.games.factories import MembershipFactory, UserFactory

ONE = {
    "dealer": 0,
    "cards": 1,
    "trump": "8D",
    "bids": [0, 1, 0],
    "tricks": [["AS", "2S", "3S"]],
    "scores": [10, 11, 10],
}
RENEGE = {
    "dealer": 1,
    "cards": 2,
    "trump": "2D",
    "hands": [["4H", "5C"], ["QC", "JH"], ["KC", "7H"]],
    "bids": [0, 1, 1],
    "tricks": [["KC", "4H", "QC"], ["7H", "5C", "JH"]],
    "scores": [0, -10, 0],
}
THREE = {
    "dealer": 2,
    "cards": 3,
    "trump": "TS",
    "bids": [1, 1, 1],
    "taken": [1, 1, 1],
    "scores": [11, 11, 11],
}
DOCUMENT = {
    "game": "oh-hell",
    "version": 1,
    "ruleset": {"preset": "classic", "schedule": [1, 2, 3], "last_deal_no_trump": False},
    "players": ["Anna", "Boris", "Vera"],
    "deals": [ONE, RENEGE, THREE],
    "totals": [21, 12, 21],
}


def upload(people: Any) -> Game:
    """The game, uploaded by the club's scorekeeper."""
    content = json.dumps(DOCUMENT, ensure_ascii=False).encode()
    return services.game_upload(club=people.club, content=content, user=people.scorer).game


def seat_boris(people: Any) -> Any:
    """A club member who sat at the game as Boris (seat 1): the player who disputes deal 2."""
    user = UserFactory(username="boris", email="boris@example.org")
    MembershipFactory(club=people.club, user=user, role=Membership.Role.MEMBER)
    Player.objects.filter(club=people.club, display_name="Boris").update(user=user)
    return user
