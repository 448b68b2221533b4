"""Routes under /api/v1/ for pairing rounds, runs, boards, publishing and results."""

from django.urls import path

from pairing.api import views
from tournaments.api.routes import GAME, ROUND, SECTION

urlpatterns = [
    path(ROUND + "pair/", views.RoundPairView.as_view(), name="api-round-pair"),
    path(ROUND + "pairings/", views.RoundPairingsView.as_view(), name="api-round-pairings"),
    path(ROUND + "publish/", views.RoundPublishView.as_view(), name="api-round-publish"),
    path("runs/<int:pk>/", views.RunDetailView.as_view(), name="api-pairing-run"),
    path(SECTION + "runs/", views.SectionRunsView.as_view(), name="api-section-runs"),
    path(ROUND + "unpublish/", views.RoundUnpublishView.as_view(), name="api-round-unpublish"),
    path(ROUND + "delete/", views.RoundDeleteView.as_view(), name="api-round-delete"),
    path(GAME + "swap-colours/", views.GameColoursSwapView.as_view(), name="api-game-swap-colours"),
    path(
        ROUND + "swap-opponents/",
        views.OpponentsSwapView.as_view(),
        name="api-round-swap-opponents",
    ),
    path(ROUND + "swap-players/", views.PlayersSwapView.as_view(), name="api-round-swap-players"),
    path(ROUND + "pair-players/", views.PlayersPairView.as_view(), name="api-round-pair-players"),
    path(ROUND + "give-bye/", views.ByeGiveView.as_view(), name="api-round-give-bye"),
    path(ROUND + "take-bye/", views.ByeTakeView.as_view(), name="api-round-take-bye"),
    path(ROUND + "edits/", views.DraftEditsView.as_view(), name="api-round-edits"),
]
