"""Who may call what: every endpoint of the games API × every kind of user.

Rows are endpoints, columns the six kinds of caller. A private game of the
club is set up for each case (fresh database per test), so each write runs
against the same starting point. 401: not signed in; 403: signed in
without the right (an anonymous write is always 401); 404: a game the
caller may not even see.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from accounts.models import User
from games import disputes, services
from games.models import Membership
from tests.games.factories import UserFactory, game_bytes, game_document

ROLES = ("anonymous", "member", "scorer", "organiser", "outsider", "superuser")


@dataclass
class World:
    game_id: int
    upload_id: int
    player_id: int
    dispute_id: int
    spare_user: str
    token_id: int  # the member's API token


@dataclass(frozen=True)
class Case:
    method: str
    url: str
    expect: tuple[int, int, int, int, int, int]  # in the order of ROLES
    body: Any = None
    raw: bool = False  # body sent as the raw JSON document

    def __str__(self) -> str:
        return f"{self.method} {self.url}"


CASES = [
    #                                                                   anon member scorer organ outsid super
    Case("GET", "/api/v1/clubs/", (401, 200, 200, 200, 200, 200)),
    Case("POST", "/api/v1/clubs/", (401, 201, 201, 201, 201, 201), {"name": "Новый клуб"}),
    Case("GET", "/api/v1/clubs/kozyr/", (200, 200, 200, 200, 200, 200)),
    Case("GET", "/api/v1/clubs/kozyr/members/", (401, 200, 200, 200, 403, 200)),
    Case(
        "POST",
        "/api/v1/clubs/kozyr/members/",
        (401, 403, 403, 202, 403, 202),
        {"username": "{spare}", "role": "member"},
    ),
    Case("GET", "/api/v1/clubs/kozyr/invitations/", (401, 403, 403, 200, 403, 200)),
    Case("GET", "/api/v1/invitations/", (401, 200, 200, 200, 200, 200)),
    Case("PATCH", "/api/v1/clubs/kozyr/members/member/", (401, 403, 403, 200, 403, 200), {"role": "scorer"}),
    Case("DELETE", "/api/v1/clubs/kozyr/members/member/", (401, 403, 403, 204, 403, 204)),
    Case("GET", "/api/v1/clubs/kozyr/players/", (401, 200, 200, 200, 403, 200)),
    Case("POST", "/api/v1/clubs/kozyr/players/", (401, 403, 201, 201, 403, 201), {"display_name": "Зоя"}),
    Case(
        "PATCH",
        "/api/v1/clubs/kozyr/players/{player}/",
        (401, 403, 403, 200, 403, 200),
        {"username": "member"},
    ),
    Case("GET", "/api/v1/clubs/kozyr/games/", (401, 200, 200, 200, 403, 200)),
    Case("POST", "/api/v1/clubs/kozyr/games/", (401, 403, 201, 201, 403, 201), "new-game", raw=True),
    Case("GET", "/api/v1/clubs/kozyr/uploads/", (401, 403, 200, 200, 403, 200)),
    Case("GET", "/api/v1/clubs/kozyr/uploads/{upload}/content/", (401, 403, 200, 200, 403, 200)),
    Case("GET", "/api/v1/clubs/kozyr/audit/", (401, 200, 200, 200, 403, 200)),
    Case("GET", "/api/v1/clubs/kozyr/audit-log/", (401, 403, 403, 200, 403, 200)),
    Case("GET", "/api/v1/clubs/kozyr/statistics/", (401, 200, 200, 200, 403, 200)),
    Case("GET", "/api/v1/players/{player}/statistics/", (401, 200, 200, 200, 403, 200)),
    Case("GET", "/api/v1/clubs/kozyr/analytics/", (401, 200, 200, 200, 403, 200)),
    Case("GET", "/api/v1/players/{player}/analytics/", (401, 200, 200, 200, 403, 200)),
    Case("GET", "/api/v1/games/{game}/analysis/", (404, 200, 200, 200, 404, 200)),
    Case("GET", "/api/v1/games/", (200, 200, 200, 200, 200, 200)),
    Case("GET", "/api/v1/games/{game}/", (404, 200, 200, 200, 404, 200)),
    Case("GET", "/api/v1/games/{game}/report/", (404, 200, 200, 200, 404, 200)),
    Case("GET", "/api/v1/games/{game}/revisions/", (404, 200, 200, 200, 404, 200)),
    Case("POST", "/api/v1/games/{game}/revisions/", (401, 403, 201, 201, 404, 201), "correction"),
    Case("GET", "/api/v1/games/{game}/export/?format=original", (404, 200, 200, 200, 404, 200)),
    Case("GET", "/api/v1/games/{game}/export/?format=json", (404, 200, 200, 200, 404, 200)),
    Case("GET", "/api/v1/games/{game}/export/?format=csv", (404, 200, 200, 200, 404, 200)),
    Case("GET", "/api/v1/games/{game}/disputes/", (404, 200, 200, 200, 404, 200)),
    Case(
        "POST",
        "/api/v1/games/{game}/disputes/",
        # the scorer recorded the game: the table's scorer opens disputes too (issue 19)
        (401, 403, 201, 201, 404, 201),
        {"claim": "deal 2 is wrong", "deal": 2},
    ),
    Case("GET", "/api/v1/games/{game}/disputes/{dispute}/", (404, 200, 200, 200, 404, 200)),
    Case(
        "POST",
        "/api/v1/games/{game}/disputes/{dispute}/comments/",
        (401, 403, 201, 201, 404, 201),
        {"text": "seen"},
    ),
    Case(
        "POST",
        "/api/v1/games/{game}/disputes/{dispute}/decision/",
        (401, 403, 403, 200, 404, 200),
        {"status": "rejected", "decision": "the sheet is right"},
    ),
    # API tokens (accounts/api.py): anyone signs in; each caller lists and revokes their own only.
    Case(
        "POST",
        "/api/v1/auth/token/",
        (200, 200, 200, 200, 200, 200),
        {"username": "member", "password": "a-long-passphrase"},
    ),
    Case("GET", "/api/v1/auth/tokens/", (401, 200, 200, 200, 200, 200)),
    Case("DELETE", "/api/v1/auth/tokens/{token}/", (401, 204, 404, 404, 404, 404)),
    Case("POST", "/api/v1/auth/logout/", (401, 204, 204, 204, 204, 204)),
    Case("POST", "/api/v1/auth/logout-all/", (401, 204, 204, 204, 204, 204)),
]


@pytest.fixture
def world(people) -> World:
    result = services.game_upload(
        club=people.club,
        content=game_bytes(seed=31, players=["Anna", "Boris", "Vera", "Gleb"]),
        user=people.scorer,
    )
    dispute = disputes.dispute_open(game=result.game, user=people.organiser, claim="deal 1 total", deal=1)
    UserFactory(username="spare")
    from accounts.tokens import token_issue

    token, _key = token_issue(user=people.member, name="matrix")
    return World(
        game_id=result.game.pk,
        upload_id=result.upload.pk,
        player_id=result.game.seats.get(seat=0).player_id,
        dispute_id=dispute.pk,
        spare_user="spare",
        token_id=token.pk,
    )


def caller(people, role: str) -> User | None:
    return None if role == "anonymous" else getattr(people, role)


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("case", CASES, ids=str)
def test_permission_matrix(api, people, world, case: Case, role: str):
    user = caller(people, role)
    if user is not None:
        api.force_authenticate(user)
    url = case.url.format(
        game=world.game_id,
        upload=world.upload_id,
        player=world.player_id,
        dispute=world.dispute_id,
        token=world.token_id,
    )
    body = case.body
    if body == "new-game":
        response = api.post(url, data=game_bytes(seed=32), content_type="application/json")
    else:
        if body == "correction":
            body = {
                "document": game_document(seed=31, players=["Anna", "Boris", "Vera", "Gleb"]),
                "reason": "retyped",
            }
            body["document"]["deals"][0]["scores"][0] += 1
        elif isinstance(body, dict):
            body = json.loads(json.dumps(body).replace("{spare}", world.spare_user))
        response = getattr(api, case.method.lower())(url, data=body, format="json")
    expected = case.expect[ROLES.index(role)]
    assert response.status_code == expected, getattr(response, "data", None) or response.content[:300]


@pytest.mark.django_db
def test_a_player_of_the_game_may_dispute_it_and_comment(api, people, world):
    player_user = UserFactory(username="anna")
    Membership.objects.create(club=people.club, user=player_user, role=Membership.Role.MEMBER)
    from games.models import Player

    Player.objects.filter(pk=world.player_id).update(user=player_user)
    api.force_authenticate(player_user)
    opened = api.post(
        f"/api/v1/games/{world.game_id}/disputes/", {"claim": "I took 2, not 1", "deal": 3}, format="json"
    )
    assert opened.status_code == 201
    decided = api.post(
        f"/api/v1/games/{world.game_id}/disputes/{opened.data['id']}/decision/",
        {"status": "upheld", "decision": "mine"},
        format="json",
    )
    assert decided.status_code == 403  # players open disputes; organisers decide


@pytest.mark.django_db
def test_a_public_game_is_readable_by_anyone(api, people, world):
    from games.models import Game

    Game.objects.filter(pk=world.game_id).update(public=True)
    assert api.get(f"/api/v1/games/{world.game_id}/").status_code == 200
    assert api.get(f"/api/v1/games/{world.game_id}/export/?format=csv").status_code == 200
    assert [g["id"] for g in api.get("/api/v1/games/").data["results"]] == [world.game_id]
    # ... but reading is all: writes still need the club's roles.
    api.force_authenticate(people.outsider)
    response = api.post(
        f"/api/v1/games/{world.game_id}/revisions/", {"document": {}, "reason": "x"}, format="json"
    )
    assert response.status_code == 403
