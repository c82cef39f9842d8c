"""The scorekeeper installed on a phone (issue 20), in Chromium: the app is installable, and with
the network cut before the app is opened it still opens at its start page, opens the game, takes
every card of a deal and says they are not yet sent; once the network is back they reach the
server, in order.

The trump card and the bids are entered before the network is cut, so this test is about the
installed app and its start page; a whole deal entered offline, step by step, is
tests/browser/test_scorekeeper_offline_deal.py's."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from scorekeeper import engine, services
from scorekeeper.models import DraftEntry
from tests.browser.test_scorekeeper import PHONE, Keeper, sign_in
from tests.conftest import CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Boris", "Vera"]
#: Deal 1 (two cards, Anna deals, Boris leads), card by card: every card the deal has.
DEAL = ["AH", "5H", "4H", "KS", "QS", "JS"]


class OfflineKeeper(Keeper):
    """The same taps with no connection: each one waits in the page's queue, none is answered."""

    def _sent(self, counted: bool = True) -> None:
        if counted:
            self.entries += 1
        expect(self.page.locator("[data-queue] li")).to_have_count(self.entries)


@pytest.fixture
def draft(people):
    """A free game whose first deal is bid: the cards of the deal are what is left to enter."""
    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=PLAYERS,
        ruleset={"preset": "classic", "schedule": [2, 1]},
        first_dealer=0,
    )
    services.entry_add(draft=draft, user=people.scorer, entry_id="t", kind="trump", card="2C")
    for seat, bid in ((1, 1), (2, 0), (0, 0)):
        services.entry_add(
            draft=draft, user=people.scorer, entry_id=f"b{seat}", kind="bid", seat=seat, value=bid
        )
    return draft


@pytest.fixture
def profile_page(browser, tmp_path):
    """A page of an ordinary Chromium profile: the ``page`` fixture's context is off the record,
    where Chromium installs nothing (its installability check says ``in-incognito``)."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=CHROMIUM,
        headless=True,
        args=["--no-sandbox", "--disable-gpu", "--no-first-run"],
        locale="en-GB",
    )
    try:
        yield context.pages[0] if context.pages else context.new_page()
    finally:
        context.close()


def test_chromium_finds_the_scorekeeper_installable(live_server, profile_page, people, draft):
    page = profile_page
    sign_in(page, live_server, people.scorer)
    page.goto(f"{live_server.url}/scorekeeper/")
    cdp = page.context.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["url"] == f"{live_server.url}/scorekeeper/manifest.webmanifest"
    assert manifest["errors"] == []
    assert json.loads(manifest["data"])["start_url"] == "/scorekeeper/"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


def test_the_app_opens_with_the_network_cut_and_sends_the_deal_when_it_returns(
    live_server, page, people, draft
):
    sign_in(page, live_server, people.scorer)
    page.goto(f"{live_server.url}/scorekeeper/{draft.pk}/")
    expect(page.locator("#scorekeeper")).to_have_attribute("data-offline-ready", "")
    page.close()

    context = page.context
    context.set_offline(True)
    app = context.new_page()
    app.set_viewport_size(PHONE)
    assert app.goto(f"{live_server.url}/scorekeeper/").from_service_worker
    expect(app.locator("[data-home-offline]")).to_be_visible()
    link = app.locator(f"[data-draft-link='{draft.pk}']")
    expect(link).to_have_text(", ".join(PLAYERS))
    with app.expect_response(f"{live_server.url}/scorekeeper/{draft.pk}/") as opened:
        link.click()
    assert opened.value.from_service_worker
    expect(app.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "4")

    k = OfflineKeeper(app)
    for card in DEAL:
        k.card(card)
    expect(app.locator("[data-net]")).to_have_text(
        "Offline: 6 entries waiting; they are sent when the connection returns."
    )
    # Each waiting entry in the reader's words, the card with its suit symbol, never "play AH".
    expect(app.locator("[data-queue] li")).to_have_text(
        [
            "Card played A♥",
            "Card played 5♥",
            "Card played 4♥",
            "Card played K♠",
            "Card played Q♠",
            "Card played J♠",
        ]
    )
    assert DraftEntry.objects.filter(draft=draft).count() == 4

    # The start page, offline too, says what waits on this phone for this game.
    app.get_by_role("link", name="Scorekeeper", exact=True).click()
    expect(app.locator(f"[data-waiting-for='{draft.pk}']")).to_have_text("6 entries not yet sent")
    app.locator(f"[data-draft-link='{draft.pk}']").click()
    expect(app.locator("[data-net]")).to_contain_text("Offline: 6 entries waiting")

    context.set_offline(False)
    expect(app.locator("[data-queue]")).to_be_hidden()
    expect(app.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "10")
    expect(app.locator("[data-prompt]")).to_have_text("Every card is played")
    rows = DraftEntry.objects.filter(draft=draft).order_by("number")
    assert [(e.kind, e.card) for e in rows][4:] == [("play", card) for card in DEAL]
    assert rows.count() == 10
    state = engine.run(services.setup_of(draft), services.entries_of(draft))
    assert state.report["deals"][0]["taken"] == [0, 2, 0]  # Boris won both tricks
