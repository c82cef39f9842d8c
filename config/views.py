"""Project-wide views: the landing page, the API root, the 404 and the language choice."""

from __future__ import annotations

from django.db.models import F, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.defaults import page_not_found
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView

from games import invitations, selectors
from games.models import GameSeat
from games.selectors import club_list
from tournaments.models import Tournament

#: How many tournaments and games the home page lists in each of its lists.
HOME_LIST = 8


def home(request: HttpRequest) -> HttpResponse:
    """The clubs, the tournaments running and coming, and the latest results, of what the
    visitor may see: published tournaments and public games, and a member's own clubs' too."""
    user = request.user
    tournaments = Tournament.objects.select_related("club")
    if not user.is_superuser:
        published = Q(published=True)
        if user.is_authenticated:
            published |= Q(club__memberships__user=user)
        tournaments = tournaments.filter(published).distinct()
    running = tournaments.filter(status=Tournament.Status.RUNNING).order_by("-starts_at", "-id")[:HOME_LIST]
    coming = tournaments.filter(status=Tournament.Status.REGISTRATION).order_by("starts_at", "id")[:HOME_LIST]
    latest = (
        selectors.games_visible_to(user)
        .exclude(current_report=None)
        .select_related("club")
        .prefetch_related(Prefetch("seats", queryset=GameSeat.objects.select_related("player")))
        .order_by(F("played_at").desc(nulls_last=True), "-id")[:HOME_LIST]
    )
    context = {
        "clubs": club_list(),
        "running": list(running),
        "coming": list(coming),
        "latest": list(latest),
        "invitations": list(invitations.open_for_user(user)),  # type: ignore[arg-type]
    }
    return render(request, "home.html", context)


class ApiRootView(APIView):
    """Where the API starts: its version and the entry points."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "ApiRoot",
            {
                "version": serializers.CharField(),
                "links": serializers.DictField(child=serializers.URLField()),
            },
        )
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "version": request.version,
                "links": {
                    "auth-token": reverse("v1:auth-token", request=request),
                    "schema": reverse("schema", request=request),
                    "docs": reverse("api-docs", request=request),
                },
            }
        )


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 for a URL no view matches: JSON under /api/ (what an API client parses), the
    site's page elsewhere."""
    if request.path.startswith("/api/"):
        from rest_framework.exceptions import NotFound

        # As every other 404 of the API (config.api_errors): DRF's sentence, in the reader's language.
        return JsonResponse(
            {"detail": str(NotFound.default_detail), "code": NotFound.default_code}, status=404
        )
    return page_not_found(request, exception or Http404())


def choose_language(request: HttpRequest) -> HttpResponse:
    """GET ``?language=uk&next=/path/``: keep the choice in the language cookie and go back.

    The language form of an anonymous visitor's pages: those pages are the same for
    every visitor so the proxy's micro-cache can share them (docs/deployment.md), so
    they carry no per-visitor CSRF token and cannot post to Django's set_language.
    A GET that only sets the reader's own language needs none, and works without
    scripts. A language we do not have is a 400; ``next`` must be on this site.
    """
    from django.conf import settings
    from django.http import HttpResponseBadRequest, HttpResponseRedirect
    from django.utils.http import url_has_allowed_host_and_scheme

    language = request.GET.get("language", "")
    if language not in dict(settings.LANGUAGES):
        return HttpResponseBadRequest("No such language.")
    target = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        target = "/"
    response = HttpResponseRedirect(target)
    if request.user.is_authenticated and getattr(request.user, "language", language) != language:
        # The mail the services send a user (a dispute opened or decided) is in this language.
        type(request.user).objects.filter(pk=request.user.pk).update(language=language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response
