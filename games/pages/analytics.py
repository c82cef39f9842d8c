"""The luck-and-skill pages (issue 13): a game's analysis deal by deal, the club's figures, the player
profile's section, and CSV downloads of the per-deal numbers.

Everything is read from the stored analysis (games.analytics): no page
estimates anything. Who sees what follows the other pages: a game's
analysis whoever may read the game; a player's figures and the club's only
the club's members (they cover private games), 404 to anyone else.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.urls import URLPattern, path, reverse
from django.utils.translation import gettext

from games import analytics, permissions
from games.analytics_display import cell, column_label, explain, headline, luck_unit, percent, shown, signed
from games.csv_export import csv_response
from games.models import Club, Game, GameAnalysis, Player, SeatAnalysis
from games.pages.access import sign_in_first
from rules import registry

#: Row keys the CSV adds in front of each game's own columns.
CSV_LEAD = ("game", "played_at", "game_type", "player_id")


def csv_rows(seats: QuerySet[SeatAnalysis], game_type: str) -> Iterator[list[Any]]:
    """The header, then one line per stored row: the game, when, the player, then the game's columns."""
    columns = analytics.columns(game_type)
    yield [*CSV_LEAD, *(key for key, _ in columns)]
    for item, row in analytics.deal_rows(seats.filter(game__game_type=game_type)):
        yield [
            item.game_id,
            item.played_at.isoformat() if item.played_at else "",
            item.game_type,
            item.player_id,
            *(row.get(key) for key, _ in columns),
        ]


def game_type_from(request: HttpRequest, available: Iterable[str]) -> str:
    """``?game_type=`` (one the data has), else the first of the data's; 404 when there is none."""
    available = sorted(set(available))
    wanted = request.GET.get("game_type")
    if wanted:
        if wanted not in available:
            raise Http404("No analysed games of that type.")
        return wanted
    if not available:
        raise Http404("No analysed games yet.")
    return available[0]


def analysed_types(seats: QuerySet[SeatAnalysis]) -> list[str]:
    return sorted(set(seats.values_list("game__game_type", flat=True).distinct().order_by()))


# --- a game --------------------------------------------------------------------------------------


def game_analysis_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Each deal of the game: every seat's expected tricks against the bid and the tricks taken."""
    game = get_object_or_404(Game.objects.select_related("club"), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    analysis = GameAnalysis.objects.filter(report_id=game.current_report_id).first()
    seats = list(
        SeatAnalysis.objects.filter(analysis=analysis).select_related("player").order_by("seat")
        if analysis is not None
        else []
    )
    columns = [
        (key, column_label(game.game_type, key, label)) for key, label in analytics.columns(game.game_type)
    ]
    shown_columns = [(key, label) for key, label in columns if key not in ("seat", "player", "deal")]
    deals: dict[Any, list[dict[str, Any]]] = {}
    names = {s.seat: s.player.display_name for s in seats}
    for seat in seats:
        for row in seat.rows:
            deals.setdefault(row["deal"], []).append(row)
    deal_rows = [
        {
            "deal": deal,
            "seats": [
                {
                    "name": names.get(row["seat"], ""),
                    "cells": [cell(game.game_type, key, row.get(key)) for key, _ in shown_columns],
                }
                for row in sorted(rows, key=lambda r: r["seat"])
            ],
        }
        for deal, rows in sorted(deals.items(), key=lambda item: item[0])
    ]
    return render(
        request,
        "games/analysis.html",
        {
            "game": game,
            "analysis": analysis,
            "columns": shown_columns,
            "deals": deal_rows,
            "summaries": [
                {
                    "name": s.player.display_name,
                    "figures": headline(game.game_type, player_summary(game, s.rows)),
                }
                for s in seats
            ],
            "explain": explain(game.game_type),
            "member": permissions.can_read_club(request.user, game.club),
        },
    )


def player_summary(game: Game, rows: list[dict[str, Any]]) -> dict[str, Any]:
    summary: dict[str, Any] = registry.analytics(game.game_type).player_summary(rows)
    return summary


def game_analysis_csv(request: HttpRequest, pk: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    seats = SeatAnalysis.objects.filter(game=game)
    return csv_response(csv_rows(seats, game.game_type), f"game-{game.pk}-analysis.csv")


# --- a player (the profile's section) ---------------------------------------------------------------


def player_section(player: Player) -> list[dict[str, Any]]:
    """Per game type the player has analysed games of: the headline figures, and the two charts' data
    (bid error by hand size; luck, game by game). Two queries."""
    sections = []
    for game_type, figures in sorted(analytics.player_analytics(player).items()):
        summary = figures["summary"]
        section: dict[str, Any] = {
            "game_type": game_type,
            "figures": headline(game_type, summary),
            "explain": explain(game_type),
            "luck_unit": luck_unit(game_type),
            "csv": reverse("player-analytics-csv", args=[player.club.slug, player.pk])
            + f"?game_type={game_type}",
            "luck_over_time": [
                {
                    "game": point["game"],
                    "url": reverse("game-analysis", args=[point["game"]]),
                    "played_at": point["played_at"].date().isoformat() if point["played_at"] else "",
                    "luck": _round(point["summary"].get("luck")),
                    "deals": point["summary"].get("deals"),
                    "partial": point["partial"],
                }
                for point in figures["games"]
                if point["summary"].get("luck") is not None
            ],
            "bid_error_by_cards": [
                {
                    "cards": int(cards),
                    "contracts": errors["contracts"],
                    "mean_abs": _round(errors["mean_abs"]),
                    "mean_signed": _round(errors["mean_signed"]),
                }
                for cards, errors in sorted(
                    summary.get("bid_error_by_cards", {}).items(), key=lambda item: int(item[0])
                )
                if errors["contracts"]
            ],
        }
        sections.append(section)
    return sections


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 3)


def player_analytics_csv(request: HttpRequest, slug: str, player_pk: int) -> HttpResponse:
    if (anonymous := sign_in_first(request)) is not None:
        return anonymous
    player = get_object_or_404(Player.objects.select_related("club"), pk=player_pk, club__slug=slug)
    if not permissions.can_read_club(request.user, player.club):
        raise Http404("No player here, or not one you may see.")
    seats = SeatAnalysis.objects.filter(player=player)
    game_type = game_type_from(request, analysed_types(seats))
    return csv_response(csv_rows(seats, game_type), f"player-{player.pk}-{game_type}-analysis.csv")


# --- the club -----------------------------------------------------------------------------------------


def club_analytics_page(request: HttpRequest, slug: str) -> HttpResponse:
    """How the club bids by hand size, whether dealing pays, and how often bids sum over, under or even."""
    if (anonymous := sign_in_first(request)) is not None:
        return anonymous
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_read_club(request.user, club):
        raise Http404("No club here, or not one you may see.")
    figures = analytics.club_analytics(club)
    oh_hell = figures.get("oh-hell")
    return render(
        request,
        "games/club_analytics.html",
        {
            "club": club,
            "counts": analytics.status_counts(club.games.all()),
            "oh_hell": oh_hell_club(oh_hell) if oh_hell else None,
            "csv_types": analysed_types(SeatAnalysis.objects.filter(game__club=club)),
        },
    )


def oh_hell_club(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The club's Oh Hell figures as the page's tables show them."""
    dealer = summary["dealer"]
    return {
        "deals": summary["deals"],
        "by_cards": [
            {
                "cards": int(cards),
                "rows": figures["rows"],
                "mean_bid": shown(figures["mean_bid"]),
                "mean_expected": shown(figures["mean_expected"]),
                "bid_minus_expected": signed(figures["mean_bid_minus_expected"]),
                "made": percent(figures["made_rate"]),
            }
            for cards, figures in sorted(summary["by_cards"].items(), key=lambda item: int(item[0]))
        ],
        "dealer": {
            "dealer": percent(dealer["dealer"]["made_rate"]),
            "dealer_contracts": dealer["dealer"]["contracts"],
            "others": percent(dealer["others"]["made_rate"]),
            "others_contracts": dealer["others"]["contracts"],
            "advantage": "—"
            if dealer["advantage"] is None
            else signed(dealer["advantage"] * 100) + " " + gettext("points of percentage"),
        },
        "balance": [
            (
                gettext("Over"),
                summary["balance"]["over"]["deals"],
                percent(summary["balance"]["over"]["share"]),
            ),
            (
                gettext("Under"),
                summary["balance"]["under"]["deals"],
                percent(summary["balance"]["under"]["share"]),
            ),
            (
                gettext("Even"),
                summary["balance"]["even"]["deals"],
                percent(summary["balance"]["even"]["share"]),
            ),
        ],
    }


def club_analytics_csv(request: HttpRequest, slug: str) -> HttpResponse:
    if (anonymous := sign_in_first(request)) is not None:
        return anonymous
    club = get_object_or_404(Club, slug=slug)
    if not permissions.can_read_club(request.user, club):
        raise Http404("No club here, or not one you may see.")
    seats = SeatAnalysis.objects.filter(game__club=club)
    game_type = game_type_from(request, analysed_types(seats))
    return csv_response(csv_rows(seats, game_type), f"{club.slug}-{game_type}-analysis.csv")


urlpatterns: list[URLPattern] = [
    path("games/<int:pk>/analysis/", game_analysis_page, name="game-analysis"),
    path("games/<int:pk>/analysis.csv", game_analysis_csv, name="game-analysis-csv"),
    path("clubs/<slug:slug>/analytics/", club_analytics_page, name="club-analytics-page"),
    path("clubs/<slug:slug>/analytics.csv", club_analytics_csv, name="club-analytics-csv"),
    path(
        "clubs/<slug:slug>/players/<int:player_pk>/analytics.csv",
        player_analytics_csv,
        name="player-analytics-csv",
    ),
]
