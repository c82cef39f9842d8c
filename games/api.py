"""REST endpoints of the games app (/api/v1/clubs/…, /api/v1/games/…).

Thin: check who may act (games.permissions), call one service, serialise.
Anonymous writes get 401, writes by the wrong role 403; a game the user may
not read is a 404, so private games do not announce themselves.
"""

from __future__ import annotations

import json
from typing import Any

from django.db.models import QuerySet
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import generics, serializers, status
from rest_framework.exceptions import NotAuthenticated, PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from games import disputes, invitations, permissions, selectors, services
from games.csv_export import csv_response
from games.filters import GameFilter, UploadFilter
from games.finding_text import report_in_language
from games.idempotency import idempotent
from games.models import (
    AuditEntry,
    Club,
    Dispute,
    Game,
    Invitation,
    Membership,
    Player,
    RevisionSource,
    Upload,
)
from games.parsers import StrictJSONParser, json_body, member_bytes
from games.refusals import Refusal, error_object
from games.serializers import (
    AuditEntrySerializer,
    ClubSerializer,
    CommentSerializer,
    CorrectionSerializer,
    DecisionSerializer,
    DisputeSerializer,
    GameDetailSerializer,
    GameSerializer,
    InvitationSerializer,
    InviteSerializer,
    MembershipSerializer,
    PlayerSerializer,
    RevisionSerializer,
    RoleSerializer,
    UploadSerializer,
)
from games.throttling import UPLOAD_THROTTLES
from rules import registry
from rules.errors import MalformedDocument
from rules.strict import digits_value

ErrorSerializer = inline_serializer(
    "Error",
    {
        "error": inline_serializer(
            "ErrorDetail", {"path": serializers.CharField(), "message": serializers.CharField()}
        )
    },
)


def require(allowed: bool, request: Request, message: str) -> None:
    """401 for the anonymous, 403 for a signed-in user without the right."""
    if allowed:
        return
    if not request.user.is_authenticated:
        raise NotAuthenticated()
    raise PermissionDenied(message)


def acting_user(request: Request) -> User:
    """The signed-in caller, once ``require`` has let them through."""
    user = request.user
    if not isinstance(user, User):
        raise NotAuthenticated()
    return user


def error_response(
    path: str,
    error: BaseException | dict[str, Any] | str,
    code: int = status.HTTP_400_BAD_REQUEST,
    **extra: Any,
) -> Response:
    """Every refusal the API answers, in one shape: ``{"error": {"path", "message", "code",
    "params", "text"}}`` — ``message`` in English (clients parse it), ``code`` and ``params`` as
    data, ``text`` in the request's language (Accept-Language). ``error`` is the refusal as
    raised (a :class:`~games.refusals.Refusal`, a MalformedDocument) or as an Upload keeps it."""
    return Response({"error": error_object(path, error), **extra}, status=code)


def upload_refused(result: services.UploadResult, **extra: Any) -> Response:
    """400 for an upload the rules (or the service) refused: why, and the upload that keeps it.
    A refusal for a fault of ours (services.FAULTS: the reader, the engine or the database
    failed on it) names the upload as the ``reference`` to quote; the failure is logged with
    it and the request id."""
    if services.is_fault(result):
        extra.setdefault("reference", result.upload.pk)
    refusal = result.refusal
    if refusal is not None:
        return error_response(refusal.path, refusal, upload=result.upload.pk, **extra)
    error = result.error or {}
    return error_response(str(error.get("path", "")), error, upload=result.upload.pk, **extra)


def document_path(where: str, exc: MalformedDocument) -> str:
    """A refusal's path inside a request field: ``document.deals[1].bids``."""
    return f"{where}.{exc.path}" if exc.path else where


#: The API's own refusals of a request, before any service reads it.
NO_LOG = Refusal(
    "UPLOAD_MISSING", _("send the game log as the JSON body or as a multipart file named 'file'")
)


def club_for(request: Request, slug: str) -> Club:
    return get_object_or_404(Club, slug=slug)


def game_for(request: Request, pk: int) -> Game:
    """The game if the user may read it; 404 otherwise."""
    game = get_object_or_404(selectors.game_detail_queryset(Game.objects.all()), pk=pk)
    if not permissions.can_read_game(request.user, game):
        raise Http404("No game here, or not one you may read.")
    return game


# --- clubs and members ---------------------------------------------------------


class ClubListView(APIView):
    """Clubs you belong to; any signed-in user may create one and becomes its organiser."""

    @extend_schema(responses=ClubSerializer(many=True))
    def get(self, request: Request) -> Response:
        clubs = selectors.clubs_of(request.user).order_by("name")
        return Response(ClubSerializer(clubs, many=True).data)

    @extend_schema(request=ClubSerializer, responses={201: ClubSerializer})
    @idempotent
    def post(self, request: Request) -> Response:
        serializer = ClubSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            club = services.club_create(
                name=serializer.validated_data["name"],
                slug=serializer.validated_data.get("slug"),
                user=acting_user(request),
            )
        except services.ServiceError as exc:
            return error_response("name", exc)
        return Response(ClubSerializer(club).data, status=status.HTTP_201_CREATED)


class ClubDetailView(APIView):
    """A club's name and slug are public."""

    permission_classes = [AllowAny]

    @extend_schema(responses=ClubSerializer)
    def get(self, request: Request, slug: str) -> Response:
        return Response(ClubSerializer(club_for(request, slug)).data)


class MemberListView(APIView):
    """Members and their roles: members read, organisers add."""

    @extend_schema(responses=MembershipSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(
            permissions.can_read_club(request.user, club), request, "only the club's members see its members"
        )
        members = Membership.objects.filter(club=club).select_related("user").order_by("user__username")
        return Response(MembershipSerializer(members, many=True).data)

    @extend_schema(
        request=InviteSerializer,
        responses={
            202: InvitationSerializer,
            409: OpenApiResponse(ErrorSerializer, description="That username is already a member."),
        },
        description=(
            "Invite a username to the club: the person becomes a member only by accepting "
            "(`POST /invitations/{id}/accept/`). The answer is the same whether or not an account "
            "of that name exists; an invitation nobody can accept expires unanswered."
        ),
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_manage_club(request.user, club), request, "only organisers manage members")
        serializer = InviteSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            invitation = invitations.invite(
                club=club,
                username=serializer.validated_data["username"],
                role=serializer.validated_data["role"],
                by=acting_user(request),
            )
        except services.ServiceError as exc:
            return error_response("username", exc, status.HTTP_409_CONFLICT)
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_202_ACCEPTED)


class ClubInvitationListView(APIView):
    """The club's open invitations (organisers)."""

    @extend_schema(responses=InvitationSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_manage_club(request.user, club), request, "only organisers manage members")
        return Response(InvitationSerializer(invitations.open_for_club(club), many=True).data)


class ClubInvitationDetailView(APIView):
    """Withdraw an open invitation (organisers)."""

    @extend_schema(responses={204: None})
    def delete(self, request: Request, slug: str, pk: int) -> Response:
        club = club_for(request, slug)
        require(permissions.can_manage_club(request.user, club), request, "only organisers manage members")
        try:
            invitations.withdraw(club=club, invitation_id=pk, by=acting_user(request))
        except Invitation.DoesNotExist:
            raise Http404("No open invitation here.") from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class MyInvitationListView(APIView):
    """The invitations you may answer: to your username, open and not expired."""

    @extend_schema(responses=InvitationSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(InvitationSerializer(invitations.open_for_user(acting_user(request)), many=True).data)


class InvitationAcceptView(APIView):
    """Accept an invitation: you become a member of its club with its role."""

    @extend_schema(request=None, responses={201: MembershipSerializer})
    def post(self, request: Request, pk: int) -> Response:
        try:
            membership = invitations.accept(invitation_id=pk, user=acting_user(request))
        except Invitation.DoesNotExist:
            raise Http404("No invitation of yours here.") from None
        return Response(MembershipSerializer(membership).data, status=status.HTTP_201_CREATED)


class InvitationDeclineView(APIView):
    """Decline an invitation."""

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request, pk: int) -> Response:
        try:
            invitations.decline(invitation_id=pk, user=acting_user(request))
        except Invitation.DoesNotExist:
            raise Http404("No invitation of yours here.") from None
        return Response(status=status.HTTP_204_NO_CONTENT)


class MemberDetailView(APIView):
    """Change a member's role or remove them (organisers)."""

    def _target(self, request: Request, slug: str, username: str) -> tuple[Club, User]:
        club = club_for(request, slug)
        require(permissions.can_manage_club(request.user, club), request, "only organisers manage members")
        membership = get_object_or_404(Membership, club=club, user__username=username)
        return club, membership.user

    @extend_schema(request=RoleSerializer, responses=MembershipSerializer)
    def patch(self, request: Request, slug: str, username: str) -> Response:
        club, user = self._target(request, slug, username)
        serializer = RoleSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            membership = services.membership_set(
                club=club,
                user=user,
                role=serializer.validated_data.get("role", Membership.Role.MEMBER),
                by=acting_user(request),
            )
        except services.ServiceError as exc:
            return error_response("role", exc, status.HTTP_409_CONFLICT)
        return Response(MembershipSerializer(membership).data)

    @extend_schema(responses={204: None})
    def delete(self, request: Request, slug: str, username: str) -> Response:
        club, user = self._target(request, slug, username)
        try:
            services.membership_remove(club=club, user=user, by=acting_user(request))
        except services.ServiceError as exc:
            return error_response("username", exc, status.HTTP_409_CONFLICT)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PlayerListView(APIView):
    """The club's roster: members read; scorers and organisers add players."""

    @extend_schema(responses=PlayerSerializer(many=True))
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(
            permissions.can_read_club(request.user, club), request, "only the club's members see its roster"
        )
        players = Player.objects.filter(club=club).select_related("user").order_by("display_name")
        return Response(PlayerSerializer(players, many=True).data)

    @extend_schema(request=PlayerSerializer, responses={201: PlayerSerializer})
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(
            permissions.can_record_games(request.user, club), request, "scorers and organisers add players"
        )
        serializer = PlayerSerializer(data=request.data, context={"club": club})
        serializer.is_valid(raise_exception=True)
        player = services.player_get_or_create(
            club=club,
            display_name=serializer.validated_data["display_name"],
            user=serializer.validated_data.get("user"),
        )
        return Response(PlayerSerializer(player).data, status=status.HTTP_201_CREATED)


class PlayerDetailView(APIView):
    """Rename a player or link them to a user account (organisers)."""

    @extend_schema(request=PlayerSerializer, responses=PlayerSerializer)
    def patch(self, request: Request, slug: str, pk: int) -> Response:
        club = club_for(request, slug)
        require(permissions.can_manage_club(request.user, club), request, "only organisers edit the roster")
        player = get_object_or_404(Player, club=club, pk=pk)
        serializer = PlayerSerializer(player, data=request.data, partial=True, context={"club": club})
        serializer.is_valid(raise_exception=True)
        name = serializer.validated_data.get("display_name")
        if name is not None and (
            Player.objects.filter(club=club, name_key=Player.key_for(name)).exclude(pk=player.pk).exists()
        ):
            return error_response(
                "display_name",
                Refusal(
                    "PLAYER_NAME_TAKEN", _("the roster already has a player called '%(name)s'"), name=name
                ),
                status.HTTP_409_CONFLICT,
            )
        serializer.save()
        return Response(serializer.data)


# --- uploads and games -------------------------------------------------------------


UPLOAD_PARAMETERS = [
    OpenApiParameter(
        "played_at", OpenApiTypes.DATETIME, description="When the game was played (default: now)."
    ),
    OpenApiParameter(
        "fixes", OpenApiTypes.INT, description="The id of a rejected upload this one resubmits."
    ),
    OpenApiParameter(
        "ruleset",
        OpenApiTypes.STR,
        description=(
            "The preset for a file that names none: a multipart file named *.pbn is read as PBN "
            "(rubber bridge; default seed). A JSON log names its own ruleset."
        ),
    ),
]


class ClubGameListView(generics.ListAPIView[Game]):
    """The club's games (members), and the upload of a game log (scorers and organisers).

    POST the JSON document itself as the body, or as multipart ``file``; a
    multipart file is read by its name (``*.pbn`` as PBN, see rules.registry).
    """

    throttle_classes = UPLOAD_THROTTLES

    queryset = Game.objects.none()  # for the schema; get_queryset scopes it to the club
    serializer_class = GameSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = GameFilter
    parser_classes = [StrictJSONParser, MultiPartParser]

    def get_queryset(self) -> QuerySet[Game]:
        club = club_for(self.request, self.kwargs["slug"])
        require(permissions.can_read_club(self.request.user, club), self.request, "only the club's members")
        return selectors.game_list_queryset(Game.objects.filter(club=club))

    @extend_schema(
        request={"application/json": OpenApiTypes.OBJECT, "multipart/form-data": OpenApiTypes.BINARY},
        parameters=UPLOAD_PARAMETERS,
        responses={
            201: OpenApiResponse(description="Recorded: the game and the replay's report."),
            200: OpenApiResponse(description="The same bytes were uploaded before: that game."),
            400: OpenApiResponse(ErrorSerializer, description="Malformed: what is wrong and where."),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(
            permissions.can_record_games(request.user, club), request, "scorers and organisers record games"
        )
        content, filename = _uploaded_bytes(request)
        if content is None:
            return error_response("", NO_LOG)
        fixes = None
        if request.query_params.get("fixes"):
            fixes_id = request.query_params["fixes"]
            number = digits_value(fixes_id, 18)  # an id: digits only, within a bigint
            fixes = Upload.objects.filter(club=club, pk=number).first() if number is not None else None
            if fixes is None:
                return error_response(
                    "fixes",
                    Refusal("UPLOAD_FIXES_UNKNOWN", _("no upload of this club has that id"), upload=fixes_id),
                )
        played_at = None
        if request.query_params.get("played_at"):
            try:
                played_at = serializers.DateTimeField().to_internal_value(request.query_params["played_at"])
            except serializers.ValidationError as exc:  # named by its parameter, as every field check
                raise serializers.ValidationError({"played_at": exc.detail}) from None
        result = services.game_upload(
            club=club,
            content=content,
            user=acting_user(request),
            filename=filename,
            played_at=played_at,
            fixes=fixes,
            ruleset=request.query_params.get("ruleset") or None,
        )
        if result.error is not None:
            return upload_refused(result)
        assert result.game is not None
        game = result.game
        report = (result.report or game.current_report).report  # type: ignore[union-attr]
        body = {
            "id": game.pk,
            "upload": result.upload.pk,
            "duplicate": not result.created,
            "status": game.status,
            "report": report_in_language(report),
        }
        return Response(body, status=status.HTTP_201_CREATED if result.created else status.HTTP_200_OK)


def _uploaded_bytes(request: Request) -> tuple[bytes | None, str]:
    content_type = request.content_type or ""
    if content_type.startswith("multipart/form-data"):
        upload = request.FILES.get("file")
        if upload is None:
            return None, ""
        return upload.read(), upload.name or ""
    body = request.body
    return (body or None), ""


class UploadListView(generics.ListAPIView[Upload]):
    """Every upload attempt of the club, rejected ones with their error (scorers and organisers)."""

    queryset = Upload.objects.none()  # for the schema; get_queryset scopes it to the club
    serializer_class = UploadSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = UploadFilter

    def get_queryset(self) -> QuerySet[Upload]:
        club = club_for(self.request, self.kwargs["slug"])
        require(permissions.can_record_games(self.request.user, club), self.request, "scorers and organisers")
        return Upload.objects.filter(club=club).select_related("uploaded_by", "revision").defer("content")


class UploadContentView(APIView):
    """The bytes of an upload exactly as they were received."""

    @extend_schema(responses={(200, "application/octet-stream"): OpenApiTypes.BINARY})
    def get(self, request: Request, slug: str, pk: int) -> HttpResponse:
        club = club_for(request, slug)
        require(permissions.can_record_games(request.user, club), request, "scorers and organisers")
        upload = get_object_or_404(Upload, club=club, pk=pk)
        response = HttpResponse(bytes(upload.content), content_type="application/octet-stream")
        suffix = next((s for s in registry.FILE_TYPES if upload.filename.lower().endswith(s)), ".json")
        response["Content-Disposition"] = f'attachment; filename="upload-{upload.pk}{suffix}"'
        return response


class ClubAuditView(APIView):
    """The club's audit summary: games with errors, reneges caught, mismatches, open disputes."""

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(permissions.can_read_club(request.user, club), request, "only the club's members")
        return Response(selectors.audit_summary(games=Game.objects.filter(club=club)))


class ClubAuditLogView(generics.ListAPIView[AuditEntry]):
    """The club's audit log, newest first (organisers): every game recorded or corrected, every
    dispute opened or decided, every change of a tie-break order — who, when, from which
    address and request, and why. ``?action=`` narrows it to one kind."""

    serializer_class = AuditEntrySerializer
    queryset = AuditEntry.objects.none()  # the schema's model; get_queryset gives the rows

    def get_queryset(self) -> QuerySet[AuditEntry]:
        if getattr(self, "swagger_fake_view", False):
            return AuditEntry.objects.none()
        club = club_for(self.request, self.kwargs["slug"])
        require(permissions.can_manage_club(self.request.user, club), self.request, "the club's organisers")
        entries = AuditEntry.objects.filter(club=club).select_related("actor", "revision")
        action = self.request.query_params.get("action")
        return entries.filter(action=action) if action else entries

    @extend_schema(
        parameters=[
            OpenApiParameter("action", str, enum=[a.value for a in AuditEntry.Action], required=False)
        ]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)


class GameListView(generics.ListAPIView[Game]):
    """Every game you may read, filtered by club, player, dates, errors or finding code."""

    permission_classes = [AllowAny]
    serializer_class = GameSerializer
    filter_backends = [DjangoFilterBackend]
    filterset_class = GameFilter

    def get_queryset(self) -> QuerySet[Game]:
        return selectors.game_list_queryset(selectors.games_visible_to(self.request.user))


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=GameDetailSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(GameDetailSerializer(game_for(request, pk)).data)


class GameReportView(APIView):
    """The replay's report of the current revision: the spec's report object."""

    permission_classes = [AllowAny]

    @extend_schema(responses=OpenApiTypes.OBJECT)
    def get(self, request: Request, pk: int) -> Response:
        game = game_for(request, pk)
        return Response(report_in_language(game.current_report.report) if game.current_report else None)


class GameRevisionListView(APIView):
    """Every revision with its report; POST a corrected log as a new revision."""

    throttle_classes = UPLOAD_THROTTLES

    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=RevisionSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        game = game_for(request, pk)
        return Response(RevisionSerializer(selectors.revisions_of(game), many=True).data)

    @extend_schema(
        request=CorrectionSerializer,
        responses={
            201: OpenApiResponse(description="The new revision, its report and the deals that changed.")
        },
    )
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        game = game_for(request, pk)
        require(
            permissions.can_record_games(request.user, game.club),
            request,
            "scorers and organisers correct games",
        )
        body = json_body(request)  # the bytes as sent, read before DRF parses them
        serializer = CorrectionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # The corrected log as the client wrote it, read as an upload is (games.services) and kept.
        content = member_bytes(body, request.data, "document")
        assert content is not None  # the serializer requires it
        try:
            result = services.game_correct(
                game=game,
                content=content,
                user=acting_user(request),
                reason=serializer.validated_data["reason"],
                source=RevisionSource.API,
            )
        except MalformedDocument as exc:
            return error_response(document_path("document", exc), exc)
        except services.ServiceError as exc:
            return error_response("reason", exc)
        return Response(
            {
                "revision": result.revision.number,
                "changed_deals": result.changed_deals,
                "status": result.report.status,
                "report": report_in_language(result.report.report),
            },
            status=status.HTTP_201_CREATED,
        )


def findings_rows(report: dict[str, Any]) -> list[list[Any]]:
    """A report's findings as spreadsheet rows: where (deal, trick, seat numbered from 1 as
    people read it, the player), what (the code and severity, kept as data), and the sentence in
    the active language; the parameters as JSON for a program."""
    players = report.get("players") or []
    rows: list[list[Any]] = [["deal", "trick", "seat", "player", "code", "severity", "text", "params"]]
    for f in report.get("findings") or []:
        seat = f.get("seat")
        rows.append(
            [
                f.get("deal"),
                f.get("trick"),
                None if seat is None else seat + 1,
                players[seat] if seat is not None and 0 <= seat < len(players) else None,
                f.get("code"),
                f.get("severity"),
                f.get("text"),
                json.dumps(f.get("params") or {}, ensure_ascii=False, sort_keys=True),
            ]
        )
    return rows


class GameExportView(APIView):
    """The game as uploaded (original), normalised (json, canonical cards), as a score sheet (csv),
    or its findings (findings: a CSV row per finding, its sentence in the request's language)."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter("format", str, enum=["original", "json", "csv", "findings"], default="original")
        ],
        responses={
            # original: the bytes as uploaded (a JSON log; the JSON a PBN file was read into)
            (200, "application/json"): OpenApiTypes.OBJECT,
            (200, "application/octet-stream"): OpenApiTypes.BINARY,
            (200, "text/csv"): OpenApiTypes.STR,
        },
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        game = game_for(request, pk)
        revision = game.current_revision
        assert revision is not None
        kind = request.query_params.get("format", "original")
        name = f"game-{game.pk}-r{revision.number}"
        if kind == "original":
            response = HttpResponse(bytes(revision.content), content_type=revision.content_type)
            response["Content-Disposition"] = f'attachment; filename="{name}.json"'
            return response
        if kind == "json":
            reading = registry.read(bytes(revision.content))
            document = reading.rules.to_document(reading.log)
            response = HttpResponse(
                json.dumps(document, ensure_ascii=False, indent=1),
                content_type="application/json; charset=utf-8",
            )
            response["Content-Disposition"] = f'attachment; filename="{name}.normalised.json"'
            return response
        if kind == "csv":
            report = game.current_report.report  # type: ignore[union-attr]
            return csv_response(registry.sheet_rows(game.game_type, report), f"{name}.csv")
        if kind == "findings":
            report = report_in_language(game.current_report.report)  # type: ignore[union-attr]
            return csv_response(findings_rows(report or {}), f"{name}-findings.csv")
        return error_response(
            "format",
            Refusal(
                "EXPORT_FORMAT_UNKNOWN",
                _("format is one of %(formats)s"),
                format=kind,
                formats=["original", "json", "csv", "findings"],
            ),
        )


# --- disputes ------------------------------------------------------------------------


class DisputeListView(APIView):
    """A game's disputes with their whole history; players of the game and organisers open them."""

    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=DisputeSerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        game = game_for(request, pk)
        return Response(DisputeSerializer(selectors.disputes_of(game), many=True).data)

    @extend_schema(request=DisputeSerializer, responses={201: DisputeSerializer})
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        game = game_for(request, pk)
        require(
            permissions.can_dispute(request.user, game),
            request,
            "players of this game and organisers dispute it",
        )
        serializer = DisputeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        try:
            dispute = disputes.dispute_open(
                game=game,
                user=acting_user(request),
                claim=serializer.validated_data["claim"],
                deal=serializer.validated_data.get("deal"),
                trick=serializer.validated_data.get("trick"),
            )
        except services.ServiceError as exc:
            return error_response("deal", exc)
        return Response(DisputeSerializer(selectors.disputes_of(game).get(pk=dispute.pk)).data, status=201)


def dispute_for(request: Request, pk: int, dispute_pk: int) -> Dispute:
    game = game_for(request, pk)
    return get_object_or_404(selectors.disputes_of(game), pk=dispute_pk)


class DisputeDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses=DisputeSerializer)
    def get(self, request: Request, pk: int, dispute_pk: int) -> Response:
        return Response(DisputeSerializer(dispute_for(request, pk, dispute_pk)).data)


class DisputeCommentView(APIView):
    """Add to a dispute's history (its parties and the organisers)."""

    @extend_schema(request=CommentSerializer, responses={201: DisputeSerializer})
    @idempotent
    def post(self, request: Request, pk: int, dispute_pk: int) -> Response:
        dispute = dispute_for(request, pk, dispute_pk)
        allowed = (
            permissions.can_dispute(request.user, dispute.game) or dispute.raised_by_id == request.user.pk
        )
        require(allowed, request, "the dispute's parties and organisers comment on it")
        serializer = CommentSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        disputes.dispute_comment(
            dispute=dispute, user=acting_user(request), text=serializer.validated_data["text"]
        )
        return Response(DisputeSerializer(dispute_for(request, pk, dispute_pk)).data, status=201)


class DisputeDecisionView(APIView):
    """Uphold or reject a dispute (organisers); an upheld one may attach the corrected log."""

    @extend_schema(request=DecisionSerializer, responses=DisputeSerializer)
    @idempotent
    def post(self, request: Request, pk: int, dispute_pk: int) -> Response:
        dispute = dispute_for(request, pk, dispute_pk)
        require(
            permissions.can_decide_dispute(request.user, dispute.game), request, "organisers decide disputes"
        )
        body = json_body(request)  # the bytes as sent, read before DRF parses them
        serializer = DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        # An attached log as the client wrote it, read as an upload is and kept as its revision.
        content = member_bytes(body, request.data, "document") if data.get("document") is not None else None
        try:
            disputes.dispute_decide(
                dispute=dispute,
                user=acting_user(request),
                ruling=data["ruling"],
                decision=data["decision"],
                document=content,
                deal=data.get("deal"),
                seats=data.get("seats"),
                score=data.get("score"),
                expected_revision=data.get("revision"),
            )
        except MalformedDocument as exc:
            return error_response(document_path("document" if content is not None else "ruling", exc), exc)
        except services.ServiceError as exc:
            return error_response("ruling", exc, status.HTTP_409_CONFLICT)
        return Response(DisputeSerializer(dispute_for(request, pk, dispute_pk)).data)
