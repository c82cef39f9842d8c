"""The management commands as a newcomer meets them (issue 20): an unknown club or tournament is
named as unknown, in the same words by every command, and a tournament is taken by the number in
its page's address or by its slug."""

from __future__ import annotations

import io

import pytest
from django.core.management import CommandError, call_command

from games.models import Membership
from tournaments import services as tournament_services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

NO_CLUB = "no such club 'nope'"


def no_tournament(named: str) -> str:
    return f"no such tournament {named!r} (give the number in its page's address, or its slug)"


@pytest.fixture
def cup(people) -> Tournament:
    return tournament_services.tournament_create(club=people.club, name="Cup", user=people.organiser, seed=1)


@pytest.fixture
def other_cup(people) -> Tournament:
    """A tournament of another club with the same slug as ``cup``'s."""
    other = Membership.objects.get(user=people.outsider).club
    return tournament_services.tournament_create(club=other, name="Cup", user=people.outsider, seed=2)


def run(*args: str) -> str:
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


@pytest.mark.parametrize(
    "args",
    [
        ("analyse", "--club", "nope"),
        ("analyse", "--club", "nope", "--all"),
        ("reaudit", "--club", "nope"),
        ("import_logs", "missing.json", "--club", "nope"),
        ("export_club", "nope"),
        ("compile_standings", "cup", "--club", "nope"),
    ],
    ids=["analyse", "analyse-all", "reaudit", "import-logs", "export-club", "compile-standings"],
)
def test_an_unknown_club_is_named_as_unknown(people, cup, args):
    with pytest.raises(CommandError) as refused:
        run(*args)
    assert str(refused.value) == NO_CLUB


@pytest.mark.parametrize(
    ("command", "first_line"),
    [("analyse", "games: 0 in 0 chunks"), ("reaudit", "re-audited: 0")],
    ids=["analyse-known-club", "reaudit-known-club"],
)
def test_a_known_club_without_games_is_not_refused(people, command, first_line):
    """The unknown club was refused as having "no games"; a real club with none is no error."""
    assert run(command, "--club", "kozyr").splitlines()[0] == first_line


@pytest.mark.parametrize(
    ("named", "in_other_club"),
    [
        ("nope", False),
        ("999999", False),
        ("²", False),  # str.isdigit says yes; int() refuses it
        ("9" * 1000, False),  # no database integer holds it
        ("0", False),
        ("-1", False),
        ("cup", True),  # the slug exists, in another club than the one named
    ],
    ids=[
        "unknown-slug",
        "unknown-number",
        "superscript-digit",
        "thousand-digits",
        "zero",
        "negative",
        "other-club",
    ],
)
def test_an_unknown_tournament_is_named_as_unknown(people, cup, named, in_other_club):
    other = Membership.objects.get(user=people.outsider).club
    args = ["compile_standings", named] + (["--club", other.slug] if in_other_club else [])
    with pytest.raises(CommandError) as refused:
        run(*args)
    assert str(refused.value) == no_tournament(named)


def test_a_tournament_of_another_club_is_unknown_by_its_number_there(people, cup, other_cup):
    other_club = other_cup.club.slug
    with pytest.raises(CommandError) as refused:
        run("compile_standings", str(cup.pk), "--club", other_club)
    assert str(refused.value) == no_tournament(str(cup.pk))


@pytest.mark.parametrize("by", ["number", "slug"], ids=["by-number", "by-slug"])
def test_a_tournament_is_taken_by_its_number_or_its_slug(people, cup, by):
    named = str(cup.pk) if by == "number" else cup.slug
    assert run("compile_standings", named).splitlines()[0].startswith("Cup: ")


def test_a_slug_two_clubs_use_asks_for_the_club(people, cup, other_cup):
    assert cup.slug == other_cup.slug == "cup"
    with pytest.raises(CommandError) as refused:
        run("compile_standings", "cup")
    assert str(refused.value) == "several clubs have a tournament 'cup'; name the club with --club"
    assert run("compile_standings", "cup", "--club", "kozyr").splitlines()[0].startswith("Cup: ")
