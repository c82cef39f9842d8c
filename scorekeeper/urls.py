"""/api/v1/ routes of the live scorekeeper."""

from django.urls import path

from scorekeeper import api

urlpatterns = [
    path("clubs/<slug:slug>/drafts/", api.ClubDraftListView.as_view(), name="club-drafts"),
    path("drafts/<int:pk>/", api.DraftDetailView.as_view(), name="draft-detail"),
    path("drafts/<int:pk>/entries/", api.EntryListView.as_view(), name="draft-entries"),
    path("drafts/<int:pk>/undo/", api.UndoView.as_view(), name="draft-undo"),
    path("drafts/<int:pk>/take-over/", api.TakeOverView.as_view(), name="draft-take-over"),
    path("drafts/<int:pk>/finish/", api.FinishView.as_view(), name="draft-finish"),
]
