"""What base.html shows of the reader beyond their name: the disputes waiting for them.

An organiser sees in the header how many disputes of their clubs are open (issue 19: "a count
of open disputes for organisers in the header"), linked to the list of them. The count is read
only when the header is drawn for a signed-in reader (a lazy value: one indexed query), never
for an anonymous page, which stays the same for every visitor.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from django.http import HttpRequest

from games.models import Dispute, Membership


def disputes_to_decide(request: HttpRequest) -> dict[str, Any]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache  # a template calls a callable it is given; once per request is enough
    def count() -> int:
        open_ones = Dispute.objects.filter(status=Dispute.Status.OPEN)
        if not user.is_superuser:
            clubs = Membership.objects.filter(user=user, role=Membership.Role.ORGANISER).values("club_id")
            open_ones = open_ones.filter(game__club_id__in=clubs)
        return open_ones.count()

    return {"disputes_to_decide": count}
