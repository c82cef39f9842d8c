from typing import Any

from django.contrib import admin

from games.models import (
    AuditEntry,
    AuditReport,
    BulkImport,
    Club,
    Dispute,
    DisputeEvent,
    Game,
    GameConfirmation,
    GameRevision,
    GameSeat,
    Membership,
    Player,
    Upload,
)


class MembershipInline(admin.TabularInline[Membership, Club]):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin[Club]):
    list_display = ("name", "slug", "created_at")
    search_fields = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    inlines = [MembershipInline]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin[Player]):
    list_display = ("display_name", "club", "user")
    list_filter = ("club",)
    search_fields = ("display_name",)
    autocomplete_fields = ["user"]


class ReadOnlyAdmin(admin.ModelAdmin[Any]):
    """Append-only records are shown, never edited or deleted, even by superusers."""

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: Any, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: Any, obj: Any = None) -> bool:
        return False


class GameSeatInline(admin.TabularInline[GameSeat, Game]):
    model = GameSeat
    extra = 0
    can_delete = False
    readonly_fields = ("seat", "player")


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ("id", "club", "game_type", "played_at", "status", "public")
    list_filter = ("game_type", "status", "public", "club")
    readonly_fields = (
        "club",
        "game_type",
        "ruleset",
        "status",
        "totals",
        "current_revision",
        "current_report",
        "created_by",
        "provisional",
        "confirm_until",
    )
    inlines = [GameSeatInline]


@admin.register(GameRevision)
class GameRevisionAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "uploaded_by", "uploaded_at", "reason", "sha256")
    exclude = ("content",)


@admin.register(Upload)
class UploadAdmin(ReadOnlyAdmin):
    list_display = ("id", "club", "uploaded_by", "received_at", "source", "outcome", "error_path", "filename")
    list_filter = ("outcome", "source", "club")
    exclude = ("content",)


@admin.register(AuditReport)
class AuditReportAdmin(ReadOnlyAdmin):
    list_display = ("id", "game", "revision", "engine_version", "errors", "warnings", "created_at")


class DisputeEventInline(admin.TabularInline[DisputeEvent, Dispute]):
    model = DisputeEvent
    extra = 0
    can_delete = False
    fields = ("created_at", "kind", "ruling", "actor", "text", "revision")
    readonly_fields = fields

    def has_add_permission(self, request: Any, obj: Any = None) -> bool:
        return False


@admin.register(Dispute)
class DisputeAdmin(ReadOnlyAdmin):
    """Disputes are shown with their whole history, never edited here: a dispute is decided on its
    page (or through the API), where the decision goes into its history and the audit log, and a
    decided dispute is final (the model and, on PostgreSQL, a trigger refuse to change it)."""

    list_display = ("id", "game", "raised_by", "deal", "status", "ruling", "decided_by", "decided_at")
    list_filter = ("status", "ruling")
    inlines = [DisputeEventInline]


@admin.register(GameConfirmation)
class GameConfirmationAdmin(ReadOnlyAdmin):
    list_display = ("game", "player", "user", "revision", "at")


@admin.register(BulkImport)
class BulkImportAdmin(ReadOnlyAdmin):
    """A bulk import's files are linked to their uploads; nothing here is edited by hand."""

    list_display = ("pk", "club", "started_by", "started_at", "name", "total")
    list_filter = ("club",)


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ("at", "club", "action", "actor", "game", "ip", "reason")
    list_filter = ("action", "club")
    search_fields = ("reason", "request_id", "actor__username")
