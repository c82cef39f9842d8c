"""Clubs, their members' roles, and their rosters of card players."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower


class Club(models.Model):
    name = models.CharField(max_length=200)
    slug = models.SlugField(max_length=80, unique=True, allow_unicode=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A user's role in a club: what they may do there."""

    class Role(models.TextChoices):
        ORGANISER = "organiser", "Organiser"
        SCORER = "scorer", "Scorer"
        MEMBER = "member", "Member"

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="membership_one_per_user_club")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class Player(models.Model):
    """A club's roster entry for a card player, linked to a user account when they have one."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(max_length=150)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            # "Vera" and "vera" are one player of the club: uploads match names this way.
            models.UniqueConstraint(Lower("display_name"), "club", name="player_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.display_name
