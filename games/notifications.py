"""Mail about disputes: the club's organisers when one is opened, the game's players when it is decided.

Django's mail framework sends it (the console backend in development and ``make demo``, the
locmem outbox in tests, SMTP in production: docs/deployment.md, "Mail"). Each mail is written
in its reader's language (``User.language``, set by the language switcher; otherwise the
language of the page that caused it) and links to the dispute's page. It is queued after the
transaction commits, as a Celery task, so a slow mail server never holds a request and a
dispute that did not commit sends nothing; a broker that cannot be reached is logged, and the
dispute stands (the pages show it all the same).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from games.models import Dispute, Membership

log = logging.getLogger(__name__)


def _recipients(users: Iterable[User], *, exclude: User | None = None) -> list[User]:
    seen: set[int] = set()
    out = []
    for user in users:
        if user.pk in seen or not user.email or not user.is_active or (exclude and user.pk == exclude.pk):
            continue
        seen.add(user.pk)
        out.append(user)
    return out


def organisers_of(dispute: Dispute) -> list[User]:
    memberships = Membership.objects.filter(club_id=dispute.game.club_id, role=Membership.Role.ORGANISER)
    return list(User.objects.filter(memberships__in=memberships).order_by("pk"))


def players_of(dispute: Dispute) -> list[User]:
    """The users who sat at the game, and whoever raised the dispute."""
    sat = User.objects.filter(players__seats__game_id=dispute.game_id).order_by("pk")
    return [*sat, dispute.raised_by]


def dispute_opened(dispute: Dispute, *, actor: User) -> None:
    """Tell the club's organisers (but the one who opened it) that a dispute waits for them."""
    _queue(dispute.pk, "opened", [u.pk for u in _recipients(organisers_of(dispute), exclude=actor)])


def dispute_decided(dispute: Dispute, *, actor: User) -> None:
    """Tell the game's players (and whoever raised it) how the dispute was decided."""
    _queue(dispute.pk, "decided", [u.pk for u in _recipients(players_of(dispute), exclude=actor)])


def _queue(dispute_id: int, kind: str, user_ids: list[int]) -> None:
    if not user_ids:
        return
    language = translation.get_language() or settings.LANGUAGE_CODE

    def send() -> None:
        from games.tasks import send_dispute_mail

        try:
            send_dispute_mail.delay(dispute_id, kind, user_ids, language)
        except Exception:  # the broker is down: the dispute stands, the mail is lost, say so
            log.exception("dispute %s: the %s mail could not be queued", dispute_id, kind)

    transaction.on_commit(send)


def send(dispute_id: int, kind: str, user_ids: list[int], fallback_language: str) -> int:
    """Write and send one mail per reader, each in the reader's language; how many were sent."""
    dispute = Dispute.objects.select_related("game__club", "raised_by", "decided_by").get(pk=dispute_id)
    url = settings.SITE_URL + reverse("dispute", args=[dispute.pk])
    sent = 0
    for user in User.objects.filter(pk__in=user_ids).order_by("pk"):
        language = user.language or fallback_language
        with translation.override(language):
            context = {"dispute": dispute, "game": dispute.game, "url": url, "reader": user}
            subject = render_to_string(f"games/mail/dispute_{kind}_subject.txt", context).strip()
            body = render_to_string(f"games/mail/dispute_{kind}.txt", context)
        sent += send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
    return sent
