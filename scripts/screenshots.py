"""Screenshots of the main pages for docs/screenshots/ (``make screenshots``).

Loads the demo club into a throwaway SQLite database, serves it with
``runserver`` on a free loopback port, and photographs each page in Debian's
headless Chromium through Playwright, signed in as the demo organiser where
the page needs it, each page twice: on a phone (390×844, ``<name>-390.png``)
and on a laptop (1366×900, ``<name>.png``), in the reader's language of the
clubs it is for (Russian, some pages Ukrainian). Deterministic data (fixed
seeds); only dates move.
"""

from __future__ import annotations

import itertools
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "docs" / "screenshots"
CHROMIUM = os.environ.get("TRICKBOOK_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
PASSWORD = "trickbook-demo"  # noqa: S105 - the demo data's known password

#: file name, path (with {placeholders} filled from the demo), language, signed in as, full page
PAGES = [
    ("club", "/clubs/kozyr/", "ru", "olga", True),
    ("tournament", "/tournaments/{finished}/", "ru", None, True),
    ("standings", "/tournaments/{running}/standings/", "uk", None, False),
    ("score-sheet", "/games/{renege_game}/", "ru", None, True),
    ("deal-replay", "/games/{renege_game}/deals/{renege_deal}/#trick-{renege_trick}", "ru", None, True),
    ("player-profile", "/clubs/kozyr/players/{profile_player}/", "ru", "olga", True),
    ("audit", "/games/{renege_game}/audit/", "uk", "olga", True),
    ("dispute", "/disputes/{dispute}/", "ru", "olga", True),
    ("upload", "/clubs/kozyr/upload/", "ru", "petro", False),
    ("bridge-sheet", "/games/{bridge_game}/", "ru", None, True),
    ("bridge-standings", "/tournaments/{bridge}/standings/", "ru", None, False),
    ("bridge-deal", "/games/{bridge_game}/deals/2/#trick-5", "ru", None, True),
    ("pulka", "/games/{preferans_game}/", "ru", "olga", True),
    ("durak-sheet", "/games/{durak_game}/", "uk", "olga", True),
    ("score-sheet-entry", "/tournaments/{running}/tables/{open_table}/sheet/", "ru", "olga", True),
    ("scorekeeper-start", "/tournaments/{running}/tables/{open_table}/scorekeeper/", "ru", "petro", True),
    ("members", "/clubs/kozyr/members/", "ru", "olga", True),
    ("home-invitation", "/", "ru", "nina", True),
]
#: (suffix, viewport): a phone and a laptop.
SIZES = [("-390", {"width": 390, "height": 844}), ("", {"width": 1366, "height": 900})]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def demo_ids(env: dict[str, str]) -> dict[str, int]:
    """The ids the page paths need, read from the freshly loaded demo."""
    code = (
        "import json, django; django.setup()\n"
        "from games.models import Dispute, Finding, Game, Player\n"
        "from tournaments.models import Table, Tournament\n"
        "d = Dispute.objects.get()\n"
        "r = Finding.objects.filter(code='RENEGE_UNCORRECTED').order_by('pk').first()\n"
        "running = Tournament.objects.get(name='Зимний кубок')\n"
        "bridge = Tournament.objects.get(name='Бридж по пятницам')\n"
        "print(json.dumps({'finished': Tournament.objects.get(name='Осенний кубок').pk, 'running': running.pk,\n"
        " 'renege_game': r.game_id, 'renege_deal': r.deal, 'dispute': d.pk,\n"
        " 'renege_trick': r.trick,\n"
        " 'profile_player': Player.objects.get(display_name='Вера').pk,\n"
        " 'bridge': bridge.pk,\n"
        " 'bridge_game': bridge.rounds.get().tables.order_by('number')[0].game_id,\n"
        " 'preferans_game': Game.objects.filter(game_type='preferans').order_by('pk')[0].pk,\n"
        " 'durak_game': Game.objects.filter(game_type='durak').order_by('pk')[0].pk,\n"
        " 'open_table': Table.objects.filter(round__tournament=running, game__isnull=True).order_by('pk')[0].pk}))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        env = {
            **os.environ,
            "DJANGO_ENV": "development",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": f"sqlite:///{tmp}/screenshots.sqlite3",
            "REDIS_URL": "",
        }
        env.pop("REDIS_URL")
        manage = [sys.executable, "manage.py"]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True)
        subprocess.run([*manage, "load_demo", "-v", "0"], env=env, cwd=ROOT, check=True)
        ids = demo_ids(env)
        port = free_port()
        server = subprocess.Popen(
            [*manage, "runserver", "--noreload", f"127.0.0.1:{port}"],
            env=env,
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(100):
                try:
                    urllib.request.urlopen(f"{base}/healthz", timeout=1)
                    break
                except OSError:
                    time.sleep(0.1)
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=CHROMIUM,
                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
                )
                for (name, path, language, user, full), (suffix, viewport) in itertools.product(PAGES, SIZES):
                    context = browser.new_context(viewport=viewport, locale=language)
                    context.add_cookies([{"name": "django_language", "value": language, "url": base}])
                    page = context.new_page()
                    if user:
                        page.goto(f"{base}/accounts/login/")
                        page.fill("#id_username", user)
                        page.fill("#id_password", PASSWORD)
                        page.click("main button[type=submit]")
                        page.wait_for_load_state("networkidle")
                    page.goto(base + path.format(**ids))
                    page.wait_for_load_state("networkidle")
                    page.screenshot(path=str(OUT / f"{name}{suffix}.png"), full_page=full)
                    print(f"docs/screenshots/{name}{suffix}.png  {path.format(**ids)}  ({language})")
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
