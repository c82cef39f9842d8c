"""The user model, and the API tokens a user signs in with.

A custom model from the first migration, because swapping AUTH_USER_MODEL
later means rewriting every foreign key. A user is a person who signs in; a
club's roster entry for a card player is games.Player, which may point here.
"""

from django.contrib.auth.models import AbstractUser
from django.db import models
from knox.settings import CONSTANTS

#: The longest name a token may be given (a device's or a script's).
NAME_LENGTH = 100


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


class ApiToken(models.Model):
    """An API token: one per device or script that signed in, each with its own name and expiry.

    django-rest-knox makes and checks it (KNOX_TOKEN_MODEL; accounts.tokens, accounts
    authentication): the token itself is shown once, at sign-in; only its SHA-512 digest is
    kept, and its first characters to find the row. The fields knox reads are those of its
    ``AbstractAuthToken``, written out here (knox ships no types, and a model the type checker
    cannot see is no model to it); a number of our own is the primary key, so a token can be
    named in a URL (to revoke it) without its digest."""

    id = models.BigAutoField(primary_key=True)
    digest = models.CharField(max_length=CONSTANTS.DIGEST_LENGTH, unique=True)
    token_key = models.CharField(
        max_length=CONSTANTS.MAXIMUM_TOKEN_PREFIX_LENGTH + CONSTANTS.TOKEN_KEY_LENGTH, db_index=True
    )
    # knox's name for a user's tokens (user.auth_token_set), kept.
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="auth_token_set")
    created = models.DateTimeField(auto_now_add=True)
    expiry = models.DateTimeField(null=True, blank=True)
    name = models.CharField(
        max_length=NAME_LENGTH,
        blank=True,
        help_text="The device or script the token was issued to, as the client named it at sign-in.",
    )
    last_used = models.DateTimeField(
        null=True, blank=True, help_text="When a request last came with it (to the minute)."
    )

    class Meta:
        verbose_name = "API token"
        ordering = ("-created", "-id")

    def __str__(self) -> str:
        return f"{self.name or '—'} ({self.user})"
