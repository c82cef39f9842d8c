"""/api/v1/ routes of the tournaments app."""

from django.urls import path

from tournaments import api

urlpatterns = [
    path("clubs/<slug:slug>/tournaments/", api.ClubTournamentListView.as_view(), name="club-tournaments"),
    path("tournaments/<int:pk>/", api.TournamentDetailView.as_view(), name="tournament-detail"),
    path("tournaments/<int:pk>/status/", api.TournamentStatusView.as_view(), name="tournament-status"),
    path("tournaments/<int:pk>/publish/", api.TournamentPublishView.as_view(), name="tournament-publish"),
    path(
        "tournaments/<int:pk>/tiebreak-changes/",
        api.TiebreakChangesView.as_view(),
        name="tournament-tiebreak-changes",
    ),
    path("tournaments/<int:pk>/entries/", api.EntryListView.as_view(), name="tournament-entries"),
    path(
        "tournaments/<int:pk>/entries/<int:player_id>/",
        api.EntryDetailView.as_view(),
        name="tournament-entry",
    ),
    path("tournaments/<int:pk>/rounds/", api.RoundListView.as_view(), name="tournament-rounds"),
    path("tournaments/<int:pk>/rounds/<int:number>/", api.RoundDetailView.as_view(), name="tournament-round"),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/swap/",
        api.RoundSwapView.as_view(),
        name="tournament-round-swap",
    ),
    path(
        "tournaments/<int:pk>/rounds/<int:number>/confirm/",
        api.RoundConfirmView.as_view(),
        name="tournament-round-confirm",
    ),
    path("tournaments/<int:pk>/tables/", api.TableListView.as_view(), name="tournament-tables"),
    path(
        "tournaments/<int:pk>/tables/<int:table_id>/game/",
        api.TableGameView.as_view(),
        name="tournament-table-game",
    ),
    path("tournaments/<int:pk>/games/", api.TournamentGamesView.as_view(), name="tournament-games"),
    path("tournaments/<int:pk>/audit/", api.TournamentAuditView.as_view(), name="tournament-audit"),
    path(
        "tournaments/<int:pk>/analytics/", api.TournamentAnalyticsView.as_view(), name="tournament-analytics"
    ),
    path("tournaments/<int:pk>/standings/", api.StandingsView.as_view(), name="tournament-standings"),
    path("clubs/<slug:slug>/ratings/", api.ClubRatingsView.as_view(), name="club-ratings"),
    path("players/<int:pk>/ratings/", api.PlayerRatingHistoryView.as_view(), name="player-ratings"),
    path("tournaments/<int:pk>/crosstable/", api.CrossTableView.as_view(), name="tournament-crosstable"),
]
