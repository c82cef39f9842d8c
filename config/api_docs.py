"""The API's Swagger UI page under the site's Content-Security-Policy.

Swagger UI (drf-spectacular's split view: its start-up script is a file, no inline script)
sets style attributes as it draws, so this one page's policy also allows inline styles; scripts
stay the site's own only. Every other page keeps the strict policy (config.middleware)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from drf_spectacular.utils import extend_schema
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.request import Request
from rest_framework.response import Response


class ApiDocsView(SpectacularSwaggerSplitView):
    @extend_schema(exclude=True)  # the page of the schema, not an operation of it
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        response: Response = super().get(request, *args, **kwargs)  # type: ignore[no-untyped-call]
        policy = str(getattr(settings, "CONTENT_SECURITY_POLICY", ""))
        if policy:
            response["Content-Security-Policy"] = policy.replace(
                "style-src 'self'", "style-src 'self' 'unsafe-inline'"
            )
        return response
