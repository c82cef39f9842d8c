"""REST endpoints of the live scorekeeper (/api/v1/clubs/{slug}/drafts/, /api/v1/drafts/…).

The same conventions as the games and tournaments APIs, and the same rules as the pages: thin
views over :mod:`scorekeeper.services`. The club's scorers and organisers start drafts; only a
draft's scorekeeper enters, undoes and finishes it; an organiser takes it over; the club's
members read it (anyone, for a table of a published tournament). A draft the caller may not read
is a 404; anonymous writes are 401, writes by the wrong role 403. An entry the rules refuse now
is a 409 with the rules' reason and its code (``TRUMP_FIRST``, ``DEALER_HOOK``, …).

Every POST honours an ``Idempotency-Key``; an entry is idempotent by itself too: its
``entry_id`` (the client's) makes a resend the same entry, answered 200 instead of 201.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db.models import Count, QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import generics, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import permissions
from games.api import ErrorSerializer, acting_user, club_for, error_response, require
from games.idempotency import idempotent
from games.refusals import Refusal
from scorekeeper import engine, services
from scorekeeper.models import Draft
from scorekeeper.serializers import (
    DraftDetailSerializer,
    DraftEntryAddSerializer,
    DraftEntrySerializer,
    DraftModeSerializer,
    DraftSerializer,
    DraftStartSerializer,
    UndoSerializer,
)
from tournaments.models import Table

REFUSED = OpenApiResponse(
    ErrorSerializer,
    description="The rules (or the state of the draft) refuse this now: the reason, with its code "
    "in ``error.code``.",
)


def drafts() -> QuerySet[Draft]:
    return (
        Draft.objects.select_related("club", "scorer", "table__round__tournament")
        .annotate(entry_count=Count("entries"))
        .order_by("-created_at", "-id")  # a GROUP BY query leaves Meta.ordering out
    )


def draft_for(request: Request, pk: int) -> Draft:
    """The draft if the caller may read it; 404 otherwise."""
    draft = get_object_or_404(drafts(), pk=pk)
    if not services.can_read(request.user, draft):
        raise Http404("No draft here, or not one you may read.")
    return draft


def detail(draft: Draft, state: engine.State | None = None) -> dict[str, Any]:
    if state is None:
        state = engine.run(services.setup_of(draft), services.entries_of(draft))
    return DraftDetailSerializer(draft, context={"state": state}).data


def refused(exc: Refusal, path: str = "") -> Response:
    """409, the rules' reason and its code (``TRUMP_FIRST``, ``DEALER_HOOK``, …)."""
    return error_response(path, exc, status.HTTP_409_CONFLICT)


class ClubDraftListView(generics.ListAPIView[Draft]):
    """The club's drafts, newest first (members); scorers and organisers start one.

    POST a free game (``players``, ``ruleset``) or a tournament table's game (``table``); an
    open draft of that table is resumed (200) rather than a second one started.
    """

    serializer_class = DraftSerializer
    queryset = Draft.objects.none()  # for the schema; get_queryset scopes it to the club

    def get_queryset(self) -> QuerySet[Draft]:
        if getattr(self, "swagger_fake_view", False):
            return Draft.objects.none()
        club = club_for(self.request, self.kwargs["slug"])
        require(permissions.can_read_club(self.request.user, club), self.request, "only the club's members")
        found = drafts().filter(club=club)
        wanted = self.request.query_params.get("status")
        return found.filter(status=wanted) if wanted else found

    @extend_schema(parameters=[OpenApiParameter("status", str, enum=Draft.Status.values, required=False)])
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=DraftStartSerializer,
        responses={
            201: DraftDetailSerializer,
            200: OpenApiResponse(DraftDetailSerializer, description="The table's open draft, resumed."),
        },
    )
    @idempotent
    def post(self, request: Request, slug: str) -> Response:
        club = club_for(request, slug)
        require(services.can_start(request.user, club), request, "scorers and organisers keep the score")
        serializer = DraftStartSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        user = acting_user(request)
        try:
            if "table" in data:
                table = (
                    Table.objects.select_related("round__tournament")
                    .filter(pk=data["table"], round__tournament__club=club)
                    .first()
                )
                if table is None:
                    return error_response(
                        "table",
                        Refusal(
                            "TABLE_UNKNOWN",
                            _("no table of this club's tournaments has that id"),
                            table=data["table"],
                        ),
                    )
                before = Draft.objects.filter(table=table, status=Draft.Status.OPEN).first()
                draft = services.draft_start_table(
                    table=table,
                    user=user,
                    first_dealer=data.get("first_dealer"),
                    mode=data["mode"],
                    blind_bids=data["blind_bids"],
                )
                created = before is None
            else:
                draft = services.draft_start(
                    club=club,
                    user=user,
                    players=data["players"],
                    ruleset=data.get("ruleset", "classic"),
                    first_dealer=data.get("first_dealer"),
                    seed=data.get("seed"),
                    mode=data["mode"],
                    blind_bids=data["blind_bids"],
                )
                created = True
        except services.ServiceError as exc:
            return error_response("table" if "table" in data else "players", exc)
        return Response(
            detail(draft_for(request, draft.pk)),
            status=status.HTTP_201_CREATED if created else status.HTTP_200_OK,
        )


class DraftDetailView(APIView):
    """A draft: its players and ruleset, the state of the deal (whose turn, what the draft
    expects next) and the sheet so far. PATCH the mode (card by card, or tricks taken)."""

    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=DraftDetailSerializer)
    def get(self, request: Request, pk: int) -> Response:
        return Response(detail(draft_for(request, pk)))

    @extend_schema(request=DraftModeSerializer, responses=DraftDetailSerializer)
    def patch(self, request: Request, pk: int) -> Response:
        draft = draft_for(request, pk)
        require(services.can_write(request.user, draft), request, "only the draft's scorekeeper enters")
        serializer = DraftModeSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        services.draft_set_mode(
            draft=draft, user=acting_user(request), mode=serializer.validated_data["mode"]
        )
        return Response(detail(draft_for(request, pk)))


class EntryListView(APIView):
    """The draft's entries in the order the server received them; its scorekeeper adds one."""

    permission_classes = [permissions.IsAuthenticatedForWrites]

    @extend_schema(responses=DraftEntrySerializer(many=True))
    def get(self, request: Request, pk: int) -> Response:
        draft = draft_for(request, pk)
        return Response(DraftEntrySerializer(draft.entries.select_related("user"), many=True).data)

    @extend_schema(
        request=DraftEntryAddSerializer,
        responses={
            201: DraftDetailSerializer,
            200: OpenApiResponse(DraftDetailSerializer, description="A resend: the entry was in already."),
            409: REFUSED,
        },
    )
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        draft = draft_for(request, pk)
        require(
            services.can_write(request.user, draft),
            request,
            "only the draft's scorekeeper enters; an organiser may take it over",
        )
        serializer = DraftEntryAddSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        return add_entry(request, draft, kind=data["kind"], entry_id=data.get("entry_id"), fields=data)


def add_entry(
    request: Request, draft: Draft, *, kind: str, entry_id: str | None, fields: dict[str, Any]
) -> Response:
    try:
        result = services.entry_add(
            draft=draft,
            user=acting_user(request),
            entry_id=entry_id or uuid.uuid4().hex,
            kind=kind,
            seat=fields.get("seat"),
            value=fields.get("value"),
            card=fields.get("card"),
            blind=fields.get("blind", False),
            taken=fields.get("taken"),
            seats=fields.get("seats"),
        )
    except services.NotScorer as exc:
        return error_response("", exc, status.HTTP_403_FORBIDDEN)
    except engine.Refused as exc:
        return refused(exc)
    except services.ServiceError as exc:
        return error_response("entry_id", exc)
    return Response(
        detail(draft_for(request, draft.pk), result.state),
        status=status.HTTP_201_CREATED if result.created else status.HTTP_200_OK,
    )


class UndoView(APIView):
    """Undo the last entry standing: an entry of its own (the entries are never changed)."""

    @extend_schema(
        request=UndoSerializer,
        responses={
            201: DraftDetailSerializer,
            200: OpenApiResponse(DraftDetailSerializer, description="A resend: the undo was in already."),
            409: REFUSED,
        },
    )
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        draft = draft_for(request, pk)
        require(services.can_write(request.user, draft), request, "only the draft's scorekeeper enters")
        serializer = UndoSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return add_entry(
            request, draft, kind="undo", entry_id=serializer.validated_data.get("entry_id"), fields={}
        )


class TakeOverView(APIView):
    """An organiser of the club becomes the draft's scorekeeper."""

    @extend_schema(request=None, responses=DraftDetailSerializer)
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        draft = draft_for(request, pk)
        require(services.can_take_over(request.user, draft), request, "only organisers take a draft over")
        services.draft_take_over(draft=draft, user=acting_user(request))
        return Response(detail(draft_for(request, pk)))


class FinishView(APIView):
    """Turn the draft into the standard log and record it as the game's first revision (a
    table's game enters the standings). 409 until every deal of the schedule is played."""

    @extend_schema(
        request=None,
        responses={
            201: OpenApiResponse(
                description="Recorded: the draft, the game's id and status, the replay's report."
            ),
            400: OpenApiResponse(
                ErrorSerializer, description="The upload refused the log (kept as rejected)."
            ),
            409: REFUSED,
        },
    )
    @idempotent
    def post(self, request: Request, pk: int) -> Response:
        draft = draft_for(request, pk)
        require(services.can_write(request.user, draft), request, "only the draft's scorekeeper finishes it")
        try:
            finished = services.draft_finish(draft=draft, user=acting_user(request))
        except services.NotScorer as exc:
            return error_response("", exc, status.HTTP_403_FORBIDDEN)
        except services.ServiceError as exc:
            return refused(exc)
        upload = finished.upload
        if finished.draft.game is None:
            if finished.refusal is not None:
                return error_response(finished.refusal.path, finished.refusal, upload=upload.pk)
            error = upload.error or {}
            return error_response(str(error.get("path", "")), error, upload=upload.pk)
        game = finished.draft.game
        report = game.current_report.report if game.current_report else None
        return Response(
            {
                "draft": finished.draft.pk,
                "game": game.pk,
                "upload": upload.pk,
                "status": game.status,
                "report": report,
            },
            status=status.HTTP_201_CREATED,
        )
