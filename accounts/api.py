"""The API's sign-in and its tokens: sign in for a named token, list and revoke your own, sign out.

``POST auth/token/`` still answers ``{"token"}`` as it did when DRF kept one token per user; it
now issues a new token at each sign-in, with its number, name and expiry beside it
(docs/api.md, "Tokens"). Every route here acts on the caller's own tokens only.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.generics import ListAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from accounts import tokens
from accounts.models import NAME_LENGTH, ApiToken, User


class SignInSerializer(AuthTokenSerializer):
    token = None  # type: ignore[assignment]  # the answer is IssuedTokenSerializer's
    name = serializers.CharField(
        max_length=NAME_LENGTH,
        required=False,
        allow_blank=True,
        help_text="The device or script the token is for, as the token list will show it; "
        "the User-Agent header when left out.",
    )


class ApiTokenSerializer(serializers.ModelSerializer[ApiToken]):
    current = serializers.SerializerMethodField(help_text="Whether this request came with this token.")

    class Meta:
        model = ApiToken
        fields = ("id", "name", "created", "last_used", "expiry", "current")
        read_only_fields = fields

    def get_current(self, token: ApiToken) -> bool:
        request = self.context.get("request")
        used = getattr(request, "auth", None)
        return isinstance(used, ApiToken) and used.pk == token.pk


class IssuedTokenSerializer(serializers.ModelSerializer[ApiToken]):
    token = serializers.SerializerMethodField(
        help_text="Send it as `Authorization: Token <token>`; shown only this once."
    )

    class Meta:
        model = ApiToken
        fields = ("token", "id", "name", "created", "expiry")
        read_only_fields = fields

    def get_token(self, token: ApiToken) -> str:
        return str(self.context["key"])


class ObtainTokenView(APIView):
    """Exchange a username and password for a new API token (``Authorization: Token …``).

    Each sign-in issues its own token, named for the device (``name``, else the User-Agent),
    expiring after API_TOKEN_TTL_DAYS. Wrong passwords count towards django-axes' lockout as on
    the sign-in page; a locked-out username is answered 429 with the reason (the serializer
    alone would say 400)."""

    authentication_classes: list[Any] = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "auth"
    serializer_class = SignInSerializer

    @extend_schema(request=SignInSerializer, responses={200: IssuedTokenSerializer})
    def post(self, request: Request) -> Response:
        serializer = SignInSerializer(data=request.data, context={"request": request})
        try:
            serializer.is_valid(raise_exception=True)
        except ValidationError:
            if not _locked(request):
                raise
            return Response(
                {"detail": "Too many sign-in attempts: this username is locked out for a while."}, status=429
            )
        user: User = serializer.validated_data["user"]
        name = serializer.validated_data.get("name") or request.META.get("HTTP_USER_AGENT", "")
        token, key = tokens.token_issue(user=user, name=name)
        return Response(IssuedTokenSerializer(token, context={"key": key}).data)


def _locked(request: Request) -> bool:
    """Whether django-axes has locked this request's username out (it marks the request)."""
    return bool(
        getattr(request, "axes_locked_out", False) or getattr(request._request, "axes_locked_out", False)
    )


class TokenListView(ListAPIView[ApiToken]):
    """Your live API tokens, the newest first (``current``: the one this request came with)."""

    serializer_class = ApiTokenSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self) -> Any:
        if getattr(self, "swagger_fake_view", False):  # the schema's generator has no user
            return ApiToken.objects.none()
        return tokens.live_tokens(user=self.request.user)  # type: ignore[arg-type]


class TokenDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def delete(self, request: Request, pk: int) -> Response:
        """Revoke one of your tokens (404 for a number that is not one of yours)."""
        if not tokens.token_revoke(user=request.user, token_id=pk):  # type: ignore[arg-type]
            raise NotFound()
        return Response(status=status.HTTP_204_NO_CONTENT)


class SignOutView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        """Sign out: revoke the token this request came with (signed in by the session, there is
        none to revoke)."""
        if isinstance(request.auth, ApiToken):
            tokens.token_revoke(user=request.user, token_id=request.auth.pk)  # type: ignore[arg-type]
        return Response(status=status.HTTP_204_NO_CONTENT)


class SignOutEverywhereView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None})
    def post(self, request: Request) -> Response:
        """Revoke every token of yours, the one this request came with included."""
        tokens.tokens_revoke_all(user=request.user, reason="signed out everywhere")  # type: ignore[arg-type]
        return Response(status=status.HTTP_204_NO_CONTENT)
