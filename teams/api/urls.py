"""Routes under /api/v1/ for team sections."""

from django.urls import path

from teams.api import views
from tournaments.api.routes import ROUND
from tournaments.api.routes import SECTION

TEAM = SECTION + "teams/<int:team>/"

urlpatterns = [
    path(SECTION + "teams/", views.TeamListView.as_view(), name="api-teams"),
    path(TEAM + "players/", views.TeamPlayersView.as_view(), name="api-team-players"),
    path(SECTION + "boards-per-match/", views.BoardsView.as_view(), name="api-team-boards"),
    path(ROUND + "matches/", views.RoundMatchesView.as_view(), name="api-round-matches"),
    path(ROUND + "lineups/<int:team>/", views.LineupView.as_view(), name="api-lineup"),
]
