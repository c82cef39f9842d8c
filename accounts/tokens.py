"""API tokens: issue one per sign-in, list a user's own, revoke one or all (issue 21, item 3).

django-rest-knox makes the token and keeps only its digest (accounts.models.ApiToken); this
module is what the API, the tokens page, the password hook and the membership receivers call.
A token dies when it expires, when its owner revokes it or signs out with it, when the owner's
password changes or is reset, and when the owner stops being an organiser of a club.
"""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from knox.models import get_digest_token
from knox.settings import CONSTANTS, knox_settings

from accounts.models import NAME_LENGTH, ApiToken, User

logger = logging.getLogger(__name__)


def live_tokens(*, user: User) -> QuerySet[ApiToken]:
    """The user's tokens that still sign in, the newest first."""
    return ApiToken.objects.filter(user=user).filter(Q(expiry__isnull=True) | Q(expiry__gt=timezone.now()))


def token_issue(*, user: User, name: str = "") -> tuple[ApiToken, str]:
    """A new token for ``user`` named ``name``: the row, and the token itself (shown only now).

    A user keeps at most ``API_TOKENS_PER_USER`` live tokens: past that the one used longest
    ago goes, so a script that signs in at every run (as DRF's one token per user allowed)
    does not pile rows up. The user's expired tokens are deleted on the way."""
    name = " ".join(name.split())[:NAME_LENGTH]
    # knox's random token (TOKEN_PREFIX and 64 hex digits) and its digest.
    digest: str
    key: str
    digest, key = get_digest_token()
    ttl: timedelta = knox_settings.TOKEN_TTL
    with transaction.atomic():
        # The user's row is the lock: two sign-ins at once keep the limit between them.
        User.objects.select_for_update().filter(pk=user.pk).first()
        ApiToken.objects.filter(user=user, expiry__lte=timezone.now()).delete()
        live = live_tokens(user=user).order_by(F("last_used").asc(nulls_first=True), "created", "id")
        excess = live.count() - settings.API_TOKENS_PER_USER + 1
        if excess > 0:
            ApiToken.objects.filter(pk__in=list(live.values_list("pk", flat=True)[:excess])).delete()
        token = ApiToken.objects.create(
            user=user,
            name=name,
            digest=digest,
            token_key=key[: CONSTANTS.TOKEN_KEY_LENGTH],
            expiry=timezone.now() + ttl,
        )
    return token, key


def token_revoke(*, user: User, token_id: int) -> bool:
    """Revoke one of ``user``'s own tokens; False when they have none of that number."""
    deleted, _rows = ApiToken.objects.filter(user=user, pk=token_id).delete()
    return deleted > 0


def tokens_revoke_all(*, user: User, reason: str) -> int:
    """Revoke every token of ``user``; how many there were. ``reason`` goes to the log."""
    deleted, _rows = ApiToken.objects.filter(user=user).delete()
    if deleted:
        logger.info("api tokens revoked", extra={"user_id": user.pk, "count": deleted, "reason": reason})
    return deleted


def tokens_purge_expired() -> int:
    """Delete every expired token (they are refused from the moment they expire; this only
    keeps the table small). The hourly beat task ``accounts.purge_expired_tokens``."""
    deleted, _rows = ApiToken.objects.filter(expiry__lte=timezone.now()).delete()
    return deleted


class RevokeTokensOnPasswordChange:
    """Revokes a user's API tokens whenever their password changes or is reset.

    Listed in AUTH_PASSWORD_VALIDATORS for Django's ``password_changed`` hook, which
    ``AbstractBaseUser.save`` calls after ``set_password`` — the password change and reset
    pages, the admin, ``manage.py changepassword`` alike — and not when Django only rehashes
    the same password at sign-in. It refuses no password; its help text tells the user."""

    def validate(self, password: str, user: Any = None) -> None:
        return None

    def password_changed(self, password: str, user: Any = None) -> None:
        if user is not None and user.pk is not None:
            tokens_revoke_all(user=user, reason="password changed")

    def get_help_text(self) -> str:
        return _("Setting a new password revokes your API tokens: scripts and apps sign in again.")
