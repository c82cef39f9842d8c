"""Filters of the game lists (django-filter): club, player, dates, errors, finding code."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from django import forms
from django.db.models import Exists, OuterRef, QuerySet
from django_filters import rest_framework as filters

from games.models import Finding, Game, Upload

#: The largest primary key (a 64-bit signed BigAutoField).
MAX_ID = 2**63 - 1


class IdFilter(filters.NumberFilter):  # type: ignore[misc]
    """A row's id: a whole number from 1 to :data:`MAX_ID`, so a huge or fractional value is a
    400 naming the parameter rather than a database overflow."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class UtcDateTimeFilter(filters.IsoDateTimeFilter):  # type: ignore[misc]
    """An ISO 8601 moment, compared in UTC. ISO 8601 allows an offset up to ±23:59 and
    PostgreSQL keeps one only up to ±15:59 (``?played_after=…+18:41`` was a 500 there), so the
    moment is turned to UTC before it reaches the query: the same instant, an offset both keep."""

    def filter(self, qs: QuerySet[Any], value: datetime | None) -> QuerySet[Any]:
        if value is not None:
            value = value.astimezone(UTC)
        filtered: QuerySet[Any] = super().filter(qs, value)
        return filtered


class GameFilter(filters.FilterSet):  # type: ignore[misc]  # django-filter ships no types
    club = filters.CharFilter(field_name="club__slug", help_text="Club slug.")
    player = IdFilter(field_name="seats__player", help_text="Player id: games they sat in.")
    played_after = UtcDateTimeFilter(field_name="played_at", lookup_expr="gte")
    played_before = UtcDateTimeFilter(field_name="played_at", lookup_expr="lt")
    has_errors = filters.BooleanFilter(
        method="filter_has_errors", help_text="Games whose audit found errors."
    )
    finding = filters.CharFilter(
        method="filter_finding", help_text="A finding code, e.g. RENEGE_UNCORRECTED."
    )
    status = filters.ChoiceFilter(choices=Game.Status.choices)
    game_type = filters.CharFilter()

    class Meta:
        model = Game
        fields = [
            "club",
            "player",
            "played_after",
            "played_before",
            "has_errors",
            "finding",
            "status",
            "game_type",
        ]

    def filter_has_errors(self, queryset: QuerySet[Game], name: str, value: bool | None) -> QuerySet[Game]:
        if value is None:
            return queryset
        if value:
            return queryset.filter(status=Game.Status.ERRORS)
        return queryset.exclude(status=Game.Status.ERRORS)

    def filter_finding(self, queryset: QuerySet[Game], name: str, value: str) -> QuerySet[Game]:
        current = Finding.objects.filter(report=OuterRef("current_report"), code=value.upper())
        return queryset.filter(Exists(current))


class UploadFilter(filters.FilterSet):  # type: ignore[misc]
    status = filters.ChoiceFilter(field_name="outcome", choices=Upload.Outcome.choices)

    class Meta:
        model = Upload
        fields = ["status", "source"]
