"""What a log or a request puts in a column, checked against the column before the database
sees it (issue 21: "every text field the database keeps checked against its column").

PostgreSQL refuses a text longer than its ``varchar`` and a number outside its integer's
range with a DataError, at the end of a transaction that may hold a whole import chunk;
SQLite keeps both, or fails on a number past 64 bits. So the bounds checked here are
Django's portable ones (a CharField's ``max_length``, the integer ranges of
:class:`BaseDatabaseOperations`), on every backend: the same log gets the same answer
everywhere, and the answer is a refusal with the path of what is too long or too large,
never a server error. Characters no text may hold (NUL, lone surrogates) are refused
earlier, by the one JSON reader (rules/jsondoc.py), for every document.

Text the site writes about a request (a file's name, a refusal's path) is not refused but
made to fit: :func:`fit`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models
from django.db.backends.base.operations import BaseDatabaseOperations
from django.utils.translation import gettext_lazy as _

from games.refusals import DocumentRefusal
from rules.jsondoc import RECEIVED

#: The integer ranges of Django's fields, as every backend but SQLite enforces them.
INTEGER_RANGES: Mapping[str, tuple[int, int]] = BaseDatabaseOperations.integer_field_ranges


def column(model: type[models.Model], name: str) -> models.Field[Any, Any]:
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)
    return field


def refusal(model: type[models.Model], name: str, value: Any, path: str) -> DocumentRefusal | None:
    """Why ``value`` cannot be kept in ``model.name``, at ``path``; None when it can."""
    field = column(model, name)
    if isinstance(value, str):
        most = getattr(field, "max_length", None)
        if most is not None and len(value) > most:
            return DocumentRefusal(
                path,
                "COLUMN_TOO_LONG",
                _("at most %(most)d characters can be kept here, not %(count)d"),
                most=most,
                count=len(value),
            )
        return None
    if type(value) is int:
        bounds = INTEGER_RANGES.get(field.get_internal_type())
        if bounds is not None and not bounds[0] <= value <= bounds[1]:
            return DocumentRefusal(
                path,
                "COLUMN_NUMBER_RANGE",
                _("%(value)s is more than can be kept here (from %(low)s to %(high)s)"),
                value=value if len(str(value)) <= 40 else f"{str(value)[:40]}…",
                low=bounds[0],
                high=bounds[1],
            )
    return None


def first_refusal(model: type[models.Model], values: Mapping[str, Any], path: str) -> DocumentRefusal | None:
    """The first value of ``values`` (column name → value) that ``model`` cannot keep."""
    for name, value in values.items():
        found = refusal(model, name, value, path)
        if found is not None:
            return found
    return None


def fit(model: type[models.Model], name: str, value: str) -> str:
    """Text the site keeps about a request, made to fit its column: what no text may hold
    replaced (U+FFFD), and cut to the column's length."""
    cleaned = RECEIVED.sub("\ufffd", value)
    most = getattr(column(model, name), "max_length", None)
    if most is not None and len(cleaned) > most:
        cleaned = cleaned[: most - 1] + "…"
    return cleaned


def fit_json(value: Any) -> Any:
    """A JSON value the site keeps about a request (a refusal's parameters), with what no text
    column may hold replaced in every string (PostgreSQL's jsonb refuses ``\\u0000`` too)."""
    if isinstance(value, str):
        return RECEIVED.sub("\ufffd", value)
    if isinstance(value, dict):
        return {fit_json(key): fit_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [fit_json(item) for item in value]
    return value
