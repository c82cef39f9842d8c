"""Schemathesis against the committed OpenAPI schema (docs/openapi.yaml), signed in as an
organiser of a club with games and tournaments: no answer is a server error, and every
answer is one the schema documents — status code, content type and body (issue 11).

Requests go to the WSGI application in-process, inside the test's database transaction.
Checks left out, and why (docs/reliability.md): ``positive_data_acceptance`` and
``negative_data_rejection`` (the schema cannot say which ids exist, which documents replay
or which moves the rules allow, so a schema-valid request is often rightly refused), and
``ignored_auth`` (the public reads of published tournaments and games take no token by
design).
"""

from __future__ import annotations

from pathlib import Path

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from games import services
from tournaments import services as tournaments
from tournaments.models import Tournament

SCHEMA = Path(__file__).resolve().parents[1] / "docs" / "openapi.yaml"
DATA = Path(__file__).resolve().parent / "data"
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]

schema = schemathesis.openapi.from_path(SCHEMA)
schema.app = get_wsgi_application()


@pytest.fixture(autouse=True)
def _keep_the_test_connection():
    """The WSGI handler closes the database connection at each request's end (Django's
    ``close_old_connections`` on request_started/finished); inside a test transaction that
    would drop it, so — as Django's own test client does — the handlers are taken off."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def organiser_token(people) -> str:
    """A club with a game of each kind and a tournament with a seated round; the organiser's token."""
    for path in ("durak/throw-in.json", "preferans/sochi-pulka.json"):
        services.game_upload(club=people.club, content=(DATA / path).read_bytes(), user=people.scorer)
    tournament = tournaments.tournament_create(club=people.club, name="Кубок", user=people.organiser)
    tournaments.tournament_set_status(tournament=tournament, status=Tournament.Status.REGISTRATION)
    return Token.objects.get_or_create(user=people.organiser)[0].key


@pytest.mark.django_db
@schema.parametrize()
@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
    ],
)
def test_every_answer_is_documented_and_none_is_a_server_error(case, organiser_token):
    case.call_and_validate(headers={"Authorization": f"Token {organiser_token}"}, checks=CHECKS)
