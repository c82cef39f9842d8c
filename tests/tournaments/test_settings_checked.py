"""Tournament settings are checked on create and on every update, and a compile that fails keeps
the standings stale and says so (issue 21, item 5): a table points scale the compile cannot read
(`{"table_points": [1, 2]}`, `{"4": "x"}`) was accepted, every compile after it raised, and the
standings were marked fresh with the old method's points, so the sweep never retried."""

from __future__ import annotations

import pytest

from tournaments import services, standings, tasks
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("scale", "path", "message"),
    [
        ([1, 2], "table_points", 'the scale is an object of table sizes, e.g. {"4": [3, 2, 1, 0]}'),
        ({"4": "x"}, "table_points.4", "a table of 4 has 4 places, so 4 points"),
        ({"4": [3, 2, 1]}, "table_points.4", "a table of 4 has 4 places, so 4 points"),
        ({"4": [3, 2, "1", 0]}, "table_points.4[2]", "the points of a place are a number"),
        ({"4": [3, 2, True, 0]}, "table_points.4[2]", "the points of a place are a number"),
        ({"9": [1] * 9}, "table_points.9", "a table size is one of 2, 3, 4, 5, 6, 7"),
        ({"four": [1]}, "table_points.four", "a table size is one of 2, 3, 4, 5, 6, 7"),
    ],
    ids=["a-list", "a-word", "too-short", "a-string-point", "a-boolean-point", "no-such-size", "not-a-size"],
)
def test_a_scale_the_compile_cannot_read_is_refused_at_its_path(
    api, people, tournament, scale, path, message
):
    api.force_authenticate(people.organiser)
    response = api.patch(f"/api/v1/tournaments/{tournament.pk}/", {"table_points": scale}, format="json")
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["path"], error["code"], error["message"]) == (
        path,
        "TABLE_POINTS_INVALID",
        f"{path}: {message}",
    )
    tournament.refresh_from_db()
    assert tournament.table_points == Tournament._meta.get_field("table_points").default()


def test_the_table_points_method_needs_a_line_for_the_tournaments_table_size(people):
    with pytest.raises(services.ServiceError) as refused:
        services.tournament_create(
            club=people.club,
            name="Без четверок",
            user=people.organiser,
            standings_method="table_points",
            table_points={"3": [2, 1, 0]},
        )
    assert refused.value.code == "TABLE_POINTS_INVALID"
    assert refused.value.params == {"path": "table_points", "sizes": [4]}
    # A scale for the tables it seats is enough.
    made = services.tournament_create(
        club=people.club,
        name="Четверки",
        user=people.organiser,
        standings_method="table_points",
        table_points={"4": [3, 2, 1, 0]},
    )
    assert made.table_points == {"4": [3, 2, 1, 0]}


def test_a_compile_that_fails_keeps_the_standings_stale_and_tells_the_organiser(
    client, people, tournament, monkeypatch
):
    def fails(**_kwargs):
        raise standings.StandingsError(
            "STANDINGS_SCALE_MISSING", "the table points scale has no %(size)s-player line", size=5
        )

    monkeypatch.setattr(tasks, "_stale", lambda _pk: False)
    import tournaments.services as tournament_services

    monkeypatch.setattr(tournament_services, "standings_compile", fails)
    assert tasks.compile_standings(tournament.pk) == 0
    tournament.refresh_from_db()
    assert tournament.standings_stale is True  # the sweep compiles it again
    assert tournament.standings_failure["code"] == "STANDINGS_SCALE_MISSING"
    assert tournament.standings_failure["params"] == {"size": 5}
    assert tasks.cache.get(tasks.pending_key(tournament.pk)) is None  # not queued again in a loop

    client.force_login(people.organiser)
    client.cookies["django_language"] = "ru"
    page = client.get(f"/tournaments/{tournament.pk}/manage/").content.decode()
    assert "Таблицу не удалось рассчитать" in page
    assert "в шкале очков за места нет строки для столов, где игроков: 5" in page

    monkeypatch.undo()
    tasks.compile_standings(tournament.pk)
    tournament.refresh_from_db()
    assert (tournament.standings_stale, tournament.standings_failure) == (False, None)
    assert (
        "Таблицу не удалось рассчитать"
        not in client.get(f"/tournaments/{tournament.pk}/manage/").content.decode()
    )
