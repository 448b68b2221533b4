from django.urls import path

from teams import views

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"
ROUND = SECTION + "rounds/<int:number>/"

urlpatterns = [
    path(SECTION + "teams/", views.team_list, name="team_list"),
    path(SECTION + "teams/manage/", views.team_manage, name="team_manage"),
    # The team page's forms, each sent to its own address and back to the page.
    path(SECTION + "teams/manage/boards/", views.team_boards_set, name="team_boards_set"),
    path(SECTION + "teams/manage/add/", views.team_enter, name="team_enter"),
    path(SECTION + "teams/manage/players/", views.team_roster_extend, name="team_roster_extend"),
    path(SECTION + "teams/manage/captain/", views.team_captain_set, name="team_captain_set"),
    path(SECTION + "teams/manage/withdraw/", views.team_withdraw, name="team_withdraw"),
    path(SECTION + "teams/manage/reinstate/", views.team_reinstate, name="team_reinstate"),
    path(SECTION + "teams/<int:number>/", views.team_detail, name="team_detail"),
    path(ROUND + "matches/", views.match_list, name="match_list"),
    path(
        ROUND + "matches/<int:match_number>/forfeit/",
        views.match_forfeit,
        name="match_forfeit",
    ),
    path(ROUND + "lineups/<int:team_number>/", views.lineup_update, name="lineup_update"),
]
