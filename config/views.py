"""Project-wide views: the landing page and the API root and login."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.defaults import page_not_found
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from games.selectors import club_list


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html", {"clubs": club_list()})


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


class ObtainTokenView(ObtainAuthToken):
    """Exchange a username and password for an API token (``Authorization: Token …``).

    Wrong passwords count towards django-axes' lockout as on the sign-in page; a locked-out
    username is answered 429 with the reason (the serializer alone would say 400)."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"

    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        try:
            return super().post(request, *args, **kwargs)
        except ValidationError:
            if not _locked(request):
                raise
        return Response(
            {"detail": "Too many sign-in attempts: this username is locked out for a while."}, status=429
        )


def _locked(request: Request) -> bool:
    """Whether django-axes has locked this request's username out (it marks the request)."""
    return bool(
        getattr(request, "axes_locked_out", False) or getattr(request._request, "axes_locked_out", False)
    )


def not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """404 for a URL no view matches: JSON under /api/ (what an API client parses), the
    site's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": "Not found."}, status=404)
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
