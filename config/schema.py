"""The API schema's error answers, written once for every operation (drf-spectacular hook).

Every operation can answer 401 (no or a bad token), 403 (not allowed), 404 (no such object,
or one you may not see), 429 (a rate limit) and, when it takes input, 400 — each a JSON
object: DRF's ``{"detail": …}``, our ``{"error": {"path", "message"}}`` naming the JSON path of
a malformed document, or a serializer's ``{"field": ["…"]}``. Declaring them keeps the
schema honest for clients and lets schemathesis check every answer against it
(tests/test_schemathesis.py).
"""

from __future__ import annotations

from typing import Any

ERROR_SCHEMA = "ErrorResponse"
ERRORS = {
    "400": "The input is wrong: what and where.",
    "401": "Not signed in, or the token is wrong.",
    "403": "Signed in, but not allowed to do this.",
    "404": "No such object, or not one you may see.",
    "429": "Too many requests: a rate limit or a locked-out sign-in.",
}
#: And on every operation that takes a body.
BODY_ERRORS = {
    "413": "The body is larger than the site takes (MAX_UPLOAD_BYTES).",
    "415": "The body is in a media type this operation does not read.",
}


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """POSTPROCESSING_HOOKS entry: the error schema, and the error answers on each operation."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas[ERROR_SCHEMA] = {
        "type": "object",
        "description": "An error: {detail}, {error: {path, message}}, or {field: [messages]}.",
        "properties": {
            "detail": {"type": "string"},
            "error": {
                "type": "object",
                "properties": {"path": {"type": "string"}, "message": {"type": "string"}},
            },
        },
        "additionalProperties": True,
    }
    reference = {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            errors = {**ERRORS, **(BODY_ERRORS if "requestBody" in operation else {})}
            for code, description in errors.items():
                if code not in responses:
                    responses[code] = {
                        "description": description,
                        "content": {"application/json": {"schema": reference}},
                    }
    return result
