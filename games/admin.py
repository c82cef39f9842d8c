from django.contrib import admin

from games.models import Club, Membership, Player


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
