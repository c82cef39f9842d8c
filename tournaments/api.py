"""REST endpoints of the tournaments app (/api/v1/clubs/{slug}/tournaments/, /api/v1/tournaments/…).

Same conventions as the games API: organisers set tournaments up and seat
rounds, scorers and organisers record the tables' games, members read the
club's tournaments, anyone reads a published one; a tournament the caller
may not read is a 404.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError
from django.db.models import Prefetch, QuerySet
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import analytics, permissions, selectors
from games.api import NO_LOG, _uploaded_bytes, acting_user, club_for, error_response, require, upload_refused
from games.csv_export import csv_response
from games.finding_text import report_in_language
from games.idempotency import idempotent
from games.models import Game, Player
from games.refusals import Refusal
from games.serializers import GameSerializer
from games.throttling import UPLOAD_THROTTLES
from tournaments import services
from tournaments.models import Rating, RatingChange, Round, Standing, Table, TableSeat, Tournament
from tournaments.serializers import (
    EntrySerializer,
    PublishSerializer,
    RoundSerializer,
    StatusSerializer,
    SwapSerializer,
    TableSerializer,
    TiebreakChangeSerializer,
    TournamentSerializer,
)


def can_read(user: Any, tournament: Tournament) -> bool:
    return tournament.published or permissions.can_read_club(user, tournament.club)


def tournament_for(request: Request, pk: int) -> Tournament:
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=pk)
    if not can_read(request.user, tournament):
        raise Http404("No tournament here, or not one you may read.")
    return tournament


def managed(request: Request, pk: int) -> Tournament:
    tournament = tournament_for(request, pk)
    require(permissions.can_manage_club(request.user, tournament.club), request, "organisers run tournaments")
    return tournament


def service_error(exc: Exception, path: str = "", code: int = status.HTTP_409_CONFLICT) -> Response:
    """A service's refusal; its path is the caller's, or the one the refusal names (a setting's
    ``table_points.4[2]``)."""
    named = getattr(exc, "params", {}).get("path") if isinstance(getattr(exc, "params", None), dict) else None
    return error_response(path or str(named or ""), exc, code)


def tables_queryset() -> QuerySet[Table]:
    return Table.objects.select_related("round", "game").prefetch_related(
        Prefetch("seats", queryset=TableSeat.objects.select_related("player"))
    )


class ClubTournamentListView(APIView):
    """A club's tournaments (members see drafts; others the published ones); organisers create."""

    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=TournamentSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        tournaments = Tournament.objects.filter(club=club).select_related("club")
        if not permissions.can_read_club(request.user, club):
            tournaments = tournaments.filter(published=True)
        return Response(TournamentSerializer(tournaments, many=True).data)

    @extend_schema(request=TournamentSerializer, responses={201: TournamentSerializer})
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_manage_club(request.user, club), request, "organisers create tournaments")
        serializer = TournamentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        data.pop("reason", None)
        try:
            tournament = services.tournament_create(club=club, user=acting_user(request), **data)
        except services.ServiceError as exc:
            return service_error(exc, "", status.HTTP_400_BAD_REQUEST)
        return Response(TournamentSerializer(tournament).data, status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=TournamentSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(TournamentSerializer(tournament_for(request, pk)).data)

    @extend_schema(request=TournamentSerializer, responses=TournamentSerializer)
    def patch(self, request: Request, pk: int) -> Response:
        tournament = managed(request, pk)
        serializer = TournamentSerializer(tournament, data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        changes = dict(serializer.validated_data)
        reason = changes.pop("reason", "")
        slug = changes.get("slug")
        if slug is not None and slug_taken(tournament, slug):
            return error_response("slug", slug_refusal(slug), status.HTTP_409_CONFLICT)
        try:
            tournament = services.tournament_update(
                tournament=tournament, user=acting_user(request), reason=reason, **changes
            )
        except services.ServiceError as exc:
            return service_error(exc, "", status.HTTP_400_BAD_REQUEST)
        except IntegrityError:
            # Another request took the slug between the check and the write.
            if slug is not None and slug_taken(tournament, slug):
                return error_response("slug", slug_refusal(slug), status.HTTP_409_CONFLICT)
            raise
        return Response(TournamentSerializer(tournament).data)


def slug_taken(tournament: Tournament, slug: str) -> bool:
    """Whether another tournament of the club has ``slug`` (unique within a club)."""
    return Tournament.objects.filter(club_id=tournament.club_id, slug=slug).exclude(pk=tournament.pk).exists()


def slug_refusal(slug: str) -> Refusal:
    return Refusal(
        "TOURNAMENT_SLUG_TAKEN", _("another tournament of the club has the slug '%(slug)s'"), slug=slug
    )


class TournamentStatusView(APIView):
    @extend_schema(request=StatusSerializer, responses=TournamentSerializer)
    def post(self, request: Request, pk: int) -> Response:
        tournament = managed(request, pk)
        serializer = StatusSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            services.tournament_set_status(tournament=tournament, status=serializer.validated_data["status"])
        except services.ServiceError as exc:
            return service_error(exc, "status")
        return Response(TournamentSerializer(tournament).data)


class TournamentPublishView(APIView):
    @extend_schema(request=PublishSerializer, responses=TournamentSerializer)
    def post(self, request: Request, pk: int) -> Response:
        tournament = managed(request, pk)
        serializer = PublishSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.tournament_publish(tournament=tournament, published=serializer.validated_data["published"])
        return Response(TournamentSerializer(tournament).data)


class TiebreakChangesView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=TiebreakChangeSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        changes = tournament.tiebreak_changes.select_related("changed_by")
        return Response(TiebreakChangeSerializer(changes, many=True).data)


class EntryListView(APIView):
    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=EntrySerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        return Response(EntrySerializer(tournament.entries.select_related("player"), many=True).data)

    @extend_schema(request=EntrySerializer, responses={201: EntrySerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        tournament = managed(request, pk)
        serializer = EntrySerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        player = Player.objects.filter(pk=serializer.validated_data["player_id"]).first()
        if player is None:
            return error_response(
                "player_id",
                Refusal("PLAYER_UNKNOWN", _("no such player"), player=serializer.validated_data["player_id"]),
            )
        try:
            entry = services.entry_add(tournament=tournament, player=player)
        except services.ServiceError as exc:
            return service_error(exc, "player_id", status.HTTP_400_BAD_REQUEST)
        return Response(EntrySerializer(entry).data, status=status.HTTP_201_CREATED)


class EntryDetailView(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int, player_id: int) -> Response:
        tournament = managed(request, pk)
        player = get_object_or_404(Player, pk=player_id)
        try:
            services.entry_remove(tournament=tournament, player=player)
        except services.ServiceError as exc:
            return service_error(exc, "player_id")
        return Response(status=status.HTTP_204_NO_CONTENT)


def rounds_queryset(tournament: Tournament) -> QuerySet[Round]:
    return tournament.rounds.prefetch_related(Prefetch("tables", queryset=tables_queryset()))


class RoundListView(APIView):
    """Rounds with their tables. POST seats a new draft round (preview) for the organiser to confirm."""

    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=RoundSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        return Response(RoundSerializer(rounds_queryset(tournament), many=True).data)

    @extend_schema(request=RoundSerializer, responses={201: RoundSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        tournament = managed(request, pk)
        serializer = RoundSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            round_ = services.round_generate(
                tournament=tournament,
                method=serializer.validated_data.get("seating_method", Round.Seating.ROTATE),
                seed=serializer.validated_data.get("seed"),
            )
        except services.ServiceError as exc:
            return service_error(exc, "")
        return Response(RoundSerializer(rounds_queryset(tournament).get(pk=round_.pk)).data, status=201)


def round_for(request: Request, pk: int, number: int, *, manage: bool = False) -> Round:
    tournament = managed(request, pk) if manage else tournament_for(request, pk)
    return get_object_or_404(rounds_queryset(tournament), number=number)


class RoundDetailView(APIView):
    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=RoundSerializer)
    def get(self, request: Request, pk: int, number: int) -> Response:
        return Response(RoundSerializer(round_for(request, pk, number)).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, pk: int, number: int) -> Response:
        try:
            services.round_delete(round_=round_for(request, pk, number, manage=True))
        except services.ServiceError as exc:
            return service_error(exc)
        return Response(status=status.HTTP_204_NO_CONTENT)


class RoundSwapView(APIView):
    @extend_schema(request=SwapSerializer, responses=RoundSerializer)
    def post(self, request: Request, pk: int, number: int) -> Response:
        round_ = round_for(request, pk, number, manage=True)
        serializer = SwapSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            services.round_swap(
                round_=round_, a=serializer.validated_data["a"], b=serializer.validated_data["b"]
            )
        except services.ServiceError as exc:
            return service_error(exc)
        return Response(RoundSerializer(round_for(request, pk, number)).data)


class RoundConfirmView(APIView):
    @extend_schema(request=None, responses=RoundSerializer)
    def post(self, request: Request, pk: int, number: int) -> Response:
        round_ = round_for(request, pk, number, manage=True)
        try:
            services.round_confirm(round_=round_)
        except services.ServiceError as exc:
            return service_error(exc)
        return Response(RoundSerializer(round_for(request, pk, number)).data)


class TableListView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=TableSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        tables = tables_queryset().filter(round__tournament=tournament)
        return Response(TableSerializer(tables, many=True).data)


class TableGameView(APIView):
    """Record the game played at a table (scorers and organisers): the log as the body, or multipart ``file``."""

    throttle_classes = UPLOAD_THROTTLES

    parser_classes = [JSONParser, MultiPartParser]

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT, "multipart/form-data": OpenApiTypes.BINARY},
        responses={
            201: OpenApiResponse(description="Recorded: the game and the replay's report."),
            400: OpenApiResponse(description="Malformed, or not this table's players or ruleset."),
        },
    )
    @idempotent
    def post(self, request: Request, pk: int, table_id: int) -> Response:
        tournament = tournament_for(request, pk)
        require(
            permissions.can_record_games(request.user, tournament.club), request, "scorers and organisers"
        )
        table = get_object_or_404(
            Table.objects.select_related("round__tournament__club"), pk=table_id, round__tournament=tournament
        )
        content, filename = _uploaded_bytes(request)
        if content is None:
            return error_response("", NO_LOG)
        try:
            outcome = services.table_game_upload(
                table=table, content=content, user=acting_user(request), filename=filename
            )
        except services.ServiceError as exc:
            return service_error(exc, "table")
        result = outcome.result
        if result.error is not None or result.game is None:
            return upload_refused(result)
        report = result.report.report if result.report is not None else result.game.current_report.report  # type: ignore[union-attr]
        body = {
            "id": result.game.pk,
            "table": table.pk,
            "upload": result.upload.pk,
            "status": result.game.status,
            "report": report_in_language(report),
        }
        return Response(body, status=status.HTTP_201_CREATED)


class TournamentGamesView(APIView):
    """The games of the tournament's tables (the tournament filter of the game lists)."""

    permission_classes = [AllowAny]

    @extend_schema(responses=GameSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        games = selectors.game_list_queryset(Game.objects.filter(table__round__tournament=tournament))
        return Response(GameSerializer(games, many=True).data)


class TournamentAnalyticsView(APIView):
    """Luck and skill per player over the tournament's games (games.analytics; docs/analytics.md):
    shown beside the standings as information, never replacing them."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={
            200: OpenApiResponse(
                response=OpenApiTypes.OBJECT,
                description="{games: {analysed, partial, nothing, waiting}, players: [{player, player_name, summary}]}; "
                "the summary's fields are the tournament's game's (docs/analytics.md).",
            ),
            404: OpenApiResponse(description="No such tournament, or not one you may read."),
        }
    )
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        games = Game.objects.filter(table__round__tournament=tournament)
        summaries = analytics.games_analytics(games).get(tournament.game_type, {})
        names = dict(Player.objects.filter(pk__in=summaries).values_list("pk", "display_name"))
        return Response(
            {
                "games": analytics.status_counts(games),
                "players": [
                    {"player": player, "player_name": names[player], "summary": summary}
                    for player, summary in sorted(summaries.items(), key=lambda item: names[item[0]])
                ],
            }
        )


class TournamentAuditView(APIView):
    """The tournament's audit summary: games with errors, reneges caught, mismatches, open disputes."""

    permission_classes = [AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        return Response(
            selectors.audit_summary(games=Game.objects.filter(table__round__tournament=tournament))
        )


def standing_lines(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings as the API gives them (StandingSerializer's fields), read in one query.

    Built from plain rows rather than a ModelSerializer: 1,000 lines took 27 ms through DRF's
    fields and take 6 ms this way, JSON included (docs/performance.md, Pages).
    """
    rows = (
        Standing.objects.filter(tournament=tournament)
        .order_by("rank", "player__display_name")
        .values_list(
            "rank",
            "rank_to",
            "player_id",
            "player__display_name",
            "points",
            "games",
            "provisional",
            "tiebreaks",
            "partner_id",
        )
    )
    return [
        {
            "rank": str(rank) if rank == rank_to else f"{rank}–{rank_to}",
            "player_id": player_id,
            "player": player,
            "points": points,
            "games": games,
            "provisional": provisional,
            "tiebreaks": tiebreaks,
            "partner_id": partner_id,
        }
        for rank, rank_to, player_id, player, points, games, provisional, tiebreaks, partner_id in rows
    ]


class StandingsView(APIView):
    """The compiled standings; ``?format=csv`` for a spreadsheet."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=["json", "csv"], default="json")],
        responses={(200, "application/json"): OpenApiTypes.OBJECT, (200, "text/csv"): OpenApiTypes.STR},
    )
    def get(self, request: Request, pk: int) -> Response | HttpResponse:
        tournament = tournament_for(request, pk)
        lines = standing_lines(tournament)
        if request.query_params.get("format") == "csv":
            header = ["rank", "player", "points", "games", "provisional", *tournament.tiebreaks]
            table = [
                [
                    line["rank"],
                    line["player"],
                    line["points"],
                    line["games"],
                    line["provisional"],
                    *(line["tiebreaks"].get(t) for t in tournament.tiebreaks),
                ]
                for line in lines
            ]
            return csv_response([header, *table], f"{tournament.slug}-standings.csv")
        return Response(
            {
                "method": tournament.standings_method,
                "tiebreaks": tournament.tiebreaks,
                "compiled_at": tournament.standings_compiled_at,
                # How many table results are provisional (a dispute open, a sheet unconfirmed);
                # each line's ``provisional`` counts that player's.
                "provisional_results": tournament.provisional_results,
                "standings": lines,
            }
        )


class CrossTableView(APIView):
    """Who met whom, and how: for each player, each round's table and every opponent's result there."""

    permission_classes = [AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, pk: int) -> Response:
        tournament = tournament_for(request, pk)
        return Response(services.cross_table(tournament=tournament))


class ClubRatingsView(APIView):
    """The club's players by rating in one game (members; ``?game_type=``, default oh-hell)."""

    @extend_schema(
        parameters=[OpenApiParameter("game_type", str, default="oh-hell")],
        responses=OpenApiTypes.OBJECT,
    )
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_read_club(request.user, club), request, "only the club's members")
        game_type = request.query_params.get("game_type", "oh-hell")
        rows = (
            Rating.objects.filter(player__club=club, game_type=game_type)
            .select_related("player")
            .order_by("-ordinal", "player__display_name")
        )
        return Response(
            {
                "game_type": game_type,
                "ratings": [
                    {
                        "rank": i,
                        "player_id": r.player_id,
                        "player": r.player.display_name,
                        "mu": round(r.mu, 3),
                        "sigma": round(r.sigma, 3),
                        "ordinal": round(r.ordinal, 3),
                        "games": r.games,
                    }
                    for i, r in enumerate(rows, start=1)
                ],
            }
        )


class PlayerRatingHistoryView(APIView):
    """A player's rating after each rated game, oldest first (members of the player's club)."""

    @extend_schema(
        parameters=[OpenApiParameter("game_type", str, default="oh-hell")], responses=OpenApiTypes.OBJECT
    )
    def get(self, request: Request, pk: int) -> Response:
        player = get_object_or_404(Player.objects.select_related("club"), pk=pk)
        require(permissions.can_read_club(request.user, player.club), request, "only the club's members")
        game_type = request.query_params.get("game_type", "oh-hell")
        current = Rating.objects.filter(player=player, game_type=game_type).first()
        history = RatingChange.objects.filter(player=player, game_type=game_type).order_by(
            "played_at", "game_id"
        )
        return Response(
            {
                "player_id": player.pk,
                "player": player.display_name,
                "game_type": game_type,
                "rating": None
                if current is None
                else {
                    "mu": current.mu,
                    "sigma": current.sigma,
                    "ordinal": current.ordinal,
                    "games": current.games,
                },
                "history": [
                    {
                        "game": c.game_id,
                        "played_at": c.played_at,
                        "mu": c.mu,
                        "sigma": c.sigma,
                        "ordinal": c.ordinal,
                    }
                    for c in history
                ],
            }
        )
