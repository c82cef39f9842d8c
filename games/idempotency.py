"""Idempotency-Key for POSTs: a retried request gets the first response again.

Follows the IETF Idempotency-Key header draft: the key is the client's,
scoped to the user; a repeat with the same key and the same body returns the
stored response (marked ``Idempotent-Replayed: true``); the same key with a
different body is refused with 422, since it can only be a client bug.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from rest_framework.request import Request
from rest_framework.response import Response

from games.models import IdempotencyKey
from games.refusals import Refusal, error_object

HEADER = "HTTP_IDEMPOTENCY_KEY"
MAX_KEY_LENGTH = 255
#: The header as a client writes it: the path of its refusals.
HEADER_NAME = "Idempotency-Key"


def idempotent(view_method: Callable[..., Response]) -> Callable[..., Response]:
    """Wrap a DRF view method (POST) so it honours the Idempotency-Key header."""

    @functools.wraps(view_method)
    def wrapper(self: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.META.get(HEADER, "").strip()
        if not key or not request.user.is_authenticated:
            return view_method(self, request, *args, **kwargs)
        if len(key) > MAX_KEY_LENGTH:
            too_long = Refusal(
                "IDEMPOTENCY_KEY_TOO_LONG", _("longer than %(limit)s characters"), limit=MAX_KEY_LENGTH
            )
            return Response({"error": error_object(HEADER_NAME, too_long)}, 400)
        method = request.method or "POST"
        fingerprint = hashlib.sha256(f"{method} {request.path}\n".encode() + request.body).hexdigest()
        stored = IdempotencyKey.objects.filter(user=request.user, key=key).first()
        if stored is not None:
            return _replay(stored, fingerprint)
        response = view_method(self, request, *args, **kwargs)
        if response.status_code < 500:
            try:
                with transaction.atomic():
                    IdempotencyKey.objects.create(
                        user=request.user,
                        key=key,
                        method=method,
                        path=request.path[:500],
                        fingerprint=fingerprint,
                        status_code=response.status_code,
                        response=response.data,
                    )
            except IntegrityError:
                # A concurrent retry stored its response first: answer as it did.
                return _replay(IdempotencyKey.objects.get(user=request.user, key=key), fingerprint)
        return response

    return wrapper


def _replay(stored: IdempotencyKey, fingerprint: str) -> Response:
    if stored.fingerprint != fingerprint:
        reused = Refusal(
            "IDEMPOTENCY_KEY_REUSED", _("this key was already used for a different request; use a new key")
        )
        return Response({"error": error_object(HEADER_NAME, reused)}, status=422)
    response = Response(stored.response, status=stored.status_code)
    response["Idempotent-Replayed"] = "true"
    return response
