"""The audit log: who changed a club's record, when, from where and why.

The services write an :class:`~games.models.AuditEntry` for every recorded or corrected game,
every dispute opened or decided, and (tournaments) every change of a tie-break order. "From
where" is the client's address and the request id, which :class:`AuditContextMiddleware` puts
in a context variable for the request, so the services need no request argument; outside a
request (a command, a Celery task) both are empty and the entry says so.

The address is ``REMOTE_ADDR``, or the proxy's ``X-Forwarded-For`` entry when the site runs
behind ``AXES_IPWARE_PROXY_COUNT`` trusted proxies (the same setting the sign-in throttle
reads), so a client cannot write its own address into the log.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

from games import recording
from games.models import AuditEntry


@dataclass(frozen=True)
class RequestOrigin:
    ip: str | None
    request_id: str


ORIGIN: ContextVar[RequestOrigin | None] = ContextVar("audit_origin", default=None)


def client_ip(request: HttpRequest) -> str | None:
    """The client's address: REMOTE_ADDR, or the entry the trusted proxies added."""
    proxies = int(getattr(settings, "AXES_IPWARE_PROXY_COUNT", 0) or 0)
    candidate = request.META.get("REMOTE_ADDR", "")
    if proxies:
        forwarded = [
            part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if part.strip()
        ]
        if len(forwarded) >= proxies:
            candidate = forwarded[-proxies]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return None


class AuditContextMiddleware:
    """Keeps the request's origin for the audit entries the services write during it."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        origin = RequestOrigin(ip=client_ip(request), request_id=getattr(request, "request_id", ""))
        token = ORIGIN.set(origin)
        try:
            return self.get_response(request)
        finally:
            ORIGIN.reset(token)


def entry(*, club_id: int, action: str, actor: Any = None, reason: str = "", **fields: Any) -> AuditEntry:
    """An unsaved entry with the current request's origin."""
    origin = ORIGIN.get()
    return AuditEntry(
        club_id=club_id,
        action=action,
        actor=actor,
        reason=reason,
        ip=origin.ip if origin else None,
        request_id=origin.request_id if origin else "",
        **fields,
    )


def record(*, club_id: int, action: str, actor: Any = None, reason: str = "", **fields: Any) -> AuditEntry:
    """Write one entry (inside the caller's transaction, so it lands with the change or not at all)."""
    made = entry(club_id=club_id, action=action, actor=actor, reason=reason, **fields)
    made.save()
    return made


def record_all(entries: Sequence[AuditEntry]) -> None:
    """Write many entries at once (an import chunk)."""
    recording.create_all(AuditEntry, list(entries))
