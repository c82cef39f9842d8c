"""``Authorization: Token <token>`` for the API: django-rest-knox's check, with our token model.

knox finds the row by the token's first characters and compares the SHA-512 digest in constant
time; an expired token is refused (401) and deleted. Two changes of ours: knox also loads every
other token of the user on each request to delete the expired ones (the hourly
``accounts.purge_expired_tokens`` does that here, so a request costs one query, as DRF's token
did); and the token's ``last_used`` is kept, written at most once a minute.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.plumbing import build_bearer_security_scheme_object
from knox.auth import TokenAuthentication
from knox.signals import token_expired
from rest_framework.exceptions import AuthenticationFailed

from accounts.models import ApiToken

#: How stale ``last_used`` may be before a request writes it again.
LAST_USED_RESOLUTION = timedelta(minutes=1)


class ApiTokenAuthentication(TokenAuthentication):  # type: ignore[misc]  # knox ships no types
    def authenticate_credentials(self, token: bytes) -> tuple[Any, ApiToken]:
        """A token is printable ASCII: anything else (bytes that are not UTF-8, a NUL, which
        PostgreSQL cannot even be asked about) is refused as a wrong token is, never a 500."""
        try:
            text = token.decode("ascii")
        except UnicodeDecodeError:
            raise AuthenticationFailed() from None
        if not text.isprintable():
            raise AuthenticationFailed()
        return super().authenticate_credentials(token)  # type: ignore[no-any-return]

    def _cleanup_token(self, auth_token: ApiToken) -> bool:
        """Whether this token has expired (and is deleted): the others are the purge's."""
        if auth_token.expiry is None or auth_token.expiry > timezone.now():
            return False
        username = auth_token.user.get_username()
        auth_token.delete()
        token_expired.send(sender=self.__class__, username=username, source="auth_token")
        return True

    def validate_user(self, auth_token: ApiToken) -> tuple[Any, ApiToken]:
        user, token = super().validate_user(auth_token)
        now = timezone.now()
        if token.last_used is None or now - token.last_used >= LAST_USED_RESOLUTION:
            ApiToken.objects.filter(pk=token.pk).update(last_used=now)
            token.last_used = now
        return user, token


class ApiTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The schema's ``tokenAuth``: the header and its ``Token`` prefix, as DRF's token had."""

    target_class = "accounts.authentication.ApiTokenAuthentication"
    name = "tokenAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return build_bearer_security_scheme_object(
            header_name="Authorization", token_prefix=self.target.authenticate_header(None)
        )
