"""Load the demo club: members with every role, and its roster.

Run by ``make demo`` on every start; it does nothing when the database
already holds a club, so a second run is instant and never duplicates.
Refuses to run in production, where known passwords must never exist.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from games.models import Club, Membership
from games.services import club_create, membership_set, player_get_or_create

DEMO_PASSWORD = "trickbook-demo"  # noqa: S105 - demo data, refused in production
DEMO_CLUB = "Клуб «Козырь»"
DEMO_SLUG = "kozyr"
#: username, display name, role in the demo club
DEMO_MEMBERS = [
    ("olga", "Ольга", Membership.Role.ORGANISER),
    ("petro", "Петро", Membership.Role.SCORER),
    ("taras", "Тарас", Membership.Role.MEMBER),
    ("vera", "Вера", Membership.Role.MEMBER),
    ("gleb", "Глеб", Membership.Role.MEMBER),
]


class Command(BaseCommand):
    help = "Load the demo club when the database holds none (development only)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--force", action="store_true", help="load even when clubs exist")

    @transaction.atomic
    def handle(self, *args: Any, force: bool = False, **options: Any) -> None:
        if settings.PRODUCTION:
            raise CommandError(
                "load_demo creates accounts with a known password; it never runs in production."
            )
        if Club.objects.exists() and not force:
            self.stdout.write("Demo data: the database already holds a club; nothing loaded.")
            return
        user_model = get_user_model()
        admin, created = user_model.objects.get_or_create(
            username="admin", defaults={"is_staff": True, "is_superuser": True, "display_name": "Admin"}
        )
        if created:
            admin.set_password(DEMO_PASSWORD)
            admin.save()
        users = {}
        for username, display_name, _role in DEMO_MEMBERS:
            user, created = user_model.objects.get_or_create(
                username=username, defaults={"display_name": display_name}
            )
            if created:
                user.set_password(DEMO_PASSWORD)
                user.save()
            users[username] = user
        club = Club.objects.filter(slug=DEMO_SLUG).first() or club_create(
            name=DEMO_CLUB, slug=DEMO_SLUG, user=users["olga"]
        )
        for username, display_name, role in DEMO_MEMBERS:
            membership_set(club=club, user=users[username], role=role)
            player_get_or_create(club=club, display_name=display_name, user=users[username])
        self.stdout.write(
            self.style.SUCCESS(f"Demo data: loaded {club.name} with {len(DEMO_MEMBERS)} members.")
        )
