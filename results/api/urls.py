"""Routes under /api/v1/ for results and their corrections."""

from django.urls import path

from results.api import views

urlpatterns = [
    path("games/<int:pk>/result/", views.GameResultView.as_view(), name="api-game-result"),
    path(
        "games/<int:pk>/correct-colours/",
        views.GameColoursCorrectView.as_view(),
        name="api-game-correct-colours",
    ),
    path(
        "sections/<int:pk>/rounds/<int:number>/correct-bye/",
        views.ByeCorrectView.as_view(),
        name="api-round-correct-bye",
    ),
]
