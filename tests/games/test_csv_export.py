"""CSV downloads neutralise formula injection (issue 11: "CSV exports neutralise formula
injection (=, +, -, @ at the start of a cell)")."""

from __future__ import annotations

import csv
import io

import pytest

from games.csv_export import csv_text, safe_cell
from games.models import Player
from tournaments import services
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("value", "written"),
    [
        ('=HYPERLINK("http://x","x")', '\'=HYPERLINK("http://x","x")'),
        ("+7 (999)", "'+7 (999)"),
        ("-Вася", "'-Вася"),
        ("@SUM(A1)", "'@SUM(A1)"),
        ("\tcmd", "'\tcmd"),
        ("\rcmd", "'\rcmd"),
        ("Анна", "Анна"),
        ("-10", "-10"),
        ("+2.5", "+2.5"),
        (-10, -10),
        (2.5, 2.5),
        (None, None),
    ],
)
def test_a_cell_that_would_run_as_a_formula_is_quoted(value, written):
    assert safe_cell(value) == written


def test_csv_text_quotes_every_cell_that_needs_it():
    rows = list(csv.reader(io.StringIO(csv_text([["player", "points"], ["=1+1", -3], ["Ян", "+1"]]))))
    assert rows == [["player", "points"], ["'=1+1", "-3"], ["Ян", "+1"]]


def test_the_standings_csv_quotes_a_hostile_name(api, people):
    tournament = services.tournament_create(club=people.club, name="Кубок", user=people.organiser)
    hostile = Player.objects.create(club=people.club, display_name='=HYPERLINK("http://evil","win")')
    services.entry_add(tournament=tournament, player=hostile)
    services.standings_compile(tournament=tournament)
    assert Standing.objects.filter(tournament=tournament).count() == 1
    api.force_authenticate(people.member)
    body = api.get(f"/api/v1/tournaments/{tournament.pk}/standings/?format=csv").content.decode()
    rows = list(csv.reader(io.StringIO(body)))
    assert rows[1][1] == '\'=HYPERLINK("http://evil","win")'
