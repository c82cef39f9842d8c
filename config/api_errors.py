"""The API's own refusals (not found, not signed in, not allowed, throttled) as data too.

DRF answers them ``{"detail": "..."}``: the sentence in the request's language (DRF's catalogue),
but no code a client can test, and a Django ``Http404`` keeps Django's English ("No Game matches
the given query."). This handler keeps ``detail`` — clients read it — says a 404 with DRF's own
translated sentence rather than the model's English name, and adds ``code``, DRF's stable code
(``not_found``, ``not_authenticated``, ``permission_denied``, ``throttled``, ...), beside it, as
every refusal of this API carries its code (games.refusals).

A field check (DRF's ``ValidationError``: a missing field, a wrong type, a choice not offered)
is answered in the shape of every other refusal of a request's content, ``{"error": {"path",
"message", "code", "params", "text"}}`` (issue 21, item 12), with ``path`` the JSON path of the
field (``players[2].name``; empty for the body as a whole) and ``code`` DRF's stable code for it
(``required``, ``invalid``, ``does_not_exist``, ``max_length`` …). The first check is ``error``;
``errors`` lists them all when there are several. DRF words its sentence when the check fails,
in the request's language, so ``message`` and ``text`` are that sentence.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404
from rest_framework import exceptions
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler


def field_errors(detail: Any, path: str = "") -> list[dict[str, Any]]:
    """DRF's nested error detail as a list of ``{"path", "message", "code", "params", "text"}``."""
    if isinstance(detail, dict):
        found: list[dict[str, Any]] = []
        for key, value in detail.items():
            inner = path if key in (api_settings.NON_FIELD_ERRORS_KEY, "detail") else _join(path, str(key))
            found.extend(field_errors(value, inner))
        return found
    if isinstance(detail, list):
        found = []
        for index, value in enumerate(detail):
            if isinstance(value, (dict, list)):
                found.extend(field_errors(value, f"{path}[{index}]"))
            else:
                found.extend(field_errors(value, path))
        return found
    text = str(detail)
    code = getattr(detail, "code", None) or "invalid"
    return [{"path": path, "message": text, "code": str(code), "params": {}, "text": text}]


def _join(path: str, key: str) -> str:
    if key.isdigit():
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, exceptions.ValidationError):
        found = field_errors(exc.detail) or [
            {"path": "", "message": "invalid", "code": "invalid", "params": {}, "text": "invalid"}
        ]
        body: dict[str, Any] = {"error": found[0]}
        if len(found) > 1:
            body["errors"] = found
        return Response(body, status=exc.status_code)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(response.data, dict) and "detail" in response.data:
        codes = exc.get_codes()
        response.data["code"] = codes if isinstance(codes, str) else exc.default_code
    return response
