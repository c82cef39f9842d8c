"""Every page of the demo, read in Russian and in Ukrainian, is in that language.

The demo club (``make demo``) is crawled from its pages' own links, as an
anonymous visitor and as the organiser, and each page's visible text (and
the text a screen reader or a tooltip shows: ``title``, ``aria-label``,
``alt``, ``placeholder``) is checked for what a Russian or Ukrainian reader
must never meet:

- a sentence of the English catalogue left untranslated;
- English prose that is in no catalogue at all (the engine's or a service's
  own words): four Latin words in a row;
- a code the API and the URLs keep (``sochi``, ``bridge-rubber``,
  ``RENEGE_UNCORRECTED``);
- a card in letter notation (``4H``, ``QC``) rather than rank and suit symbol.

A text box's contents are not read: the arbiter's JSON editor holds the log in
its interchange notation (``"trump": "QH"``), which is the document, not prose.

The error pages (404, 403) are checked the same way.
"""

from __future__ import annotations

import re
from collections import deque
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlsplit

import polib
import pytest
from django.core.management import call_command

from accounts.models import User
from games import vocabulary
from rules import registry

pytestmark = pytest.mark.django_db

LOCALE = Path(__file__).resolve().parent.parent / "locale"

#: Pages a crawl does not open: other formats, the admin, the API's own pages, signing out.
SKIP = re.compile(
    r"^/(admin|api|static|media)/|/accounts/logout|\.(csv|pbn|json|zip|txt)$|/pbn/|/download|/export|/sw\.js"
)
#: Enough pages to reach every kind (club, tournaments, rounds, games, deals, profiles, disputes)…
MAX_PAGES = 160
#: … but only a few of each kind: /games/3/deals/7/ reads like /games/4/deals/2/.
PER_KIND = 2

CARD = re.compile(r"(?<![\w/])(?:10|[2-9TJQKA])[SHDC](?![\w])")
LATIN_RUN = re.compile(r"\b[A-Za-z][a-z']+(?:[ ,]+[A-Za-z][a-z']+){3,}\b")
PLACEHOLDER = re.compile(r"%\(\w+\)[sdf]|\{[^}]*\}|%[sd]")
#: Latin words a Russian page may show: the product's name, the names of formats and libraries.
ALLOWED_LATIN = re.compile(r"Trickbook|OpenSkill|Portable Bridge Notation|Chart\.js|htmx", re.IGNORECASE)


class PageText(HTMLParser):
    """The text a reader sees or hears on a page, and the page's links."""

    SHOWN_ATTRIBUTES = ("title", "aria-label", "alt", "placeholder")

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.links: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style", "template", "textarea"):
            self.hidden += 1
        values = dict(attrs)
        if tag == "a" and values.get("href"):
            self.links.append(str(values["href"]))
        for name in self.SHOWN_ATTRIBUTES:
            if values.get(name):
                self.parts.append(str(values[name]))
        if tag == "input" and values.get("type") in ("submit", "button") and values.get("value"):
            self.parts.append(str(values["value"]))

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template", "textarea") and self.hidden:
            self.hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self.hidden and data.strip():
            self.parts.append(data)

    @property
    def text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.parts))


def english_fragments(language: str) -> set[str]:
    """Runs of three or more English words from the catalogue's messages whose translation
    differs: if one is on a page in ``language``, a string was left untranslated there."""
    po = polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po"))
    out = set()
    for entry in po:
        translated = " ".join([entry.msgstr, *entry.msgstr_plural.values()])
        for msgid in (entry.msgid, entry.msgid_plural):
            for piece in PLACEHOLDER.split(msgid or ""):
                piece = re.sub(r"<[^>]+>", " ", piece)
                piece = re.sub(r"\s+", " ", piece).strip(" .,:;()«»—–-")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 3 and piece not in translated:
                    out.add(piece)
    return out


def known_codes() -> set[str]:
    """Codes that only the API and the URLs may show: game keys, presets, finding codes."""
    codes = set(vocabulary.all_codes())
    for game in registry.game_keys():
        codes |= set(registry.get(game).PRESETS)
        codes |= set(__import__(f"{registry.get(game).__name__}.codes", fromlist=["SEVERITY"]).SEVERITY)
    return codes


def problems(text: str, fragments: set[str], codes: set[str]) -> list[str]:
    found = [f"untranslated: {f!r}" for f in fragments if f in text]
    found += [
        f"English: {m.group(0)!r}" for m in LATIN_RUN.finditer(text) if not ALLOWED_LATIN.search(m.group(0))
    ]
    found += [f"code: {w!r}" for w in sorted(codes) if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    found += [f"card in letters: {m.group(0)!r}" for m in CARD.finditer(text)]
    return found


def crawl(client, start: list[str]) -> dict[str, list[str]]:
    """Open the pages reachable from ``start`` (HTML only, this site only); their problems by URL."""
    language = client.cookies["django_language"].value
    fragments, codes = english_fragments(language), known_codes()
    queue, seen, report = deque(start), set(start), {}
    kinds: dict[str, int] = {}
    while queue and len(seen) <= MAX_PAGES:
        url = queue.popleft()
        response = client.get(url)
        if response.status_code != 200 or not response["Content-Type"].startswith("text/html"):
            continue
        page = PageText()
        page.feed(response.content.decode())
        found = problems(page.text, fragments, codes)
        if found:
            report[url] = found
        for href in page.links:
            target = urlsplit(urljoin(url, href))
            if target.netloc or target.scheme not in ("", "http"):
                continue
            path = target.path + (f"?{target.query}" if target.query else "")
            kind = (
                re.sub(r"\d+", "N", target.path) + "?" + ",".join(sorted(re.findall(r"(\w+)=", target.query)))
            )
            if path not in seen and not SKIP.search(target.path) and kinds.get(kind, 0) < PER_KIND:
                kinds[kind] = kinds.get(kind, 0) + 1
                seen.add(path)
                queue.append(path)
    return report


def demo_pages() -> list[str]:
    """Where the crawl starts: the home page, the club, every tournament and a game of each kind
    (looked up: ids are not reset between tests on PostgreSQL)."""
    from games.models import Game
    from tournaments.models import Tournament

    pages = ["/", "/clubs/kozyr/"]
    pages += [f"/tournaments/{pk}/" for pk in Tournament.objects.order_by("pk").values_list("pk", flat=True)]
    for game_type in registry.game_keys():
        game = Game.objects.filter(game_type=game_type).order_by("pk").first()
        if game is not None:
            pages.append(f"/games/{game.pk}/")
    return pages


@pytest.fixture
def demo(db):
    call_command("load_demo", verbosity=0)


# Each language once, each reader once: a visitor reads Russian, the organiser (who sees every
# page a visitor does, and the members' and organisers' pages besides) Ukrainian. The catalogues'
# completeness in both languages is tests/test_i18n.py's and tests/games/test_finding_text.py's.
@pytest.mark.parametrize(
    ("language", "reader"), [("ru", "anonymous"), ("uk", "olga")], ids=["ru-visitor", "uk-organiser"]
)
def test_every_demo_page_is_in_the_readers_language(client, demo, language, reader):
    client.cookies["django_language"] = language
    if reader != "anonymous":
        client.force_login(User.objects.get(username=reader))
    report = crawl(client, demo_pages())
    assert report == {}, "\n".join(f"{url}: {found}" for url, found in report.items())


@pytest.mark.parametrize("language", ["ru", "uk"])
def test_the_error_pages_are_in_the_readers_language(client, demo, language):
    client.cookies["django_language"] = language
    fragments, codes = english_fragments(language), known_codes()
    missing = client.get("/no/such/page/")
    assert missing.status_code == 404
    page = PageText()
    page.feed(missing.content.decode())
    assert problems(page.text, fragments, codes) == []
    assert 'href="/accounts/login/?next=/no/such/page/"' in missing.content.decode()
    client.force_login(User.objects.get(username="vera"))  # a member, not the organiser
    from tournaments.models import Tournament

    finished = Tournament.objects.get(name="Осенний кубок")  # ids are not reset between tests on PostgreSQL
    refused = client.get(f"/tournaments/{finished.pk}/manage/")
    assert refused.status_code == 403
    page = PageText()
    page.feed(refused.content.decode())
    assert problems(page.text, fragments, codes) == []
