"""The public pages' addresses: events, sections, rounds, standings, players, exports."""

from django.urls import path

from public.views import events
from public.views import standings

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"
ROUND = SECTION + "rounds/<int:number>/"

urlpatterns = [
    path("", events.home, name="home"),
    path("events/<slug:event_slug>/", events.event_detail, name="event_detail"),
    path(SECTION, events.section_detail, name="section_detail"),
    path(SECTION + "live/", events.section_live, name="section_live"),
    path(SECTION + "find/", events.player_find, name="player_find"),
    path(ROUND, events.round_detail, name="round_detail"),
    path(ROUND + "pairings.csv", events.round_csv, name="round_csv"),
    path(SECTION + "standings/", standings.standings_detail, name="standings_detail"),
    path(SECTION + "standings.csv", standings.standings_csv, name="standings_csv"),
    path(
        SECTION + "teams/standings/", standings.team_standings_detail, name="team_standings_detail"
    ),
    path(SECTION + "crosstable/", standings.crosstable_detail, name="crosstable_detail"),
    path(SECTION + "players/<int:rank>/", standings.player_detail, name="player_detail"),
    path(SECTION + "export/<str:dialect>/", standings.section_export, name="section_export"),
]
