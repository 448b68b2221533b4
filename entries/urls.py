from django.urls import path

from entries import views

SECTION = "events/<slug:event_slug>/<slug:section_slug>/"

urlpatterns = [
    path("entries/<str:token>/", views.entry_detail, name="entry_detail"),
    path(SECTION + "enter/", views.entry_create, name="entry_create"),
    path(SECTION + "entries/", views.entry_list, name="entry_list"),
    path(SECTION + "entries/manage/", views.entry_manage, name="entry_manage"),
    path(SECTION + "entries/settings/", views.entry_settings, name="entry_settings"),
    path(SECTION + "entries/refuse/", views.entry_refuse, name="entry_refuse"),
    path(SECTION + "entries.csv", views.entry_csv, name="entry_csv"),
]
