"""Pages of the games app: a game's score sheet, as the game's scorekeeper keeps it.

The page is one frame (templates/games/game.html: the game, its findings)
around the sheet of its game, templates/games/sheets/<game key>.html, fed
by that game's entry in :data:`SHEETS`, which takes what it needs from
the rules module (rules.registry): the page itself special-cases no game.

Oh Hell: "Составляется таблица счета, которая делится на двойные или одинарные
колонки по числу игроков … с промежуточным суммированием": a row per deal,
for each player bid / taken / score / running total, the over / under /
even announcement, annulled deals struck through with the reason, and the
scorekeeper's recorded score shown beside the recomputed one wherever they
differ. The findings follow, each linked to its deal.

Rubber bridge: the We/They sheet drawn as on paper (rules.bridge's
``paper_sheet``: above the line growing upward, below it downward, a line
under each game, each entry labelled with its deal's contract), the
vulnerability of each deal, the rubbers' totals and whists, then the deals
as a list linking each deal page.

Duplicate bridge (one table's round): the traveller, a line per board with its dealer and
vulnerability, the contract, declarer, opening lead and tricks, and the score to North–South or
to East–West (an adjusted board's percentages instead); each board links its deal page.

Preferans: the pulka as the paper sheet (rules.preferans's report ``pulka``): per
player the pool towards its target, the mountain and the whists written on each
opponent, each as its running entries (deal by deal, the running sum, as written on
paper), and the live bombs marked; then the settlement (роспись: the mountains, the
amnesty, the whists received and paid, the balance in whole whists, summing to zero)
and the deals as a list.

Durak: the ruleset in words (the variant, who throws in, the transfer, the readings, the
scoring), then a row per game of the log (each a "deal" of the log: dealt once, played to the
fool) with its dealer, trump card, first attacker, bouts, the order the players went out, the
fool or the draw, and what the table recorded beside what the replay gives; per player the
place, the points the game gave (rules.durak.report.game_points, by fools or by the ruleset's
``place_points``) and the running total (the registry's ``running_totals``). The findings name
the game and the bout, and link the exact event on the deal page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.cache import caches
from django.core.exceptions import ObjectDoesNotExist, PermissionDenied
from django.db.models import Count, Max, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.cache import get_conditional_response
from django.utils.http import http_date
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, pgettext
from django.views.decorators.http import require_POST

from games import permissions, settlement
from games.finding_text import sentence, with_text
from games.models import AuditReport, Dispute, Game, GameConfirmation
from games.templatetags.durak import durak_finding_place, durak_options, durak_scoring, durak_variant
from games.vocabulary import preset_name
from rules import registry
from rules.durak.report import game_points

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
RED_SUITS = {"H", "D"}


def card_label(card: str | None) -> dict[str, Any] | None:
    """A canonical card ("QH") as shown on a sheet: rank and suit symbol, and whether it is red."""
    if not card:
        return None
    rank, suit = card[:-1], card[-1]
    faces = {
        "T": "10",
        "J": pgettext("card rank", "J"),
        "Q": pgettext("card rank", "Q"),
        "K": pgettext("card rank", "K"),
        "A": pgettext("card rank", "A"),
    }
    return {"text": f"{faces.get(rank, rank)}{SUIT_SYMBOLS[suit]}", "red": suit in RED_SUITS}


def score_sheet(report: dict[str, Any], recorded: list[list[int] | None]) -> list[dict[str, Any]]:
    """Rows of the sheet: per deal the dealer, cards, trump, balance and each seat's cells."""
    reasons: dict[int, list[str]] = {}
    for finding in report["findings"]:
        if finding["code"] == "RENEGE_UNCORRECTED" and finding.get("deal"):
            reasons.setdefault(finding["deal"], []).append(sentence("oh-hell", finding, report["players"]))
    running = [0] * len(report["players"])
    rows = []
    for index, deal in enumerate(report["deals"]):
        written = recorded[index] if index < len(recorded) else None
        cells = []
        blind = deal.get("blind") or [False] * len(running)
        penalties = {p["seat"]: p for p in deal.get("penalties") or []}
        for seat, score in enumerate(deal["scores"]):
            running[seat] += score
            mismatch = written is not None and seat < len(written) and written[seat] != score
            penalty = penalties.get(seat)
            cells.append(
                {
                    "bid": deal["bids"][seat],
                    "blind": blind[seat],
                    "taken": deal["taken"][seat],
                    "score": score,
                    "recorded": written[seat] if mismatch and written is not None else None,
                    "total": running[seat],
                    # A penalty is drawn as what it is: counted (or confirmed) it is the score of
                    # an annulled deal, not struck through with it; waived, it says so.
                    "penalty": None if penalty is None else penalty["status"],
                    "penalty_points": None if penalty is None else penalty["points"],
                }
            )
        rows.append(
            {
                "deal": deal["deal"],
                "dealer": report["players"][deal["dealer"]],
                "dealer_seat": deal["dealer"],
                "cards": deal["cards"],
                "trump": card_label(deal["trump"]),
                "balance": deal["balance"],
                "annulled": deal["annulled"],
                "reasons": reasons.get(deal["deal"], []),
                "ruling": deal.get("arbiter") or {},
                "cells": cells,
            }
        )
    return rows


def ohhell_sheet(report: dict[str, Any], reading: registry.Reading) -> dict[str, Any]:
    """The seed's sheet: a row per deal, four columns per player, recorded scores beside."""
    recorded = [getattr(deal, "scores", None) for deal in reading.log.deals]
    recorded_totals = getattr(reading.log, "totals", None)
    return {
        "rows": score_sheet(report, [list(s) if s is not None else None for s in recorded]),
        "totals": [
            {
                "total": total,
                "recorded": None
                if recorded_totals is None or recorded_totals[i] == total
                else recorded_totals[i],
            }
            for i, total in enumerate(report["totals"])
        ],
        "columns": 5 + 4 * len(report["players"]),
    }


def bridge_sheet(report: dict[str, Any], reading: registry.Reading) -> dict[str, Any]:
    """The We/They sheet per rubber (We = North–South) and the list of deals."""
    document = reading.rules.to_document(reading.log)
    recorded = [deal.get("scores") for deal in document["deals"]]
    mismatched = {f["deal"] for f in report["findings"] if f["code"] == "SCORE_MISMATCH"}
    n, e, s, w = report["players"]
    deals = []
    for deal in report["deals"]:
        sums = {side: {"above": 0, "below": 0} for side in ("we", "they")}
        for entry in deal["scores"]:
            sums[entry["side"]][entry["line"]] += entry["points"]
        penalties = [{**p, "tricks": abs(p["points"])} for p in deal.get("penalties") or []]
        deals.append({**deal, "sums": sums, "mismatch": deal["deal"] in mismatched, "penalties": penalties})
    return {
        "we": [n, s],
        "they": [e, w],
        "rubbers": reading.rules.paper_sheet(report, recorded),
        "deals": deals,
    }


def duplicate_sheet(report: dict[str, Any], reading: registry.Reading) -> dict[str, Any]:
    """The traveller of the table: a line per board (its dealer and vulnerability, the contract,
    declarer, lead and tricks, the score to North–South or to East–West, the score the traveller
    wrote where it differs), the pairs and the totals."""
    n, e, s, w = report["players"]
    written = {i: b.get("score") for i, b in enumerate(reading.rules.to_document(reading.log)["boards"], 1)}
    mismatched = {f["deal"] for f in report["findings"] if f["code"] == "SCORE_MISMATCH"}
    boards = []
    for index, board in enumerate(report["boards"], start=1):
        score = board["ns_score"]
        boards.append(
            {
                **board,
                "deal": index,
                "ns": score if score is not None and score > 0 else None,
                "ew": -score if score is not None and score < 0 else None,
                "zero": score == 0,
                "written": written.get(index) if index in mismatched else None,
                "mismatch": index in mismatched,
            }
        )
    log = reading.log
    return {
        "ns_names": [n, s],
        "ew_names": [e, w],
        "pairs": getattr(log, "pairs", None),
        "where": {
            "section": getattr(log, "section", None),
            "round": getattr(log, "round", None),
            "table": getattr(log, "table", None),
        },
        "boards": boards,
    }


def _fraction(value: int | str) -> Fraction:
    """A settlement figure of the preferans report: a whole number or a ``"p/q"`` text."""
    return Fraction(value)


def _mixed(value: Fraction) -> str:
    """An exact figure as written in the settlement: ``139 1/3``, ``−194 2/3``, ``82``."""
    sign = "−" if value < 0 else ""
    whole, part = divmod(abs(value.numerator), value.denominator)
    if part == 0:
        return f"{sign}{whole}"
    return f"{sign}{whole} {part}/{value.denominator}" if whole else f"{sign}{part}/{value.denominator}"


def preferans_contract(contract: str | None) -> str:
    """``"6S"`` → ``6♠``, ``"7NT"`` → ``7 NT``, ``"misere"`` → misère; a pass-out → its words."""
    if contract is None:
        return gettext("pass-out")
    if contract == "misere":
        return pgettext("preferans contract", "misère")
    if contract.endswith("NT"):
        return f"{contract[:-2]} {pgettext('preferans strain', 'NT')}"
    return f"{contract[:-1]}{SUIT_SYMBOLS.get(contract[-1], contract[-1])}"


def preferans_bomb(rank: int) -> str:
    """A bomb as marked on the sheet: the 💣 symbol and its word (colour is never the signal)."""
    words = {
        1: pgettext("preferans bomb", "bomb"),
        2: pgettext("preferans bomb", "double bomb"),
        3: pgettext("preferans bomb", "ёлка (triple bomb)"),
    }
    return f"{'💣' * min(rank, 3)} {words.get(rank, words[3])}"


def preferans_sheet(report: dict[str, Any], reading: registry.Reading) -> dict[str, Any]:
    """The pulka per player (running pool, mountain, whists on each opponent, bombs), the
    settlement table with its zero-sum check row, and the deals."""
    players: list[str] = report["players"]
    n = len(players)
    runs: list[dict[str, Any]] = [
        {"pool": [], "mountain": [], "whists": {o: [] for o in range(n) if o != s}} for s in range(n)
    ]
    totals: list[dict[str, Any]] = [
        {"pool": 0, "mountain": 0, "whists": dict.fromkeys(range(n), 0)} for _ in range(n)
    ]
    deals = []
    for deal in report["deals"]:
        for entry in deal["entries"]:
            seat, kind, points = entry["seat"], entry["kind"], entry["points"]
            if kind == "whist":
                on = entry["on"]
                totals[seat]["whists"][on] += points
                runs[seat]["whists"][on].append(
                    {"deal": deal["deal"], "points": points, "total": totals[seat]["whists"][on]}
                )
            elif kind in ("pool", "mountain"):
                totals[seat][kind] += points
                runs[seat][kind].append({"deal": deal["deal"], "points": points, "total": totals[seat][kind]})
        deals.append(
            {
                **deal,
                "dealer_name": players[deal["dealer"]],
                "declarer_name": None if deal["declarer"] is None else players[deal["declarer"]],
                "contract_label": preferans_contract(deal["contract"]),
                "tricks_by_player": None
                if deal["tricks"] is None
                else [{"player": players[s], "tricks": t} for s, t in enumerate(deal["tricks"])],
                "entry_rows": [
                    {**e, "player": players[e["seat"]], "on_name": players[e["on"]] if "on" in e else None}
                    for e in deal["entries"]
                ],
                "bombs_drawn_rows": [
                    {"player": players[b["seat"]], "label": preferans_bomb(b["rank"])}
                    for b in deal["bombs_drawn"]
                ],
                "bombs_extinguished_rows": [
                    {"player": players[b["seat"]], "label": preferans_bomb(b["rank"])}
                    for b in deal["bombs_extinguished"]
                ],
            }
        )
    pulka = []
    for s, row in enumerate(report["pulka"]):
        pulka.append(
            {
                "seat": s,
                "player": row["player"],
                "pool": row["pool"],
                "pool_run": runs[s]["pool"],
                "pool_left": max(report["ruleset"]["pool"] - row["pool"], 0),
                "mountain": row["mountain"],
                "mountain_run": runs[s]["mountain"],
                "whists": [
                    {"on": players[o], "total": row["whists"][str(o)], "run": runs[s]["whists"][o]}
                    for o in range(n)
                    if o != s
                ],
                "bombs": [preferans_bomb(rank) for rank in row["bombs"]],
            }
        )
    st = report["settlement"]
    whists = [[_fraction(v) for v in line] for line in st["whists"]]
    balances = [_fraction(b) for b in st["balances"]]
    received = [sum(whists[s], Fraction(0)) for s in range(n)]
    paid = [sum((whists[o][s] for o in range(n)), Fraction(0)) for s in range(n)]
    settlement = [
        {
            "player": players[s],
            "mountain": st["mountains"][s],
            "after_amnesty": st["mountains"][s] - st["amnesty"],
            "received": _mixed(received[s]),
            "paid": _mixed(paid[s]),
            "exact": _mixed(balances[s]),
            "balance": st["whole_balances"][s],
        }
        for s in range(n)
    ]
    return {
        "players": players,
        "pool_target": report["ruleset"]["pool"],
        "closed": report["closed"],
        "pulka": pulka,
        "amnesty": st["amnesty"],
        "mountain_whists": report["ruleset"].get("mountain_whists", 10),
        "settlement": settlement,
        "settlement_sum": {
            "received": _mixed(sum(received, Fraction(0))),
            "paid": _mixed(sum(paid, Fraction(0))),
            "exact": _mixed(sum(balances, Fraction(0))),
            "balance": sum(st["whole_balances"]),
        },
        "deals": deals,
        "opponent_columns": n - 1,
    }


def durak_sheet(report: dict[str, Any], reading: registry.Reading) -> dict[str, Any]:
    """A row per game: dealer, trump, first attacker, bouts, the order out, the fool (or the
    draw) as replayed and as recorded; per player the place, the game's points and the running
    total; the findings labelled with their game and bout and anchored at their event."""
    players: list[str] = report["players"]
    n = len(players)
    ruleset = report["ruleset"]
    mismatched = {f["deal"] for f in report["findings"] if f["code"] == "FOOL_MISMATCH"}
    running = {number: totals for number, _annulled, totals in reading.rules.running_totals(report)}
    games = []
    for deal in report["deals"]:
        points = game_points(deal["places"], deal["fool"], ruleset.get("place_points"), n)
        totals = running[deal["deal"]]
        places = deal["places"] or [None] * n
        recorded = deal["recorded"]
        games.append(
            {
                "deal": deal["deal"],
                "dealer": players[deal["dealer"]],
                "trump": deal["trump"],
                "first_attacker": None if deal["first_attacker"] is None else players[deal["first_attacker"]],
                "bouts": deal["bouts"],
                "out": [", ".join(players[s] for s in group) for group in deal["out"]],
                "fool": None if deal["fool"] is None else players[deal["fool"]],
                "draw": deal["draw"],
                "lost_by_cards": deal["lost_by_cards"],
                "source": deal["source"],
                "recorded_fool": None if recorded["fool"] is None else players[recorded["fool"]],
                "recorded_draw": recorded["draw"],
                "mismatch": deal["deal"] in mismatched,
                "annulled": deal.get("annulled", False),
                "ruling": deal.get("arbiter") or {},
                "cells": [
                    {"place": places[s], "points": points[s], "total": totals[s], "fool": s == deal["fool"]}
                    for s in range(n)
                ],
            }
        )
    findings = []
    for f in report["findings"]:
        shaped = {
            **f,
            "deal_label": pgettext("durak", "deal %(n)s") % {"n": f["deal"]} if f["deal"] else None,
        }
        place = durak_finding_place(f)
        if f["deal"] and place["anchor"]:
            shaped.update(trick_label=place["where"], anchor=place["anchor"])
        findings.append(shaped)
    return {
        "variant": durak_variant(ruleset["preset"]),
        "options": durak_options(ruleset),
        "scoring": durak_scoring(ruleset),
        "games": games,
        "totals": [
            {"player": players[s], "total": report["totals"][s], "fools": report["fools"][s]}
            for s in range(n)
        ],
        "draws": report["draws"],
        "findings": findings,
    }


#: How each game's sheet is fed: its key → (report, reading) → the context of
#: templates/games/sheets/<key>.html.
SHEETS: dict[str, Callable[[dict[str, Any], registry.Reading], dict[str, Any]]] = {
    "oh-hell": ohhell_sheet,
    "bridge-rubber": bridge_sheet,
    "bridge-duplicate": duplicate_sheet,
    "preferans": preferans_sheet,
    "durak": durak_sheet,
}


#: A rendered sheet is kept this long at most (a correction or a re-audit changes its key anyway).
SHEET_CACHE_S = 600


def sheet_key(game: Game) -> str:
    """What the sheet and its findings depend on: the game's current revision and report (a
    correction or a re-audit makes new ones, so the key changes and a new sheet is rendered),
    the game's type and the language. Nothing of the reader: the same sheet for everyone."""
    report = game.current_report
    assert report is not None
    parts = [str(game.pk), game.game_type, str(game.current_revision_id), str(report.pk)]
    parts += [report.created_at.isoformat(), get_language() or ""]
    return "game:sheet:" + hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def sheet_context(game: Game, report: dict[str, Any], reading: registry.Reading) -> dict[str, Any]:
    """The context of templates/games/_sheet.html: the game's own sheet (SHEETS) and its findings,
    each said in the reader's language (``text``)."""
    sheet = SHEETS.get(game.game_type)
    context = {
        "game": game,
        "report": report,
        "pbn": hasattr(reading.rules, "export_pbn"),
        "deal_pages": hasattr(reading.rules, "walkthrough"),
        # The game's own sheet, or, for a game whose page is still to come, the
        # readable sheet its rules module prints (the replay command's text).
        "sheet_template": [f"games/sheets/{game.game_type}.html", "games/sheets/_text.html"],
        "sheet_text": reading.rules.format_sheet(report) if sheet is None else "",
        # A sheet may shape the findings (durak: labelled by game and bout, anchored at the event).
        "findings": report["findings"],
        **(sheet(report, reading) if sheet is not None else {}),
    }
    context["findings"] = with_text(game.game_type, context["findings"], report["players"])
    return context


def sheet_html(game: Game) -> str:
    """The score sheet and the findings, rendered once per report and language and then read from
    the cache: every spectator's request for a finished game asks for the same table.

    Rendered without the request, so no context processor (the user, the CSRF token) can put the
    reader into what everyone is given. Only a miss reads the report and the uploaded log."""
    key = sheet_key(game)
    html = caches["pages"].get(key)  # the tolerant cache: a miss while Redis is away
    if html is None:
        assert game.current_report is not None
        report, content = (
            AuditReport.objects.filter(pk=game.current_report.pk)
            .values_list("report", "revision__content")
            .get()
        )
        reading = registry.read(bytes(content))
        html = render_to_string("games/_sheet.html", sheet_context(game, report, reading))
        caches["pages"].set(key, html, timeout=SHEET_CACHE_S)
    return str(html)


def page_etag(request: HttpRequest, key: str, *state: object) -> str:
    """A weak ETag for a page made of a cached part (``key``), the page's own ``state`` and what
    base.html shows of the reader: who is signed in, the secret their forms' CSRF token is made
    from, the language and whether messages wait to be shown. A signed-in page's bytes differ each
    time (the token is masked afresh), so the tag is weak: the same page, not the same bytes."""
    user = request.user
    reader: list[object] = ["-"]
    if user.is_authenticated:
        reader = [user.pk, user.get_username(), getattr(user, "display_name", ""), user.is_staff]
        get_token(request)  # the secret base.html's forms will use: a new reader gets it now
        reader.append(request.META.get("CSRF_COOKIE", ""))
    waiting = len(messages.get_messages(request)) > 0
    parts = [key, *state, *reader, get_language() or "", waiting]
    return 'W/"' + hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()[:32] + '"'


def played_at_table(game: Game) -> dict[str, Any] | None:
    """Where a tournament's game was played (its tournament, round and table), for the page's
    links back; None for a club's free game. Read through the reverse relation tournaments
    defines (the page is the top layer: games' models know nothing of tournaments)."""
    try:
        table = game.table
    except ObjectDoesNotExist:
        return None
    return {"tournament": table.round.tournament, "round": table.round.number, "table": table.number}


def game_queryset() -> QuerySet[Game]:
    """The game as its page shows it, in one query: the club, the current revision and report
    without their large columns (the log, the report's JSON: only a new sheet needs them), the
    open disputes and when a dispute last opened or was decided."""
    disputes = Dispute.objects.filter(game=OuterRef("pk")).order_by().values("game")
    confirmed = GameConfirmation.objects.filter(game=OuterRef("pk")).order_by().values("game")
    return (
        # The tournament's table the game was played at, if any, for the links to where it was played.
        Game.objects.select_related("club", "current_revision", "current_report", "table__round__tournament")
        .defer("current_revision__content", "current_report__report")
        .order_by()  # one game by its key: the model's ordering would only add a sort
        .annotate(
            open_disputes=Coalesce(
                Subquery(disputes.filter(status=Dispute.Status.OPEN).annotate(n=Count("pk")).values("n")),
                0,
            ),
            first_open_dispute=Subquery(
                Dispute.objects.filter(game=OuterRef("pk"), status=Dispute.Status.OPEN)
                .order_by("created_at", "id")
                .values("pk")[:1]
            ),
            disputes_changed=Subquery(
                disputes.annotate(at=Max(Coalesce("decided_at", "created_at"))).values("at")
            ),
            confirmed_count=Coalesce(Subquery(confirmed.annotate(n=Count("pk")).values("n")), 0),
        )
    )


def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The game's page: its header (status, revision, open disputes) around the cached sheet.

    Answered 304 when the caller already has this page (``If-None-Match``; ``If-Modified-Since``
    for anonymous visitors, whose page is the same for all): a spectator's reload of a finished
    game costs one query."""
    game = get_object_or_404(game_queryset(), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    if game.current_report is None or game.current_revision is None:
        raise Http404("This game has no report yet.")
    key = sheet_key(game)
    where = played_at_table(game)
    open_disputes: int = game.open_disputes  # type: ignore[attr-defined]  # game_queryset's
    disputes_changed: datetime | None = game.disputes_changed  # type: ignore[attr-defined]
    confirmed_count: int = game.confirmed_count  # type: ignore[attr-defined]
    etag = page_etag(
        request,
        key,
        game.updated_at.isoformat(),
        game.status,
        game.provisional,
        game.confirm_until.isoformat() if game.confirm_until else "",
        confirmed_count,
        game.played_at.isoformat() if game.played_at else "",
        game.club.name,
        game.club.slug,
        where["tournament"].name if where else "",
        open_disputes,
        disputes_changed.isoformat() if disputes_changed else "",
        timezone.get_current_timezone_name(),
    )
    # The anonymous page is dated by what changes it: the game row (status, a new revision), its
    # report, a dispute opened or decided (the club's name is in the tag, not in the date). A
    # signed-in page also shows the reader, which no date tells, so it is compared by tag alone.
    last_modified = None
    if not request.user.is_authenticated:
        dates = [game.updated_at, game.current_report.created_at, disputes_changed]
        last_modified = max(d for d in dates if d is not None)
    # HTTP dates are in whole seconds, as If-Modified-Since comes back.
    seconds = int(last_modified.timestamp()) if last_modified else None
    unchanged = get_conditional_response(request, etag=etag, last_modified=seconds)
    if unchanged is not None:
        unchanged["ETag"] = etag
        return unchanged
    rules = registry.get(game.game_type)
    awaiting = bool(game.confirm_until) and timezone.now() < game.confirm_until  # type: ignore[operator]
    response = render(
        request,
        "games/game.html",
        {
            "game": game,
            "where": where,
            "sheet": mark_safe(sheet_html(game)),  # noqa: S308 - our own template's output
            "preset": preset_name(game.game_type, game.current_report.ruleset.get("preset", "")),
            "pbn": hasattr(rules, "export_pbn"),
            "deal_pages": hasattr(rules, "walkthrough"),
            "open_disputes": open_disputes,
            "first_open_dispute": game.first_open_dispute,  # type: ignore[attr-defined]
            # The table confirms its sheet (a tournament's option): who has, and may the reader.
            "confirmations": settlement.confirmations_of(game) if awaiting else None,
            "may_confirm": awaiting and settlement.may_confirm(request.user, game),
            "may_dispute": awaiting and permissions.can_dispute(request.user, game),
        },
    )
    response["ETag"] = etag
    if seconds is not None:
        response["Last-Modified"] = http_date(seconds)
    return response


@require_POST
def game_confirm(request: HttpRequest, pk: int) -> HttpResponse:
    """A player of the table confirms the game's sheet as recorded (games.settlement)."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("game-page", args=[pk]))
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    try:
        settlement.game_confirm(game=game, user=request.user)
    except settlement.NotYourGame:
        raise PermissionDenied("Only the players of this table confirm its sheet.") from None
    except settlement.ConfirmationClosed as closed:
        messages.error(request, gettext("The sheet cannot be confirmed now: %(why)s.") % {"why": closed})
    else:
        messages.success(request, gettext("Thank you: you confirmed the sheet."))
    return redirect("game-page", pk=game.pk)


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/", game_page, name="game-page"),
    path("games/<int:pk>/confirm/", game_confirm, name="game-confirm"),
]
