"""Routes under /api/v1/ for pairing rounds, runs, boards, publishing and results."""

from django.urls import path

from pairing.api import views

urlpatterns = [
    path(
        "sections/<int:pk>/rounds/<int:number>/pair/",
        views.RoundPairView.as_view(),
        name="api-round-pair",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/pairings/",
        views.RoundPairingsView.as_view(),
        name="api-round-pairings",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/publish/",
        views.RoundPublishView.as_view(),
        name="api-round-publish",
    ),
    path("runs/<int:pk>/", views.RunDetailView.as_view(), name="api-pairing-run"),
    path("sections/<int:pk>/runs/", views.SectionRunsView.as_view(), name="api-section-runs"),
    path(
        "sections/<int:pk>/rounds/<int:number>/unpublish/",
        views.RoundUnpublishView.as_view(),
        name="api-round-unpublish",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/delete/",
        views.RoundDeleteView.as_view(),
        name="api-round-delete",
    ),
    path(
        "games/<int:pk>/swap-colours/",
        views.GameColoursSwapView.as_view(),
        name="api-game-swap-colours",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/swap-opponents/",
        views.OpponentsSwapView.as_view(),
        name="api-round-swap-opponents",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/swap-players/",
        views.PlayersSwapView.as_view(),
        name="api-round-swap-players",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/pair-players/",
        views.PlayersPairView.as_view(),
        name="api-round-pair-players",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/give-bye/",
        views.ByeGiveView.as_view(),
        name="api-round-give-bye",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/take-bye/",
        views.ByeTakeView.as_view(),
        name="api-round-take-bye",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/edits/",
        views.DraftEditsView.as_view(),
        name="api-round-edits",
    ),
]
