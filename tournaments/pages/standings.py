"""Live standings and the cross-table of a tournament.

While a tournament runs, the standings fragment polls itself with htmx
(``hx-trigger="every 5s"``); the server answers 286 once the tournament is
no longer running, which tells htmx to stop. Each poll is two queries (the
tournament, its standing lines with players), whatever the field size.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.core.cache import caches
from django.db.models import Case, Count, F, OuterRef, Subquery, Value, When, Window
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import URLPattern, path
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from games import permissions
from games.models import GameSeat
from tournaments.models import Entry, Round, Standing, Tournament
from tournaments.pages import duplicate_standings
from tournaments.pages.paging import asked, pager, pages_for
from tournaments.standings import TableResult

# How the tie-break keys read on a page (the keys are the API's contract).
TIEBREAK_LABELS = {
    "head_to_head": _("head to head"),
    "contracts_made": _("contracts made"),
    "best_game": _("best game"),
    "table_wins": _("table wins"),
    "lots": _("lots"),
}

POLL_SECONDS = 5
#: The lines the tournament page shows (its standings poll keeps to them); the standings page has all.
LEADERS = 50
#: A rendered table is kept this long at most (a new compile changes its key anyway).
FRAGMENT_CACHE_S = 600
HTMX_STOP_POLLING = 286
#: The cross-table's rows (players) and columns (rounds) on one page.
CROSS_TABLE_PLAYERS = 50
CROSS_TABLE_ROUNDS = 10


def readable_tournament(request: HttpRequest, pk: int) -> Tournament:
    """The tournament if this user may read it: published, or a member of its club; else 404."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not (tournament.published or permissions.can_read_club(request.user, tournament.club)):
        raise Http404("No tournament here, or not one you may read.")
    return tournament


def standings_context(
    tournament: Tournament, *, member: bool = False, limit: int | None = None
) -> dict[str, Any]:
    """What the standings fragment shows: lines in rank order with shared places as "3–4".

    ``member``: the reader belongs to the club, so names link to the players' profiles.
    ``limit``: only the first lines (the tournament page's); whether more were left out is
    known from one more line read, not from a count.
    """
    rows = tournament.standings.select_related("player", "partner").order_by("rank", "player__display_name")
    if duplicate_standings.is_duplicate(tournament):
        return _duplicate_context(tournament, list(rows), member=member, limit=limit)
    if limit is not None:
        rows = rows[: 2 * limit + 2]  # a partnership's line is two rows
    lines = []
    shown: set[int] = set()
    for line in rows:
        if line.player_id in shown:
            continue  # the partner's row of a partnership already shown
        members = [(line.player.display_name, line.player_id)]
        if line.partner is not None:
            members.append((line.partner.display_name, line.partner.pk))
            shown.add(line.partner.pk)
        lines.append(
            {
                "place": line.place,
                "members": [{"name": name, "id": pk} for name, pk in members],
                "points": line.points,
                "games": line.games,
                "provisional": line.provisional,
                "tiebreaks": [line.tiebreaks.get(name) for name in tournament.tiebreaks],
            }
        )
    # Before the first result every line is 0 and the order would be the lot's: no ranking yet.
    if not any(line["games"] for line in lines):
        lines = []
    more = limit is not None and len(lines) > limit
    return {
        "tournament": tournament,
        "progress": progress_of(tournament),
        # Results under an open dispute or an unconfirmed sheet (games.settlement): the compile
        # counts them per line; the table says how many there are in all.
        "provisional_results": tournament.provisional_results,
        "standings": lines[:limit] if more else lines,
        "limit": limit,
        "more": more,
        "tiebreak_labels": [TIEBREAK_LABELS.get(name, name) for name in tournament.tiebreaks],
        "live": tournament.status == Tournament.Status.RUNNING,
        "member": member,
        "poll_seconds": POLL_SECONDS,
    }


def _duplicate_context(
    tournament: Tournament, rows: list[Standing], *, member: bool, limit: int | None
) -> dict[str, Any]:
    """A duplicate event's standings: by field, with its own columns and no tie-breaks
    (tournaments.pages.duplicate_standings)."""
    lines, more = duplicate_standings.lines(rows, limit)
    if not any(line["games"] for line in lines):
        lines, more = [], False
    return {
        "tournament": tournament,
        "progress": progress_of(tournament),
        "provisional_results": tournament.provisional_results,
        "standings": lines,
        "limit": limit,
        "more": more,
        "tiebreak_labels": [],
        "live": tournament.status == Tournament.Status.RUNNING,
        "member": member,
        "poll_seconds": POLL_SECONDS,
        **duplicate_standings.columns(tournament),
    }


def progress_of(tournament: Tournament) -> dict[str, Any] | None:
    """How far the standings go: the latest round, of how many planned (None when the organiser
    has not said), and how many of its tables have a recorded game (one query); None before the
    first round is seated."""
    rounds = list(
        Round.objects.filter(tournament=tournament)
        .order_by("number")
        .annotate(tables_count=Count("tables"), recorded=Count("tables__game"))
        .values_list("number", "tables_count", "recorded")
    )
    if not rounds:
        return None
    number, tables, recorded = rounds[-1]
    planned = tournament.rounds_planned
    # "of M" only when the organiser said how many rounds are planned (and never fewer than played).
    of = max(planned, number) if planned else None
    return {"round": number, "rounds": of, "tables": tables, "recorded": recorded}


def fragment_key(tournament: Tournament, *, member: bool, limit: int | None = None) -> str:
    """What the standings table depends on: the compile it shows, the status (live or not), the
    tie-breaks, the rounds planned, who reads it (members get profile links), the language and
    how many lines."""
    compiled = tournament.standings_compiled_at.isoformat() if tournament.standings_compiled_at else "-"
    parts = [str(tournament.pk), compiled, tournament.status, ",".join(tournament.tiebreaks)]
    parts.append(str(tournament.rounds_planned or "-"))  # the progress line's "of M"
    parts += ["m" if member else "p", get_language() or "", str(limit or "all")]
    return "standings:html:" + hashlib.sha256("|".join(parts).encode()).hexdigest()[:32]


def standings_html(
    request: HttpRequest, tournament: Tournament, *, member: bool, limit: int | None = None
) -> tuple[str, str]:
    """The rendered standings table and its key, from the cache until the next compile.

    A running tournament's page is polled by every player's phone every few seconds; the
    table only changes when the standings are compiled, so it is rendered once per compile
    (and language) and each poll costs one query for the tournament and a cache read.
    ``limit``: the first lines only (the tournament page's LEADERS)."""
    key = fragment_key(tournament, member=member, limit=limit)
    html = caches["pages"].get(key)  # the tolerant cache: a miss while Redis is away
    if html is None:
        html = render_to_string(
            "tournaments/_standings.html",
            standings_context(tournament, member=member, limit=limit),
            request=request,
        )
        caches["pages"].set(key, html, timeout=FRAGMENT_CACHE_S)
    return html, key


def standings_page(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = readable_tournament(request, pk)
    member = permissions.can_read_club(request.user, tournament.club)
    html, _key = standings_html(request, tournament, member=member)
    context = {
        "tournament": tournament,
        "standings_table": mark_safe(html),  # noqa: S308 - our own template's output
        "tiebreak_labels": [TIEBREAK_LABELS.get(name, name) for name in tournament.tiebreaks],
        "ranked_by": duplicate_standings.scoring_label(tournament)
        if duplicate_standings.is_duplicate(tournament)
        else "",
        "live": tournament.status == Tournament.Status.RUNNING,
        "poll_seconds": POLL_SECONDS,
    }
    return render(request, "tournaments/standings.html", context)


def standings_fragment(request: HttpRequest, pk: int) -> HttpResponse:
    """The standings table alone, for htmx polling; 286 stops the polling once the tournament
    stops. The ETag is the table's key: a poll that brings it back is answered 304.
    ``?top=LEADERS`` polls the tournament page's shorter table (no other length is kept)."""
    tournament = readable_tournament(request, pk)
    member = permissions.can_read_club(request.user, tournament.club)
    limit = LEADERS if request.GET.get("top") == str(LEADERS) else None
    html, key = standings_html(request, tournament, member=member, limit=limit)
    etag = f'"{key.rsplit(":", 1)[-1]}"'
    live = tournament.status == Tournament.Status.RUNNING
    response: HttpResponse
    if live and request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        response = HttpResponse(html)
        if not live:
            response.status_code = HTMX_STOP_POLLING
    response["ETag"] = etag
    response["Cache-Control"] = "private, no-cache"  # always ask; 304 while nothing changed
    return response


def cross_table_players(tournament: Tournament, page: int) -> tuple[list[tuple[int, str]], int]:
    """A page of the entrants in standings order (then, not yet ranked, by name): (id, name) each,
    and how many entrants there are, in one query (the count is a window over the same rows)."""
    rank = Standing.objects.filter(tournament=tournament, player=OuterRef("player_id")).values("rank")[:1]
    entries = (
        Entry.objects.filter(tournament=tournament)
        .annotate(rank=Subquery(rank), entrants=Window(Count("pk")))
        .order_by(
            F("rank").asc(nulls_last=True),
            Case(When(rank__isnull=True, then=F("player__display_name")), default=Value("")),
            "player_id",
        )
        .values_list("player_id", "player__display_name", "entrants")
    )
    first = (page - 1) * CROSS_TABLE_PLAYERS
    rows = list(entries[first : first + CROSS_TABLE_PLAYERS])
    if not rows:
        return [], Entry.objects.filter(tournament=tournament).count()
    return [(player, name) for player, name, _ in rows], rows[0][2]


def cross_table_cells(players: list[int], rounds: list[int]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    """Per (player, round number) of the page, each of the player's finished tables in those
    ``rounds`` (their ids: confirmed rounds of one tournament): its number, the player's total and
    place at it, and who else sat there with their totals.

    One query: the seats of the games at which a player of the page sat in those rounds (so
    the opponents come too, whether on the page or not), found from the page's players and the
    window's rounds, never by scanning the tournament's tables. Places as the standings count
    them (tournaments.standings.TableResult.places: a tie shares "2–3")."""
    mine = (
        GameSeat.objects.filter(player_id__in=players, game__table__round_id__in=rounds)
        .order_by()  # the model's ordering would join and sort the games for nothing
        .values("game_id")
    )
    seats = (
        GameSeat.objects.filter(game_id__in=Subquery(mine))
        .order_by()
        .values_list(
            "game_id",
            "game__table__number",
            "game__table__round__number",
            "seat",
            "player_id",
            "player__display_name",
            "total",
            "game__provisional",
        )
    )
    tables: dict[int, tuple[int, int, dict[int, tuple[int, str, float]]]] = {}
    provisional: set[tuple[int, int]] = set()
    for game, table, round_number, seat, player, name, total, marked in seats:
        tables.setdefault(game, (table, round_number, {}))[2][seat] = (player, name, float(total or 0))
        if marked:
            provisional.add((round_number, table))
    wanted = set(players)
    cells: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for table, round_number, by_seat in sorted(tables.values(), key=lambda t: (t[1], t[0])):
        sitting = [by_seat[s] for s in sorted(by_seat)]
        result = TableResult(
            table=table,
            round=round_number,
            players=tuple(p for p, _, _ in sitting),
            totals=tuple(t for _, _, t in sitting),
            contracts_made=(),
        )
        for (player, _name, score), (first, last) in zip(sitting, result.places(), strict=True):
            if player not in wanted:
                continue
            cells.setdefault((player, round_number), []).append(
                {
                    "table": table,
                    "total": score,
                    "provisional": (round_number, table) in provisional,
                    "place": str(first) if first == last else f"{first}–{last}",
                    "opponents": [
                        {"player_id": other, "player": other_name, "total": other_total}
                        for other, other_name, other_total in sitting
                        if other != player
                    ],
                }
            )
    return cells


def cross_table_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Who met whom: a row per player, a column per round, each cell the table, place and total.

    CROSS_TABLE_PLAYERS rows (``?page=``) by CROSS_TABLE_ROUNDS rounds (``?rounds=``) at a time,
    so the page costs the same for 40 players as for 1,000 (it was 17.9 MB at 20,000 games):
    four queries (the tournament, the confirmed rounds' numbers, a page of players, their
    seats in those rounds).

    A duplicate event has no cross-table (a table's total is not a result: each board is
    compared across the field); its results page is the one to read, and the page goes there."""
    tournament = readable_tournament(request, pk)
    if duplicate_standings.is_duplicate(tournament):
        return redirect(duplicate_standings.results_url(tournament))
    confirmed = list(
        tournament.rounds.filter(status=Round.Status.CONFIRMED).order_by("number").values_list("pk", "number")
    )
    windows = [confirmed[i : i + CROSS_TABLE_ROUNDS] for i in range(0, len(confirmed), CROSS_TABLE_ROUNDS)]
    window = asked(request, "rounds", len(windows) or 1)
    shown = windows[window - 1] if windows else []
    rounds = [number for _, number in shown]
    page = asked(request, "page", None)
    players, entrants = cross_table_players(tournament, page)
    last_page = pages_for(entrants, CROSS_TABLE_PLAYERS)
    if page > last_page:  # past the end: the last page instead
        page = last_page
        players, entrants = cross_table_players(tournament, page)
    cells = cross_table_cells([p for p, _ in players], [pk for pk, _ in shown]) if shown else {}
    first = (page - 1) * CROSS_TABLE_PLAYERS
    return render(
        request,
        "tournaments/cross_table.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "rows": [
                {"player": name, "cells": [cells.get((player, n), []) for n in rounds]}
                for player, name in players
            ],
            "player_first": first + 1,
            "player_last": first + len(players),
            "entrants": entrants,
            "player_links": pager(request, "page", page, last_page, keep={"rounds": window}),
            "round_links": pager(
                request,
                "rounds",
                window,
                len(windows),
                text=lambda n: f"{windows[n - 1][0][1]}–{windows[n - 1][-1][1]}",
                keep={"page": page},
            ),
        },
    )


urlpatterns: list[URLPattern] = [
    path("tournaments/<int:pk>/standings/", standings_page, name="tournament-standings"),
    path("tournaments/<int:pk>/standings/live/", standings_fragment, name="tournament-standings-live"),
    path("tournaments/<int:pk>/cross-table/", cross_table_page, name="tournament-cross-table"),
]
