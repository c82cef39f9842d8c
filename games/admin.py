from typing import Any

from django.contrib import admin

from games.models import (
    AuditEntry,
    AuditReport,
    BulkImport,
    Club,
    Dispute,
    Game,
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


@admin.register(Dispute)
class DisputeAdmin(admin.ModelAdmin[Dispute]):
    list_display = ("id", "game", "raised_by", "deal", "status", "decided_by", "decided_at")
    list_filter = ("status",)
    readonly_fields = ("game", "raised_by", "deal", "claim", "corrected_revision")


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
