"""The API schema's error answers, written once for every operation (drf-spectacular hook).

Every operation can answer 400 (the input is wrong), 401 (no or a bad token), 403 (not
allowed), 404 (no such object, or one you may not see) and 429 (a rate limit); every write can
answer 409 (the club's or the game's rules refuse it in the present state: a last organiser, a
decided dispute, a taken slug, a round already paired …), and every POST 422 (an
``Idempotency-Key`` reused with another body). Each is a JSON object in one of two shapes:
DRF's ``{"detail", "code"}`` for not found, not signed in, not allowed and throttled, or
``{"error": {"path", "message", "code", "params", "text"}}`` (with ``errors``, every check that
failed, when there are several) for everything else — field checks included
(config/api_errors.py). Declaring them keeps the schema honest for clients and lets
schemathesis check every answer against it (tests/test_schemathesis.py).
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
#: On every write: a refusal of the state the request meets.
WRITE_ERRORS = {
    "409": "Refused by the club's or the game's rules as things stand (a conflict): the error's code says which.",
}
#: On every POST (games.idempotency).
POST_ERRORS = {"422": "The Idempotency-Key was used before with another body."}
#: And on every operation that takes a body.
BODY_ERRORS = {
    "413": "The body is larger than the site takes (MAX_UPLOAD_BYTES).",
    "415": "The body is in a media type this operation does not read.",
}


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """POSTPROCESSING_HOOKS entry: the error schema, and the error answers on each operation."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    error_object = {
        "type": "object",
        "required": ["path", "message", "code"],
        "properties": {
            "path": {
                "type": "string",
                "description": "The JSON path of what is wrong; empty for the whole input.",
            },
            "message": {"type": "string"},
            "code": {"type": "string"},
            "params": {"type": "object", "additionalProperties": True},
            "text": {"type": "string"},
        },
    }
    schemas[ERROR_SCHEMA] = {
        "type": "object",
        "description": "An error: {detail, code} (not found, not signed in, not allowed, throttled) or "
        "{error: {path, message, code, params, text}, errors?}. code and params are the refusal as "
        "data; text is the sentence in the request's language (Accept-Language).",
        "properties": {
            "detail": {"type": "string"},
            "code": {"type": "string"},
            "error": error_object,
            "errors": {"type": "array", "items": error_object},
        },
        "anyOf": [{"required": ["detail"]}, {"required": ["error"]}],
        "additionalProperties": True,
    }
    reference = {"$ref": f"#/components/schemas/{ERROR_SCHEMA}"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            errors = {
                **ERRORS,
                **(WRITE_ERRORS if method != "get" else {}),
                **(POST_ERRORS if method == "post" else {}),
                **(BODY_ERRORS if "requestBody" in operation else {}),
            }
            for code, description in errors.items():
                if code not in responses:
                    responses[code] = {
                        "description": description,
                        "content": {"application/json": {"schema": reference}},
                    }
    return result
