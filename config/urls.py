"""Top-level URLs: pages, admin, the versioned API and its schema, health."""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config import health, views
from games import views as game_views
from tournaments import views as tournament_views

api_v1: list[URLPattern | URLResolver] = [
    path("", views.ApiRootView.as_view(), name="root"),
    path("auth/token/", views.ObtainTokenView.as_view(), name="auth-token"),
    path("", include("games.urls")),
    path("", include("tournaments.urls")),
]

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", health.healthz, name="healthz"),
    path("games/<int:pk>/", game_views.game_page, name="game-page"),
    path("tournaments/<int:pk>/", tournament_views.tournament_page, name="tournament-page"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/seating/",
        tournament_views.seating_list,
        name="round-seating",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/sheets/",
        tournament_views.score_sheets,
        name="round-score-sheets",
    ),
    path("admin/", admin.site.urls),
    path("api/v1/", include((api_v1, "v1"), namespace="v1")),
    path("api/schema/", SpectacularAPIView.as_view(api_version="v1"), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="api-docs"),
]
