from django.urls import path

from entries import views
from entries.check_ins import views as check_ins

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"
PLAYER = SECTION + "players/<int:rank>/"

urlpatterns = [
    path("entries/<str:token>/", views.entry_detail, name="entry_detail"),
    path(SECTION + "enter/", views.entry_create, name="entry_create"),
    path(SECTION + "entries/", views.entry_list, name="entry_list"),
    path(SECTION + "entries/manage/", views.entry_manage, name="entry_manage"),
    path(SECTION + "entries/settings/", views.entry_settings, name="entry_settings"),
    path(SECTION + "entries/refuse/", views.entry_refuse, name="entry_refuse"),
    path(SECTION + "entries.csv", views.entry_csv, name="entry_csv"),
    path("events/<slug:event_slug>/check-in/", check_ins.self_check_in, name="self_check_in"),
    path(SECTION + "check-in/", check_ins.check_in_list, name="check_in_list"),
    path(SECTION + "check-in/settings/", check_ins.check_in_settings, name="check_in_settings"),
    path(PLAYER + "check-in/", check_ins.check_in_mark, name="check_in_mark"),
    path(SECTION + "players/bulk/", check_ins.players_bulk, name="players_bulk"),
]
