"""Routes under /api/v1/ for results and their corrections."""

from django.urls import path

from results.api import views
from tournaments.api.routes import GAME
from tournaments.api.routes import ROUND

urlpatterns = [
    path(GAME + "result/", views.GameResultView.as_view(), name="api-game-result"),
    path(
        GAME + "correct-colours/",
        views.GameColoursCorrectView.as_view(),
        name="api-game-correct-colours",
    ),
    path(ROUND + "correct-bye/", views.ByeCorrectView.as_view(), name="api-round-correct-bye"),
]
