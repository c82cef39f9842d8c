"""Fixtures of the games tests: a club with one user of every role."""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from rest_framework.test import APIClient

from accounts.models import User
from games.models import Club, Membership
from tests.games.factories import ClubFactory, MembershipFactory, UserFactory


@dataclass
class ClubPeople:
    club: Club
    organiser: User
    scorer: User
    member: User
    outsider: User  # an organiser of another club
    superuser: User


@pytest.fixture
def people(db) -> ClubPeople:
    club = ClubFactory(name="Клуб «Козырь»", slug="kozyr")
    users = {}
    for role in (Membership.Role.ORGANISER, Membership.Role.SCORER, Membership.Role.MEMBER):
        users[role] = MembershipFactory(club=club, role=role, user=UserFactory(username=role)).user
    outsider = MembershipFactory(role=Membership.Role.ORGANISER, user=UserFactory(username="outsider")).user
    superuser = UserFactory(username="root", is_superuser=True, is_staff=True)
    return ClubPeople(
        club=club,
        organiser=users[Membership.Role.ORGANISER],
        scorer=users[Membership.Role.SCORER],
        member=users[Membership.Role.MEMBER],
        outsider=outsider,
        superuser=superuser,
    )


@pytest.fixture
def api() -> APIClient:
    return APIClient()
