"""/api/v1/ routes of the games app."""

from django.urls import path

from games import api, api_analytics, api_statistics

urlpatterns = [
    path("clubs/", api.ClubListView.as_view(), name="club-list"),
    path("clubs/<slug:slug>/", api.ClubDetailView.as_view(), name="club-detail"),
    path("clubs/<slug:slug>/members/", api.MemberListView.as_view(), name="club-members"),
    path("clubs/<slug:slug>/members/<str:username>/", api.MemberDetailView.as_view(), name="club-member"),
    path("clubs/<slug:slug>/invitations/", api.ClubInvitationListView.as_view(), name="club-invitations"),
    path(
        "clubs/<slug:slug>/invitations/<int:pk>/",
        api.ClubInvitationDetailView.as_view(),
        name="club-invitation",
    ),
    path("invitations/", api.MyInvitationListView.as_view(), name="invitations"),
    path("invitations/<int:pk>/accept/", api.InvitationAcceptView.as_view(), name="invitation-accept"),
    path("invitations/<int:pk>/decline/", api.InvitationDeclineView.as_view(), name="invitation-decline"),
    path("clubs/<slug:slug>/players/", api.PlayerListView.as_view(), name="club-players"),
    path("clubs/<slug:slug>/players/<int:pk>/", api.PlayerDetailView.as_view(), name="club-player"),
    path("clubs/<slug:slug>/games/", api.ClubGameListView.as_view(), name="club-games"),
    path("clubs/<slug:slug>/uploads/", api.UploadListView.as_view(), name="club-uploads"),
    path(
        "clubs/<slug:slug>/uploads/<int:pk>/content/", api.UploadContentView.as_view(), name="upload-content"
    ),
    path("clubs/<slug:slug>/audit/", api.ClubAuditView.as_view(), name="club-audit"),
    path("clubs/<slug:slug>/audit-log/", api.ClubAuditLogView.as_view(), name="club-audit-log"),
    path(
        "clubs/<slug:slug>/statistics/", api_statistics.ClubStatisticsView.as_view(), name="club-statistics"
    ),
    path(
        "players/<int:pk>/statistics/",
        api_statistics.PlayerStatisticsView.as_view(),
        name="player-statistics",
    ),
    path("clubs/<slug:slug>/analytics/", api_analytics.ClubAnalyticsView.as_view(), name="club-analytics"),
    path("players/<int:pk>/analytics/", api_analytics.PlayerAnalyticsView.as_view(), name="player-analytics"),
    path("games/<int:pk>/analysis/", api_analytics.GameAnalysisView.as_view(), name="game-analysis"),
    path("games/", api.GameListView.as_view(), name="game-list"),
    path("games/<int:pk>/", api.GameDetailView.as_view(), name="game-detail"),
    path("games/<int:pk>/report/", api.GameReportView.as_view(), name="game-report"),
    path("games/<int:pk>/revisions/", api.GameRevisionListView.as_view(), name="game-revisions"),
    path("games/<int:pk>/export/", api.GameExportView.as_view(), name="game-export"),
    path("games/<int:pk>/disputes/", api.DisputeListView.as_view(), name="game-disputes"),
    path("games/<int:pk>/disputes/<int:dispute_pk>/", api.DisputeDetailView.as_view(), name="game-dispute"),
    path(
        "games/<int:pk>/disputes/<int:dispute_pk>/comments/",
        api.DisputeCommentView.as_view(),
        name="game-dispute-comments",
    ),
    path(
        "games/<int:pk>/disputes/<int:dispute_pk>/decision/",
        api.DisputeDecisionView.as_view(),
        name="game-dispute-decision",
    ),
]
