"""REST endpoints of the luck-and-skill analytics (games.analytics; docs/analytics.md).

Thin like the rest: find the object, check who may read it, call one
selector. A game's analysis is readable by whoever may read the game; a
player's and a club's figures read every game of the club, private ones
included, so only members and superusers see them (as the statistics).
The figures' shape is each game's own (rules/<game>/analytics.py), so the
schema describes them as objects keyed by game type, with the columns of
the per-deal rows listed alongside.
"""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import analytics, permissions
from games.api import club_for, game_for, require
from games.models import GameAnalysis, Player, SeatAnalysis


class ColumnSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="The key of the value in each row.")
    label = serializers.CharField(help_text="A short English label (the pages translate it).")  # type: ignore[assignment]


class SeatRowsSerializer(serializers.Serializer[Any]):
    seat = serializers.IntegerField(help_text="The seat, from 0, in the log's order.")
    player = serializers.IntegerField(help_text="The player's id.")
    player_name = serializers.CharField()
    rows = serializers.ListField(
        child=serializers.DictField(), help_text="One row per analysed deal, keyed as in `columns`."
    )


class GameAnalysisSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    game_type = serializers.CharField()
    status = serializers.ChoiceField(
        choices=["done", "nothing", "waiting"],
        help_text="done: analysed; nothing: the log holds nothing to analyse (e.g. no hands); "
        "waiting: the analysis has not been computed yet.",
    )
    version = serializers.CharField(allow_null=True, help_text="The analysis version of the game's rules.")
    partial = serializers.BooleanField(  # type: ignore[assignment]  # a field, not DRF's partial-update flag
        help_text="Whether the analysis covers only the game's first `deals_examined` of `deals_total` "
        'deals: a budget stopped it (docs/analytics.md, "Budgets"). False while waiting.'
    )
    stopped_by = serializers.ChoiceField(
        choices=["deals", "time", "inline"],
        allow_null=True,
        help_text="What stopped a partial analysis: deals, the deal cap; time, the time budget of one game; "
        "inline, the time an upload waited for it (finished later on the worker's budget). Null when whole.",
    )
    deals_total = serializers.IntegerField(allow_null=True, help_text="Deals in the game's report.")
    deals_examined = serializers.IntegerField(
        allow_null=True, help_text="The report's first deals the analysis went through."
    )
    columns = ColumnSerializer(many=True)
    seats = SeatRowsSerializer(many=True)


def columns_of(game_type: str) -> list[dict[str, str]]:
    return [{"key": key, "label": label} for key, label in analytics.columns(game_type)]


class GameAnalysisView(APIView):
    """A game's per-deal luck-and-skill rows, seat by seat (whoever may read the game)."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: GameAnalysisSerializer, 404: OpenApiResponse(description="No such game.")})
    def get(self, request: Request, pk: int) -> Response:
        game = game_for(request, pk)
        analysis = GameAnalysis.objects.filter(report_id=game.current_report_id).first()
        seats = (
            SeatAnalysis.objects.filter(analysis=analysis).select_related("player").order_by("seat")
            if analysis is not None
            else SeatAnalysis.objects.none()
        )
        return Response(
            GameAnalysisSerializer(
                {
                    "game": game.pk,
                    "game_type": game.game_type,
                    "status": analysis.status if analysis is not None else "waiting",
                    "version": analysis.version if analysis is not None else None,
                    "partial": analysis is not None and analysis.partial,
                    "stopped_by": (analysis.stopped_by or None) if analysis is not None else None,
                    "deals_total": analysis.deals_total if analysis is not None else None,
                    "deals_examined": analysis.deals_examined if analysis is not None else None,
                    "columns": columns_of(game.game_type),
                    "seats": [
                        {
                            "seat": s.seat,
                            "player": s.player_id,
                            "player_name": s.player.display_name,
                            "rows": s.rows,
                        }
                        for s in seats
                    ],
                }
            ).data
        )


REFUSED = {
    401: OpenApiResponse(description="Not signed in."),
    403: OpenApiResponse(description="Not a member of the club."),
}


class PlayerAnalyticsView(APIView):
    """A player's luck-and-skill summary per game type, overall and game by game (members of the club)."""

    @extend_schema(
        responses={
            200: OpenApiResponse(
                response=OpenApiTypes.OBJECT,
                description="Keyed by game type: {summary, games: [{game, played_at, summary, partial}]}; "
                "partial: the game's analysis covers its first deals only; the summary's fields are the game's "
                "(docs/analytics.md).",
            ),
            **REFUSED,
            404: OpenApiResponse(description="No such player."),
        }
    )
    def get(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
        require(
            permissions.can_read_club(request.user, player.club),
            request,
            "only the club's members see its players' figures",
        )
        figures = analytics.player_analytics(player)
        for per_type in figures.values():
            for point in per_type["games"]:
                point["played_at"] = point["played_at"].isoformat() if point["played_at"] else None
        return Response(figures)


class ClubAnalyticsView(APIView):
    """The club's bidding behaviour, the dealer's advantage and how bids summed, per game type (members)."""

    @extend_schema(
        responses={
            200: OpenApiResponse(
                response=OpenApiTypes.OBJECT,
                description="{games: {analysed, partial, nothing, waiting}, by_game_type: {<game type>: summary}}; "
                "partial: of the analysed and nothing ones, those a budget stopped short of their last deal.",
            ),
            **REFUSED,
            404: OpenApiResponse(description="No such club."),
        }
    )
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_read_club(request.user, club), request, "only the club's members")
        return Response(
            {
                "games": analytics.status_counts(club.games.all()),
                "by_game_type": analytics.club_analytics(club),
            }
        )
