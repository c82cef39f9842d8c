from typing import Any

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.http import HttpRequest

from accounts.models import ApiToken, User


@admin.register(User)
class UserAdmin(BaseUserAdmin[User]):
    fieldsets = (*(BaseUserAdmin.fieldsets or ()), ("Profile", {"fields": ("display_name",)}))
    list_display = ("username", "display_name", "email", "is_staff", "is_active")


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin[ApiToken]):
    """Tokens are seen and revoked (deleted) here, never made or changed: a token is issued by
    signing in, and only its digest is kept, so there is nothing here to copy."""

    list_display = ("name", "user", "created", "last_used", "expiry")
    list_select_related = ("user",)
    search_fields = ("name", "user__username")
    readonly_fields = ("user", "name", "created", "last_used", "expiry")
    fields = readonly_fields
    raw_id_fields = ("user",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
