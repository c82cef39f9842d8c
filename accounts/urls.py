"""The API's sign-in and token routes, under /api/v1/auth/ (config/urls.py)."""

from __future__ import annotations

from django.urls import URLPattern, path

from accounts import api

urlpatterns: list[URLPattern] = [
    path("token/", api.ObtainTokenView.as_view(), name="auth-token"),
    path("tokens/", api.TokenListView.as_view(), name="auth-tokens"),
    path("tokens/<int:pk>/", api.TokenDetailView.as_view(), name="auth-token-detail"),
    path("logout/", api.SignOutView.as_view(), name="auth-logout"),
    path("logout-all/", api.SignOutEverywhereView.as_view(), name="auth-logout-all"),
]
