"""Every main page passes axe-core's WCAG 2 A and AA rules in Chromium, in each language.

axe-core (vendored under tests/browser/axe/) checks labels, names, contrast,
heading and landmark structure, ARIA use and language attributes; a serious
or critical violation fails the test with the rule and the elements named.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.management import call_command

from games.models import Dispute, Game, Player
from tournaments.models import Table, Tournament

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(__file__).with_name("axe") / "axe.min.js"
PASSWORD = "trickbook-demo"  # the demo data's known password


def violations(page) -> list[str]:
    # Evaluated by the browser's debugging channel, which the site's Content-Security-Policy does
    # not govern: a <script> tag added to the page would be refused as inline.
    page.evaluate("() => {\n" + AXE.read_text() + "\n}")
    result = page.evaluate(
        "async () => (await axe.run(document, {runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa']}}))"
        ".violations.filter(v => ['serious', 'critical'].includes(v.impact))"
        ".map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '))"
    )
    return list(result)


def scorekeeper_draft() -> int:
    """A free game kept live by olga, in the play with a possible renege on the trick (the
    warning and its remedies shown)."""
    from accounts.models import User
    from games.models import Club
    from scorekeeper import services

    olga = User.objects.get(username="olga")
    draft = services.draft_start(
        club=Club.objects.get(slug="kozyr"),
        user=olga,
        players=["Вера", "Глеб", "Тарас", "Ольга"],
        ruleset={"preset": "classic", "schedule": [2, 2, 1]},
        first_dealer=0,
    )
    taps = [("trump", {"card": "2C"})] + [("bid", {"value": v}) for v in (1, 0, 0, 0)]
    taps += [("play", {"card": "AH"}), ("play", {"card": "3S"})]
    for number, (kind, fields) in enumerate(taps):
        services.entry_add(draft=draft, user=olga, entry_id=f"a11y-{number}", kind=kind, **fields)
    return draft.pk


@pytest.fixture
def demo(live_server, page):
    call_command("load_demo", verbosity=0)
    dispute = Dispute.objects.get()
    running = Tournament.objects.get(name="Зимний кубок")
    return {
        "finished": Tournament.objects.get(name="Осенний кубок").pk,
        "running": running.pk,
        "game": dispute.game_id,
        "deal": dispute.deal,
        "dispute": dispute.pk,
        "player": Player.objects.get(display_name="Вера").pk,
        "table": Table.objects.filter(round__tournament=running, game__isnull=True).order_by("pk")[0].pk,
        "bridge": Table.objects.filter(round__tournament__name="Бридж по пятницам")
        .order_by("number")[0]
        .game_id,
        "preferans": Game.objects.get(game_type="preferans").pk,
        "durak": Game.objects.filter(game_type="durak").order_by("pk")[0].pk,
        "durak_tournament": Tournament.objects.get(game_type="durak").pk,
        "draft": scorekeeper_draft(),
        "duplicate": Tournament.objects.get(name="Парный турнир по средам").pk,
        "duplicate_table": Table.objects.filter(round__tournament__name="Парный турнир по средам")
        .order_by("round__number", "number")[0]
        .pk,
        "individual": Tournament.objects.get(name="Индивидуальный турнир").pk,
        "individual_table": Table.objects.filter(round__tournament__name="Индивидуальный турнир")
        .order_by("round__number", "number")[0]
        .pk,
    }


PAGES = [
    "/",
    "/clubs/kozyr/",
    "/tournaments/{finished}/",
    "/tournaments/{running}/standings/",
    "/tournaments/{finished}/cross-table/",
    "/tournaments/{finished}/audit/",
    "/tournaments/{finished}/rounds/1/sheets/",
    "/games/{game}/",
    "/games/{game}/deals/{deal}/",
    "/games/{game}/audit/",
    "/disputes/{dispute}/",
    "/disputes/",
    "/clubs/kozyr/players/{player}/",
    "/clubs/kozyr/upload/",
    "/clubs/kozyr/tournaments/new/",
    "/tournaments/{running}/manage/",
    "/tournaments/{running}/rounds/2/manage/",
    "/tournaments/{running}/tables/{table}/sheet/",
    "/accounts/password/change/",
    "/games/{bridge}/",
    "/games/{bridge}/deals/1/",
    "/games/{preferans}/",
    "/games/{preferans}/deals/1/",
    "/games/{durak}/",
    "/games/{durak}/deals/1/",
    "/tournaments/{durak_tournament}/rounds/1/sheets/",
    "/clubs/kozyr/scorekeeper/",
    "/tournaments/{running}/tables/{table}/scorekeeper/",
    "/scorekeeper/{draft}/",
    "/scorekeeper/{draft}/live/",
    "/games/{game}/analysis/",
    "/games/{bridge}/analysis/",
    "/games/{durak}/analysis/",
    "/tournaments/{finished}/analytics/",
    "/clubs/kozyr/analytics/",
    "/tournaments/{duplicate}/duplicate/",
    "/tournaments/{duplicate}/duplicate/hand-record/",
    "/tournaments/{duplicate}/duplicate/pairs/1/",
    "/tournaments/{duplicate}/duplicate/movement/",
    "/tournaments/{duplicate}/duplicate/setup/",
    "/tournaments/{duplicate}/tables/{duplicate_table}/traveller/",
    "/clubs/kozyr/duplicate/import/",
    "/tournaments/{individual}/duplicate/individual/",
    "/tournaments/{individual}/duplicate/individual/players/1/",
    "/tournaments/{individual}/duplicate/individual/movement/",
    "/tournaments/{individual}/duplicate/individual/setup/",
    "/tournaments/{individual}/tables/{individual_table}/traveller/",
]


@pytest.mark.parametrize("language", ["en", "ru", "uk"])
def test_the_main_pages_have_no_serious_accessibility_violations(live_server, page, demo, language):
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto(f"{live_server.url}/accounts/login/")
    assert violations(page) == []
    page.fill("#id_username", "olga")
    page.fill("#id_password", PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")
    found = {}
    for path in PAGES:
        page.goto(live_server.url + path.format(**demo))
        assert page.locator("html").get_attribute("lang") == language
        problems = violations(page)
        if problems:
            found[path] = problems
    assert found == {}
