from django.urls import path

from teams import views

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"
ROUND = SECTION + "rounds/<int:number>/"

urlpatterns = [
    path(SECTION + "teams/", views.team_list, name="team_list"),
    path(SECTION + "teams/manage/", views.team_manage, name="team_manage"),
    path(SECTION + "teams/<int:number>/", views.team_detail, name="team_detail"),
    path(ROUND + "matches/", views.match_list, name="match_list"),
    path(
        ROUND + "matches/<int:match_number>/forfeit/",
        views.match_forfeit,
        name="match_forfeit",
    ),
    path(ROUND + "lineups/<int:team_number>/", views.lineup_update, name="lineup_update"),
]
