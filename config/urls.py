"""Top-level URLs: pages, admin, the versioned API and its schema, health."""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView

from config import health, views
from config.api_docs import ApiDocsView

api_v1: list[URLPattern | URLResolver] = [
    path("", views.ApiRootView.as_view(), name="root"),
    path("auth/", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("tournaments.urls")),
    path("", include("scorekeeper.urls")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("accounts/", include("accounts.pages")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("language/", views.choose_language, name="choose-language"),
    # Pages: each module owns its routes.
    path("", include("games.pages.game")),
    path("", include("games.pages.replay")),
    path("", include("games.pages.audit")),
    path("", include("games.pages.disputes")),
    path("", include("games.pages.upload")),
    path("", include("games.pages.profile")),
    path("", include("games.pages.downloads")),
    path("", include("games.pages.analytics")),
    path("", include("games.pages.members")),
    path("", include("tournaments.pages.club")),
    path("", include("tournaments.pages.tournament")),
    path("", include("tournaments.pages.standings")),
    path("", include("tournaments.pages.printing")),
    path("", include("tournaments.pages.organiser")),
    path("", include("tournaments.pages.table_upload")),
    path("", include("tournaments.pages.audit")),
    path("", include("tournaments.pages.downloads")),
    path("", include("tournaments.pages.analytics")),
    path("", include("tournaments.pages.duplicate")),
    path("", include("tournaments.pages.duplicate_teams")),
    path("", include("tournaments.pages.duplicate_downloads")),
    path("", include("tournaments.pages.traveller_entry")),
    path("", include("tournaments.pages.duplicate_cards")),
    path("", include("tournaments.pages.duplicate_hand_record")),
    path("", include("tournaments.pages.duplicate_setup")),
    path("", include("tournaments.pages.duplicate_teams_setup")),
    path("", include("tournaments.pages.duplicate_individual")),
    path("", include("tournaments.pages.duplicate_individual_setup")),
    path("", include("tournaments.pages.duplicate_import")),
    path("", include("scorekeeper.pages")),
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "v1"), namespace="v1")),
    path("api/schema/", SpectacularAPIView.as_view(api_version="v1"), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (CSP).
    path("api/docs/", ApiDocsView.as_view(url_name="schema"), name="api-docs"),
]

# JSON under /api/, the site's page elsewhere (config.views.not_found).
handler404 = "config.views.not_found"
