"""A draft game kept by the table's scorekeeper, and its entries (append-only).

The entries are the record: each tap is written once, with the id the
browser gave it (a resend after a dropped connection is the same entry,
not a second one), and never changed; an undo is an entry of its own.
Everything the page shows is the rules engine's replay of the entries.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from games.append_only import AppendOnlyModel
from games.models import Club, Game
from tournaments.models import Table


class Draft(models.Model):
    """One game being kept live: its players, ruleset, first dealer and scorekeeper."""

    class Status(models.TextChoices):
        OPEN = "open", _("Being kept")
        FINISHED = "finished", _("Finished")

    class Mode(models.TextChoices):
        CARDS = "cards", _("Card by card")
        TAKEN = "taken", _("Tricks taken")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="scorekeeper_drafts")
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.PROTECT, related_name="scorekeeper_drafts"
    )
    game_type = models.CharField(max_length=32, default="oh-hell")
    ruleset = models.JSONField(help_text="As the log names it: a preset, or an object of preset and options.")
    players = models.JSONField(help_text="Names in seat order, clockwise.")
    first_dealer = models.PositiveSmallIntegerField()
    lot_seed = models.BigIntegerField(
        null=True, blank=True, help_text="The seed the first dealer was drawn with; empty when set by hand."
    )
    blind_bids = models.BooleanField(default=False)
    mode = models.CharField(max_length=8, choices=Mode.choices, default=Mode.CARDS)
    scorer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="scorekeeper_draft"
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["table"], condition=Q(status="open"), name="scorekeeper_one_open_draft_per_table"
            )
        ]

    def __str__(self) -> str:
        return f"draft #{self.pk} ({', '.join(self.players)})"


class DraftEntry(AppendOnlyModel):
    """One entry of a draft, numbered in the order the server received it."""

    class Kind(models.TextChoices):
        TRUMP = "trump", _("Trump card")
        BID = "bid", _("Bid")
        TAKEN = "taken", _("Tricks taken")
        PLAY = "play", _("Card played")
        TAKE_BACK = "take_back", _("Card taken back")
        HELD = "held", _("Renege let stand")
        EXPOSE = "expose", _("Card exposed")
        OUT_OF_TURN = "out_of_turn", _("Card played out of turn")
        RENEGE = "renege", _("Renege not corrected")
        UNDO = "undo", _("Undo")

    draft = models.ForeignKey(Draft, on_delete=models.CASCADE, related_name="entries")
    number = models.PositiveIntegerField()
    entry_id = models.CharField(max_length=64, help_text="Made by the browser: a resend is the same entry.")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    value = models.SmallIntegerField(null=True, blank=True)
    card = models.CharField(
        max_length=3, blank=True, help_text="Canonical (QH); empty: none (a no-trump deal)."
    )
    blind = models.BooleanField(default=False)
    taken = models.JSONField(null=True, blank=True)
    seats = models.JSONField(
        null=True, blank=True, help_text="A renege marked in tricks-taken mode: the seats that reneged."
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["draft", "number"]
        constraints = [
            models.UniqueConstraint(fields=["draft", "number"], name="scorekeeper_entry_number_unique"),
            models.UniqueConstraint(fields=["draft", "entry_id"], name="scorekeeper_entry_id_unique"),
        ]

    def __str__(self) -> str:
        return f"entry {self.number} of draft #{self.draft_id}: {self.kind}"
