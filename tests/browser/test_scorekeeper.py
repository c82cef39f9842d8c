"""The live scorekeeper on a phone (360 px, Chromium): a whole four-player game entered card by card,
with one renege corrected and one let stand, the finished log replayed to exactly the totals the
page showed; and a dropped connection mid-deal losing nothing."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from playwright.sync_api import expect

from games.models import Game, Player
from rules.ohhell import parse, replay
from scorekeeper.models import Draft, DraftEntry
from tournaments import services as tournament_services
from tournaments.models import Table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 360, "height": 740}


def sign_in(page, live_server, user) -> None:
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )


@pytest.fixture
def table(people):
    """Round 1 of an Oh Hell tournament of 2, 3 and 2 cards (the last deal without trumps), seated."""
    tournament = tournament_services.tournament_create(
        club=people.club,
        name="Вечер",
        user=people.organiser,
        ruleset={"preset": "classic", "schedule": [2, 3, 2]},
        seed=5,
    )
    for name in ("Анна", "Борис", "Вера", "Глеб"):
        tournament_services.entry_add(
            tournament=tournament, player=Player.objects.create(club=people.club, display_name=name)
        )
    round_ = tournament_services.round_generate(tournament=tournament)
    tournament_services.round_confirm(round_=round_)
    return Table.objects.get(round=round_)


class Keeper:
    """Taps on the scorekeeper's page, each waiting for the server's answer (the entries count)."""

    def __init__(self, page) -> None:
        self.page = page
        self.entries = 0

    def _sent(self, counted: bool = True) -> None:
        if counted:
            self.entries += 1
        expect(self.page.locator("#scorekeeper-panel")).to_have_attribute("data-entries", str(self.entries))
        expect(self.page.locator("[data-queue]")).to_be_hidden()

    def card(self, code: str) -> None:
        self.page.locator(f"[data-suit-tab='{code[-1]}']").click()
        self.page.locator(f"[data-card='{code}']").click()
        self._sent()

    def bid(self, value: int) -> None:
        self.page.locator(f"[data-bid-value='{value}']").click()
        self._sent()

    def bids(self, *values: int) -> None:
        for value in values:
            self.bid(value)

    def take_back(self, code: str) -> None:
        self.page.locator(f"[data-take-back='{code}']").click()
        self._sent()

    def let_stand(self, held: str) -> None:
        self.page.locator(f"[data-held='{held}']").click()
        self._sent()


def test_a_whole_game_card_by_card_on_a_phone(live_server, page, people, table):
    names = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    sign_in(page, live_server, people.scorer)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/tournaments/{table.round.tournament_id}/tables/{table.pk}/scorekeeper/")
    page.get_by_label("First dealer").select_option(label=names[0])
    page.get_by_role("button", name="Start").click()
    expect(page.get_by_role("heading", name="Turn up the trump card")).to_be_visible()
    step = page.locator("#step").bounding_box()
    assert step["x"] >= 0
    assert step["x"] + step["width"] <= PHONE["width"]
    assert page.locator("[data-card='AS']").bounding_box()["height"] >= 44  # a thumb's target
    k = Keeper(page)

    # Deal 1: two cards, names[0] deals, names[1] bids and leads first; a renege corrected.
    k.card("2C")
    expect(page.locator("[data-prompt]")).to_have_text(f"{names[1]} to bid")
    k.bids(1, 0, 0, 0)
    expect(page.locator("[data-balance]")).to_contain_text("Under by 1")
    k.card("AH")
    k.card("3S")  # names[2] does not follow hearts
    warning = page.locator("[data-warning='2']")
    expect(warning).to_contain_text(f"{names[2]} played 3♠ on a ♥ lead and may still hold ♥")
    k.take_back("3S")
    expect(page.locator("[data-exposed]")).to_contain_text("3♠")
    k.card("5H")
    k.card("4H")
    k.card("6H")
    k.card("KS")
    k.card("3S")  # the exposed card, played at the first chance
    k.card("7D")
    k.card("8S")
    expect(page.locator("[data-prompt]")).to_have_text("Every card is played")

    # Deal 2: three cards, names[1] deals; names[3] misses clubs and it is let stand: annulled.
    k.card("9D")
    k.bids(1, 0, 0, 1)
    k.card("QC")
    k.card("2H")
    expect(page.locator("[data-warning='3']")).to_be_visible()
    k.let_stand("4C")
    expect(page.locator("[data-warning='3']")).to_contain_text("stands")
    k.card("5C")
    k.card("6C")
    k.card("JS")  # the next trick is led: too late to correct
    expect(page.locator("[data-last-deal]")).to_contain_text(
        "Deal 2 is annulled; the same dealer deals again."
    )
    expect(page.locator("[data-dealer]")).to_have_text(names[1])
    expect(page.locator("[data-cards]")).to_have_text("3")

    # Deal 3: the redeal.
    k.card("TD")
    k.bids(1, 1, 0, 1)
    expect(page.locator("[data-balance]")).to_contain_text("Even")
    for code in ("AS", "2S", "3S", "4S", "KH", "AH", "2H", "3H", "AC", "2C", "3C", "4C"):
        k.card(code)

    # Deal 4: the last, without trumps: straight to the bids.
    k.bid(1)
    expect(page.locator("[data-trump]")).to_contain_text("no trump")
    k.bids(1, 0, 0)
    for code in ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "JH"):
        k.card(code)

    shown = page.locator("#scorekeeper-panel tfoot td.total").all_inner_texts()
    assert shown == ["20", "10", "31", "0"]
    page.get_by_role("button", name="Finish and record the game").click()
    expect(page.get_by_text("The game is recorded.")).to_be_visible()
    game = Game.objects.get(table=table)
    log = json.loads(bytes(game.current_revision.content))
    report = replay(parse(log))
    assert [str(t) for t in report.totals] == shown
    assert [d.annulled for d in report.deals] == [False, True, False, False]
    codes = [f.code for f in report.findings]
    assert codes.count("RENEGE_CORRECTED") == 1
    assert codes.count("RENEGE_UNCORRECTED") == 1
    assert "events" in log["deals"][0]
    assert "tricks" in log["deals"][2]
    assert DraftEntry.objects.filter(draft__table=table).count() == k.entries


def test_a_dropped_connection_mid_deal_loses_nothing(live_server, page, people, table):
    sign_in(page, live_server, people.scorer)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/tournaments/{table.round.tournament_id}/tables/{table.pk}/scorekeeper/")
    page.get_by_label("First dealer").select_option(index=1)
    page.get_by_role("button", name="Start").click()
    k = Keeper(page)
    k.card("2C")
    k.bids(1, 0, 0, 0)
    k.card("AH")
    draft = Draft.objects.get(table=table)

    page.context.set_offline(True)
    page.locator("[data-suit-tab='H']").click()
    page.locator("[data-card='5H']").click()
    page.locator("[data-card='4H']").click()
    expect(page.locator("[data-net]")).to_contain_text("Offline: 2 entries waiting")
    expect(page.locator("[data-card='5H']")).to_be_disabled()
    assert DraftEntry.objects.filter(draft=draft).count() == 6

    page.context.set_offline(False)
    k.entries += 2
    k._sent(counted=False)
    assert DraftEntry.objects.filter(draft=draft).count() == 8
    expect(page.locator("[data-trick]")).to_contain_text("4♥")
    # Another device (a fresh page) resumes where the scorekeeper was.
    other = page.context.new_page()
    other.goto(f"{live_server.url}/scorekeeper/{draft.pk}/")
    expect(other.locator("[data-trick-card]")).to_have_count(3)
    expect(other.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "8")


def test_the_live_view_updates_itself(live_server, page, people, table):
    from scorekeeper import services

    draft = services.draft_start_table(table=table, user=people.scorer, first_dealer=0)
    sign_in(page, live_server, people.member)
    page.goto(f"{live_server.url}/scorekeeper/{draft.pk}/live/")
    expect(page.locator("#sk-live")).to_have_attribute("data-entries", "0")
    services.entry_add(draft=draft, user=people.scorer, entry_id="a", kind="trump", card="2C")
    services.entry_add(draft=draft, user=people.scorer, entry_id="b", kind="bid", seat=1, value=1)
    expect(page.locator("#sk-live")).to_have_attribute("data-entries", "2", timeout=10_000)
    expect(page.locator("#sk-live [data-bids]")).to_contain_text("1")


def test_the_page_opens_with_no_connection_once_opened_and_sends_the_queue_later(
    live_server, page, people, table
):
    """The service worker keeps the page and its shell: offline, a reload still shows the sheet as
    the server last answered it and takes entries; back online, the queue reaches the server."""
    names = [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]
    sign_in(page, live_server, people.scorer)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/tournaments/{table.round.tournament_id}/tables/{table.pk}/scorekeeper/")
    page.get_by_label("First dealer").select_option(label=names[0])
    page.get_by_role("button", name="Start").click()
    expect(page.locator("#scorekeeper")).to_have_attribute("data-offline-ready", "")
    k = Keeper(page)
    k.card("2C")
    k.bids(1, 0)  # entered after the page was loaded: the kept page has none of them
    draft = Draft.objects.get(table=table)

    scopes = page.evaluate("async () => (await navigator.serviceWorker.getRegistrations()).map(r => r.scope)")
    assert scopes == [f"{live_server.url}/scorekeeper/"]  # the scorekeeper's pages, nothing else

    page.context.set_offline(True)
    assert page.reload().from_service_worker
    expect(page.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "3")
    expect(page.locator("#scorekeeper-panel table.score-sheet")).to_be_visible()
    expect(page.locator("[data-prompt]")).to_have_text(f"{names[3]} to bid")
    page.locator("[data-bid-value='0']").click()
    page.locator("[data-bid-value='0']").click()
    expect(page.locator("[data-net]")).to_contain_text("Offline: 2 entries waiting")
    assert DraftEntry.objects.filter(draft=draft).count() == 3
    assert page.reload().from_service_worker  # still offline: the queue is kept, shown again
    expect(page.locator("[data-net]")).to_contain_text("Offline: 2 entries waiting")
    expect(page.locator("[data-bids] li[data-seat='0'] [data-bid]")).to_have_text("0")

    page.context.set_offline(False)
    expect(page.locator("[data-queue]")).to_be_hidden()
    expect(page.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "5")
    assert [(e.kind, e.seat, e.value) for e in DraftEntry.objects.filter(draft=draft).order_by("number")] == [
        ("trump", None, None),
        ("bid", 1, 1),
        ("bid", 2, 0),
        ("bid", 3, 0),
        ("bid", 0, 0),
    ]
    expect(page.locator("[data-balance]")).to_contain_text("Under by 1")


def test_irregularities_are_recorded_on_the_phone_as_they_happen(live_server, page, people):
    """A card exposed in the bidding, a card played out of turn, and in tricks-taken mode a renege
    not corrected in time, each through its form; the sheet shows the annulled deal."""
    from scorekeeper import services

    draft = services.draft_start(
        club=people.club,
        user=people.scorer,
        players=["Anna", "Boris", "Vera", "Gleb"],
        ruleset={"preset": "classic", "schedule": [2, 2, 1]},
        first_dealer=0,
    )
    sign_in(page, live_server, people.scorer)
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/scorekeeper/{draft.pk}/")
    k = Keeper(page)
    k.card("2C")
    k.bid(1)
    page.get_by_text("Mark a card shown by accident", exact=True).click()
    page.locator("[data-irregular-seat]").select_option(label="Gleb")
    page.locator("[data-irregular-card]").select_option("AH")
    page.locator("[data-record-irregular]").click()
    k._sent()
    expect(page.locator("[data-recorded]")).to_contain_text("Gleb exposed A♥: it stays face up")
    k.bids(0, 0, 0)
    expect(page.locator("[data-exposed]")).to_contain_text("Gleb")
    k.card("KH")
    page.get_by_text("Mark a card shown by accident or played out of turn").click()
    page.locator("[data-irregular-kind='out_of_turn']").check()
    page.locator("[data-irregular-seat]").select_option(label="Anna")
    page.locator("[data-irregular-card]").select_option("3S")
    page.locator("[data-record-irregular]").click()
    k._sent()
    expect(page.locator("[data-recorded]")).to_contain_text("Anna played 3♠ out of turn: it stays face up")
    expect(page.locator("[data-prompt]")).to_have_text("Trick 1: Vera to play")
    for code in ("5H", "AH", "6H", "8D", "3S", "TD", "4S"):
        k.card(code)
    expect(page.locator("[data-prompt]")).to_have_text("Every card is played")

    k.card("9D")
    k.bids(1, 0, 0, 1)
    page.get_by_role("button", name="Enter the tricks taken instead").click()
    expect(page.get_by_role("heading", name="Tricks each player took")).to_be_visible()
    page.get_by_text("A renege not corrected in time?").click()
    page.locator("[data-reneged='3']").check()
    page.locator("[data-annul]").click()
    k._sent()
    expect(page.locator("[data-last-deal]")).to_contain_text(
        "Deal 2 is annulled; the same dealer deals again."
    )
    expect(page.locator("#deal-2.annulled")).to_be_visible()
    assert page.locator("#scorekeeper-panel tfoot td.total").all_inner_texts() == ["10", "11", "10", "-10"]
    assert [e.kind for e in DraftEntry.objects.filter(draft=draft).order_by("number")][-1] == "renege"


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_start_form_fits_a_360_px_phone_and_names_are_tapped_in(live_server, page, people, language):
    for name in ("Анна", "Борис", "Вера"):
        Player.objects.create(club=people.club, display_name=name)
    sign_in(page, live_server, people.scorer)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.set_viewport_size(PHONE)
    page.goto(f"{live_server.url}/clubs/{people.club.slug}/scorekeeper/")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    box = page.locator("textarea[name=names]")
    assert box.evaluate("e => e.getBoundingClientRect().right") <= PHONE["width"]
    page.locator('[data-roster-name="Вера"]').click()
    page.locator('[data-roster-name="Анна"]').click()
    page.locator('[data-roster-name="Вера"]').click()  # a name already in is not added twice
    assert box.input_value() == "Вера\nАнна\n"
    assert page.locator("select[name=ruleset] option[value=classic]").inner_text() in ("базовые", "базові")
