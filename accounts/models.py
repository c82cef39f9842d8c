"""The user model.

A custom model from the first migration, because swapping AUTH_USER_MODEL
later means rewriting every foreign key. A user is a person who signs in; a
club's roster entry for a card player is games.Player, which may point here.
"""

from django.contrib.auth.models import AbstractUser
from django.db import models


class User(AbstractUser):
    display_name = models.CharField(
        max_length=150,
        blank=True,
        help_text="How the user's name is shown on pages; defaults to the username.",
    )
    language = models.CharField(
        max_length=8,
        blank=True,
        help_text="The language the user chose in the header; their mail is written in it.",
    )

    def __str__(self) -> str:
        return self.display_name or self.get_username()
