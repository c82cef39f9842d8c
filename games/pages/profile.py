"""The player profile page: rating and its history, a game's score progression, contracts by hand size,
the statistics table and recent games.

Every figure comes from a selector that already exists: games.statistics
for the statistics (the rules of what counts live there), the game's
stored report for the running totals (through its rules module's running_totals, the same
sums the score sheet shows), and, for the rating and each game's
tournament, whatever registered with games.profile_sections (tournaments
does; games never imports it). Statistics read every game of the club,
private ones included, so only the club's members and superusers see a
profile; anyone else gets a 404, as for any unreadable page.

The charts are drawn by static/js/profile.js with the vendored Chart.js
from the JSON embedded in the page; every chart has a data table with the
same numbers, which is what shows without JavaScript.
"""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Prefetch
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.utils import formats
from django.utils.cache import patch_vary_headers
from django.utils.translation import gettext

from games import permissions, profile_sections, statistics
from games.models import AuditReport, Game, GameSeat, Player
from games.pages import analytics as analytics_pages
from games.pages.access import sign_in_first
from games.vocabulary import game_name
from rules import registry
from rules.strict import digits_value

RECENT_GAMES = 20  # the recent games table and the score progression's choice of games
PERCENT_DIGITS = 1


def percent(rate: float | None) -> float | None:
    """A rate of games.statistics (0.6667) as the page shows it (66.7)."""
    return None if rate is None else round(rate * 100, PERCENT_DIGITS)


#: Games whose table totals give no place at the table (duplicate: the boards are compared
#: with the other tables, tournaments.duplicate; the event's pages rank the pairs).
NO_TABLE_PLACE = frozenset({"bridge-duplicate"})


def places(totals: list[int]) -> list[str]:
    """Each seat's place at its table by total; a shared place reads "2–3"."""
    shown = []
    for total in totals:
        first = 1 + sum(1 for other in totals if other > total)
        last = sum(1 for other in totals if other >= total)
        shown.append(str(first) if first == last else f"{first}–{last}")
    return shown


def recent_games(player: Player) -> list[GameSeat]:
    """The player's newest games, each seat with its game and the game's seats and players (two queries)."""
    return list(
        GameSeat.objects.filter(player=player)
        .select_related("game")
        .prefetch_related(Prefetch("game__seats", queryset=GameSeat.objects.select_related("player")))
        .order_by("-game__played_at", "-game_id")[:RECENT_GAMES]
    )


def game_rows(
    seats: list[GameSeat], context: dict[int, profile_sections.GameContext]
) -> list[dict[str, Any]]:
    rows = []
    for seat in seats:
        game = seat.game
        totals = list(game.totals or [])
        rows.append(
            {
                "game": game,
                "url": reverse("game-page", args=[game.pk]),
                "context": context.get(game.pk),
                "players": [s.player.display_name for s in game.seats.all()],
                "score": totals[seat.seat] if seat.seat < len(totals) else None,
                # A duplicate table has no place: its result is against the field, not the table.
                "place": places(totals)[seat.seat]
                if seat.seat < len(totals) and game.game_type not in NO_TABLE_PLACE
                else None,
                "table_size": len(totals),
            }
        )
    return rows


def chosen_game(request: HttpRequest, player: Player, seats: list[GameSeat]) -> Game | None:
    """The game whose progression is drawn: ``?game=<id>`` (one the player sat in), else the latest."""
    wanted = request.GET.get("game")
    if not wanted:
        return seats[0].game if seats else None
    number = digits_value(wanted, 18)
    if number is None:
        raise Http404("No such game for this player.")
    for seat in seats:
        if seat.game_id == number:
            return seat.game
    # An older game than the recent ones (queries: the game, if the player sat in it; its seats).
    game = (
        Game.objects.filter(pk=int(wanted), seats__player=player)
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
        .first()
    )
    if game is None:
        raise Http404("No such game for this player.")
    return game


def progression(game: Game | None, player: Player) -> dict[str, Any] | None:
    """Running totals of every player at the table after each deal, from the game's current report."""
    if game is None or game.current_report_id is None:
        return None
    # Query: the stored report (only its JSON).
    report = AuditReport.objects.filter(pk=game.current_report_id).values_list("report", flat=True).first()
    if not report or not report.get("deals"):
        return None
    # Each game's rules say what the running totals are (Oh Hell: each seat's own; bridge: its side's).
    rows = [
        {"deal": deal, "annulled": annulled, "cells": [{"total": t} for t in totals]}
        for deal, annulled, totals in registry.get(game.game_type).running_totals(report)
    ]
    seat = next((s.seat for s in game.seats.all() if s.player_id == player.pk), None)
    names = report["players"]
    return {
        "game_id": game.pk,
        "played_at": game.played_at.date().isoformat() if game.played_at else None,
        "deals": [row["deal"] for row in rows],
        "annulled": [row["annulled"] for row in rows],
        "players": [
            {
                "name": name,
                "seat": index,
                "me": index == seat,
                "totals": [row["cells"][index]["total"] for row in rows],
            }
            for index, name in enumerate(names)
        ],
        "rows": [
            {"deal": row["deal"], "annulled": row["annulled"], "totals": [c["total"] for c in row["cells"]]}
            for row in rows
        ],
    }


def statistics_rows(figures: statistics.PlayerStatistics) -> list[dict[str, Any]]:
    """The statistics as labelled rows: (label, value, explanation), grouped under headings."""

    def rate(r: statistics.Rate) -> str:
        shown = percent(r["rate"])
        made = gettext("%(made)d of %(attempts)d") % {"made": r["made"], "attempts": r["attempts"]}
        return made if shown is None else f"{made} ({number(shown)} %)"

    def number(value: float | int | None) -> str:
        if value is None:
            return "—"
        return formats.number_format(int(value) if float(value).is_integer() else value)

    bid = figures["bid_minus_taken"]
    dealer, other = figures["dealer"]["as_dealer"], figures["dealer"]["not_dealer"]
    return [
        {
            "heading": gettext("Games and scores"),
            "rows": [
                (gettext("Games"), number(figures["games"]), ""),
                (
                    gettext("Table wins"),
                    number(figures["table_wins"]),
                    gettext("Highest total; a shared top counts"),
                ),
                (gettext("Deals"), number(figures["deals"]), gettext("Annulled deals included")),
                (
                    gettext("Total score"),
                    number(figures["score"]["total"]),
                    gettext("Renege penalties included"),
                ),
                (gettext("Average score per game"), number(figures["score"]["per_game"]), ""),
                (gettext("Average score per deal"), number(figures["score"]["per_deal"]), ""),
            ],
        },
        {
            "heading": gettext("Contracts"),
            "rows": [
                (gettext("Contracts made"), rate(figures["contracts"]), gettext("Taken equal to the bid")),
                (gettext("Zero bids made"), rate(figures["zero_bids"]), ""),
                (gettext("Blind bids made"), rate(figures["blind_bids"]), ""),
                (
                    gettext("Average of bid − taken"),
                    number(bid["mean"]),
                    gettext("Above 0: bids too high; below 0: bids too low"),
                ),
                (
                    gettext("Bid over the tricks taken"),
                    number(bid["overbid"]),
                    gettext("Took fewer than bid"),
                ),
                (gettext("Bid exactly"), number(bid["exact"]), ""),
                (
                    gettext("Bid under the tricks taken"),
                    number(bid["underbid"]),
                    gettext("Took more than bid"),
                ),
                (gettext("Reneges"), number(figures["reneges"]), gettext("Not corrected in time")),
            ],
        },
        {
            "heading": gettext("As dealer and not"),
            "rows": [
                (gettext("Deals as dealer"), number(dealer["deals"]), ""),
                (gettext("Score as dealer"), number(dealer["score"]), ""),
                (gettext("Average per deal as dealer"), number(dealer["per_deal"]), ""),
                (gettext("Contracts made as dealer"), rate(dealer["contracts"]), ""),
                (gettext("Deals not dealing"), number(other["deals"]), ""),
                (gettext("Score not dealing"), number(other["score"]), ""),
                (gettext("Average per deal not dealing"), number(other["per_deal"]), ""),
                (gettext("Contracts made not dealing"), rate(other["contracts"]), ""),
            ],
        },
    ]


def games_by_type(player: Player) -> dict[str, Any]:
    """How many games the player has sat in, in all and per game, as the club's roster counts
    them (every game, whatever it is; one query)."""
    counts = (
        GameSeat.objects.filter(player=player)
        .order_by()
        .values("game__game_type")
        .annotate(n=Count("game", distinct=True))
        .values_list("game__game_type", "n")
    )
    by_type = [{"game": game_name(key), "count": n} for key, n in sorted(counts)]
    return {"total": sum(row["count"] for row in by_type), "by_type": by_type}


def profile_page(request: HttpRequest, slug: str, player_pk: int) -> HttpResponse:
    if (anonymous := sign_in_first(request)) is not None:
        return anonymous
    # Query: the player with their club (the slug must be the player's club).
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_pk, club__slug=slug)
    # Query (none for a superuser or anonymous): the user's role in the club.
    if not permissions.can_read_club(request.user, player.club):
        raise Http404("No player here, or not one you may see.")
    seats = recent_games(player)  # queries: the seats with their games, then those games' seats
    game = chosen_game(request, player, seats)  # a query only for a game older than the recent ones
    chart = progression(game, player)  # query: the chosen game's report
    choices = [seat.game for seat in seats]
    if game is not None and game not in choices:
        choices.append(game)
    if request.headers.get("HX-Request") and request.headers.get("HX-Target") == "progression":
        response = render(
            request,
            "games/profile_progression.html",
            {"player": player, "progression": chart, "chosen": game},
        )
        patch_vary_headers(response, ["HX-Request", "HX-Target"])
        return response
    figures = statistics.player_statistics(player=player)  # five queries
    extras = profile_sections.extras_for(player=player, games=choices)  # tournaments: three queries
    by_cards = [row for row in figures["contracts_by_cards"] if row["attempts"]]
    history = [
        {**point, "url": reverse("game-page", args=[point["game_id"]])}
        for point in extras.get("rating_history", [])
    ]
    contracts = [
        {
            "cards": row["cards"],
            "attempts": row["attempts"],
            "made": row["made"],
            "percent": percent(row["rate"]),
        }
        for row in by_cards
    ]
    data = {
        "ratingHistory": extras.get("rating_history", []),
        # The chart's legend names each game as the reader does, never by its key.
        "gameNames": {str(point["game_type"]): game_name(str(point["game_type"])) for point in history},
        "contracts": contracts,
        "labels": {
            "rating": gettext("Rating (μ − 3σ)"),
            "skill": gettext("Skill (μ)"),
            "ratingAxis": gettext("Rating"),
            "date": gettext("Date"),
            "made": gettext("Contracts made, %"),
            "cards": gettext("Cards dealt"),
            "deal": gettext("Deal"),
            "total": gettext("Running total"),
            "thisPlayer": gettext("this player"),
        },
    }
    sections = analytics_pages.player_section(player)  # two queries
    analytics_data = {
        "sections": [
            {k: section[k] for k in ("game_type", "bid_error_by_cards", "luck_over_time")}
            for section in sections
        ],
        "labels": {
            "meanAbs": gettext("Bid error, mean size"),
            "meanSigned": gettext("Bid error, mean"),
            "cards": gettext("Cards dealt"),
            "tricks": gettext("Tricks"),
            "luck": gettext("Luck"),
            "date": gettext("Date"),
        },
    }
    response = render(
        request,
        "games/profile.html",
        {
            "player": player,
            "club": player.club,
            "ratings": extras.get("ratings", []),
            "rated": "ratings" in extras,
            "history": history,
            "contracts": contracts,
            "figures": figures,
            "played": games_by_type(player),
            "statistics": statistics_rows(figures),
            "games": game_rows(seats, extras.get("game_context", {})),
            "choices": choices,
            "chosen": game,
            "progression": chart,
            "data": data,
            "analytics": sections,
            "analytics_data": analytics_data,
        },
    )
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/players/<int:player_pk>/", profile_page, name="player-profile"),
]
