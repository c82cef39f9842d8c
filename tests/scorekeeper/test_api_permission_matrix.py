"""Who may call what in the scorekeeper's API: every endpoint × the six kinds of caller.

The same form as tests/games/test_permission_matrix.py and tests/tournaments/…: a private free
game of the club kept by the club's scorer (fresh database per case). 401: not signed in
(writes, and the club's list); 403: signed in without the right — only the draft's scorekeeper
enters, an organiser takes over; 404: a draft the caller may not read. A route of the
scorekeeper's API without a row here fails the last test.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from scorekeeper import services
from tests.scorekeeper.conftest import FOUR, add

ROLES = ("anonymous", "member", "scorer", "organiser", "outsider", "superuser")
READ = (404, 200, 200, 200, 404, 200)
KEEPER = (401, 403, 201, 403, 404, 403)  # the scorekeeper's writes


@dataclass(frozen=True)
class Case:
    method: str
    url: str
    expect: tuple[int, int, int, int, int, int]  # in the order of ROLES
    body: Any = None

    def __str__(self) -> str:
        return f"{self.method} {self.url}"


CASES = [
    #                                                      anon member scorer organ outsid super
    Case("GET", "/api/v1/clubs/kozyr/drafts/", (401, 200, 200, 200, 403, 200)),
    Case("POST", "/api/v1/clubs/kozyr/drafts/", (401, 403, 201, 201, 403, 201), {"players": FOUR}),
    Case("GET", "/api/v1/drafts/{draft}/", READ),
    Case("PATCH", "/api/v1/drafts/{draft}/", (401, 403, 200, 403, 404, 403), {"mode": "taken"}),
    Case("GET", "/api/v1/drafts/{draft}/entries/", READ),
    Case("POST", "/api/v1/drafts/{draft}/entries/", KEEPER, {"entry_id": "b1", "kind": "bid", "value": 1}),
    Case("POST", "/api/v1/drafts/{draft}/undo/", KEEPER, {}),
    Case("POST", "/api/v1/drafts/{draft}/take-over/", (401, 403, 403, 200, 404, 200)),
    Case("POST", "/api/v1/drafts/{complete}/finish/", KEEPER),
]


@pytest.fixture
def world(people) -> dict[str, int]:
    """A draft with its trump card entered, and a finished-to-the-last-card draft of one deal."""
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=FOUR,
        ruleset={"preset": "classic", "schedule": [2, 2, 1]},
        first_dealer=0,
    )
    add(draft, people.scorer, "trump", card="2C")
    complete = services.draft_start(
        club=people.club, user=people.scorer, players=FOUR, ruleset={"preset": "classic", "schedule": [1]}
    )
    for _ in FOUR:
        add(complete, people.scorer, "bid", value=0)
    first = (complete.first_dealer + 1) % 4
    add(complete, people.scorer, "taken", taken=[int(seat == first) for seat in range(4)])
    return {"draft": draft.pk, "complete": complete.pk}


@pytest.mark.django_db
@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("case", CASES, ids=str)
def test_permission_matrix(api, people, world, case: Case, role: str):
    if role != "anonymous":
        api.force_authenticate(getattr(people, role))
    response = getattr(api, case.method.lower())(case.url.format(**world), data=case.body, format="json")
    assert response.status_code == case.expect[ROLES.index(role)], getattr(response, "data", None)


@pytest.mark.django_db
def test_a_published_tournaments_table_draft_is_read_by_anyone_but_written_by_its_scorer(
    api, people, tournament, seated
):
    from tournaments.models import Table

    table = Table.objects.filter(round=seated).order_by("number").first()
    draft = services.draft_start_table(table=table, user=people.scorer)
    assert api.get(f"/api/v1/drafts/{draft.pk}/").status_code == 404
    tournament.published = True
    tournament.save(update_fields=["published"])
    assert api.get(f"/api/v1/drafts/{draft.pk}/").status_code == 200
    assert api.get(f"/api/v1/drafts/{draft.pk}/entries/").status_code == 200
    api.force_authenticate(people.outsider)
    response = api.post(f"/api/v1/drafts/{draft.pk}/entries/", {"kind": "trump", "card": "2C"}, format="json")
    assert response.status_code == 403


def test_every_route_of_the_scorekeepers_api_has_a_row():
    from django.urls import resolve

    from scorekeeper.urls import urlpatterns

    covered = {resolve(case.url.format(draft=1, complete=2).split("?")[0]).url_name for case in CASES}
    assert {pattern.name for pattern in urlpatterns} - covered == set()
