"""Every JSON a client sends the API, read by the one reader game logs are read with
(rules/jsondoc.py; issue 21, "one JSON reading for every endpoint and every log").

DRF's own JSONParser lets a ``RecursionError`` through (``[`` five thousand times is a 500 on
every endpoint), keeps the last of two equal keys, and takes lone surrogates and NUL, which
the database then refuses. :class:`StrictJSONParser` is the API's parser for JSON bodies
(``DEFAULT_PARSER_CLASSES``): nesting bounded, a key written twice, a lone surrogate, a
control character, NaN or a number too large refused at their path, the body's size bounded
by ``DATA_UPLOAD_MAX_MEMORY_SIZE`` — answered 400 in the API's one error shape,
``{"error": {path, message, code, params, text}}`` (games.refusals.error_object).

A JSON value sent in a form field (``table_points`` in a multipart body) is read the same
way by :class:`StrictJSONField`, and ``null`` there is refused unless the field allows it,
as it is in a JSON body.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import BaseParser

from games.refusals import error_object
from rules.errors import MalformedDocument
from rules.jsondoc import load_json, member_texts


class JSONBodyRefused(ParseError):
    """A JSON body the reader refused: a 400 whose body is the API's error object (DRF answers
    a dict ``detail`` as it is)."""

    def __init__(self, refusal: MalformedDocument) -> None:
        super().__init__(code="parse_error")
        self.refusal = refusal
        self.detail = {"error": error_object(refusal.path, refusal)}

    def get_codes(self) -> Any:
        return "parse_error"

    def get_full_details(self) -> Any:
        return self.detail


def read_body(raw: bytes | str) -> Any:
    """A request's JSON as the API reads it: strict, received now, repeated keys refused, at
    most ``DATA_UPLOAD_MAX_MEMORY_SIZE`` bytes; MalformedDocument with the path otherwise."""
    return load_json(
        raw, received=True, refuse_repeated_keys=True, max_bytes=settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    )


class StrictJSONParser(BaseParser):
    """The API's JSON parser (config/settings.py REST_FRAMEWORK ``DEFAULT_PARSER_CLASSES``)."""

    media_type = "application/json"

    def parse(
        self, stream: IO[Any], media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        # One byte past the bound is enough to know the body is too large.
        raw = stream.read(settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
        try:
            return read_body(raw)
        except MalformedDocument as exc:
            raise JSONBodyRefused(exc) from None


class StrictJSONField(serializers.JSONField):
    """A serializer's JSON value; in a form body (text to read as JSON), read by the one reader,
    and its ``null`` refused unless ``allow_null``."""

    def to_internal_value(self, data: Any) -> Any:
        if not (self.binary or getattr(data, "is_json_string", False)):
            return super().to_internal_value(data)
        from games.finding_text import error_text

        try:
            value = read_body(data if isinstance(data, bytes | str) else str(data))
        except MalformedDocument as exc:
            sentence = error_text(exc.as_dict())
            raise serializers.ValidationError(
                f"{exc.path}: {sentence}" if exc.path else sentence, code=exc.code or "invalid"
            ) from None
        if value is None and not self.allow_null:
            self.fail("null")
        return value


def json_body(request: Any) -> bytes | None:
    """The bytes of a JSON request body, read before DRF parses it (after, Django has let the
    stream go); None for a form or multipart body."""
    if (request.content_type or "").split(";")[0].strip() != StrictJSONParser.media_type:
        return None
    body: bytes = request.body
    return body


def member_bytes(body: bytes | None, data: Any, name: str) -> bytes | None:
    """A request member exactly as the client wrote it (a correction's ``document``, kept as its
    revision's bytes): its text in the JSON ``body`` (:func:`json_body`, already read by
    :class:`StrictJSONParser`), or the text of the form field; None when not sent."""
    if body is not None:
        text = member_texts(body).get(name)
        return None if text is None else text.encode("utf-8")
    value = data.get(name) if hasattr(data, "get") else None
    if value is None:
        return None
    if isinstance(value, bytes):
        return value
    if hasattr(value, "read"):  # a multipart file
        content: bytes = value.read()
        return content
    return str(value).encode("utf-8")
