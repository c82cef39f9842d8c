"""The Content-Security-Policy (issue 21, item 9): every page carries it, and no template has an
inline script, an inline event handler or a style attribute it would refuse (the browser tests
fail on any violation a page reports: tests/conftest.py's ``page``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'; manifest-src 'self'; worker-src 'self'"
)


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/api/v1/clubs/", "/no/such/page/"], ids=str)
def test_every_answer_carries_the_policy(client, db, path):
    assert client.get(path)["Content-Security-Policy"] == POLICY == settings.CONTENT_SECURITY_POLICY


def test_the_api_docs_alone_allow_inline_styles_for_swagger_ui(client, db):
    policy = client.get("/api/docs/")["Content-Security-Policy"]
    assert "style-src 'self' 'unsafe-inline'" in policy
    assert "script-src 'self';" in policy  # its start-up script is a file


def test_no_template_needs_an_inline_script_or_style():
    offending = []
    for template in TEMPLATES.rglob("*.html"):
        text = template.read_text()
        for pattern in (
            r"<script(?![^>]*\bsrc=)(?![^>]*application/json)[^>]*>",
            r"\son[a-z]+=",
            r"\sstyle=",
            r"<style",
        ):
            if re.search(pattern, text):
                offending.append(f"{template.relative_to(TEMPLATES)}: {pattern}")
    assert offending == []
