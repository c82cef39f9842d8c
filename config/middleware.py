"""Request ids: one per request, in every log line and in the response.

A club reporting "the upload failed at 21:14" can quote the X-Request-ID
the page showed, and the operator finds every line of that request. An id
sent by a trusted proxy is kept when it looks like one; anything else is
replaced, so a client cannot inject text into the logs.

Also here: the request body's size limit, and the Cache-Control that tells a
shared cache which responses it may keep.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections.abc import Callable
from contextvars import ContextVar

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers

request_id_var: ContextVar[str | None] = ContextVar("request_id", default=None)

_VALID_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")
logger = logging.getLogger("trickbook.request")


class RequestIdFilter(logging.Filter):
    """Adds ``request_id`` to every log record (None outside a request)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id_var.get()
        return True


class ExpectedRefusalFilter(logging.Filter):
    """A 403 or 404 is the site doing its job (a page the reader may not see, a write not
    theirs to do): django.request logs it as one line, without the traceback of the
    PermissionDenied or Http404 that produced it. Server errors keep theirs."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "status_code", None) in (403, 404):
            record.exc_info = None
            record.exc_text = None
        return True


class RequestIdMiddleware:
    header = "HTTP_X_REQUEST_ID"

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        incoming = request.META.get(self.header, "")
        request_id = incoming if _VALID_ID.match(incoming) else uuid.uuid4().hex
        request.request_id = request_id  # type: ignore[attr-defined]
        token = request_id_var.set(request_id)
        started = time.perf_counter()
        try:
            response = self.get_response(request)
            response["X-Request-ID"] = request_id
            logger.info(
                "request",
                extra={
                    "method": request.method,
                    "path": request.path,
                    "status": response.status_code,
                    "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                },
            )
            return response
        finally:
            request_id_var.reset(token)


class BodySizeLimitMiddleware:
    """Refuse a request body larger than the site takes before anything reads it: 413, as JSON
    under /api/ (issue 11: "100 MB bodies → a clean 400/413 … request size limits set").

    A body that is not multipart (a JSON log, a form) may be ``DATA_UPLOAD_MAX_MEMORY_SIZE``
    (``MAX_UPLOAD_BYTES``); a multipart body (files, a bulk import's archives) up to
    ``MAX_REQUEST_BYTES``. Only the declared ``Content-Length`` is read here; a body sent
    without one is still bounded by Django's own limits when read."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        multipart = request.META.get("CONTENT_TYPE", "").startswith("multipart/")
        limit = settings.MAX_REQUEST_BYTES if multipart else settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if length > limit:
            message = f"the request body is {length} bytes; this site takes at most {limit}"
            if request.path.startswith("/api/"):
                return JsonResponse({"detail": message}, status=413)
            return HttpResponse(message, status=413, content_type="text/plain; charset=utf-8")
        return self.get_response(request)


class SharedCacheHeadersMiddleware:
    """Say which responses a shared cache may keep (the nginx micro-cache, docs/deployment.md).

    Public only when nothing about the caller can be in the response: a GET or HEAD answered
    200 to a request with no session cookie and no Authorization header, setting no cookie,
    about which the view said nothing itself. Such a response may be kept
    ``PUBLIC_CACHE_SECONDS`` by a shared cache (``s-maxage``) while browsers ask again
    (``max-age=0``). Every response to an identified caller, and every response that sets a
    cookie (a CSRF token, a message), is marked ``private`` whatever the view said: a proxy
    that forgot to bypass its cache for signed-in users still cannot share a member's page.

    It sits above the session, CSRF and locale middleware, so it sees the cookies and the
    ``Vary`` they add; it reads only headers, never the session (no query)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        identified = settings.SESSION_COOKIE_NAME in request.COOKIES or "HTTP_AUTHORIZATION" in request.META
        if identified or response.cookies:
            patch_cache_control(response, private=True)
        elif (
            request.method in ("GET", "HEAD")
            and response.status_code == 200
            and not response.has_header("Cache-Control")
            and settings.PUBLIC_CACHE_SECONDS > 0
        ):
            patch_cache_control(response, public=True, max_age=0, s_maxage=settings.PUBLIC_CACHE_SECONDS)
            # The language may come from a cookie as well as from Accept-Language.
            patch_vary_headers(response, ("Cookie", "Accept-Language"))
        return response


class ContentSecurityPolicyMiddleware:
    """Send the Content-Security-Policy of settings.CONTENT_SECURITY_POLICY on every response
    that has none (issue 21, item 9): scripts and styles from this site only, no inline script
    or style, no plug-ins, no framing, forms posting here only. Every environment sends it, so
    the browser tests run under the policy production has (tests/conftest.py fails a browser
    test on any violation the page reports)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
