"""The tournament and standings pages of a duplicate event (issue 22) read as a bridge player
expects: ranked by the event's scoring with no Oh Hell tie-break columns, a Mitchell's two
fields one after the other with their own headings, a team of four on one line."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from games.models import Player
from tests.tournaments.test_duplicate_teams import _event as teams_event
from tests.tournaments.test_duplicate_teams import _play_round_robin
from tournaments import duplicate, services, teams
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def _rows(html: str) -> list[str]:
    """The standings table's rows as text: a field's heading, or "place | names | figure | count"."""
    table = html.split('<table class="standings">', 1)[1].split("</table>", 1)[0]
    body = table.split("<tbody>", 1)[1]
    rows = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).replace("&nbsp;", " ").strip()
            for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)
        ]
        rows.append(" | ".join(cells))
    return rows


def _headings(html: str) -> list[str]:
    table = html.split('<table class="standings">', 1)[1].split("</tbody>", 1)[0]
    head = table.split("<thead>", 1)[1].split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", c).strip() for c in re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)]


def test_a_mitchells_two_fields_are_ranked_apart_without_tie_breaks(people, client):
    tournament = services.tournament_create(
        club=people.club, name="Парный вечер", user=people.organiser, game_type="bridge-duplicate"
    )
    players = [Player.objects.create(club=people.club, display_name=f"Игрок {n}") for n in range(1, 17)]
    duplicate.setup(
        tournament=tournament,
        pairs=[(players[2 * i], players[2 * i + 1]) for i in range(8)],
        boards_per_round=1,
        deal_seed="standings-page",
    )
    for table in Table.objects.filter(round__tournament=tournament).select_related("sitting", "round"):
        content = duplicate.simulated_log(table, seed=table.round.number * 10 + table.number)
        services.table_game_upload(table=table, content=content, user=people.scorer)
    services.standings_compile(tournament=tournament)
    results = duplicate.score(tournament)
    expected = ["Пары Север–Юг"]
    for field in ("NS", "EW"):
        if field == "EW":
            expected.append("Пары Восток–Запад")
        numbers = sorted(
            (n for n in results.scores if results.field_of[n] == field),
            key=lambda n: (-results.scores[n].score, n),
        )
        for n in numbers:
            pair, scored = results.pairs[n], results.scores[n]
            figure = f"{float(scored.score):.2f}".rstrip("0").rstrip(".").replace(".", ",")
            expected.append(
                f"{scored.place} | {pair.first.display_name} – {pair.second.display_name} | {figure} | {len(scored.by_board)}"
            )
    client.cookies["django_language"] = "ru"
    client.force_login(people.member)
    for name in ("tournament-page", "tournament-standings"):
        html = client.get(reverse(name, args=[tournament.pk])).content.decode()
        assert _rows(html) == expected, name
        assert _headings(html) == ["Место", "Пара", "%", "Сдачи"], name
        assert "Матчпойнты" in html
        assert "личные встречи" not in html
        assert "Дополнительные показатели" not in html


def test_a_team_of_four_is_one_line_ranked_by_victory_points(people, client):
    tournament, _event_row, _players = teams_event(people, 4)
    _play_round_robin(tournament, people)
    services.standings_compile(tournament=tournament)
    results = teams.score(tournament)
    client.cookies["django_language"] = "ru"
    client.force_login(people.member)
    html = client.get(reverse("tournament-standings", args=[tournament.pk])).content.decode()
    rows = _rows(html)
    assert len(rows) == 4
    for row, number in zip(rows, results.ranking, strict=True):
        place, names, figure, matches = row.split(" | ")
        total = results.totals[number]
        assert place == (str(total.rank) if total.rank == total.rank_to else f"{total.rank}–{total.rank_to}")
        first = 4 * (number - 1) + 1
        assert set(names.split(" – ")) == {f"Игрок {n}" for n in range(first, first + 4)}
        assert figure == f"{results.totals[number].vp:.2f}".rstrip("0").rstrip(".").replace(".", ",")
        assert matches == "3"
    assert _headings(html) == ["Место", "Команда", "ВП", "Матчи"]
    assert "победные очки" in html.lower()


def test_a_duplicate_event_has_no_cross_table_but_its_results(people, client):
    tournament, _event_row, _players = teams_event(people, 4)
    client.force_login(people.member)
    response = client.get(reverse("tournament-cross-table", args=[tournament.pk]))
    assert response.status_code == 302
    assert response["Location"] == reverse("tournament-duplicate-teams", args=[tournament.pk])
    page = client.get(reverse("tournament-page", args=[tournament.pk])).content.decode()
    assert reverse("tournament-cross-table", args=[tournament.pk]) not in page
    assert reverse("tournament-analytics-page", args=[tournament.pk]) in page  # the boards' double dummy
    assert reverse("tournament-duplicate-teams", args=[tournament.pk]) in page
