"""Every response and log line carries the request id."""

from __future__ import annotations

import io
import json
import logging
import re

import pytest
from django.conf import settings
from pythonjsonlogger.json import JsonFormatter

from config.middleware import RequestIdFilter

pytestmark = pytest.mark.django_db


@pytest.fixture
def request_log():
    """The production handler set-up (JSON formatter + request-id filter) on a buffer."""
    spec = settings.LOGGING["formatters"]["json"]
    handler = logging.StreamHandler(io.StringIO())
    handler.setFormatter(JsonFormatter(spec["fmt"], rename_fields=spec["rename_fields"]))
    handler.addFilter(RequestIdFilter())
    logger = logging.getLogger("trickbook.request")
    logger.addHandler(handler)
    try:
        yield handler.stream
    finally:
        logger.removeHandler(handler)


def test_a_new_id_is_made_and_logged_on_one_json_line(client, request_log):
    response = client.get("/healthz")
    request_id = response["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", request_id)
    lines = request_log.getvalue().splitlines()
    assert len(lines) == 1
    event = json.loads(lines[0])
    assert event["request_id"] == request_id
    assert event["message"] == "request"
    assert (event["method"], event["path"], event["status"]) == ("GET", "/healthz", 200)
    assert event["level"] == "INFO"


def test_a_well_formed_incoming_id_is_kept(client):
    response = client.get("/healthz", HTTP_X_REQUEST_ID="lb-20261129-abcdef")
    assert response["X-Request-ID"] == "lb-20261129-abcdef"


def test_a_hostile_incoming_id_is_replaced(client):
    response = client.get("/healthz", HTTP_X_REQUEST_ID='x" injected\nline')
    assert re.fullmatch(r"[0-9a-f]{32}", response["X-Request-ID"])
