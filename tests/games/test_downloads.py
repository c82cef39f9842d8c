"""The kept bytes of a game, one click from the arbiter's page (games/pages/downloads.py): each
revision's log as stored (/games/<pk>/revisions/<n>/log/) and an upload's file as it came
(/games/<pk>/uploads/<upload>/original/), readable by whoever may read the game."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games import services
from games.models import Game, Upload
from tests.games import disputed_game
from tests.games.disputed_game import DOCUMENT
from tests.games.factories import game_bytes

pytestmark = pytest.mark.django_db

PBN = Path(__file__).resolve().parents[1] / "data" / "pbn"


@pytest.fixture
def game(people) -> Game:
    """The hand-built game of disputed_game.py, and a correction of it in the reader's script."""
    game = disputed_game.upload(people)
    corrected = {**DOCUMENT, "players": ["Анна", "Борис", "Вера"]}
    services.game_correct(
        game=game,
        content=json.dumps(corrected, ensure_ascii=False, indent=3).encode(),
        user=people.scorer,
        reason="the players' names as on the sheet",
    )
    game.refresh_from_db()
    return game


def upload_pbn(api, people, name: str, pbn: str = "rubber"):
    """A PBN file uploaded as a multipart file through the API, as a client sends one."""
    raw = (PBN / f"{pbn}.pbn").read_bytes()
    api.force_authenticate(people.scorer)
    response = api.post(
        "/api/v1/clubs/kozyr/games/", {"file": SimpleUploadedFile(name, raw)}, format="multipart"
    )
    assert response.status_code == 201, response.content
    api.force_authenticate(None)
    body = response.json()
    return Game.objects.get(pk=body["id"]), Upload.objects.get(pk=body["upload"]), raw


def who(people, role):
    return {
        "anonymous": None,
        "outsider": people.outsider,
        "member": people.member,
        "scorer": people.scorer,
        "organiser": people.organiser,
        "superuser": people.superuser,
    }[role]


# --- a revision's log -------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 2], ids=["first", "correction"])
def test_a_revision_log_is_the_stored_bytes(client, people, game, number):
    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/revisions/{number}/log/")
    assert response.status_code == 200
    stored = game.revisions.get(number=number)
    assert response.content == bytes(stored.content)
    assert response["Content-Type"] == stored.content_type
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}-r{number}.json"'
    assert response["X-Content-Type-Options"] == "nosniff"


def test_the_correction_keeps_its_own_bytes(client, people, game):
    client.force_login(people.member)
    content = client.get(f"/games/{game.pk}/revisions/2/log/").content
    corrected = {**DOCUMENT, "players": ["Анна", "Борис", "Вера"]}
    assert content == json.dumps(corrected, ensure_ascii=False, indent=3).encode()
    assert (
        client.get(f"/games/{game.pk}/revisions/1/log/").content
        == json.dumps(DOCUMENT, ensure_ascii=False).encode()
    )


@pytest.mark.parametrize("number", [0, 3, 99], ids=["zero", "next", "far"])
def test_a_revision_that_does_not_exist_is_404(client, people, game, number):
    client.force_login(people.organiser)
    assert client.get(f"/games/{game.pk}/revisions/{number}/log/").status_code == 404


def test_the_revision_of_another_game_is_404(client, people, game):
    other = services.game_upload(club=people.club, content=game_bytes(seed=5), user=people.scorer).game
    client.force_login(people.organiser)
    assert client.get(f"/games/{other.pk}/revisions/2/log/").status_code == 404  # only the first game has one
    assert client.get(f"/games/{other.pk}/revisions/1/log/").content == bytes(other.current_revision.content)
    assert client.get("/games/999/revisions/1/log/").status_code == 404


# --- an upload's file as it came --------------------------------------------------------------


def test_a_pbn_upload_keeps_its_own_bytes(client, api, people):
    game, upload, raw = upload_pbn(api, people, "evening.pbn")
    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/uploads/{upload.pk}/original/")
    assert response.status_code == 200
    assert response.content == raw
    assert response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"] == f'attachment; filename="game-{game.pk}-evening.pbn"'
    assert response["X-Content-Type-Options"] == "nosniff"
    # The revision holds the JSON read from the file, not the file.
    log = client.get(f"/games/{game.pk}/revisions/1/log/")
    assert log.content != raw
    assert json.loads(log.content)["game"] == "bridge-rubber"
    assert log["Content-Disposition"] == f'attachment; filename="game-{game.pk}-r1.json"'


def test_a_file_name_in_cyrillic_is_given_as_rfc_6266_asks(client, api, people):
    game, upload, raw = upload_pbn(api, people, "Вечер в клубе.pbn")
    assert upload.filename == "Вечер в клубе.pbn"
    client.force_login(people.member)
    response = client.get(f"/games/{game.pk}/uploads/{upload.pk}/original/")
    assert response.status_code == 200
    assert response.content == raw
    name = quote(f"game-{game.pk}-Вечер в клубе.pbn")
    assert response["Content-Disposition"] == f"attachment; filename*=utf-8''{name}"
    assert name == (
        f"game-{game.pk}-%D0%92%D0%B5%D1%87%D0%B5%D1%80%20%D0%B2%20%D0%BA%D0%BB%D1%83%D0%B1%D0%B5.pbn"
    )


def test_an_upload_without_a_file_name_is_named_by_its_number(client, people):
    content = json.dumps(DOCUMENT, ensure_ascii=False).encode()
    result = services.game_upload(club=people.club, content=content, user=people.scorer)
    client.force_login(people.member)
    response = client.get(f"/games/{result.game.pk}/uploads/{result.upload.pk}/original/")
    assert response.status_code == 200
    assert response.content == content
    assert response["Content-Disposition"] == (
        f'attachment; filename="game-{result.game.pk}-upload-{result.upload.pk}"'
    )


def test_a_file_name_with_folders_keeps_only_its_own_name(client, people):
    raw = (PBN / "rubber.pbn").read_bytes()
    result = services.game_upload(
        club=people.club, content=raw, user=people.scorer, filename="round-1/table-2.pbn"
    )
    client.force_login(people.member)
    response = client.get(f"/games/{result.game.pk}/uploads/{result.upload.pk}/original/")
    assert response.content == raw
    assert response["Content-Disposition"] == f'attachment; filename="game-{result.game.pk}-table-2.pbn"'


def test_an_upload_of_another_game_is_404(client, api, people):
    game, upload, _raw = upload_pbn(api, people, "evening.pbn")
    other, other_upload, _other_raw = upload_pbn(api, people, "revoke.pbn", pbn="revoke")
    assert other.pk != game.pk
    client.force_login(people.organiser)
    assert client.get(f"/games/{game.pk}/uploads/{other_upload.pk}/original/").status_code == 404
    assert client.get(f"/games/{other.pk}/uploads/{upload.pk}/original/").status_code == 404
    assert client.get(f"/games/{game.pk}/uploads/{upload.pk}/original/").status_code == 200
    assert client.get(f"/games/{game.pk}/uploads/99999/original/").status_code == 404


def test_a_rejected_upload_is_no_games(client, people, game):
    rejected = services.game_upload(club=people.club, content=b"{not json", user=people.scorer)
    assert rejected.game is None
    client.force_login(people.organiser)
    assert client.get(f"/games/{game.pk}/uploads/{rejected.upload.pk}/original/").status_code == 404


# --- who may download -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("anonymous", 404),
        ("outsider", 404),
        ("member", 200),
        ("scorer", 200),
        ("organiser", 200),
        ("superuser", 200),
    ],
    ids=["anonymous", "outsider", "member", "scorer", "organiser", "superuser"],
)
def test_who_may_download_a_private_games_bytes(client, api, people, role, status):
    game, upload, _raw = upload_pbn(api, people, "evening.pbn")
    assert not game.public
    user = who(people, role)
    if user is not None:
        client.force_login(user)
    assert client.get(f"/games/{game.pk}/revisions/1/log/").status_code == status
    assert client.get(f"/games/{game.pk}/uploads/{upload.pk}/original/").status_code == status


@pytest.mark.parametrize("role", ["anonymous", "outsider"], ids=["anonymous", "outsider"])
def test_a_public_games_bytes_are_anyones(client, api, people, role):
    game, upload, raw = upload_pbn(api, people, "evening.pbn")
    Game.objects.filter(pk=game.pk).update(public=True)
    user = who(people, role)
    if user is not None:
        client.force_login(user)
    assert client.get(f"/games/{game.pk}/revisions/1/log/").status_code == 200
    assert client.get(f"/games/{game.pk}/uploads/{upload.pk}/original/").content == raw
