"""The pages render in a real headless Chromium, scripts and styles included."""

from __future__ import annotations

import pytest
from django.core.management import call_command

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_home_page_shows_the_clubs(live_server, page):
    call_command("load_demo", verbosity=0)
    page.goto(f"{live_server.url}/")
    assert page.title() == "Trickbook"
    assert page.get_by_role("cell", name="Клуб «Козырь»").is_visible()
    # The stylesheet loaded: the brand link is bold.
    assert page.locator("a.brand").evaluate("e => getComputedStyle(e).fontWeight") == "700"


def test_swagger_ui_renders_the_api(live_server, page):
    page.goto(f"{live_server.url}/api/docs/")
    operation = page.locator(".opblock-summary-path", has_text="/api/v1/auth/token/")
    operation.first.wait_for(state="visible")
    assert page.locator(".opblock-summary-path").count() >= 2


def test_admin_sign_in_with_the_keyboard(live_server, page):
    call_command("load_demo", verbosity=0)
    page.goto(f"{live_server.url}/admin/")
    page.get_by_label("Username").fill("admin")
    page.get_by_label("Password").fill("trickbook-demo")
    page.keyboard.press("Enter")
    page.get_by_role("heading", name="Site administration").wait_for()
    assert page.get_by_role("link", name="Clubs", exact=True).is_visible()
