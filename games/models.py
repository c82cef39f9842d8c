"""Clubs and their rosters; every uploaded game, kept verbatim; what the engine concluded.

Records are append-only: an upload, a revision, an audit report and its
findings are written once and never changed or deleted (the model refuses,
and on PostgreSQL a trigger refuses too). A correction is a new revision; a
re-audit is a new report. Only the pointers on Game (current revision and
report, status) and a dispute's state move, and a dispute's history is its
own append-only log.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.append_only import AppendOnlyModel


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
        ORGANISER = "organiser", _("Organiser")
        SCORER = "scorer", _("Scorer")
        MEMBER = "member", _("Member")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.MEMBER)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "club"], name="membership_one_per_user_club")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role}) in {self.club}"


class Invitation(models.Model):
    """An organiser's offer of a role in the club to a username, until its holder answers.

    Membership is by invitation (issue 21, item 10): a user named by an organiser
    becomes a member only by accepting, so no one is put in a club, let alone made its
    organiser, without consent. The invitation names the username as typed, not a user:
    it is made whether or not an account of that name exists, so the answer tells the
    organiser nothing about who has an account. Only an account that already existed
    when the invitation was made can accept it (a name registered later cannot take an
    invitation meant for someone else), and only until ``expires_at``.
    """

    class Answer(models.TextChoices):
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        WITHDRAWN = "withdrawn", _("Withdrawn")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    username = models.CharField(max_length=150)
    role = models.CharField(max_length=16, choices=Membership.Role.choices, default=Membership.Role.MEMBER)
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    answer = models.CharField(max_length=16, choices=Answer.choices, blank=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "username"],
                condition=models.Q(answer=""),
                name="invitation_one_open_per_name",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.username} ({self.role}) to {self.club}"


class Player(models.Model):
    """A club's roster entry for a card player, linked to a user account when they have one.

    Names match case-insensitively and whatever the spacing ("Вера" is
    "вера" and "ВЕРА"), through ``name_key``: folded in Python, because
    SQLite's LOWER() leaves Cyrillic alone.
    """

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    display_name = models.CharField(max_length=150)
    name_key = models.CharField(max_length=150, editable=False)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="players"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["display_name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name_key"], name="player_name_unique_in_club"),
        ]

    def __str__(self) -> str:
        return self.display_name

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.display_name = self.clean_name(self.display_name)
        self.name_key = self.key_for(self.display_name)
        if kwargs.get("update_fields") is not None and "display_name" in kwargs["update_fields"]:
            kwargs["update_fields"] = {*kwargs["update_fields"], "name_key"}
        super().save(*args, **kwargs)

    @staticmethod
    def clean_name(name: str) -> str:
        return " ".join(name.split())

    @classmethod
    def key_for(cls, name: str) -> str:
        return cls.clean_name(name).casefold()


class Game(models.Model):
    """One game (партия) at one table, as its current revision and audit report tell it."""

    class Status(models.TextChoices):
        CLEAN = "clean", _("Clean")
        WARNINGS = "warnings", _("Warnings")
        ERRORS = "errors", _("Errors")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="games")
    game_type = models.CharField(max_length=32, help_text="The rules registry key, e.g. oh-hell.")
    ruleset = models.JSONField(help_text="The resolved ruleset of the current revision.")
    played_at = models.DateTimeField(null=True, blank=True)
    public = models.BooleanField(
        default=False, help_text="Readable by anyone (set by publishing a tournament)."
    )
    status = models.CharField(max_length=16, choices=Status.choices)
    totals = models.JSONField(
        help_text="Recomputed totals of the current revision, seat-indexed (each seat's own result)."
    )
    players: models.ManyToManyField[Player, GameSeat] = models.ManyToManyField(
        Player, through="GameSeat", related_name="games"
    )
    current_revision = models.ForeignKey(
        "GameRevision", null=True, on_delete=models.PROTECT, related_name="+"
    )
    current_report = models.ForeignKey("AuditReport", null=True, on_delete=models.PROTECT, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Issue 19, "provisional until settled": true while a dispute on the game is open, or while
    # the table has not confirmed its sheet and the window to do so (confirm_until) has not
    # passed. Kept by games.settlement, which announces every change (game_settled) so the
    # standings and ratings follow; every page and API field that shows a result reads it.
    provisional = models.BooleanField(default=False, db_index=True)
    confirm_until = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Until when the table's players may confirm the sheet or dispute it; empty: no confirmation asked.",
    )

    class Meta:
        ordering = ["-played_at", "-id"]
        indexes = [models.Index(fields=["club", "-played_at"], name="game_club_played")]

    def __str__(self) -> str:
        return f"{self.game_type} game #{self.pk}"


class GameSeat(models.Model):
    """Who sat where: seat index (0-based, clockwise; the document's seat order) to the club's player.

    ``total``, ``contracts_made`` and ``whists`` repeat what the game's
    current report says of this seat (the rules' ``seat_results``: in
    rubber bridge a seat's side's figures), written with the report:
    standings read them for thousands of games at once without scanning
    every deal's rows.
    """

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    total = models.IntegerField(null=True, help_text="The seat's recomputed total in the current report.")
    contracts_made = models.PositiveIntegerField(
        default=0, help_text="Contracts made (the game's rules say which count), per the current report."
    )
    whists = models.IntegerField(
        null=True, blank=True, help_text="The seat's whists, for games that have them (rubber bridge)."
    )

    class Meta:
        ordering = ["game", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="gameseat_one_per_seat")]

    def __str__(self) -> str:
        return f"seat {self.seat} of game #{self.game_id}"


class RevisionSource(models.TextChoices):
    """Where a revision of a game's log came from."""

    WEB = "web", _("Upload page")
    API = "api", _("API")
    IMPORT = "import", _("Bulk import")
    SHEET = "sheet", _("Paper score-sheet form")
    SCOREKEEPER = "scorekeeper", _("Live scorekeeper")
    FORM = "form", _("Correction form")
    LOG = "log", _("Corrected log")
    RULING = "ruling", _("Arbiter's ruling")


class GameRevision(AppendOnlyModel):
    """The bytes of one version of a game's log: a JSON log exactly as uploaded.

    ``source`` says where the revision came from, as the arbiter's page shows it: an upload
    (the page, the API, a bulk import), the paper-sheet form, the live scorekeeper, or a
    correction (the deal form, a corrected log, an arbiter's ruling). Revisions written before
    it was kept have it blank; the page then reads it off the revision's upload.

    A file in another format (rules.registry.FILE_TYPES: a .pbn) is stored
    here as the canonical JSON document its rules read from it
    (``to_document``), ruleset included, while its Upload keeps the file's
    own bytes and name. So every revision reads back the same way
    (``registry.read``), needs nothing the file did not say (PBN carries no
    ruleset of ours), and the original is never lost. See games/services.py.
    """

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="revisions")
    number = models.PositiveIntegerField(help_text="1 for the first upload, then 2, 3 … per correction.")
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64, db_index=True)
    content_type = models.CharField(max_length=100, default="application/json")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)
    reason = models.TextField(blank=True)
    parent = models.ForeignKey("self", null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    source = models.CharField(max_length=16, choices=RevisionSource.choices, blank=True)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["game", "number"]
        constraints = [models.UniqueConstraint(fields=["game", "number"], name="revision_number_unique")]

    def __str__(self) -> str:
        return f"revision {self.number} of game #{self.game_id}"


class AuditReport(AppendOnlyModel):
    """What one engine version concluded about one revision (a re-audit adds another)."""

    revision = models.ForeignKey(GameRevision, on_delete=models.PROTECT, related_name="reports")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="reports")
    engine_version = models.CharField(max_length=32)
    ruleset = models.JSONField()
    totals = models.JSONField(help_text="Recomputed totals.")
    recorded_totals = models.JSONField(null=True, help_text="Totals as written on the score sheet, if given.")
    report = models.JSONField(help_text="The spec's report object.")
    errors = models.PositiveIntegerField(default=0)
    warnings = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["revision", "created_at", "id"]

    @property
    def status(self) -> str:
        if self.errors:
            return Game.Status.ERRORS
        return Game.Status.WARNINGS if self.warnings else Game.Status.CLEAN


class Finding(AppendOnlyModel):
    """One finding of a report, as a row so clubs can query them (all reneges this season …)."""

    report = models.ForeignKey(AuditReport, on_delete=models.PROTECT, related_name="finding_rows")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    code = models.CharField(max_length=40, db_index=True)
    severity = models.CharField(max_length=8)
    deal = models.PositiveIntegerField(null=True)
    trick = models.PositiveIntegerField(null=True)
    seat = models.PositiveSmallIntegerField(null=True)
    player = models.CharField(max_length=150, blank=True)
    card = models.CharField(max_length=4, blank=True)
    message = models.TextField(help_text="The engine's English sentence of the finding.")
    params = models.JSONField(
        null=True,
        help_text="What else the finding names (rules/texts.py), so pages say it in the reader's "
        "language; null for findings recorded before the engine gave them.",
    )

    class Meta(AppendOnlyModel.Meta):
        ordering = ["report", "id"]


class DealSeat(AppendOnlyModel):
    """One seat in one deal of a report: the rows player statistics are computed from."""

    report = models.ForeignKey(AuditReport, on_delete=models.PROTECT, related_name="deal_seats")
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="deal_seats")
    deal = models.PositiveSmallIntegerField()
    seat = models.PositiveSmallIntegerField()
    cards = models.PositiveSmallIntegerField()
    trump = models.CharField(max_length=1, blank=True, help_text="Trump suit S/H/D/C; blank for no trumps.")
    dealer = models.BooleanField(default=False)
    bid = models.SmallIntegerField(null=True)
    blind = models.BooleanField(default=False)
    taken = models.SmallIntegerField(null=True)
    score = models.IntegerField()
    annulled = models.BooleanField(default=False)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["report", "deal", "seat"]
        indexes = [models.Index(fields=["player", "report"], name="dealseat_player_report")]


class Upload(AppendOnlyModel):
    """Every upload attempt, kept with its bytes whatever became of it."""

    class Outcome(models.TextChoices):
        ACCEPTED = "accepted", _("Accepted")
        DUPLICATE = "duplicate", _("Duplicate")
        REJECTED = "rejected", _("Rejected")

    class Source(models.TextChoices):
        API = "api", _("API")
        IMPORT = "import", _("Import")
        WEB = "web", _("Web")
        SHEET = "sheet", _("Paper score-sheet form")
        SCOREKEEPER = "scorekeeper", _("Live scorekeeper")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="uploads")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    received_at = models.DateTimeField(auto_now_add=True)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.API)
    filename = models.CharField(max_length=255, blank=True)
    content = models.BinaryField()
    sha256 = models.CharField(max_length=64, db_index=True)
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    error_path = models.CharField(max_length=255, blank=True)
    error_message = models.TextField(blank=True, help_text="Why it was refused, in English.")
    error_code = models.CharField(
        max_length=64, blank=True, help_text="The refusal's code, so pages say it in the reader's language."
    )
    error_params = models.JSONField(null=True, blank=True, help_text="The refusal's parameters.")
    error_template = models.TextField(
        blank=True,
        help_text="A service's refusal: its English template (the gettext msgid), said again in the reader's language.",
    )
    game = models.ForeignKey(Game, null=True, on_delete=models.PROTECT, related_name="uploads")
    revision = models.ForeignKey(GameRevision, null=True, on_delete=models.PROTECT, related_name="+")
    fixes = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="fixed_by",
        help_text="The rejected upload this one resubmits, fixed.",
    )

    class Meta(AppendOnlyModel.Meta):
        ordering = ["-received_at", "-id"]

    @property
    def error(self) -> dict[str, Any] | None:
        if self.outcome != self.Outcome.REJECTED:
            return None
        error: dict[str, Any] = {"path": self.error_path, "message": self.error_message}
        if self.error_code:
            error.update(code=self.error_code, params=self.error_params or {})
        return error

    @property
    def refusal_text(self) -> str:
        """Why it was refused, in the active language: a service's refusal from its kept
        template, the rules engine's from its code (games.finding_text)."""
        from games.finding_text import error_text, template_text

        error = self.error
        if error is None:
            return ""
        if self.error_template:
            return template_text(self.error_template, self.error_params or {}, fallback=self.error_message)
        return error_text(error)

    def __str__(self) -> str:
        return f"upload #{self.pk} ({self.outcome})"


class IdempotencyKey(models.Model):
    """The first response to a POST sent with an ``Idempotency-Key`` header.

    A retry with the same key and body gets that response again; the same
    key with another body is refused (422), per the IETF Idempotency-Key draft.
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    method = models.CharField(max_length=8)
    path = models.CharField(max_length=500)
    fingerprint = models.CharField(max_length=64, help_text="sha256 of the request body.")
    status_code = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="idempotency_key_unique_per_user")
        ]

    def __str__(self) -> str:
        return f"{self.method} {self.path} ({self.key})"


class DisputeQuerySet(models.QuerySet["Dispute"]):
    """A queryset's ``update`` cannot reach around the model's guard: decided rows stay as they are."""

    def update(self, **kwargs: Any) -> int:
        if self.exclude(status="open").exists():
            raise DecidedDisputeError("a decided dispute is final; its row is not updated")
        return super().update(**kwargs)

    def delete(self) -> tuple[int, dict[str, int]]:
        raise DecidedDisputeError("a dispute is part of the club's record and is never deleted")


class Dispute(models.Model):
    """A claim that a game's score is wrong, and the arbiter's decision on it.

    Open until an organiser decides it; a decided dispute is final: nothing of it changes
    again (the model refuses, the admin shows it read-only, and on PostgreSQL a trigger
    refuses an UPDATE of a decided row). A new dispute may be opened on the new revision.
    """

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        UPHELD = "upheld", _("Upheld")
        REJECTED = "rejected", _("Rejected")

    class Ruling(models.TextChoices):
        """What the decision did (issue 19, "Decisions as an arbiter makes them")."""

        RECOMPUTED = "recomputed", _("Upheld: the recomputed scores stand")
        CORRECTION = "correction", _("Upheld with a correction")
        ANNUL = "annul", _("Upheld: the deal annulled")
        ADJUST = "adjust", _("Upheld: an adjusted score")
        WAIVE = "waive", _("Upheld: the penalty waived")
        CONFIRM = "confirm", _("Rejected: the penalty confirmed")
        REJECT = "reject", _("Rejected")

    #: The rulings that uphold the claim; the others reject it.
    UPHOLDING = (Ruling.RECOMPUTED, Ruling.CORRECTION, Ruling.ANNUL, Ruling.ADJUST, Ruling.WAIVE)

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="disputes")
    revision = models.ForeignKey(
        GameRevision,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The revision the claim is about (the game's current one when it was opened).",
    )
    raised_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    deal = models.PositiveSmallIntegerField(null=True, blank=True)
    trick = models.PositiveSmallIntegerField(null=True, blank=True)
    claim = models.TextField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    ruling = models.CharField(max_length=16, choices=Ruling.choices, blank=True)
    decision = models.TextField(blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    corrected_revision = models.ForeignKey(
        GameRevision, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = DisputeQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "game"], name="dispute_status_game")]

    def __str__(self) -> str:
        return f"dispute #{self.pk} on game #{self.game_id} ({self.status})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Refuse any change to a dispute already decided: a decision is final."""
        if not self._state.adding and self.pk is not None:
            stored = type(self).objects.filter(pk=self.pk).values_list("status", flat=True).first()
            if stored is not None and stored != self.Status.OPEN:
                raise DecidedDisputeError(f"dispute #{self.pk} was decided ({stored}); a decision is final")
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise DecidedDisputeError("a dispute is part of the club's record and is never deleted")


class DecidedDisputeError(Exception):
    """An attempt to change a decided dispute, or to delete any."""


class DisputeEvent(AppendOnlyModel):
    """The dispute's history: opened, commented, decided — never rewritten."""

    class Kind(models.TextChoices):
        OPENED = "opened", _("Opened")
        COMMENT = "comment", _("Comment")
        UPHELD = "upheld", _("Upheld")
        REJECTED = "rejected", _("Rejected")

    dispute = models.ForeignKey(Dispute, on_delete=models.PROTECT, related_name="events")
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    ruling = models.CharField(max_length=16, choices=Dispute.Ruling.choices, blank=True)
    text = models.TextField(blank=True)
    revision = models.ForeignKey(
        GameRevision, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    details = models.JSONField(
        default=dict, blank=True, help_text="What a ruling named: the deal, the seats, the assigned score."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["dispute", "created_at", "id"]


class GameConfirmation(AppendOnlyModel):
    """A player of the table confirming the game's sheet as recorded (issue 19: "the table
    confirms its sheet"). One per player and game; a dispute is the other answer."""

    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="confirmations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="confirmations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    revision = models.ForeignKey(GameRevision, on_delete=models.PROTECT, related_name="+")
    at = models.DateTimeField(auto_now_add=True)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["game", "at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "player"], name="confirmation_once_per_player")
        ]

    def __str__(self) -> str:
        return f"{self.player} confirmed game #{self.game_id}"


class BulkImport(models.Model):
    """A bulk import started on the upload page (a .zip or many files), watched on its progress page.

    Holds what was queued (``total``) and what was left out with a note
    (``skipped``: folders' non-log members); each file's outcome is its
    Upload, linked through BulkImportFile as the Celery chunks finish.
    See games/imports.py for why.
    """

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="bulk_imports")
    started_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    started_at = models.DateTimeField(auto_now_add=True)
    name = models.CharField(max_length=255, blank=True, help_text="The archive's or files' names.")
    total = models.PositiveIntegerField(help_text="Logs queued for import.")
    skipped = models.JSONField(
        default=list, help_text="Members not imported: [{'name': ..., 'reason': ...}], reason a code."
    )

    class Meta:
        ordering = ["-started_at", "-id"]

    def __str__(self) -> str:
        return f"bulk import #{self.pk} ({self.total} logs)"


class BulkImportFile(AppendOnlyModel):
    """One file of a bulk import and the upload it became, written with that upload's chunk."""

    bulk_import = models.ForeignKey(BulkImport, on_delete=models.PROTECT, related_name="files")
    position = models.PositiveIntegerField(help_text="The file's place in the import, from 0.")
    upload = models.ForeignKey(Upload, on_delete=models.PROTECT, related_name="bulk_files")

    class Meta(AppendOnlyModel.Meta):
        ordering = ["bulk_import", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["bulk_import", "position"], name="bulkimportfile_one_per_position"
            )
        ]

    def __str__(self) -> str:
        return f"file {self.position} of bulk import #{self.bulk_import_id}"


class AuditEntry(AppendOnlyModel):
    """One change to a club's record: who, when, from where (address and request id), what and
    why (issue 11: "Every change of a score, a revision, a dispute decision or a tie-break order
    is in an audit log"). Append-only, like the revisions (a PostgreSQL trigger refuses UPDATE
    and DELETE). Written by the services through :func:`games.audit_log.record`."""

    class Action(models.TextChoices):
        GAME_RECORDED = "game_recorded", _("Game recorded")
        GAME_CORRECTED = "game_corrected", _("Game corrected")
        DISPUTE_OPENED = "dispute_opened", _("Dispute opened")
        DISPUTE_DECIDED = "dispute_decided", _("Dispute decided")
        RESULT_CONFIRMED = "result_confirmed", _("Result confirmed by a player")
        TIEBREAKS_CHANGED = "tiebreaks_changed", _("Tie-break order changed")
        MEMBER_INVITED = "member_invited", _("Member invited")
        INVITATION_ACCEPTED = "invitation_accepted", _("Invitation accepted")
        INVITATION_DECLINED = "invitation_declined", _("Invitation declined")
        INVITATION_WITHDRAWN = "invitation_withdrawn", _("Invitation withdrawn")
        MEMBER_ROLE_CHANGED = "member_role_changed", _("Member's role changed")
        MEMBER_REMOVED = "member_removed", _("Member removed")

    club = models.ForeignKey(Club, on_delete=models.PROTECT, related_name="audit_entries")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    action = models.CharField(max_length=32, choices=Action.choices)
    game = models.ForeignKey(
        Game, null=True, blank=True, on_delete=models.PROTECT, related_name="audit_entries"
    )
    revision = models.ForeignKey(
        GameRevision, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    dispute = models.ForeignKey(Dispute, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    # The tournament by id: games knows nothing of tournaments (design.md, layers).
    tournament_id = models.BigIntegerField(null=True, blank=True)
    ip = models.GenericIPAddressField(null=True, blank=True)
    request_id = models.CharField(max_length=64, blank=True)
    reason = models.TextField(blank=True)
    details = models.JSONField(default=dict, blank=True)

    class Meta(AppendOnlyModel.Meta):
        ordering = ["-at", "-id"]
        indexes = [models.Index(fields=["club", "-at"])]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action} by {self.actor_id}"


class GameAnalysis(models.Model):
    """What the analytics (issue 13: luck separated from skill) concluded about one report of a game.

    Derived data, computed once per report by a Celery task when the game lands
    (games.analytics.analyse_game) so pages read stored numbers: the
    estimates take far longer than a page may. ``version`` is the rules
    module's ANALYSIS_VERSION; a newer one is recomputed by ``manage.py
    analyse``. ``status`` says whether there was anything to analyse and, when
    not, ``reason`` says why in the words of the game's analytics module (a
    score-sheet-only log carries no hands to estimate). A long game's analysis
    may stop at a budget (settings ANALYSIS_MAX_DEALS, ANALYSIS_TIME_BUDGET_S;
    issue 21): it then covers the first ``deals_examined`` of ``deals_total``
    deals and ``stopped_by`` says which budget ended it.
    """

    class Status(models.TextChoices):
        DONE = "done", _("Analysed")
        NOTHING = "nothing", _("Nothing to analyse")

    class StoppedBy(models.TextChoices):
        """What stopped an analysis short of the report's last deal (issue 21: analysis bounded)."""

        WHOLE = "", _("Every deal analysed")
        DEALS = "deals", _("The deal cap")
        TIME = "time", _("The time budget")
        # An eager upload's request (no broker): ``manage.py analyse`` finishes it on the worker's budget.
        INLINE = "inline", _("The upload's time budget")

    report = models.OneToOneField(AuditReport, on_delete=models.CASCADE, related_name="analysis")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="analyses")
    game_type = models.CharField(max_length=32)
    version = models.CharField(max_length=32)
    status = models.CharField(max_length=16, choices=Status.choices)
    reason = models.TextField(blank=True)
    deals = models.PositiveIntegerField(default=0, help_text="Deals with at least one analysed row.")
    seconds = models.FloatField(default=0.0, help_text="Time the analysis took, for the operators.")
    deals_total = models.PositiveIntegerField(default=0, help_text="Deals in the report.")
    deals_examined = models.PositiveIntegerField(
        default=0,
        help_text="The report's first deals the analysis went through: all of them unless a budget stopped it.",
    )
    stopped_by = models.CharField(
        max_length=16,
        choices=StoppedBy.choices,
        blank=True,
        default=StoppedBy.WHOLE,
        help_text="Blank when every deal was analysed; else the budget that stopped the analysis.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "report"]

    def __str__(self) -> str:
        return f"analysis of report {self.report_id} ({self.status})"

    @property
    def partial(self) -> bool:
        """Whether the analysis covers only the first ``deals_examined`` of ``deals_total`` deals."""
        return self.stopped_by != self.StoppedBy.WHOLE


class DealEstimate(models.Model):
    """The estimates of one deal's hands, keyed by what determines them (the hands, the trump, the
    leader, the ruleset, the number of playouts and the seed: rules.ohhell.expected.deal_key).

    "Cached per deal": a correction that changes a bid or a score but not the
    cards, a re-audit, or the same deal in a duplicate event, reuses the
    estimates instead of playing the deal out again. A cache, not a record:
    the backup leaves it out and it is rebuilt on demand.
    """

    key = models.CharField(max_length=64, unique=True)
    game_type = models.CharField(max_length=32)
    estimates = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"{self.game_type} deal {self.key[:12]}"


class SeatAnalysis(models.Model):
    """One seat's per-deal analytics rows in one analysed report: what a player's figures are built from.

    ``rows`` are the rules module's rows for that seat (rules/<game>/analytics.py
    COLUMNS), kept as JSON so every game keeps its own measures; ``deals`` and
    the two summary columns let a page sort players without reading every row.
    """

    analysis = models.ForeignKey(GameAnalysis, on_delete=models.CASCADE, related_name="seats")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seat_analyses")
    seat = models.PositiveSmallIntegerField()
    rows = models.JSONField(default=list)
    deals = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["analysis", "seat"]
        constraints = [models.UniqueConstraint(fields=["analysis", "seat"], name="seatanalysis_one_per_seat")]
        indexes = [models.Index(fields=["player", "analysis"], name="seatanalysis_player")]

    def __str__(self) -> str:
        return f"seat {self.seat} of analysis {self.analysis_id}"
