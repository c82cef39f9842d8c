"""REST endpoints of the statistics: a player's figures and a club's (docs/statistics.md).

Thin, like games.api: find the player or club, check the caller is one of
the club's members (games.permissions), call one selector of
games.statistics. Statistics read every game of the club, private ones
included, so only members and superusers see them: anonymous 401, anyone
else 403. The output serializers describe the figures for the schema.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import permissions, statistics
from games.api import club_for, require
from games.models import Player

# --- query -----------------------------------------------------------------------


class StatisticsQuerySerializer(serializers.Serializer[Any]):
    """The scope of the figures: games played in [played_after, played_before)."""

    played_after = serializers.DateTimeField(
        required=False, help_text="Only games played at or after this moment (ISO 8601)."
    )
    played_before = serializers.DateTimeField(
        required=False, help_text="Only games played before this moment (ISO 8601)."
    )


def played_between(request: Request) -> tuple[datetime | None, datetime | None]:
    """``played_after`` and ``played_before`` from the query string; a malformed one is a 400."""
    query = StatisticsQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    return query.validated_data.get("played_after"), query.validated_data.get("played_before")


# --- output (for the schema and as the response's shape) ------------------------------


class StatisticsRateSerializer(serializers.Serializer[Any]):
    attempts = serializers.IntegerField(help_text="Contracts that stood (bid, deal not annulled).")
    made = serializers.IntegerField(help_text="Of those, contracts made: taken equal to the bid.")
    rate = serializers.FloatField(allow_null=True, help_text="made / attempts; null without attempts.")


class StatisticsHandSizeSerializer(StatisticsRateSerializer):
    cards = serializers.IntegerField(help_text="Cards dealt to each player in the deal.")


class StatisticsScoreSerializer(serializers.Serializer[Any]):
    total = serializers.IntegerField(help_text="Every deal's points, renege penalties included.")
    per_game = serializers.FloatField(allow_null=True)
    per_deal = serializers.FloatField(allow_null=True)


class StatisticsDifferenceSerializer(serializers.Serializer[Any]):
    difference = serializers.IntegerField(help_text="bid − taken.")
    contracts = serializers.IntegerField()


class StatisticsBidMinusTakenSerializer(serializers.Serializer[Any]):
    mean = serializers.FloatField(
        allow_null=True, help_text="Mean of bid − taken: above 0 over-bids, below 0 under-bids."
    )
    overbid = serializers.IntegerField(help_text="Contracts that took fewer tricks than bid.")
    exact = serializers.IntegerField(help_text="Contracts made.")
    underbid = serializers.IntegerField(help_text="Contracts that took more tricks than bid.")
    distribution = StatisticsDifferenceSerializer(many=True)


class StatisticsDealerSideSerializer(serializers.Serializer[Any]):
    deals = serializers.IntegerField()
    score = serializers.IntegerField()
    per_deal = serializers.FloatField(allow_null=True)
    contracts = StatisticsRateSerializer()


class StatisticsDealingSerializer(serializers.Serializer[Any]):
    as_dealer = StatisticsDealerSideSerializer()
    not_dealer = StatisticsDealerSideSerializer()


class StatisticsFiguresSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField()
    deals = serializers.IntegerField(help_text="Deals played, annulled ones included.")
    score = StatisticsScoreSerializer()
    contracts = StatisticsRateSerializer()
    contracts_by_cards = StatisticsHandSizeSerializer(many=True)
    zero_bids = StatisticsRateSerializer()
    blind_bids = StatisticsRateSerializer()
    bid_minus_taken = StatisticsBidMinusTakenSerializer()
    reneges = serializers.IntegerField(help_text="Reneges not corrected in time (RENEGE_UNCORRECTED).")
    dealer = StatisticsDealingSerializer()


class StatisticsPlayerRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    display_name = serializers.CharField()
    club = serializers.CharField(help_text="The club's slug.")


class PlayerStatisticsSerializer(StatisticsFiguresSerializer):
    player = StatisticsPlayerRefSerializer()
    table_wins = serializers.IntegerField(help_text="Games with the highest total; a shared top counts.")


class StatisticsClubRefSerializer(serializers.Serializer[Any]):
    slug = serializers.CharField()
    name = serializers.CharField()


class StatisticsPlayedSerializer(serializers.Serializer[Any]):
    games = serializers.IntegerField()
    deals = serializers.IntegerField()
    players = serializers.IntegerField()


class StatisticsBalanceRowSerializer(serializers.Serializer[Any]):
    deals = serializers.IntegerField()
    over = serializers.IntegerField(help_text="Deals whose bids summed to more than the cards.")
    under = serializers.IntegerField(help_text="Deals whose bids summed to fewer than the cards.")
    even = serializers.IntegerField(help_text="Deals whose bids summed to the cards.")


class StatisticsBalanceBySizeSerializer(StatisticsBalanceRowSerializer):
    cards = serializers.IntegerField()


class StatisticsBalanceSerializer(StatisticsBalanceRowSerializer):
    by_cards = StatisticsBalanceBySizeSerializer(many=True)


class ClubStatisticsSerializer(StatisticsFiguresSerializer):
    club = StatisticsClubRefSerializer()
    played = StatisticsPlayedSerializer(help_text="Games, deals and players, each counted once.")
    balance = StatisticsBalanceSerializer()


# --- views ----------------------------------------------------------------------------

REFUSED = {
    400: OpenApiResponse(description="A malformed played_after or played_before."),
    401: OpenApiResponse(description="Not signed in."),
    403: OpenApiResponse(description="Not a member of the club."),
}


class PlayerStatisticsView(APIView):
    """A player's figures over their club's games (members of the club)."""

    @extend_schema(
        parameters=[StatisticsQuerySerializer],
        responses={
            200: PlayerStatisticsSerializer,
            **REFUSED,
            404: OpenApiResponse(description="No such player."),
        },
    )
    def get(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
        require(
            permissions.can_read_club(request.user, player.club),
            request,
            "only the club's members see its players' statistics",
        )
        after, before = played_between(request)
        figures = statistics.player_statistics(player=player, played_after=after, played_before=before)
        return Response(PlayerStatisticsSerializer(figures).data)


class ClubStatisticsView(APIView):
    """The club's figures as a whole, and how the bids of its deals summed (members of the club)."""

    @extend_schema(
        parameters=[StatisticsQuerySerializer],
        responses={
            200: ClubStatisticsSerializer,
            **REFUSED,
            404: OpenApiResponse(description="No such club."),
        },
    )
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_read_club(request.user, club), request, "only the club's members")
        after, before = played_between(request)
        figures = statistics.club_statistics(club=club, played_after=after, played_before=before)
        return Response(ClubStatisticsSerializer(figures).data)
