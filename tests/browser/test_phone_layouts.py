"""The pages a Russian or Ukrainian club reads at the table, on a 390 px phone and a 1366 px laptop
(docs/pages.md, "Phone layouts").

Seven pages, each in both languages at both sizes: an Oh Hell game's score sheet and its widest deal,
the tournament's standings, the paper-sheet entry of a five-player table (filled in), a rubber-bridge
session (its We/They sheet and its list of deals), a preferans pulka and the scorekeeper's start form. On each, nothing is wider than the window: the page does not
scroll sideways and no element shown reaches past the window's right edge, unless it is inside a box
that scrolls sideways itself (``.table-scroll``, ``.sheet-scroll``).

The score sheets (the game's sheet, the paper-sheet entry) and the bridge and preferans lists of deals,
scrolled to their far right, still show the sticky deal column and the header (the players' names,
the deal list's columns); the lists of deals, scrolled to their foot as well, keep their header rows
on top, one under the other, and the last deal's number beside its row; on a laptop the five players of the paper sheet fit
without scrolling; on a phone the Oh Hell sheet opens on the running totals and its toggle shows the
rest; the pulka's page puts the settlement before the players' sheets.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from games import services as game_services
from games.models import Game, Player
from rules.bridge.simulate import simulate as simulate_bridge
from rules.ohhell.simulate import simulate
from rules.preferans.simulate import simulate as simulate_pulka
from tests.tournaments.conftest import NAMES, table_log
from tournaments import services
from tournaments.models import Standing, Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE, LAPTOP = 390, 1366
HEIGHT = {PHONE: 844, LAPTOP: 900}
CASES = [
    pytest.param("ru", PHONE, id="ru-390"),
    pytest.param("uk", PHONE, id="uk-390"),
    pytest.param("ru", LAPTOP, id="ru-1366"),
    pytest.param("uk", LAPTOP, id="uk-1366"),
]
PHONE_CASES = [c for c in CASES if c.values[1] == PHONE]
LAPTOP_CASES = [c for c in CASES if c.values[1] == LAPTOP]
#: Ten entrants at tables of five: two five-player tables (tournaments.seating.table_sizes(10, 5)).
ENTRANTS = [*NAMES, "Ирина", "Ольга Петровна"]
BRIDGE_DEALS = 24
#: The Oh Hell sheet's toggle on a phone (docs/pages.md quotes the Russian).
TOGGLE = {"ru": "Показать заказы, взятки и очки", "uk": "Показати замовлення, хабарі та очки"}


# --- data: made per test (the browser tests' databases are emptied after each), only what the page needs


@dataclass
class FiveTables:
    tournament: Tournament
    recorded: Table  # table 1: its game recorded from a simulated log (by the five_tables fixture)
    open: Table  # table 2: nothing recorded, its paper sheet to be entered

    @staticmethod
    def names(table: Table) -> list[str]:
        return [s.player.display_name for s in table.seats.select_related("player").order_by("seat")]


@pytest.fixture
def five_seated(people) -> FiveTables:
    """Round 1 of an Oh Hell tournament of ten at two tables of five, confirmed; nothing recorded."""
    tournament = services.tournament_create(
        club=people.club, name="Кубок осени", user=people.organiser, preferred_table_size=5, seed=11
    )
    for name in ENTRANTS:
        player = Player.objects.create(club=people.club, display_name=name)
        services.entry_add(tournament=tournament, player=player)
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    recorded, open_ = Table.objects.filter(round=round_).order_by("number")
    assert [recorded.seats.count(), open_.seats.count()] == [5, 5]
    return FiveTables(tournament=tournament, recorded=recorded, open=open_)


@pytest.fixture
def five_tables(five_seated, people) -> FiveTables:
    """The same with table 1's game recorded: the tournament's first result."""
    table = five_seated.recorded
    services.table_game_upload(table=table, content=table_log(table, 5), user=people.scorer)
    table.refresh_from_db()
    assert table.game is not None
    assert Standing.objects.filter(tournament=five_seated.tournament, games=1).count() == 5  # ranked
    return five_seated


@pytest.fixture
def pulka(people) -> Game:
    """A simulated ten-deal Sochi pulka of three."""
    document = simulate_pulka(players=NAMES[:3], seed=7).document
    content = json.dumps(document, ensure_ascii=False).encode()
    return game_services.game_upload(club=people.club, content=content, user=people.scorer).game


@pytest.fixture
def bridge(people) -> Game:
    """A simulated rubber-bridge session of twenty-four deals: a list of deals taller than a screen."""
    document = simulate_bridge(players=NAMES[:4], seed=3, deals=BRIDGE_DEALS).document
    content = json.dumps(document, ensure_ascii=False).encode()
    return game_services.game_upload(club=people.club, content=content, user=people.scorer).game


@pytest.fixture
def roster(people) -> None:
    """The club's roster, offered as buttons on the scorekeeper's start form."""
    for name in ENTRANTS:
        Player.objects.create(club=people.club, display_name=name)


def game_document(game: Game) -> dict[str, Any]:
    return json.loads(bytes(game.current_revision.content))


# --- the browser --------------------------------------------------------------------------------


def open_page(page, live_server, user, language: str, width: int, path: str):
    """``path`` opened by ``user`` reading ``language`` in a window ``width`` px wide."""
    client = Client()
    client.force_login(user)
    page.context.add_cookies(
        [
            {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url},
            {"name": "django_language", "value": language, "url": live_server.url},
        ]
    )
    page.set_viewport_size({"width": width, "height": HEIGHT[width]})
    response = page.goto(live_server.url + path)
    assert response.status == 200
    assert page.evaluate("document.documentElement.lang") == language
    assert page.evaluate("window.innerWidth") == width


#: Writes a whole game into the paper sheet (bids, tricks taken, trump cards, the first dealer) and
#: lets the page's script compute it, as if typed; the totals it shows in the footer.
FILL_SHEET = """([firstDealer, deals]) => {
  const form = document.getElementById("sheet-form");
  const first = form.elements.first_dealer;
  first.value = String(firstDealer);
  first.dispatchEvent(new Event("change", {bubbles: true}));
  deals.forEach((deal, i) => {
    const trump = form.elements[`d${i + 1}_trump`];
    if (trump && deal.trump) trump.value = deal.trump;
    deal.bids.forEach((bid, seat) => {
      form.elements[`d${i + 1}_s${seat}_bid`].value = String(bid);
      form.elements[`d${i + 1}_s${seat}_taken`].value = String(deal.taken[seat]);
    });
  });
  form.dispatchEvent(new Event("input", {bubbles: true}));
  return [...form.querySelectorAll("tfoot [data-final]")].map(e => e.textContent);
}"""


def fill_paper_sheet(page, five: FiveTables) -> None:
    """The open table's sheet filled with a simulated game of its players, its totals checked."""
    document = simulate(players=five.names(five.open), seed=5, record="taken").document
    shown = page.evaluate(FILL_SHEET, [document["deals"][0]["dealer"], document["deals"]])
    assert shown == [str(t) for t in document["totals"]]


@dataclass
class Where:
    """A page of the test: its path, what is done on it once open, and the names its sheet's header
    shows (the players; for a list of deals, its columns' headings after the deal's)."""

    path: str
    names: list[str]
    prepare: Callable[[Any], None] = lambda page: None


def where(name: str, request: pytest.FixtureRequest) -> Where:
    """The page called ``name``; only the data it needs is made."""
    if name in ("pulka", "pulka-deals"):
        headings = ["Dealer", "Declarer", "Game", "Multiplier", "Tricks", "Written on the pulka"]
        return Where(f"/games/{request.getfixturevalue('pulka').pk}/", translated(headings))
    if name in ("bridge", "bridge-deals"):
        return Where(f"/games/{request.getfixturevalue('bridge').pk}/", translated(["We", "They"]))
    if name == "scorekeeper-start":
        request.getfixturevalue("roster")
        return Where(f"/clubs/{request.getfixturevalue('people').club.slug}/scorekeeper/", [])
    if name == "paper-sheet":
        five: FiveTables = request.getfixturevalue("five_seated")
        return Where(
            f"/tournaments/{five.tournament.pk}/tables/{five.open.pk}/sheet/",
            five.names(five.open),
            lambda page: fill_paper_sheet(page, five),
        )
    five = request.getfixturevalue("five_tables")
    game, tournament = five.recorded.game, five.tournament
    deals = game_document(game)["deals"]
    widest = max(range(len(deals)), key=lambda i: deals[i]["cards"]) + 1  # the most cards in the hands
    return Where(
        {
            "oh-hell-sheet": f"/games/{game.pk}/",
            "oh-hell-deal": f"/games/{game.pk}/deals/{widest}/",
            "standings": f"/tournaments/{tournament.pk}/standings/",
        }[name],
        five.names(five.recorded),
    )


def translated(messages: list[str]) -> list[str]:
    """``messages`` as the page reads them in the language of the test (set by ``visit``)."""
    return [translation.gettext(m) for m in messages]


def visit(page, live_server, people, request, name: str, language: str, width: int) -> Where:
    """Open the page ``name`` as the club's organiser (the fullest header) and prepare it."""
    with translation.override(language):
        target = where(name, request)
    open_page(page, live_server, people.organiser, language, width, target.path)
    target.prepare(page)
    return target


#: Every element shown whose right edge is past the window's, unless a box between it and the body
#: scrolls sideways (it is that box's to fit). Text only for screen readers (``.visually-hidden``) is
#: not shown; whether it widens the page is for the document's scrollWidth to say.
OVERFLOWING = """() => {
  const width = window.innerWidth;
  const scrolls = e => ["auto", "scroll"].includes(getComputedStyle(e).overflowX);
  const name = e => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "")
    + [...e.classList].map(c => "." + c).join("");
  const out = [];
  for (const e of document.body.querySelectorAll("*")) {
    if (e.closest(".visually-hidden")) continue;
    if (!e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const box = e.getBoundingClientRect();
    if (box.width === 0 || box.height === 0 || box.right <= width + 0.5) continue;
    let up = e.parentElement;
    while (up && up !== document.body && !scrolls(up)) up = up.parentElement;
    if (up && up !== document.body) continue;
    const path = [];
    for (let a = e; a && a !== document.body; a = a.parentElement) path.unshift(name(a));
    out.push(`${path.slice(-3).join(" > ")} ${JSON.stringify((e.innerText || "").trim().slice(0, 30))}: `
      + `right edge at ${Math.round(box.right)} px, ${Math.round(box.right - width)} px past the window`);
  }
  return {scrollWidth: document.documentElement.scrollWidth, overflowing: out};
}"""


def assert_fits(page, width: int) -> None:
    fit = page.evaluate(OVERFLOWING)
    assert fit["overflowing"] == []
    assert fit["scrollWidth"] <= width, f"the page is {fit['scrollWidth'] - width} px wider than the window"


#: A sheet's scroll box scrolled to its far right: the part of it in view (its client area), its sticky
#: corner and first deal's number, its header, and each players' name cell shown in the header with
#: the box of the name's text.
SCROLLED_RIGHT = """([selector, names]) => {
  const box = document.querySelector(selector);
  box.scrollLeft = box.scrollWidth;
  const edges = b => ({left: b.left, right: b.right, top: b.top, bottom: b.bottom});
  const r = box.getBoundingClientRect();
  const left = r.left + box.clientLeft, top = r.top + box.clientTop;
  const text = e => { const range = document.createRange(); range.selectNodeContents(e); return range; };
  const heads = [...box.querySelectorAll("thead th")]
    .filter(e => e.checkVisibility({checkVisibilityCSS: true}) && names.includes(e.innerText.trim()));
  return {
    scrollLeft: box.scrollLeft,
    farthest: box.scrollWidth - box.clientWidth,
    view: {left, top, right: left + box.clientWidth, bottom: top + box.clientHeight},
    corner: edges(box.querySelector("thead tr:first-child th:first-child").getBoundingClientRect()),
    deal: edges(box.querySelector("tbody tr[id^=deal-] > th[scope=row]").getBoundingClientRect()),
    header: edges(box.querySelector("thead").getBoundingClientRect()),
    players: heads.map(e => ({name: e.innerText.trim(), cell: edges(e.getBoundingClientRect()),
                              text: edges(text(e).getBoundingClientRect())})),
  };
}"""

SCROLL_BOX = {
    "oh-hell-sheet": ".sheet-scroll",
    "paper-sheet": "#sheet-form .table-scroll",
    "bridge-deals": ".bridge-deals .sheet-scroll",
    "pulka-deals": ".pulka-deals .sheet-scroll",
}


def outside(box: dict, view: dict) -> dict[str, float]:
    """How far ``box`` reaches past each edge of ``view``, in whole px (half a pixel is layout's)."""
    past = {
        "left": view["left"] - box["left"],
        "right": box["right"] - view["right"],
        "top": view["top"] - box["top"],
        "bottom": box["bottom"] - view["bottom"],
    }
    return {edge: round(px) for edge, px in past.items() if px > 0.5}


def assert_scrolled_right_keeps_the_deal_and_the_names_in_view(page, selector: str, names: list[str]) -> None:
    seen = page.evaluate(SCROLLED_RIGHT, [selector, names])
    view = seen["view"]
    assert seen["scrollLeft"] == seen["farthest"]  # at the far right
    assert outside(seen["corner"], view) == {}, "the header's sticky corner (Deal) is out of view"
    assert outside(seen["deal"], view) == {}, "the first deal's number is out of view"
    header = {**seen["header"], "left": view["left"], "right": view["right"]}
    assert outside(header, view) == {}, "the header is out of view"
    # The players' header: every name in its row, the far-right one wholly in view and not under the
    # sticky deal column.
    assert [p["name"] for p in seen["players"]] == names
    last = seen["players"][-1]
    beside = {**view, "left": seen["deal"]["right"]}
    past = {"cell": outside(last["cell"], view), "name": outside(last["text"], beside)}
    assert past == {"cell": {}, "name": {}}, (
        f"px of {last['name']}'s header cell past the sheet's visible box, and of the name's text past it"
        " or under the sticky deal column"
    )


# --- the tests ----------------------------------------------------------------------------------

PAGES = ["oh-hell-sheet", "oh-hell-deal", "standings", "paper-sheet", "bridge", "pulka", "scorekeeper-start"]
SHEETS = ["oh-hell-sheet", "paper-sheet", "bridge-deals", "pulka-deals"]
DEAL_LISTS = ["bridge-deals", "pulka-deals"]


@pytest.mark.parametrize("name", PAGES, ids=PAGES)
@pytest.mark.parametrize(("language", "width"), CASES)
def test_nothing_is_wider_than_the_window(live_server, page, people, request, name, language, width):
    visit(page, live_server, people, request, name, language, width)
    assert_fits(page, width)


@pytest.mark.parametrize("name", SHEETS, ids=SHEETS)
@pytest.mark.parametrize(("language", "width"), CASES)
def test_a_sheet_scrolled_to_its_far_right_keeps_the_deal_column_and_the_players_header_in_view(
    live_server, page, people, request, name, language, width
):
    target = visit(page, live_server, people, request, name, language, width)
    assert_scrolled_right_keeps_the_deal_and_the_names_in_view(page, SCROLL_BOX[name], target.names)


#: A list of deals scrolled to its foot and its far right: the part of it in view, its header rows
#: (each cell shown, and whether it spans rows), and the last deal's number.
SCROLLED_DOWN = """(selector) => {
  const box = document.querySelector(selector);
  box.scrollTop = box.scrollHeight;
  box.scrollLeft = box.scrollWidth;
  const edges = b => ({left: b.left, right: b.right, top: b.top, bottom: b.bottom});
  const r = box.getBoundingClientRect();
  const left = r.left + box.clientLeft, top = r.top + box.clientTop;
  const numbers = box.querySelectorAll("tbody tr[id^=deal-] > th[scope=row]");
  return {
    scrollTop: box.scrollTop,
    farthest: box.scrollHeight - box.clientHeight,
    view: {left, top, right: left + box.clientWidth, bottom: top + box.clientHeight},
    rows: [...box.querySelectorAll("thead tr")].map(row => [...row.cells]
      .filter(e => e.checkVisibility({checkVisibilityCSS: true}))
      .map(e => ({text: e.innerText.trim(), spans: e.rowSpan > 1, ...edges(e.getBoundingClientRect())}))),
    corner: edges(box.querySelector("thead tr:first-child th:first-child").getBoundingClientRect()),
    last: {text: numbers[numbers.length - 1].innerText.trim(),
           ...edges(numbers[numbers.length - 1].getBoundingClientRect())},
    deals: numbers.length,
  };
}"""


@pytest.mark.parametrize("name", DEAL_LISTS, ids=DEAL_LISTS)
@pytest.mark.parametrize(("language", "width"), CASES)
def test_a_list_of_deals_scrolled_to_its_foot_keeps_its_header_on_top_and_the_deal_column_in_view(
    live_server, page, people, request, name, language, width
):
    visit(page, live_server, people, request, name, language, width)
    seen = page.evaluate(SCROLLED_DOWN, SCROLL_BOX[name])
    view = seen["view"]
    assert seen["farthest"] > 0, "the list is not taller than its box: nothing to keep in view"
    assert seen["scrollTop"] == seen["farthest"]  # at the foot
    assert seen["last"]["text"] == str(seen["deals"])
    assert outside(seen["corner"], view) == {}, "the header's sticky corner (Deal) is out of view"
    # Every heading shown on top, within the box's height (beside or under the deal column sideways).
    for number, row in enumerate(seen["rows"], 1):
        tops = {c["text"]: outside({**c, "left": view["left"], "right": view["right"]}, view) for c in row}
        assert tops == {c["text"]: {} for c in row}, f"header row {number}: px of each cell out of view"
    # Each header row under the one above it, not over it: no heading hides another.
    for above, below in zip(seen["rows"], seen["rows"][1:], strict=False):
        foot = max(c["bottom"] for c in above if not c["spans"])
        covered = {c["text"]: round(foot - c["top"]) for c in below if c["top"] < foot - 0.5}
        assert covered == {}, f"px of each heading under the header row above it: {covered}"
    # The last deal's number: in view, beside its row, below the header.
    under = max(c["bottom"] for row in seen["rows"] for c in row)
    assert outside(seen["last"], {**view, "top": under}) == {}, (
        "the last deal's number is out of view or under the header"
    )


@pytest.mark.parametrize(("language", "width"), LAPTOP_CASES)
def test_on_a_laptop_the_five_player_paper_sheet_shows_every_player_without_scrolling(
    live_server, page, people, request, language, width
):
    target = visit(page, live_server, people, request, "paper-sheet", language, width)
    seen = page.evaluate(
        """() => {
      const box = document.querySelector("#sheet-form .table-scroll");
      const r = box.getBoundingClientRect();
      return {
        scrollLeft: box.scrollLeft,
        right: Math.min(r.left + box.clientLeft + box.clientWidth, window.innerWidth),
        players: [...box.querySelectorAll("thead th.player")].map(e => {
          const b = e.getBoundingClientRect();
          return {name: e.innerText.trim(), left: b.left, right: b.right};
        }),
      };
    }"""
    )
    assert seen["scrollLeft"] == 0
    assert [p["name"] for p in seen["players"]] == target.names
    hidden = {
        p["name"]: round(p["right"] - seen["right"])
        for p in seen["players"]
        if p["right"] > seen["right"] + 0.5
    }
    assert hidden == {}, f"px of each player's columns past the sheet's visible right edge: {hidden}"
    assert min(p["left"] for p in seen["players"]) >= 0


@pytest.mark.parametrize(("language", "width"), PHONE_CASES)
def test_the_pulka_page_puts_the_settlement_before_the_pulka(
    live_server, page, people, request, language, width
):
    visit(page, live_server, people, request, "pulka", language, width)
    order = page.evaluate(
        """() => {
      const settlement = document.querySelector("section.pulka-settlement");
      const pulka = document.querySelector("section.pulka");
      return {
        before: Boolean(settlement.compareDocumentPosition(pulka) & Node.DOCUMENT_POSITION_FOLLOWING),
        above: settlement.getBoundingClientRect().bottom <= pulka.getBoundingClientRect().top,
        sections: [...document.querySelectorAll("main section")].map(s => s.className),
      };
    }"""
    )
    assert order["sections"] == ["pulka-settlement", "pulka", "pulka-deals"]
    assert order["before"] is True
    assert order["above"] is True  # and it reads first on the screen too


@pytest.mark.parametrize(("language", "width"), PHONE_CASES)
def test_on_a_phone_the_oh_hell_sheet_opens_on_the_running_totals_and_the_toggle_shows_the_rest(
    live_server, page, people, request, language, width
):
    target = visit(page, live_server, people, request, "oh-hell-sheet", language, width)
    players, deals = (
        len(target.names),
        len(game_document(request.getfixturevalue("five_tables").recorded.game)["deals"]),
    )
    # Dealer and Balance, each player's name, bid, taken and score: in the header, on every deal and
    # in the footer (the Balance's blank, and each player's three blanks before the total).
    details = (2 + 4 * players) + deals * (2 + 3 * players) + (1 + players)

    def shown(selector: str) -> list[str]:
        return page.locator(selector).evaluate_all("es => es.map(e => getComputedStyle(e).display)")

    toggle = page.locator("label[for=sheet-detail]")
    assert toggle.inner_text() == TOGGLE[language]
    assert toggle.is_visible()
    assert shown(".game-sheet .detail") == ["none"] * details
    assert shown(".game-sheet td.total") == ["table-cell"] * (deals * players + players)
    assert page.locator(".game-sheet thead .phone-only").all_inner_texts() == target.names

    toggle.click()
    assert page.locator("#sheet-detail").is_checked()
    assert shown(".game-sheet .detail") == ["table-cell"] * details
    assert page.locator(".game-sheet thead th.detail[scope=colgroup]").all_inner_texts() == target.names
    assert shown(".game-sheet thead .phone-only") == ["none"] * players
    assert_fits(page, width)
    assert_scrolled_right_keeps_the_deal_and_the_names_in_view(
        page, SCROLL_BOX["oh-hell-sheet"], target.names
    )


@pytest.fixture
def seven_seated(people) -> Table:
    """Round 1 of an Oh Hell tournament of seven at one table of seven (the seed's largest)."""
    tournament = services.tournament_create(
        club=people.club, name="Кубок семерых", user=people.organiser, preferred_table_size=7, seed=5
    )
    for name in [*NAMES[:6], "Ольга Петровна"]:
        player = Player.objects.create(club=people.club, display_name=name)
        services.entry_add(tournament=tournament, player=player)
    round_ = services.round_generate(tournament=tournament)
    services.round_confirm(round_=round_)
    (table,) = Table.objects.filter(round=round_)
    assert table.seats.count() == 7
    return table


@pytest.mark.parametrize(("language", "width"), LAPTOP_CASES)
def test_on_a_laptop_the_seven_player_paper_sheet_shows_every_player_without_scrolling(
    live_server, page, people, seven_seated, language, width
):
    table = seven_seated
    open_page(
        page,
        live_server,
        people.organiser,
        language,
        width,
        f"/tournaments/{table.round.tournament_id}/tables/{table.pk}/sheet/",
    )
    seen = page.evaluate(
        """() => {
      const box = document.querySelector("#sheet-form .table-scroll");
      const r = box.getBoundingClientRect();
      return {
        right: Math.min(r.left + box.clientLeft + box.clientWidth, window.innerWidth),
        overflow: box.scrollWidth - box.clientWidth,
        players: [...box.querySelectorAll("thead th.player")].map(e => e.getBoundingClientRect().right),
      };
    }"""
    )
    assert len(seen["players"]) == 7
    assert seen["overflow"] <= 0, f"the sheet scrolls by {seen['overflow']} px"
    assert max(seen["players"]) <= seen["right"] + 0.5
