"""Routes under /api/v1/ for pairing rounds, runs, boards, publishing and results."""

from django.urls import include
from django.urls import path

from pairing.api import views
from tournaments.api.routes import GAME
from tournaments.api.routes import ROUND
from tournaments.api.routes import SECTION

# What is done to one round, under its address.
ROUND_ROUTES = [
    path("pair/", views.RoundPairView.as_view(), name="api-round-pair"),
    path("pairings/", views.RoundPairingsView.as_view(), name="api-round-pairings"),
    path("publish/", views.RoundPublishView.as_view(), name="api-round-publish"),
    path("unpublish/", views.RoundUnpublishView.as_view(), name="api-round-unpublish"),
    path("delete/", views.RoundDeleteView.as_view(), name="api-round-delete"),
    path("swap-opponents/", views.OpponentsSwapView.as_view(), name="api-round-swap-opponents"),
    path("swap-players/", views.PlayersSwapView.as_view(), name="api-round-swap-players"),
    path("pair-players/", views.PlayersPairView.as_view(), name="api-round-pair-players"),
    path("give-bye/", views.ByeGiveView.as_view(), name="api-round-give-bye"),
    path("take-bye/", views.ByeTakeView.as_view(), name="api-round-take-bye"),
    path("edits/", views.DraftEditsView.as_view(), name="api-round-edits"),
]

urlpatterns = [
    path("runs/<int:pk>/", views.RunDetailView.as_view(), name="api-pairing-run"),
    path(SECTION + "runs/", views.SectionRunsView.as_view(), name="api-section-runs"),
    path(GAME + "swap-colours/", views.GameColoursSwapView.as_view(), name="api-game-swap-colours"),
    path(ROUND, include(ROUND_ROUTES)),
]
