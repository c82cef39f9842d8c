"""The admin shows every record; append-only ones cannot be changed there either."""

from __future__ import annotations

import pytest

from games import services
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "model", ["club", "player", "game", "gamerevision", "upload", "auditreport", "dispute"]
)
def test_changelists_render(client, people, model):
    game = services.game_upload(club=people.club, content=game_bytes(seed=80), user=people.scorer).game
    services.dispute_open(game=game, user=people.organiser, claim="deal 1")
    client.force_login(people.superuser)
    response = client.get(f"/admin/games/{model}/")
    assert response.status_code == 200


def test_a_revision_cannot_be_edited_or_deleted_in_the_admin(client, people):
    revision = services.game_upload(
        club=people.club, content=game_bytes(seed=81), user=people.scorer
    ).revision
    client.force_login(people.superuser)
    page = client.get(f"/admin/games/gamerevision/{revision.pk}/change/")
    assert page.status_code == 200
    assert b'name="_save"' not in page.content
    assert client.post(f"/admin/games/gamerevision/{revision.pk}/delete/", {"post": "yes"}).status_code == 403
