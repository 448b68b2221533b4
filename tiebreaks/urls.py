from django.urls import path

from tiebreaks import views

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"

urlpatterns = [
    path(SECTION + "standings/", views.standings_detail, name="standings_detail"),
    path(SECTION + "standings.csv", views.standings_csv, name="standings_csv"),
    path(SECTION + "teams/standings/", views.team_standings_detail, name="team_standings_detail"),
    path(SECTION + "crosstable/", views.crosstable_detail, name="crosstable_detail"),
    path(SECTION + "players/<int:rank>/", views.player_detail, name="player_detail"),
    path(SECTION + "export/<str:dialect>/", views.section_export, name="section_export"),
]
