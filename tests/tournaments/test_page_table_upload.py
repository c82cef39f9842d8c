"""Uploading a table's log from the round page: file or paste, the table's seats enforced, errors with paths."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.models import Upload
from tests.tournaments.conftest import table_log

pytestmark = pytest.mark.django_db


def url(tournament, table) -> str:
    return f"/tournaments/{tournament.pk}/tables/{table.pk}/upload/"


@pytest.fixture
def table(seated):
    return seated.tables.order_by("number").first()


def test_a_pasted_log_becomes_the_tables_game(client, people, tournament, table):
    client.force_login(people.scorer)
    content = table_log(table, 5).decode()
    response = client.post(url(tournament, table), {"document": content})
    table.refresh_from_db()
    assert response.status_code == 302
    assert response["Location"] == f"/games/{table.game_id}/"
    assert table.game.totals == json.loads(content)["totals"]


def test_a_file_works_too(client, people, tournament, table):
    client.force_login(people.organiser)
    upload = SimpleUploadedFile("table-1.json", table_log(table, 6), content_type="application/json")
    assert client.post(url(tournament, table), {"file": upload}).status_code == 302
    table.refresh_from_db()
    assert table.game is not None
    assert Upload.objects.get(game=table.game).filename == "table-1.json"


def test_a_log_of_other_players_is_refused_with_its_path_and_kept(client, people, tournament, seated, table):
    other = seated.tables.order_by("number").last()
    client.force_login(people.scorer)
    response = client.post(url(tournament, table), {"document": table_log(other, 7).decode()})
    html = response.content.decode()
    assert response.status_code == 400
    rejected = Upload.objects.get(outcome=Upload.Outcome.REJECTED)
    assert f'<code class="json-path">{rejected.error_path}</code>' in html
    assert rejected.error_path == "players"
    assert f"kept as upload {rejected.pk}" in html
    table.refresh_from_db()
    assert table.game is None


def test_neither_or_both_is_a_form_error(client, people, tournament, table):
    client.force_login(people.scorer)
    assert "Paste the log or choose its file." in client.post(url(tournament, table), {}).content.decode()
    both = {"document": "{}", "file": SimpleUploadedFile("a.json", b"{}")}
    assert "not both" in client.post(url(tournament, table), both).content.decode()


def test_a_second_upload_to_the_same_table_is_refused(client, people, tournament, table):
    client.force_login(people.scorer)
    client.post(url(tournament, table), {"document": table_log(table, 5).decode()})
    response = client.post(url(tournament, table), {"document": table_log(table, 8).decode()})
    assert response.status_code == 400
    assert "this table already has its game" in response.content.decode()


@pytest.mark.parametrize(
    ("who", "status"),
    [
        (None, 302),
        ("outsider", 404),
        ("member", 403),
        ("scorer", 200),
        ("organiser", 200),
        ("superuser", 200),
    ],
)
def test_who_may_upload(client, people, tournament, table, who, status):
    if who:
        client.force_login(getattr(people, who))
    assert client.get(url(tournament, table)).status_code == status
    posted = client.post(url(tournament, table), {"document": table_log(table, 5).decode()})
    assert posted.status_code == (302 if status == 200 else status)
    table.refresh_from_db()
    assert (table.game_id is not None) == (status == 200)


def test_the_round_page_links_each_open_table(client, people, tournament, seated):
    client.force_login(people.organiser)
    html = client.get(f"/tournaments/{tournament.pk}/rounds/1/manage/").content.decode()
    for table in seated.tables.all():
        assert f'href="/tournaments/{tournament.pk}/tables/{table.pk}/upload/"' in html


def test_a_kept_refusal_is_said_again_in_the_readers_language(client, people, tournament, seated, table):
    """The upload keeps the service's English template beside the code and parameters, so the
    refusal is said in Russian or Ukrainian whenever it is shown again, not in English."""
    from django.utils import translation

    other = seated.tables.order_by("number").last()
    client.force_login(people.scorer)
    client.post(url(tournament, table), {"document": table_log(other, 7).decode()})
    rejected = Upload.objects.get(outcome=Upload.Outcome.REJECTED)
    assert rejected.error_code == "TABLE_PLAYERS_DIFFER"
    assert (
        rejected.error_template
        == "the log must seat table %(table)s's players: missing %(missing)s; not at this table: %(extra)s"
    )
    said = {}
    for language in ("en", "ru", "uk"):
        with translation.override(language):
            said[language] = Upload.objects.get(pk=rejected.pk).refusal_text
    missing, extra = "Анна, Борис, Вера, Даша", "Глеб, Егор, Женя, Зоя"
    assert said == {
        "en": f"the log must seat table 1's players: missing {missing}; not at this table: {extra}",
        "ru": f"в журнале должны сидеть игроки стола 1; не хватает: {missing}; не за этим столом: {extra}",
        "uk": f"у журналі мають сидіти гравці столу 1; бракує: {missing}; не з цього столу: {extra}",
    }
