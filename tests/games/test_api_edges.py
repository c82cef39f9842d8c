"""Requests the schema allows but the code once answered with a server error (found by
schemathesis against docs/openapi.yaml; issue 11, "zero server errors")."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from games import services
from games.models import Membership
from tests.games.factories import UserFactory

pytestmark = pytest.mark.django_db
DATA = Path(__file__).resolve().parents[1] / "data"


def test_a_member_invited_without_a_role_is_invited_as_a_member(api, people):
    newcomer = UserFactory(username="newcomer")
    api.force_authenticate(people.organiser)
    response = api.post("/api/v1/clubs/kozyr/members/", {"username": "newcomer"}, format="json")
    assert response.status_code == 202, response.json()
    assert response.json()["role"] == "member"
    assert not Membership.objects.filter(user=newcomer).exists()  # not before they accept
    api.force_authenticate(newcomer)
    accepted = api.post(f"/api/v1/invitations/{response.json()['id']}/accept/")
    assert accepted.status_code == 201, accepted.json()
    assert Membership.objects.get(user=newcomer).role == Membership.Role.MEMBER


@pytest.mark.parametrize(
    ("path", "header", "rows"),
    [
        (
            "durak/throw-in.json",
            ["deal", "Anna", "Boris", "Vera"],
            [["1", "-1", "0", "0"], ["total", "-1", "0", "0"]],
        ),
        (
            "preferans/sochi-pulka.json",
            ["deal", "Anna", "Boris", "Vera"],
            None,  # four deals, then the total: the settlement 140, 55, -195
        ),
    ],
)
def test_every_game_has_a_csv_sheet(api, people, path, header, rows):
    game = services.game_upload(club=people.club, content=(DATA / path).read_bytes(), user=people.scorer).game
    api.force_authenticate(people.member)
    response = api.get(f"/api/v1/games/{game.pk}/export/?format=csv")
    assert response.status_code == 200
    got = list(csv.reader(io.StringIO(response.content.decode())))
    assert got[0] == header
    if rows is not None:
        assert got[1:] == rows
    else:
        assert len(got) == 6
        assert got[-1] == ["total", "140", "55", "-195"]


@pytest.mark.parametrize("name", ["player", "tournament"])
@pytest.mark.parametrize("value", ["60477603128246845440", "0", "1.5"])
def test_an_id_filter_out_of_range_is_a_400_naming_it(api, people, name, value):
    api.force_authenticate(people.member)
    response = api.get(f"/api/v1/games/?{name}={value}")
    assert response.status_code == 400
    assert response.json()["error"]["path"] == name
