from django.urls import path

from tournaments import views
from tournaments.constraints import views as constraint_views
from tournaments.views import log
from tournaments.views import removals
from tournaments.views import venue

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"
PLAYER = SECTION + "players/<int:rank>/"

urlpatterns = [
    path("events/new/", views.event_create, name="event_create"),
    path("events/<slug:event_slug>/edit/", views.event_update, name="event_update"),
    path("events/<slug:event_slug>/people/", views.event_people, name="event_people"),
    path("events/<slug:event_slug>/poster/", venue.event_poster, name="event_poster"),
    path("events/<slug:event_slug>/find/", venue.event_find, name="event_find"),
    path("events/<slug:event_slug>/log/", log.event_log, name="event_log"),
    path("events/<slug:event_slug>/log.csv", log.event_log_csv, name="event_log_csv"),
    path("events/<slug:event_slug>/delete/", removals.event_delete, name="event_delete"),
    path("events/<slug:event_slug>/new/", views.section_create, name="section_create"),
    path("events/<slug:event_slug>/import/", views.section_import, name="section_import"),
    path(SECTION + "edit/", views.section_update, name="section_update"),
    path(SECTION + "manage/", views.section_manage, name="section_manage"),
    path(SECTION + "schedule/", venue.section_schedule, name="section_schedule"),
    path(SECTION + "delete/", removals.section_delete, name="section_delete"),
    path(SECTION + "ranks/", views.section_ranks_reset, name="section_ranks_reset"),
    path(SECTION + "rounds/<int:number>/slips/", venue.round_slips, name="round_slips"),
    path(SECTION + "groups/", constraint_views.groups, name="groups"),
    path(SECTION + "groups/<int:pk>/", constraint_views.group_update, name="group_update"),
    path(SECTION + "groups/<int:pk>/delete/", constraint_views.group_delete, name="group_delete"),
    path(SECTION + "byes/", constraint_views.byes, name="byes"),
    path(
        PLAYER + "bye-exclusions/<int:number>/delete/",
        constraint_views.bye_exclusion_delete,
        name="bye_exclusion_delete",
    ),
    path(SECTION + "players/new/", views.player_create, name="player_create"),
    path(SECTION + "players/import/", views.roster_upload, name="roster_upload"),
    path(SECTION + "players/import/preview/", views.roster_preview, name="roster_preview"),
    path(PLAYER + "edit/", views.player_update, name="player_update"),
    path(PLAYER + "withdraw/", views.player_withdraw, name="player_withdraw"),
    path(PLAYER + "remove/", removals.player_remove, name="player_remove"),
    path(PLAYER + "reinstate/", views.player_reinstate, name="player_reinstate"),
    path(PLAYER + "byes/", views.bye_request_create, name="bye_request_create"),
    path(PLAYER + "byes/<int:number>/delete/", views.bye_request_delete, name="bye_request_delete"),
]
