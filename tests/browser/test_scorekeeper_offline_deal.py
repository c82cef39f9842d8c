"""A whole deal entered with no connection at all (issue 20), in Chromium: the network is cut before
the page is opened, and the page moves through the deal's steps by itself -- the trump card, each
bid in turn, every card of every trick (or the tricks each player took), and the next deal's trump
card -- saying what is not yet sent. When the network returns the entries reach the server in order
and the page shows the server's sheet; an entry the server refuses is named with its reason, and the
page shows the server's state.

Three players, Anna deals first; the schedule is 2, 1 and 1 cards (the last deal without trumps)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Draft, DraftEntry
from tests.browser.test_scorekeeper import PHONE, Keeper, sign_in
from tests.browser.test_scorekeeper_install import OfflineKeeper

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Boris", "Vera"]
RULESET = {"preset": "classic", "schedule": [2, 1, 1]}


def start(people, **options) -> Draft:
    return services.draft_start(
        club=people.club, user=people.scorer, players=PLAYERS, ruleset=RULESET, first_dealer=0, **options
    )


def open_offline(page, live_server, people, draft):
    """Open the draft's page once online (the service worker keeps it), close it, cut the network,
    and open the page again: from the service worker, with no connection. Also the list of the
    errors its scripts raise (none, each test checks)."""
    sign_in(page, live_server, people.scorer)
    url = f"{live_server.url}/scorekeeper/{draft.pk}/"
    page.goto(url)
    expect(page.locator("#scorekeeper")).to_have_attribute("data-offline-ready", "")
    page.close()
    page.context.set_offline(True)
    app = page.context.new_page()
    errors: list[str] = []
    app.on("pageerror", lambda error: errors.append(str(error)))
    app.set_viewport_size(PHONE)
    assert app.goto(url).from_service_worker
    return app, errors


def rows(draft):
    return [
        (e.kind, e.seat, e.value, e.card or e.taken)
        for e in DraftEntry.objects.filter(draft=draft).order_by("number")
    ]


def test_a_whole_deal_and_the_next_trump_card_with_no_connection(live_server, page, people):
    draft = start(people)
    app, errors = open_offline(page, live_server, people, draft)
    prompt = app.locator("[data-prompt]")
    k = OfflineKeeper(app)

    expect(prompt).to_have_text("Turn up the trump card")
    k.card("2C")
    expect(prompt).to_have_text("Boris to bid")  # left of the dealer
    k.bid(0)
    expect(prompt).to_have_text("Vera to bid")
    k.bid(1)
    expect(prompt).to_have_text("Anna to bid")
    k.bid(0)
    expect(app.locator("[data-balance]")).to_contain_text("Under by 1")
    expect(prompt).to_have_text("Trick 1: Boris to play")
    expect(app.locator("[data-bid-form]")).to_be_hidden()

    k.card("AH")
    expect(prompt).to_have_text("Trick 1: Vera to play")
    expect(app.locator("[data-card='AH']")).to_be_disabled()  # out of the hands
    expect(app.locator("[data-card='2C']")).to_be_disabled()  # the trump card turned
    k.card("3C")  # Vera has no heart (not checked here: the server checks it): she trumps
    k.card("4H")
    expect(prompt).to_have_text("Trick 2: Vera to play")  # the trump took the trick
    expect(app.locator("[data-progress]")).to_contain_text("Vera 1/1")
    k.card("5D")
    expect(prompt).to_have_text("Trick 2: Anna to play")
    k.card("7D")
    expect(prompt).to_have_text("Trick 2: Boris to play")
    k.card("KD")
    expect(prompt).to_have_text("Every card is played")
    upcoming = app.locator("[data-upcoming]")
    expect(upcoming).to_contain_text("Next: deal 2 (2 of 3)")
    expect(upcoming).to_contain_text("Turn up the trump card")
    expect(app.locator("[data-progress]")).to_have_text("Anna 0/0Boris 1/0Vera 1/1")

    expect(app.locator("[data-card='AH']")).to_be_enabled()  # a new deal: every card again
    k.card("9S")
    expect(app.get_by_role("heading", name="Deal 2 (2 of 3)", exact=True)).to_be_visible()
    expect(app.locator("[data-dealer]")).to_have_text("Boris")
    expect(app.locator("[data-trump]")).to_have_text("9♠")
    expect(prompt).to_have_text("Vera to bid")
    expect(app.locator("[data-bid-value]")).to_have_text(["0", "1"])  # one card each

    expect(app.locator("[data-net]")).to_have_text(
        "Offline: 11 entries waiting; they are sent when the connection returns."
    )
    queued = app.locator("[data-queue] li")
    expect(queued).to_have_count(11)
    expect(queued.nth(0)).to_have_text("Trump card 2♣")
    expect(queued.nth(1)).to_have_text("Boris: Bid 0")
    expect(queued.nth(10)).to_have_text("Trump card 9♠")
    assert DraftEntry.objects.filter(draft=draft).count() == 0

    app.context.set_offline(False)
    expect(app.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "11")
    expect(app.locator("[data-queue]")).to_be_hidden()
    expect(app.locator("[data-net]")).to_be_hidden()
    assert rows(draft) == [
        ("trump", None, None, "2C"),
        ("bid", 1, 0, None),
        ("bid", 2, 1, None),
        ("bid", 0, 0, None),
        ("play", None, None, "AH"),
        ("play", None, None, "3C"),
        ("play", None, None, "4H"),
        ("play", None, None, "5D"),
        ("play", None, None, "7D"),
        ("play", None, None, "KD"),
        ("trump", None, None, "9S"),
    ]
    # The server's sheet: per player bid, taken, score and total. Anna makes her nil (10), Boris
    # takes the trick he did not bid (0), Vera makes one (10 + 1).
    expect(app.locator("#deal-1 td.num")).to_have_text(
        ["2", "0", "0", "10", "10", "0", "1", "0", "0", "1", "1", "11", "11"]
    )
    expect(app.locator("#scorekeeper-panel tfoot td.total")).to_have_text(["10", "0", "11"])
    expect(prompt).to_have_text("Vera to bid")
    assert errors == []


def test_an_entry_the_server_refuses_is_named_and_the_servers_state_shown(live_server, page, people):
    """Vera's ace of hearts was exposed (entered online); offline she is entered as playing a spade
    on a heart lead. The page takes it (follow suit is the server's to check); the server refuses
    it -- the exposed ace had to be played -- and the card after it is not sent either."""
    draft = start(people)
    services.entry_add(draft=draft, user=people.scorer, entry_id="t", kind="trump", card="2C")
    services.entry_add(draft=draft, user=people.scorer, entry_id="x", kind="expose", seat=2, card="AH")
    app, errors = open_offline(page, live_server, people, draft)
    expect(app.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "2")
    k = OfflineKeeper(app)
    k.bids(0, 1, 0)
    for card in ("KH", "3S", "4H"):
        k.card(card)
    expect(app.locator("[data-prompt]")).to_have_text("Trick 2: Boris to play")  # the page's guess

    app.context.set_offline(False)
    net = app.locator("[data-net]")
    expect(net).to_have_text(
        "Not saved: Card played 3♠ — An exposed card must be played at the first legal chance."
        " Not sent either, as they came after it (enter them again if they stand): Card played 4♥"
    )
    expect(app.locator("[data-queue]")).to_be_hidden()
    expect(app.locator("[data-error]")).to_have_text(
        "An exposed card must be played at the first legal chance."
    )
    # The server's state: three bids and the king led; Vera to play, her ace face up.
    expect(app.locator("#scorekeeper-panel")).to_have_attribute("data-entries", "6")
    expect(app.locator("[data-prompt]")).to_have_text("Trick 1: Vera to play")
    expect(app.locator("[data-trick-card]")).to_have_count(1)
    expect(app.locator("[data-exposed]")).to_contain_text("Vera A♥")
    expect(app.locator("[data-card='3S']")).to_be_enabled()
    assert rows(draft)[2:] == [
        ("bid", 1, 0, None),
        ("bid", 2, 1, None),
        ("bid", 0, 0, None),
        ("play", None, None, "KH"),
    ]

    k = Keeper(app)
    k.entries = 6
    k.card("AH")  # entered again, as it was played
    expect(net).to_be_hidden()
    expect(app.locator("[data-prompt]")).to_have_text("Trick 1: Anna to play")
    assert errors == []


def test_the_tricks_taken_and_the_next_trump_card_with_no_connection(live_server, page, people):
    draft = start(people, mode=Draft.Mode.TAKEN)
    app, errors = open_offline(page, live_server, people, draft)
    k = OfflineKeeper(app)
    k.card("2C")
    k.bids(0, 0)  # Vera's bid is a slip: undone, offline too
    expect(app.locator("[data-prompt]")).to_have_text("Anna to bid")
    undo = app.locator("[data-undo]")
    expect(undo).to_have_text("Undo: Vera: Bid 0")
    undo.click()
    k._sent()
    expect(app.locator("[data-prompt]")).to_have_text("Vera to bid")
    expect(undo).to_have_text("Undo: Boris: Bid 0")
    k.bids(1, 0)
    expect(app.get_by_role("heading", name="Tricks each player took")).to_be_visible()
    expect(app.locator("[data-taken-bid]")).to_have_text(["(bid 0)", "(bid 0)", "(bid 1)"])
    for seat, taken in enumerate((0, 1, 1)):
        app.locator(f"#sk-taken-{seat}").fill(str(taken))
    app.get_by_role("button", name="Record the deal").click()
    k._sent()
    expect(app.locator("[data-prompt]")).to_have_text("Turn up the trump card")
    expect(app.get_by_role("heading", name="Deal 2 (2 of 3)", exact=True)).to_be_visible()
    k.card("9S")
    expect(app.locator("[data-prompt]")).to_have_text("Vera to bid")
    expect(app.locator("[data-net]")).to_contain_text("Offline: 8 entries waiting")
    assert DraftEntry.objects.filter(draft=draft).count() == 0

    app.context.set_offline(False)
    expect(app.locator("#scorekeeper-panel")).to_have_attribute("data-revision", "8")  # the undo too
    assert rows(draft) == [
        ("trump", None, None, "2C"),
        ("bid", 1, 0, None),
        ("bid", 2, 0, None),
        ("undo", None, None, None),
        ("bid", 2, 1, None),
        ("bid", 0, 0, None),
        ("taken", None, None, [0, 1, 1]),
        ("trump", None, None, "9S"),
    ]
    expect(app.locator("#scorekeeper-panel tfoot td.total")).to_have_text(["10", "0", "11"])
    assert errors == []
