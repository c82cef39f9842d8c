"""Who may call what in the tournaments API: every endpoint × the six kinds of caller.

The tournament is an unpublished draft of the club, with round 1 confirmed
and round 2 waiting as a draft. 401: not signed in (writes); 403: signed in
without the right; 404: a tournament the caller may not read; 409: allowed,
but the tournament's state refuses (one draft round at a time).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.models import Player
from tests.tournaments.conftest import table_log
from tournaments import services

ROLES = ("anonymous", "member", "scorer", "organiser", "outsider", "superuser")
READ = (404, 200, 200, 200, 404, 200)


@dataclass(frozen=True)
class Case:
    method: str
    url: str
    expect: tuple[int, int, int, int, int, int]
    body: Any = None

    def __str__(self) -> str:
        return f"{self.method} {self.url}"


CASES = [
    Case("GET", "/api/v1/clubs/kozyr/tournaments/", (200, 200, 200, 200, 200, 200)),
    Case(
        "POST", "/api/v1/clubs/kozyr/tournaments/", (401, 403, 403, 201, 403, 201), {"name": "Весенний кубок"}
    ),
    Case("GET", "/api/v1/tournaments/{t}/", READ),
    Case("PATCH", "/api/v1/tournaments/{t}/", (401, 403, 403, 200, 404, 200), {"name": "Кубок зимы"}),
    Case("POST", "/api/v1/tournaments/{t}/status/", (401, 403, 403, 200, 404, 200), {"status": "finished"}),
    Case("POST", "/api/v1/tournaments/{t}/publish/", (401, 403, 403, 200, 404, 200), {"published": True}),
    Case("GET", "/api/v1/tournaments/{t}/tiebreak-changes/", READ),
    Case("GET", "/api/v1/tournaments/{t}/entries/", READ),
    Case(
        "POST",
        "/api/v1/tournaments/{t}/entries/",
        (401, 403, 403, 201, 404, 201),
        {"player_id": "{newcomer}"},
    ),
    Case("DELETE", "/api/v1/tournaments/{t}/entries/{bench}/", (401, 403, 403, 204, 404, 204)),
    Case("GET", "/api/v1/tournaments/{t}/rounds/", READ),
    Case("POST", "/api/v1/tournaments/{t}/rounds/", (401, 403, 403, 409, 404, 409), {}),
    Case("GET", "/api/v1/tournaments/{t}/rounds/2/", READ),
    Case("POST", "/api/v1/tournaments/{t}/rounds/2/swap/", (401, 403, 403, 200, 404, 200), "swap"),
    Case("POST", "/api/v1/tournaments/{t}/rounds/2/confirm/", (401, 403, 403, 200, 404, 200), {}),
    Case("DELETE", "/api/v1/tournaments/{t}/rounds/2/", (401, 403, 403, 204, 404, 204)),
    Case("GET", "/api/v1/tournaments/{t}/tables/", READ),
    Case(
        "POST", "/api/v1/tournaments/{t}/tables/{table}/game/", (401, 403, 201, 201, 404, 201), "table-game"
    ),
    Case("GET", "/api/v1/tournaments/{t}/games/", READ),
    Case("GET", "/api/v1/tournaments/{t}/audit/", READ),
    Case("GET", "/api/v1/tournaments/{t}/standings/", READ),
    Case("GET", "/api/v1/tournaments/{t}/standings/?format=csv", READ),
    Case("GET", "/api/v1/tournaments/{t}/crosstable/", READ),
    Case("GET", "/api/v1/tournaments/{t}/analytics/", READ),
]


@pytest.fixture
def world(people, tournament):
    first = services.round_generate(tournament=tournament)
    services.round_confirm(round_=first)
    second = services.round_generate(tournament=tournament)
    bench = Player.objects.create(club=people.club, display_name="Запасной")
    services.entry_add(tournament=tournament, player=bench)  # entered after round 2 was seated
    newcomer = Player.objects.create(club=people.club, display_name="Новичок")
    tables = services.round_tables(second)
    return {
        "t": tournament.pk,
        "table": first.tables.order_by("number").first().pk,
        "bench": bench.pk,
        "newcomer": newcomer.pk,
        "swap": {"a": tables[0][0], "b": tables[1][0]},
        "first": first,
    }


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("case", CASES, ids=str)
def test_permission_matrix(api, people, world, case: Case, role: str):
    if role != "anonymous":
        api.force_authenticate(getattr(people, role))
    url = case.url.format(**{k: v for k, v in world.items() if isinstance(v, int)})
    if case.body == "table-game":
        table = world["first"].tables.order_by("number").first()
        response = api.post(url, data=table_log(table, 41), content_type="application/json")
    else:
        body = world["swap"] if case.body == "swap" else case.body
        if isinstance(body, dict) and body.get("player_id") == "{newcomer}":
            body = {"player_id": world["newcomer"]}
        response = getattr(api, case.method.lower())(url, data=body, format="json")
    assert response.status_code == case.expect[ROLES.index(role)], getattr(response, "data", None)
