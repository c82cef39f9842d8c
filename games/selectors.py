"""Reads of the games app."""

from __future__ import annotations

from django.db.models import Count, QuerySet

from games.models import Club


def club_list() -> QuerySet[Club]:
    """Every club with its member count, for the landing page."""
    return Club.objects.annotate(member_count=Count("memberships")).order_by("name")
